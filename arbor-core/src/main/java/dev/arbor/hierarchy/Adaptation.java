package dev.arbor.hierarchy;

import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.Palettes;
import dev.arbor.kernel.VectorSupport;

/**
 * Every adaptive decision of the hierarchy, as a function of the work it has counted and the thresholds of a
 * {@link Tuning}. {@link Hierarchy} keeps the counters and acts on the answers; nothing here holds state, so a test
 * can ask each question directly.
 *
 * <p>The decisions, and why each exists:
 * <ul>
 *   <li><b>Storage layout</b> ({@link StorageLayout#AUTOMATIC}): the vector kernel wants each element of the nodes'
 *       matrices in an array of its own (planes); single nodes want their twelve values together (records). A refresh
 *       is dense when computing it in planes costs no more than in records ({@link #isDense}); sparse work adds up
 *       to a conversion to records ({@link #convertsToRecords}), dense work back to planes
 *       ({@link #convertsToPlanes}).</li>
 *   <li><b>Packing the active nodes</b>: when the same few scattered nodes change frame after frame, one rewrite puts
 *       them first among their siblings so that their refresh fills whole vector words
 *       ({@link #closesActivityWindow}, {@link #packsActiveNodes}).</li>
 *   <li><b>Relayout for the vector kernel and the threads</b>: a layout built depth-first, or with many nodes appended
 *       since the last compaction, is rewritten breadth-first once ({@link #relayoutsForVectors},
 *       {@link #relayoutsForThreads}); holes are compacted away ({@link #compactsHoles}); a large forest is written
 *       as clusters of trees ({@link #clusterTarget}).</li>
 *   <li><b>Vector shapes</b>: rare batch shapes of a large refresh take the scalar loop until they are common enough
 *       to get compiled ({@link #vectorKinds}).</li>
 *   <li><b>Bulk sets</b>: a large bulk set marks staleness by one sweep rather than subtree walks
 *       ({@link #sweepsStaleness}); a node list out of storage order copies its rotations by the faster of two ways
 *       ({@link #timesCopyWays}), reading ahead when long ({@link #readsAhead}).</li>
 * </ul>
 */
final class Adaptation {
    private Adaptation() {
    }

    // ---- storage layout ----

    /**
     * @param staleInWord stale nodes in one word of 64 storage positions
     * @return the cost of refreshing that word in planes: whole (64) when it has enough stale nodes for the vector
     *     path, else each node alone
     */
    static long planesCost(Tuning t, int staleInWord) {
        return staleInWord >= LocalToWorld.DENSE_WORD_MIN ? 64 : (long) staleInWord * t.planeNodeCost();
    }

    /**
     * @param vectorPath whether the hierarchy uses the vector kernel where there is one (without it every node is
     *     computed alone, which records do at least as fast); it counts only once the vector kernel is compiled
     *     ({@link VectorSupport#active()}): until then the scalar kernel runs, faster in records (measured: 0.19 against
     *     0.5 ms per all-dirty frame of 6,000 nodes on JDK 17)
     * @return whether a refresh of {@code stale} nodes costing {@code planesCost} in planes is dense: no dearer there
     *     than in records
     */
    static boolean isDense(Tuning t, boolean vectorPath, long stale, long planesCost) {
        return vectorPath && planesCost <= stale * t.recordNodeCost() && VectorSupport.active();
    }

    /**
     * The layout a new hierarchy starts in under {@link StorageLayout#AUTOMATIC}.
     *
     * @param vectorKernelInUse whether the vector kernel is compiled and in use ({@link VectorSupport#active()})
     * @return records when the vector kernel is not in use: then no refresh is dense ({@link #isDense}), so a
     *     hierarchy started in planes would convert to records after its first updates, allocating its storage
     *     again in one of its first frames; planes otherwise
     */
    static boolean startsInRecords(boolean vectorKernelInUse) {
        return !vectorKernelInUse;
    }

