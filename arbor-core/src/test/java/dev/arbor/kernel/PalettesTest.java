package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.math.Affine;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The palette kernel against two calls of {@link Affine#multiply} per joint, bit for bit, on seeded random
 * matrices: on the vector path (strides that are a multiple of {@link Palettes#STRIDE_MULTIPLE}, where the vector
 * path is on) and the scalar one, in place and not, for joint counts around the vector widths.
 */
class PalettesTest {
    private static final float SENTINEL = -777f;

    private static float[] randomPlanes(SplittableRandom random, int stride, int count, int extra) {
        float[] planes = new float[12 * stride + extra];
        Arrays.fill(planes, SENTINEL);
        for (int e = 0; e < 12; e++) {
            for (int j = 0; j < count; j++) {
                planes[e * stride + j] = (float) random.nextDouble(-3, 3);
            }
        }
        return planes;
    }

    private static float[] matrix(float[] planes, int stride, int j) {
        float[] m = new float[12];
        for (int e = 0; e < 12; e++) {
            m[e] = planes[e * stride + j];
        }
        return m;
    }

    @Test
    void everyJointIsTheTwoProductsBitForBit() {
        SplittableRandom random = new SplittableRandom(50);
        for (int count : new int[] {0, 1, 3, 7, 8, 15, 16, 17, 19, 31, 32, 33, 65}) {
            int padded = (count + 15) / 16 * 16;
            for (int stride : new int[] {count, padded, padded + 16, count + 3}) {
                if (stride < count) {
                    continue;
                }
                for (boolean inPlace : new boolean[] {false, true}) {
                    float[] m = new float[15];
                    for (int i = 0; i < m.length; i++) {
                        m[i] = (float) random.nextDouble(-2, 2);
                    }
                    float[] w = randomPlanes(random, stride, count, 5);
                    float[] b = randomPlanes(random, stride, count, 5);
                    float[] wBefore = w.clone();
                    float[] p = inPlace ? w : randomPlanes(random, stride, 0, 5);
                    Palettes.chain(m, 3, w, b, p, stride, count);
                    for (int j = 0; j < count; j++) {
                        float[] want = new float[12];
                        Affine.multiply(m, 3, matrix(wBefore, stride, j), 0, want, 0);
                        Affine.multiply(want, 0, matrix(b, stride, j), 0, want, 0);
                        assertThat(matrix(p, stride, j)).as("count %d stride %d in place %s joint %d", count,
                                stride, inPlace, j).containsExactly(want);
                    }
                    // nothing past the planes; and the scalar path (a stride the vector path does not take) leaves
                    // the padding lanes alone as well
                    assertThat(Arrays.copyOfRange(p, 12 * stride, p.length)).containsOnly(SENTINEL);
                    boolean scalar = stride % Palettes.STRIDE_MULTIPLE != 0 || !VectorSupport.ENABLED;
                    for (int e = 0; e < 12 && scalar; e++) {
                        for (int j = count; j < stride; j++) {
                            assertThat(p[e * stride + j]).isEqualTo(inPlace ? wBefore[e * stride + j] : SENTINEL);
                        }
                    }
                    if (!inPlace) {
                        assertThat(w).containsExactly(wBefore);
                    }
                }
            }
        }
    }

    @Test
    void theVectorAndScalarPathsAgreeOnPaddedPlanes() {
        SplittableRandom random = new SplittableRandom(51);
        int stride = 48;
        int count = 37;
        float[] m = new float[12];
        for (int i = 0; i < 12; i++) {
            m[i] = (float) random.nextDouble(-2, 2);
        }
        float[] w = randomPlanes(random, stride, count, 0);
        float[] b = randomPlanes(random, stride, count, 0);
        float[] viaChain = new float[12 * stride];
        float[] viaScalar = new float[12 * stride];
        Palettes.chain(m, 0, w, b, viaChain, stride, count);
        Palettes.chainScalar(m, 0, w, b, viaScalar, stride, count);
        for (int e = 0; e < 12; e++) {
            assertThat(Arrays.copyOfRange(viaChain, e * stride, e * stride + count))
                    .containsExactly(Arrays.copyOfRange(viaScalar, e * stride, e * stride + count));
        }
    }

    @Test
    void badRangesAreRefusedBeforeAnythingIsWritten() {
        float[] m = new float[12];
        float[] w = new float[12 * 16];
        float[] p = new float[12 * 16];
        Arrays.fill(p, SENTINEL);
        assertThatThrownBy(() -> Palettes.chain(m, 0, w, w, p, 16, 17)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bad palette range: count=17, stride=16, m offset=0 of 12");
        assertThatThrownBy(() -> Palettes.chain(m, 0, w, w, p, 16, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Palettes.chain(m, 1, w, w, p, 16, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bad palette range: count=4, stride=16, m offset=1 of 12");
        assertThatThrownBy(() -> Palettes.chain(m, 0, w, new float[12 * 16 - 1], p, 16, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("palette planes too short: required=192, w=192, b=191, p=192");
        assertThat(p).containsOnly(SENTINEL);
    }

    /** chainLanes: a left matrix per lane, one right matrix; every lane the two products, bit for bit, both paths. */
    @Test
    void chainLanesIsTheTwoProductsPerLaneBitForBit() {
        SplittableRandom random = new SplittableRandom(51);
        for (int lanes : new int[] {1, 15, 16, 17, 53}) {
            int padded = (lanes + 15) / 16 * 16;
            for (int from : new int[] {0, 16}) {
                if (from > lanes) {
                    continue;
                }
                for (int s : new int[] {padded, padded + 3}) { // a multiple of 16 (vector path) and not (scalar)
                    float[] m = randomPlanes(random, s, lanes, 0);
                    int o = 2 * s / 3;
                    float[] w = randomPlanes(random, 2 * s, 2 * s, 0);
                    float[] before = w.clone();
                    float[] b = new float[20];
                    for (int i = 0; i < b.length; i++) {
                        b[i] = (float) random.nextDouble(-2, 2);
                    }
                    Palettes.chainLanes(m, s, w, w, o, 2 * s, b, 5, from, lanes);
                    for (int r = from; r < lanes; r++) {
                        float[] want = new float[12];
                        Affine.multiply(matrix(m, s, r), 0, matrix(before, 2 * s, o + r), 0, want, 0);
                        Affine.multiply(want, 0, b, 5, want, 0);
                        float[] got = matrix(w, 2 * s, o + r);
                        for (int e = 0; e < 12; e++) {
                            assertThat(Float.floatToRawIntBits(got[e])).as("lanes=%d from=%d s=%d lane %d element %d",
                                    lanes, from, s, r, e).isEqualTo(Float.floatToRawIntBits(want[e]));
                        }
                    }
                    for (int r = 0; r < from; r++) {
                        assertThat(matrix(w, 2 * s, o + r)).isEqualTo(matrix(before, 2 * s, o + r));
                    }
                }
            }
        }
        assertThatThrownBy(() -> Palettes.chainLanes(new float[12], 1, new float[12], new float[12], 0, 1,
                new float[12], 0, 0, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("bad palette lanes: from=0, to=2");
    }

    /**
     * chainGathered: middle matrices gathered through an index from planes or records, a left matrix per lane, a right
     * matrix per member; every lane the two products, bit for bit, on both paths; nothing outside the members' lanes
     * (and, on the scalar path, their padding) written.
     */
    @Test
    void chainGatheredIsTheTwoProductsPerLaneBitForBit() {
        SplittableRandom random = new SplittableRandom(52);
        int nodes = 300;
        for (boolean records : new boolean[] {false, true}) {
            int es = records ? 1 : nodes + 7;
            int ns = records ? 12 : 1;
            float[] worlds = new float[records ? 12 * nodes : 12 * es];
            for (int i = 0; i < worlds.length; i++) {
                worlds[i] = (float) random.nextDouble(-3, 3);
            }
            for (int lanes : new int[] {0, 1, 15, 16, 17, 40}) {
                int padded = (lanes + 15) / 16 * 16;
                int members = 3;
                int is = padded + 16;
                int[] index = new int[7 + members * is];
                for (int i = 0; i < index.length; i++) { // every entry a node, the padding too
                    index[i] = random.nextInt(nodes) * ns;
                }
                float[] m = randomPlanes(random, padded + 16, lanes, 0);
                float[] b = new float[12 * members];
                for (int i = 0; i < b.length; i++) {
                    b[i] = (float) random.nextDouble(-2, 2);
                }
                int ps = padded + 16;
                int pe = members * ps + 5;
                for (boolean vector : new boolean[] {false, VectorSupport.ENABLED}) {
                    float[] p = new float[3 + 12 * pe];
                    Arrays.fill(p, SENTINEL);
                    Palettes.chainGathered(worlds, es, index, 7, is, m, padded + 16, b, p, 3, ps, pe, members, lanes,
                            vector);
                    for (int k = 0; k < members; k++) {
                        for (int r = 0; r < lanes; r++) {
                            float[] w = new float[12];
                            for (int e = 0; e < 12; e++) {
                                w[e] = worlds[index[7 + k * is + r] + e * es];
                            }
                            float[] want = new float[12];
                            Affine.multiply(matrix(m, padded + 16, r), 0, w, 0, want, 0);
                            Affine.multiply(want, 0, b, 12 * k, want, 0);
                            for (int e = 0; e < 12; e++) {
                                assertThat(Float.floatToRawIntBits(p[3 + k * ps + e * pe + r])).as(
                                        "records=%s lanes=%d vector=%s member %d lane %d element %d", records, lanes,
                                        vector, k, r, e).isEqualTo(Float.floatToRawIntBits(want[e]));
                            }
                        }
                        for (int e = 0; e < 12; e++) {
                            int from = vector ? padded : lanes;
                            for (int r = from; r < ps; r++) {
                                assertThat(p[3 + k * ps + e * pe + r]).isEqualTo(SENTINEL);
                            }
                        }
                    }
                    assertThat(p[0]).isEqualTo(SENTINEL);
                }
            }
        }
        assertThatThrownBy(() -> Palettes.chainGathered(new float[12], 1, new int[16], 0, 16, new float[12 * 16], 16,
                new float[12], new float[12 * 16], 0, 16, 16, 2, 16)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("bad gathered palettes: members=2, lanes=16");
    }

    /** toColumnMajor4x4: every lane the conversion of MatrixLayout, on both paths; nothing else written. */
    @Test
    void toColumnMajor4x4IsTheConversionOfEachLane() {
        SplittableRandom random = new SplittableRandom(53);
        for (int count : new int[] {0, 1, 7, 15, 16}) {
            int pe = 16 + 3;
            float[] planes = randomPlanes(random, pe, 16, 2);
            for (boolean vector : new boolean[] {false, VectorSupport.ENABLED}) {
                int ds = 16 * 3;
                float[] dest = new float[5 + 16 * ds];
                Arrays.fill(dest, SENTINEL);
                Palettes.toColumnMajor4x4(planes, 1, pe, count, dest, 5, ds, vector);
                for (int r = 0; r < 16; r++) {
                    float[] want = new float[16];
                    Arrays.fill(want, SENTINEL);
                    if (r < count) {
                        MatrixLayout.COLUMN_MAJOR_4X4.convert(matrix(planes, pe, 1 + r), 0, want,
                                0);
                    }
                    assertThat(Arrays.copyOfRange(dest, 5 + r * ds, 5 + r * ds + 16)).as("count %d vector %s lane %d",
                            count, vector, r).containsExactly(want);
                    assertThat(Arrays.copyOfRange(dest, 5 + r * ds + 16, 5 + (r + 1) * ds)).containsOnly(SENTINEL);
                }
            }
        }
        assertThatThrownBy(() -> Palettes.toColumnMajor4x4(new float[12 * 16], 0, 16, 17, new float[16 * 17], 0, 16))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("bad 4x4 entries: count=17");
    }

    /**
     * chainWindows: 16 consecutive storage positions per window, each lane's left matrix picked by its instance (the
     * low four bits of its lane value), a right matrix per lane; every lane the two products, bit for bit, on both
     * paths, for windows anywhere in the planes (the starts read from an offset); nothing outside the windows' lanes
     * written; a window past the planes refused with nothing written.
     */
    @Test
    void chainWindowsIsTheTwoProductsPerLaneBitForBit() {
        SplittableRandom random = new SplittableRandom(54);
        int es = 200;
        float[] worlds = new float[12 * es];
        for (int i = 0; i < worlds.length; i++) {
            worlds[i] = (float) random.nextDouble(-3, 3);
        }
        int windows = 3;
        int[] lanes = new int[16 * windows];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = random.nextInt(16) + 16 * random.nextInt(3); // only the low four bits name the instance
        }
        float[] m = randomPlanes(random, 16, 16, 0);
        int pe = 16 * windows + 5;
        float[] b = randomPlanes(random, pe, 16 * windows, 0);
        for (int round = 0; round < 4; round++) {
            int[] starts = new int[2 + windows];
            for (int w = 0; w < windows; w++) {
                starts[2 + w] = round == 0 ? 16 * w : random.nextInt(es - 15);
            }
            starts[2 + windows - 1] = round == 1 ? es - 16 : starts[2 + windows - 1]; // the last window at the end
            for (boolean vector : new boolean[] {false, VectorSupport.ENABLED}) {
                float[] p = new float[12 * pe];
                Arrays.fill(p, SENTINEL);
                Palettes.chainWindows(worlds, es, starts, 2, lanes, m, b, p, pe, windows, vector);
                for (int w = 0; w < windows; w++) {
                    for (int r = 0; r < 16; r++) {
                        float[] world = new float[12];
                        for (int e = 0; e < 12; e++) {
                            world[e] = worlds[starts[2 + w] + r + e * es];
                        }
                        float[] want = new float[12];
                        Affine.multiply(matrix(m, 16, lanes[16 * w + r] & 15), 0, world, 0, want, 0);
                        Affine.multiply(want, 0, matrix(b, pe, 16 * w + r), 0, want, 0);
                        for (int e = 0; e < 12; e++) {
                            assertThat(Float.floatToRawIntBits(p[e * pe + 16 * w + r])).as(
                                    "round %d vector %s window %d lane %d element %d", round, vector, w, r, e)
                                    .isEqualTo(Float.floatToRawIntBits(want[e]));
                        }
                    }
                }
                for (int e = 0; e < 12; e++) {
                    assertThat(Arrays.copyOfRange(p, e * pe + 16 * windows, (e + 1) * pe)).containsOnly(SENTINEL);
                }
            }
        }
        float[] untouched = new float[12 * pe];
        int[] past = {0, 16, es - 15};
        assertThatThrownBy(() -> Palettes.chainWindows(worlds, es, past, 0, lanes, m, b, untouched, pe, windows))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("palette window 2 at position 185 is outside [0, 184]");
        assertThat(untouched).containsOnly(0f);
    }

    /**
     * toColumnMajor4x4 with rows: each lane's entry at its row, lanes whose row is negative or past the limit not
     * written, on both paths.
     */
    @Test
    void toColumnMajor4x4WritesEachLaneAtItsRow() {
        SplittableRandom random = new SplittableRandom(55);
        int pe = 16 + 3;
        float[] planes = randomPlanes(random, pe, 20, 2);
        int limit = 16 * 20;
        int[] rows = new int[2 + 16];
        for (int r = 0; r < 16; r++) { // lanes to rows 19, 18, ...; every fifth skipped, one just past the limit
            rows[2 + r] = r % 5 == 4 ? -1 : 16 * (19 - r);
        }
        rows[2 + 7] = limit - 15;
        for (boolean vector : new boolean[] {false, VectorSupport.ENABLED}) {
            float[] dest = new float[3 + limit + 4];
            Arrays.fill(dest, SENTINEL);
            Palettes.toColumnMajor4x4(planes, 2, pe, dest, 3, rows, 2, limit, vector);
            float[] want = new float[dest.length];
            Arrays.fill(want, SENTINEL);
            for (int r = 0; r < 16; r++) {
                int row = rows[2 + r];
                if (row >= 0 && row <= limit - 16) {
                    MatrixLayout.COLUMN_MAJOR_4X4.convert(matrix(planes, pe, 2 + r), 0, want, 3 + row);
                }
            }
            assertThat(dest).as("vector %s", vector).containsExactly(want);
        }
        assertThatThrownBy(() -> Palettes.toColumnMajor4x4(planes, 2, pe, new float[limit], 3, rows, 2, limit))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("bad 4x4 entries: po=2");
    }
}
