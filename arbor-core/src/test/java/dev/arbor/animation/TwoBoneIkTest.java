package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.arbor.hierarchy.Hierarchy;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Two-bone IK on a hierarchy, against positions computed by hand. */
class TwoBoneIkTest {
    private static final float TOLERANCE = 1e-5f;

    /** A straight arm along x: start at the origin, bones of lengths {@code a} and {@code b}. */
    private static long[] arm(Hierarchy h, float a, float b) {
        long start = h.createRoot();
        long mid = h.createChild(start);
        long end = h.createChild(mid);
        h.setLocalTranslation(mid, a, 0, 0);
        h.setLocalTranslation(end, b, 0, 0);
        return new long[] {start, mid, end};
    }

    private static float[] position(Hierarchy h, long node) {
        float[] world = h.getWorld(node, new float[12], 0);
        return new float[] {world[9], world[10], world[11]};
    }

    private static void assertAt(Hierarchy h, long node, double x, double y, double z) {
        float[] p = position(h, node);
        assertThat(p[0]).as("x").isCloseTo((float) x, offset(TOLERANCE));
        assertThat(p[1]).as("y").isCloseTo((float) y, offset(TOLERANCE));
        assertThat(p[2]).as("z").isCloseTo((float) z, offset(TOLERANCE));
    }

    @Test
    void aReachableTargetIsReachedWithTheKneeTowardsThePole() {
        Hierarchy h = new Hierarchy();
        long[] j = arm(h, 1, 1);
        double r = Math.sqrt(2);
        TwoBoneIk ik = new TwoBoneIk().target((float) r, 0, 0).pole(0, 1, 0).midAxis(0, 0, 1);
        assertThat(ik.apply(h, j[0], j[1], j[2])).isTrue();
        // a right angle at the knee: the knee at (√2/2, √2/2, 0), on the pole's side
        assertAt(h, j[1], r / 2, r / 2, 0);
        assertAt(h, j[2], r, 0, 0);
        // the other pole bends the other way
        Hierarchy h2 = new Hierarchy();
        long[] k = arm(h2, 1, 1);
        ik.pole(0, -1, 0).apply(h2, k[0], k[1], k[2]);
        assertAt(h2, k[1], r / 2, -r / 2, 0);
        assertAt(h2, k[2], r, 0, 0);
        // a pole out of the bend plane: the knee turns into the plane (start, target, pole)
        Hierarchy h3 = new Hierarchy();
        long[] n = arm(h3, 1, 1);
        ik.pole(0, 0, 1).apply(h3, n[0], n[1], n[2]);
        assertAt(h3, n[1], r / 2, 0, r / 2);
        assertAt(h3, n[2], r, 0, 0);
    }

    @Test
    void anUnreachableTargetStretchesTheLimbTowardsIt() {
        Hierarchy h = new Hierarchy();
        long[] j = arm(h, 1, 2);
        h.setLocalRotation(j[1], 0, 0, (float) Math.sin(0.4), (float) Math.cos(0.4)); // bent to start with
        TwoBoneIk ik = new TwoBoneIk().target(0, 10, 0);
        assertThat(ik.apply(h, j[0], j[1], j[2])).isFalse();
        assertThat(ik.reached()).isFalse();
        assertAt(h, j[1], 0, 1, 0);
        assertAt(h, j[2], 0, 3, 0);
        // too close: bones of 1 and 2 cannot bring the end nearer than 1 to the start
        TwoBoneIk near = new TwoBoneIk().target(0.2f, 0, 0);
        assertThat(near.apply(h, j[0], j[1], j[2])).isFalse();
        float[] end = position(h, j[2]);
        assertThat(Math.sqrt(end[0] * end[0] + end[1] * end[1] + end[2] * end[2])).isCloseTo(1, offset(1e-5));
        assertThat(end[0]).as("towards the target").isCloseTo(1f, offset(TOLERANCE));
    }

    @Test
    void aPoleAlongTheLimbKeepsTheBendPlane() {
        Hierarchy h = new Hierarchy();
        long[] j = arm(h, 1, 1);
        h.setLocalRotation(j[1], 0, 0, (float) Math.sin(0.3), (float) Math.cos(0.3)); // bent in the xy plane
        double r = Math.sqrt(2);
        TwoBoneIk ik = new TwoBoneIk().target((float) r, 0, 0).pole(1, 0, 0); // pole along start → target
        assertThat(ik.apply(h, j[0], j[1], j[2])).isTrue();
        assertAt(h, j[2], r, 0, 0);
        float[] knee = position(h, j[1]);
        assertThat(knee[2]).as("still in the xy plane").isCloseTo(0f, offset(TOLERANCE));
        assertThat(Math.abs(knee[1])).isCloseTo((float) (r / 2), offset(TOLERANCE));
    }

