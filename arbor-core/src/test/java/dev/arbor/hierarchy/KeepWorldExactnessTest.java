package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.ExactWorlds.U;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Matrix4x3f;
import org.junit.jupiter.api.Test;

/**
 * Keep-world operations ({@code reparent(…, true)}, {@code detach(…, true)}, {@code setWorld}) reproduce the world
 * and every descendant's world within the bound stated on {@link Hierarchy#reparent(long, long, int, boolean)}:
 * with {@code P} the new parent's world matrix, {@code κ} the 2-norm condition number of its linear part (1 for a
 * root), {@code u} = 2^-24 and {@code τ} = 2^-19 (the shear below which the local is stored as TRS),
 * <ul>
 *   <li>each linear column {@code j}: {@code |W'_j − W_j| ≤ (τ + 16u) κ |W_j|};</li>
 *   <li>the translation: {@code |W'_t − W_t| ≤ 16u κ (|W_t| + |P_t|)}.</li>
 * </ul>
 * Checked in Arbor's floats (what {@code getWorld} gives before and after) and in double precision from the locals,
 * where the float error the worlds had before (their storage error, measured) is added.
 */
class KeepWorldExactnessTest {
    private static final double TAU = 0x1p-19;

    /** The bound above, as a matrix of per-element allowances. */
    private static double[] bound(double[] parentWorld, double[] world) {
        double kappa = parentWorld == null ? 1 : ExactWorlds.condition(parentWorld);
        double parentT = parentWorld == null ? 0 : ExactWorlds.columnLength(parentWorld, 3);
        double[] b = new double[12];
        for (int c = 0; c < 4; c++) {
            double allowance = c < 3 ? (TAU + 16 * U) * kappa * ExactWorlds.columnLength(world, c)
                    : 16 * U * kappa * (ExactWorlds.columnLength(world, 3) + parentT);
            for (int r = 0; r < 3; r++) {
                b[c * 3 + r] = allowance;
            }
        }
        return b;
    }

    private static void assertWithin(String what, double[] actual, double[] expected, double[] allowance) {
        for (int k = 0; k < 12; k++) {
            assertThat(Math.abs(actual[k] - expected[k])).as("%s: element %d (%s vs %s)", what, k, actual[k],
                    expected[k]).isLessThanOrEqualTo(allowance[k]);
        }
    }

    // ---- the three cases of the issue ----

    @Test
    void reparentUnderANonUniformScaleFarFromTheOriginKeepsTheShear() {
        Hierarchy h = new Hierarchy();
        long parent = h.createRoot();
        h.setLocalTranslation(parent, 10000, 0, 0);
        h.setLocalScale(parent, 1, 1.05f, 1);
        long node = h.createRoot();
        float half = (float) Math.sqrt(0.5);
        h.setLocalRotation(node, 0, 0, (float) Math.sin(Math.PI / 8), (float) Math.cos(Math.PI / 8)); // Rz(45°)
        long child = h.createChild(node);
        h.setLocalTranslation(child, 0, 100, 0);
        double[] before = ExactWorlds.arborWorld(h, node);
        double[] childBefore = ExactWorlds.arborWorld(h, child);
        assertThat(before[0]).isCloseTo(half, within(1e-6));

        h.reparent(node, parent, 0, true);

        assertThat(h.hasLocalMatrix(node)).as("the new local has a real shear").isTrue();
        double[] p = ExactWorlds.arborWorld(h, parent);
        assertWithin("world of the node", ExactWorlds.arborWorld(h, node), before, bound(p, before));
        assertWithin("world of the node, in double", ExactWorlds.world(h, node), before, bound(p, before));
        assertThat(ExactWorlds.arborWorld(h, child)[9]).isCloseTo(childBefore[9], within(2e-3));
        assertThat(ExactWorlds.arborWorld(h, child)[10]).isCloseTo(childBefore[10], within(2e-3));
        h.checkInvariants();
    }

