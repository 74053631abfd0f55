package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.NodeList;

/**
 * Many poses of one size in three flat arrays: what a crowd is sampled into, blended in and applied from. Pose
 * {@code p}'s target {@code i} is entry {@code e = p × size() + i}: translation at {@code translations()[3e ..]},
 * rotation (x y z w) at {@code rotations()[4e ..]}, scale at {@code scales()[3e ..]} — the layout of {@link Pose},
 * pose after pose, and of the hierarchy's bulk setters, so that a whole crowd is applied with one {@link NodeList}
 * of {@code poses × size} nodes. Per-entry operations (blending, masking) are loops over these arrays.
 *
 * <p>A new batch holds identity poses. Not thread-safe; the jobs of {@link CrowdAnimator} write disjoint pose ranges
 * from several threads.
 */
public final class PoseBatch {
    private final int poses;
    private final int size;
    final float[] translations;
    final float[] rotations;
    final float[] scales;

    /**
     * Creates a batch of identity poses. O(poses × size).
     *
     * @param poses number of poses, ≥ 0
     * @param size targets per pose, ≥ 0
     * @throws IllegalArgumentException if a count is negative or the batch would exceed an array's length
     */
    public PoseBatch(int poses, int size) {
        if (poses < 0 || size < 0) {
            throw new IllegalArgumentException("negative batch: poses=" + poses + ", size=" + size);
        }
        long entries = (long) poses * size;
        if (entries * 4 > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("batch too large: poses=" + poses + ", size=" + size);
        }
        this.poses = poses;
        this.size = size;
        int n = (int) entries;
        translations = new float[3 * n];
        rotations = new float[4 * n];
        scales = new float[3 * n];
        for (int e = 0; e < n; e++) {
            rotations[4 * e + 3] = 1f;
            scales[3 * e] = 1f;
            scales[3 * e + 1] = 1f;
            scales[3 * e + 2] = 1f;
        }
    }

    /** @return the number of poses */
    public int poses() {
        return poses;
    }

    /** @return targets per pose */
    public int size() {
        return size;
    }

    /** @return the translations, live (not a copy): 3 floats per entry */
    public float[] translations() {
        return translations;
    }

    /** @return the rotations, live (not a copy): 4 floats (x y z w) per entry */
    public float[] rotations() {
        return rotations;
    }

    /** @return the scales, live (not a copy): 3 floats per entry */
    public float[] scales() {
        return scales;
    }

    void checkPose(int pose) {
        if (pose < 0 || pose >= poses) {
            throw new IllegalArgumentException("pose=" + pose + " is out of range, poses=" + poses);
        }
    }

    private void checkSize(Pose pose) {
        if (pose.size() != size) {
            throw new IllegalArgumentException("pose sizes differ: size=" + size + ", other=" + pose.size());
        }
    }

    /**
     * Copies a pose into every pose of the batch (for example a model's rest pose, before sampling a clip that does
     * not animate every target). O(poses × size).
     *
     * @param pose source, of {@link #size()} entries
     * @return this batch
     * @throws IllegalArgumentException if the sizes differ
     */
    public PoseBatch fill(Pose pose) {
        checkSize(pose);
        for (int p = 0; p < poses; p++) {
            copyIn(pose, p);
        }
        return this;
    }

    /**
     * Copies a pose into pose {@code p}. O(size).
     *
     * @param p pose index
     * @param pose source, of {@link #size()} entries
     * @return this batch
     * @throws IllegalArgumentException if the index is out of range or the sizes differ
     */
    public PoseBatch set(int p, Pose pose) {
        checkPose(p);
        checkSize(pose);
        copyIn(pose, p);
        return this;
    }

    private void copyIn(Pose pose, int p) {
        System.arraycopy(pose.translations, 0, translations, p * size * 3, size * 3);
        System.arraycopy(pose.rotations, 0, rotations, p * size * 4, size * 4);
        System.arraycopy(pose.scales, 0, scales, p * size * 3, size * 3);
    }

    /**
     * Copies pose {@code p} out. O(size).
     *
     * @param p pose index
     * @param dest destination, of {@link #size()} entries
     * @return {@code dest}
     * @throws IllegalArgumentException if the index is out of range or the sizes differ
     */
    public Pose get(int p, Pose dest) {
        checkPose(p);
        checkSize(dest);
        System.arraycopy(translations, p * size * 3, dest.translations, 0, size * 3);
        System.arraycopy(rotations, p * size * 4, dest.rotations, 0, size * 4);
        System.arraycopy(scales, p * size * 3, dest.scales, 0, size * 3);
        return dest;
    }

    /**
     * Blends two batches into this one, every entry as {@link Pose#blend} defines it: translations and scales
     * {@code a + (b - a) × weight}, rotations slerp along the shorter arc, evaluated in double. This batch may be
     * {@code a} or {@code b}. O(poses × size), allocation-free; {@link CrowdAnimator#blend} runs it on several threads.
     *
     * @param a first batch
     * @param b second batch
     * @param weight weight of {@code b}, finite
     * @return this batch
     * @throws IllegalArgumentException if the shapes differ or the weight is not finite (nothing written)
     */
    public PoseBatch blend(PoseBatch a, PoseBatch b, float weight) {
        checkBlend(a, b, weight);
        blendRange(a, b, weight, 0, poses);
        return this;
    }

