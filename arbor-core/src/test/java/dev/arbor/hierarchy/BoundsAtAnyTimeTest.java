package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.bounds.Frustum;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * Bounds and queries are exact at any time: sets, reads of boxes, queries and updates interleaved at random (seeded),
 * with and without {@code update()} between, against brute force: every node's world box from its world matrix
 * computed in double from the locals ({@link ExactWorlds}), all eight corners, and each query answered by testing
 * every box. A node within rounding of a query's boundary may be reported either way; every other node must be
 * reported exactly when brute force says so.
 */
class BoundsAtAnyTimeTest {
    /** Float world matrices of depth ≤ ~20 against double: relative to the coordinates' magnitude. */
    private static final double TOLERANCE = 2e-4;

    private final Map<Long, float[]> content = new HashMap<>();
    private Hierarchy h;
    private HierarchyBounds bounds;
    private SplittableRandom random;
    private final List<Long> nodes = new ArrayList<>();
    private int uncertain;
    private int hitsChecked;

    @Test
    void readsAndQueriesMatchBruteForceWithAndWithoutUpdatesBetween() {
        for (long seed = 1; seed <= 6; seed++) {
            run(seed, seed <= 3 ? 0.2 : 0.0, 250);
        }
        // each query compared node by node; few nodes so close to a boundary that rounding decides
        assertThat(hitsChecked).isGreaterThan(10_000);
        assertThat(uncertain).isLessThan(hitsChecked / 100);
    }

    private void run(long seed, double updateChance, int steps) {
        h = new Hierarchy();
        bounds = new HierarchyBounds(h);
        random = new SplittableRandom(seed);
        content.clear();
        nodes.clear();
        for (int i = 0; i < 150; i++) {
            create();
        }
        if (random.nextBoolean()) {
            h.update();
        }
        for (int step = 0; step < steps; step++) {
            String what = "seed " + seed + " step " + step;
            live();
            long node = nodes.get(random.nextInt(nodes.size()));
            switch (random.nextInt(16)) {
                case 0, 1, 2, 3 -> randomTransform(node);
                case 4 -> setContent(node);
                case 5 -> {
                    bounds.clearContentBounds(node);
                    content.remove(node);
                }
                case 6 -> {
                    long parent = nodes.get(random.nextInt(nodes.size()));
                    if (parent != node && !h.isAncestor(node, parent)) {
                        h.reparent(node, parent, random.nextBoolean());
                    }
                }
                case 7 -> {
                    if (nodes.size() > 60) {
                        h.destroy(node);
                    }
                }
                case 8 -> create();
                case 9 -> h.getWorld(node, new float[12], 0); // a read between updates: its world is recomputed
                case 10 -> h.setWorldTranslation(node, f(6), f(6), f(6));
                case 11 -> checkWorldBox(what, node);
                case 12 -> checkSubtreeBox(what, node);
                case 13 -> checkQueryBox(what);
                case 14 -> checkFrustum(what);
                default -> checkRay(what);
            }
            if (random.nextDouble() < updateChance) {
                h.update();
            }
        }
        h.update();
        checkQueryBox("seed " + seed + " after the last update");
        bounds.close();
    }

    // ---- the scene ----

    private long create() {
        long node = nodes.isEmpty() || random.nextInt(10) == 0 ? h.createRoot()
                : h.createChild(nodes.get(random.nextInt(nodes.size())));
        nodes.add(node);
        randomTransform(node);
        if (random.nextBoolean()) {
            setContent(node);
        }
        return node;
    }

    private void randomTransform(long node) {
        // the whole local: a keep-world move may have left an explicit matrix with shear
        h.setLocalTrs(node, new Vector3f(f(3), f(3), f(3)),
                new Quaternionf(f(1), f(1), f(1), f(1) + 1.5f).normalize(),
                new Vector3f(0.6f + (float) random.nextDouble(), 0.6f + (float) random.nextDouble(),
                        random.nextInt(8) == 0 ? -1f : 1f));
    }

