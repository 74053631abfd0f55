package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Layered blending against values computed by hand and by the same formulas in double precision. */
class PoseLayersTest {
    /** Four targets: 0 the root, 1 and 2 its children, 3 a child of 2. */
    private static final int[] PARENTS = {-1, 0, 0, 2};

    private static Pose rest() {
        Pose rest = new Pose(4);
        for (int i = 0; i < 4; i++) {
            rest.set(i, new float[] {i, 0, 0}, new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        }
        return rest;
    }

    private static float[] turnZ(double radians) {
        return new float[] {0, 0, (float) Math.sin(radians / 2), (float) Math.cos(radians / 2)};
    }

    @Test
    void oneAveragedOverrideLayerMovesEveryTargetItsWeightOfTheWayFromRest() {
        Pose rest = rest();
        PoseLayers layers = new PoseLayers(rest, OverrideMode.AVERAGED);
        int walk = layers.addOverride();
        for (int i = 0; i < 4; i++) {
            layers.pose(walk).set(i, new float[] {i, 4, 0}, turnZ(Math.PI / 2), new float[] {2, 2, 2});
        }
        layers.weight(walk, 0.25f);
        Pose out = new Pose(4);
        layers.evaluate(out);
        float[] t = out.translation(2, new float[3], 0);
        assertThat(t).containsExactly(new float[] {2, 1, 0}, offset(1e-6f));
        assertThat(out.scale(2, new float[3], 0)).containsExactly(new float[] {1.25f, 1.25f, 1.25f}, offset(1e-6f));
        // normalised 0.75 × identity + 0.25 × (0, 0, sin 45°, cos 45°)
        double z = 0.25 * Math.sin(Math.PI / 4);
        double w = 0.75 + 0.25 * Math.cos(Math.PI / 4);
        double l = Math.hypot(z, w);
        assertThat(out.rotation(2, new float[4], 0))
                .containsExactly(new float[] {0, 0, (float) (z / l), (float) (w / l)}, offset(1e-6f));
    }

    @ParameterizedTest
    @EnumSource(OverrideMode.class)
    void masksOnSubtreesGiveEachTargetItsOwnLayerAndTheRestStays(OverrideMode mode) {
        Pose rest = rest();
        PoseLayers layers = new PoseLayers(rest, mode);
        int upper = layers.addOverride();
        int lower = layers.addOverride();
        for (int i = 0; i < 4; i++) {
            layers.pose(upper).set(i, new float[] {10, 0, 0}, turnZ(0.3), new float[] {1, 1, 1});
            layers.pose(lower).set(i, new float[] {20, 0, 0}, turnZ(-0.7), new float[] {3, 3, 3});
        }
        assertThat(PoseLayers.subtreeMask(PARENTS, 2, 1)).containsExactly(0, 0, 1, 1);
        layers.mask(upper, PoseLayers.subtreeMask(PARENTS, 1, 1));
        layers.mask(lower, PoseLayers.subtreeMask(PARENTS, 2, 1));
        Pose out = new Pose(4);
        layers.evaluate(out);
        assertThat(out.translation(0, new float[3], 0)).as("the root: no mask covers it").containsExactly(0, 0, 0);
        assertThat(out.translation(1, new float[3], 0)).containsExactly(10, 0, 0);
        assertThat(out.translation(3, new float[3], 0)).containsExactly(20, 0, 0);
        assertThat(out.rotation(3, new float[4], 0)).containsExactly(turnZ(-0.7), offset(1e-7f));
        assertThat(out.scale(2, new float[3], 0)).containsExactly(3, 3, 3);
    }

    @Test
    void averagedWeightsAboveOneAreAMeanAndTheOrderOfOverrideLayersDoesNotMatter() {
        Random random = new Random(7);
        Pose rest = rest();
        float[][][] values = new float[5][4][];
        float[] ws = new float[5];
        for (int l = 0; l < 5; l++) {
            ws[l] = random.nextFloat();
            for (int i = 0; i < 4; i++) {
                values[l][i] = new float[] {random.nextFloat(), random.nextFloat(), random.nextFloat(),
                    (float) (random.nextDouble() * 2 - 1)};
            }
        }
        Pose forward = evaluate(rest, values, ws, new int[] {0, 1, 2, 3, 4});
        Pose backward = evaluate(rest, values, ws, new int[] {4, 3, 2, 1, 0});
        float[] a = new float[4];
        float[] b = new float[4];
        for (int i = 0; i < 4; i++) {
            assertThat(forward.translation(i, a, 0)).containsExactly(backward.translation(i, b, 0), offset(1e-6f));
            assertThat(forward.rotation(i, a, 0)).containsExactly(backward.rotation(i, b, 0), offset(1e-6f));
        }
        // the sum of weights is above 1 here: the translation is the weighted mean of the layers alone
        double sum = 0;
        double x = 0;
        for (int l = 0; l < 5; l++) {
            sum += ws[l];
            x += ws[l] * values[l][1][0];
        }
        assertThat(sum).isGreaterThan(1);
        assertThat(forward.translation(1, a, 0)[0]).isCloseTo((float) (x / sum), offset(1e-6f));
    }

    private static Pose evaluate(Pose rest, float[][][] values, float[] ws, int[] order) {
        PoseLayers layers = new PoseLayers(rest, OverrideMode.AVERAGED);
        for (int l : order) {
            int layer = layers.addOverride();
            for (int i = 0; i < 4; i++) {
                float[] v = values[l][i];
                layers.pose(layer).set(i, new float[] {v[0], v[1], v[2]}, turnZ(v[3]), new float[] {1, 1, 1});
            }
            layers.weight(layer, ws[l]);
        }
        Pose out = new Pose(4);
        layers.evaluate(out);
        return out;
    }

    @Test
    void anAdditiveLayerAddsItsWeightOfItsDifferenceFromItsReference() {
        Pose rest = rest();
        PoseLayers layers = new PoseLayers(rest, OverrideMode.AVERAGED);
        Pose reference = new Pose(4);
        for (int i = 0; i < 4; i++) {
            reference.set(i, new float[] {5, 5, 5}, turnZ(0.2), new float[] {2, 2, 2});
        }
        int breathe = layers.addAdditive(reference);
        for (int i = 0; i < 4; i++) { // +1 in x, +60° about z and twice the scale, relative to the reference
            layers.pose(breathe).set(i, new float[] {6, 5, 5}, turnZ(0.2 + Math.PI / 3), new float[] {4, 4, 4});
        }
        layers.weight(breathe, 0.5f);
        Pose out = new Pose(4);
        layers.evaluate(out);
        assertThat(out.translation(3, new float[3], 0)).containsExactly(new float[] {3.5f, 0, 0}, offset(1e-6f));
        assertThat(out.scale(3, new float[3], 0)).containsExactly(new float[] {1.5f, 1.5f, 1.5f}, offset(1e-6f));
        assertThat(out.rotation(3, new float[4], 0)).as("half of 60° on top of rest")
                .containsExactly(turnZ(Math.PI / 6), offset(1e-6f));
        // over an override layer: the turn is taken in the target's frame, after the mean
        int pose = layers.addOverride();
        for (int i = 0; i < 4; i++) {
            layers.pose(pose).set(i, new float[] {0, 0, 0}, turnZ(1.0), new float[] {1, 1, 1});
        }
        layers.evaluate(out);
        assertThat(out.rotation(0, new float[4], 0)).containsExactly(turnZ(1.0 + Math.PI / 6), offset(1e-6f));
    }

    @Test
    void aStackedLayerAtWeightOneReplacesTheLayerBelowWhereItsMaskIsOne() {
        //   0
        //  / \
        // 1   2      the upper layer's mask: the subtree of 2 (targets 2 and 3)
        //     |
        //     3
        Pose rest = rest();
        PoseLayers layers = new PoseLayers(rest);
        assertThat(layers.mode()).isEqualTo(OverrideMode.STACKED);
        int walk = layers.addOverride();
        int raise = layers.addOverride();
        for (int i = 0; i < 4; i++) {
            layers.pose(walk).set(i, new float[] {i, 1, 0}, turnZ(0.4 + i), new float[] {2, 2, 2});
            layers.pose(raise).set(i, new float[] {i, 0, 7}, turnZ(-1.1 - i), new float[] {1, 3, 1});
        }
        layers.mask(raise, PoseLayers.subtreeMask(PARENTS, 2, 1));
        Pose out = new Pose(4);
        layers.evaluate(out);
        float[] a = new float[4];
        float[] b = new float[4];
        for (int i = 0; i < 4; i++) {
            Pose expected = i >= 2 ? layers.pose(raise) : layers.pose(walk);
            assertThat(out.translation(i, a, 0)).as("target %d", i).containsExactly(expected.translation(i, b, 0));
            assertThat(out.rotation(i, a, 0)).as("target %d", i).containsExactly(expected.rotation(i, b, 0));
            assertThat(out.scale(i, a, 0)).as("target %d", i).containsExactly(expected.scale(i, b, 0));
        }
        // the order matters: the walk added last covers everything
        PoseLayers swapped = new PoseLayers(rest);
        int raiseBelow = swapped.addOverride();
        int walkAbove = swapped.addOverride();
        swapped.pose(raiseBelow).copyFrom(layers.pose(raise));
        swapped.pose(walkAbove).copyFrom(layers.pose(walk));
        swapped.mask(raiseBelow, PoseLayers.subtreeMask(PARENTS, 2, 1));
        swapped.evaluate(out);
        for (int i = 0; i < 4; i++) {
            assertThat(out.rotation(i, a, 0)).containsExactly(layers.pose(walk).rotation(i, b, 0));
        }
    }

    @Test
    void stackedLayersBlendOverTheResultBelowBySlerpAndLerp() {
        Pose rest = rest();
        PoseLayers layers = new PoseLayers(rest);
        int first = layers.addOverride();
        int second = layers.addOverride();
        for (int i = 0; i < 4; i++) {
            layers.pose(first).set(i, new float[] {i, 4, 0}, turnZ(Math.PI / 2), new float[] {2, 2, 2});
            layers.pose(second).set(i, new float[] {i, 0, 8}, turnZ(-Math.PI / 2), new float[] {4, 4, 4});
        }
        layers.weight(first, 0.5f).weight(second, 0.25f);
        Pose out = new Pose(4);
        layers.evaluate(out);
        // translation: rest (1, 0, 0) → half-way to (1, 4, 0) = (1, 2, 0) → a quarter of the way to (1, 0, 8)
        assertThat(out.translation(1, new float[3], 0)).containsExactly(new float[] {1, 1.5f, 2}, offset(1e-6f));
        // scale: 1 → 1.5 → 1.5 + 0.25 × 2.5
        assertThat(out.scale(1, new float[3], 0)).containsExactly(new float[] {2.125f, 2.125f, 2.125f},
                offset(1e-6f));
        // rotation about z: 0 → 45° → 45° + 0.25 × (−90° − 45°) = 11.25°
        assertThat(out.rotation(1, new float[4], 0)).containsExactly(turnZ(Math.PI / 16), offset(1e-7f));
        // one layer at 0.25: slerp a quarter of the way (22.5°), where the average gives nlerp
        layers.weight(first, 0.25f).weight(second, 0);
        layers.evaluate(out);
        assertThat(out.rotation(3, new float[4], 0)).containsExactly(turnZ(Math.PI / 8), offset(1e-7f));
    }

    @Test
    void stackedLayersAgreeWithAReferenceOnRandomLayerStacks() {
        Random random = new Random(44);
        Pose rest = rest();
        for (int round = 0; round < 50; round++) {
            PoseLayers layers = new PoseLayers(rest);
            int count = 1 + random.nextInt(5);
            boolean[] additive = new boolean[count];
            Pose[] references = new Pose[count];
            float[][] masks = new float[count][];
            for (int l = 0; l < count; l++) {
                additive[l] = random.nextInt(3) == 0;
                if (additive[l]) {
                    references[l] = new Pose(4);
                    for (int i = 0; i < 4; i++) {
                        references[l].set(i, new float[] {random.nextFloat(), 0, 0}, turnZ(random.nextDouble()),
                                new float[] {1 + random.nextFloat(), 1, 1});
                    }
                }
                int layer = additive[l] ? layers.addAdditive(references[l]) : layers.addOverride();
                for (int i = 0; i < 4; i++) {
                    layers.pose(layer).set(i, new float[] {random.nextFloat(), random.nextFloat(), 0},
                            turnZ(random.nextDouble() * 6 - 3), new float[] {1 + random.nextFloat(), 1, 1});
                }
                layers.weight(layer, random.nextInt(4) == 0 ? 1f : random.nextFloat());
                if (random.nextBoolean()) {
                    masks[l] = PoseLayers.subtreeMask(PARENTS, random.nextInt(4), random.nextFloat());
                    layers.mask(layer, masks[l]);
                }
            }
            Pose out = new Pose(4);
            layers.evaluate(out);
            // reference: all rotations about z, so each step is on angles: slerp moves the angle along the
            // shorter arc, an additive adds its angle difference
            float[] v = new float[4];
            float[] ref = new float[4];
            for (int i = 0; i < 4; i++) {
                double x = i;
                double scale = 1;
                double angle = 0;
                for (int l = 0; l < count; l++) {
                    float[] mask = masks[l];
                    double w = layers.weight(l) * (mask == null ? 1 : mask[i]);
                    layers.pose(l).translation(i, v, 0);
                    double lx = v[0];
                    layers.pose(l).scale(i, v, 0);
                    double ls = v[0];
                    double la = angleZ(layers.pose(l).rotation(i, v, 0));
                    if (additive[l]) {
                        double rx = references[l].translation(i, ref, 0)[0];
                        double rs = references[l].scale(i, ref, 0)[0];
                        double ra = angleZ(references[l].rotation(i, ref, 0));
                        x += w * (lx - rx);
                        scale *= 1 + w * (ls / rs - 1);
                        angle += w * wrapAngle(la - ra);
                    } else {
                        x += w * (lx - x);
                        scale += w * (ls - scale);
                        angle += w * wrapAngle(la - angle);
                    }
                }
                assertThat(out.translation(i, v, 0)[0]).as("round %d target %d", round, i)
                        .isCloseTo((float) x, offset(1e-5f));
                assertThat(out.scale(i, v, 0)[0]).as("round %d target %d", round, i)
                        .isCloseTo((float) scale, offset(1e-5f));
                double got = angleZ(out.rotation(i, v, 0));
                assertThat(wrapAngle(got - angle)).as("round %d target %d", round, i).isCloseTo(0, offset(1e-5));
            }
        }
    }

    /** The angle of a rotation about z, in (−π, π]. */
    private static double angleZ(float[] q) {
        return wrapAngle(2 * Math.atan2(q[2], q[3]));
    }

    private static double wrapAngle(double a) {
        double r = a % (2 * Math.PI);
        if (r > Math.PI) {
            r -= 2 * Math.PI;
        } else if (r <= -Math.PI) {
            r += 2 * Math.PI;
        }
        return r;
    }

    @Test
    void badInputIsRefusedWithTheValueNamedAndNothingChanges() {
        PoseLayers layers = new PoseLayers(rest());
        int l = layers.addOverride();
        assertThatThrownBy(() -> layers.weight(l, Float.NaN))
                .hasMessage("layer weight out of range: layer=0, weight=NaN, allowed=[0, 1]");
        assertThatThrownBy(() -> layers.mask(l,
                new float[3])).hasMessage("mask length 3 is not the number of targets 4");
        assertThatThrownBy(() -> layers.mask(l, new float[] {0, 1, 2, 0}))
                .hasMessage("mask value out of range: target=2, value=2.0, allowed=[0, 1]");
        assertThatThrownBy(() -> layers.pose(1)).hasMessage("layer out of range: layer=1, layers=1");
        assertThatThrownBy(() -> PoseLayers.subtreeMask(PARENTS, 4, 1))
                .hasMessage("target out of range: target=4, targets=4");
        assertThatThrownBy(() -> PoseLayers.subtreeMask(new int[] {1, 0, -1}, 2, 1))
                .hasMessageContaining("parents form a cycle");
        assertThatThrownBy(() -> layers.addAdditive(new Pose(3)))
                .hasMessage("reference pose size 3 is not the rest pose's 4");
        assertThatThrownBy(() -> layers.evaluate(new Pose(2)))
                .hasMessage("destination pose size 2 is not the rest pose's 4");
        assertThat(layers.weight(l)).isEqualTo(1f);
        assertThat(layers.layerCount()).isEqualTo(1);
    }
}
