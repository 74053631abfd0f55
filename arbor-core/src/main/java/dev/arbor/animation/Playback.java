package dev.arbor.animation;

import java.util.Objects;

/**
 * Plays clips for one animated instance: a clip at a speed (negative plays backwards) that loops, holds at its ends
 * or goes back and forth ({@link PlaybackMode}); a cross-fade from one clip to the next over a duration; and the
 * clips' {@link AnimationEvents}, each fired exactly once every time playback passes it. {@link #advance} moves the
 * time and fires the markers passed; {@link #sample} writes the pose (the two clips blended while a cross-fade
 * runs). Allocation-free after construction; not thread-safe (one playback per instance).
 *
 * <p>When a marker fires: playback keeps an unwrapped position that only moves by {@link #advance}; a loop repeats
 * every marker once per turn of the clip, a back-and-forth once on each way (a marker at either end once per turn
 * there). An advance fires the markers after the old position up to and including the new one, in the order passed;
 * the first advance after {@link #play}, {@link #crossFade} or {@link #seek} also fires those at the starting
 * position itself (for a loop at time 0, the markers at 0, not those at the end time, which belong to the turn
 * before). {@link #seek} jumps without firing. Under {@link PlaybackMode#CLAMP} playback stops at the clip's
 * ends and fires nothing while it stays there. During a cross-fade both clips advance and fire their markers.
 */
public final class Playback {
    /** One clip playing: where, how fast, and its markers. */
    private static final class Track {
        AnimationClip clip;
        AnimationEvents events = AnimationEvents.NONE;
        PlaybackMode mode = PlaybackMode.LOOP;
        /** The position along playback in seconds, unwrapped (LOOP, PING_PONG) or within [0, end] (CLAMP). */
        double position;
        double speed = 1;
        /** Whether the next advance fires the markers at the starting position too. */
        boolean fromStart = true;

        void start(AnimationClip c, AnimationEvents e, PlaybackMode m, double at, double s) {
            clip = c;
            events = e;
            mode = m;
            position = at;
            speed = s;
            fromStart = true;
        }
    }

    private Track current = new Track();
    private Track previous = new Track();
    private boolean fading;
    private double fadeElapsed;
    private double fadeDuration;

    /**
     * Starts playing a clip in a mode, at time 0 and speed 1.
     *
     * @param clip the clip
     * @param mode loop, clamp or back and forth
     */
    public Playback(AnimationClip clip, PlaybackMode mode) {
        play(clip, AnimationEvents.NONE, mode);
    }

    /**
     * Plays a clip from time 0, ending any cross-fade; the speed stays as it was.
     *
     * @param clip the clip
     * @param events its markers ({@link AnimationEvents#NONE} for none)
     * @param mode loop, clamp or back and forth
     * @return this playback
     * @throws IllegalArgumentException if a marker lies past the clip's end (nothing changed)
     * @throws NullPointerException if an argument is null
     */
    public Playback play(AnimationClip clip, AnimationEvents events, PlaybackMode mode) {
        Objects.requireNonNull(clip, "clip");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(mode, "mode");
        requireFits(events, clip);
        current.start(clip, events, mode, 0, current.speed);
        fading = false;
        return this;
    }

    /**
     * Starts the next clip at time 0 and blends from the clip playing now to it over {@code duration} seconds of
     * playback; the clip playing now goes on at its speed and fires its markers until the fade ends. A duration of 0
     * is {@link #play}.
     *
     * @param clip the next clip
     * @param events its markers
     * @param mode its mode
     * @param duration seconds, ≥ 0
     * @return this playback
     * @throws IllegalArgumentException if the duration is negative or not finite, or a marker lies past the clip's
     *     end (nothing changed)
     * @throws NullPointerException if an argument is null
     */
    public Playback crossFade(AnimationClip clip, AnimationEvents events, PlaybackMode mode, float duration) {
        Objects.requireNonNull(clip, "clip");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(mode, "mode");
        if (!(duration >= 0) || Float.isInfinite(duration)) {
            throw new IllegalArgumentException("cross-fade duration out of range: duration=" + duration
                    + ", allowed=[0, ∞)");
        }
        requireFits(events, clip);
        if (duration == 0) {
            return play(clip, events, mode);
        }
        Track out = current;
        current = previous;
        previous = out;
        current.start(clip, events, mode, 0, out.speed);
        fading = true;
        fadeElapsed = 0;
        fadeDuration = duration;
        return this;
    }

