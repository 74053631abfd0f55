package dev.arbor.animation;

import static dev.arbor.animation.GraphClips.IDLE;
import static dev.arbor.animation.GraphClips.JUMP;
import static dev.arbor.animation.GraphClips.RUN;
import static dev.arbor.animation.GraphClips.WALK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Blend spaces' weights and synchronised times, and state machines on scripted parameter timelines. */
class GraphPlayerTest {
    private static final float FRAME = 1f / 16; // exact in binary, so fades end on known frames

    private static AnimationGraph space(AnimationEvents walkSteps, AnimationEvents runSteps, boolean rootMotion) {
        AnimationGraphBuilder g = AnimationGraph.builder().floatParameter("speed", 0);
        g.blendSpace1D("loco", "speed").point(0, IDLE).point(1.5f, 0, WALK, walkSteps).point(4, 0, RUN, runSteps);
        if (rootMotion) {
            g.rootMotion(0, false);
        }
        return g.build();
    }

    @Test
    void oneDimensionalWeightsBlendTheTwoNeighbours() {
        float[] positions = {0, 1.5f, 4};
        float[] w = new float[3];
        BlendWeights.oneD(positions, 2.125f, w); // a quarter of the way from 1.5 to 4
        assertThat(w).containsExactly(0f, 0.75f, 0.25f);
        BlendWeights.oneD(positions, 0.75f, w);
        assertThat(w).containsExactly(0.5f, 0.5f, 0f);
        BlendWeights.oneD(positions, -3, w);
        assertThat(w).containsExactly(1f, 0f, 0f);
        BlendWeights.oneD(positions, 9, w);
        assertThat(w).containsExactly(0f, 0f, 1f);
        BlendWeights.oneD(positions, 1.5f, w);
        assertThat(w).containsExactly(0f, 1f, 0f);
    }

    @Test
    void gradientBandWeightsMatchHandValues() {
        // points (0,0), (1,0), (0,1); at (0.25, 0.25):
        // h0 = min(1 - 0.25, 1 - 0.25) = 0.75; h1 = min(1 - 0.75, 1 - 1/2) = 0.25; h2 = 0.25 likewise; sum 1.25
        float[] xs = {0, 1, 0};
        float[] ys = {0, 0, 1};
        float[] w = new float[3];
        BlendWeights.gradientBand(xs, ys, 0.25f, 0.25f, w);
        assertThat(w[0]).isCloseTo(0.6f, offset(1e-7f));
        assertThat(w[1]).isCloseTo(0.2f, offset(1e-7f));
        assertThat(w[2]).isCloseTo(0.2f, offset(1e-7f));
        BlendWeights.gradientBand(xs, ys, 1, 0, w);
        assertThat(w).containsExactly(0f, 1f, 0f);
    }

    @Test
    void gradientBandWeightsSumToOneAndAreContinuous() {
        java.util.Random random = new java.util.Random(46);
        for (int round = 0; round < 50; round++) {
            int n = 2 + random.nextInt(6);
            float[] xs = new float[n];
            float[] ys = new float[n];
            for (int k = 0; k < n; k++) {
                xs[k] = random.nextInt(9) - 4; // on a grid: collinear and repeated rows happen
                ys[k] = k == 0 ? random.nextInt(9) - 4 : ys[k - 1] + 1 + random.nextInt(2);
            }
            float[] w = new float[n];
            float[] near = new float[n];
            for (int probe = 0; probe < 200; probe++) {
                float x = random.nextFloat() * 16 - 8;
                float y = random.nextFloat() * 16 - 8;
                BlendWeights.gradientBand(xs, ys, x, y, w);
                double sum = 0;
                for (float v : w) {
                    assertThat(v).isBetween(0f, 1f);
                    sum += v;
                }
                assertThat(sum).isCloseTo(1, offset(1e-6));
                // a step of 1e-4 moves no weight by more than a bound proportional to it
                BlendWeights.gradientBand(xs, ys, x + 1e-4f, y - 1e-4f, near);
                for (int k = 0; k < n; k++) {
                    assertThat(Math.abs(near[k] - w[k])).as("weight %d near (%f, %f)", k, x, y)
                            .isLessThan(0.05f);
                }
            }
        }
    }

