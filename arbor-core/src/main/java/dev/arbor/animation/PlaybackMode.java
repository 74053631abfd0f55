package dev.arbor.animation;

/** What a {@link Playback} does at the ends of its clip. */
public enum PlaybackMode {
    /** Starts again from the other end: time 0 follows the end time going forwards, and the reverse backwards. */
    LOOP,
    /** Stops at the end reached and stays there (until the speed turns round or playback seeks). */
    CLAMP,
    /** Turns round at each end: forwards to the end time, backwards to 0, and so on. */
    PING_PONG
}
