package dev.arbor.hierarchy;

import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.Workers;
import java.util.Arrays;

/**
 * The worker threads and the work split of a parallel {@link Hierarchy#update()}; the same threads also run large
 * bulk setters ({@link #runJob}).
 *
 * <p>The split relies on the breadth-first layout that compaction writes: levels are contiguous runs, and within a
 * level the nodes come grouped by their ancestor at a chosen "cut" level in the same order on every level. Giving each
 * thread a contiguous run of cut-level subtrees therefore gives it one contiguous range per level, and a node's parent
 * always lies in the same thread's range one level up (or above the cut, computed before the threads start). So
 * threads never wait for each other between levels — there is one start and one join per update — and since every
 * node is computed by the same kernel operations, the result is bit-identical to the sequential update.
 *
 * <p>A layout that is not breadth-first can still split when it consists of independent stretches: trees created
 * one after another leave every tree contiguous, so a point {@code m} after which no node has a parent before
 * {@code m} cuts the nodes into ranges that the threads compute on their own ({@link #rangePlan}). That keeps the
 * caller's layout (and the order of its node lists) where a breadth-first rewrite would permute it. Compaction
 * writes a large forest of many trees as clusters of trees, each cluster breadth-first ({@code Hierarchy.clusterNodes});
 * the cluster boundaries are such points, so that layout splits by ranges too.
 *
 * <p>The threads are a {@link Workers} pool (daemon threads named {@code arbor-update-N}, parked between updates
 * after a spin); a job's shares are its chunks, claimed by whichever thread is free, so the caller computes the share
 * of a worker that has not woken yet. An update allocates nothing.
 */
final class ParallelUpdate {
    final int threads;
    private final Workers workers;

    // the current job, written by the caller before generation is bumped (volatile write publishes them)
    private float[] locals;
    private byte[] modes;
    private int[] parents;
    private float[] worlds;
    /** The planes' capacity, or 0 in the record layout. */
    private int capacity;
    private long[] staleBits;
    private long[] matrixBits;
    private long[] wordPlans;
    private int vectorKinds;
    private long[] stamps;
    private long[] wordStamps;
    private long stamp;
    private Plan plan;
    /**
     * Per thread, what its share of an update computed: the batches counted by shape ({@link LocalToWorld#STATS}
     * entries), then the number of nodes at {@link #NODES}. One array of 32 ints per thread: whatever the arrays'
     * places in memory, the few entries used by two threads then lie more than a cache line apart (the counts are
     * written once per word).
     */
    private final int[][] threadStats;
    /** Where a thread's node count stands in its {@link #threadStats} entry. */
    private static final int NODES = LocalToWorld.STATS;
    private final Job updateJob = this::shareUpdate;
    private Job job; // the job being run
    /** Runs the shares {@code [from, to)} of {@link #job}, whichever thread claims them. */
    private final Workers.Job shares = this::runShares;

    ParallelUpdate(int threads) {
        this.threads = threads;
        this.threadStats = new int[threads][32];
        workers = new Workers(threads, Workers.UPDATE_SPIN, "update");
    }

    /**
     * The work split for one layout: level ranges below the cut, per thread ({@link #plan}), or one independent
     * stretch per thread ({@link #rangePlan}, a single "level" with no cut).
     */
    static final class Plan {
        /** Nodes [0, cutStart) lie above the cut level and are computed first, by the caller. */
        final int cutStart;
        /** End of the region the plan covers; later nodes are computed last, by the caller. */
        final int mainEnd;
        /** splits[level][t] .. splits[level][t + 1] is thread t's range on that level (levels from the cut). */
        final int[][] splits;

        Plan(int cutStart, int mainEnd, int[][] splits) {
            this.cutStart = cutStart;
            this.mainEnd = mainEnd;
            this.splits = splits;
        }
    }