    @Test
    void setWorldWithASmallShearAtLargeTranslationsKeepsIt() {
        for (float x : new float[] {100, 10000}) {
            Hierarchy h = new Hierarchy();
            long parent = h.createRoot();
            h.setLocalTranslation(parent, -3, 4, 5);
            long node = h.createChild(parent);
            long child = h.createChild(node);
            h.setLocalTranslation(child, 0, 100, 0);
            float[] sheared = {1, 0, 0, 0.002f, 1, 0, 0, 0, 1, x, 0, 0}; // y axis leans 0.002 towards x

            h.setWorld(node, sheared, 0);

            assertThat(h.hasLocalMatrix(node)).as("at x = %s", x).isTrue();
            double[] expected = new double[12];
            for (int k = 0; k < 12; k++) {
                expected[k] = sheared[k];
            }
            double[] p = ExactWorlds.arborWorld(h, parent);
            assertWithin("world at x = " + x, ExactWorlds.arborWorld(h, node), expected, bound(p, expected));
            // the child at local (0, 100, 0) lands at x + 0.2 (it landed at x + 0.1 when the shear was dropped)
            float[] c = h.getWorld(child, new float[12], 0);
            assertThat((double) c[9]).as("child x at x = %s", x).isCloseTo(x + 0.2, within(x * 4 * U + 100 * 4 * U));
            assertThat((double) c[10]).isCloseTo(100, within(1e-4));
        }
    }

    @Test
    void reparentAtTranslation110WithAShearOf5e4KeepsIt() {
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long n1 = h.createChild(root);
        h.setLocalMatrix(n1, new float[] {1, 0, 0, 5e-4f, 1, 0, 0, 0, 1, 110, 0, 0}, 0);
        long first = h.createChild(n1);
        h.setLocalTranslation(first, 1, 2, 3);
        h.createChild(n1);
        long n11 = h.createChild(root);
        h.setLocalTranslation(n11, 7, -3, 2);
        h.setLocalRotation(n11, 0.1f, 0.2f, 0.3f, 0.9f);
        h.setLocalScale(n11, 1.5f, 0.75f, 1.25f);
        long below = h.createChild(n11);
        h.setLocalTranslation(below, 0, 10, 0);
        h.update();
        double[] before = ExactWorlds.arborWorld(h, n11);
        double[] belowBefore = ExactWorlds.world(h, below);

        h.reparent(n11, n1, 1, true);

        assertThat(h.firstChild(n1)).isEqualTo(first);
        assertThat(h.nextSibling(first)).isEqualTo(n11);
        assertThat(h.hasLocalMatrix(n11)).isTrue();
        double[] p = ExactWorlds.arborWorld(h, n1);
        double[] allowance = bound(p, before);
        assertWithin("world of n11", ExactWorlds.arborWorld(h, n11), before, allowance);
        // the child: ΔD = ΔW × X with X its (unchanged) local
        assertWithin("world of its child, in double", ExactWorlds.world(h, below), belowBefore,
                ExactWorlds.multiply(allowance, ExactWorlds.abs(ExactWorlds.local(h, below))));
        h.update();
        h.checkInvariants();
    }

    @Test
    void aTrsResultStaysTrsWhateverTheTranslation() {
        for (float x : new float[] {0, 1e3f, 1e6f}) {
            Hierarchy h = new Hierarchy();
            long parent = h.createRoot();
            h.setLocalTranslation(parent, x, -x, 0.5f * x);
            h.setLocalRotation(parent, 0, 0.3f, 0, 0.95f);
            h.setLocalScale(parent, 2, 2, 2);
            long node = h.createRoot();
            h.setLocalTranslation(node, -x, 3, x);
            h.setLocalRotation(node, 0.2f, 0.1f, -0.4f, 0.8f);
            h.setLocalScale(node, 1, 3, 0.5f);
            h.reparent(node, parent, true);
            assertThat(h.hasLocalMatrix(node)).as("at %s", x).isFalse();
            h.detach(node, true);
            assertThat(h.hasLocalMatrix(node)).as("at %s", x).isFalse();
            h.setWorld(node, new Matrix4x3f().translation(x, x, x).rotateY(0.5f).scale(1, 2, 3));
            assertThat(h.hasLocalMatrix(node)).as("at %s", x).isFalse();
        }
    }

    // ---- seeded random scenes ----

    /** A random forest: deep chains, translations from 1 to 1e6, non-uniform scales, some sheared matrices. */
    private static final class Scene {
        final Hierarchy h = new Hierarchy();
        final List<Long> nodes = new ArrayList<>();
        final SplittableRandom random;

