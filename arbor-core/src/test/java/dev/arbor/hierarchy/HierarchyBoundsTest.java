package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.bounds.Aabb;
import dev.arbor.bounds.Frustum;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Bounds against brute force: world matrices recomputed the slow way (double precision, product of locals from the
 * root), all eight corners of every content box transformed, boxes unioned by hand; queries against a linear scan.
 */
class HierarchyBoundsTest {
    /** Relative tolerance: float world matrices of depth ≤ ~12 against double recomputation. */
    private static final double TOLERANCE = 2e-4;

    /** A random scene with the test's own record of content boxes. */
    private static final class World {
        final Hierarchy h = new Hierarchy();
        final HierarchyBounds bounds = new HierarchyBounds(h);
        final List<Long> nodes = new ArrayList<>();
        final Map<Long, float[]> content = new HashMap<>();
        final SplittableRandom random;

        World(long seed, int size) {
            random = new SplittableRandom(seed);
            for (int i = 0; i < size; i++) {
                create();
            }
            h.update();
        }

        long create() {
            long node = nodes.isEmpty() || random.nextInt(10) == 0 ? h.createRoot()
                    : h.createChild(nodes.get(random.nextInt(nodes.size())));
            nodes.add(node);
            randomTransform(node);
            if (random.nextBoolean()) {
                setContent(node);
            }
            return node;
        }

        void randomTransform(long node) {
            h.setLocalTranslation(node, f(3), f(3), f(3));
            h.setLocalRotation(node, f(1), f(1), f(1), f(1) + 1.5f);
            h.setLocalScale(node, 0.6f + (float) random.nextDouble(), 0.6f + (float) random.nextDouble(),
                    random.nextInt(8) == 0 ? -1f : 1f);
        }

        void setContent(long node) {
            float[] b = {f(1), f(1), f(1), 0, 0, 0};
            b[3] = b[0] + (float) random.nextDouble() * 2;
            b[4] = b[1] + (float) random.nextDouble() * 2;
            b[5] = b[2] + (float) random.nextDouble() * 2;
            bounds.setContentBounds(node, b[0], b[1], b[2], b[3], b[4], b[5]);
            content.put(node, b);
        }

        float f(double scale) {
            return (float) ((random.nextDouble() * 2 - 1) * scale);
        }

        List<Long> live() {
            nodes.removeIf(n -> !h.isAlive(n));
            content.keySet().removeIf(n -> !h.isAlive(n));
            return nodes;
        }

        /** World matrix the slow way: product of locals from the root, in double. */
        Matrix4d world(long node) {
            Matrix4d m = local(node);
            for (long p = h.parent(node); p != Hierarchy.NULL; p = h.parent(p)) {
                m = local(p).mul(m);
            }
            return m;
        }

        Matrix4d local(long node) {
            float[] l = h.getLocalMatrix(node, new float[12], 0);
            return new Matrix4d(l[0], l[1], l[2], 0, l[3], l[4], l[5], 0, l[6], l[7], l[8], 0, l[9], l[10], l[11], 1);
        }

        /** The box of all eight corners of the node's content transformed by {@code m}, or null. */
        double[] cornersBox(long node, Matrix4d m) {
            float[] c = content.get(node);
            if (c == null) {
                return null;
            }
            double[] out = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
                -Double.MAX_VALUE, -Double.MAX_VALUE};
            for (int corner = 0; corner < 8; corner++) {
                Vector3d p = m.transformPosition(new Vector3d(
                        c[(corner & 1) == 0 ? 0 : 3], c[(corner & 2) == 0 ? 1 : 4], c[(corner & 4) == 0 ? 2 : 5]));
                out[0] = Math.min(out[0], p.x);
                out[1] = Math.min(out[1], p.y);
                out[2] = Math.min(out[2], p.z);
                out[3] = Math.max(out[3], p.x);
                out[4] = Math.max(out[4], p.y);
                out[5] = Math.max(out[5], p.z);
            }
            return out;
        }

