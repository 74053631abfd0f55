package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.arbor.hierarchy.Hierarchy;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Root motion against distances and headings worked out by hand. */
class RootMotionTest {
    /** Target 0 walks 2 m along +x per second, bobbing 0.1 in y at mid-step, and turns 90° about +Y per second. */
    private static AnimationClip walk() {
        float s = (float) Math.sin(Math.PI / 4);
        float c = (float) Math.cos(Math.PI / 4);
        return AnimationClip.builder("walk")
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 0.5f, 1},
                        new float[] {0, 0, 0, 1, 0.1f, 0, 2, 0, 0})
                .addChannel(0, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0, 1, 0, s, 0, c})
                .build();
    }

    @Test
    void aLoopAddsTheClipsMotionOncePerTurnAcrossTheWrap() {
        RootMotion motion = new RootMotion(walk(), 0, true);
        float[] d = motion.delta(PlaybackMode.LOOP, 0.5, 2.25, new float[4], 0);
        // 1.75 s at 2 m/s: from x = 1 at 0.5 s to x = 0.5 at 0.25 s of the third turn, plus two turns of 2 m
        assertThat(d[0]).isCloseTo(3.5f, offset(1e-5f));
        assertThat(d[1]).as("height: 0.1 at mid-step to 0.05").isCloseTo(-0.05f, offset(1e-6f));
        assertThat(d[3]).as("heading: 1.75 s at 90° per second")
                .isCloseTo((float) Math.toRadians(157.5), offset(1e-4f));
        float[] clamped = motion.delta(PlaybackMode.CLAMP, 0.5, 2.25, new float[4], 0);
        assertThat(clamped[0]).as("clamped: up to the end and no further").isCloseTo(1f, offset(1e-6f));
        float[] back = motion.delta(PlaybackMode.PING_PONG, 0.5, 1.5, new float[4], 0);
        assertThat(back[0]).as("back and forth to the same point").isCloseTo(0f, offset(1e-6f));
    }

    @Test
    void theMotionOfManySmallStepsAddsUpToTheMotionOfOne() {
        RootMotion motion = new RootMotion(walk(), 0, true);
        Random random = new Random(3);
        double position = 0;
        double sum = 0;
        double heading = 0;
        float[] d = new float[4];
        for (int k = 0; k < 500; k++) {
            double next = position + random.nextDouble() * 0.1;
            motion.delta(PlaybackMode.LOOP, position, next, d, 0);
            sum += d[0];
            heading += d[3];
            position = next;
        }
        motion.delta(PlaybackMode.LOOP, 0, position, d, 0);
        assertThat(sum).isCloseTo(d[0], offset(1e-3));
        assertThat(sum).isCloseTo(2 * position, offset(1e-3));
        assertThat(heading).isCloseTo(d[3], offset(1e-3));
    }

    @Test
    void strippingKeepsTheHeightAndTheStartingPlaceAndHeading() {
        AnimationClip clip = walk();
        RootMotion motion = new RootMotion(clip, 0, true);
        Pose pose = new Pose(1);
        clip.sample(0.5f, WrapMode.CLAMP, pose);
        motion.strip(pose);
        assertThat(pose.translation(0, new float[3], 0)).containsExactly(new float[] {0, 0.1f, 0}, offset(1e-6f));
        assertThat(pose.rotation(0, new float[4], 0)).containsExactly(new float[] {0, 0, 0, 1}, offset(1e-6f));
    }

    @Test
    void applyingMovesTheNodeInItsOwnFrameAndTurnsIt() {
        Hierarchy h = new Hierarchy();
        long node = h.createRoot();
        h.setLocalTranslation(node, 5, 0, 5);
        h.setLocalRotation(node, 0, (float) Math.sin(Math.PI / 4), 0, (float) Math.cos(Math.PI / 4)); // 90° about +Y
        RootMotion motion = new RootMotion(walk(), 0, true);
        motion.apply(h, node, new float[] {1, 0, 0, (float) (Math.PI / 2)}, 0);
        float[] w = h.getWorld(node, new float[12], 0);
        // +x of a node turned 90° about +Y points to -z
        assertThat(new float[] {w[9], w[10], w[11]}).containsExactly(new float[] {5, 0, 4}, offset(1e-6f));
        // now turned 180°: its +z axis points to -z
        assertThat(w[8]).isCloseTo(-1f, offset(1e-6f));
        assertThatThrownBy(() -> motion.apply(h, node, new float[] {Float.NaN, 0, 0, 0}, 0))
                .hasMessage("root motion is not finite: element 0 = NaN");
        assertThatThrownBy(() -> new RootMotion(walk(), 3, false))
                .hasMessage("target out of range: target=3, targets=1");
    }
}
