package dev.arbor.animation;

import java.util.Arrays;

/**
 * Morph-target weights for a fixed list of morphed nodes (in glTF, the nodes whose mesh has morph targets): what a
 * clip's weights channels are sampled into ({@link AnimationClip#sampleWeights}), what {@link PoseLayers} and
 * {@link Playback} blend, and what a renderer reads to mix a mesh's targets.
 *
 * <p>Layout: one flat float array; morphed node {@code m} (its index in the list, the {@code morph} index of the
 * clip's weights channels) has {@link #count(int) count(m)} weights at {@code [offset(m), offset(m) + count(m))}, the
 * entries one after another in index order, so {@link #copyTo} hands a renderer every node's weights in one copy. The
 * counts are fixed when the holder is made; a new holder's weights are 0.
 *
 * <p>Not thread-safe: a mutable buffer, like {@link Pose}; give each instance (and thread) its own.
 */
public final class MorphWeights {
    /** Where each entry's weights start; {@code offsets[morphCount]} is the total. */
    final int[] offsets;
    final float[] values;

    /**
     * Creates weights at 0 for one entry per count. O(total weights).
     *
     * @param counts the number of weights (morph targets) of each morphed node, each ≥ 0; none for an empty holder
     * @throws IllegalArgumentException if a count is negative or the total exceeds an array's size
     */
    public MorphWeights(int... counts) {
        offsets = new int[counts.length + 1];
        long total = 0;
        for (int m = 0; m < counts.length; m++) {
            if (counts[m] < 0) {
                throw new IllegalArgumentException("negative weight count: morph=" + m + ", count=" + counts[m]);
            }
            total += counts[m];
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("too many weights: total=" + total);
            }
            offsets[m + 1] = (int) total;
        }
        values = new float[(int) total];
    }

    /** @return the number of morphed nodes (entries) */
    public int morphCount() {
        return offsets.length - 1;
    }

    /** @return the number of weights over all entries: the length {@link #copyTo} writes */
    public int size() {
        return values.length;
    }

    /**
     * @param morph entry index
     * @return the number of weights of that entry
     * @throws IllegalArgumentException if {@code morph} is out of range
     */
    public int count(int morph) {
        checkMorph(morph);
        return offsets[morph + 1] - offsets[morph];
    }

    /**
     * @param morph entry index
     * @return where the entry's weights start in the flat layout ({@link #copyTo})
     * @throws IllegalArgumentException if {@code morph} is out of range
     */
    public int offset(int morph) {
        checkMorph(morph);
        return offsets[morph];
    }

    /**
     * @param morph entry index
     * @param target morph target index within the entry
     * @return the weight
     * @throws IllegalArgumentException if {@code morph} or {@code target} is out of range
     */
    public float weight(int morph, int target) {
        int count = count(morph);
        if (target < 0 || target >= count) {
            throw new IllegalArgumentException("morph target out of range: morph=" + morph + ", target=" + target
                    + ", count=" + count);
        }
        return values[offsets[morph] + target];
    }

    /**
     * Reads one entry's weights. O(count).
     *
     * @param morph entry index
     * @param dest receives {@link #count(int) count(morph)} floats at {@code d}
     * @param d offset in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code morph} is out of range or {@code dest} too short
     */
    public float[] weights(int morph, float[] dest, int d) {
        int count = count(morph);
        checkRoom("dest", dest, d, count);
        System.arraycopy(values, offsets[morph], dest, d, count);
        return dest;
    }

    /**
     * Copies every entry's weights, in the flat layout ({@link #offset}), into a renderer's array. O(size()),
     * allocation-free.
     *
     * @param dest receives {@link #size()} floats at {@code d}
     * @param d offset in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code dest} is too short
     */
    public float[] copyTo(float[] dest, int d) {
        checkRoom("dest", dest, d, values.length);
        System.arraycopy(values, 0, dest, d, values.length);
        return dest;
    }

    /**
     * Sets one entry's weights. Any finite value is allowed (glTF weights are usually in [0, 1], but need not be).
     * O(count).
     *
     * @param morph entry index
     * @param weights {@link #count(int) count(morph)} floats at {@code offset}
     * @param offset start in {@code weights}
     * @return this object
     * @throws IllegalArgumentException if {@code morph} is out of range, {@code weights} too short or a value not
     *     finite (nothing changed)
     */
    public MorphWeights set(int morph, float[] weights, int offset) {
        int count = count(morph);
        checkRoom("weights", weights, offset, count);
        for (int k = 0; k < count; k++) {
            if (!Float.isFinite(weights[offset + k])) {
                throw new IllegalArgumentException("weight is not finite: morph=" + morph + ", target=" + k
                        + ", value=" + weights[offset + k]);
            }
        }
        System.arraycopy(weights, offset, values, offsets[morph], count);
        return this;
    }

    /**
     * Copies another holder of the same layout into this one. O(size()), allocation-free.
     *
     * @param other source
     * @return this object
     * @throws IllegalArgumentException if the layouts differ
     */
    public MorphWeights copyFrom(MorphWeights other) {
        requireSameLayout(other, "other");
        System.arraycopy(other.values, 0, values, 0, values.length);
        return this;
    }

    /**
     * Blends two holders into this one: {@code a + (b - a) × weight} per weight, in double, rounded once. Weight 0
     * gives {@code a}, 1 gives {@code b}. This holder may be {@code a} or {@code b}. O(size()), allocation-free.
     *
     * @param a first weights
     * @param b second weights
     * @param weight weight of {@code b}, finite (usually in [0, 1])
     * @return this object
     * @throws IllegalArgumentException if the layouts differ or the weight is not finite (nothing changed)
     */
    public MorphWeights blend(MorphWeights a, MorphWeights b, float weight) {
        requireSameLayout(a, "a");
        requireSameLayout(b, "b");
        if (!Float.isFinite(weight)) {
            throw new IllegalArgumentException("weight is not finite: weight=" + weight);
        }
        float[] av = a.values;
        float[] bv = b.values;
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) (av[i] + ((double) bv[i] - av[i]) * weight);
        }
        return this;
    }

    /**
     * @param other another holder
     * @return whether both have the same entries with the same counts
     */
    public boolean sameLayout(MorphWeights other) {
        return Arrays.equals(offsets, other.offsets);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("MorphWeights[");
        for (int m = 0; m < morphCount(); m++) {
            s.append(m == 0 ? "" : ", ").append(Arrays.toString(Arrays.copyOfRange(values, offsets[m],
                    offsets[m + 1])));
        }
        return s.append(']').toString();
    }

    void requireSameLayout(MorphWeights other, String what) {
        if (!sameLayout(other)) {
            throw new IllegalArgumentException("morph weight layouts differ: " + what + " has " + other.morphCount()
                    + " entries and " + other.size() + " weights, this " + morphCount() + " and " + size());
        }
    }

    private void checkMorph(int morph) {
        if (morph < 0 || morph >= offsets.length - 1) {
            throw new IllegalArgumentException("morph out of range: morph=" + morph + ", morphCount="
                    + (offsets.length - 1));
        }
    }

    private static void checkRoom(String what, float[] array, int offset, int required) {
        if (offset < 0 || array.length - (long) offset < required) {
            throw new IllegalArgumentException(what + " too short: length=" + array.length + ", offset=" + offset
                    + ", required=" + required);
        }
    }
}
