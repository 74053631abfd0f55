package dev.arbor.animation;

import java.util.Arrays;

/**
 * A list of what a {@link Playback} fired, in firing order, that the caller drains: pass it to
 * {@link Playback#advance}, read {@link #size()} and each entry's {@link #kind(int)} (a marker's {@link #name(int)}
 * and {@link #time(int)}, a loop's or an end's {@link #clip(int)}, a loop's {@link #loops(int)}, a graph state's
 * {@link #machine(int)} and {@link #stateName(int)}), then
 * {@link #clear()}. Allocation-free once it has held as many entries as a frame fires.
 */
public final class FiredEvents implements AnimationEventListener {
    /** What an entry records. */
    public enum Kind {
        /** A marker passed ({@link AnimationEventListener#onEvent}). */
        MARKER,
        /** A clip wrapped or turned round ({@link AnimationEventListener#onLoop}). */
        LOOP,
        /** A clip ended ({@link AnimationEventListener#onEnd}). */
        END,
        /** A graph's state was entered ({@link AnimationEventListener#onStateEnter}). */
        ENTER,
        /** A graph's state was left ({@link AnimationEventListener#onStateExit}). */
        EXIT
    }

    private static final Kind[] KINDS = Kind.values();

    private AnimationEvents[] sources = new AnimationEvents[8];
    private AnimationClip[] clips = new AnimationClip[8];
    private AnimationGraph.StateMachine[] machines = new AnimationGraph.StateMachine[8];
    /** A marker's index, a loop's count, or a state's index. */
    private int[] indices = new int[8];
    private byte[] kinds = new byte[8];
    private int count;

    @Override
    public void onEvent(AnimationEvents events, int index) {
        add(Kind.MARKER, events, null, index);
    }

    @Override
    public void onLoop(AnimationClip clip, int loops) {
        add(Kind.LOOP, null, clip, loops);
    }

    @Override
    public void onEnd(AnimationClip clip) {
        add(Kind.END, null, clip, 0);
    }

    @Override
    public void onStateEnter(AnimationGraph.StateMachine machine, int state) {
        add(Kind.ENTER, null, null, state);
        machines[count - 1] = machine;
    }

    @Override
    public void onStateExit(AnimationGraph.StateMachine machine, int state) {
        add(Kind.EXIT, null, null, state);
        machines[count - 1] = machine;
    }

    private void add(Kind kind, AnimationEvents events, AnimationClip clip, int index) {
        if (count == indices.length) {
            sources = Arrays.copyOf(sources, count * 2);
            clips = Arrays.copyOf(clips, count * 2);
            machines = Arrays.copyOf(machines, count * 2);
            indices = Arrays.copyOf(indices, count * 2);
            kinds = Arrays.copyOf(kinds, count * 2);
        }
        sources[count] = events;
        clips[count] = clip;
        kinds[count] = (byte) kind.ordinal();
        indices[count++] = index;
    }

    /** @return the number of entries fired since the last {@link #clear()} */
    public int size() {
        return count;
    }

    /**
     * @param k position in firing order
     * @return what the entry records
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     */
    public Kind kind(int k) {
        return KINDS[kinds[check(k)]];
    }

    /** Whether entry {@code k} (in range) is a marker. */
    private boolean isMarker(int k) {
        return kinds[k] == Kind.MARKER.ordinal();
    }

    /**
     * @param k position in firing order of a {@link Kind#MARKER} entry
     * @return the marker's name
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     * @throws IllegalStateException if the entry is not a marker
     */
    public String name(int k) {
        return sources[marker(k)].name(indices[k]);
    }

    /**
     * @param k position in firing order of a {@link Kind#MARKER} entry
     * @return the marker's time on its clip
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     * @throws IllegalStateException if the entry is not a marker
     */
    public float time(int k) {
        return sources[marker(k)].time(indices[k]);
    }

    /**
     * @param k position in firing order of a {@link Kind#MARKER} entry
     * @return the markers the fired one belongs to
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     * @throws IllegalStateException if the entry is not a marker
     */
    public AnimationEvents events(int k) {
        return sources[marker(k)];
    }

    /**
     * @param k position in firing order of a {@link Kind#LOOP} or {@link Kind#END} entry
     * @return the clip that looped or ended
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     * @throws IllegalStateException if the entry is a marker
     */
    public AnimationClip clip(int k) {
        if (isMarker(check(k)) || isState(k)) {
            throw new IllegalStateException("fired entry is not a loop or an end: k=" + k + ", kind=" + kind(k));
        }
        return clips[k];
    }

    /**
     * @param k position in firing order of a {@link Kind#LOOP} entry
     * @return the number of turns the clip wrapped or turned round in that advance, ≥ 1
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     * @throws IllegalStateException if the entry is not a loop
     */
    public int loops(int k) {
        if (kinds[check(k)] != Kind.LOOP.ordinal()) {
            throw new IllegalStateException("fired entry is not a loop: k=" + k + ", kind=" + kind(k));
        }
        return indices[k];
    }

    /**
     * @param k position in firing order of a {@link Kind#ENTER} or {@link Kind#EXIT} entry
     * @return the state machine whose state was entered or left
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     * @throws IllegalStateException if the entry is not an enter or an exit
     */
    public AnimationGraph.StateMachine machine(int k) {
        return machines[state(k)];
    }

    /**
     * @param k position in firing order of a {@link Kind#ENTER} or {@link Kind#EXIT} entry
     * @return the name of the state entered or left
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     * @throws IllegalStateException if the entry is not an enter or an exit
     */
    public String stateName(int k) {
        return machines[state(k)].states().get(indices[k]).name();
    }

    private boolean isState(int k) {
        return kinds[k] == Kind.ENTER.ordinal() || kinds[k] == Kind.EXIT.ordinal();
    }

    private int state(int k) {
        if (!isState(check(k))) {
            throw new IllegalStateException("fired entry is not a state's enter or exit: k=" + k + ", kind="
                    + kind(k));
        }
        return k;
    }

    /** Forgets every entry. */
    public void clear() {
        Arrays.fill(sources, 0, count, null);
        Arrays.fill(clips, 0, count, null);
        Arrays.fill(machines, 0, count, null);
        count = 0;
    }

    private int marker(int k) {
        if (!isMarker(check(k))) {
            throw new IllegalStateException("fired entry is not a marker: k=" + k + ", kind=" + kind(k));
        }
        return k;
    }

    private int check(int k) {
        if (k < 0 || k >= count) {
            throw new IndexOutOfBoundsException("fired event index out of range: k=" + k + ", size=" + count);
        }
        return k;
    }
}
