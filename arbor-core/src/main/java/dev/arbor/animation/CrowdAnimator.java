package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.internal.InstanceNodesAccess;
import dev.arbor.kernel.Palettes;
import dev.arbor.kernel.Workers;
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

    /** The part writes of {@link InstanceNodes}, which are not public API. */
    private static final InstanceNodesAccess NODES = InstanceNodesAccess.get();

    private Workers threads = new Workers(1, Workers.CROWD_SPIN, "crowd");

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
    /** The paths a job into nodes writes ({@link InstanceNodes#writeLocals}): those its clips animate. */
    private int paths;
    /** Whether a frame's threads read each part's locals ahead ({@code InstanceNodes.readsAhead()}). */
    private boolean readAhead;
    /** Per thread, one pose of {@link InstanceNodes#POSE_FLOATS} × size floats: the instance being sampled. */
    private float[][] poseScratch = new float[0][];
    /** Per thread, the scratch of a blend frame ({@link #growBlendScratch}). */
    private BlendScratch[] blendScratch = new BlendScratch[0];
    /** The two batches of a blend frame's separate calls, for a crowd that cannot be cut; null until needed. */
    private PoseBatch[] blendBatches;
    private final Workers.Job sampleJob = this::sampleRange;
    private final Workers.Job sampleNodesJob = this::sampleNodesRange;
    private final Workers.Job sampleBlendJob = this::sampleBlendRange;
    private final Workers.Job blendJob = this::blendRange;
    private final Workers.Job paletteJob = this::paletteRange;
    private final Workers.Job bufferPaletteJob = this::bufferPaletteRange;
    private final Workers.Job frameJob = this::frameRange;

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
        if (threads != this.threads.threads()) {
            this.threads.shutdown();
            this.threads = new Workers(threads, Workers.CROWD_SPIN, "crowd");
        }
    }

    /** @return the number of threads the jobs use */
    public int threads() {
        return threads.threads();
    }

    /** Stops the worker threads; the animator then runs every job on the caller's thread. */
    @Override
    public void close() {
        threads.shutdown();
        threads = new Workers(1, Workers.CROWD_SPIN, "crowd");
    }

    /**
     * Samples {@code clip} for every pose of {@code dest}: pose {@code i} at {@code times[i]}. See
     * {@link ClipSampler#sample(float, WrapMode, int[], PoseBatch, int)}; the same bits, each pose sampled
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
     * Runs a job that {@link CrowdJob#validate()} accepted ({@link CrowdJob#run()} is the public entry).
     */
    void run(CrowdJob job) {
        if (job.nodes != null) {
            if (job.skin != null) {
                frame(job);
            } else if (job.second != null) {
                blendIntoNodes(job);
            } else {
                sampleNodes(job);
            }
        } else if (job.second != null) {
            sampleBlend(job, job.scratch, job.poses);
        } else {
            growPoseScratch(job.poses.size());
            this.clip = job.clip;
            this.times = job.times;
            this.wrap = job.wrap;
            this.cursors = job.cursors;
            this.dest = job.poses;
            run(sampleJob, job.poses.poses());
        }
    }

    /** A job's clip sampled into its nodes, every member then stale. */
    private void sampleNodes(CrowdJob job) {
        InstanceNodes out = job.nodes;
        out.beginWrites();
        setNodeSampling(job);
        try {
            run(sampleNodesJob, out.instances());
        } finally {
            out.endWrites();
        }
    }

    /** A job's two clips sampled into {@code dest} and {@code scratch} and blended into {@code dest}. */
    private void sampleBlend(CrowdJob job, PoseBatch scratch, PoseBatch dest) {
        growPoseScratch(dest.size());
        this.clip = job.clip;
        this.times = job.times;
        this.cursors = job.cursors;
        this.second = job.second;
        this.secondTimes = job.secondTimes;
        this.secondCursors = job.secondCursors;
        this.wrap = job.wrap;
        this.weight = job.weight;
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
        checkPaletteRoom("palette destination", skin, "length", dest.length, "offset", offset);
        skin.prepare(hierarchy, threads.threads());
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
        checkPaletteRoom("palette destination", skin, "limit", dest.limit(), "index", index);
        skin.prepare(hierarchy, threads.threads());
        this.skin = skin;
        this.paletteBuffer = dest;
        this.paletteOffset = index;
        run(bufferPaletteJob, skin.blocks());
        return dest;
    }

    /** A job's whole frame: by parts where the crowd can be cut into them, else its steps in turn. */
    private void frame(CrowdJob job) {
        InstanceNodes nodes = job.nodes;
        CrowdSkin skin = job.skin;
        Hierarchy hierarchy = nodes.hierarchy();
        NODES.convertLayoutIfEarned(nodes); // the frames' own updates count for the layout: planes once they pay
        skin.prepare(hierarchy, threads.threads());
        int parts = NODES.beginPartWrites(nodes, skin.jointNodes(), skin.meshes, threads.threads());
        if (parts == 0) {
            if (job.second != null) {
                blendIntoNodes(job);
            } else {
                sampleNodes(job);
            }
            if (job.paletteArray != null) {
                writePalettes(hierarchy, skin, job.paletteArray, job.paletteOffset);
            } else {
                writePalettes(hierarchy, skin, job.paletteBuffer, job.paletteOffset);
            }
            return;
        }
        setNodeSampling(job);
        if (job.second != null) {
            second = job.second;
            secondTimes = job.secondTimes;
            secondCursors = job.secondCursors;
            weight = job.weight;
            paths |= pathsOf(second);
            growBlendScratch(nodes.size());
        }
        this.skin = skin;
        this.paletteDest = job.paletteArray;
        this.paletteBuffer = job.paletteBuffer;
        this.paletteOffset = job.paletteOffset;
        readAhead = NODES.readsAhead(nodes);
        try {
            run(frameJob, parts);
        } finally {
            nodes.endWrites();
        }
    }


    /** Refuses a palette destination without room for every entry of {@code skin}, naming it {@code what}. */
    static void checkPaletteRoom(String what, CrowdSkin skin, String lengthName, int length, String offsetName,
                                 int offset) {
        long required = 16L * skin.entryCount();
        if (offset < 0 || length - (long) offset < required) {
            throw new IllegalArgumentException(what + " too short: " + lengthName + "=" + length + ", "
                    + offsetName + "=" + offset + ", required=" + required);
        }
    }

    private void run(Workers.Job job, int count) {
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
        }
    }

    /** The arguments of a job that samples into nodes ({@link #sampleNodesRange}), checked before. */
    private void setNodeSampling(CrowdJob job) {
        growPoseScratch(job.nodes.size());
        ClipSampler clip = job.clip;
        this.clip = clip;
        this.times = job.times;
        this.wrap = job.wrap;
        this.cursors = job.cursors;
        this.base = job.rest;
        this.nodes = job.nodes;
        paths = pathsOf(clip);
    }

    private static void checkSample(ClipSampler clip, float[] times, int[] cursors, PoseBatch dest) {
        checkSample(FIRST, clip, times, cursors, dest.poses(), dest.size());
    }

    /** The names of a job's first clip's fields, then its second's, for the messages of {@link #checkSample}. */
    static final String[] FIRST = {"clip", "times", "cursors"};
    static final String[] SECOND = {"second", "secondTimes", "secondCursors"};

    /**
     * Refuses a clip that animates more entries than the poses have, times or cursors too short for {@code n}
     * instances, or a NaN time, naming the field by {@code names} (the clip's, the times', the cursors').
     */
    static void checkSample(String[] names, ClipSampler clip, float[] times, int[] cursors, int n, int size) {
        if (size < clip.targetCount()) {
            throw new IllegalArgumentException("pose too small for " + names[0] + ": size=" + size + ", required="
                    + clip.targetCount());
        }
        if (times.length < n) {
            throw new IllegalArgumentException(names[1] + " too short: length=" + times.length + ", required=" + n);
        }
        long required = (long) n * clip.cursorCount();
        if (cursors.length < required) {
            throw new IllegalArgumentException(names[2] + " too short: length=" + cursors.length + ", required="
                    + required);
        }
        for (int i = 0; i < n; i++) {
            if (Float.isNaN(times[i])) {
                throw new IllegalArgumentException(names[1] + "[" + i + "]=NaN");
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
        int t = threads.threads();
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
            out.writeLocals(i, pose, 0, paths);
        }
    }

    /**
     * A blend frame's separate calls, for a crowd that cannot be cut into parts: {@link #sampleBlend} into two batches
     * filled with the base pose (made the first time, and again when the shape changes), applied to the nodes.
     */
    private void blendIntoNodes(CrowdJob job) {
        ClipSampler c = job.clip;
        ClipSampler c2 = job.second;
        Pose b = job.rest;
        InstanceNodes dest = job.nodes;
        int n = dest.instances();
        int size = dest.size();
        if (blendBatches == null || blendBatches[0].poses() != n || blendBatches[0].size() != size) {
            blendBatches = new PoseBatch[] {new PoseBatch(n, size), new PoseBatch(n, size)};
        }
        blendBatches[0].fill(b);
        blendBatches[1].fill(b);
        sampleBlend(job, blendBatches[1], blendBatches[0]);
        growPoseScratch(size);
        int paths = pathsOf(c) | pathsOf(c2);
        PoseBatch p = blendBatches[0];
        float[] pose = poseScratch[0];
        dest.beginWrites();
        try {
            for (int i = 0; i < n; i++) {
                toPlanes(p.translations, i * size * 3, p.rotations, i * size * 4, p.scales, i * size * 3, pose, size);
                dest.writeLocals(i, pose, 0, paths);
            }
        } finally {
            dest.endWrites();
        }
    }

    /** The paths {@code clip} animates, as {@link InstanceNodes#writeLocals} takes them. */
    private static int pathsOf(ClipSampler clip) {
        return (clip.animates(TargetPath.TRANSLATION) ? InstanceNodes.TRANSLATIONS : 0)
                | (clip.animates(TargetPath.ROTATION) ? InstanceNodes.ROTATIONS : 0)
                | (clip.animates(TargetPath.SCALE) ? InstanceNodes.SCALES : 0);
    }

    /** Makes each thread a pose of {@code size} entries in planes, if it has none that large (allocates then). */
    private void growPoseScratch(int size) {
        int floats = InstanceNodes.POSE_FLOATS * size;
        int t = threads.threads();
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
        int paths = this.paths;
        for (int i = from; i < to; i++) {
            c.sampleUnchecked(ts[i], w, cs, i * stride, pose, 0, pose, 3 * size, pose, 7 * size, size);
            out.writeLocals(i, pose, 0, paths);
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
            int first = NODES.partStart(out, part);
            int end = NODES.partStart(out, part + 1);
            if (readAhead) {
                NODES.readAhead(out, part);
            }
            if (second != null) {
                blendNodesRange(thread, first, end);
            } else {
                sampleNodesRange(thread, first, end);
            }
            NODES.updateWorlds(out, part);
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