    @Test
    void walkAndRunPlayAtOneNormalisedTime() {
        GraphPlayer player = new GraphPlayer(space(AnimationEvents.NONE, AnimationEvents.NONE, false),
                GraphClips.rest());
        player.set("speed", 2.125f); // walk 0.75, run 0.25: a cycle of 0.75 × 1 + 0.25 × 0.6 = 0.9 s
        player.advance(0.45f);       // half a cycle: walk at 0.5 s, run at 0.3 s
        Pose pose = new Pose(2);
        player.sample(pose);
        float[] t = pose.translation(0, new float[3], 0);
        assertThat(t[0]).isCloseTo(0.75f * 0.5f + 0.25f * 0.3f, offset(1e-6f));
        assertThat(player.sampledClips()).isEqualTo(2);
        player.set("speed", 4f);     // run alone: the idle and walk points are not sampled
        player.advance(0.06f);       // a tenth of run's cycle: phase 0.6
        player.sample(pose);
        assertThat(player.sampledClips()).isEqualTo(1);
        assertThat(pose.translation(0, t, 0)[0]).isCloseTo(0.36f, offset(1e-6f));
    }

    @Test
    void footstepsFireOncePerCycleWhateverTheBlend() {
        AnimationEvents walkSteps = AnimationEvents.builder(WALK).add("left", 0.25f).add("right", 0.75f).build();
        AnimationEvents runSteps = AnimationEvents.builder(RUN).add("left", 0.15f).add("right", 0.45f).build();
        GraphPlayer player = new GraphPlayer(space(walkSteps, runSteps, false), GraphClips.rest());
        double phase = 0;
        int lefts = 0;
        int rights = 0;
        int loops = 0;
        java.util.Random random = new java.util.Random(7);
        for (int frame = 0; frame < 600; frame++) {
            float speed = 1.5f + 2.5f * random.nextFloat(); // between walk and run, leader changing
            player.set("speed", speed);
            player.advance(FRAME);
            float f = (speed - 1.5f) / 2.5f;
            phase += FRAME / ((1 - f) * 1.0 + f * 0.6);
            FiredEvents fired = player.fired();
            for (int k = 0; k < fired.size(); k++) {
                switch (fired.kind(k)) {
                    case MARKER -> {
                        if (fired.name(k).equals("left")) {
                            lefts++;
                        } else {
                            rights++;
                        }
                    }
                    case LOOP -> loops += fired.loops(k);
                    default -> throw new AssertionError(fired.kind(k));
                }
            }
        }
        assertThat(lefts).isEqualTo((int) Math.floor(phase - 0.25) + 1);
        assertThat(rights).isEqualTo((int) Math.floor(phase - 0.75) + 1);
        assertThat(loops).isEqualTo((int) Math.floor(phase));
    }

    @Test
    void rootMotionIsSummedByWeightAndStrippedFromThePose() {
        GraphPlayer player = new GraphPlayer(space(AnimationEvents.NONE, AnimationEvents.NONE, true),
                GraphClips.rest());
        player.set("speed", 2.75f);  // walk 0.5 (1 m/s over 1 s), run 0.5 (1 m/s over 0.6 s): a cycle of 0.8 s
        player.advance(0.1f);        // phase 0.125: walk moves 0.125 m, run 0.075 m
        float[] d = player.rootMotionDelta(new float[4], 0);
        assertThat(d[0]).isCloseTo(0.5f * 0.125f + 0.5f * 0.075f, offset(1e-6f));
        Pose pose = new Pose(2);
        player.sample(pose);
        assertThat(pose.translation(0, new float[3], 0)[0]).isZero();
    }

    private record Fired(int frame, FiredEvents.Kind kind, String what) {
    }

    /** The scripted timeline of {@link GraphClips#locomotion()}: every transition, interruption and event once. */
    @Test
    void machineFollowsAScriptedTimeline() {
        GraphPlayer player = new GraphPlayer(GraphClips.locomotion(), GraphClips.rest());
        List<Fired> fired = new ArrayList<>();
        Pose pose = new Pose(2);
        for (int frame = 0; frame <= 40; frame++) {
            switch (frame) {
                case 3, 30 -> player.set("speed", 2);
                case 10 -> player.trigger("jump");
                case 20, 31 -> player.set("speed", 0);
                default -> {
                }
            }
            player.advance(FRAME);
            FiredEvents f = player.fired();
            for (int k = 0; k < f.size(); k++) {
                FiredEvents.Kind kind = f.kind(k);
                String what = switch (kind) {
                    case ENTER, EXIT -> f.stateName(k);
                    case END, LOOP -> f.clip(k).name();
                    case MARKER -> f.name(k);
                };
                fired.add(new Fired(frame, kind, what));
            }
            if (frame == 31) { // move fading in at 0.25 turned back: idle fades in again from its 0.75
                assertThat(player.state()).isEqualTo("idle");
                player.sample(pose);
                assertThat(pose.translation(0, new float[3], 0)[0]).isEqualTo(10 + (0.0625f - 10) * 0.25f);
            }
        }
        assertThat(fired).containsExactly(
                new Fired(0, FiredEvents.Kind.ENTER, "idle"),
                new Fired(3, FiredEvents.Kind.ENTER, "move"),
                new Fired(7, FiredEvents.Kind.EXIT, "idle"),
                new Fired(10, FiredEvents.Kind.ENTER, "jump"),
                new Fired(12, FiredEvents.Kind.EXIT, "move"),
                new Fired(18, FiredEvents.Kind.END, "jump"),
                new Fired(18, FiredEvents.Kind.ENTER, "idle"),
                new Fired(22, FiredEvents.Kind.EXIT, "jump"),
                new Fired(30, FiredEvents.Kind.ENTER, "move"),
                new Fired(32, FiredEvents.Kind.EXIT, "move"),
                new Fired(34, FiredEvents.Kind.LOOP, "idle")); // entered at 18, a held pose cycles once a second
        assertThat(player.get(player.parameter("jump"))).isZero(); // consumed by the any-state transition
        assertThat(player.transitioning()).isFalse();
    }