    /** @return what a dense refresh saves in planes over records */
    static long denseGain(Tuning t, long stale, long planesCost) {
        return stale * t.recordNodeCost() - planesCost;
    }

    /** @return whether single-node work since the latest dense refresh has earned a conversion to records */
    static boolean convertsToRecords(Tuning t, long singleNodeWork, int live) {
        return singleNodeWork >= Math.max(t.recordsMinWork(), (long) t.recordsWorkFactor() * live);
    }

    /** @return whether what dense refreshes would have saved in planes has earned a conversion back to planes */
    static boolean convertsToPlanes(Tuning t, long denseGain, int live) {
        return denseGain >= (long) t.planesConversionCost() * live;
    }

    // ---- packing the active nodes ----

    /** @return whether the refreshes of the current activity window have computed enough to judge it */
    static boolean closesActivityWindow(Tuning t, long activityWork, int live) {
        return activityWork >= (long) t.activityWindowFactor() * live;
    }

    /**
     * @param activeNodes nodes the window's refreshes found stale
     * @param activeWords words of 64 storage positions holding them
     * @param packedWordsPerActive words per active node the latest packing achieved (before the first: a guess)
     * @return whether to rewrite the layout with the active nodes first: they are a small share of a hierarchy small
     *     enough to rewrite within a frame, and spread over at least twice the words a rewrite would pack them into
     */
    static boolean packsActiveNodes(Tuning t, long activeNodes, int activeWords, double packedWordsPerActive,
                                    int live) {
        long packed = Math.max(1L, (long) Math.ceil(activeNodes * packedWordsPerActive));
        return activeNodes * t.activeShareMax() <= live && activeWords >= 2 * packed && live <= t.packMaxNodes();
    }

    // ---- relayout and compaction ----

    /**
     * @param slowBatches vector batches of the latest refresh whose parents were not one window apart
     * @param fastBatches the other vector batches
     * @param appended nodes created or moved to the end since the latest compaction
     * @return whether to rewrite the layout breadth-first: a quarter of the batches were slow, and enough nodes
     *     were appended since the last rewrite for the layout to have drifted
     */
    static boolean relayoutsForVectors(int slowBatches, int fastBatches, int appended, int live) {
        return slowBatches > 0 && slowBatches * 4 >= fastBatches + slowBatches && (long) appended * 8 >= live;
    }

    /** @return whether a large update that could not be split should rewrite the layout for the threads */
    static boolean relayoutsForThreads(boolean planFailed, int appended, int live) {
        return planFailed && (long) appended * 8 >= live;
    }

    /** @return whether holes make up enough of the storage (half) to rewrite it without them */
    static boolean compactsHoles(int holes, int used) {
        return holes > 0 && holes * 2 >= used;
    }

    /**
     * @param largestTree nodes of the largest tree
     * @return the nodes per cluster compaction writes, or {@link Long#MAX_VALUE} for the whole forest as one: clusters
     *     only for large forests of small trees
     */
    static long clusterTarget(Tuning t, int live, int largestTree) {
        return live >= t.clusteredMinNodes() && (long) largestTree * 16 <= live ? t.clusterNodes() : Long.MAX_VALUE;
    }

    // ---- vector shapes ----

    /**
     * The batch shapes the next refresh computes on the vector path. Each shape has its own vector method, which the
     * JIT compiles fully only after thousands of calls; until then the Vector API runs slowly and allocates. After a
     * large refresh the usual shape (one-vector windows) stays on, and each rarer one only if it came often enough;
     * after a small one every shape is on, since even a method called once per update then compiles quickly.
     *
     * @param current the shapes on now; 0 for the scalar path, which stays
     * @param refreshed nodes the refresh computed
     * @param wideBatches its two-vector windows
     * @param generalBatches its batches of roots or gathered parents
     * @return the shapes, {@link LocalToWorld#VECTOR_ALL} and its parts
     */
    static int vectorKinds(Tuning t, int current, int refreshed, int wideBatches, int generalBatches) {
        if (current == 0) {
            return 0;
        }
        if (refreshed < t.vectorShapeLargeRefresh()) {
            return LocalToWorld.VECTOR_ALL;
        }
        return LocalToWorld.VECTOR_WINDOWS
                | (wideBatches >= t.vectorShapeMin() ? LocalToWorld.VECTOR_WIDE_WINDOWS : 0)
                | (generalBatches >= t.vectorShapeMin() ? LocalToWorld.VECTOR_GENERAL : 0);
    }

