package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.arbor.hierarchy.Hierarchy;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Aim IK on a hierarchy, against axes and turns computed by hand. */
class AimIkTest {
    private static final float TOLERANCE = 1e-5f;

    /** A joint's local axis in world space (rotation only). */
    private static float[] axis(Hierarchy h, long joint, int column) {
        float[] w = h.getWorld(joint, new float[12], 0);
        float x = w[column * 3];
        float y = w[column * 3 + 1];
        float z = w[column * 3 + 2];
        float l = (float) Math.sqrt(x * x + y * y + z * z);
        return new float[] {x / l, y / l, z / l};
    }

    private static void assertVector(float[] actual, double x, double y, double z) {
        assertThat(actual[0]).as("x").isCloseTo((float) x, offset(TOLERANCE));
        assertThat(actual[1]).as("y").isCloseTo((float) y, offset(TOLERANCE));
        assertThat(actual[2]).as("z").isCloseTo((float) z, offset(TOLERANCE));
    }

    @Test
    void theForwardAxisTurnsToTheTargetAndTheUpAxisToThePole() {
        Hierarchy h = new Hierarchy();
        long joint = h.createRoot();
        h.setLocalTranslation(joint, 1, 2, 3);
        new AimIk().target(1, 2, 8).pole(1, 0, 0).apply(h, joint);
        // the target straight ahead: only the roll, up (0, 1, 0) to the pole's (1, 0, 0): -90° about z
        assertVector(axis(h, joint, 2), 0, 0, 1);
        assertVector(axis(h, joint, 1), 1, 0, 0);
        new AimIk().target(6, 2, 3).apply(h, joint);
        assertVector(axis(h, joint, 2), 1, 0, 0);
        assertVector(axis(h, joint, 1), 0, 1, 0);
    }

    @Test
    void anOffsetRayIsAimedThroughTheTargetExactly() {
        Hierarchy h = new Hierarchy();
        long head = h.createRoot();
        AimIk aim = new AimIk().offset(0, 1, 0).forward(0, 0, 1).target(5, 1, 0);
        float[] q = new float[4];
        aim.solve(h.getWorld(head, new float[12], 0), 0, q, 0);
        // the eye at (0, 1, 0) looks along +z; turning 90° about y makes it look along +x through (5, 1, 0)
        double half = Math.sqrt(0.5);
        assertThat(q).containsExactly(new float[] {0, (float) half, 0, (float) half}, offset(TOLERANCE));
        // a target off the eye's height: the eye's ray, not the joint's, passes through it
        aim.target(3, 4, 2).apply(h, head);
        float[] w = h.getWorld(head, new float[12], 0);
        float[] eye = {w[3], w[4], w[5]}; // (0, 1, 0) in the head's frame: its y column (no translation)
        float[] f = axis(h, head, 2);
        double[] toTarget = {3 - eye[0], 4 - eye[1], 2 - eye[2]};
        double l = Math.sqrt(toTarget[0] * toTarget[0] + toTarget[1] * toTarget[1] + toTarget[2] * toTarget[2]);
        assertVector(f, toTarget[0] / l, toTarget[1] / l, toTarget[2] / l);
    }

    @Test
    void halfTheWeightTurnsHalfTheAngle() {
        Hierarchy h = new Hierarchy();
        long joint = h.createRoot();
        new AimIk().target(1, 0, 0).weight(0.5f).apply(h, joint);
        assertVector(axis(h, joint, 2), Math.sin(Math.PI / 4), 0, Math.cos(Math.PI / 4));
    }

    @Test
    void aChainShareTheTurnAndItsFirstJointAimsExactly() {
        Random random = new Random(5);
        for (int round = 0; round < 50; round++) {
            Hierarchy h = new Hierarchy();
            long spine = h.createRoot();
            long neck = h.createChild(spine);
            long head = h.createChild(neck);
            h.setLocalTranslation(neck, 0, 1, 0);
            h.setLocalTranslation(head, 0, 0.5f, 0.1f);
            h.setLocalRotation(neck, random.nextFloat() * 0.3f, 0, 0, 1);
            float tx = random.nextFloat() * 10 - 5;
            float ty = random.nextFloat() * 4;
            float tz = 3 + random.nextFloat() * 5;
            AimIk aim = new AimIk().target(tx, ty, tz).offset(0, 0.1f, 0.05f);
            aim.applyChain(h, new long[] {head, neck, spine}, new float[] {1, 0.5f, 0.3f});
            float[] w = h.getWorld(head, new float[12], 0);
            float[] f = axis(h, head, 2);
            // the ray's origin: (0, 0.1, 0.05) in the head's frame
            double ox = w[9] + 0.1 * w[3] + 0.05 * w[6];
            double oy = w[10] + 0.1 * w[4] + 0.05 * w[7];
            double oz = w[11] + 0.1 * w[5] + 0.05 * w[8];
            double dx = tx - ox;
            double dy = ty - oy;
            double dz = tz - oz;
            double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
            assertVector(f, dx / l, dy / l, dz / l);
            float[] spineForward = axis(h, spine, 2);
            assertThat(spineForward[2]).as("round %d: the spine turned only part of the way", round).isLessThan(1f);
        }
    }

    @Test
    void badInputIsRefusedWithTheValueNamed() {
        AimIk aim = new AimIk();
        assertThatThrownBy(() -> aim.forward(0, 0, 0)).hasMessage("forward is the zero vector: (0.0, 0.0, 0.0)");
        assertThatThrownBy(() -> aim.offset(Float.POSITIVE_INFINITY, 0, 0))
                .hasMessage("offset is not finite: (Infinity, 0.0, 0.0)");
        assertThatThrownBy(() -> aim.weight(-0.1f)).hasMessage("weight out of range: weight=-0.1, allowed=[0, 1]");
        Hierarchy h = new Hierarchy();
        long a = h.createRoot();
        assertThatThrownBy(() -> aim.applyChain(h, new long[] {a}, new float[] {1, 1}))
                .hasMessage("joints and weights must be as long and not empty: joints=1, weights=2");
        assertThatThrownBy(() -> aim.applyChain(h, new long[] {a}, new float[] {2}))
                .hasMessage("weight out of range: weights[0]=2.0, allowed=[0, 1]");
    }
}