    @Test
    void aFadeBlendsTheTwoStatesByElapsedShare() {
        GraphPlayer player = new GraphPlayer(GraphClips.locomotion(), GraphClips.rest());
        player.advance(FRAME); // idle
        player.set("speed", 1); // walk alone in the space
        player.advance(FRAME); // enters move, phase 0
        player.advance(FRAME); // move: walk at 1/16 s, weight 0.25
        assertThat(player.transitioning()).isTrue();
        Pose pose = new Pose(2);
        player.sample(pose);
        assertThat(player.sampledClips()).isEqualTo(2);
        assertThat(pose.translation(0, new float[3], 0)[0]).isEqualTo(10 + (0.0625f - 10) * 0.25f);
    }

    @Test
    void nestedMachineStartsOverEachTimeItsStateIsEntered() {
        AnimationGraphBuilder g = AnimationGraph.builder().boolParameter("crouch", false).boolParameter("inner", false);
        g.clip("idle", IDLE).clip("walk", WALK).clip("run", RUN);
        AnimationGraphBuilder.Machine inner = g.machine("legs").state("walk", "walk").state("run", "run");
        inner.transition("walk", "run").when("inner", AnimationGraph.Test.TRUE);
        AnimationGraphBuilder.Machine outer = g.machine("main").state("stand", "idle").state("go", "legs");
        outer.transition("stand", "go").when("crouch", AnimationGraph.Test.TRUE);
        outer.transition("go", "stand").when("crouch", AnimationGraph.Test.FALSE);
        GraphPlayer player = new GraphPlayer(g.root("main").build(), GraphClips.rest());
        List<String> log = new ArrayList<>();
        AnimationEventListener listener = new AnimationEventListener() {
            @Override
            public void onEvent(AnimationEvents events, int index) {
            }

            @Override
            public void onStateEnter(AnimationGraph.StateMachine machine, int state) {
                log.add("+" + machine.name() + "." + machine.states().get(state).name());
            }

            @Override
            public void onStateExit(AnimationGraph.StateMachine machine, int state) {
                log.add("-" + machine.name() + "." + machine.states().get(state).name());
            }
        };
        player.advance(FRAME, listener);
        player.set("crouch", true).set("inner", true);
        player.advance(FRAME, listener); // go entered (0 s fade): the old state left at once
        player.advance(FRAME, listener); // legs starts in walk, then takes walk → run
        player.set("crouch", false);
        player.advance(FRAME, listener);
        player.set("crouch", true);
        player.advance(FRAME, listener);
        player.advance(FRAME, listener);
        assertThat(log).containsExactly("+main.stand", "+main.go", "-main.stand", "+legs.walk", "+legs.run",
                "-legs.walk", "+main.stand", "-main.go", "+main.go", "-main.stand", "+legs.walk", "+legs.run",
                "-legs.walk");
    }

