package dev.arbor.kernel;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Run by {@link NarrowVectorPalettesTest} in a JVM whose vectors have 8 float lanes: {@link Palettes#chainWindows}
 * on the vector path against the scalar path, bit for bit, on seeded random windows. Prints the lane count and
 * "ok", or the first difference (and exits with 1).
 */
public final class NarrowVectorPalettesCheck {
    private NarrowVectorPalettesCheck() {
    }

    public static void main(String[] args) {
        int laneCount = VectorLanes.lanes();
        SplittableRandom random = new SplittableRandom(56);
        int es = 300;
        float[] worlds = new float[12 * es];
        for (int i = 0; i < worlds.length; i++) {
            worlds[i] = (float) random.nextDouble(-3, 3);
        }
        int windows = 5;
        int pe = 16 * windows + 3;
        for (int round = 0; round < 200; round++) {
            int[] starts = new int[windows];
            int[] lanes = new int[16 * windows];
            for (int w = 0; w < windows; w++) {
                starts[w] = random.nextInt(es - 15);
            }
            for (int i = 0; i < lanes.length; i++) {
                lanes[i] = random.nextInt(64); // the low four bits name the instance
            }
            float[] m = new float[12 * 16];
            float[] b = new float[12 * pe];
            for (int i = 0; i < m.length; i++) {
                m[i] = (float) random.nextDouble(-2, 2);
            }
            for (int i = 0; i < b.length; i++) {
                b[i] = (float) random.nextDouble(-2, 2);
            }
            float[] vector = new float[12 * pe];
            float[] scalar = new float[12 * pe];
            Palettes.chainWindows(worlds, es, starts, 0, lanes, m, b, vector, pe, windows, true);
            Palettes.chainWindows(worlds, es, starts, 0, lanes, m, b, scalar, pe, windows, false);
            if (!Arrays.equals(vector, scalar)) {
                System.out.println(laneCount + " lanes: round " + round + " differs");
                System.exit(1);
            }
        }
        System.out.println(laneCount + " lanes: ok");
    }
}