    private void setContent(long node) {
        float[] b = {f(1), f(1), f(1), 0, 0, 0};
        b[3] = b[0] + (float) random.nextDouble() * 2;
        b[4] = b[1] + (float) random.nextDouble() * 2;
        b[5] = b[2] + (float) random.nextDouble() * 2;
        bounds.setContentBounds(node, b[0], b[1], b[2], b[3], b[4], b[5]);
        content.put(node, b);
    }

    private float f(double scale) {
        return (float) ((random.nextDouble() * 2 - 1) * scale);
    }

    private void live() {
        nodes.removeIf(n -> !h.isAlive(n));
        content.keySet().removeIf(n -> !h.isAlive(n));
    }

    // ---- brute force ----

    /** The box of the eight corners of the node's content under its double-precision world matrix, or null. */
    private double[] worldBox(long node) {
        float[] c = content.get(node);
        if (c == null) {
            return null;
        }
        double[] m = ExactWorlds.world(h, node);
        double[] out = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
            -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int corner = 0; corner < 8; corner++) {
            double x = c[(corner & 1) == 0 ? 0 : 3];
            double y = c[(corner & 2) == 0 ? 1 : 4];
            double z = c[(corner & 4) == 0 ? 2 : 5];
            for (int r = 0; r < 3; r++) {
                double v = m[r] * x + m[3 + r] * y + m[6 + r] * z + m[9 + r];
                out[r] = Math.min(out[r], v);
                out[3 + r] = Math.max(out[3 + r], v);
            }
        }
        return out;
    }

    private double[] subtreeBox(long node) {
        double[] acc = worldBox(node);
        for (long c = h.firstChild(node); c != Hierarchy.NULL; c = h.nextSibling(c)) {
            double[] b = subtreeBox(c);
            if (acc == null) {
                acc = b;
            } else if (b != null) {
                for (int k = 0; k < 3; k++) {
                    acc[k] = Math.min(acc[k], b[k]);
                    acc[k + 3] = Math.max(acc[k + 3], b[k + 3]);
                }
            }
        }
        return acc;
    }

    private static double margin(double[] box) {
        double size = 1;
        for (double v : box) {
            size = Math.max(size, Math.abs(v));
        }
        return TOLERANCE * size;
    }

    /** The box grown by {@code by} on every side (shrunk for a negative {@code by}; null if that empties it). */
    private static double[] grown(double[] box, double by) {
        double[] out = new double[6];
        for (int k = 0; k < 3; k++) {
            out[k] = box[k] - by;
            out[k + 3] = box[k + 3] + by;
            if (out[k] > out[k + 3]) {
                return null;
            }
        }
        return out;
    }

    private static void assertBox(String what, boolean present, float[] actual, double[] expected) {
        assertThat(present).as(what + " present").isEqualTo(expected != null);
        if (expected != null) {
            for (int k = 0; k < 6; k++) {
                assertThat((double) actual[k]).as(what + " [" + k + "]").isCloseTo(expected[k],
                        within(margin(expected)));
            }
        }
    }

    /** A predicate on a box in double precision, to be asked of the box grown and shrunk by the margin. */
    private interface BoxTest {
        boolean hits(double[] box);
    }

    /** Every reported node must possibly hit, every node that surely hits must be reported, no node twice. */
    private void compare(String what, long[] out, int hits, BoxTest test) {
        Set<Long> got = new HashSet<>();
        for (int k = 0; k < hits; k++) {
            assertThat(got.add(out[k])).as("%s: %s reported twice", what, Handles.toString(out[k])).isTrue();
        }
        for (long node : nodes) {
            double[] box = worldBox(node);
            if (box == null) {
                assertThat(got).as(what + ": a node without content").doesNotContain(node);
                continue;
            }
            double m = margin(box);
            double[] smaller = grown(box, -m);
            boolean sure = smaller != null && test.hits(smaller);
            boolean possible = test.hits(grown(box, m));
            hitsChecked++;
            if (sure) {
                assertThat(got).as(what + ": misses " + Handles.toString(node)).contains(node);
            } else if (!possible) {
                assertThat(got).as(what + ": reports " + Handles.toString(node)).doesNotContain(node);
            } else {
                uncertain++;
            }
        }
    }

    // ---- reads and queries ----

    private void checkWorldBox(String what, long node) {
        float[] got = new float[6];
        assertBox(what + ": world box of " + Handles.toString(node), bounds.getWorldBounds(node, got, 0), got,
                worldBox(node));
    }

    private void checkSubtreeBox(String what, long node) {
        float[] got = new float[6];
        assertBox(what + ": subtree box of " + Handles.toString(node), bounds.getSubtreeBounds(node, got, 0), got,
                subtreeBox(node));
    }

    private void checkQueryBox(String what) {
        float[] q = {f(8), f(8), f(8), 0, 0, 0};
        for (int k = 0; k < 3; k++) {
            q[k + 3] = q[k] + (float) random.nextDouble() * 8;
        }
        long[] out = new long[nodes.size()];
        int hits = bounds.queryBox(q, 0, out, 0);
        compare(what + ": queryBox", out, hits, b -> b[0] <= q[3] && q[0] <= b[3] && b[1] <= q[4] && q[1] <= b[4]
                && b[2] <= q[5] && q[2] <= b[5]);
    }

    private void checkFrustum(String what) {
        Matrix4f pv = new Matrix4f().perspective((float) Math.toRadians(30 + random.nextInt(60)), 1.3f, 0.5f, 30f)
                .lookAt(f(15), f(15), f(15), f(2), f(2), f(2), 0, 1, 0);
        float[] planes = new float[Frustum.FLOATS];
        Frustum.fromProjectionView(pv.get(new float[16]), 0, false, planes, 0);
        long[] out = new long[nodes.size()];
        int hits = bounds.queryFrustum(pv, out, 0);
        compare(what + ": queryFrustum", out, hits, b -> {
            for (int k = 0; k < Frustum.PLANES; k++) {
                double a = planes[k * 4];
                double bb = planes[k * 4 + 1];
                double c = planes[k * 4 + 2];
                double far = a * (a >= 0 ? b[3] : b[0]) + bb * (bb >= 0 ? b[4] : b[1]) + c * (c >= 0 ? b[5] : b[2])
                        + planes[k * 4 + 3];
                if (far < 0) {
                    return false;
                }
            }
            return true;
        });
    }

    private void checkRay(String what) {
        float ox = f(20);
        float oy = f(20);
        float oz = f(20);
        float dx = -ox + f(2);
        float dy = -oy + f(2);
        float dz = -oz + f(2);
        float maxT = 2f;
        long[] out = new long[nodes.size()];
        float[] distances = new float[nodes.size()];
        int hits = bounds.queryRay(ox, oy, oz, dx, dy, dz, maxT, out, distances, 0);
        for (int k = 1; k < hits; k++) {
            assertThat(distances[k]).as(what + ": nearest first").isGreaterThanOrEqualTo(distances[k - 1]);
        }
        double[] o = {ox, oy, oz};
        double[] d = {dx, dy, dz};
        compare(what + ": queryRay", out, hits, b -> {
            double lo = 0;
            double hi = maxT;
            for (int k = 0; k < 3; k++) {
                if (d[k] == 0) {
                    if (o[k] < b[k] || o[k] > b[k + 3]) {
                        return false;
                    }
                    continue;
                }
                double t1 = (b[k] - o[k]) / d[k];
                double t2 = (b[k + 3] - o[k]) / d[k];
                lo = Math.max(lo, Math.min(t1, t2));
                hi = Math.min(hi, Math.max(t1, t2));
            }
            return lo <= hi;
        });
    }
}