    /**
     * Sets the playback speed of the clip playing now: 1 real time, 0.5 half speed, negative backwards.
     *
     * @param speed finite
     * @return this playback
     * @throws IllegalArgumentException if {@code speed} is not finite (nothing changed)
     */
    public Playback speed(float speed) {
        if (!Float.isFinite(speed)) {
            throw new IllegalArgumentException("speed is not finite: speed=" + speed);
        }
        current.speed = speed;
        return this;
    }

    /** @return the speed of the clip playing now */
    public float speed() {
        return (float) current.speed;
    }

    /**
     * Jumps to a time on the clip playing now, firing nothing; the next advance fires the markers there too.
     *
     * @param time seconds, from 0 to the clip's end time
     * @return this playback
     * @throws IllegalArgumentException if the time is outside the clip (nothing changed)
     */
    public Playback seek(float time) {
        float end = current.clip.endTime();
        if (!(time >= 0 && time <= end)) {
            throw new IllegalArgumentException("seek time outside the clip: time=" + time + ", allowed=[0, " + end
                    + "]");
        }
        current.position = time;
        current.fromStart = true;
        return this;
    }

    /**
     * Moves playback on by {@code seconds} of real time (times the speed) and fires, in order, every marker passed.
     *
     * @param seconds ≥ 0
     * @param listener receives the markers passed (not null; a no-op lambda ignores them)
     * @throws IllegalArgumentException if {@code seconds} is negative or not finite (nothing changed)
     */
    public void advance(float seconds, AnimationEventListener listener) {
        if (!(seconds >= 0) || Float.isInfinite(seconds)) {
            throw new IllegalArgumentException("advance out of range: seconds=" + seconds + ", allowed=[0, ∞)");
        }
        Objects.requireNonNull(listener, "listener");
        if (fading) {
            advance(previous, seconds, listener);
        }
        advance(current, seconds, listener);
        if (fading) {
            fadeElapsed += seconds;
            if (fadeElapsed >= fadeDuration) {
                fading = false;
            }
        }
    }

    /** @return the clip playing now (the one faded to) */
    public AnimationClip clip() {
        return current.clip;
    }

    /** @return the time on the clip playing now, in seconds, within [0, its end time] */
    public float time() {
        return clipTime(current);
    }

    /** @return {@link #time()} divided by the clip's end time (0 for a clip of no length) */
    public float normalizedTime() {
        float end = current.clip.endTime();
        return end > 0 ? clipTime(current) / end : 0;
    }

    /**
     * The playback position of the clip playing now, in seconds, before it is wrapped into the clip: it keeps growing
     * past the end time on a loop (and shrinking below 0 backwards) and turns into time with the mode. What
     * {@link RootMotion#delta} takes.
     *
     * @return the position
     */
    public double position() {
        return current.position;
    }

    /** @return the mode of the clip playing now */
    public PlaybackMode mode() {
        return current.mode;
    }

    /** @return whether a cross-fade is running */
    public boolean fading() {
        return fading;
    }

    /** @return the weight of the clip playing now in the blend: 1 outside a cross-fade, rising from 0 during one */
    public float weight() {
        return fading ? (float) (fadeElapsed / fadeDuration) : 1f;
    }

    /**
     * Writes the pose at the current time: {@code rest}, then the clip playing now sampled over it; during a
     * cross-fade also the clip faded from, sampled over {@code rest} into {@code scratch}, and the two blended by
     * {@link #weight()}.
     *
     * @param rest the rest pose of the clips' targets
     * @param dest receives the pose
     * @param scratch another pose of the same size, overwritten during a cross-fade
     * @throws IllegalArgumentException if the poses differ in size or are smaller than a clip's targets
     */
    public void sample(Pose rest, Pose dest, Pose scratch) {
        dest.copyFrom(rest);
        current.clip.sample(clipTime(current), WrapMode.CLAMP, dest);
        if (fading) {
            scratch.copyFrom(rest);
            previous.clip.sample(clipTime(previous), WrapMode.CLAMP, scratch);
            dest.blend(scratch, dest, weight());
        }
    }

