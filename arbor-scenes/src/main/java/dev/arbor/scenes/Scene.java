package dev.arbor.scenes;

import java.util.Arrays;

/**
 * An implementation-neutral tree of nodes with rest-pose local transforms.
 *
 * <p>Node {@code i}'s parent is {@code parents[i]}, or {@code -1} for a root; every parent index is smaller than
 * its child's index, so building nodes in index order always finds the parent already built, and children of one
 * parent appear in increasing index order (that is their sibling order). Local transforms are stored per node as
 * translation ({@link #TRANSLATION_STRIDE} floats: x, y, z), rotation ({@link #ROTATION_STRIDE} floats: a unit
 * quaternion x, y, z, w) and scale ({@link #SCALE_STRIDE} floats: x, y, z); the local matrix is
 * {@code T × R × S}.
 *
 * <p>Instances are immutable once built: the arrays are never written after construction and the accessors return
 * them without copying, so do not modify them. Thread-safe for reading.
 */
public final class Scene {
    /** Floats per node in {@link #translations()}. */
    public static final int TRANSLATION_STRIDE = 3;
    /** Floats per node in {@link #rotations()}. */
    public static final int ROTATION_STRIDE = 4;
    /** Floats per node in {@link #scales()}. */
    public static final int SCALE_STRIDE = 3;

    private final String name;
    private final int[] parents;
    private final float[] translations;
    private final float[] rotations;
    private final float[] scales;
    private final float[] rotationAxes;
    private final int[] depths;
    private final int maxDepth;
    private final int rootCount;

    /**
     * Creates a scene, checking its arrays.
     *
     * @param name a short name, e.g. {@code game-100k}
     * @param parents parent index per node, {@code -1} for roots; {@code parents[i] < i}
     * @param translations 3 floats per node
     * @param rotations 4 floats per node, unit quaternions (x, y, z, w)
     * @param scales 3 floats per node
     * @param rotationAxes 3 floats per node: the unit axis {@link #animatedRotation} turns the node about
     * @throws IllegalArgumentException if an array has the wrong length, a parent index is not smaller than its
     *     node's, or a value is not finite
     */
    public Scene(String name, int[] parents, float[] translations, float[] rotations, float[] scales,
                 float[] rotationAxes) {
        int n = parents.length;
        requireLength("translations", translations, n * TRANSLATION_STRIDE);
        requireLength("rotations", rotations, n * ROTATION_STRIDE);
        requireLength("scales", scales, n * SCALE_STRIDE);
        requireLength("rotationAxes", rotationAxes, n * 3);
        int[] depth = new int[n];
        int deepest = 0;
        int roots = 0;
        for (int i = 0; i < n; i++) {
            int p = parents[i];
            if (p < -1 || p >= i) {
                throw new IllegalArgumentException("parents[" + i + "]=" + p + " must be -1 or in [0, " + i + ")");
            }
            if (p < 0) {
                roots++;
            } else {
                depth[i] = depth[p] + 1;
                deepest = Math.max(deepest, depth[i]);
            }
        }
        for (float[] a : new float[][] {translations, rotations, scales, rotationAxes}) {
            for (int i = 0; i < a.length; i++) {
                if (!Float.isFinite(a[i])) {
                    throw new IllegalArgumentException(name + ": value at " + i + " is not finite: " + a[i]);
                }
            }
        }
        this.name = name;
        this.parents = parents;
        this.translations = translations;
        this.rotations = rotations;
        this.scales = scales;
        this.rotationAxes = rotationAxes;
        this.depths = depth;
        this.maxDepth = deepest;
        this.rootCount = roots;
    }

    private static void requireLength(String what, float[] a, int required) {
        if (a.length != required) {
            throw new IllegalArgumentException(what + " has wrong length: length=" + a.length + ", required=" + required);
        }
    }

    /** @return the scene's name, e.g. {@code seed-6000} */
    public String name() {
        return name;
    }

    /** @return the number of nodes */
    public int size() {
        return parents.length;
    }

    /** @return the number of roots (nodes whose parent is {@code -1}) */
    public int rootCount() {
        return rootCount;
    }

