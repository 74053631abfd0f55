package dev.arbor.animation;

/** What a {@link Playback} does at the ends of its clip. */
public enum PlaybackMode {
    /** Starts again from the other end: time 0 follows the end time going forwards, and the reverse backwards. */
    LOOP,
    /** Stops at the end reached and stays there (until the speed turns round or playback seeks). */
    CLAMP,
    /** Turns round at each end: forwards to the end time, backwards to 0, and so on. */
    PING_PONG;

    /**
     * The clip time of a playback position (seconds along playback, unwrapped) in this mode, for a clip of
     * {@code length} seconds: wrapped into it (loop), clamped to it, or folded back and forth; 0 for a clip of no
     * length.
     */
    double timeAt(double position, double length) {
        if (!(length > 0)) {
            return 0;
        }
        switch (this) {
            case LOOP:
                return position - Math.floor(position / length) * length;
            case PING_PONG:
                double r = position - Math.floor(position / (2 * length)) * (2 * length);
                return r <= length ? r : 2 * length - r;
            default:
                return Math.max(0, Math.min(length, position));
        }
    }
}