    /**
     * Writes the morph-target weights at the current time, as {@link #sample} writes the pose: {@code rest}, then the
     * weights channels of the clip playing now over it; during a cross-fade those of the clip faded from, over
     * {@code rest} into {@code scratch}, blended by {@link #weight()}. Allocation-free.
     *
     * @param rest the rest (default) weights of the morphed nodes
     * @param dest receives the weights
     * @param scratch another holder of the same layout, overwritten during a cross-fade
     * @throws IllegalArgumentException if the layouts differ or do not fit a clip's weights channels
     */
    public void sampleWeights(MorphWeights rest, MorphWeights dest, MorphWeights scratch) {
        dest.copyFrom(rest);
        current.clip.sampleWeights(clipTime(current), WrapMode.CLAMP, dest);
        if (fading) {
            scratch.copyFrom(rest);
            previous.clip.sampleWeights(clipTime(previous), WrapMode.CLAMP, scratch);
            dest.blend(scratch, dest, weight());
        }
    }

    // ---- time and markers ----

    private static void requireFits(AnimationEvents events, AnimationClip clip) {
        int n = events.size();
        if (n > 0 && events.time(n - 1) > clip.endTime()) {
            throw new IllegalArgumentException("event time outside the clip " + clip.name() + ": "
                    + events.name(n - 1) + " at time=" + events.time(n - 1) + ", allowed=[0, " + clip.endTime() + "]");
        }
    }

    /** The clip time of a track's position. */
    private static float clipTime(Track t) {
        double end = t.clip.endTime();
        if (!(end > 0)) {
            return 0;
        }
        float f = (float) t.mode.timeAt(t.position, end);
        return t.mode == PlaybackMode.LOOP && f >= end ? Math.nextDown((float) end) : Math.min(f, (float) end);
    }

    /** Moves a track and fires its markers in (from, to], or [from, to] on its first advance, in the order passed. */
    private static void advance(Track t, float seconds, AnimationEventListener listener) {
        double from = t.position;
        double to = from + t.speed * seconds;
        double end = t.clip.endTime();
        boolean cyclic = t.mode != PlaybackMode.CLAMP && end > 0;
        if (!cyclic) {
            to = Math.max(0, Math.min(end, to));
        }
        boolean inclusive = t.fromStart;
        t.fromStart = false;
        t.position = to;
        if (t.events.size() == 0 || to == from && !inclusive) {
            return;
        }
        if (!cyclic) {
            fireInPeriod(t, 0, 0, from, to, inclusive, listener);
            return;
        }
        // every period that may hold a position passed, and one more on each side: a loop's marker at the end time
        // lies at the start of the next period; the starting position itself counts only for its own period's
        // markers (so a loop at time 0 does not fire the markers at the end time of the turn before)
        double period = t.mode == PlaybackMode.LOOP ? end : 2 * end;
        long own = (long) Math.floor(from / period);
        long first = (long) Math.floor(Math.min(from, to) / period) - 1;
        long last = (long) Math.floor(Math.max(from, to) / period) + 1;
        boolean forward = to >= from;
        for (long s = 0; s <= last - first; s++) {
            long k = forward ? first + s : last - s;
            fireInPeriod(t, k * period, end, from, to, inclusive && k == own, listener);
        }
    }

    /**
     * Fires the markers whose positions in the period starting at {@code base} lie between {@code from} (excluded
     * unless {@code inclusive}) and {@code to} (included), in the direction of travel. A period holds each marker
     * once (LOOP, CLAMP: position {@code base + time}), or twice for back and forth: on the way out at
     * {@code base + time} and on the way back at {@code base + 2 × end − time}, once for a marker at either end.
     */
    private static void fireInPeriod(Track t, double base, double end, double from, double to, boolean inclusive,
                                     AnimationEventListener listener) {
        AnimationEvents events = t.events;
        int n = events.size();
        int length = t.mode == PlaybackMode.PING_PONG ? 2 * n : n;
        boolean forward = to >= from;
        for (int s = 0; s < length; s++) {
            int j = forward ? s : length - 1 - s;
            int index;
            double at;
            if (j < n) {
                index = j;
                at = base + events.time(j);
            } else {
                index = 2 * n - 1 - j;
                double time = events.time(index);
                if (time <= 0 || time >= end) {
                    continue; // an end of the back-and-forth: passed once, on the way out
                }
                at = base + 2 * end - time;
            }
            boolean passed = forward
                    ? (at > from || inclusive && at == from) && at <= to
                    : (at < from || inclusive && at == from) && at >= to;
            if (passed) {
                listener.onEvent(events, index);
            }
        }
    }
}
