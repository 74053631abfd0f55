package dev.arbor.bench.animation;

/**
 * The parameters of the graph crowd ({@link GraphBench}), the same for every implementation: instance {@code i}'s
 * speed follows a slow wave of its own between 0.1 and 3.9 (so two of the three clips of the blend space are always
 * playing), and once every {@link #PERIOD} frames, at its own frame, it turns to the other of two states playing the
 * blend space, with a cross-fade of {@link #FADE} s: at any frame {@code FADE × 60 / PERIOD} = 10% of the crowd is in
 * a transition.
 */
final class GraphScript {
    /** Frames between two turns of one instance. */
    static final int PERIOD = 60;
    /** Seconds of a turn's cross-fade: 6 frames of 1/60 s. */
    static final float FADE = 0.1f;
    /** Where the three clips lie on the speed axis: idle, walk, run, evenly spaced as jME's linear blend space puts them. */
    static final float[] POSITIONS = {0, 2, 4};

    private GraphScript() {
    }

    /** @return instance {@code i}'s speed at frame {@code frame} */
    static float speed(int instance, long frame) {
        double phase = (instance * 0.618034) % 1.0 * 2 * Math.PI;
        return (float) (2 + 1.9 * Math.sin(frame / 240.0 + phase));
    }

    /** @return whether instance {@code i} turns at frame {@code frame} */
    static boolean turns(int instance, long frame) {
        return (frame + instance) % PERIOD == 0;
    }
}