    @Test
    void softeningEasesTheReachAndWeightZeroChangesNothing() {
        Hierarchy h = new Hierarchy();
        long[] j = arm(h, 1, 1);
        h.setLocalRotation(j[1], 0, 0, (float) Math.sin(0.5), (float) Math.cos(0.5));
        float[] before = position(h, j[2]);
        new TwoBoneIk().target(1.95f, 0, 0).weight(0).apply(h, j[0], j[1], j[2]);
        assertThat(position(h, j[2])).containsExactly(before);
        // soften 0.9: a target at 1.95 of a 2.0 limb is reached to 1.8 + 0.2 (1 - e^(-0.75))
        TwoBoneIk soft = new TwoBoneIk().target(1.95f, 0, 0).soften(0.9f);
        assertThat(soft.apply(h, j[0], j[1], j[2])).isFalse();
        double expected = 1.8 + 0.2 * (1 - Math.exp(-0.75));
        assertAt(h, j[2], expected, 0, 0);
    }

    @Test
    void randomLimbsReachEveryTargetWithinReachAndKeepTheirBoneLengths() {
        Random random = new Random(20261126L);
        for (int round = 0; round < 200; round++) {
            Hierarchy h = new Hierarchy();
            long parent = h.createRoot();
            h.setLocalTranslation(parent, random.nextFloat() * 4 - 2, random.nextFloat() * 4 - 2, 0);
            h.setLocalRotation(parent, random.nextFloat(), random.nextFloat(), random.nextFloat(), 1);
            long start = h.createChild(parent);
            long mid = h.createChild(start);
            long end = h.createChild(mid);
            float a = 0.5f + random.nextFloat();
            float b = 0.5f + random.nextFloat();
            h.setLocalTranslation(mid, a, 0, 0);
            h.setLocalTranslation(end, b, 0, 0);
            h.setLocalRotation(start, random.nextFloat(), random.nextFloat(), random.nextFloat(), 1);
            h.setLocalRotation(mid, 0, 0, 0.2f + random.nextFloat(), 1); // bent about the knee axis, z
            float[] s = position(h, start);
            double reach = Math.abs(a - b) + 0.05 + random.nextDouble() * (a + b - Math.abs(a - b) - 0.1);
            double theta = random.nextDouble() * 2 * Math.PI;
            double phi = Math.acos(2 * random.nextDouble() - 1);
            float tx = (float) (s[0] + reach * Math.sin(phi) * Math.cos(theta));
            float ty = (float) (s[1] + reach * Math.sin(phi) * Math.sin(theta));
            float tz = (float) (s[2] + reach * Math.cos(phi));
            TwoBoneIk ik = new TwoBoneIk().target(tx, ty, tz).pole(random.nextFloat() - 0.5f, 1, 0);
            assertThat(ik.apply(h, start, mid, end)).as("round %d", round).isTrue();
            float[] e = position(h, end);
            float[] m = position(h, mid);
            assertThat(e[0]).as("round %d x", round).isCloseTo(tx, offset(2e-5f));
            assertThat(e[1]).as("round %d y", round).isCloseTo(ty, offset(2e-5f));
            assertThat(e[2]).as("round %d z", round).isCloseTo(tz, offset(2e-5f));
            assertThat(Math.sqrt(sq(m[0] - s[0]) + sq(m[1] - s[1]) + sq(m[2] - s[2]))).isCloseTo(a, offset(2e-5));
            assertThat(Math.sqrt(sq(e[0] - m[0]) + sq(e[1] - m[1]) + sq(e[2] - m[2]))).isCloseTo(b, offset(2e-5));
        }
    }

    private static double sq(double x) {
        return x * x;
    }

    @Test
    void badInputIsRefusedWithTheValueNamed() {
        TwoBoneIk ik = new TwoBoneIk();
        assertThatThrownBy(() -> ik.target(Float.NaN, 0, 0)).hasMessage("target is not finite: (NaN, 0.0, 0.0)");
        assertThatThrownBy(() -> ik.pole(0, 0, 0)).hasMessage("pole is the zero vector: (0.0, 0.0, 0.0)");
        assertThatThrownBy(() -> ik.weight(1.5f)).hasMessage("weight out of range: weight=1.5, allowed=[0, 1]");
        assertThatThrownBy(() -> ik.soften(0)).hasMessage("soften out of range: soften=0.0, allowed=(0, 1]");
        Hierarchy h = new Hierarchy();
        long start = h.createRoot();
        long mid = h.createChild(start);
        long end = h.createChild(mid);
        h.setLocalTranslation(end, 1, 0, 0);
        assertThatThrownBy(() -> ik.target(1, 1, 0).apply(h, start, mid, end))
                .hasMessageContaining("a bone of zero length: start to middle=0.0");
        assertThat(h.getLocalRotation(start, new org.joml.Quaternionf()).w).as("unchanged").isEqualTo(1f);
    }
}