    /**
     * Computes the split for the breadth-first region {@code [0, mainEnd)}, or returns null when that region is not
     * level-ordered in the required way (then the update stays sequential). O(mainEnd); allocates the plan.
     */
    static Plan plan(int[] parents, byte[] modes, int mainEnd, int threads) {
        int[] depth = new int[mainEnd];
        int levels = 0;
        int last = 0;
        for (int i = 0; i < mainEnd; i++) {
            if (modes[i] == LocalToWorld.MODE_HOLE) {
                depth[i] = last;
                continue;
            }
            int p = parents[i];
            depth[i] = p < 0 ? 0 : depth[p] + 1;
            if (depth[i] < last) {
                return null; // not level-ordered
            }
            last = depth[i];
            levels = Math.max(levels, depth[i] + 1);
        }
        if (levels == 0) {
            return null;
        }
        // depths never decrease along the region (holes take the depth before them), so the last write per depth,
        // scanning backwards, is its first position
        int[] levelStarts = new int[levels + 1];
        levelStarts[levels] = mainEnd;
        for (int i = mainEnd - 1; i >= 0; i--) {
            levelStarts[depth[i]] = i;
        }
        // the cut: the shallowest level with enough subtrees to balance
        int cut = -1;
        for (int d = 0; d < levels; d++) {
            if (levelStarts[d + 1] - levelStarts[d] >= 4 * threads) {
                cut = d;
                break;
            }
        }
        if (cut < 0) {
            return null;
        }
        int[] size = new int[mainEnd];
        for (int i = mainEnd - 1; i >= 0; i--) {
            if (modes[i] == LocalToWorld.MODE_HOLE) {
                continue;
            }
            size[i] += 1;
            int p = parents[i];
            if (p >= 0 && depth[i] > cut) {
                size[p] += size[i];
            }
        }
        long total = 0;
        for (int i = levelStarts[cut]; i < levelStarts[cut + 1]; i++) {
            total += size[i];
        }
        int[] group = size; // reuse: sizes are no longer needed once the cut level is assigned
        long running = 0;
        for (int i = levelStarts[cut]; i < levelStarts[cut + 1]; i++) {
            long before = running;
            running += group[i];
            group[i] = (int) Math.min(threads - 1, before * threads / Math.max(1, total));
        }
        for (int i = levelStarts[cut + 1]; i < mainEnd; i++) {
            group[i] = modes[i] == LocalToWorld.MODE_HOLE ? -1 : group[parents[i]];
        }
        int[][] splits = new int[levels - cut][threads + 1];
        for (int d = cut; d < levels; d++) {
            int[] s = splits[d - cut];
            int a = levelStarts[d];
            int b = levelStarts[d + 1];
            int t = 0;
            s[0] = a;
            int lastGroup = 0;
            for (int i = a; i < b; i++) {
                int g = group[i];
                if (g < 0) {
                    continue; // hole: belongs to whichever range holds it
                }
                if (g < lastGroup) {
                    return null; // groups out of order on this level
                }
                while (t < g) {
                    s[++t] = i;
                }
                lastGroup = g;
            }
            while (t < threads) {
                s[++t] = b;
            }
        }
        return new Plan(levelStarts[cut], mainEnd, splits);
    }

    /**
     * A split of {@code [0, end)} into one contiguous range per thread, each holding the parents of all its nodes
     * (or none: roots, holes), with the boundaries within an eighth of {@code end} of the equal split; or null when
     * no such boundaries exist. O(end): one backward pass keeps the smallest parent index seen, and a position
     * {@code m} is a boundary when that minimum over {@code [m, end)} is at least {@code m}.
     */
    static Plan rangePlan(int[] parents, int end, int threads) {
        int[] bounds = new int[threads + 1];
        long[] distance = new long[threads];
        java.util.Arrays.fill(distance, Long.MAX_VALUE);
        bounds[threads] = end;
        int min = Integer.MAX_VALUE;
        for (int m = end - 1; m > 0; m--) {
            int p = parents[m];
            if (p >= 0 && p < min) {
                min = p;
            }
            if (min >= m) {
                for (int t = 1; t < threads; t++) {
                    long d = Math.abs(m - (long) end * t / threads);
                    if (d < distance[t]) {
                        distance[t] = d;
                        bounds[t] = m;
                    }
                }
            }
        }
        for (int t = 1; t < threads; t++) {
            if (distance[t] > end / 8 || bounds[t] <= bounds[t - 1]) {
                return null;
            }
        }
        return new Plan(0, end, new int[][] {bounds});
    }

