package dev.arbor.animation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An animation clip: channels, each animating one path (translation, rotation or scale) of one target, with its own
 * key times and values in flat arrays (layout as in {@link Builder#addChannel}). A target is an index into a
 * {@link Pose}; which node it moves is decided by whoever applies the pose ({@link Pose#applyTo}).
 *
 * <p>A clip may also hold <em>weights channels</em>, each animating the morph-target weights of one morphed node: an
 * entry ({@code morph} index) of a {@link MorphWeights}, sampled by {@link #sampleWeights} (layout as in
 * {@link MorphKeyframes}: per key the node's weights, or for splines in-tangents, weights and out-tangents). They
 * count towards the clip's start and end time like the others.
 *
 * <p>Immutable once built and safe to share between threads and between any number of instances that play it at
 * different times (a crowd): sampling reads the clip and writes only into the caller's pose.
 *
 * <p>Build with {@link #builder(String)}; every channel is validated when added.
 */
public final class AnimationClip {
    private final String name;
    /** Pose index each channel writes. */
    private final int[] targets;
    private final TargetPath[] paths;
    private final Interpolation[] interpolations;
    /**
     * Key times per channel, strictly increasing. A channel whose times equal its predecessor's shares that array
     * (glTF channels usually share their sampler's input and come joint by joint).
     */
    private final float[][] times;
    /** Key values per channel, layout as in {@link Builder#addChannel}. */
    private final float[][] values;
    /** The exact compiled form, which {@link #sample} runs. */
    private final ClipSampler sampler;
    private final float startTime;
    private final float endTime;
    private final int targetCount;
    /** Weights channels: the morph entry each writes, its weights per key, interpolation, key times and values. */
    private final int[] morphs;
    private final int[] weightCounts;
    private final Interpolation[] weightInterpolations;
    private final float[][] weightTimes;
    private final float[][] weightValues;
    private final int morphCount;

    private AnimationClip(Builder b) {
        int n = b.targets.size();
        this.name = b.name;
        this.targets = new int[n];
        this.paths = new TargetPath[n];
        this.interpolations = new Interpolation[n];
        this.times = new float[n][];
        this.values = new float[n][];
        float start = Float.POSITIVE_INFINITY;
        float end = Float.NEGATIVE_INFINITY;
        int maxTarget = -1;
        for (int c = 0; c < n; c++) {
            targets[c] = b.targets.get(c);
            paths[c] = b.paths.get(c);
            interpolations[c] = b.interpolations.get(c);
            float[] keyTimes = b.times.get(c);
            times[c] = c > 0 && Arrays.equals(keyTimes, times[c - 1]) ? times[c - 1] : keyTimes;
            values[c] = b.values.get(c);
            start = Math.min(start, times[c][0]);
            end = Math.max(end, times[c][times[c].length - 1]);
            maxTarget = Math.max(maxTarget, targets[c]);
        }
        int w = b.morphs.size();
        this.morphs = new int[w];
        this.weightCounts = new int[w];
        this.weightInterpolations = b.weightInterpolations.toArray(new Interpolation[0]);
        this.weightTimes = b.weightTimes.toArray(new float[0][]);
        this.weightValues = b.weightValues.toArray(new float[0][]);
        int maxMorph = -1;
        for (int c = 0; c < w; c++) {
            morphs[c] = b.morphs.get(c);
            weightCounts[c] = b.weightCounts.get(c);
            start = Math.min(start, weightTimes[c][0]);
            end = Math.max(end, weightTimes[c][weightTimes[c].length - 1]);
            maxMorph = Math.max(maxMorph, morphs[c]);
        }
        this.startTime = b.range != null ? b.range[0] : n + w == 0 ? 0f : start;
        this.endTime = b.range != null ? b.range[1] : n + w == 0 ? 0f : end;
        this.targetCount = maxTarget + 1;
        this.morphCount = maxMorph + 1;
        this.sampler = ClipSampler.compile(this);
    }

    /** The same clip under another name: the key arrays shared, the sampler compiled again. */
    private AnimationClip(AnimationClip c, String name) {
        this.name = name;
        this.targets = c.targets;
        this.paths = c.paths;
        this.interpolations = c.interpolations;
        this.times = c.times;
        this.values = c.values;
        this.startTime = c.startTime;
        this.endTime = c.endTime;
        this.targetCount = c.targetCount;
        this.morphs = c.morphs;
        this.weightCounts = c.weightCounts;
        this.weightInterpolations = c.weightInterpolations;
        this.weightTimes = c.weightTimes;
        this.weightValues = c.weightValues;
        this.morphCount = c.morphCount;
        this.sampler = ClipSampler.compile(this);
    }

    /**
     * Starts building a clip.
     *
     * @param name the clip's name (may be {@code null}), what {@link #name()} returns and what error messages and
     *     tools show
     * @return a new builder
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * @return the clip's name: the one given to {@link #builder(String)}, or for a glTF animation the file's
     *     {@code name}; {@code null} if it has none
     */
    public String name() {
        return name;
    }

    /**
     * The same clip under another name (for example a glTF animation that has none): same channels, times and
     * values, which the two clips share (both are immutable). O(channels + keys), to compile the new clip's sampler;
     * this clip is unchanged.
     *
     * @param newName the name (may be {@code null})
     * @return a new clip, or this one if the name is the same
     */
    public AnimationClip withName(String newName) {
        return java.util.Objects.equals(newName, name) ? this : new AnimationClip(this, newName);
    }

    /** @return the number of channels */
    public int channelCount() {
        return targets.length;
    }

    /** @return the number of weights channels */
    public int weightsChannelCount() {
        return morphs.length;
    }

    /** @return one more than the largest morph entry a weights channel writes: the fewest entries to sample into */
    public int morphCount() {
        return morphCount;
    }

    /**
     * @param channel weights channel index
     * @return the morph entry ({@link MorphWeights}) the channel writes
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public int weightsMorph(int channel) {
        return morphs[channel];
    }

    /**
     * @param channel weights channel index
     * @return the number of weights (morph targets) it animates per key
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public int weightsCount(int channel) {
        return weightCounts[channel];
    }

    /**
     * @param channel weights channel index
     * @return the channel's interpolation
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public Interpolation weightsInterpolation(int channel) {
        return weightInterpolations[channel];
    }

    /**
     * @param channel weights channel index
     * @return a copy of the channel's key times
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public float[] weightsTimes(int channel) {
        return weightTimes[channel].clone();
    }

    /**
     * @param channel weights channel index
     * @return a copy of the channel's key values (layout as in the class comment)
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public float[] weightsValues(int channel) {
        return weightValues[channel].clone();
    }

    /** @return the earliest key time over all channels (0 for a clip without channels) */
    public float startTime() {
        return startTime;
    }

    /** @return the latest key time over all channels (0 for a clip without channels); the loop length */
    public float endTime() {
        return endTime;
    }

    /** @return one more than the largest target index: the smallest pose this clip can be sampled into */
    public int targetCount() {
        return targetCount;
    }

    /**
     * @param channel channel index
     * @return the pose index the channel writes
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public int target(int channel) {
        return targets[channel];
    }

    /**
     * @param channel channel index
     * @return what the channel animates
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public TargetPath path(int channel) {
        return paths[channel];
    }

    /**
     * @param channel channel index
     * @return the channel's interpolation
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public Interpolation interpolation(int channel) {
        return interpolations[channel];
    }

    /**
     * @param channel channel index
     * @return a copy of the channel's key times
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public float[] times(int channel) {
        return times[channel].clone();
    }

    /**
     * @param channel channel index
     * @return a copy of the channel's key values (layout as in {@link Builder#addChannel})
     * @throws IndexOutOfBoundsException if {@code channel} is out of range
     */
    public float[] values(int channel) {
        return values[channel].clone();
    }

    /** The channel's key times themselves, for the samplers of this package, which only read them. */
    float[] sharedTimes(int channel) {
        return times[channel];
    }

    /** The channel's key values themselves, for the samplers of this package, which only read them. */
    float[] sharedValues(int channel) {
        return values[channel];
    }

    /**
     * Samples every channel at time {@code time} and writes the results into {@code pose}; pose entries that no
     * channel animates are left as they were (start from a rest pose with {@link Pose#copyFrom}). Computed by the
     * clip's exact {@link ClipSampler} (see there for the precision), with a key search per timeline instead of a
     * cursor: to play many instances, compile a {@link ClipSampler} and keep cursors. Allocation-free;
     * O(channels + timelines × log keys). Thread-safe for the clip; the pose must not be shared.
     *
     * @param time time in seconds
     * @param wrap {@link WrapMode#CLAMP} uses the time as given (values clamp at the ends); {@link WrapMode#LOOP}
     *     first wraps it into {@code [0, endTime())}
     * @param pose destination
     * @throws IllegalArgumentException if {@code time} is NaN or the pose has fewer than {@link #targetCount()}
     *     entries
     */
    public void sample(float time, WrapMode wrap, Pose pose) {
        if (Float.isNaN(time)) {
            throw new IllegalArgumentException("time is NaN");
        }
        if (pose.size() < targetCount) {
            throw new IllegalArgumentException("pose too small: size=" + pose.size() + ", required=" + targetCount);
        }
        sampler.sampleUnchecked(time, wrap, null, 0, pose.translations, 0, pose.rotations, 0, pose.scales, 0, 0);
    }

    /**
     * Samples every weights channel at time {@code time} into {@code weights}; entries no channel animates are left as
     * they were (start from the rest weights with {@link MorphWeights#copyFrom}). Of two channels of one entry the
     * later wins. The time is wrapped as {@link #sample} wraps it (in double), and each value is computed in double
     * and rounded once (see {@link MorphKeyframes}), so it is within a float's rounding of the exact glTF value.
     * Allocation-free; O(weights + channels × log keys). Thread-safe for the clip; the weights must not be shared.
     *
     * @param time time in seconds
     * @param wrap CLAMP or LOOP, as for {@link #sample}
     * @param weights destination
     * @throws IllegalArgumentException if {@code time} is NaN, {@code weights} has fewer than {@link #morphCount()}
     *     entries or an entry a channel writes has another number of weights than the channel (nothing written)
     */
    public void sampleWeights(float time, WrapMode wrap, MorphWeights weights) {
        if (Float.isNaN(time)) {
            throw new IllegalArgumentException("time is NaN");
        }
        if (weights.morphCount() < morphCount) {
            throw new IllegalArgumentException("morph weights too small: morphCount=" + weights.morphCount()
                    + ", required=" + morphCount);
        }
        int[] offsets = weights.offsets;
        for (int c = 0; c < morphs.length; c++) {
            int count = offsets[morphs[c] + 1] - offsets[morphs[c]];
            if (count != weightCounts[c]) {
                throw new IllegalArgumentException("weights channel " + c + ": morph " + morphs[c] + " has "
                        + count + " weights, the channel " + weightCounts[c]);
            }
        }
        double t = sampler.wrap(time, wrap);
        float[] dest = weights.values;
        for (int c = 0; c < morphs.length; c++) {
            MorphKeyframes.sample(weightTimes[c], weightValues[c], weightCounts[c], weightInterpolations[c], t, dest,
                    offsets[morphs[c]]);
        }
    }

    /**
     * The part of this clip that a masked layer needs: the channels whose target weighs more than 0 in
     * {@code targetWeights} (a {@link PoseLayers#mask}), and every weights channel, over this clip's time range (so
     * that it loops and clamps at the same times, and samples exactly the same values for the targets it keeps).
     * Sampling it costs about the share of the channels it keeps. Made once per mask, not per frame: O(channels +
     * keys), copies the keys it keeps.
     *
     * @param targetWeights one weight per pose target, at least {@link #targetCount()} of them
     * @return the restricted clip, with this clip's name
     * @throws IllegalArgumentException if {@code targetWeights} is shorter than {@link #targetCount()} or holds NaN
     */
    public AnimationClip restrictedTo(float[] targetWeights) {
        if (targetWeights.length < targetCount) {
            throw new IllegalArgumentException("mask too short: length=" + targetWeights.length + ", required="
                    + targetCount);
        }
        Builder b = builder(name);
        for (int c = 0; c < targets.length; c++) {
            float weight = targetWeights[targets[c]];
            if (Float.isNaN(weight)) {
                throw new IllegalArgumentException("mask weight of target " + targets[c] + " is NaN");
            }
            if (weight > 0f) {
                b.addChannel(targets[c], paths[c], interpolations[c], times[c], values[c]);
            }
        }
        for (int c = 0; c < morphs.length; c++) {
            b.addWeightsChannel(morphs[c], weightInterpolations[c], weightTimes[c], weightValues[c], weightCounts[c]);
        }
        b.range = new float[] {startTime, endTime};
        return b.build();
    }

    /**
     * The same motion played {@code factor} times as long (0.6 for a run made from a walk), under a new name: every
     * key time multiplied by the factor (CUBICSPLINE tangents divided by it, so the curves keep their shape), the
     * values kept. O(channels + keys); this clip is unchanged.
     *
     * @param newName the new clip's name (may be {@code null})
     * @param factor the time scale, finite and above 0
     * @return a new clip
     * @throws IllegalArgumentException if the factor is not finite and above 0
     */
    public AnimationClip retimed(String newName, float factor) {
        if (!(factor > 0) || Float.isInfinite(factor)) {
            throw new IllegalArgumentException("time factor out of range: factor=" + factor + ", allowed=(0, ∞)");
        }
        Builder b = builder(newName);
        for (int c = 0; c < targets.length; c++) {
            b.addChannel(targets[c], paths[c], interpolations[c], scaled(times[c], factor),
                    tangentsScaled(values[c], interpolations[c], paths[c].components(), factor));
        }
        for (int c = 0; c < morphs.length; c++) {
            b.addWeightsChannel(morphs[c], weightInterpolations[c], scaled(weightTimes[c], factor),
                    tangentsScaled(weightValues[c], weightInterpolations[c], weightCounts[c], factor),
                    weightCounts[c]);
        }
        b.range = new float[] {startTime * factor, endTime * factor};
        return b.build();
    }

    /**
     * A clip holding this clip's pose at one time (an idle stance taken from a walk), under a new name: one key per
     * channel of this clip, the value it samples at {@code time} ({@link WrapMode#CLAMP}); a clip of length 0.
     * Weights channels are held likewise. O(channels + keys).
     *
     * @param newName the new clip's name (may be {@code null})
     * @param time the time held, not NaN
     * @return a new clip
     * @throws IllegalArgumentException if the time is NaN
     */
    public AnimationClip heldAt(String newName, float time) {
        if (Float.isNaN(time)) {
            throw new IllegalArgumentException("time=NaN");
        }
        Pose pose = new Pose(targetCount);
        sample(time, WrapMode.CLAMP, pose);
        MorphWeights weights = new MorphWeights(weightCountsByMorph());
        sampleWeights(time, WrapMode.CLAMP, weights);
        Builder b = builder(newName);
        float[] at = {0};
        for (int c = 0; c < targets.length; c++) {
            float[] value = switch (paths[c]) {
                case TRANSLATION -> pose.translation(targets[c], new float[3], 0);
                case ROTATION -> pose.rotation(targets[c], new float[4], 0);
                default -> pose.scale(targets[c], new float[3], 0);
            };
            b.addChannel(targets[c], paths[c], Interpolation.STEP, at, value);
        }
        for (int c = 0; c < morphs.length; c++) {
            b.addWeightsChannel(morphs[c], Interpolation.STEP, at,
                    weights.weights(morphs[c], new float[weightCounts[c]], 0), weightCounts[c]);
        }
        b.range = new float[] {0, 0};
        return b.build();
    }

    private int[] weightCountsByMorph() {
        int[] counts = new int[morphCount];
        for (int c = 0; c < morphs.length; c++) {
            counts[morphs[c]] = weightCounts[c];
        }
        return counts;
    }

    private static float[] scaled(float[] keyTimes, float factor) {
        float[] out = new float[keyTimes.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = keyTimes[k] * factor;
        }
        return out;
    }

    private static float[] tangentsScaled(float[] keyValues, Interpolation interpolation, int components,
                                          float factor) {
        if (interpolation != Interpolation.CUBICSPLINE) {
            return keyValues;
        }
        float[] out = keyValues.clone();
        int perKey = 3 * components;
        for (int k = 0; k < out.length; k += perKey) {
            for (int i = 0; i < components; i++) {
                out[k + i] /= factor;                      // in-tangent
                out[k + 2 * components + i] /= factor;     // out-tangent
            }
        }
        return out;
    }

    /**
     * Wraps a time into {@code [0, endTime())} as {@link WrapMode#LOOP} does.
     *
     * @param time any finite time
     * @return the wrapped time; {@code time} itself if the clip's end time is not positive or time is infinite
     */
    public float wrap(float time) {
        if (!(endTime > 0f) || Float.isInfinite(time)) {
            return time;
        }
        double r = time % (double) endTime;
        if (r < 0) {
            r += endTime;
        }
        float f = (float) r;
        // a time just below a multiple of the end rounds up to the end itself: keep it in [0, endTime) on the side it
        // came from (the last float before the end), not at 0, which would sample the clip's first key instead
        return f >= endTime ? Math.nextDown(endTime) : f;
    }

    @Override
    public String toString() {
        return "AnimationClip[name=" + name + ", channels=" + targets.length + ", weightsChannels=" + morphs.length
                + ", time=" + startTime + ".." + endTime + "]";
    }

    /**
     * Collects channels for an {@link AnimationClip}. Not thread-safe; use once.
     */
    public static final class Builder {
        private final String name;
        private final List<Integer> targets = new ArrayList<>();
        private final List<TargetPath> paths = new ArrayList<>();
        private final List<Interpolation> interpolations = new ArrayList<>();
        private final List<float[]> times = new ArrayList<>();
        private final List<float[]> values = new ArrayList<>();
        private final List<Integer> morphs = new ArrayList<>();
        private final List<Integer> weightCounts = new ArrayList<>();
        private final List<Interpolation> weightInterpolations = new ArrayList<>();
        private final List<float[]> weightTimes = new ArrayList<>();
        private final List<float[]> weightValues = new ArrayList<>();
        /** The start and end time to keep instead of the keys' ({@link #restrictedTo}), or null. */
        private float[] range;

        private Builder(String name) {
            this.name = name;
        }

        /**
         * Adds a channel. The arrays are copied. O(keys).
         *
         * @param target pose index the channel writes, ≥ 0
         * @param path what it animates
         * @param interpolation how it interpolates
         * @param keyTimes key times: at least one, finite, strictly increasing
         * @param keyValues {@code keyTimes.length × interpolation.valuesPerKey() × path.components()} finite floats:
         *     per key its value, or for CUBICSPLINE its in-tangent, value and out-tangent (glTF's order); rotations
         *     are quaternions x y z w, and every key value (not tangent) must be a non-zero quaternion
         * @return this builder
         * @throws IllegalArgumentException naming the channel and the bad value if any of these does not hold
         */
        public Builder addChannel(int target, TargetPath path, Interpolation interpolation, float[] keyTimes,
                                  float[] keyValues) {
            String c = "channel " + targets.size();
            if (target < 0) {
                throw new IllegalArgumentException(c + ": negative target=" + target);
            }
            int n = keyTimes.length;
            int components = path.components();
            int perKey = interpolation.valuesPerKey() * components;
            checkKeys(c, keyTimes, keyValues, perKey);
            if (path == TargetPath.ROTATION) {
                int mid = interpolation == Interpolation.CUBICSPLINE ? components : 0;
                for (int k = 0; k < n; k++) {
                    int v = k * perKey + mid;
                    double len2 = (double) keyValues[v] * keyValues[v] + (double) keyValues[v + 1] * keyValues[v + 1]
                            + (double) keyValues[v + 2] * keyValues[v + 2]
                            + (double) keyValues[v + 3] * keyValues[v + 3];
                    if (!(len2 > Keyframes.MIN_QUATERNION_LENGTH_SQUARED)) {
                        throw new IllegalArgumentException(c + ": key " + k + " is a zero quaternion");
                    }
                }
            }
            targets.add(target);
            paths.add(path);
            interpolations.add(interpolation);
            times.add(keyTimes.clone());
            values.add(keyValues.clone());
            return this;
        }

        /**
         * Adds a weights channel: the morph-target weights of one morphed node. The arrays are copied. O(keys).
         *
         * @param morph the {@link MorphWeights} entry the channel writes, ≥ 0
         * @param interpolation how it interpolates (LINEAR: plain per-weight lerp; CUBICSPLINE: Hermite)
         * @param keyTimes key times: at least one, finite, strictly increasing
         * @param keyValues {@code keyTimes.length × interpolation.valuesPerKey() × weightCount} finite floats: per key
         *     the node's weights, or for CUBICSPLINE its in-tangents, weights and out-tangents
         * @param weightCount weights (morph targets) per key, ≥ 1
         * @return this builder
         * @throws IllegalArgumentException naming the channel and the bad value if any of these does not hold
         *     (nothing added)
         */
        public Builder addWeightsChannel(int morph, Interpolation interpolation, float[] keyTimes, float[] keyValues,
                                         int weightCount) {
            String c = "weights channel " + morphs.size();
            if (morph < 0) {
                throw new IllegalArgumentException(c + ": negative morph=" + morph);
            }
            if (weightCount < 1) {
                throw new IllegalArgumentException(c + ": weightCount=" + weightCount + ", required ≥ 1");
            }
            checkKeys(c, keyTimes, keyValues, (long) interpolation.valuesPerKey() * weightCount);
            morphs.add(morph);
            weightCounts.add(weightCount);
            weightInterpolations.add(interpolation);
            weightTimes.add(keyTimes.clone());
            weightValues.add(keyValues.clone());
            return this;
        }

        /** Checks key times (at least one, finite, strictly increasing) and values ({@code perKey} finite per key). */
        private static void checkKeys(String channel, float[] keyTimes, float[] keyValues, long perKey) {
            int n = keyTimes.length;
            if (n == 0) {
                throw new IllegalArgumentException(channel + ": no keys");
            }
            // finiteness as x - x != 0 (NaN exactly for NaN and the infinities), not Float.isFinite: called once per
            // channel, too few times to be compiled during a model's first read, these loops run in the interpreter,
            // where Float.isFinite's two calls per value (it calls Math.abs) were a sixth of the read's time (-Xint)
            for (int k = 0; k < n; k++) {
                float t = keyTimes[k];
                if (t - t != 0f) {
                    throw new IllegalArgumentException(channel + ": time[" + k + "]=" + t + " is not finite");
                }
                if (k > 0 && !(t > keyTimes[k - 1])) {
                    throw new IllegalArgumentException(channel + ": times not strictly increasing: time["
                            + (k - 1) + "]=" + keyTimes[k - 1] + ", time[" + k + "]=" + t);
                }
            }
            if (keyValues.length != n * perKey) {
                throw new IllegalArgumentException(channel + ": values.length=" + keyValues.length
                        + ", required=" + n * perKey + " (" + n + " keys × " + perKey + ")");
            }
            for (int i = 0; i < keyValues.length; i++) {
                float v = keyValues[i];
                if (v - v != 0f) {
                    throw new IllegalArgumentException(channel + ": value[" + i + "]=" + keyValues[i]
                            + " is not finite");
                }
            }
        }

        /**
         * Builds the clip. The builder may be reused afterwards, but the clip does not see later channels.
         *
         * @return the clip
         */
        public AnimationClip build() {
            return new AnimationClip(this);
        }
    }
}
