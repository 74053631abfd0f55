package dev.arbor.animation;

import dev.arbor.kernel.SlerpRuns;
import dev.arbor.kernel.VectorSupport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An {@link AnimationClip} compiled for sampling many instances, each at its own time: immutable, shared by every
 * instance (and thread) that plays the clip. The per-instance state is a row of int cursors the caller owns
 * ({@link #newCursors}), so that playing forward finds each key segment in O(1) amortised and a jump backwards
 * searches once.
 *
 * <p>What compiling does:
 * <ul>
 *   <li>Only the last channel per (target, path) is kept: the one whose value {@link AnimationClip#sample} leaves.
 *   <li>A channel whose key values are bitwise identical (and, for {@link Interpolation#CUBICSPLINE}, whose tangents
 *       are all zero), or that has one key, is <em>constant</em>: its value is copied, never interpolated. This is
 *       exact. With {@link #compile(AnimationClip, float)} a channel whose values stay within a tolerance of its
 *       first key is folded too (an approximation, see there).
 *   <li>Channels that share their key times form one <em>timeline</em>; each timeline keeps one cursor per instance
 *       and finds its segment and fraction once per sample for all its channels.
 *   <li>Keys are stored segment-interleaved per timeline: for segment {@code k} (keys {@code k} and {@code k + 1})
 *       every channel of the timeline has its record side by side, so one sample reads one contiguous run of floats.
 *       Records: STEP the value of key {@code k}; LINEAR both values (rotations also the arc angle, the second key
 *       negated onto the first's hemisphere), for a run of LINEAR channels of one path on consecutive targets lane by
 *       lane (each component's lanes contiguous), so that a sample into component planes interpolates a vector of
 *       channels at a time ({@code dev.arbor.kernel.SlerpRuns}); CUBICSPLINE value and out-tangent of key {@code k},
 *       in-tangent and value of key {@code k + 1}. Rotation keys are normalised when compiled (the rotation the key
 *       stands for).
 * </ul>
 *
 * <p>Exactness: times are wrapped and fractions computed in double from the float key times; every interpolation is
 * evaluated in double and rounded once. LINEAR rotations are true slerp along the shorter arc, the weights
 * {@code sin(sθ)} and {@code sin((1-s)θ)} from a polynomial of sin(x)/x (relative error below 1e-9 on
 * {@code [0, π/2]}, the only range the shorter arc needs) followed by a normalisation, so no sine or arc cosine is
 * called per sample. Every value is within 1e-6 of a double-precision evaluation of the glTF rules on the normalised
 * keys (relative to the value's scale); the tests check that for STEP, LINEAR and CUBICSPLINE, LOOP and CLAMP, forward
 * steps, backward jumps and random times.
 *
 * <p>Semantics otherwise as {@link AnimationClip#sample}: before a channel's first key its first value, at or after its
 * last key its last value; LOOP wraps the time into {@code [0, endTime())} (a time just below a multiple of the end
 * samples just below the end), CLAMP uses it as given.
 */
public final class ClipSampler {
    /** Record kinds: path × interpolation. */
    static final int STEP = 0;
    static final int LINEAR = 1;
    static final int CUBIC = 2;
    /** A LINEAR translation or scale in a run of consecutive targets (records: see {@link #writeRecords}). */
    static final int LERP_RUN = 3;
    /** A LINEAR rotation in a run of consecutive targets (records: see {@link #writeRecords}). */
    static final int SLERP_RUN = 4;
    /** Floats of a LINEAR rotation record: two quaternions and the arc angle. */
    private static final int SLERP_RECORD = 9;
    /** Coefficients of sin(x)/x = Σ c[i] x^(2i), the Taylor series to x^12: error below 7e-10 on [0, π/2]. */
    private static final double C1 = -1.0 / 6;
    private static final double C2 = 1.0 / 120;
    private static final double C3 = -1.0 / 5040;
    private static final double C4 = 1.0 / 362880;
    private static final double C5 = -1.0 / 39916800;
    private static final double C6 = 1.0 / 6227020800.0;

    private final String name;
    private final int targetCount;
    private final float endTime;
    private final float tolerance;

    // constant channels: value at constantValues[constantFrom[i] ..], written to path constantPaths[i] at the
    // float index constantDests[i] (target × components)
    private final int[] constantPaths;
    private final int[] constantDests;
    private final int[] constantFrom;
    private final float[] constantValues;

    // timelines: key times, where their segment records start, floats per segment, their channels
    private final float[][] timelineTimes;
    private final int[] segmentBase;
    private final int[] segmentStride;
    /** Where the first and last values (clamp values) of a timeline's channels start in {@link #clampValues}. */
    private final int[] firstBase;
    private final int[] lastBase;
    /** Channels of timeline g: [channelStart[g], channelStart[g + 1]). */
    private final int[] channelStart;

    // moving channels, grouped by timeline
    private final int[] paths;
    private final int[] kinds;
    private final int[] dests;
    /** Offset of the channel's record within its timeline's segment. */
    private final int[] recordOffsets;
    /** A LINEAR channel: its run's length (the lane count of the run's records); else its components. */
    private final int[] pairOffsets;
    /** Runs of channels sampled by one loop: channels [runStarts[r], runStarts[r + 1]); timeline g has runs
     * [timelineRuns[g], timelineRuns[g + 1]). */
    private final int[] runStarts;
    private final int[] timelineRuns;
    /** Offset of the channel's value within its timeline's first/last values. */
    private final int[] valueOffsets;
    private final float[] records;
    private final float[] clampValues;
    private final boolean[] moves = new boolean[3];

    private ClipSampler(AnimationClip clip, float tolerance) {
        this.name = clip.name();
        this.targetCount = clip.targetCount();
        this.endTime = clip.endTime();
        this.tolerance = tolerance;
        int n = clip.channelCount();
        // the last channel per (target, path) wins, as in AnimationClip.sample
        // channels sorted by (target × 3 + path, below 2^33) and then index (below 2^31), as unsigned 64-bit keys
        // (the sign bit flipped for a signed sort): the last of each group is the one kept
        boolean[] kept = new boolean[n];
        long[] keys = new long[n];
        for (int c = 0; c < n; c++) {
            keys[c] = ((clip.target(c) * 3L + clip.path(c).ordinal()) << 31 | c) ^ Long.MIN_VALUE;
        }
        Arrays.sort(keys);
        for (int i = 0; i < n; i++) {
            long key = keys[i] ^ Long.MIN_VALUE;
            if (i == n - 1 || (keys[i + 1] ^ Long.MIN_VALUE) >>> 31 != key >>> 31) {
                kept[(int) (key & Integer.MAX_VALUE)] = true;
            }
        }
        List<Integer> constants = new ArrayList<>();
        List<float[]> constantValueList = new ArrayList<>();
        List<float[]> timelines = new ArrayList<>();
        List<List<Integer>> timelineChannels = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            if (!kept[c]) {
                continue;
            }
            float[] value = constantValue(clip, c, tolerance);
            if (value != null) {
                constants.add(c);
                constantValueList.add(value);
                continue;
            }
            float[] times = clip.sharedTimes(c);
            int g = 0;
            while (g < timelines.size() && !Arrays.equals(timelines.get(g), times)) {
                g++;
            }
            if (g == timelines.size()) {
                timelines.add(times);
                timelineChannels.add(new ArrayList<>());
            }
            timelineChannels.get(g).add(c);
        }
        int k = constants.size();
        constantPaths = new int[k];
        constantDests = new int[k];
        constantFrom = new int[k + 1];
        for (int i = 0; i < k; i++) {
            int c = constants.get(i);
            constantPaths[i] = clip.path(c).ordinal();
            constantDests[i] = clip.target(c);
            constantFrom[i + 1] = constantFrom[i] + clip.path(c).components();
        }
        constantValues = new float[constantFrom[k]];
        for (int i = 0; i < k; i++) {
            System.arraycopy(constantValueList.get(i), 0, constantValues, constantFrom[i],
                    constantFrom[i + 1] - constantFrom[i]);
        }

        // within a timeline: by interpolation, path and target, so that runs of one kind are sampled by one loop
        ChannelOrder order = new ChannelOrder(clip);
        for (List<Integer> list : timelineChannels) {
            list.sort(order);
        }
        int timelineCount = timelines.size();
        timelineTimes = timelines.toArray(new float[0][]);
        segmentBase = new int[timelineCount];
        segmentStride = new int[timelineCount];
        firstBase = new int[timelineCount];
        lastBase = new int[timelineCount];
        channelStart = new int[timelineCount + 1];
        int moving = 0;
        for (List<Integer> list : timelineChannels) {
            moving += list.size();
        }
        paths = new int[moving];
        kinds = new int[moving];
        dests = new int[moving];
        recordOffsets = new int[moving];
        pairOffsets = new int[moving];
        valueOffsets = new int[moving];
        List<Integer> runList = new ArrayList<>();
        int recordFloats = 0;
        int valueFloats = 0;
        int m = 0;
        for (int g = 0; g < timelineCount; g++) {
            channelStart[g] = m;
            int stride = 0;
            int values = 0;
            List<Integer> list = timelineChannels.get(g);
            for (int i = 0; i < list.size(); ) {
                // a run: channels of one interpolation and path; LINEAR ones also on consecutive targets, their
                // records laid out component by component, a lane per channel (see writeRecords)
                int c0 = list.get(i);
                boolean linear = clip.interpolation(c0) == Interpolation.LINEAR;
                boolean rotation = clip.path(c0) == TargetPath.ROTATION;
                int j = i + 1;
                while (j < list.size() && clip.interpolation(list.get(j)) == clip.interpolation(c0)
                        && clip.path(list.get(j)) == clip.path(c0)
                        && (!linear || clip.target(list.get(j)) == clip.target(list.get(j - 1)) + 1)) {
                    j++;
                }
                runList.add(m);
                for (int r = i; r < j; r++) {
                    int c = list.get(r);
                    TargetPath path = clip.path(c);
                    paths[m] = path.ordinal();
                    moves[path.ordinal()] = true;
                    kinds[m] = linear ? (rotation ? SLERP_RUN : LERP_RUN) : clip.interpolation(c).ordinal();
                    dests[m] = clip.target(c);
                    recordOffsets[m] = linear ? stride + r - i : stride;
                    pairOffsets[m] = linear ? j - i : path.components();
                    valueOffsets[m] = values;
                    if (!linear) {
                        stride += recordFloats(clip.interpolation(c), path);
                    }
                    values += path.components();
                    m++;
                }
                if (linear) {
                    stride += (j - i) * (rotation ? SLERP_RECORD : 6);
                }
                i = j;
            }
            segmentStride[g] = stride;
            segmentBase[g] = recordFloats;
            recordFloats += stride * (timelineTimes[g].length - 1);
            firstBase[g] = valueFloats;
            lastBase[g] = valueFloats + values;
            valueFloats += 2 * values;
        }
        channelStart[timelineCount] = m;
        runList.add(m);
        runStarts = new int[runList.size()];
        for (int r = 0; r < runStarts.length; r++) {
            runStarts[r] = runList.get(r);
        }
        timelineRuns = new int[timelineCount + 1];
        for (int g = 0, r = 0; g <= timelineCount; g++) {
            while (runStarts[r] < channelStart[g]) {
                r++;
            }
            timelineRuns[g] = r;
        }
        records = new float[recordFloats];
        clampValues = new float[valueFloats];
        for (int g = 0; g < timelineCount; g++) {
            for (int ch = channelStart[g]; ch < channelStart[g + 1]; ch++) {
                int c = timelineChannels.get(g).get(ch - channelStart[g]);
                writeRecords(clip, c, g, ch);
            }
        }
    }

    /**
     * Compiles a clip exactly: only channels whose keys are bitwise constant are folded. O(keys).
     *
     * @param clip the clip
     * @return its sampler
     */
    public static ClipSampler compile(AnimationClip clip) {
        return new ClipSampler(clip, 0f);
    }

    /**
     * Compiles a clip, also folding channels that are constant within {@code tolerance} (an approximation, off with
     * 0): a STEP or LINEAR channel whose every key value lies within {@code tolerance × scale} of its first key, per
     * component, is replaced by its first key's value, where scale is 1 for rotations (the normalised quaternions,
     * compared on the first key's hemisphere) and the largest key component's magnitude for translations and scales;
     * a CUBICSPLINE channel only if, in addition, all its tangents are zero. The bound: every value such a channel
     * gives differs from the exact one by at most {@code tolerance × scale} per component (plus a float's rounding)
     * — linear interpolation, slerp between keys that close, and a spline with zero tangents never leave the box the
     * keys span. {@code tolerance = 1e-6} keeps every value within the exactness target and folds 25 of CesiumMan's 57
     * channels; {@code 1e-5} folds 36 (every scale among them). O(keys).
     *
     * @param clip the clip
     * @param tolerance the bound, relative to each channel's scale: 0 ≤ tolerance ≤ 0.01
     * @return its sampler
     * @throws IllegalArgumentException if {@code tolerance} is outside {@code [0, 0.01]} or NaN
     */
    public static ClipSampler compile(AnimationClip clip, float tolerance) {
        if (!(tolerance >= 0f && tolerance <= 0.01f)) {
            throw new IllegalArgumentException("tolerance=" + tolerance + " is outside [0, 0.01]");
        }
        return new ClipSampler(clip, tolerance);
    }

    private static int recordFloats(Interpolation interpolation, TargetPath path) {
        int c = path.components();
        switch (interpolation) {
            case STEP:
                return c;
            case LINEAR:
                return path == TargetPath.ROTATION ? SLERP_RECORD : 2 * c;
            default:
                return 4 * c;
        }
    }

    /** The key values (the middle element of spline keys) of a channel, rotations normalised in double. */
    private static float[] keyValues(AnimationClip clip, int c) {
        float[] raw = clip.sharedValues(c);
        int components = clip.path(c).components();
        int perKey = clip.interpolation(c).valuesPerKey() * components;
        int mid = clip.interpolation(c) == Interpolation.CUBICSPLINE ? components : 0;
        int keys = raw.length / perKey;
        float[] v = new float[keys * components];
        for (int k = 0; k < keys; k++) {
            System.arraycopy(raw, k * perKey + mid, v, k * components, components);
            if (components == 4) {
                Keyframes.normalize(v, 4 * k);
            }
        }
        return v;
    }

    /** The channel's value if it is constant (bitwise, or within the tolerance), else null. */
    private static float[] constantValue(AnimationClip clip, int c, float tolerance) {
        float[] v = keyValues(clip, c);
        int components = clip.path(c).components();
        float[] first = Arrays.copyOf(v, components);
        if (clip.interpolation(c) == Interpolation.CUBICSPLINE && v.length > components) {
            float[] raw = clip.sharedValues(c);
            for (int i = 0; i < raw.length; i++) {
                boolean tangent = (i % (3 * components)) / components != 1;
                if (tangent && raw[i] != 0f) {
                    return null;
                }
            }
        }
        // stops at the first difference: compiling runs once per channel, in the interpreter on a model's first read,
        // where two calls per value over every key of every moving channel cost a read about half a millisecond
        boolean bitwise = true;
        for (int i = components; i < v.length && bitwise; i++) {
            bitwise = Float.floatToIntBits(v[i]) == Float.floatToIntBits(v[i % components]);
        }
        if (bitwise) {
            return first;
        }
        if (tolerance == 0f) {
            return null;
        }
        double scale = 1;
        if (components == 3) {
            scale = 0;
            for (float x : v) {
                scale = Math.max(scale, Math.abs(x));
            }
        }
        double bound = tolerance * scale;
        for (int k = 1; k < v.length / components; k++) {
            double sign = 1;
            if (components == 4) {
                double dot = 0;
                for (int i = 0; i < 4; i++) {
                    dot += (double) first[i] * v[4 * k + i];
                }
                sign = dot < 0 ? -1 : 1;
            }
            for (int i = 0; i < components; i++) {
                if (Math.abs(sign * v[k * components + i] - first[i]) > bound) {
                    return null;
                }
            }
        }
        return first;
    }

    /**
     * Writes channel c's segment records and clamp values as moving channel ch of timeline g. A LINEAR run of
     * {@code n} channels of {@code C} components holds per segment, for component {@code i} of its lane {@code j}
     * (channel), the first key's value at {@code i × n + j}, the second's at {@code (C + i) × n + j} and for rotations
     * (second key on the first's hemisphere) the arc angle at {@code 8n + j}: every lane of a component contiguous.
     */
    private void writeRecords(AnimationClip clip, int c, int g, int ch) {
        float[] raw = clip.sharedValues(c);
        float[] v = keyValues(clip, c);
        int components = clip.path(c).components();
        int keys = timelineTimes[g].length;
        System.arraycopy(v, 0, clampValues, firstBase[g] + valueOffsets[ch], components);
        System.arraycopy(v, (keys - 1) * components, clampValues, lastBase[g] + valueOffsets[ch], components);
        for (int k = 0; k + 1 < keys; k++) {
            int r = segmentBase[g] + k * segmentStride[g] + recordOffsets[ch];
            int a = k * components;
            int b = a + components;
            switch (kinds[ch]) {
                case STEP:
                    System.arraycopy(v, a, records, r, components);
                    break;
                case LERP_RUN:
                case SLERP_RUN:
                    int lanes = pairOffsets[ch];
                    double dot = 0;
                    for (int i = 0; i < components; i++) {
                        dot += (double) v[a + i] * v[b + i];
                    }
                    float sign = components == 4 && dot < 0 ? -1f : 1f;
                    for (int i = 0; i < components; i++) {
                        records[r + i * lanes] = v[a + i];
                        records[r + (components + i) * lanes] = sign * v[b + i];
                    }
                    if (components == 4) {
                        records[r + 8 * lanes] = (float) Math.acos(Math.min(1.0, Math.abs(dot)));
                    }
                    break;
                default: // CUBIC: v0, out0, in1, v1
                    int perKey = 3 * components;
                    System.arraycopy(v, a, records, r, components);
                    System.arraycopy(raw, k * perKey + 2 * components, records, r + components, components);
                    System.arraycopy(raw, (k + 1) * perKey, records, r + 2 * components, components);
                    System.arraycopy(v, b, records, r + 3 * components, components);
            }
        }
    }

    /** @return the clip's name, or {@code null} */
    public String name() {
        return name;
    }

    /** @return the smallest pose this sampler writes into: the clip's {@link AnimationClip#targetCount()} */
    public int targetCount() {
        return targetCount;
    }

    /** @return the clip's end time: the loop length */
    public float endTime() {
        return endTime;
    }

    /** @return the folding tolerance it was compiled with (0: exact) */
    public float tolerance() {
        return tolerance;
    }

    /** @return the number of channels folded into constants */
    public int constantChannelCount() {
        return constantPaths.length;
    }

    /** @return the number of channels interpolated per sample */
    public int movingChannelCount() {
        return paths.length;
    }

    /**
     * @param path a target path
     * @return whether some channel of that path changes over time: if not, a pose applied once keeps its values of
     *     that path, and later applications may skip them ({@link PoseBatch#applyTo(dev.arbor.hierarchy.Hierarchy,
     *     dev.arbor.hierarchy.NodeList, boolean, boolean, boolean)})
     */
    public boolean animates(TargetPath path) {
        return moves[path.ordinal()];
    }

    /** @return ints of cursor state per instance (one per timeline) */
    public int cursorCount() {
        return timelineTimes.length;
    }

    /**
     * Allocates cursor state for {@code instances} instances: instance {@code i}'s cursors at
     * {@code [i × cursorCount(), (i + 1) × cursorCount())}. Any values are valid (a cursor out of range is searched
     * anew); a new array starts at the first segment.
     *
     * @param instances number of instances, ≥ 0
     * @return the cursors
     * @throws IllegalArgumentException if {@code instances} is negative
     */
    public int[] newCursors(int instances) {
        if (instances < 0) {
            throw new IllegalArgumentException("instances=" + instances + " is negative");
        }
        return new int[Math.multiplyExact(instances, cursorCount())];
    }

    /**
     * Samples the clip at {@code time} into one pose. As {@link #sample(float, WrapMode, int[], PoseBatch, int)}.
     *
     * @param time time in seconds, not NaN
     * @param wrap LOOP or CLAMP
     * @param cursors the instance's cursor state
     * @param cursorOffset where it starts
     * @param pose destination, at least {@link #targetCount()} entries
     * @throws IllegalArgumentException if the time is NaN, the pose too small or the cursors too short (nothing
     *     written)
     */
    public void sample(float time, WrapMode wrap, int[] cursors, int cursorOffset, Pose pose) {
        check(time, cursors, cursorOffset, pose.size());
        sampleUnchecked(time, wrap, cursors, cursorOffset, pose.translations, 0, pose.rotations, 0, pose.scales, 0, 0);
    }

    /**
     * Samples the clip at {@code time} into pose {@code pose} of a batch: every channel's value is written (entries no
     * channel animates keep theirs). Allocation-free; O(channels) when playing forward, plus O(log keys) per timeline
     * after a jump. Thread-safe for the sampler; the cursors and the pose belong to the caller.
     *
     * @param time time in seconds, not NaN
     * @param wrap LOOP or CLAMP
     * @param cursors the instances' cursor state ({@link #newCursors}): pose {@code pose}'s from
     *     {@code pose × cursorCount()}, updated
     * @param batch destination
     * @param pose pose index in the batch
     * @throws IllegalArgumentException if the time is NaN, the batch's poses are smaller than {@link #targetCount()},
     *     the pose index is out of range or the cursors too short (nothing written)
     */
    public void sample(float time, WrapMode wrap, int[] cursors, PoseBatch batch, int pose) {
        batch.checkPose(pose);
        int cursorOffset = pose * cursorCount();
        check(time, cursors, cursorOffset, batch.size());
        int size = batch.size();
        sampleUnchecked(time, wrap, cursors, cursorOffset, batch.translations, pose * size * 3, batch.rotations,
                pose * size * 4, batch.scales, pose * size * 3, 0);
    }

    void check(float time, int[] cursors, int cursorOffset, int poseSize) {
        if (Float.isNaN(time)) {
            throw new IllegalArgumentException("time=NaN");
        }
        if (poseSize < targetCount) {
            throw new IllegalArgumentException("pose too small: size=" + poseSize + ", required=" + targetCount);
        }
        if (cursorOffset < 0 || cursors.length - (long) cursorOffset < cursorCount()) {
            throw new IllegalArgumentException("cursors too short: length=" + cursors.length + ", offset="
                    + cursorOffset + ", required=" + cursorCount());
        }
    }

    /** The time the keys are read at, in double: LOOP wraps into [0, end), a time rounding to the end stays below. */
    double wrap(float time, WrapMode wrap) {
        double end = endTime;
        if (wrap == WrapMode.CLAMP || !(end > 0) || Float.isInfinite(time)) {
            return time;
        }
        double r = time % end;
        if (r < 0) {
            r += end;
            if (r >= end) {
                r = Math.nextDown(end);
            }
        }
        return r;
    }

    /**
     * The sampling loop; arguments checked by the caller; {@code cursors == null} searches every timeline. With
     * {@code planes == 0} (a {@link Pose}'s layout) component c of target i's translation lies at tr[tb + 3i + c], of
     * its rotation at rot[rb + 4i + c], of its scale at sc[sb + 3i + c]; with {@code planes > 0} (component planes of
     * that many targets, the storage's layout) at tr[tb + c × planes + i], rot[rb + c × planes + i] and
     * sc[sb + c × planes + i]. Both layouts get the same bits.
     */
    void sampleUnchecked(float time, WrapMode wrap, int[] cursors, int co, float[] tr, int tb, float[] rot, int rb,
                         float[] sc, int sb, int planes) {
        double t = wrap(time, wrap);
        int cs = planes == 0 ? 1 : planes; // floats from one component of a target to the next
        float[] cv = constantValues;
        for (int i = 0; i < constantPaths.length; i++) {
            int path = constantPaths[i];
            float[] dest = path == 0 ? tr : path == 1 ? rot : sc;
            int d = (path == 0 ? tb : path == 1 ? rb : sb) + constantDests[i] * targetStride(path, planes);
            copy(cv, constantFrom[i], path == 1 ? 4 : 3, dest, d, cs);
        }
        float[][] timelines = timelineTimes;
        for (int g = 0; g < timelines.length; g++) {
            float[] times = timelines[g];
            int n = times.length;
            int from = channelStart[g];
            int to = channelStart[g + 1];
            if (!(t > times[0])) {
                copyValues(clampValues, firstBase[g], from, to, tr, tb, rot, rb, sc, sb, planes);
                continue;
            }
            if (t >= times[n - 1]) {
                copyValues(clampValues, lastBase[g], from, to, tr, tb, rot, rb, sc, sb, planes);
                continue;
            }
            int k;
            if (cursors == null) {
                k = segment(times, t, -1);
            } else {
                k = segment(times, t, cursors[co + g]);
                cursors[co + g] = k;
            }
            double t0 = times[k];
            double td = (double) times[k + 1] - t0;
            double s = (t - t0) / td;
            int base = segmentBase[g] + k * segmentStride[g];
            float sf = (float) s;
            for (int run = timelineRuns[g]; run < timelineRuns[g + 1]; run++) {
                int first = runStarts[run];
                int end = runStarts[run + 1];
                int path = paths[first];
                float[] dest = path == 0 ? tr : path == 1 ? rot : sc;
                int db = path == 0 ? tb : path == 1 ? rb : sb;
                int ts = targetStride(path, planes);
                int kind = kinds[first];
                if (kind == LERP_RUN) { // a + (b - a) s in float: within two ulps of the value's scale
                    SlerpRuns.lerp(records, base + recordOffsets[first], pairOffsets[first], sf, dest,
                            db + dests[first] * ts, ts, cs, VectorSupport.active());
                } else if (kind == SLERP_RUN) {
                    SlerpRuns.slerp(records, base + recordOffsets[first], pairOffsets[first], sf, dest,
                            db + dests[first] * ts, ts, cs, VectorSupport.active());
                } else {
                    for (int ch = first; ch < end; ch++) {
                        sampleOther(kind, path, records, base + recordOffsets[ch], td, s, dest, db + dests[ch] * ts,
                                cs);
                    }
                }
            }
        }
    }

    /** Floats from one target to the next in a path's destination: its components, or 1 in planes. */
    private static int targetStride(int path, int planes) {
        return planes > 0 ? 1 : path == 1 ? 4 : 3;
    }

    /** A STEP or CUBICSPLINE record (LINEAR ones are sampled by their runs). */
    private static void sampleOther(int kind, int path, float[] records, int r, double td, double s, float[] dest,
                                    int d, int cs) {
        if (kind == STEP) {
            copy(records, r, path == 1 ? 4 : 3, dest, d, cs);
        } else if (path == 1) {
            hermiteRotation(records, r, td, s, dest, d, cs);
        } else {
            hermite3(records, r, td, s, dest, d, cs);
        }
    }

    /**
     * The segment k with {@code times[k] ≤ t < times[k + 1]}, for {@code times[0] < t < times[n - 1]}, starting from
     * the cursor: O(1) when t is in the cursor's segment or a neighbour, else a binary search.
     */
    static int segment(float[] times, double t, int cursor) {
        int n = times.length;
        int k = cursor;
        if (k < 0 || k > n - 2) {
            k = 0;
        }
        if (t < times[k]) {
            if (k > 0 && t >= times[k - 1]) {
                return k - 1;
            }
        } else if (t < times[k + 1]) {
            return k;
        } else if (k + 2 < n && t < times[k + 2]) {
            return k + 1;
        }
        return Keyframes.segment(times, n, t);
    }

    private void copyValues(float[] values, int base, int from, int to, float[] tr, int tb, float[] rot, int rb,
                            float[] sc, int sb, int planes) {
        int cs = planes == 0 ? 1 : planes;
        for (int ch = from; ch < to; ch++) {
            int path = paths[ch];
            float[] dest = path == 0 ? tr : path == 1 ? rot : sc;
            int d = (path == 0 ? tb : path == 1 ? rb : sb) + dests[ch] * targetStride(path, planes);
            copy(values, base + valueOffsets[ch], path == 1 ? 4 : 3, dest, d, cs);
        }
    }

    private static void copy(float[] src, int s, int components, float[] dest, int d, int cs) {
        dest[d] = src[s];
        dest[d + cs] = src[s + 1];
        dest[d + 2 * cs] = src[s + 2];
        if (components == 4) {
            dest[d + 3 * cs] = src[s + 3];
        }
    }

    /** sin(x)/x for 0 ≤ x ≤ π/2, relative error below 1e-9. */
    static double sinc(double x) {
        double x2 = x * x;
        return 1 + x2 * (C1 + x2 * (C2 + x2 * (C3 + x2 * (C4 + x2 * (C5 + x2 * C6)))));
    }

    /** The spline through a record of three floats per element (values, out-tangents, in-tangents, values). */
    private static void hermite3(float[] r, int o, double td, double s, float[] dest, int d, int cs) {
        for (int c = 0; c < 3; c++) {
            dest[d + c * cs] = (float) Keyframes.hermite(s, td, r[o + c], r[o + 3 + c], r[o + 6 + c], r[o + 9 + c]);
        }
    }

    private static void hermiteRotation(float[] r, int o, double td, double s, float[] dest, int d, int cs) {
        double x = Keyframes.hermite(s, td, r[o], r[o + 4], r[o + 8], r[o + 12]);
        double y = Keyframes.hermite(s, td, r[o + 1], r[o + 5], r[o + 9], r[o + 13]);
        double z = Keyframes.hermite(s, td, r[o + 2], r[o + 6], r[o + 10], r[o + 14]);
        double w = Keyframes.hermite(s, td, r[o + 3], r[o + 7], r[o + 11], r[o + 15]);
        double len2 = x * x + y * y + z * z + w * w;
        if (!(len2 > Keyframes.MIN_QUATERNION_LENGTH_SQUARED)) {
            copy(r, o, 4, dest, d, cs); // a degenerate spline: the previous key's rotation
            return;
        }
        double inv = 1 / Math.sqrt(len2);
        dest[d] = (float) (x * inv);
        dest[d + cs] = (float) (y * inv);
        dest[d + 2 * cs] = (float) (z * inv);
        dest[d + 3 * cs] = (float) (w * inv);
    }

    @Override
    public String toString() {
        return "ClipSampler[name=" + name + ", timelines=" + timelineTimes.length + ", moving=" + paths.length
                + ", constant=" + constantPaths.length + ", tolerance=" + tolerance + "]";
    }

    /**
     * Channels by interpolation, path and target. A class rather than a chain of lambdas: compiling a clip is part of
     * a model's first read, and a fresh JVM's first lambda costs milliseconds to bootstrap.
     */
    private static final class ChannelOrder implements java.util.Comparator<Integer> {
        private final AnimationClip clip;

        ChannelOrder(AnimationClip clip) {
            this.clip = clip;
        }

        @Override
        public int compare(Integer a, Integer b) {
            int d = Integer.compare(clip.interpolation(a).ordinal(), clip.interpolation(b).ordinal());
            if (d == 0) {
                d = Integer.compare(clip.path(a).ordinal(), clip.path(b).ordinal());
            }
            return d != 0 ? d : Integer.compare(clip.target(a), clip.target(b));
        }
    }
}
