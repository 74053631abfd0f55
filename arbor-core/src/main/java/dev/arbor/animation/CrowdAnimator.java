package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.kernel.Palettes;
import java.nio.FloatBuffer;

/**
 * The crowd jobs: sample a {@link ClipSampler} for many instances each at its own time into a {@link PoseBatch} or
 * their nodes, blend two samples per instance, write the skinning palettes of a {@link CrowdSkin}, or do a whole
 * frame (sample into the nodes, update, palettes) a part of the crowd at a time — each over all instances in one
 * call, on {@link #setThreads(int) several threads} if asked.
 *
 * <p>Inputs and outputs are the caller's: times per instance, cursor state per instance
 * ({@link ClipSampler#newCursors}), the pose batches, the palette destination. Instance {@code i} uses
 * {@code times[i]}, the cursors from {@code i × clip.cursorCount()} and pose {@code i} of the batches.
 *
 * <p>Threads: instances (palettes: blocks of 16 instances; a frame: its parts) are cut into chunks of consecutive
 * ones, eight per thread, which the threads take in turn, the caller's first, so that a worker that wakes late takes
 * fewer; every instance is computed by the same code whatever the thread, so results are bit-identical for any thread
 * count. The worker threads are created by {@link #setThreads} and parked between jobs; no job creates a thread or
 * allocates. Not thread-safe: one caller at a time.
 */
public final class CrowdAnimator implements AutoCloseable {
    /** The largest thread count accepted. */
    public static final int MAX_THREADS = 256;

    private CrowdThreads threads = new CrowdThreads(1);

    // the current job's arguments, set before the threads start
    private ClipSampler clip;
    private ClipSampler second;
    private float[] times;
    private float[] secondTimes;
    private int[] cursors;
    private int[] secondCursors;
    private WrapMode wrap;
    private PoseBatch dest;
    private PoseBatch scratch;
    private PoseBatch blendA;
    private float weight;
    private CrowdSkin skin;
    private float[] paletteDest;
    private FloatBuffer paletteBuffer;
    private int paletteOffset;
    private Pose base;
    private InstanceNodes nodes;
    private boolean writeTranslations;
    private boolean writeRotations;
    private boolean writeScales;
    /** Whether a frame's threads read each part's locals ahead ({@link InstanceNodes#readsAhead()}). */
    private boolean readAhead;
    /** Per thread, one pose of {@link InstanceNodes#POSE_FLOATS} × size floats: the instance being sampled. */
    private float[][] poseScratch = new float[0][];
    /** Per thread, the scratch of a blend frame ({@link #growBlendScratch}). */
    private BlendScratch[] blendScratch = new BlendScratch[0];
    /** The arguments of the current blend frame's second sample. */
    private final Blend blendArgs = new Blend();
    /** The two batches of a blend frame's separate calls, for a crowd that cannot be cut; null until needed. */
    private PoseBatch[] blendBatches;
    private final CrowdThreads.Job sampleJob = this::sampleRange;
    private final CrowdThreads.Job sampleNodesJob = this::sampleNodesRange;
    private final CrowdThreads.Job sampleBlendJob = this::sampleBlendRange;
    private final CrowdThreads.Job blendJob = this::blendRange;
    private final CrowdThreads.Job paletteJob = this::paletteRange;
    private final CrowdThreads.Job bufferPaletteJob = this::bufferPaletteRange;
    private final CrowdThreads.Job frameJob = this::frameRange;

    /** Creates an animator that runs every job on the caller's thread. */
    public CrowdAnimator() {
        Slerp.range(new float[] {0, 0, 0, 1}, new float[] {0, 0, 0, 1}, 0.25f, new float[4], 0, 4); // loads it now
    }