    @Test
    void badGraphsAreRefusedNamingThePlace() {
        assertThatThrownBy(() -> {
            AnimationGraphBuilder g = AnimationGraph.builder().floatParameter("speed", 0);
            g.blendSpace1D("loco", "sped").point(0, WALK);
            g.build();
        }).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("motions[0].parameter: unknown parameter \"sped\"");
        assertThatThrownBy(() -> {
            AnimationGraphBuilder g = AnimationGraph.builder().floatParameter("speed", 0);
            g.blendSpace1D("loco", "speed").point(1, WALK).point(1, RUN);
            g.build();
        }).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("motions[0].points[1].at: positions must increase: 1.0 after 1.0");
        assertThatThrownBy(() -> {
            AnimationGraphBuilder g = AnimationGraph.builder().trigger("jump");
            g.clip("walk", WALK);
            g.machine("a").state("s", "b");
            g.machine("b").state("s", "a").state("t", "walk")
                    .transition("s", "t").when("jump", AnimationGraph.Test.GREATER, 1);
            g.build();
        }).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("motions[2].transitions[0].conditions[0].test: GREATER does not apply to TRIGGER "
                        + "parameter \"jump\"");
        assertThatThrownBy(() -> {
            AnimationGraphBuilder g = AnimationGraph.builder();
            g.clip("walk", WALK);
            g.machine("a").state("s", "b");
            g.machine("b").state("s", "a").state("t", "walk");
            g.build();
        }).isInstanceOf(IllegalArgumentException.class).hasMessage("motions[1]: machine \"a\" contains itself");
        assertThatThrownBy(() -> AnimationGraph.builder().clip("walk", WALK).root("run").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("root: unknown motion \"run\"");
        AnimationGraph graph = GraphClips.locomotion();
        GraphPlayer player = new GraphPlayer(graph, GraphClips.rest());
        assertThatThrownBy(() -> player.set("jump", 1f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter jump is TRIGGER, not FLOAT");
        assertThatThrownBy(() -> player.set("speed", Float.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter value is not finite: speed=NaN");
        assertThat(player.get(0)).isZero();
        assertThatThrownBy(() -> player.set("fly", 1f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown parameter: name=fly, parameters=2");
        assertThatThrownBy(() -> player.advance(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("advance out of range: seconds=-1.0, allowed=[0, ∞)");
        assertThatThrownBy(() -> new GraphPlayer(graph, new Pose(1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rest pose too small: size=1, required=2");
        assertThat(JUMP.endTime()).isEqualTo(0.5f);
    }

    @Test
    void derivedClipsAreRetimedOrHeld() {
        AnimationClip run = WALK.retimed("run", 0.6f);
        assertThat(run.endTime()).isEqualTo(0.6f);
        Pose a = new Pose(2);
        Pose b = new Pose(2);
        WALK.sample(0.5f, WrapMode.CLAMP, a);
        run.sample(0.3f, WrapMode.CLAMP, b);
        assertThat(b.translation(0, new float[3], 0)[0]).isCloseTo(a.translation(0, new float[3], 0)[0],
                offset(1e-6f));
        AnimationClip held = WALK.heldAt("stand", 0.25f);
        assertThat(held.endTime()).isZero();
        held.sample(7, WrapMode.LOOP, b);
        assertThat(b.translation(0, new float[3], 0)[0]).isEqualTo(0.25f);
        assertThatThrownBy(() -> WALK.retimed("x", 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("time factor out of range: factor=0.0, allowed=(0, ∞)");
    }

    @Test
    void animatorPlaysAGraphLayerAsThePlayerAlone() {
        AnimationGraph graph = GraphClips.locomotion();
        dev.arbor.hierarchy.Hierarchy ha = new dev.arbor.hierarchy.Hierarchy();
        dev.arbor.hierarchy.Hierarchy hb = new dev.arbor.hierarchy.Hierarchy();
        long[] a = GraphClips.character(ha);
        long[] b = GraphClips.character(hb);
        Animator animator = new Animator(ha, a, GraphClips.rest());
        GraphPlayer inAnimator = new GraphPlayer(graph, GraphClips.rest());
        int layer = animator.addGraphLayer(inAnimator);
        assertThat(animator.graph(layer)).isSameAs(inAnimator);
        assertThatThrownBy(() -> animator.playback(layer)).isInstanceOf(IllegalStateException.class)
                .hasMessage("layer 0 plays a graph, not a playback: use graph(layer)");
        GraphPlayer alone = new GraphPlayer(graph, GraphClips.rest());
        dev.arbor.hierarchy.NodeList list = hb.nodeList(b, 0, b.length);
        Pose scratch = GraphClips.rest();
        float[] wa = new float[12];
        float[] wb = new float[12];
        for (int frame = 0; frame < 120; frame++) {
            float speed = frame < 60 ? frame / 20f : 0;
            inAnimator.set("speed", speed);
            alone.set("speed", speed);
            animator.update(FRAME);
            alone.advance(FRAME);
            alone.apply(hb, list, scratch);
            assertThat(animator.fired().size()).isEqualTo(alone.fired().size());
            for (int t = 0; t < 2; t++) {
                ha.getWorld(a[t], wa, 0);
                hb.getWorld(b[t], wb, 0);
                for (int e = 0; e < 12; e++) {
                    assertThat(wa[e]).isCloseTo(wb[e], offset(1e-6f));
                }
            }
        }
        assertThatThrownBy(() -> animator.addGraphLayer(new GraphPlayer(graph, new Pose(3))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("graph player's pose size differs from the rest pose: size=3, required=2");
    }
}
