package dev.arbor.animation;

/**
 * Receives what a {@link Playback} passes during {@link Playback#advance}, in the order it passes it: the clips'
 * markers ({@link #onEvent}), and, when a clip wraps round or ends, {@link #onLoop} and {@link #onEnd} (which do
 * nothing unless overridden, so a lambda {@code (events, index) -> …} takes the markers alone), and what a
 * {@link GraphPlayer} passes: the same, and its state machines' {@link #onStateEnter} and {@link #onStateExit}. Must not
 * change that playback or player. {@link FiredEvents} is a listener that keeps all three for the caller to read afterwards.
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

    /**
     * A {@link PlaybackMode#LOOP} clip wrapped round from one end to the other, or a {@link PlaybackMode#PING_PONG}
     * clip turned round at an end, {@code count} times during one advance: called at most once per clip and advance,
     * after that clip's markers, however many turns the advance crossed. Not called for the end at which a queued
     * clip takes over ({@link #onEnd} is). Does nothing unless overridden.
     *
     * @param clip the clip
     * @param count the turns crossed, ≥ 1
     */
    default void onLoop(AnimationClip clip, int count) {
    }

    /**
     * A clip ended: a {@link PlaybackMode#CLAMP} clip reached the end it plays towards (its end time forwards, 0
     * backwards), once until it moves away from it again; or any clip reached the end at which the next queued clip
     * takes over ({@link Playback#queue}). Called after that clip's markers. Does nothing unless overridden.
     *
     * @param clip the clip
     */
    default void onEnd(AnimationClip clip) {
    }

    /**
     * A state of a graph's state machine was entered: a transition into it started (a cross-fade's first frame), or
     * the machine started in it. Called by {@link GraphPlayer#advance}, after the markers of that advance. Does
     * nothing unless overridden.
     *
     * @param machine the machine
     * @param state the state's index in {@code machine.states()}
     */
    default void onStateEnter(AnimationGraph.StateMachine machine, int state) {
    }

    /**
     * A state of a graph's state machine was left: the transition away from it ended (its weight reached 0). Called by
     * {@link GraphPlayer#advance}. Does nothing unless overridden.
     *
     * @param machine the machine
     * @param state the state's index in {@code machine.states()}
     */
    default void onStateExit(AnimationGraph.StateMachine machine, int state) {
    }
}