    /**
     * Sets the number of threads the jobs use (the caller's and {@code threads - 1} workers). Results do not depend
     * on it. Creates the workers now and stops the previous ones.
     *
     * @param threads 1 to {@link #MAX_THREADS}
     * @throws IllegalArgumentException if {@code threads} is out of range (nothing changed)
     */
    public void setThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads=" + threads + " is outside [1, " + MAX_THREADS + "]");
        }
        if (threads != this.threads.threads) {
            this.threads.shutdown();
            this.threads = new CrowdThreads(threads);
        }
    }

    /** @return the number of threads the jobs use */
    public int threads() {
        return threads.threads;
    }

    /** Stops the worker threads; the animator then runs every job on the caller's thread. */
    @Override
    public void close() {
        threads.shutdown();
        threads = new CrowdThreads(1);
    }

    /**
     * Samples {@code clip} for every pose of {@code dest}: pose {@code i} at {@code times[i]}. See
     * {@link ClipSampler#sample(float, WrapMode, int[], int, PoseBatch, int)}; the same bits, each pose sampled
     * through its thread's planes (where the runs of channels are interpolated a vector at a time).
     * O(instances × (channels + size)); allocates only scratch, when the thread count or the pose size grows.
     *
     * @param clip the compiled clip
     * @param times per instance its time, at least {@code dest.poses()} of them, none NaN
     * @param wrap LOOP or CLAMP
     * @param cursors the instances' cursor state, {@code dest.poses() × clip.cursorCount()} ints or more
     * @param dest destination batch, poses of at least {@code clip.targetCount()} entries
     * @throws IllegalArgumentException if an array is too short, a time is NaN or the poses too small (nothing
     *     written)
     */
    public void sample(ClipSampler clip, float[] times, WrapMode wrap, int[] cursors, PoseBatch dest) {
        checkSample(clip, times, cursors, dest);
        growPoseScratch(dest.size());
        this.clip = clip;
        this.times = times;
        this.wrap = wrap;
        this.cursors = cursors;
        this.dest = dest;
        run(sampleJob, dest.poses());
    }

    /**
     * Samples {@code clip} for every instance of {@code dest} and writes each pose straight into its nodes' local
     * transforms while it is in the core's cache (no pose batch): instance {@code i} at {@code times[i]}, its pose
     * {@code base} with the clip's channels sampled over it, written for the paths the clip animates
     * ({@link ClipSampler#animates}; the other paths keep the nodes' values), member {@code k} of the instance taking
     * entry {@code k}. Then every member is marked stale for the next {@link Hierarchy#update()}. The values are those
     * of {@link #sample(ClipSampler, float[], WrapMode, int[], PoseBatch)} over a batch filled with {@code base},
     * applied by the bulk setters. O(instances × (channels + size)); allocates only scratch, when the thread count or
     * the pose size grows.
     *
     * @param clip the compiled clip
     * @param times per instance its time, at least {@code dest.instances()} of them, none NaN
     * @param wrap LOOP or CLAMP
     * @param cursors the instances' cursor state, {@code dest.instances() × clip.cursorCount()} ints or more
     * @param base the pose under the channels (a model's rest pose), of {@code dest.size()} entries
     * @param dest the instances' nodes, at least {@code clip.targetCount()} per instance
     * @throws IllegalArgumentException if an array is too short, a time is NaN, the sizes differ or a node of
     *     {@code dest} was destroyed (nothing written); if a value is not finite (from a clip whose keys are that
     *     large; the instances before it are written)
     * @throws IllegalStateException if a node holds an explicit local matrix with shear (nothing written)
     */
    public void sample(ClipSampler clip, float[] times, WrapMode wrap, int[] cursors, Pose base,
                       InstanceNodes dest) {
        checkSample(clip, times, cursors, base, dest);
        dest.beginWrites();
        setNodeSampling(clip, times, wrap, cursors, base, dest);
        try {
            run(sampleNodesJob, dest.instances());
        } finally {
            dest.endWrites();
        }
    }

    /**
     * Samples two clips per instance and blends them: pose {@code i} of {@code dest} becomes
     * {@code blend(clip at times[i], second at secondTimes[i], weight)} as {@link PoseBatch#blend} defines it, with
     * {@code scratch} holding the second samples. Both batches must start from the same values for entries a clip
     * does not animate (a rest pose, {@link PoseBatch#fill}). O(instances × (channels + targets)).
     *
     * @param clip the first clip
     * @param times its time per instance
     * @param cursors its cursor state
     * @param second the second clip (may be {@code clip})
     * @param secondTimes its time per instance
     * @param secondCursors its cursor state (not {@code cursors})
     * @param wrap LOOP or CLAMP, for both
     * @param weight weight of the second sample, finite
     * @param scratch batch for the second samples, shaped as {@code dest}
     * @param dest destination
     * @throws IllegalArgumentException if an array is too short, a time is NaN, the weight not finite or the shapes
     *     differ (nothing written)
     */
    public void sampleBlend(ClipSampler clip, float[] times, int[] cursors, ClipSampler second, float[] secondTimes,
                            int[] secondCursors, WrapMode wrap, float weight, PoseBatch scratch, PoseBatch dest) {
        checkSample(clip, times, cursors, dest);
        checkSample(second, secondTimes, secondCursors, scratch);
        dest.checkBlend(dest, scratch, weight);
        if (cursors == secondCursors && clip.cursorCount() > 0) {
            throw new IllegalArgumentException("cursors and secondCursors are the same array");
        }
        growPoseScratch(dest.size());
        this.clip = clip;
        this.times = times;
        this.cursors = cursors;
        this.second = second;
        this.secondTimes = secondTimes;
        this.secondCursors = secondCursors;
        this.wrap = wrap;
        this.weight = weight;
        this.scratch = scratch;
        this.dest = dest;
        run(sampleBlendJob, dest.poses());
    }

    /**
     * {@link PoseBatch#blend} on the animator's threads: {@code dest = blend(a, b, weight)}.
     *
     * @param a first batch
     * @param b second batch
     * @param weight weight of {@code b}, finite
     * @param dest destination (may be {@code a} or {@code b})
     * @throws IllegalArgumentException if the shapes differ or the weight is not finite (nothing written)
     */
    public void blend(PoseBatch a, PoseBatch b, float weight, PoseBatch dest) {
        dest.checkBlend(a, b, weight);
        this.blendA = a;
        this.scratch = b;
        this.weight = weight;
        this.dest = dest;
        run(blendJob, dest.poses());
    }

    /**
     * Writes every instance's skinning palette, 4×4 column-major ({@link MatrixLayout#COLUMN_MAJOR_4X4}), instance
     * {@code i}'s joint {@code j} at {@code dest[offset + 16 × (i × joints + j)]}. On the caller's thread, stale nodes
     * are brought up to date and the meshes that moved are inverted; then, on the animator's threads split by blocks
     * of 16 instances, each joint's world matrices are read straight from the hierarchy's storage (on the vector path
     * gathered a vector of instances at a time), the products run a vector of instances at a time (one inverse bind
     * matrix broadcast, each lane its own mesh) and the block's entries are written out (on 16-lane vectors
     * transposed in registers, one store per entry). Entries have the bits of {@link Skeleton#writePalette}'s.
     * O(instances × joints).
     *
     * @param hierarchy the hierarchy holding the joints and meshes
     * @param skin the crowd's skins
     * @param dest destination
     * @param offset index of the first entry
     * @throws IllegalArgumentException if {@code dest} is too short or a handle is stale (nothing written)
     * @throws IllegalStateException if a mesh's world matrix is not invertible (nothing written)
     */
    public void writePalettes(Hierarchy hierarchy, CrowdSkin skin, float[] dest, int offset) {
        checkPaletteRoom(skin, "length", dest.length, "offset", offset);
        skin.prepare(hierarchy, threads.threads);
        this.skin = skin;
        this.paletteDest = dest;
        this.paletteOffset = offset;
        run(paletteJob, skin.blocks());
    }

    /**
     * Writes every instance's skinning palette into a buffer at absolute float index {@code index} (its position is
     * not changed), as {@link #writePalettes(Hierarchy, CrowdSkin, float[], int)} does.
     *
     * @param hierarchy the hierarchy holding the joints and meshes
     * @param skin the crowd's skins
     * @param dest destination buffer
     * @param index float index of the first entry
     * @return {@code dest}
     * @throws IllegalArgumentException if the buffer is too short or a handle is stale (nothing written)
     * @throws IllegalStateException if a mesh's world matrix is not invertible (nothing written)
     */
    public FloatBuffer writePalettes(Hierarchy hierarchy, CrowdSkin skin, FloatBuffer dest, int index) {
        checkPaletteRoom(skin, "limit", dest.limit(), "index", index);
        skin.prepare(hierarchy, threads.threads);
        this.skin = skin;
        this.paletteBuffer = dest;
        this.paletteOffset = index;
        run(bufferPaletteJob, skin.blocks());
        return dest;
    }

    /**
     * One crowd frame in one call: samples {@code clip} into {@code nodes} as
     * {@link #sample(ClipSampler, float[], WrapMode, int[], Pose, InstanceNodes)} does, brings the nodes' world
     * matrices up to date, and writes every instance's skinning palette as
     * {@link #writePalettes(Hierarchy, CrowdSkin, float[], int)} does, with the same bits as those calls, but a part
     * of the crowd at a time: each thread takes a part (whole blocks of 16 instances, small enough for a core's cache;
     * {@link InstanceNodes#beginPartWrites}) through sampling, update and palettes while its locals and worlds are
     * still in that core's cache, and no thread waits for another between the steps. Afterwards the nodes count as
     * computed by the next {@link Hierarchy#update()}: their versions are that update's and they are in its change
     * set, as after the separate calls and an update.
     *
     * <p>Where the crowd cannot be cut into parts (two instances share a node, one instance lies in another's
     * subtree, or a joint or mesh of the skin lies in another instance's subtree) the separate calls run instead,
     * with the same results. O(instances × (channels + size + joints)); allocates only scratch, as the separate
     * calls do.
     *
     * @param clip the compiled clip
     * @param times per instance its time, at least {@code nodes.instances()} of them, none NaN
     * @param wrap LOOP or CLAMP
     * @param cursors the instances' cursor state, {@code nodes.instances() × clip.cursorCount()} ints or more
     * @param base the pose under the channels (a model's rest pose), of {@code nodes.size()} entries
     * @param nodes the instances' animated nodes, at least {@code clip.targetCount()} per instance
     * @param skin the instances' skins, as many instances as {@code nodes}, in {@code nodes}' hierarchy
     * @param dest palette destination, 4×4 column-major, instance {@code i}'s joint {@code j} at
     *     {@code dest[offset + 16 × (i × joints + j)]}
     * @param offset index of the first entry
     * @throws IllegalArgumentException if an array is too short, a time is NaN, the sizes or instance counts differ,
     *     or a node was destroyed (nothing written); if a value is not finite (from a clip whose keys are that large):
     *     that instance and those after it in its chunk of parts are not written, nor their parts' palettes, while
     *     the other chunks are; every node written is brought up to date by the next update
     * @throws IllegalStateException if a node holds an explicit local matrix with shear or a mesh's world matrix is
     *     not invertible (nothing written)
     */
    public void frame(ClipSampler clip, float[] times, WrapMode wrap, int[] cursors, Pose base, InstanceNodes nodes,
                      CrowdSkin skin, float[] dest, int offset) {
        checkPaletteRoom(skin, "length", dest.length, "offset", offset);
        frame(clip, times, wrap, cursors, base, nodes, skin, dest, null, offset, null);
    }

    /**
     * One crowd frame in one call, the palettes into a buffer at absolute float index {@code index} (its position is
     * not changed), as {@link #frame(ClipSampler, float[], WrapMode, int[], Pose, InstanceNodes, CrowdSkin, float[],
     * int)} does.
     *
     * @param clip the compiled clip
     * @param times per instance its time, none NaN
     * @param wrap LOOP or CLAMP
     * @param cursors the instances' cursor state
     * @param base the pose under the channels, of {@code nodes.size()} entries
     * @param nodes the instances' animated nodes
     * @param skin the instances' skins, as many instances as {@code nodes}, in {@code nodes}' hierarchy
     * @param dest palette buffer
     * @param index float index of the first entry
     * @return {@code dest}
     * @throws IllegalArgumentException as the array form does, or if the buffer is too short (nothing written)
     * @throws IllegalStateException as the array form does
     */
    public FloatBuffer frame(ClipSampler clip, float[] times, WrapMode wrap, int[] cursors, Pose base,
                             InstanceNodes nodes, CrowdSkin skin, FloatBuffer dest, int index) {
        checkPaletteRoom(skin, "limit", dest.limit(), "index", index);
        frame(clip, times, wrap, cursors, base, nodes, skin, null, dest, index, null);
        return dest;
    }

    /**
     * One crowd frame in one call with two samples blended per instance: as
     * {@link #frame(ClipSampler, float[], WrapMode, int[], Pose, InstanceNodes, CrowdSkin, float[], int)}, each
     * instance's pose being {@code blend(clip at times[i], second at secondTimes[i], weight)} by {@link Pose#blend}'s
     * rule, both sampled over {@code base}. The bits of {@link #sampleBlend} over two batches filled with
     * {@code base}, applied to the nodes, then {@link Hierarchy#update()} and
     * {@link #writePalettes(Hierarchy, CrowdSkin, float[], int)}; the paths either clip animates are written. Where the
     * crowd cannot be cut into parts, those calls run instead. O(instances × (channels + size + joints)); allocates
     * only scratch, and the two batches of those calls the first time they run.
     *
     * @param clip the first clip
     * @param times its time per instance, none NaN
     * @param cursors its cursor state
     * @param second the second clip (may be {@code clip})
     * @param secondTimes its time per instance, none NaN
     * @param secondCursors its cursor state (not {@code cursors})
     * @param wrap LOOP or CLAMP, for both
     * @param weight weight of the second sample, finite
     * @param base the pose under the channels (a model's rest pose), of {@code nodes.size()} entries
     * @param nodes the instances' animated nodes, at least both clips' {@code targetCount()} per instance
     * @param skin the instances' skins, as many instances as {@code nodes}, in {@code nodes}' hierarchy
     * @param dest palette destination, 4×4 column-major, instance {@code i}'s joint {@code j} at
     *     {@code dest[offset + 16 × (i × joints + j)]}
     * @param offset index of the first entry
     * @throws IllegalArgumentException as {@code frame} does, or if the weight is not finite or the cursor arrays are
     *     the same (nothing written)
     * @throws IllegalStateException as {@code frame} does
     */
    public void blendFrame(ClipSampler clip, float[] times, int[] cursors, ClipSampler second, float[] secondTimes,
                           int[] secondCursors, WrapMode wrap, float weight, Pose base, InstanceNodes nodes,
                           CrowdSkin skin, float[] dest, int offset) {
        checkPaletteRoom(skin, "length", dest.length, "offset", offset);
        checkBlendFrame(clip, times, cursors, second, secondTimes, secondCursors, weight, base, nodes);
        frame(clip, times, wrap, cursors, base, nodes, skin, dest, null, offset,
                blendArgs.set(second, secondTimes, secondCursors, weight));
    }

    /**
     * {@link #blendFrame(ClipSampler, float[], int[], ClipSampler, float[], int[], WrapMode, float, Pose,
     * InstanceNodes, CrowdSkin, float[], int)} with the palettes into a buffer at absolute float index {@code index}
     * (its position is not changed).
     *
     * @param clip the first clip
     * @param times its time per instance, none NaN
     * @param cursors its cursor state
     * @param second the second clip (may be {@code clip})
     * @param secondTimes its time per instance, none NaN
     * @param secondCursors its cursor state (not {@code cursors})
     * @param wrap LOOP or CLAMP, for both
     * @param weight weight of the second sample, finite
     * @param base the pose under the channels, of {@code nodes.size()} entries
     * @param nodes the instances' animated nodes
     * @param skin the instances' skins
     * @param dest palette buffer
     * @param index float index of the first entry
     * @return {@code dest}
     * @throws IllegalArgumentException as the array form does, or if the buffer is too short (nothing written)
     * @throws IllegalStateException as the array form does
     */
    public FloatBuffer blendFrame(ClipSampler clip, float[] times, int[] cursors, ClipSampler second,
                                  float[] secondTimes, int[] secondCursors, WrapMode wrap, float weight, Pose base,
                                  InstanceNodes nodes, CrowdSkin skin, FloatBuffer dest, int index) {
        checkPaletteRoom(skin, "limit", dest.limit(), "index", index);
        checkBlendFrame(clip, times, cursors, second, secondTimes, secondCursors, weight, base, nodes);
        frame(clip, times, wrap, cursors, base, nodes, skin, null, dest, index,
                blendArgs.set(second, secondTimes, secondCursors, weight));
        return dest;
    }

    private static void checkBlendFrame(ClipSampler clip, float[] times, int[] cursors, ClipSampler second,
                                        float[] secondTimes, int[] secondCursors, float weight, Pose base,
                                        InstanceNodes nodes) {
        checkSample(clip, times, cursors, base, nodes);
        checkSample(second, secondTimes, secondCursors, base, nodes);
        if (!Float.isFinite(weight)) {
            throw new IllegalArgumentException("weight=" + weight + " is not finite");
        }
        if (cursors == secondCursors && clip.cursorCount() > 0) {
            throw new IllegalArgumentException("cursors and secondCursors are the same array");
        }
    }

    /** The second sample of a blend frame, checked: one holder per animator, filled by each blend frame. */
    private static final class Blend {
        ClipSampler clip;
        float[] times;
        int[] cursors;
        float weight;

        Blend set(ClipSampler clip, float[] times, int[] cursors, float weight) {
            this.clip = clip;
            this.times = times;
            this.cursors = cursors;
            this.weight = weight;
            return this;
        }
    }

    /** The frame, into {@code arrayDest} or else {@code bufferDest}; a blend frame when {@code blend} is not null. */
    private void frame(ClipSampler clip, float[] times, WrapMode wrap, int[] cursors, Pose base, InstanceNodes nodes,
                       CrowdSkin skin, float[] arrayDest, FloatBuffer bufferDest, int offset, Blend blend) {
        if (skin.instances() != nodes.instances()) {
            throw new IllegalArgumentException("instance counts differ: skin=" + skin.instances() + ", nodes="
                    + nodes.instances());
        }
        checkSample(clip, times, cursors, base, nodes);
        Hierarchy hierarchy = nodes.hierarchy();
        skin.prepare(hierarchy, threads.threads);
        int parts = nodes.beginPartWrites(skin.jointNodes(), skin.meshes, threads.threads);
        if (parts == 0) {
            if (blend != null) {
                blendIntoNodes(clip, times, cursors, blend, wrap, base, nodes);
            } else {
                sample(clip, times, wrap, cursors, base, nodes);
            }
            if (arrayDest != null) {
                writePalettes(hierarchy, skin, arrayDest, offset);
            } else {
                writePalettes(hierarchy, skin, bufferDest, offset);
            }
            return;
        }
        setNodeSampling(clip, times, wrap, cursors, base, nodes);
        if (blend != null) {
            second = blend.clip;
            secondTimes = blend.times;
            secondCursors = blend.cursors;
            weight = blend.weight;
            writeTranslations |= second.animates(TargetPath.TRANSLATION);
            writeRotations |= second.animates(TargetPath.ROTATION);
            writeScales |= second.animates(TargetPath.SCALE);
            growBlendScratch(nodes.size());
        }
        this.skin = skin;
        this.paletteDest = arrayDest;
        this.paletteBuffer = bufferDest;
        this.paletteOffset = offset;
        readAhead = nodes.readsAhead();
        try {
            run(frameJob, parts);
        } finally {
            nodes.endWrites();
        }
    }

    private static void checkPaletteRoom(CrowdSkin skin, String lengthName, int length, String offsetName,
                                         int offset) {
        long required = 16L * skin.entryCount();
        if (offset < 0 || length - (long) offset < required) {
            throw new IllegalArgumentException("palette destination too short: " + lengthName + "=" + length + ", "
                    + offsetName + "=" + offset + ", required=" + required);
        }
    }

    private void run(CrowdThreads.Job job, int count) {
        try {
            threads.run(job, count);
        } finally {
            clip = null;
            second = null;
            times = null;
            secondTimes = null;
            cursors = null;
            secondCursors = null;
            dest = null;
            scratch = null;
            blendA = null;
            skin = null;
            paletteDest = null;
            paletteBuffer = null;
            base = null;
            nodes = null;
            blendArgs.set(null, null, null, 0f);
        }
    }

    /** The arguments of a job that samples into nodes ({@link #sampleNodesRange}), checked before. */
    private void setNodeSampling(ClipSampler clip, float[] times, WrapMode wrap, int[] cursors, Pose base,
                                 InstanceNodes dest) {
        growPoseScratch(dest.size());
        this.clip = clip;
        this.times = times;
        this.wrap = wrap;
        this.cursors = cursors;
        this.base = base;
        this.nodes = dest;
        writeTranslations = clip.animates(TargetPath.TRANSLATION);
        writeRotations = clip.animates(TargetPath.ROTATION);
        writeScales = clip.animates(TargetPath.SCALE);
    }

    private static void checkSample(ClipSampler clip, float[] times, int[] cursors, Pose base, InstanceNodes dest) {
        if (base.size() != dest.size()) {
            throw new IllegalArgumentException("pose sizes differ: base=" + base.size() + ", nodes=" + dest.size());
        }
        checkSample(clip, times, cursors, dest.instances(), dest.size());
    }

    private static void checkSample(ClipSampler clip, float[] times, int[] cursors, PoseBatch dest) {
        checkSample(clip, times, cursors, dest.poses(), dest.size());
    }

    private static void checkSample(ClipSampler clip, float[] times, int[] cursors, int n, int size) {
        if (size < clip.targetCount()) {
            throw new IllegalArgumentException("pose too small: size=" + size + ", required=" + clip.targetCount());
        }
        if (times.length < n) {
            throw new IllegalArgumentException("times too short: length=" + times.length + ", required=" + n);
        }
        long required = (long) n * clip.cursorCount();
        if (cursors.length < required) {
            throw new IllegalArgumentException("cursors too short: length=" + cursors.length + ", required="
                    + required);
        }
        for (int i = 0; i < n; i++) {
            if (Float.isNaN(times[i])) {
                throw new IllegalArgumentException("times[" + i + "]=NaN");
            }
        }
    }

    private void sampleRange(int thread, int from, int to) {
        sampleInto(thread, clip, times, cursors, dest, from, to);
    }

    /** One thread's scratch of a blend into nodes: the base pose and the second sample in planes, quaternion rows. */
    private static final class BlendScratch {
        final float[] base;
        final float[] second;
        final float[] qa;
        final float[] qb;
        final float[] blended;

        BlendScratch(int size) {
            base = new float[InstanceNodes.POSE_FLOATS * size];
            second = new float[InstanceNodes.POSE_FLOATS * size];
            qa = new float[4 * size];
            qb = new float[4 * size];
            blended = new float[4 * size];
        }
    }

    /** Makes each thread the scratch of a blend into nodes, if it has none that large (allocates then). */
    private void growBlendScratch(int size) {
        int t = threads.threads;
        if (blendScratch.length < t || blendScratch[0].qa.length < 4 * size) {
            blendScratch = new BlendScratch[t];
            for (int k = 0; k < t; k++) {
                blendScratch[k] = new BlendScratch(size);
            }
        }
    }

    /**
     * Instances [from, to) of a blend frame into their nodes, each through the thread's planes: both clips sampled
     * over the base pose, blended as {@link PoseBatch#blendRange} blends ({@link PoseBatch#lerp} for translations and
     * scales, the rotations through {@link Slerp#range} in the batches' order, x y z w of each in a row), then
     * written.
     */
    private void blendNodesRange(int thread, int from, int to) {
        float[] pose = poseScratch[thread];
        BlendScratch s = blendScratch[thread];
        float[] other = s.second;
        Pose b = base;
        int size = b.size();
        int planes = InstanceNodes.POSE_FLOATS * size;
        toPlanes(b.translations, 0, b.rotations, 0, b.scales, 0, s.base, size);
        ClipSampler c = clip;
        ClipSampler c2 = second;
        float[] ts = times;
        float[] ts2 = secondTimes;
        int[] cs = cursors;
        int[] cs2 = secondCursors;
        int stride = c.cursorCount();
        int stride2 = c2.cursorCount();
        WrapMode w = wrap;
        float wf = weight;
        double wt = wf;
        InstanceNodes out = nodes;
        int r0 = 3 * size; // where the rotation planes start
        int s0 = 7 * size; // and the scale planes
        for (int i = from; i < to; i++) {
            System.arraycopy(s.base, 0, pose, 0, planes);
            System.arraycopy(s.base, 0, other, 0, planes);
            c.sampleUnchecked(ts[i], w, cs, i * stride, pose, 0, pose, r0, pose, s0, size);
            c2.sampleUnchecked(ts2[i], w, cs2, i * stride2, other, 0, other, r0, other, s0, size);
            for (int e = 0; e < 3 * size; e++) { // translations and scales, as a batch blends them
                pose[e] = PoseBatch.lerp(pose[e], other[e], wt);
                pose[s0 + e] = PoseBatch.lerp(pose[s0 + e], other[s0 + e], wt);
            }
            for (int k = 0; k < size; k++) {
                for (int q = 0; q < 4; q++) {
                    s.qa[4 * k + q] = pose[r0 + q * size + k];
                    s.qb[4 * k + q] = other[r0 + q * size + k];
                }
            }
            Slerp.range(s.qa, s.qb, wf, s.blended, 0, 4 * size);
            for (int k = 0; k < size; k++) {
                for (int q = 0; q < 4; q++) {
                    pose[r0 + q * size + k] = s.blended[4 * k + q];
                }
            }
            out.writeLocals(i, pose, 0, writeTranslations, writeRotations, writeScales);
        }
    }

    /**
     * A blend frame's separate calls, for a crowd that cannot be cut into parts: {@link #sampleBlend} into two batches
     * filled with the base pose (made the first time, and again when the shape changes), applied to the nodes.
     */
    private void blendIntoNodes(ClipSampler c, float[] ts, int[] cs, Blend blend, WrapMode w, Pose b,
                                InstanceNodes dest) {
        ClipSampler c2 = blend.clip;
        float[] ts2 = blend.times;
        int[] cs2 = blend.cursors;
        float wt = blend.weight;
        int n = dest.instances();
        int size = dest.size();
        if (blendBatches == null || blendBatches[0].poses() != n || blendBatches[0].size() != size) {
            blendBatches = new PoseBatch[] {new PoseBatch(n, size), new PoseBatch(n, size)};
        }
        blendBatches[0].fill(b);
        blendBatches[1].fill(b);
        sampleBlend(c, ts, cs, c2, ts2, cs2, w, wt, blendBatches[1], blendBatches[0]);
        growPoseScratch(size);
        boolean tr = c.animates(TargetPath.TRANSLATION) || c2.animates(TargetPath.TRANSLATION);
        boolean rot = c.animates(TargetPath.ROTATION) || c2.animates(TargetPath.ROTATION);
        boolean sc = c.animates(TargetPath.SCALE) || c2.animates(TargetPath.SCALE);
        PoseBatch p = blendBatches[0];
        float[] pose = poseScratch[0];
        dest.beginWrites();
        try {
            for (int i = 0; i < n; i++) {
                toPlanes(p.translations, i * size * 3, p.rotations, i * size * 4, p.scales, i * size * 3, pose, size);
                dest.writeLocals(i, pose, 0, tr, rot, sc);
            }
        } finally {
            dest.endWrites();
        }
    }

    /** Makes each thread a pose of {@code size} entries in planes, if it has none that large (allocates then). */
    private void growPoseScratch(int size) {
        int floats = InstanceNodes.POSE_FLOATS * size;
        int t = threads.threads;
        if (poseScratch.length < t || poseScratch[0].length < floats) {
            poseScratch = new float[t][floats];
        }
    }

    /**
     * A pose from interleaved arrays (translations at {@code tr[tb + 3k]}, rotations at {@code rot[rb + 4k]}, scales
     * at {@code sc[sb + 3k]}) into planes: element e of entry k at {@code planes[e × size + k]}.
     */
    private static void toPlanes(float[] tr, int tb, float[] rot, int rb, float[] sc, int sb, float[] planes,
                                 int size) {
        for (int k = 0; k < size; k++) {
            for (int c = 0; c < 3; c++) {
                planes[c * size + k] = tr[tb + 3 * k + c];
                planes[(7 + c) * size + k] = sc[sb + 3 * k + c];
            }
            for (int c = 0; c < 4; c++) {
                planes[(3 + c) * size + k] = rot[rb + 4 * k + c];
            }
        }
    }

    /** The inverse of {@link #toPlanes}. */
    private static void fromPlanes(float[] planes, int size, float[] tr, int tb, float[] rot, int rb, float[] sc,
                                   int sb) {
        for (int k = 0; k < size; k++) {
            for (int c = 0; c < 3; c++) {
                tr[tb + 3 * k + c] = planes[c * size + k];
                sc[sb + 3 * k + c] = planes[(7 + c) * size + k];
            }
            for (int c = 0; c < 4; c++) {
                rot[rb + 4 * k + c] = planes[(3 + c) * size + k];
            }
        }
    }

    private void sampleNodesRange(int thread, int from, int to) {
        float[] pose = poseScratch[thread];
        Pose b = base;
        int size = b.size();
        toPlanes(b.translations, 0, b.rotations, 0, b.scales, 0, pose, size);
        ClipSampler c = clip;
        float[] ts = times;
        int[] cs = cursors;
        int stride = c.cursorCount();
        WrapMode w = wrap;
        InstanceNodes out = nodes;
        boolean tr = writeTranslations;
        boolean rot = writeRotations;
        boolean sc = writeScales;
        for (int i = from; i < to; i++) {
            c.sampleUnchecked(ts[i], w, cs, i * stride, pose, 0, pose, 3 * size, pose, 7 * size, size);
            out.writeLocals(i, pose, 0, tr, rot, sc);
        }
    }

    /**
     * Poses [from, to) of {@code out}, each through the thread's planes: the sampler's vector loops run in planes, and
     * the entries no channel animates keep their values.
     */
    private void sampleInto(int thread, ClipSampler c, float[] ts, int[] cs, PoseBatch out, int from, int to) {
        float[] pose = poseScratch[thread];
        int size = out.size();
        int stride = c.cursorCount();
        WrapMode w = wrap;
        for (int i = from; i < to; i++) {
            toPlanes(out.translations, i * size * 3, out.rotations, i * size * 4, out.scales, i * size * 3, pose, size);
            c.sampleUnchecked(ts[i], w, cs, i * stride, pose, 0, pose, 3 * size, pose, 7 * size, size);
            fromPlanes(pose, size, out.translations, i * size * 3, out.rotations, i * size * 4, out.scales,
                    i * size * 3);
        }
    }

    private void sampleBlendRange(int thread, int from, int to) {
        sampleInto(thread, clip, times, cursors, dest, from, to);
        sampleInto(thread, second, secondTimes, secondCursors, scratch, from, to);
        dest.blendRange(dest, scratch, weight, from, to);
    }

    private void blendRange(int thread, int from, int to) {
        dest.blendRange(blendA, scratch, weight, from, to);
    }

    /** Parts [from, to) of a frame: each sampled, updated and skinned in turn on this thread. */
    private void frameRange(int thread, int from, int to) {
        InstanceNodes out = nodes;
        int lanes = Palettes.STRIDE_MULTIPLE;
        for (int part = from; part < to; part++) {
            int first = out.partStart(part);
            int end = out.partStart(part + 1);
            if (readAhead) {
                out.readAhead(part);
            }
            if (second != null) {
                blendNodesRange(thread, first, end);
            } else {
                sampleNodesRange(thread, first, end);
            }
            out.updateWorlds(part);
            if (paletteBuffer != null) {
                skin.palettes(thread, first / lanes, (end + lanes - 1) / lanes, paletteBuffer, paletteOffset);
            } else {
                skin.palettes(thread, first / lanes, (end + lanes - 1) / lanes, paletteDest, paletteOffset);
            }
        }
    }

    private void paletteRange(int thread, int from, int to) {
        skin.palettes(thread, from, to, paletteDest, paletteOffset);
    }

    private void bufferPaletteRange(int thread, int from, int to) {
        skin.palettes(thread, from, to, paletteBuffer, paletteOffset);
    }
}
