package dev.arbor.animation;

import java.util.Objects;

/**
 * Plays clips for one animated instance: a clip at a speed (negative plays backwards) that loops, holds at its ends
 * or goes back and forth ({@link PlaybackMode}); a cross-fade from one clip to the next over a duration; and the
 * clips' {@link AnimationEvents}, each fired exactly once every time playback passes it. {@link #advance} moves the
 * time and fires the markers passed; {@link #sample} writes the pose (the two clips blended while a cross-fade
 * runs). Allocation-free after construction (but for the queue, which grows when it holds more clips than it has
 * before); not thread-safe (one playback per instance).
 *
 * <p>When a marker fires: playback keeps an unwrapped position that only moves by {@link #advance}; a loop repeats
 * every marker once per turn of the clip, a back-and-forth once on each way (a marker at either end once per turn
 * there). An advance fires the markers after the old position up to and including the new one, in the order passed;
 * the first advance after {@link #play}, {@link #crossFade} or {@link #seek} also fires those at the starting
 * position itself (for a loop at time 0, the markers at 0, not those at the end time, which belong to the turn
 * before). {@link #seek} jumps without firing. Under {@link PlaybackMode#CLAMP} playback stops at the clip's
 * ends and fires nothing while it stays there. During a cross-fade both clips advance and fire their markers.
 *
 * <p>Loops and ends: after a clip's markers of an advance, the listener's {@link AnimationEventListener#onLoop} is
 * called once with the number of times the clip wrapped round (LOOP) or turned round (PING_PONG) during that advance
 * (however many), and {@link AnimationEventListener#onEnd} once when a CLAMP clip reaches the end it plays towards
 * (its end time forwards, 0 backwards; again only after it has moved away from that end). A position that reaches a
 * multiple of the clip's length going forwards has wrapped (its time is 0); going backwards, a clip wraps when it
 * leaves time 0.
 *
 * <p>The queue ({@link #queue}): clips to play next, in order. The next one starts when the clip playing now ends:
 * a CLAMP clip at the end it plays towards (at once if it is there already), a LOOP clip at the end of the turn in
 * progress, a PING_PONG clip at its next turn at either end; never while the speed is 0. That end fires the markers
 * up to it and {@link AnimationEventListener#onEnd} (not {@code onLoop}), and the queued clip starts from time 0 at
 * the same speed, by a cross-fade over its fade duration or at once, and plays the rest of the advance, so an advance
 * may pass through several short clips. {@link #play} and {@link #crossFade} leave the queue as it is;
 * {@link #clearQueue} empties it.
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
        /** Whether a CLAMP clip has reported its end and not moved away from it since. */
        boolean ended;
        /** The position of the end at which the queue cuts in ({@link Playback#secondsToEnd}). */
        double cutAt;
        /**
         * Whether a loop was cut at its end by the queue (and plays on if it fades out): then the next advance fires
         * the markers at the starting position of period {@link #continuePeriod} (the turn beyond the cut, which the
         * cut did not pass) instead of the starting position's own period.
         */
        boolean continued;
        long continuePeriod;

        void start(AnimationClip c, AnimationEvents e, PlaybackMode m, double at, double s) {
            clip = c;
            events = e;
            mode = m;
            position = at;
            speed = s;
            fromStart = true;
            ended = false;
            continued = false;
        }
    }

    private Track current = new Track();
    private Track previous = new Track();
    private boolean fading;
    private double fadeElapsed;
    private double fadeDuration;
    /** The queue, a ring of {@link #queued} entries from {@link #head}. */
    private AnimationClip[] queueClips = new AnimationClip[4];
    private AnimationEvents[] queueEvents = new AnimationEvents[4];
    private PlaybackMode[] queueModes = new PlaybackMode[4];
    private float[] queueFades = new float[4];
    private int head;
    private int queued;
    /** Counts the jumps of the clip playing now's position (play, cross-fade, seek, a queued clip's start). */
    private int jumps;

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
        jumps++;
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
        jumps++;
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
        current.ended = false;
        jumps++;
        return this;
    }

    /**
     * Adds a clip to the end of the queue: it starts, from time 0 at the speed playing then, when the clips before it
     * in the queue and the clip playing now have ended (see the class comment). Allocates only when the queue grows
     * past the most clips it has held.
     *
     * @param clip the clip
     * @param events its markers ({@link AnimationEvents#NONE} for none)
     * @param mode its mode
     * @param fadeSeconds the cross-fade from the clip before it, in seconds of playback, ≥ 0 (0: it starts at once)
     * @return this playback
     * @throws IllegalArgumentException if the fade is negative or not finite, or a marker lies past the clip's end
     *     (nothing queued)
     * @throws NullPointerException if an argument is null
     */
    public Playback queue(AnimationClip clip, AnimationEvents events, PlaybackMode mode, float fadeSeconds) {
        Objects.requireNonNull(clip, "clip");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(mode, "mode");
        if (!(fadeSeconds >= 0) || Float.isInfinite(fadeSeconds)) {
            throw new IllegalArgumentException("queued fade out of range: fadeSeconds=" + fadeSeconds
                    + ", allowed=[0, ∞)");
        }
        requireFits(events, clip);
        if (queued == queueClips.length) {
            int n = queued * 2;
            AnimationClip[] clips = new AnimationClip[n];
            AnimationEvents[] markers = new AnimationEvents[n];
            PlaybackMode[] modes = new PlaybackMode[n];
            float[] fades = new float[n];
            for (int k = 0; k < queued; k++) {
                int from = (head + k) % queueClips.length;
                clips[k] = queueClips[from];
                markers[k] = queueEvents[from];
                modes[k] = queueModes[from];
                fades[k] = queueFades[from];
            }
            queueClips = clips;
            queueEvents = markers;
            queueModes = modes;
            queueFades = fades;
            head = 0;
        }
        int at = (head + queued) % queueClips.length;
        queueClips[at] = clip;
        queueEvents[at] = events;
        queueModes[at] = mode;
        queueFades[at] = fadeSeconds;
        queued++;
        return this;
    }

    /** @return the number of clips waiting in the queue */
    public int queued() {
        return queued;
    }

    /**
     * Empties the queue; the clip playing now goes on.
     *
     * @return this playback
     */
    public Playback clearQueue() {
        for (int k = 0; k < queued; k++) {
            int at = (head + k) % queueClips.length;
            queueClips[at] = null;
            queueEvents[at] = null;
        }
        head = 0;
        queued = 0;
        return this;
    }

    /**
     * @return whether the clip playing now is a CLAMP clip that has reached the end it plays towards and reported it
     *     ({@link AnimationEventListener#onEnd}), and stays there
     */
    public boolean ended() {
        return current.ended;
    }

    /**
     * Moves playback on by {@code seconds} of real time (times the speed) and fires, in order, every marker passed,
     * the loops and ends (see the class comment), and starts the queued clips whose turn comes. Allocation-free.
     *
     * @param seconds ≥ 0
     * @param listener receives the markers, loops and ends passed (not null; a no-op lambda ignores them)
     * @throws IllegalArgumentException if {@code seconds} is negative or not finite (nothing changed)
     */
    public void advance(float seconds, AnimationEventListener listener) {
        if (!(seconds >= 0) || Float.isInfinite(seconds)) {
            throw new IllegalArgumentException("advance out of range: seconds=" + seconds + ", allowed=[0, ∞)");
        }
        Objects.requireNonNull(listener, "listener");
        double left = seconds;
        while (true) {
            double segment = left;
            boolean cut = false;
            if (queued > 0) {
                double need = secondsToEnd(current);
                if (need <= left) {
                    segment = need;
                    cut = true;
                }
            }
            if (fading) {
                advance(previous, segment, false, listener);
                fadeElapsed += segment;
                if (fadeElapsed >= fadeDuration) {
                    fading = false;
                }
            }
            advance(current, segment, cut, listener);
            left = Math.max(0, left - segment);
            if (!cut) {
                return;
            }
            startQueued();
        }
    }

    /** Takes the queue's first clip and starts it, by a cross-fade if it has a fade duration. */
    private void startQueued() {
        AnimationClip clip = queueClips[head];
        AnimationEvents events = queueEvents[head];
        PlaybackMode mode = queueModes[head];
        float fade = queueFades[head];
        queueClips[head] = null;
        queueEvents[head] = null;
        head = (head + 1) % queueClips.length;
        queued--;
        if (fade > 0) {
            crossFade(clip, events, mode, fade);
        } else {
            play(clip, events, mode);
        }
    }

    /**
     * The seconds of real time until a track reaches the end at which the queue cuts in (stored in
     * {@link Track#cutAt}): a CLAMP clip's end in its direction, a loop's next wrap, a back-and-forth's next turn;
     * infinite at speed 0.
     */
    private static double secondsToEnd(Track t) {
        double speed = t.speed;
        if (speed == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double end = t.clip.endTime();
        double p = t.position;
        double b;
        if (t.mode == PlaybackMode.CLAMP || !(end > 0)) {
            b = speed > 0 ? end : 0;
        } else if (speed > 0) {
            b = (Math.floor(p / end) + 1) * end;
        } else {
            b = Math.floor(p / end) * end;
        }
        t.cutAt = b;
        return Math.max(0, (b - p) / speed);
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

    /**
     * Counts the jumps of the clip playing now: {@link #play}, {@link #crossFade}, {@link #seek} and a queued clip's
     * start each add one, so that a caller that compares positions across an advance can tell they belong together.
     */
    int jumps() {
        return jumps;
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

    /**
     * Moves a track and fires its markers in (from, to], or [from, to] on its first advance, in the order passed,
     * then its loops and end. A cut advance goes exactly to {@link Track#cutAt}, the end at which the queue takes
     * over: a loop's markers of the turn after it are not passed, and it reports its end, not a loop.
     */
    private static void advance(Track t, double seconds, boolean cut, AnimationEventListener listener) {
        double from = t.position;
        double to = cut ? t.cutAt : from + t.speed * seconds;
        double end = t.clip.endTime();
        boolean cyclic = t.mode != PlaybackMode.CLAMP && end > 0;
        if (!cyclic) {
            to = Math.max(0, Math.min(end, to));
        }
        boolean inclusive = t.fromStart;
        t.fromStart = false;
        t.position = to;
        if (t.events.size() > 0 && (to != from || inclusive)) {
            fireMarkers(t, from, to, end, cyclic, inclusive, cut, listener);
        }
        t.continued = false;
        if (cut && t.mode == PlaybackMode.LOOP && end > 0) {
            // if it plays on (fading out), its next advance passes the markers of the turn beyond the cut at the
            // cut's position: time 0 of the next turn forwards, the end time of the turn before backwards
            long k = Math.round(to / end);
            t.fromStart = true;
            t.continued = true;
            t.continuePeriod = t.speed > 0 ? k : k - 1;
        }
        if (cyclic) {
            boolean forward = to >= from;
            long turns = forward ? (long) (Math.floor(to / end) - Math.floor(from / end))
                    : (long) (Math.floor(from / end) - Math.floor(to / end));
            if (cut && t.speed > 0) {
                turns--; // the end reached is where the queue cuts in, not a wrap
            }
            if (turns > 0) {
                listener.onLoop(t.clip, (int) Math.min(turns, Integer.MAX_VALUE));
            }
            if (cut) {
                listener.onEnd(t.clip);
            }
        } else {
            boolean atEnd = t.speed > 0 ? to == end : t.speed < 0 && to == 0;
            if (!atEnd) {
                t.ended = false;
            } else if (!t.ended) {
                t.ended = true;
                listener.onEnd(t.clip);
            }
        }
    }

    private static void fireMarkers(Track t, double from, double to, double end, boolean cyclic, boolean inclusive,
                                    boolean cut, AnimationEventListener listener) {
        if (!cyclic) {
            fireInPeriod(t, 0, 0, from, to, inclusive, listener);
            return;
        }
        // every period that may hold a position passed, and one more on each side: a loop's marker at the end time
        // lies at the start of the next period; the starting position itself counts only for its own period's
        // markers (so a loop at time 0 does not fire the markers at the end time of the turn before)
        double period = t.mode == PlaybackMode.LOOP ? end : 2 * end;
        long own = t.continued ? t.continuePeriod : (long) Math.floor(from / period);
        long first = (long) Math.floor(Math.min(from, to) / period) - 1;
        long last = (long) Math.floor(Math.max(from, to) / period) + 1;
        boolean forward = to >= from;
        // a loop cut at its end (a multiple of the period) passes no marker of the turn beyond: forwards those at
        // time 0 of the next turn, backwards those at the end time of the turn before
        boolean trim = cut && t.mode == PlaybackMode.LOOP;
        for (long s = 0; s <= last - first; s++) {
            long k = forward ? first + s : last - s;
            double base = k * period;
            if (trim && (t.speed > 0 ? base >= to : base < to)) {
                continue;
            }
            fireInPeriod(t, base, end, from, to, inclusive && k == own, listener);
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
