package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.arbor.hierarchy.Hierarchy;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one-call frame against the same pieces run by hand, on a small character. */
class AnimatorTest {
    /**
     * The character, one hierarchy each:
     * <pre>
     *   carrier            (moved by root motion; not a pose target)
     *     └ 0 pelvis
     *         ├ 1 hip ─ 2 knee ─ 3 ankle      (two-bone IK)
     *         └ 4 spine ─ 5 head              (aim chain)
     * </pre>
     */
    private static final int[] PARENTS = {-1, 0, 1, 2, 0, 4};

    private static final class Character {
        final Hierarchy h = new Hierarchy();
        final long carrier = h.createRoot();
        final long[] joints = new long[PARENTS.length];

        Character(Pose rest) {
            for (int i = 0; i < PARENTS.length; i++) {
                joints[i] = h.createChild(PARENTS[i] < 0 ? carrier : joints[PARENTS[i]]);
            }
            rest.applyTo(h, joints, 0);
        }
    }

    private static Pose rest() {
        Pose rest = new Pose(PARENTS.length);
        float[] one = {1, 1, 1};
        float[] none = {0, 0, 0, 1};
        rest.set(0, new float[] {0, 1, 0}, none, one);
        rest.set(1, new float[] {0.1f, 0, 0}, none, one);
        rest.set(2, new float[] {0, -0.45f, 0}, none, one);
        rest.set(3, new float[] {0, -0.45f, 0}, none, one);
        rest.set(4, new float[] {0, 0.2f, 0}, none, one);
        rest.set(5, new float[] {0, 0.4f, 0}, none, one);
        return rest;
    }

