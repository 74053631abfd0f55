package dev.arbor.animation;

import dev.arbor.animation.AnimationGraph.Test;
import dev.arbor.hierarchy.Hierarchy;

/**
 * Clips and graphs built in code for the graph tests, on a two-target character:
 * <pre>
 *   0 root ─ 1 spine
 * </pre>
 * Each moving clip slides the root along x at a fixed speed (so a sample's x is a time or a distance that can be
 * worked out by hand) and turns the spine about z.
 */
final class GraphClips {
    static final int TARGETS = 2;

    private GraphClips() {
    }

    /** The root's x goes from 0 to {@code speed × length} over {@code length} seconds; the spine turns 0 to 90°. */
    static AnimationClip ramp(String name, float length, float speed) {
        float s = (float) Math.sin(Math.PI / 4);
        return AnimationClip.builder(name)
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, length},
                        new float[] {0, 0, 0, speed * length, 0, 0})
                .addChannel(1, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, length},
                        new float[] {0, 0, 0, 1, 0, 0, s, s})
                .build();
    }

    /** The root held at x. */
    static AnimationClip hold(String name, float x) {
        return AnimationClip.builder(name)
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.STEP, new float[] {0}, new float[] {x, 0, 0})
                .build();
    }

    static Pose rest() {
        return new Pose(TARGETS);
    }

    /** idle (held at x = 10), walk 1 s at 1 m/s, run 0.6 s at 1 m/s, jump 0.5 s once. */
    static final AnimationClip IDLE = hold("idle", 10);
    static final AnimationClip WALK = ramp("walk", 1f, 1f);
    static final AnimationClip RUN = ramp("run", 0.6f, 1f);
    static final AnimationClip JUMP = ramp("jump", 0.5f, 2f);

    /**
     * The locomotion machine of the tests:
     * <pre>
     *   idle ──speed &gt; 0.5, 0.25 s, interruptible──► move (walk@1, run@3 by speed)
     *   move ──speed &lt; 0.5, 0.25 s──► idle
     *   any  ──jump triggered, 0.125 s──► jump (once, 0.5 s)
     *   jump ──exit time 1, 0.25 s──► idle
     * </pre>
     */
    static AnimationGraph locomotion() {
        AnimationGraphBuilder g = AnimationGraph.builder()
                .floatParameter("speed", 0)
                .trigger("jump")
                .clip("idle", IDLE)
                .clip(new AnimationGraph.ClipMotion("jump", JUMP, AnimationEvents.NONE, false, 1f));
        g.blendSpace1D("loco", "speed").point(1, WALK).point(3, RUN);
        AnimationGraphBuilder.Machine m = g.machine("main").state("idle", "idle").state("move", "loco")
                .state("jump", "jump");
        m.transition("idle", "move").when("speed", Test.GREATER, 0.5f).duration(0.25f).interruptible();
        m.transition("move", "idle").when("speed", Test.LESS, 0.5f).duration(0.25f);
        m.transition(AnimationGraph.ANY_STATE, "jump").when("jump", Test.TRIGGERED).duration(0.125f);
        m.transition("jump", "idle").exitTime(1f).duration(0.25f);
        return g.root("main").build();
    }

    /** A character's nodes: one root, the two targets under it. */
    static long[] character(Hierarchy h) {
        long carrier = h.createRoot();
        long root = h.createChild(carrier);
        long spine = h.createChild(root);
        h.setLocalTranslation(spine, 0, 1, 0);
        return new long[] {root, spine};
    }
}