        Scene(long seed, int size) {
            random = new SplittableRandom(seed);
            for (int i = 0; i < size; i++) {
                long node;
                if (nodes.isEmpty() || random.nextInt(40) == 0) {
                    node = h.createRoot();
                } else {
                    // mostly the latest nodes: chains tens of nodes deep
                    int back = random.nextInt(4) == 0 ? random.nextInt(nodes.size()) : random.nextInt(Math.min(3,
                            nodes.size()));
                    node = h.createChild(nodes.get(nodes.size() - 1 - back));
                }
                nodes.add(node);
                randomLocal(node);
            }
            if (random.nextBoolean()) {
                h.update();
            }
        }

        float magnitude() {
            return (float) Math.pow(10, random.nextDouble() * 6); // 1 … 1e6
        }

        float signed(double scale) {
            return (float) ((random.nextDouble() * 2 - 1) * scale);
        }

        void randomLocal(long node) {
            float m = random.nextInt(3) == 0 ? magnitude() : 1;
            if (random.nextInt(6) == 0) {
                h.setLocalMatrix(node, randomMatrix(m, true), 0);
                return;
            }
            h.setLocalTranslation(node, signed(m), signed(m), signed(m));
            h.setLocalRotation(node, signed(1), signed(1), signed(1), signed(1) + 1.5f);
            if (random.nextInt(3) == 0) {
                h.setLocalScale(node, 0.5f + (float) random.nextDouble(), 0.5f + (float) random.nextDouble(),
                        random.nextInt(8) == 0 ? -1f : 0.5f + (float) random.nextDouble());
            } else {
                float s = 0.5f + (float) random.nextDouble();
                h.setLocalScale(node, s, s, s);
            }
        }

        /** T × R × S × H in float, H a unit upper-triangular shear (entries up to 0.3) when {@code shear}. */
        float[] randomMatrix(float magnitude, boolean shear) {
            Matrix4x3f m = new Matrix4x3f().translation(signed(magnitude), signed(magnitude), signed(magnitude))
                    .rotateXYZ(signed(3), signed(3), signed(3))
                    .scale(0.5f + (float) random.nextDouble(), 0.5f + (float) random.nextDouble(),
                            0.5f + (float) random.nextDouble());
            if (shear) {
                float e = random.nextBoolean() ? signed(0.3) : signed(1e-3);
                m.mul(new Matrix4x3f(1, 0, 0, e, 1, 0, signed(0.3), e, 1, 0, 0, 0));
            }
            return m.get(new float[12], 0);
        }

        long pick() {
            return nodes.get(random.nextInt(nodes.size()));
        }
    }

    /** Everything below a node (up to 200) with the product of locals from the node down to it (X), in double. */
    private static void descendants(Hierarchy h, long node, double[] frame, List<Long> handles,
                                    List<double[]> frames) {
        for (long c = h.firstChild(node); c != Hierarchy.NULL && handles.size() < 200; c = h.nextSibling(c)) {
            double[] x = ExactWorlds.multiply(frame, ExactWorlds.local(h, c));
            handles.add(c);
            frames.add(x);
            descendants(h, c, x, handles, frames);
        }
    }

