package dev.arbor.animation;

import java.util.Arrays;

/**
 * A list of fired markers that the caller drains: pass it to {@link Playback#advance}, read {@link #size()},
 * {@link #name(int)} and {@link #time(int)}, then {@link #clear()}. Allocation-free once it has held as many markers
 * as a frame fires.
 */
public final class FiredEvents implements AnimationEventListener {
    private AnimationEvents[] sources = new AnimationEvents[8];
    private int[] indices = new int[8];
    private int count;

    @Override
    public void onEvent(AnimationEvents events, int index) {
        if (count == indices.length) {
            sources = Arrays.copyOf(sources, count * 2);
            indices = Arrays.copyOf(indices, count * 2);
        }
        sources[count] = events;
        indices[count++] = index;
    }

    /** @return the number of markers fired since the last {@link #clear()} */
    public int size() {
        return count;
    }

    /**
     * @param k position in firing order
     * @return the marker's name
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     */
    public String name(int k) {
        return sources[check(k)].name(indices[k]);
    }

    /**
     * @param k position in firing order
     * @return the marker's time on its clip
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     */
    public float time(int k) {
        return sources[check(k)].time(indices[k]);
    }

    /**
     * @param k position in firing order
     * @return the markers the fired one belongs to
     * @throws IndexOutOfBoundsException if {@code k} is not below {@link #size()}
     */
    public AnimationEvents events(int k) {
        return sources[check(k)];
    }

    /** Forgets every fired marker. */
    public void clear() {
        Arrays.fill(sources, 0, count, null);
        count = 0;
    }

    private int check(int k) {
        if (k < 0 || k >= count) {
            throw new IndexOutOfBoundsException("fired event index out of range: k=" + k + ", size=" + count);
        }
        return k;
    }
}
