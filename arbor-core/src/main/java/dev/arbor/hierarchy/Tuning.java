package dev.arbor.hierarchy;

import dev.arbor.kernel.LocalToWorld;
import java.util.function.Consumer;

/**
 * Every threshold of the hierarchy's adaptive decisions, in one place. The decisions themselves are the functions of
 * {@link Adaptation}; {@link Hierarchy} counts the work they look at and calls them. {@link #DEFAULT} is what every
 * public constructor uses; tests build a hierarchy with other values (through the package-private constructor) to
 * reach a decision quickly or to force one way.
 *
 * <p>Costs in the storage-layout decision are in units of one node of a vector word, about 2 ns.
 *
 * @param recordsWorkFactor the records layout is chosen once the nodes computed one at a time since the latest dense
 *     refresh reach this many times the live nodes: a conversion costs about 15 ns per node and a node computed alone
 *     saves 3–5 ns in records, so it pays for itself after three to five times the live nodes of such work
 * @param recordsMinWork the least single-node work that chooses the records layout, so that small hierarchies switch
 *     rarely
 * @param planeNodeCost the cost of computing one node alone in the plane layout (about eight, measured with the
 *     vector kernel)
 * @param recordNodeCost the cost of computing one node alone in the record layout (half of the planes': the 1%-dirty
 *     frame of a million nodes took 6.4 ns per node in records against 8.7 in planes)
 * @param planesConversionCost a conversion's cost per live node: records turn back to planes once dense refreshes
 *     would have saved this much there
 * @param activityWindowFactor an activity window closes once its refreshes have computed this many times the live
 *     nodes; then {@link Adaptation#packsActiveNodes} decides whether to rewrite the layout
 * @param activeShareMax the layout is rewritten for activity only while the active nodes are at most this fraction
 *     (1/n) of the live ones
 * @param packMaxNodes the layout is rewritten for activity only in hierarchies of at most this many live nodes, which
 *     bounds the pause of the rewrite (60–120 ns per node) to about one frame
 * @param gatherMinNodes node lists at least this long that fill a run of storage out of order copy their rotations by
 *     the faster of scattered stores and vector gathers, timed on this machine; shorter ones scatter
 * @param gatherProbationNodes quaternions a trial of the way not in use copies before it is timed, so that its loop
 *     is compiled first
 * @param touchMinNodes gathered rotation copies of lists at least this long read their quaternions ahead, a run of
 *     {@link #touchChunk} positions at a time (from about 1 MB of quaternions, where they come from memory)
 * @param touchChunk storage positions per run of the read-ahead: their quaternions (16 KB at most) stay in the L1
 *     cache
 * @param clusterNodes nodes a cluster of the compacted layout holds at least: a large forest is laid out as clusters
 *     of consecutive trees, each breadth-first, whose planes stay in the L2 cache while computed
 * @param clusteredMinNodes the fewest live nodes for which compaction writes clusters (16 clusters, so that update
 *     threads find a cluster boundary near every split)
 * @param vectorShapeMin the fewest batches of a rarer shape in one large refresh for the next refresh to compute that
 *     shape on the vector path
 * @param vectorShapeLargeRefresh the fewest nodes in a refresh for which {@link #vectorShapeMin} applies
 * @param initialVectorKinds the batch shapes on the vector path before the first refresh (where the vector kernel is
 *     on), {@link LocalToWorld#VECTOR_ALL} and its parts
 * @param largeHierarchy live nodes from which subtree walks are assumed to miss the cache at every step, so that a
 *     bulk set sweeps the stale bits instead of walking subtrees sooner
 * @param copyWay how node lists copy rotations out of order: {@link #COPY_TIMED} (the faster on this machine),
 *     {@link #COPY_SCATTER} or {@link #COPY_GATHER}
 * @param rangeMarking whether subtrees may be marked stale by ranges of the layout (levels, pre-order, a whole tree)
 *     instead of walks
 * @param windowsPerMember a crowd's palettes read the storage window by window while a block of 16 instances needs at
 *     most this many windows per member ({@link Adaptation#readsWindows})
 * @param partNodes nodes a part of a crowd frame holds at most, where the crowd allows more parts than threads
 *     ({@link Adaptation#partTakes}): a part's locals, worlds and palette entries (about 150 bytes per node) stay in
 *     a core's L2 cache from its sampling to its palettes
 */