        double[] subtreeBox(long node, Matrix4d frameFromNode) {
            double[] acc = cornersBox(node, frameFromNode);
            for (long c = h.firstChild(node); c != Hierarchy.NULL; c = h.nextSibling(c)) {
                double[] b = subtreeBox(c, new Matrix4d(frameFromNode).mul(local(c)));
                acc = union(acc, b);
            }
            return acc;
        }
    }

    private static double[] union(double[] a, double[] b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return new double[] {Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.min(a[2], b[2]),
            Math.max(a[3], b[3]), Math.max(a[4], b[4]), Math.max(a[5], b[5])};
    }

    private static void assertBox(String what, boolean present, float[] actual, double[] expected) {
        assertThat(present).as(what + " present").isEqualTo(expected != null);
        if (expected == null) {
            return;
        }
        for (int k = 0; k < 6; k++) {
            assertThat((double) actual[k]).as(what + " [" + k + "]")
                    .isCloseTo(expected[k], within(TOLERANCE * Math.max(1, Math.abs(expected[k]))));
        }
    }

    private static void checkAll(World w) {
        float[] got = new float[6];
        for (long node : w.live()) {
            Matrix4d world = w.world(node);
            assertBox("world box of " + Handles.toString(node), w.bounds.getWorldBounds(node, got, 0), got,
                    w.cornersBox(node, world));
            assertBox("subtree box of " + Handles.toString(node), w.bounds.getSubtreeBounds(node, got, 0), got,
                    w.subtreeBox(node, world));
        }
    }

    @Test
    void worldAndSubtreeBoxesMatchBruteForceThroughRandomChanges() {
        World w = new World(1, 400);
        checkAll(w);
        for (int step = 0; step < 150; step++) {
            List<Long> live = w.live();
            long node = live.get(w.random.nextInt(live.size()));
            switch (w.random.nextInt(6)) {
                case 0 -> w.randomTransform(node);
                case 1 -> w.setContent(node);
                case 2 -> {
                    w.bounds.clearContentBounds(node);
                    w.content.remove(node);
                }
                case 3 -> {
                    long parent = live.get(w.random.nextInt(live.size()));
                    if (parent != node && !w.h.isAncestor(node, parent)) {
                        w.h.reparent(node, parent, w.random.nextBoolean());
                    }
                }
                case 4 -> {
                    if (live.size() > 50) {
                        w.h.destroy(node);
                    }
                }
                default -> w.create();
            }
            w.h.update();
            if (step % 10 == 0) {
                checkAll(w);
            }
        }
        checkAll(w);
    }

    @Test
    void boundsInAnAncestorFrameMatchBruteForceAndIgnoreSingularAncestors() {
        World w = new World(2, 300);
        float[] got = new float[6];
        for (int trial = 0; trial < 200; trial++) {
            List<Long> live = w.live();
            long node = live.get(w.random.nextInt(live.size()));
            List<Long> chain = new ArrayList<>();
            chain.add(node);
            for (long p = w.h.parent(node); p != Hierarchy.NULL; p = w.h.parent(p)) {
                chain.add(p);
            }
            long ancestor = chain.get(w.random.nextInt(chain.size()));
            // frameFromNode: product of locals strictly below the ancestor down to the node
            Matrix4d frame = new Matrix4d();
            for (int k = chain.indexOf(ancestor) - 1; k >= 0; k--) {
                frame.mul(w.local(chain.get(k)));
            }
            assertBox("bounds of " + Handles.toString(node) + " in frame of " + Handles.toString(ancestor),
                    w.bounds.getSubtreeBoundsIn(node, ancestor, got, 0), got, w.subtreeBox(node, frame));
        }
        // a zero scale on an ancestor: world-space identities would need its inverse; this does not
        long top = w.h.createRoot();
        long mid = w.h.createChild(top);
        long leaf = w.h.createChild(mid);
        w.h.setLocalScale(top, 0, 1, 1);
        w.h.setLocalTranslation(leaf, 5, 0, 0);
        w.bounds.setContentBounds(leaf, -1, -1, -1, 1, 1, 1);
        assertThat(w.bounds.getSubtreeBoundsIn(mid, top, got, 0)).isTrue();
        assertThat(got).containsExactly(new float[] {4, -1, -1, 6, 1, 1}, within(1e-6f));
        assertThatThrownBy(() -> w.bounds.getSubtreeBoundsIn(top, leaf, got, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not an ancestor of");
    }

    @Test
    void boxFrustumAndRayQueriesEqualALinearScan() {
        World w = new World(3, 2000);
        float[] worldBox = new float[6];
        long[] out = new long[4096];
        float[] distances = new float[4096];
        for (int trial = 0; trial < 60; trial++) {
            // box
            float[] q = {w.f(8), w.f(8), w.f(8), 0, 0, 0};
            q[3] = q[0] + (float) w.random.nextDouble() * 6;
            q[4] = q[1] + (float) w.random.nextDouble() * 6;
            q[5] = q[2] + (float) w.random.nextDouble() * 6;
            Set<Long> expected = new HashSet<>();
            for (long node : w.live()) {
                if (w.bounds.getWorldBounds(node, worldBox, 0) && Aabb.intersects(worldBox, 0, q, 0)) {
                    expected.add(node);
                }
            }
            int hits = w.bounds.queryBox(q, 0, out, 0);
            assertThat(hits).isEqualTo(expected.size());
            assertThat(toSet(out, hits)).isEqualTo(expected);

            // frustum
            Matrix4f pv = new Matrix4f().perspective((float) Math.toRadians(40 + w.random.nextInt(60)), 1.3f, 0.5f,
                    30f).lookAt(w.f(15), w.f(15), w.f(15), w.f(2), w.f(2), w.f(2), 0, 1, 0);
            float[] planes = new float[Frustum.FLOATS];
            Frustum.fromProjectionView(pv.get(new float[16]), 0, false, planes, 0);
            expected.clear();
            for (long node : w.live()) {
                if (w.bounds.getWorldBounds(node, worldBox, 0)
                        && Frustum.classify(planes, 0, worldBox, 0) != Frustum.OUTSIDE) {
                    expected.add(node);
                }
            }
            hits = w.bounds.queryFrustum(pv, out, 0);
            assertThat(toSet(out, hits)).isEqualTo(expected);

            // ray, nearest first
            float ox = w.f(20);
            float oy = w.f(20);
            float oz = w.f(20);
            float dx = -ox + w.f(2);
            float dy = -oy + w.f(2);
            float dz = -oz + w.f(2);
            Map<Long, Float> expectedT = new HashMap<>();
            for (long node : w.live()) {
                if (w.bounds.getWorldBounds(node, worldBox, 0)) {
                    float t = Aabb.rayEntry(worldBox, 0, ox, oy, oz, dx, dy, dz, 2f);
                    if (t >= 0) {
                        expectedT.put(node, t);
                    }
                }
            }
            hits = w.bounds.queryRay(ox, oy, oz, dx, dy, dz, 2f, out, distances, 0);
            assertThat(hits).isEqualTo(expectedT.size());
            for (int k = 0; k < hits; k++) {
                assertThat(distances[k]).isEqualTo(expectedT.get(out[k]));
                if (k > 0) {
                    assertThat(distances[k]).isGreaterThanOrEqualTo(distances[k - 1]);
                }
            }
            // move some nodes between trials
            for (int m = 0; m < 20; m++) {
                List<Long> live = w.live();
                w.randomTransform(live.get(w.random.nextInt(live.size())));
            }
            w.h.update();
        }
        // every root here spans the middle of the scene, so the frustum queries took the sweep
        assertThat(w.bounds.linearQueries).isPositive();
    }

    @Test
    void frustumQueriesOverSpatiallySeparateSubtreesWalkTheTreeAndEqualTheScan() {
        Hierarchy h = new Hierarchy();
        HierarchyBounds bounds = new HierarchyBounds(h);
        SplittableRandom random = new SplittableRandom(8);
        List<Long> all = new ArrayList<>();
        for (int gx = 0; gx < 10; gx++) {
            for (int gz = 0; gz < 10; gz++) {
                long root = h.createRoot();
                h.setLocalTranslation(root, gx * 50f, 0, gz * 50f);
                all.add(root);
                for (int k = 0; k < 30; k++) {
                    long parent = all.get(all.size() - 1 - random.nextInt(Math.min(k + 1, 5)));
                    long child = h.createChild(parent);
                    h.setLocalTranslation(child, (float) random.nextDouble() * 2 - 1, (float) random.nextDouble(),
                            (float) random.nextDouble() * 2 - 1);
                    bounds.setContentBounds(child, -0.3f, -0.3f, -0.3f, 0.3f, 0.3f, 0.3f);
                    all.add(child);
                }
            }
        }
        h.update();
        float[] box = new float[6];
        long[] out = new long[all.size()];
        for (int trial = 0; trial < 20; trial++) {
            // a camera near one corner of the grid, looking along the diagonal with a narrow field of view
            Matrix4f pv = new Matrix4f().perspective((float) Math.toRadians(10 + random.nextInt(20)), 1f, 0.1f, 300f)
                    .lookAt(-20, 10, -20, 100 + random.nextInt(300), 0, 100 + random.nextInt(300), 0, 1, 0);
            float[] planes = new float[Frustum.FLOATS];
            Frustum.fromProjectionView(pv.get(new float[16]), 0, false, planes, 0);
            Set<Long> expected = new HashSet<>();
            for (long node : all) {
                if (bounds.getWorldBounds(node, box, 0) && Frustum.classify(planes, 0, box, 0) != Frustum.OUTSIDE) {
                    expected.add(node);
                }
            }
            int hits = bounds.queryFrustum(pv, out, 0);
            assertThat(toSet(out, hits)).isEqualTo(expected);
            assertThat(hits).isPositive().isLessThan(all.size() / 2);
        }
        assertThat(bounds.linearQueries).as("queries answered by the sweep").isZero();
    }

    @Test
    void aStaticSceneRecomputesNothingAndALeafMoveTouchesOnlyItsAncestors() {
        Hierarchy h = new Hierarchy();
        HierarchyBounds bounds = new HierarchyBounds(h);
        long[] chain = new long[10];
        for (int i = 0; i < chain.length; i++) {
            chain[i] = i == 0 ? h.createRoot() : h.createChild(chain[i - 1]);
            h.setLocalTranslation(chain[i], 1, 0, 0);
            bounds.setContentBounds(chain[i], 0, 0, 0, 1, 1, 1);
            for (int s = 0; s < 5; s++) { // side leaves
                long side = h.createChild(chain[i]);
                bounds.setContentBounds(side, 0, 0, 0, 1, 1, 1);
            }
        }
        h.update();
        float[] box = new float[6];
        bounds.getSubtreeBounds(chain[0], box, 0);
        assertThat(box).containsExactly(1, 0, 0, 11, 1, 1);
        bounds.worldBoxesComputed = 0;
        bounds.subtreeBoxesComputed = 0;

        h.update();
        assertThat(bounds.queryBox(new float[] {0, 0, 0, 100, 100, 100}, 0, new long[100], 0)).isEqualTo(60);
        assertThat(bounds.worldBoxesComputed).isZero();
        assertThat(bounds.subtreeBoxesComputed).isZero();

        long leaf = h.firstChild(chain[9]); // a side leaf at the bottom of the chain
        h.setLocalTranslation(leaf, 0, 5, 0);
        h.update();
        bounds.getSubtreeBounds(chain[0], box, 0);
        assertThat(box).containsExactly(1, 0, 0, 11, 6, 1);
        assertThat(bounds.worldBoxesComputed).isEqualTo(1);
        assertThat(bounds.subtreeBoxesComputed).isEqualTo(11); // the leaf and its 10 ancestors
    }

    @Test
    void readsWithUnpublishedMovesAreExactAndBadInputIsRefused() {
        Hierarchy h = new Hierarchy();
        HierarchyBounds bounds = new HierarchyBounds(h);
        long a = h.createRoot();
        bounds.setContentBounds(a, 0, 0, 0, 1, 1, 1);
        h.update();
        h.setLocalTranslation(a, 1, 0, 0);
        float[] box = new float[6];
        assertThat(bounds.getSubtreeBounds(a, box, 0)).isTrue(); // no update: exact all the same
        assertThat(box).containsExactly(1, 0, 0, 2, 1, 1);
        assertThat(bounds.queryBox(new float[] {1.5f, 0, 0, 3, 1, 1}, 0, new long[1], 0)).isEqualTo(1);
        h.update();
        assertThatThrownBy(() -> bounds.setContentBounds(a, 0, 0, 0, -1, 1, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("content bounds of " + Handles.toString(a) + ": min > max on x axis: min=0.0, max=-1.0");
        assertThatThrownBy(() -> bounds.setContentBounds(a, 0, Float.NaN, 0, 1, 1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("are not finite");
        float[] content = new float[6];
        assertThat(bounds.getContentBounds(a, content, 0)).isTrue();
        assertThat(content).containsExactly(0, 0, 0, 1, 1, 1);
        assertThatThrownBy(() -> bounds.queryRay(0, 0, 0, 0, 0, 0, 1, new long[1], null, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("ray direction is zero");
        assertThatThrownBy(() -> bounds.queryBox(new float[] {0, 0, 0, -1, 0, 0}, 0, new long[1], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query box invalid on x axis");
        // too small an output array: the total is still reported
        long b = h.createRoot();
        bounds.setContentBounds(b, 0, 0, 0, 1, 1, 1);
        h.update();
        long[] one = new long[1];
        assertThat(bounds.queryBox(new float[] {-5, -5, -5, 5, 5, 5}, 0, one, 0)).isEqualTo(2);
        assertThat(one[0]).isIn(a, b);
    }

    @Test
    void aReusedSlotStartsWithoutContent() {
        Hierarchy h = new Hierarchy();
        HierarchyBounds bounds = new HierarchyBounds(h);
        long a = h.createRoot();
        bounds.setContentBounds(a, 0, 0, 0, 1, 1, 1);
        h.update();
        h.destroy(a);
        long b = h.createRoot();
        assertThat(Handles.slot(b)).isEqualTo(Handles.slot(a));
        h.update();
        assertThat(bounds.getWorldBounds(b, new float[6], 0)).isFalse();
        assertThat(bounds.queryBox(new float[] {-5, -5, -5, 5, 5, 5}, 0, new long[4], 0)).isZero();
        assertThatThrownBy(() -> bounds.setContentBounds(a, 0, 0, 0, 1, 1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("stale handle");
    }

    private static Set<Long> toSet(long[] out, int count) {
        Set<Long> s = new HashSet<>();
        for (int k = 0; k < count; k++) {
            s.add(out[k]);
        }
        return s;
    }

}