    @Test
    void keepWorldOperationsReproduceEveryWorldWithinTheStatedBoundOnRandomScenes() {
        int checked = 0;
        int asMatrix = 0;
        int descendantsChecked = 0;
        double worst = 0; // of the float check: error / stated bound
        for (long seed = 1; seed <= 12; seed++) {
            Scene s = new Scene(seed, 300);
            Hierarchy h = s.h;
            for (int op = 0; op < 60; op++) {
                String what = "seed " + seed + " op " + op;
                long node = s.pick();
                int kind = s.random.nextInt(3); // 0 reparent, 1 detach, 2 setWorld
                long parent = kind == 0 ? s.pick() : kind == 1 ? Hierarchy.NULL : h.parent(node);
                if (kind == 0 && (parent == node || h.isAncestor(node, parent))) {
                    continue;
                }
                // before: Arbor's float world and the double world of the node; the frames of its descendants
                double[] worldF = ExactWorlds.arborWorld(h, node);
                double[] worldD = ExactWorlds.world(h, node);
                List<Long> below = new ArrayList<>();
                List<double[]> frames = new ArrayList<>();
                descendants(h, node, identity(), below, frames);
                double[] given = null;
                if (kind == 0) {
                    int count = h.childCount(parent) - (h.parent(node) == parent ? 1 : 0);
                    h.reparent(node, parent, s.random.nextInt(count + 1), true);
                } else if (kind == 1) {
                    h.detach(node, true);
                } else {
                    float[] w = s.randomMatrix(s.magnitude(), s.random.nextBoolean());
                    h.setWorld(node, w, 0);
                    given = new double[12];
                    for (int k = 0; k < 12; k++) {
                        given[k] = w[k];
                    }
                }
                if (s.random.nextBoolean()) {
                    h.update();
                }
                asMatrix += h.hasLocalMatrix(node) ? 1 : 0;
                double[] p = parent == Hierarchy.NULL ? null : ExactWorlds.arborWorld(h, parent);
                double[] target = given != null ? given : worldF;
                double[] allowance = bound(p, target);
                // 1. in Arbor's floats: the stated bound
                double[] afterF = ExactWorlds.arborWorld(h, node);
                assertWithin(what + ": float world", afterF, target, allowance);
                for (int k = 0; k < 12; k++) {
                    worst = Math.max(worst, Math.abs(afterF[k] - target[k]) / allowance[k]);
                }
                // 2. in double, from the locals: W'd − Wd = (Wf − Wd) + K − (Pf − Pd) L' with |K| ≤ the bound, where
                // Wf − Wd and Pf − Pd are the float worlds' own storage errors (docs/precision.md), measured here
                double[] expectedD = given != null ? given : worldD;
                double[] total = allowance;
                if (given == null) {
                    total = ExactWorlds.plus(total, ExactWorlds.difference(worldF, worldD));
                }
                if (p != null) {
                    double[] parentError = ExactWorlds.difference(p, ExactWorlds.world(h, parent)); // last row 0
                    total = ExactWorlds.plus(total,
                            ExactWorlds.multiply(parentError, ExactWorlds.abs(ExactWorlds.local(h, node))));
                }
                double[] afterD = ExactWorlds.world(h, node);
                assertWithin(what + ": double world", afterD, expectedD, slack(total));
                // 3. every descendant D = W × X (X: its frame below the node, unchanged): |D' − E X| ≤ total × |X|,
                // in double; Arbor's floats within that plus their own storage error after the operation
                for (int i = 0; i < below.size(); i++) {
                    long d = below.get(i);
                    double[] expected = ExactWorlds.multiply(expectedD, frames.get(i));
                    double[] dAllowance = ExactWorlds.multiply(total, ExactWorlds.abs(frames.get(i)));
                    double[] dAfterD = ExactWorlds.world(h, d);
                    assertWithin(what + ": descendant " + i + " in double", dAfterD, expected, slack(dAllowance));
                    double[] dAfterF = ExactWorlds.arborWorld(h, d);
                    assertWithin(what + ": descendant " + i + " in Arbor's floats", dAfterF, expected,
                            slack(ExactWorlds.plus(dAllowance, ExactWorlds.difference(dAfterF, dAfterD))));
                    descendantsChecked++;
                }
                checked++;
            }
            h.update();
            h.checkInvariants();
        }
        System.out.printf("KeepWorldExactnessTest: %d keep-world operations, %d descendants, %d results with shear;"
                + " worst error / stated bound %.3f%n", checked, descendantsChecked, asMatrix, worst);
        assertThat(checked).isGreaterThan(500);
        assertThat(descendantsChecked).isGreaterThan(1000);
        assertThat(asMatrix).as("some results carried real shear").isPositive();
    }

    private static double[] identity() {
        return new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    }

    /** Rounding of the test's own double arithmetic: a relative 1e-9 of each allowance. */
    private static double[] slack(double[] allowance) {
        double[] out = new double[12];
        for (int k = 0; k < 12; k++) {
            out[k] = allowance[k] * (1 + 1e-9) + Double.MIN_NORMAL;
        }
        return out;
    }
}