record Tuning(int recordsWorkFactor, int recordsMinWork, int planeNodeCost, int recordNodeCost,
              int planesConversionCost, int activityWindowFactor, int activeShareMax, int packMaxNodes,
              int gatherMinNodes, int gatherProbationNodes, int touchMinNodes, int touchChunk, int clusterNodes,
              int clusteredMinNodes, int vectorShapeMin, int vectorShapeLargeRefresh, int initialVectorKinds,
              int largeHierarchy, int copyWay, boolean rangeMarking, int windowsPerMember, int partNodes) {

    /** {@link #copyWay}: the faster way on this machine, timed now and then. */
    static final int COPY_TIMED = 0;
    /** {@link #copyWay}: scattered stores in list order. */
    static final int COPY_SCATTER = 1;
    /** {@link #copyWay}: vector gathers in storage order. */
    static final int COPY_GATHER = 2;

    /** The values every public constructor of {@link Hierarchy} uses. */
    static final Tuning DEFAULT = new Tuning(4, 2048, 8, 4, 8, 16, 32, 1 << 17, 256, 1 << 20, 1 << 16, 1024, 4096,
            16 * 4096, 32, 16_384, LocalToWorld.VECTOR_ALL, 1 << 19, COPY_TIMED, true, 2, 4096);

    /** @return these values with the records layout chosen after {@code minWork}, or {@code factor} × live nodes */
    Tuning withRecordsWork(int factor, int minWork) {
        return with(v -> {
            v.recordsWorkFactor = factor;
            v.recordsMinWork = minWork;
        });
    }

    /** @return these values with other activity-packing thresholds */
    Tuning withActivityPacking(int windowFactor, int shareMax, int maxNodes) {
        return with(v -> {
            v.activityWindowFactor = windowFactor;
            v.activeShareMax = shareMax;
            v.packMaxNodes = maxNodes;
        });
    }

    /** @return these values with node lists copying rotations one way, and reading ahead from {@code touchMin} */
    Tuning withCopyWay(int way, int touchMin) {
        return with(v -> {
            v.copyWay = way;
            v.touchMinNodes = touchMin;
        });
    }

    /** @return these values with compaction writing clusters of {@code nodes} from {@code minNodes} live nodes */
    Tuning withClusters(int nodes, int minNodes) {
        return with(v -> {
            v.clusterNodes = nodes;
            v.clusteredMinNodes = minNodes;
        });
    }

    /** @return these values with the vector shapes on at the start, and the batches a rare shape needs */
    Tuning withVectorShapes(int initialKinds, int shapeMin) {
        return with(v -> {
            v.initialVectorKinds = initialKinds;
            v.vectorShapeMin = shapeMin;
        });
    }

    /** @return these values with crowd frames cut into parts of at most {@code nodes} nodes */
    Tuning withPartNodes(int nodes) {
        return with(v -> v.partNodes = nodes);
    }

    /** @return these values with subtrees marked stale by walks only ({@code false}) or by ranges where possible */
    Tuning withRangeMarking(boolean ranges) {
        return with(v -> v.rangeMarking = ranges);
    }

    private Tuning with(Consumer<Values> change) {
        Values v = new Values(this);
        change.accept(v);
        return v.build();
    }

    /** A mutable copy, for the {@code with} methods. */
    private static final class Values {
        int recordsWorkFactor;
        int recordsMinWork;
        int planeNodeCost;
        int recordNodeCost;
        int planesConversionCost;
        int activityWindowFactor;
        int activeShareMax;
        int packMaxNodes;
        int gatherMinNodes;
        int gatherProbationNodes;
        int touchMinNodes;
        int touchChunk;
        int clusterNodes;
        int clusteredMinNodes;
        int vectorShapeMin;
        int vectorShapeLargeRefresh;
        int initialVectorKinds;
        int largeHierarchy;
        int copyWay;
        boolean rangeMarking;
        int windowsPerMember;
        int partNodes;

        Values(Tuning t) {
            recordsWorkFactor = t.recordsWorkFactor;
            recordsMinWork = t.recordsMinWork;
            planeNodeCost = t.planeNodeCost;
            recordNodeCost = t.recordNodeCost;
            planesConversionCost = t.planesConversionCost;
            activityWindowFactor = t.activityWindowFactor;
            activeShareMax = t.activeShareMax;
            packMaxNodes = t.packMaxNodes;
            gatherMinNodes = t.gatherMinNodes;
            gatherProbationNodes = t.gatherProbationNodes;
            touchMinNodes = t.touchMinNodes;
            touchChunk = t.touchChunk;
            clusterNodes = t.clusterNodes;
            clusteredMinNodes = t.clusteredMinNodes;
            vectorShapeMin = t.vectorShapeMin;
            vectorShapeLargeRefresh = t.vectorShapeLargeRefresh;
            initialVectorKinds = t.initialVectorKinds;
            largeHierarchy = t.largeHierarchy;
            copyWay = t.copyWay;
            rangeMarking = t.rangeMarking;
            windowsPerMember = t.windowsPerMember;
            partNodes = t.partNodes;
        }

        Tuning build() {
            return new Tuning(recordsWorkFactor, recordsMinWork, planeNodeCost, recordNodeCost, planesConversionCost,
                    activityWindowFactor, activeShareMax, packMaxNodes, gatherMinNodes, gatherProbationNodes,
                    touchMinNodes, touchChunk, clusterNodes, clusteredMinNodes, vectorShapeMin,
                    vectorShapeLargeRefresh, initialVectorKinds, largeHierarchy, copyWay, rangeMarking,
                    windowsPerMember, partNodes);
        }
    }
}