    // ---- bulk sets ----

    /**
     * @return whether a bulk set of {@code count} nodes marks staleness by one sweep over the storage rather than a
     *     subtree walk per node: from 64 nodes and an eighth of the hierarchy (a 128th in a large hierarchy, whose
     *     walks miss the cache at every step)
     */
    static boolean sweepsStaleness(Tuning t, int count, int live) {
        return count >= 64 && (long) count * (live >= t.largeHierarchy() ? 128 : 8) >= live;
    }

    /** @return whether a node list of {@code count} nodes out of storage order times scattered stores against gathers */
    static boolean timesCopyWays(Tuning t, int count) {
        return count >= t.gatherMinNodes();
    }

    /** @return the runs a trial of the copy way not in use lasts before it is timed, for a list of {@code count} */
    static int copyProbationRuns(Tuning t, int count) {
        return Math.max(TwoWayChoice.TRIAL_RUNS, t.gatherProbationNodes() / count);
    }

    /**
     * Whether a crowd's palettes read their joints' worlds window by window in the storage's order
     * ({@link InstanceNodes#readWindowProducts}) rather than gathered joint by joint: while the windows per block of 16
     * instances are at most {@link Tuning#windowsPerMember} times the members (a window costs about what a vector of
     * gathered members does; those beyond the members are wasted lanes).
     */
    static boolean readsWindows(Tuning t, int windows, int members) {
        return windows <= (long) t.windowsPerMember() * members;
    }

    /**
     * The multiple of trees a cluster of the compacted layout holds, given its target size ({@link #clusterTarget})
     * and the largest tree: {@link Palettes#STRIDE_MULTIPLE} where 64 of the largest trees fit the target (a cluster
     * then grows by at most a quarter), so that a crowd of one tree per instance has each block of 16 instances in
     * one cluster: its palettes read every block in windows ({@link InstanceNodes#readWindowProducts}), and the parts
     * of its frames end where clusters end ({@link CrowdParts}); otherwise 1.
     */
    static int clusterTreeMultiple(long target, int largestTree) {
        return (long) largestTree * 64 <= target ? Palettes.STRIDE_MULTIPLE : 1;
    }

    /**
     * Whether a part of a crowd frame ({@link InstanceNodes#beginPartWrites}) that holds {@code nodes} nodes may take
     * in the next stretch of {@code more} nodes: while together they hold at most {@link Tuning#partNodes}, so that a
     * part's data stays in a core's cache from its sampling to its palettes. Fewer parts cost less where they meet.
     */
    static boolean partTakes(Tuning t, long nodes, long more) {
        return nodes + more <= t.partNodes();
    }

    /**
     * Whether the threads of a crowd frame read each part's locals ahead of its writes
     * ({@link InstanceNodes#readAhead}): where the crowd has more parts than threads, so that its nodes are larger
     * than the cores' caches and come from memory. Measured on 10,000 CesiumMan (52 parts): the frame 9% faster; on
     * 1,000 (one part per thread, in the caches) it was 2–4% slower.
     */
    static boolean readsPartsAhead(int parts, int threads) {
        return parts > threads;
    }

    /** @return whether a gathered copy of a list of {@code count} nodes reads its quaternions ahead */
    static boolean readsAhead(Tuning t, int count) {
        return count >= t.touchMinNodes();
    }
}
