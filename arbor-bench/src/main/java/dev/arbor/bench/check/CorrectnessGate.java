package dev.arbor.bench.check;

import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.scenes.Scene;

/**
 * Compares an implementation's world matrices with {@link ReferenceWorlds} and fails loudly on a mismatch. Every
 * benchmark state runs it after building and before timing.
 *
 * <p>Error measure per matrix element: {@code |value − reference| / max(1, |reference|)}, which must not exceed
 * {@link #TOLERANCE}. (Measured worst case over every scene but {@code million}: about 1.7e-5, the JOML tree on
 * {@code chain-10k}; below 3e-6 on every other scene.)
 */
public final class CorrectnessGate {
    /** Allowed error per matrix element, relative to {@code max(1, |reference|)}. */
    public static final double TOLERANCE = 1e-4;

    private CorrectnessGate() {
    }

    /**
     * Animates every node of a freshly built {@code system} to {@code frame} (the scene's
     * {@link Scene#animatedRotations}), updates, and compares every world matrix with the reference.
     *
     * @param system an implementation built from {@code scene}, unchanged since
     * @param scene the scene it was built from
     * @param frame animation frame
     * @return the largest error relative to the tolerance (below 1 means it passed)
     * @throws IllegalStateException naming the implementation, scene, node and element on a mismatch
     */
    public static double checkAnimated(TransformSystem system, Scene scene, int frame) {
        int n = scene.size();
        float[] rotations = scene.animatedRotations(frame, new float[n * 4]);
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        system.setLocalRotations(all, n, rotations);
        system.update();
        return compare(system, scene, scene.parents(), scene.translations(), rotations);
    }

    /**
     * Compares every world matrix of {@code system} (read with {@link TransformSystem#getWorld}) with the reference
     * for the given hierarchy and local transforms (scales are the scene's rest scales).
     *
     * @param system the implementation
     * @param scene the scene it was built from
     * @param parents its current parent per node
     * @param translations its current local translations, 3 per node
     * @param rotations its current local rotations, 4 per node
     * @return the largest error relative to the tolerance
     * @throws IllegalStateException on a mismatch
     */
    public static double compare(TransformSystem system, Scene scene, int[] parents, float[] translations,
                                 float[] rotations) {
        int n = parents.length;
        double[] reference = ReferenceWorlds.compute(parents, translations, rotations, scene.scales(),
                system.composition());
        int[] depths = depths(parents);
        float[] world = new float[TransformSystem.WORLD_STRIDE];
        double worst = 0;
        for (int i = 0; i < n; i++) {
            system.getWorld(i, world, 0);
            for (int e = 0; e < TransformSystem.WORLD_STRIDE; e++) {
                double ref = reference[i * ReferenceWorlds.STRIDE + e];
                double error = Math.abs(world[e] - ref) / Math.max(1, Math.abs(ref));
                if (!(error <= TOLERANCE)) {
                    throw new IllegalStateException("world matrix mismatch: implementation=" + system.id()
                            + " scene=" + scene.name() + " node=" + i + " depth=" + depths[i] + " element=" + e
                            + " value=" + world[e] + " reference=" + ref + " error=" + error + " allowed=" + TOLERANCE);
                }
                worst = Math.max(worst, error / TOLERANCE);
            }
        }
        return worst;
    }

    private static int[] depths(int[] parents) {
        int n = parents.length;
        int[] depths = new int[n];
        boolean[] known = new boolean[n];
        int[] path = new int[n];
        for (int i = 0; i < n; i++) {
            int len = 0;
            int k = i;
            while (k >= 0 && !known[k]) {
                path[len++] = k;
                k = parents[k];
            }
            int d = k < 0 ? -1 : depths[k];
            while (len > 0) {
                int j = path[--len];
                depths[j] = ++d;
                known[j] = true;
            }
        }
        return depths;
    }
}
