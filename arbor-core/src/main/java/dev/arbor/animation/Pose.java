package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.NodeList;

/**
 * Local transforms (translation, rotation, scale) for a fixed number of targets, stored as three flat arrays: what
 * a clip is sampled into, what blending mixes, and what is applied to nodes of a {@link Hierarchy}.
 *
 * <p>Layout: target {@code i} has its translation at {@code translations[3i ..]}, its rotation quaternion (x y z w,
 * unit length) at {@code rotations[4i ..]} and its scale at {@code scales[3i ..]} — the layouts the hierarchy's
 * bulk setters take. A new pose is the identity (zero translation, identity rotation, unit scale).
 *
 * <p>Not thread-safe: a pose is a mutable buffer; give each thread (or each crowd member) its own.
 */
public final class Pose {
    /** Floats per translation. */
    public static final int TRANSLATION_STRIDE = 3;
    /** Floats per rotation quaternion. */
    public static final int ROTATION_STRIDE = 4;
    /** Floats per scale. */
    public static final int SCALE_STRIDE = 3;

    private final int size;
    final float[] translations;
    final float[] rotations;
    final float[] scales;

    /**
     * Creates an identity pose. O(size).
     *
     * @param size number of targets, ≥ 0
     * @throws IllegalArgumentException if {@code size} is negative
     */
    public Pose(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative pose size: size=" + size);
        }
        this.size = size;
        this.translations = new float[size * TRANSLATION_STRIDE];
        this.rotations = new float[size * ROTATION_STRIDE];
        this.scales = new float[size * SCALE_STRIDE];
        for (int i = 0; i < size; i++) {
            rotations[i * 4 + 3] = 1f;
            scales[i * 3] = 1f;
            scales[i * 3 + 1] = 1f;
            scales[i * 3 + 2] = 1f;
        }
    }

    /** @return the number of targets */
    public int size() {
        return size;
    }

    /**
     * Sets one target's translation, rotation (normalised here) and scale. O(1).
     *
     * @param target target index
     * @param translation 3 floats
     * @param rotation quaternion x y z w, non-zero
     * @param scale 3 floats
     * @throws IllegalArgumentException if the target is out of range, a value is not finite or the quaternion is
     *     zero (nothing changed)
     */
    public void set(int target, float[] translation, float[] rotation, float[] scale) {
        checkTarget(target);
        for (int c = 0; c < 3; c++) {
            requireFinite("translation", target, translation[c]);
            requireFinite("scale", target, scale[c]);
        }
        float[] q = {rotation[0], rotation[1], rotation[2], rotation[3]};
        for (float v : q) {
            requireFinite("rotation", target, v);
        }
        if (!Keyframes.normalize(q, 0)) {
            throw new IllegalArgumentException("zero rotation quaternion: target=" + target);
        }
        System.arraycopy(translation, 0, translations, target * 3, 3);
        System.arraycopy(q, 0, rotations, target * 4, 4);
        System.arraycopy(scale, 0, scales, target * 3, 3);
    }

    /**
     * Reads one target's translation. O(1).
     *
     * @param target target index
     * @param dest receives 3 floats at {@code d}
     * @param d offset in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if the target is out of range
     */
    public float[] translation(int target, float[] dest, int d) {
        checkTarget(target);
        System.arraycopy(translations, target * 3, dest, d, 3);
        return dest;
    }

    /**
     * Reads one target's rotation quaternion (x y z w). O(1).
     *
     * @param target target index
     * @param dest receives 4 floats at {@code d}
     * @param d offset in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if the target is out of range
     */
    public float[] rotation(int target, float[] dest, int d) {
        checkTarget(target);
        System.arraycopy(rotations, target * 4, dest, d, 4);
        return dest;
    }

    /**
     * Reads one target's scale. O(1).
     *
     * @param target target index
     * @param dest receives 3 floats at {@code d}
     * @param d offset in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if the target is out of range
     */
    public float[] scale(int target, float[] dest, int d) {
        checkTarget(target);
        System.arraycopy(scales, target * 3, dest, d, 3);
        return dest;
    }

    /**
     * Copies another pose of the same size into this one. O(size), allocation-free.
     *
     * @param other source
     * @return this pose
     * @throws IllegalArgumentException if the sizes differ
     */
    public Pose copyFrom(Pose other) {
        requireSameSize(other);
        System.arraycopy(other.translations, 0, translations, 0, translations.length);
        System.arraycopy(other.rotations, 0, rotations, 0, rotations.length);
        System.arraycopy(other.scales, 0, scales, 0, scales.length);
        return this;
    }

    /**
     * Blends two poses into this one: translations and scales {@code a + (b - a) × weight}, rotations
     * {@code slerp(a, b, weight)} along the shorter arc, computed in double at every arc (no lerp for short ones), as
     * {@link PoseBatch#blend} does. Weight 0 gives {@code a}, 1 gives {@code b}. This pose may be {@code a} or
     * {@code b}. O(size), allocation-free.
     *
     * @param a first pose
     * @param b second pose
     * @param weight weight of {@code b}, finite (usually in [0, 1])
     * @return this pose
     * @throws IllegalArgumentException if the sizes differ or the weight is not finite
     */
    public Pose blend(Pose a, Pose b, float weight) {
        requireSameSize(a);
        requireSameSize(b);
        if (!Float.isFinite(weight)) {
            throw new IllegalArgumentException("weight is not finite: weight=" + weight);
        }
        float[] at = a.translations;
        float[] bt = b.translations;
        float[] as = a.scales;
        float[] bs = b.scales;
        for (int i = 0; i < translations.length; i++) {
            translations[i] = at[i] + (bt[i] - at[i]) * weight;
            scales[i] = as[i] + (bs[i] - as[i]) * weight;
        }
        Slerp.range(a.rotations, b.rotations, weight, rotations, 0, 4 * size);
        return this;
    }

    /**
     * Writes the pose into a hierarchy: target {@code i} becomes the local translation, rotation and scale of node
     * {@code handles[offset + i]}; a {@link Hierarchy#NULL} handle skips its target. Nodes with an explicit local
     * matrix get their translation column replaced and rotation/scale split as the hierarchy's setters describe.
     * Uses the hierarchy's bulk setters when no handle is NULL. O(size) plus marking the subtrees stale; call
     * {@link Hierarchy#update()} (or read a world matrix, which is exact at any time) afterwards.
     *
     * @param hierarchy destination hierarchy
     * @param handles node per target
     * @param offset index in {@code handles} of target 0's node
     * @throws IllegalArgumentException if {@code handles} is too short or a handle is stale (the bulk path checks
     *     every handle before writing)
     * @throws IllegalStateException if a node has an explicit local matrix with shear
     */
    public void applyTo(Hierarchy hierarchy, long[] handles, int offset) {
        if (offset < 0 || handles.length - offset < size) {
            throw new IllegalArgumentException("handles too short: length=" + handles.length + ", offset=" + offset
                    + ", required=" + size);
        }
        boolean anyNull = false;
        for (int i = 0; i < size; i++) {
            if (handles[offset + i] == Hierarchy.NULL) {
                anyNull = true;
                break;
            }
        }
        if (!anyNull) {
            hierarchy.setLocalTranslations(handles, offset, size, translations, 0);
            hierarchy.setLocalRotations(handles, offset, size, rotations, 0);
            hierarchy.setLocalScales(handles, offset, size, scales, 0);
            return;
        }
        for (int i = 0; i < size; i++) {
            long h = handles[offset + i];
            if (h == Hierarchy.NULL) {
                continue;
            }
            hierarchy.setLocalTranslation(h, translations[i * 3], translations[i * 3 + 1], translations[i * 3 + 2]);
            hierarchy.setLocalRotation(h, rotations[i * 4], rotations[i * 4 + 1], rotations[i * 4 + 2],
                    rotations[i * 4 + 3]);
            hierarchy.setLocalScale(h, scales[i * 3], scales[i * 3 + 1], scales[i * 3 + 2]);
        }
    }

    /**
     * Writes the pose into the nodes of a list: target {@code i} becomes the local translation, rotation and scale of
     * node {@code nodes.handle(i)}, through the list's bulk setters (whose handles were checked when the list was
     * made). Otherwise as {@link #applyTo(Hierarchy, long[], int)}.
     *
     * @param hierarchy destination hierarchy, the list's owner
     * @param nodes one node per target
     * @throws IllegalArgumentException if the list's size is not the pose's, the list belongs to another hierarchy
     *     or one of its nodes was destroyed
     * @throws IllegalStateException if a node has an explicit local matrix with shear
     */
    public void applyTo(Hierarchy hierarchy, NodeList nodes) {
        if (nodes.size() != size) {
            throw new IllegalArgumentException("node list size " + nodes.size() + " does not match the pose's size "
                    + size);
        }
        hierarchy.setLocalTranslations(nodes, translations, 0);
        hierarchy.setLocalRotations(nodes, rotations, 0);
        hierarchy.setLocalScales(nodes, scales, 0);
    }

    private void checkTarget(int target) {
        if (target < 0 || target >= size) {
            throw new IllegalArgumentException("target out of range: target=" + target + ", size=" + size);
        }
    }

    private void requireSameSize(Pose other) {
        if (other.size != size) {
            throw new IllegalArgumentException("pose sizes differ: size=" + size + ", other=" + other.size);
        }
    }

    private static void requireFinite(String what, int target, float v) {
        if (!Float.isFinite(v)) {
            throw new IllegalArgumentException(what + " is not finite: target=" + target + ", value=" + v);
        }
    }
}