    void checkBlend(PoseBatch a, PoseBatch b, float weight) {
        checkShape(a);
        checkShape(b);
        if (!Float.isFinite(weight)) {
            throw new IllegalArgumentException("weight=" + weight + " is not finite");
        }
    }

    private void checkShape(PoseBatch other) {
        if (other.poses != poses || other.size != size) {
            throw new IllegalArgumentException("batch shapes differ: poses=" + poses + ", size=" + size
                    + ", other poses=" + other.poses + ", other size=" + other.size);
        }
    }

    /** Blends poses [from, to). */
    void blendRange(PoseBatch a, PoseBatch b, float weight, int from, int to) {
        int e0 = from * size;
        int e1 = to * size;
        double w = weight;
        float[] at = a.translations;
        float[] bt = b.translations;
        float[] as = a.scales;
        float[] bs = b.scales;
        for (int i = 3 * e0; i < 3 * e1; i++) {
            translations[i] = lerp(at[i], bt[i], w);
            scales[i] = lerp(as[i], bs[i], w);
        }
        Slerp.range(a.rotations, b.rotations, weight, rotations, 4 * e0, 4 * e1);
    }

    /** A translation's or scale's component blended: {@code a + (b - a) × w} in double, rounded once. */
    static float lerp(float a, float b, double w) {
        return (float) (a + (b - (double) a) * w);
    }

    /**
     * Writes every entry into the nodes of a list of {@code poses × size} nodes (entry {@code e} into
     * {@code nodes.handle(e)}): local translations, rotations and scales through the hierarchy's bulk setters. Call
     * {@link Hierarchy#update()} (or read a world matrix) afterwards.
     *
     * @param hierarchy the list's hierarchy
     * @param nodes one node per entry
     * @throws IllegalArgumentException if the list's size is not {@code poses × size}, it belongs to another hierarchy
     *     or a node was destroyed (nothing changed)
     */
    public void applyTo(Hierarchy hierarchy, NodeList nodes) {
        applyTo(hierarchy, nodes, true, true, true);
    }

    /**
     * As {@link #applyTo(Hierarchy, NodeList)}, writing only the chosen paths: after one full application, a clip
     * that does not animate a path ({@link ClipSampler#animates}) leaves it as it was, and skipping it saves a third
     * of the setters' work each.
     *
     * @param hierarchy the list's hierarchy
     * @param nodes one node per entry
     * @param translation whether to write the translations
     * @param rotation whether to write the rotations
     * @param scale whether to write the scales
     * @throws IllegalArgumentException if the list's size is not {@code poses × size}, it belongs to another hierarchy
     *     or a node was destroyed (nothing changed)
     */
    public void applyTo(Hierarchy hierarchy, NodeList nodes, boolean translation, boolean rotation, boolean scale) {
        if (nodes.size() != poses * size) {
            throw new IllegalArgumentException("node list size=" + nodes.size() + ", required=" + poses * size
                    + " (poses=" + poses + " × size=" + size + ")");
        }
        if (translation) {
            hierarchy.setLocalTranslations(nodes, translations, 0);
        }
        if (rotation) {
            hierarchy.setLocalRotations(nodes, rotations, 0);
        }
        if (scale) {
            hierarchy.setLocalScales(nodes, scales, 0);
        }
    }

    /**
     * As {@link #applyTo(Hierarchy, NodeList, boolean, boolean, boolean)} with one list per pose: pose {@code p}'s
     * entries into the nodes of {@code lists[p]}, each of {@link #size()} nodes. The nodes of one instance of a model
     * usually fill one contiguous run of the hierarchy's storage, which the bulk setters mark and copy fastest, where
     * one list over a whole crowd (with the instances' other nodes between) takes their general path. Every list is
     * checked before anything is written.
     *
     * @param hierarchy the lists' hierarchy
     * @param lists one list per pose, at least {@link #poses()}
     * @param translation whether to write the translations
     * @param rotation whether to write the rotations
     * @param scale whether to write the scales
     * @throws IllegalArgumentException if there are too few lists or a list's size is not {@link #size()} (nothing
     *     changed); as the hierarchy's bulk setters if a list belongs to another hierarchy or a node was destroyed
     */
    public void applyTo(Hierarchy hierarchy, NodeList[] lists, boolean translation, boolean rotation, boolean scale) {
        if (lists.length < poses) {
            throw new IllegalArgumentException("lists.length=" + lists.length + ", required=" + poses);
        }
        for (int p = 0; p < poses; p++) {
            if (lists[p].size() != size) {
                throw new IllegalArgumentException("lists[" + p + "].size=" + lists[p].size() + ", required="
                        + size);
            }
        }
        for (int p = 0; p < poses; p++) {
            NodeList nodes = lists[p];
            if (translation) {
                hierarchy.setLocalTranslations(nodes, translations, 3 * p * size);
            }
            if (rotation) {
                hierarchy.setLocalRotations(nodes, rotations, 4 * p * size);
            }
            if (scale) {
                hierarchy.setLocalScales(nodes, scales, 3 * p * size);
            }
        }
    }
}