    /**
     * Work split into one share per thread index: {@link #share(int)} runs once for each index, the shares at the
     * same time on whichever threads claim them. A job communicates through its own fields; the caller writes them
     * before {@link #runJob(Job)} and reads the results after it returns (the start and the join order the accesses).
     * A share's scratch is chosen by its index, never by the thread that runs it.
     */
    interface Job {
        /** @param share this share's index, 0 to {@code threads - 1} */
        void share(int share);
    }

    /**
     * Runs {@code job}'s shares and waits for all of them. A failure in a worker is rethrown after the join.
     */
    void runJob(Job job) {
        this.job = job;
        try {
            workers.run(shares, threads, threads);
        } finally {
            this.job = null;
        }
    }

    private void runShares(int thread, int from, int to) {
        for (int s = from; s < to; s++) {
            job.share(s);
        }
    }

    /**
     * Runs the plan's ranges on all threads (the caller is thread 0); returns the nodes recomputed. {@code capacity}
     * is the planes' capacity, or 0 for the record layout (then one node at a time).
     */
    int run(Plan plan, float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity, long[] staleBits,
            long[] matrixBits, long[] wordPlans, int vectorKinds, long[] stamps, long[] wordStamps, long stamp,
            int[] batchStats) {
        this.wordPlans = wordPlans;
        this.stamps = stamps;
        this.wordStamps = wordStamps;
        this.stamp = stamp;
        this.plan = plan;
        this.locals = locals;
        this.modes = modes;
        this.parents = parents;
        this.worlds = worlds;
        this.capacity = capacity;
        this.staleBits = staleBits;
        this.matrixBits = matrixBits;
        this.vectorKinds = vectorKinds;
        runJob(updateJob);
        int total = 0;
        for (int k = 0; k < threads; k++) {
            total += threadStats[k][NODES];
            for (int e = 0; e < LocalToWorld.STATS; e++) {
                batchStats[e] += threadStats[k][e];
            }
        }
        return total;
    }

    private void shareUpdate(int t) {
        int count = 0;
        int[] stats = threadStats[t];
        Arrays.fill(stats, 0);
        for (int[] s : plan.splits) {
            WorldVersions.stamp(staleBits, stamps, wordStamps, stamp, s[t], s[t + 1]);
            count += computeStale(locals, modes, parents, worlds, capacity, staleBits, matrixBits, wordPlans,
                    s[t], s[t + 1], vectorKinds, stats);
        }
        stats[NODES] = count;
    }

    /**
     * Recomputes the stale nodes of {@code [from, to)} without changing any bit, in the layout {@code capacity}
     * names: the planes' capacity, or 0 for the record layout (one node at a time). A thread's share, and the parts
     * of a parallel update that the caller computes alone.
     */
    static int computeStale(float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity,
                            long[] staleBits, long[] matrixBits, long[] wordPlans, int from, int to, int vectorKinds,
                            int[] batchStats) {
        if (capacity == 0) {
            return LocalToWorld.computeStaleRecords(locals, modes, parents, worlds, staleBits, from, to);
        }
        return LocalToWorld.computeStale(locals, modes, parents, worlds, capacity, staleBits, matrixBits, wordPlans,
                from, to, vectorKinds, batchStats);
    }

    /** Stops the workers (they exit at their next wake-up). */
    void shutdown() {
        workers.shutdown();
    }
}