    /** The pelvis walks 1.5 m along +z per turn of 1 s, bobbing; the hip and knee swing. */
    private static AnimationClip walk() {
        return AnimationClip.builder("walk")
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 0.5f, 1},
                        new float[] {0, 1, 0, 0, 1.05f, 0.75f, 0, 1, 1.5f})
                .addChannel(1, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, 0.5f, 1},
                        new float[] {0.2f, 0, 0, 0.98f, -0.2f, 0, 0, 0.98f, 0.2f, 0, 0, 0.98f})
                .addChannel(2, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0.3f, 0, 0, 0.95f, 0.1f, 0, 0, 0.99f})
                .addChannel(4, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0.1f, 0, 0.99f, 0, -0.1f, 0, 0.99f})
                .build();
    }

    /** The upper body leans and looks about. */
    private static AnimationClip look() {
        return AnimationClip.builder("look")
                .addChannel(4, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, 0.7f},
                        new float[] {0.1f, 0, 0, 0.99f, 0, 0, 0.3f, 0.95f})
                .addChannel(5, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, 0.7f},
                        new float[] {0, 0.5f, 0, 0.87f, 0, -0.5f, 0, 0.87f})
                .build();
    }

    private static AnimationClip breathe() {
        return AnimationClip.builder("breathe")
                .addChannel(4, TargetPath.SCALE, Interpolation.LINEAR, new float[] {0, 2},
                        new float[] {1, 1, 1, 1.1f, 1, 1.1f})
                .build();
    }

    @Test
    void oneUpdateIsThePiecesRunByHandBitForBit() {
        Pose rest = rest();
        AnimationClip walk = walk();
        AnimationClip look = look();
        AnimationClip breathe = breathe();
        Pose reference = new Pose(rest.size()).copyFrom(rest);
        breathe.sample(0, WrapMode.CLAMP, reference);
        float[] upperMask = PoseLayers.subtreeMask(PARENTS, 4, 1f);

        // the animator
        Character a = new Character(rest);
        Animator animator = new Animator(a.h, a.joints, rest);
        int body = animator.addLayer(walk, PlaybackMode.LOOP);
        int upper = animator.addLayer(look, PlaybackMode.PING_PONG);
        int breath = animator.addAdditiveLayer(breathe, PlaybackMode.LOOP, reference);
        animator.mask(upper, upperMask).weight(upper, 0.7f).weight(breath, 0.5f);
        animator.rootMotion(body, new RootMotion(walk, 0, false), a.carrier);
        TwoBoneIk legA = new TwoBoneIk().midAxis(1, 0, 0).pole(0, 0, 1).soften(0.97f);
        AimIk lookA = new AimIk().forward(0, 0, 1);
        animator.addTwoBoneIk(legA, a.joints[1], a.joints[2], a.joints[3]);
        animator.addAimIk(lookA, new long[] {a.joints[5], a.joints[4]}, new float[] {1, 0.4f});
        assertThat(animator.layerCount()).isEqualTo(3);
        assertThat(animator.ikStepCount()).isEqualTo(2);

        // the same by hand
        Character b = new Character(rest);
        Playback[] playbacks = {new Playback(walk, PlaybackMode.LOOP), new Playback(look, PlaybackMode.PING_PONG),
            new Playback(breathe, PlaybackMode.LOOP)};
        Pose[] bases = {rest, rest, reference};
        PoseLayers layers = new PoseLayers(rest);
        layers.addOverride();
        layers.addOverride();
        layers.addAdditive(reference);
        layers.mask(1, upperMask).weight(1, 0.7f).weight(2, 0.5f);
        RootMotion motion = new RootMotion(walk, 0, false);
        TwoBoneIk legB = new TwoBoneIk().midAxis(1, 0, 0).pole(0, 0, 1).soften(0.97f);
        AimIk lookB = new AimIk().forward(0, 0, 1);
        Pose scratch = new Pose(rest.size());
        Pose pose = new Pose(rest.size());
        FiredEvents fired = new FiredEvents();
        float[] delta = new float[4];

        Random random = new Random(44);
        float[] wa = new float[12];
        float[] wb = new float[12];
        for (int frame = 0; frame < 300; frame++) {
            float dt = random.nextInt(5) == 0 ? 0.1f : random.nextFloat() / 30;
            float tx = random.nextFloat() - 0.5f;
            float tz = random.nextFloat() * 0.4f;
            legA.target(tx, 0.2f, tz);
            legB.target(tx, 0.2f, tz);
            lookA.target(3, 2, 5 + tx);
            lookB.target(3, 2, 5 + tx);
            if (frame == 100) {
                animator.playback(upper).queue(walk, AnimationEvents.NONE, PlaybackMode.CLAMP, 0.25f);
                playbacks[1].queue(walk, AnimationEvents.NONE, PlaybackMode.CLAMP, 0.25f);
            }
            animator.update(dt);

            double before = playbacks[0].position();
            fired.clear();
            for (Playback p : playbacks) {
                p.advance(dt, fired);
            }
            motion.delta(playbacks[0].mode(), before, playbacks[0].position(), delta, 0);
            for (int l = 0; l < 3; l++) {
                playbacks[l].sample(bases[l], layers.pose(l), scratch);
            }
            motion.strip(layers.pose(0));
            layers.evaluate(pose);
            pose.applyTo(b.h, b.joints, 0);
            motion.apply(b.h, b.carrier, delta, 0);
            legB.apply(b.h, b.joints[1], b.joints[2], b.joints[3]);
            lookB.applyChain(b.h, new long[] {b.joints[5], b.joints[4]}, new float[] {1, 0.4f});

            assertThat(PlaybackTest.names(animator.fired())).as("frame %d", frame)
                    .containsExactly(PlaybackTest.names(fired));
            assertThat(animator.rootMotionDelta(new float[4], 0)).containsExactly(delta);
            assertThat(a.h.getWorld(a.carrier, wa, 0)).as("frame %d carrier", frame)
                    .containsExactly(b.h.getWorld(b.carrier, wb, 0));
            for (int i = 0; i < PARENTS.length; i++) {
                assertThat(a.h.getWorld(a.joints[i], wa, 0)).as("frame %d joint %d", frame, i)
                        .containsExactly(b.h.getWorld(b.joints[i], wb, 0));
            }
        }
        assertThat(animator.playback(upper).clip()).isSameAs(walk);
        // the carrier walked: 1.5 m per turn of the walk, along its z
        a.h.getWorld(a.carrier, wa, 0);
        double turns = animator.playback(body).position();
        assertThat(wa[11]).isCloseTo((float) (1.5 * turns), offset(0.05f * (float) turns + 0.1f));
    }

    @Test
    void anUnmaskedLayerAtWeightOneOverridesAndALayerAtZeroIsNotSampled() {
        Pose rest = rest();
        Character c = new Character(rest);
        Animator animator = new Animator(c.h, c.joints, rest);
        int body = animator.addLayer(walk(), PlaybackMode.LOOP);
        int upper = animator.addLayer(look(), PlaybackMode.LOOP);
        animator.update(0.25f);
        Pose expected = new Pose(rest.size()).copyFrom(rest);
        look().sample(0.25f, WrapMode.CLAMP, expected);
        float[] got = new float[4];
        float[] want = new float[4];
        for (int i = 0; i < rest.size(); i++) {
            assertThat(animator.pose().rotation(i, got, 0)).as("target %d: the top layer everywhere", i)
                    .containsExactly(expected.rotation(i, want, 0));
        }
        animator.weight(upper, 0);
        animator.update(0.25f);
        walk().sample(0.5f, WrapMode.CLAMP, expected);
        assertThat(animator.pose().translation(0, new float[3], 0))
                .containsExactly(expected.translation(0, new float[3], 0));
        assertThat(animator.playback(upper).time()).as("advanced all the same").isEqualTo(0.5f);
        assertThat(animator.playback(body).time()).isEqualTo(0.5f);
    }

    @Test
    void aTargetWithoutANodeIsNotAppliedAndAListenerOfTheCallersTakesTheEvents() {
        Pose rest = rest();
        Character c = new Character(rest);
        long[] nodes = c.joints.clone();
        nodes[5] = Hierarchy.NULL; // the head stays as it is
        c.h.setLocalTranslation(c.joints[5], 7, 8, 9);
        Animator animator = new Animator(c.h, nodes, rest);
        AnimationClip walk = walk();
        int body = animator.addLayer(walk, PlaybackMode.CLAMP);
        AnimationEvents marks = AnimationEvents.builder(walk).add("step", 0.5f).build();
        animator.playback(body).play(walk, marks, PlaybackMode.CLAMP);
        java.util.List<String> heard = new java.util.ArrayList<>();
        AnimationEventListener listener = new AnimationEventListener() {
            @Override
            public void onEvent(AnimationEvents events, int index) {
                heard.add(events.name(index));
            }

            @Override
            public void onEnd(AnimationClip clip) {
                heard.add("end of " + clip.name());
            }
        };
        animator.update(0.75f, listener);
        animator.update(0.75f, listener);
        assertThat(heard).containsExactly("step", "end of walk");
        assertThat(animator.fired().size()).as("fired() holds only what update(seconds) fired").isZero();
        org.joml.Vector3f head = c.h.getLocalTranslation(c.joints[5], new org.joml.Vector3f());
        assertThat(new float[] {head.x, head.y, head.z}).containsExactly(7, 8, 9);
        Pose end = new Pose(rest.size()).copyFrom(rest);
        walk.sample(1, WrapMode.CLAMP, end);
        org.joml.Vector3f pelvis = c.h.getLocalTranslation(c.joints[0], new org.joml.Vector3f());
        assertThat(new float[] {pelvis.x, pelvis.y, pelvis.z}).containsExactly(end.translation(0, new float[3], 0));
    }

    @Test
    void withRestWeightsTheLayersBlendTheClipsMorphWeightsToo() {
        // two morphed nodes: entry 0 with 2 weights, entry 1 with 1; no pose targets
        MorphWeights restWeights = new MorphWeights(2, 1).set(0, new float[] {0.5f, 0.5f}, 0)
                .set(1, new float[] {0.2f}, 0);
        AnimationClip open = AnimationClip.builder("open")
                .addWeightsChannel(0, Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 0, 1, 0.5f}, 2)
                .addWeightsChannel(1, Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 1}, 1)
                .build();
        AnimationClip blink = AnimationClip.builder("blink")
                .addWeightsChannel(1, Interpolation.STEP, new float[] {0}, new float[] {0.9f}, 1)
                .build();
        Animator animator = new Animator(new Hierarchy(), new long[0], new Pose(0), restWeights,
                OverrideMode.STACKED);
        int face = animator.addLayer(open, PlaybackMode.LOOP);
        int eyes = animator.addLayer(blink, PlaybackMode.CLAMP);
        animator.layers().morphMask(eyes, new float[] {0, 1});
        animator.weight(eyes, 0.5f);
        animator.update(0.25f);
        // entry 0: the open clip at 0.25 (eyes masked off); entry 1: open's 0.25, half-way to the blink's 0.9
        assertThat(animator.weights().copyTo(new float[3], 0))
                .containsExactly(new float[] {0.25f, 0.125f, 0.25f + 0.5f * (0.9f - 0.25f)}, offset(1e-6f));
        assertThat(animator.playback(face).time()).isEqualTo(0.25f);
        // without rest weights the weights channels are left alone
        Animator plain = new Animator(new Hierarchy(), new long[0], new Pose(0));
        plain.addLayer(open, PlaybackMode.LOOP);
        plain.update(0.25f);
        assertThat(plain.weights().size()).isZero();
        // a clip writing more morph entries than the rest weights hold is refused
        AnimationClip wide = AnimationClip.builder("wide")
                .addWeightsChannel(2, Interpolation.STEP, new float[] {0}, new float[] {1}, 1).build();
        assertThatThrownBy(() -> animator.addLayer(wide, PlaybackMode.LOOP))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("clip has more morph entries than the rest weights: clip=wide, morphCount=3, allowed=2");
        assertThat(animator.layerCount()).isEqualTo(2);
    }

    @Test
    void misuseIsRefusedWithTheValueNamed() {
        Pose rest = rest();
        Character c = new Character(rest);
        assertThatThrownBy(() -> new Animator(c.h, new long[3], rest)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nodes length does not match the rest pose: length=3, required=6");
        long gone = c.h.createRoot();
        c.h.destroy(gone);
        long[] withStale = c.joints.clone();
        withStale[2] = gone;
        assertThatThrownBy(() -> new Animator(c.h, withStale, rest)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stale handle: node=" + gone);
        Animator animator = new Animator(c.h, c.joints, rest);
        AnimationClip big = AnimationClip.builder("big").addChannel(9, TargetPath.TRANSLATION, Interpolation.STEP,
                new float[] {0}, new float[] {0, 0, 0}).build();
        assertThatThrownBy(() -> animator.addLayer(big, PlaybackMode.LOOP))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("clip has more targets than the rest pose: clip=big, targets=10, allowed=6");
        assertThat(animator.layerCount()).isZero();
        assertThatThrownBy(() -> animator.playback(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("layer out of range: layer=0, layers=0");
        int body = animator.addLayer(walk(), PlaybackMode.LOOP);
        assertThatThrownBy(() -> animator.weight(body, 1.5f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("layer weight out of range: layer=0, weight=1.5, allowed=[0, 1]");
        assertThatThrownBy(() -> animator.addTwoBoneIk(new TwoBoneIk(), c.joints[1], gone, c.joints[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("stale handle: mid=" + gone);
        assertThatThrownBy(() -> animator.addAimIk(new AimIk(), new long[] {c.joints[5]}, new float[] {2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("weights[0]");
        assertThat(animator.ikStepCount()).isZero();
        assertThatThrownBy(() -> animator.rootMotion(body, new RootMotion(walk(), 0, false), gone))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("stale handle: characterNode=" + gone);
        assertThatThrownBy(() -> animator.update(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("update out of range: seconds=-1.0, allowed=[0, ∞)");
        assertThat(animator.playback(body).time()).isZero();
        assertThatThrownBy(() -> animator.rootMotionDelta(new float[5], 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=5, offset=2, required=4");
    }

    @Test
    void updatesAllocateNothingOnceWarm() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.assertj.core.api.Assumptions.assumeThat(bean).isInstanceOf(com.sun.management.ThreadMXBean.class);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        long thread = Thread.currentThread().getId();
        Pose rest = rest();
        Character c = new Character(rest);
        AnimationClip walk = walk();
        AnimationClip look = look();
        AnimationClip blink = AnimationClip.builder("blink")
                .addWeightsChannel(1, Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 1}, 1).build();
        Animator animator = new Animator(c.h, c.joints, rest, new MorphWeights(2, 1), OverrideMode.STACKED);
        int body = animator.addLayer(walk, PlaybackMode.LOOP);
        int upper = animator.addLayer(look, PlaybackMode.CLAMP);
        animator.addLayer(blink, PlaybackMode.PING_PONG);
        animator.mask(upper, PoseLayers.subtreeMask(PARENTS, 4, 1f));
        animator.rootMotion(body, new RootMotion(walk, 0, true), c.carrier);
        TwoBoneIk leg = new TwoBoneIk().midAxis(1, 0, 0).pole(0, 0, 1);
        animator.addTwoBoneIk(leg, c.joints[1], c.joints[2], c.joints[3]);
        animator.addAimIk(new AimIk().target(0, 5, 5), c.joints[5]);
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 25 && least > 0; window++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int frame = 0; frame < 2000; frame++) {
                if (animator.playback(upper).queued() == 0) {
                    animator.playback(upper).queue(look, AnimationEvents.NONE, PlaybackMode.CLAMP, 0.1f);
                }
                leg.target(0.1f * (frame % 7), 0.3f, 0.2f);
                animator.update(1 / 60f);
                c.h.update();
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(thread) - before);
        }
        assertThat(least).as("bytes allocated by 2,000 frames (least of up to 25 windows)").isZero();
    }
}