    /** @return the largest depth (a root has depth 0) */
    public int maxDepth() {
        return maxDepth;
    }

    /** @return parent index per node, {@code -1} for roots (shared, do not modify) */
    public int[] parents() {
        return parents;
    }

    /** @return depth per node, roots 0 (shared, do not modify) */
    public int[] depths() {
        return depths;
    }

    /** @return rest translations, {@link #TRANSLATION_STRIDE} floats per node (shared, do not modify) */
    public float[] translations() {
        return translations;
    }

    /** @return rest rotations, {@link #ROTATION_STRIDE} floats per node, x y z w (shared, do not modify) */
    public float[] rotations() {
        return rotations;
    }

    /** @return rest scales, {@link #SCALE_STRIDE} floats per node (shared, do not modify) */
    public float[] scales() {
        return scales;
    }

    /**
     * Writes node {@code node}'s animated local rotation at {@code frame} into {@code dest[offset..offset+3]}: the
     * rest rotation followed by a turn of {@code frame × 0.01 × (1 + node % 7) / 7} radians about the node's own
     * fixed axis. Deterministic, so every implementation animated with it computes the same poses.
     *
     * @param node node index in {@code [0, size())}
     * @param frame frame number, any value
     * @param dest destination, 4 floats x y z w from {@code offset}
     * @param offset start index in {@code dest}
     */
    public void animatedRotation(int node, int frame, float[] dest, int offset) {
        double angle = frame * 0.01 * (1 + node % 7) / 7.0;
        double s = Math.sin(angle * 0.5);
        double c = Math.cos(angle * 0.5);
        double ax = rotationAxes[node * 3] * s;
        double ay = rotationAxes[node * 3 + 1] * s;
        double az = rotationAxes[node * 3 + 2] * s;
        double aw = c;
        int r = node * ROTATION_STRIDE;
        double bx = rotations[r];
        double by = rotations[r + 1];
        double bz = rotations[r + 2];
        double bw = rotations[r + 3];
        // rest × turn (Hamilton product), then renormalise against float drift
        double x = bw * ax + bx * aw + by * az - bz * ay;
        double y = bw * ay - bx * az + by * aw + bz * ax;
        double z = bw * az + bx * ay - by * ax + bz * aw;
        double w = bw * aw - bx * ax - by * ay - bz * az;
        double inv = 1.0 / Math.sqrt(x * x + y * y + z * z + w * w);
        dest[offset] = (float) (x * inv);
        dest[offset + 1] = (float) (y * inv);
        dest[offset + 2] = (float) (z * inv);
        dest[offset + 3] = (float) (w * inv);
    }

    /**
     * Fills {@code dest} with the animated rotation of every node at {@code frame} (see {@link #animatedRotation}).
     *
     * @param frame frame number
     * @param dest destination with at least {@code size() × 4} floats
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code dest} is too short
     */
    public float[] animatedRotations(int frame, float[] dest) {
        if (dest.length < size() * ROTATION_STRIDE) {
            throw new IllegalArgumentException("dest too short: length=" + dest.length + ", required="
                    + size() * ROTATION_STRIDE);
        }
        for (int i = 0; i < size(); i++) {
            animatedRotation(i, frame, dest, i * ROTATION_STRIDE);
        }
        return dest;
    }

    /** @return children count per node (computed, a new array) */
    public int[] childCounts() {
        int[] counts = new int[size()];
        for (int p : parents) {
            if (p >= 0) {
                counts[p]++;
            }
        }
        return counts;
    }

    @Override
    public String toString() {
        return "Scene[" + name + ", nodes=" + size() + ", roots=" + rootCount + ", maxDepth=" + maxDepth + "]";
    }

    /** @return a hash of the structure and rest pose, for checking that two builds are identical */
    public int contentHash() {
        int h = Arrays.hashCode(parents);
        h = 31 * h + Arrays.hashCode(translations);
        h = 31 * h + Arrays.hashCode(rotations);
        return 31 * h + Arrays.hashCode(scales);
    }
}
