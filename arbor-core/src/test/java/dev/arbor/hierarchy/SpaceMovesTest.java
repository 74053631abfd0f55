package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * Moves in any space, world rotations, look-at, and points and directions, against a double-precision reference
 * composed here from the local matrices, and look-at against three.js's {@code Object3D.lookAt} on a table of cases
 * ({@code src/test/resources/threejs/lookat-cases.mjs} wrote it).
 */
class SpaceMovesTest {
    private static final Vector3f NEG_Z = new Vector3f(0, 0, -1);
    private static final Vector3f POS_Y = new Vector3f(0, 1, 0);
    private static final Vector3f POS_Z = new Vector3f(0, 0, 1);

    // ---- double-precision reference ----

    /** worldFromLocal in double, 12 entries column-major, composed from the local matrices up the chain. */
    static double[] referenceWorld(Hierarchy h, long node) {
        float[] local = h.getLocalMatrix(node, new float[12], 0);
        double[] m = new double[12];
        for (int k = 0; k < 12; k++) {
            m[k] = local[k];
        }
        long p = h.parent(node);
        return p == Hierarchy.NULL ? m : multiply(referenceWorld(h, p), m);
    }

    static double[] multiply(double[] a, double[] b) {
        double[] out = new double[12];
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 3; row++) {
                double sum = col == 3 ? a[9 + row] : 0;
                for (int k = 0; k < 3; k++) {
                    sum += a[k * 3 + row] * b[col * 3 + k];
                }
                out[col * 3 + row] = sum;
            }
        }
        return out;
    }

    static double[] apply(double[] m, double x, double y, double z, double w) {
        return new double[] {m[0] * x + m[3] * y + m[6] * z + m[9] * w, m[1] * x + m[4] * y + m[7] * z + m[10] * w,
            m[2] * x + m[5] * y + m[8] * z + m[11] * w};
    }

    static double[] rotate(Quaternionf q, double x, double y, double z) {
        double[] m = new double[9];
        SpaceMoves.toMatrix(new double[] {q.x, q.y, q.z, q.w}, m);
        return new double[] {m[0] * x + m[3] * y + m[6] * z, m[1] * x + m[4] * y + m[7] * z,
            m[2] * x + m[5] * y + m[8] * z};
    }

    static Quaternionf randomRotation(SplittableRandom r) {
        return new Quaternionf((float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1),
                (float) r.nextDouble(-1, 1)).normalize();
    }

    /** A chain root → a → b → leaf with random rotations, uniform scales (non-uniform on the leaf if asked). */
    static long[] chain(Hierarchy h, SplittableRandom r, boolean leafNonUniform) {
        long[] nodes = new long[4];
        long p = Hierarchy.NULL;
        for (int k = 0; k < 4; k++) {
            nodes[k] = p == Hierarchy.NULL ? h.createRoot() : h.createChild(p);
            float s = (float) r.nextDouble(0.5, 2);
            Vector3f scale = k == 3 && leafNonUniform ? new Vector3f(s, (float) r.nextDouble(0.5, 2), 1.5f)
                    : new Vector3f(s, s, s);
            h.setLocalTrs(nodes[k], new Vector3f((float) r.nextDouble(-3, 3), (float) r.nextDouble(-3, 3),
                    (float) r.nextDouble(-3, 3)), randomRotation(r), scale);
            p = nodes[k];
        }
        return nodes;
    }

    private static void assertSameRotation(Quaternionf actual, Quaternionf expected, double tolerance) {
        float sign = actual.dot(expected) < 0 ? -1 : 1;
        assertThat((double) actual.x * sign).isCloseTo(expected.x, within(tolerance));
        assertThat((double) actual.y * sign).isCloseTo(expected.y, within(tolerance));
        assertThat((double) actual.z * sign).isCloseTo(expected.z, within(tolerance));
        assertThat((double) actual.w * sign).isCloseTo(expected.w, within(tolerance));
    }

    // ---- look-at ----

    @Test
    void lookAtMatchesThreeJsForCamerasAndObjectsUnderARotatedScaledParent() throws IOException {
        List<double[]> rows = threeJsCases();
        assertThat(rows).hasSize(64);
        for (double[] c : rows) {
            Hierarchy h = new Hierarchy();
            long parent = h.createRoot();
            h.setLocalTrs(parent, new Vector3f((float) c[1], (float) c[2], (float) c[3]),
                    new Quaternionf((float) c[4], (float) c[5], (float) c[6], (float) c[7]),
                    new Vector3f((float) c[8], (float) c[8], (float) c[8]));
            long node = h.createChild(parent);
            h.setLocalTranslation(node, (float) c[9], (float) c[10], (float) c[11]);
            Vector3f target = new Vector3f((float) c[12], (float) c[13], (float) c[14]);
            Vector3f up = new Vector3f((float) c[15], (float) c[16], (float) c[17]);
            boolean camera = c[0] == 1;
            boolean turned = camera ? h.lookAt(node, target, up) : h.lookAt(node, target, up, POS_Z, POS_Y);
            assertThat(turned).isTrue();
            Quaternionf expected = new Quaternionf((float) c[18], (float) c[19], (float) c[20], (float) c[21]);
            assertSameRotation(h.getLocalRotation(node, new Quaternionf()), expected, 2e-5);
            // and the forward axis points at the target, in the world
            double[] w = referenceWorld(h, node);
            double[] f = apply(w, 0, 0, camera ? -1 : 1, 0);
            double[] d = {target.x - w[9], target.y - w[10], target.z - w[11]};
            double fl = Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
            double dl = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            for (int k = 0; k < 3; k++) {
                assertThat(f[k] / fl).isCloseTo(d[k] / dl, within(2e-6));
            }
        }
    }

    private static List<double[]> threeJsCases() throws IOException {
        List<double[]> rows = new ArrayList<>();
        try (InputStream in = SpaceMovesTest.class.getResourceAsStream("/threejs/lookat-cases.csv");
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.readLine();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank()) {
                    String[] parts = line.split(",");
                    double[] row = new double[parts.length];
                    for (int k = 0; k < parts.length; k++) {
                        row[k] = Double.parseDouble(parts[k]);
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    @Test
    void lookAtATargetAtTheNodeChangesNothing() {
        Hierarchy h = new Hierarchy();
        long node = h.createRoot();
        h.setLocalTrs(node, new Vector3f(1, 2, 3), new Quaternionf().rotateY(0.5f), new Vector3f(1, 1, 1));
        Quaternionf before = h.getLocalRotation(node, new Quaternionf());
        assertThat(h.lookAt(node, new Vector3f(1, 2, 3), POS_Y)).isFalse();
        assertThat(h.getLocalRotation(node, new Quaternionf())).isEqualTo(before);
    }

    @Test
    void lookAtAlongUpKeepsTheCurrentUpOrTakesTheLeastAlignedWorldAxis() {
        Hierarchy h = new Hierarchy();
        long node = h.createRoot();
        // identity: the node's up is +Y, parallel to a view straight down, so the least aligned world axis (+X) is up
        assertThat(h.lookAt(node, new Vector3f(0, -10, 0), POS_Y)).isTrue();
        Quaternionf q = h.getLocalRotation(node, new Quaternionf());
        assertVector(q.transform(new Vector3f(0, 0, -1)), 0, -1, 0);
        assertVector(q.transform(new Vector3f(0, 1, 0)), 1, 0, 0);
        // up turned to -Z: a view straight down keeps it
        h.setLocalRotation(node, new Quaternionf().rotateX((float) (-Math.PI / 2)));
        assertThat(h.lookAt(node, new Vector3f(0, -10, 0), POS_Y)).isTrue();
        q = h.getLocalRotation(node, new Quaternionf());
        assertVector(q.transform(new Vector3f(0, 0, -1)), 0, -1, 0);
        assertVector(q.transform(new Vector3f(0, 1, 0)), 0, 0, -1);
    }

    private static void assertVector(Vector3f v, double x, double y, double z) {
        assertThat(v.x).isCloseTo((float) x, within(1e-6f));
        assertThat(v.y).isCloseTo((float) y, within(1e-6f));
        assertThat(v.z).isCloseTo((float) z, within(1e-6f));
    }

    @Test
    void lookAtWithAnyForwardAxisPointsThatAxisAtTheTarget() {
        SplittableRandom r = new SplittableRandom(41);
        for (int round = 0; round < 200; round++) {
            Hierarchy h = new Hierarchy();
            long[] nodes = chain(h, r, false);
            long node = nodes[3];
            Vector3f forward = new Vector3f((float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1),
                    (float) r.nextDouble(-1, 1));
            Vector3f upAxis = new Vector3f(forward).cross((float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1),
                    (float) r.nextDouble(-1, 1));
            Vector3f target = new Vector3f((float) r.nextDouble(-20, 20), (float) r.nextDouble(-20, 20),
                    (float) r.nextDouble(-20, 20));
            Vector3f up = new Vector3f(0, 1, 0);
            assertThat(h.lookAt(node, target, up, forward, upAxis)).isTrue();
            double[] w = referenceWorld(h, node);
            double[] f = apply(w, forward.x, forward.y, forward.z, 0);
            double[] u = apply(w, upAxis.x, upAxis.y, upAxis.z, 0);
            double[] d = {target.x - w[9], target.y - w[10], target.z - w[11]};
            double fl = Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
            double dl = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            for (int k = 0; k < 3; k++) {
                assertThat(f[k] / fl).as("round %d", round).isCloseTo(d[k] / dl, within(5e-6));
            }
            // the up axis lies in the plane of the view and world up, on up's side
            double[] n = {d[1] * up.z - d[2] * up.y, d[2] * up.x - d[0] * up.z, d[0] * up.y - d[1] * up.x};
            double ul = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
            double nl = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            assertThat((u[0] * n[0] + u[1] * n[1] + u[2] * n[2]) / ul / nl).isCloseTo(0, within(5e-6));
            assertThat(u[1]).isPositive();
        }
    }

    @Test
    void lookAtRefusesBadArgumentsAndChangesNothing() {
        Hierarchy h = new Hierarchy();
        long node = h.createRoot();
        Quaternionf before = h.getLocalRotation(node, new Quaternionf());
        assertThatThrownBy(() -> h.lookAt(node, new Vector3f(1, 0, 0), new Vector3f()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("up is zero: (0.0, 0.0, 0.0)");
        assertThatThrownBy(() -> h.lookAt(node, new Vector3f(Float.NaN, 0, 0), POS_Y))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("look-at target of handle(");
        assertThatThrownBy(() -> h.lookAt(node, new Vector3f(1, 0, 0), POS_Y, POS_Z, new Vector3f(0, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("forward and up axes are not perpendicular");
        assertThat(h.getLocalRotation(node, new Quaternionf())).isEqualTo(before);
    }

    // ---- moves ----

    @Test
    void translateInEachSpaceMatchesTheDoubleReference() {
        SplittableRandom r = new SplittableRandom(42);
        for (int round = 0; round < 300; round++) {
            Hierarchy h = new Hierarchy();
            long node = chain(h, r, round % 2 == 0)[3];
            float x = (float) r.nextDouble(-2, 2);
            float y = (float) r.nextDouble(-2, 2);
            float z = (float) r.nextDouble(-2, 2);
            Vector3f t = h.getLocalTranslation(node, new Vector3f());
            Quaternionf q = h.getLocalRotation(node, new Quaternionf());
            double[] before = referenceWorld(h, node);
            Space space = Space.values()[round % 3];
            h.translate(node, x, y, z, space);
            Vector3f after = h.getLocalTranslation(node, new Vector3f());
            switch (space) {
                case PARENT -> assertThat(after).isEqualTo(new Vector3f(t.x + x, t.y + y, t.z + z));
                case LOCAL -> {
                    double[] v = rotate(q, x, y, z);
                    // the stored quaternion's rounding (2^-24 of its length) moves the turned offset by as much
                    double bound = 2e-7 * (Math.abs(t.x) + Math.abs(t.y) + Math.abs(t.z) + 4);
                    assertThat((double) after.x).isCloseTo(t.x + v[0], within(bound));
                    assertThat((double) after.y).isCloseTo(t.y + v[1], within(bound));
                    assertThat((double) after.z).isCloseTo(t.z + v[2], within(bound));
                }
                case WORLD -> {
                    double[] w = referenceWorld(h, node);
                    double size = Math.abs(before[9]) + Math.abs(before[10]) + Math.abs(before[11]) + 20;
                    assertThat(w[9]).isCloseTo(before[9] + x, within(2e-6 * size));
                    assertThat(w[10]).isCloseTo(before[10] + y, within(2e-6 * size));
                    assertThat(w[11]).isCloseTo(before[11] + z, within(2e-6 * size));
                }
                default -> throw new AssertionError(space);
            }
            assertThat(h.getLocalRotation(node, new Quaternionf())).isEqualTo(q); // only the translation moves
        }
    }

    @Test
    void rotateInEachSpaceComposesOnTheRightSide() {
        SplittableRandom r = new SplittableRandom(43);
        for (int round = 0; round < 300; round++) {
            Hierarchy h = new Hierarchy();
            long node = chain(h, r, false)[3];
            Quaternionf turn = randomRotation(r);
            Quaternionf local = h.getLocalRotation(node, new Quaternionf());
            Quaternionf world = h.getWorldRotation(node, new Quaternionf());
            Vector3f t = h.getLocalTranslation(node, new Vector3f());
            Space space = Space.values()[round % 3];
            h.rotate(node, turn, space);
            switch (space) {
                case LOCAL -> assertSameRotation(h.getLocalRotation(node, new Quaternionf()),
                        new Quaternionf(local).mul(turn), 1e-6);
                case PARENT -> assertSameRotation(h.getLocalRotation(node, new Quaternionf()),
                        new Quaternionf(turn).mul(local), 1e-6);
                case WORLD -> assertSameRotation(h.getWorldRotation(node, new Quaternionf()),
                        new Quaternionf(turn).mul(world), 2e-6);
                default -> throw new AssertionError(space);
            }
            assertThat(h.getLocalTranslation(node, new Vector3f())).isEqualTo(t);
        }
    }

    @Test
    void rotateTurnsAnExplicitLocalMatrixAndKeepsItsShear() {
        Hierarchy h = new Hierarchy();
        long parent = h.createRoot();
        h.setLocalTrs(parent, new Vector3f(1, 2, 3), new Quaternionf().rotateZ(0.7f), new Vector3f(2, 2, 2));
        long node = h.createChild(parent);
        float[] sheared = {1, 0, 0, 0.5f, 1, 0, 0, 0, 1, 4, 5, 6};
        h.setLocalMatrix(node, sheared, 0);
        double[] before = referenceWorld(h, node);
        Quaternionf turn = new Quaternionf().rotateAxis(0.9f, 1, 2, 3);
        h.rotate(node, turn, Space.WORLD);
        assertThat(h.hasLocalMatrix(node)).isTrue();
        double[] after = referenceWorld(h, node);
        for (int col = 0; col < 3; col++) {
            double[] expected = rotate(turn, before[col * 3], before[col * 3 + 1], before[col * 3 + 2]);
            for (int row = 0; row < 3; row++) {
                assertThat(after[col * 3 + row]).isCloseTo(expected[row], within(2e-6));
            }
        }
        for (int row = 0; row < 3; row++) {
            assertThat(after[9 + row]).isEqualTo(before[9 + row]);
        }
        float[] local = h.getLocalMatrix(node, new float[12], 0);
        h.rotate(node, turn, Space.LOCAL); // on the right: the node's own axes turn, its columns mix
        float[] turned = h.getLocalMatrix(node, new float[12], 0);
        double[] m = new double[9];
        SpaceMoves.toMatrix(new double[] {turn.x, turn.y, turn.z, turn.w}, m);
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                double e = 0;
                for (int k = 0; k < 3; k++) {
                    e += local[k * 3 + row] * m[col * 3 + k];
                }
                assertThat((double) turned[col * 3 + row]).isCloseTo(e, within(1e-6));
            }
        }
        assertThat(turned[9]).isEqualTo(local[9]);
    }

    @Test
    void setWorldRotationAndSetWorldTrsReadBackWithinTheirBounds() {
        SplittableRandom r = new SplittableRandom(44);
        for (int round = 0; round < 300; round++) {
            Hierarchy h = new Hierarchy();
            long node = chain(h, r, false)[3];
            Quaternionf q = randomRotation(r);
            Vector3f scaleBefore = h.getLocalScale(node, new Vector3f());
            h.setWorldRotation(node, q);
            assertSameRotation(h.getWorldRotation(node, new Quaternionf()), q, 4e-7 * 4);
            assertThat(h.getLocalScale(node, new Vector3f())).isEqualTo(scaleBefore);
            Vector3f t = new Vector3f((float) r.nextDouble(-9, 9), (float) r.nextDouble(-9, 9),
                    (float) r.nextDouble(-9, 9));
            Vector3f s = new Vector3f((float) r.nextDouble(0.5, 2), (float) r.nextDouble(0.5, 2),
                    (float) r.nextDouble(0.5, 2));
            q = randomRotation(r);
            h.setWorldTrs(node, t, q, s);
            double[] w = referenceWorld(h, node);
            for (int col = 0; col < 3; col++) {
                float sc = col == 0 ? s.x : col == 1 ? s.y : s.z;
                double[] e = rotate(q, col == 0 ? sc : 0, col == 1 ? sc : 0, col == 2 ? sc : 0);
                for (int row = 0; row < 3; row++) {
                    assertThat(w[col * 3 + row]).as("round %d", round).isCloseTo(e[row], within(1e-5 * sc));
                }
            }
            assertThat(w[9]).isCloseTo(t.x, within(2e-5));
            assertThat(w[10]).isCloseTo(t.y, within(2e-5));
            assertThat(w[11]).isCloseTo(t.z, within(2e-5));
        }
    }

    @Test
    void pointsAndDirectionsMapBothWaysLikeTheWorldMatrix() {
        SplittableRandom r = new SplittableRandom(45);
        for (int round = 0; round < 200; round++) {
            Hierarchy h = new Hierarchy();
            long node = chain(h, r, true)[3];
            double[] w = referenceWorld(h, node);
            Vector3f p = new Vector3f((float) r.nextDouble(-5, 5), (float) r.nextDouble(-5, 5),
                    (float) r.nextDouble(-5, 5));
            Vector3f wp = h.localToWorldPoint(node, p, new Vector3f());
            Vector3f wd = h.localToWorldDirection(node, p, new Vector3f());
            double[] ep = apply(w, p.x, p.y, p.z, 1);
            double[] ed = apply(w, p.x, p.y, p.z, 0);
            assertVectorClose(wp, ep, 1e-5);
            assertVectorClose(wd, ed, 1e-5);
            Vector3f back = h.worldToLocalPoint(node, wp, new Vector3f());
            Vector3f backDirection = h.worldToLocalDirection(node, wd, new Vector3f());
            assertVectorClose(back, new double[] {p.x, p.y, p.z}, 5e-5);
            assertVectorClose(backDirection, new double[] {p.x, p.y, p.z}, 5e-5);
        }
    }

    private static void assertVectorClose(Vector3f v, double[] e, double relative) {
        double size = Math.abs(e[0]) + Math.abs(e[1]) + Math.abs(e[2]) + 1;
        assertThat((double) v.x).isCloseTo(e[0], within(relative * size));
        assertThat((double) v.y).isCloseTo(e[1], within(relative * size));
        assertThat((double) v.z).isCloseTo(e[2], within(relative * size));
    }

    @Test
    void badMovesAreRefusedAndChangeNothing() {
        Hierarchy h = new Hierarchy();
        long node = h.createRoot();
        h.setLocalTranslation(node, 1, 2, 3);
        assertThatThrownBy(() -> h.translate(node, Float.NaN, 0, 0, Space.LOCAL))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("translation of handle(");
        assertThatThrownBy(() -> h.rotate(node, new Quaternionf(0, 0, 0, 0), Space.WORLD))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.translate(node, 1, 0, 0, null)).isInstanceOf(NullPointerException.class);
        assertThat(h.getLocalTranslation(node, new Vector3f())).isEqualTo(new Vector3f(1, 2, 3));
        h.setLocalTranslation(node, Float.MAX_VALUE, 0, 0);
        // a sum that overflows is refused, nothing changed
        assertThatThrownBy(() -> h.translate(node, Float.MAX_VALUE, 0, 0, Space.PARENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Infinity");
        h.destroy(node);
        assertThatThrownBy(() -> h.lookAt(node, new Vector3f(1, 0, 0), POS_Y))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("stale handle");
    }
}
