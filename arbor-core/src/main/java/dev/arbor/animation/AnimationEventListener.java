package dev.arbor.animation;

/**
 * Receives the markers a {@link Playback} passes, in the order it passes them. Called during
 * {@link Playback#advance}; must not change that playback. {@link FiredEvents} is a listener that keeps them for the
 * caller to read afterwards.
 */
@FunctionalInterface
public interface AnimationEventListener {
    /**
     * One marker passed.
     *
     * @param events the markers of the clip that played it
     * @param index the marker's index in {@code events}
     */
    void onEvent(AnimationEvents events, int index);
}
