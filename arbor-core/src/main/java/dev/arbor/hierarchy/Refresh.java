package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;

import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.VectorSupport;
import dev.arbor.math.Affine;
import java.util.Arrays;

/**
 * Brings stale world matrices up to date: every stale node at once, parents first, on this thread or split between
 * the update threads ({@link #refreshAll}); or one node and its stale ancestors, top-down, for a read
 * ({@link #recomputeChain}). A recomputed node's stale bit becomes a changed bit, its cached inverse is dropped, and
 * the batched refresh stamps its version. Owns the update threads and their split of the storage, the vector batch
 * shapes in use and the batch counts of the latest refresh, and the counts of work done (for tests).
 *
 * <p>Invariant: the stale closure holds before and after each call (a node is computed only after its parent), and
 * {@link #plan} is either null or the split of the current layout's breadth-first region {@code [0, mainEnd)}.
 */
final class Refresh {
    private static final int NONE = -1;

    private final SlotTable slots;
    private final NodeStorage store;
    private final WorldVersions versions;
    private final TrackedBits stale;
    private final TrackedBits changed;
    private final LayoutChoice layoutChoice;
    private final ActivityPacking packing;
    private final Tuning tuning;
    /** Worker threads, or null when updates run on the caller's thread only. */
    private ParallelUpdate parallel;
    /** The work split for the breadth-first region, or null until computed (invalidated by layout changes). */
    private ParallelUpdate.Plan plan;
    /** End of the region the split covers: the breadth-first region written by the latest rewrite. */
    private int mainEnd;
    /** Whether the latest large update found the layout unfit for the split (not breadth-first, or a long tail). */
    private boolean planFailed;
    /** The batches of the latest refresh, counted by shape (see {@link LocalToWorld#STATS}). */
    private final int[] batchStats = new int[LocalToWorld.STATS];
    /** Whether {@link #batchStats} may hold counts since the last {@link #layoutUnfit}. */
    private boolean counted;
    /**
     * The batch shapes the next refresh computes on the vector path ({@link LocalToWorld#VECTOR_ALL} and its parts):
     * see {@link Adaptation#vectorKinds}. Read by tests.
     */
    int vectorKinds;
    /** The stale ancestors of a read node, deepest first. */
    private int[] chain = new int[64];
    /** Nodes whose world matrix was computed, batched or lazily (a count for tests). */
    long recomputedNodes;
    /** Stale-bit words visited by batched refreshes (a count for tests). */
    long scannedWords;
    /** Updates that ran on several threads (a count for tests). */
    long parallelUpdates;

    Refresh(SlotTable slots, NodeStorage store, WorldVersions versions, TrackedBits stale, TrackedBits changed,
            LayoutChoice layoutChoice, ActivityPacking packing, Tuning tuning) {
        this.slots = slots;
        this.store = store;
        this.versions = versions;
        this.stale = stale;
        this.changed = changed;
        this.layoutChoice = layoutChoice;
        this.packing = packing;
        this.tuning = tuning;
        this.vectorKinds = VectorSupport.ENABLED ? tuning.initialVectorKinds() : 0;
    }

    // ---- threads and the layout they need ----

    /** @return the update threads, or null for none */
    ParallelUpdate threads() {
        return parallel;
    }

    /** Uses these update threads from now on (null: none); the split is planned again. */
    void useThreads(ParallelUpdate threads) {
        parallel = threads;
        plan = null;
    }

    /**
     * Whether a node at storage position {@code node} lies in the region the threads split by level: a reparent
     * there must move its subtree out, so that no node gains a parent in another thread's range.
     */
    boolean inSplitRegion(int node) {
        return parallel != null && node < mainEnd;
    }

    /** The storage was rewritten: its breadth-first region is {@code [0, end)}. */
    void layoutRewritten(int end) {
        mainEnd = end;
        plan = null;
    }

    /** The storage's used positions shrank to {@code nodeEnd}: new nodes will be appended inside the old region. */
    void trimmed(int nodeEnd) {
        if (nodeEnd < mainEnd) {
            mainEnd = nodeEnd;
            plan = null;
        }
    }

    /**
     * After an update: whether the latest refresh found the layout unfit, for the vector kernel (many batches with a
     * parent inside them, or parents too far apart: {@link Adaptation#relayoutsForVectors}) or for the threads
     * ({@link Adaptation#relayoutsForThreads}), so that one breadth-first rewrite would fix it for the frames to
     * come. Forgets the refresh's counts.
     */
    boolean layoutUnfit(int appendedSinceRewrite) {
        if (!counted && !planFailed) {
            return false; // nothing refreshed in batches since the last call: nothing to judge
        }
        counted = false;
        int live = slots.liveCount;
        boolean unfit = Adaptation.relayoutsForVectors(batchStats[LocalToWorld.STAT_SLOW],
                batchStats[LocalToWorld.STAT_FAST], appendedSinceRewrite, live)
                || Adaptation.relayoutsForThreads(planFailed, appendedSinceRewrite, live);
        planFailed = false;
        Arrays.fill(batchStats, 0);
        return unfit;
    }

    // ---- the batched refresh ----

    /**
     * Recomputes every stale node (parents first) and stamps it with {@code stamp}, without publishing: the nodes
     * become changed bits, which the next update publishes. O(stale words + stale nodes).
     */
    void refreshAll(long stamp) {
        if (stale.isEmpty()) {
            return;
        }
        scannedWords += stale.hiWord - stale.loWord;
        dropStaleInverses();
        beforeRefresh(true);
        counted = true;
        if (parallel == null || !refreshInParallel(stamp)) {
            recomputedNodes += propagate(stamp);
        }
        forgetStaleRange();
    }

    /** Once every stale bit moved to the changed bits: the changed range takes the stale one, which is dropped. */
    private void forgetStaleRange() {
        changed.include(stale.loWord, stale.hiWord);
        stale.forgetRange();
    }

    /** Moves every stale bit to the changed bits, word by word. */
    private void staleToChanged() {
        stale.moveWordsInto(changed);
    }

    /** Stamps every stale node's version with {@code stamp}. */
    private void stampStale(long stamp) {
        versions.stamp(stale.words, stamp, stale.loWord << 6, Math.min(store.nodeEnd, stale.hiWord << 6));
    }

    /** The cached inverses of the stale nodes are dropped: their world matrices are about to change. */
    private void dropStaleInverses() {
        store.dropInverses(stale.words, stale.loWord, stale.hiWord);
    }

    /**
     * Before a refresh: marks the stale nodes active in the activity packing's window, and counts the refresh for the
     * layout choice, which converts the storage for it if {@code mayConvert} ({@link LayoutChoice#beforeRefresh}). The planes
     * cost is estimated in units of one node of a vector word: a word with at least
     * {@link LocalToWorld#DENSE_WORD_MIN} stale nodes is computed whole (64 units), a node elsewhere alone
     * ({@link Tuning#planeNodeCost}). O(stale words).
     */
    private void beforeRefresh(boolean mayConvert) {
        long[] active = packing.windowBits(stale.words.length, store.layoutVersion); // null when packing is off
        boolean automatic = layoutChoice.policy() == StorageLayout.AUTOMATIC;
        if (active == null && !automatic) {
            return;
        }
        // one pass over the stale words for both: most words between a sparse update's first and last are empty
        long staleCount = 0;
        long planesCost = 0;
        long[] words = stale.words;
        for (int w = stale.loWord; w < stale.hiWord; w++) {
            long word = words[w];
            if (word == 0L) {
                continue;
            }
            if (active != null) {
                active[w] |= word;
            }
            int bits = Long.bitCount(word);
            staleCount += bits;
            planesCost += Adaptation.planesCost(tuning, bits);
        }
        if (active != null) {
            packing.addWork(staleCount);
        }
        if (automatic) {
            layoutChoice.beforeRefresh(staleCount, planesCost, vectorKinds != 0, mayConvert);
        }
    }

    /** The sequential refresh: stamps the stale nodes' versions and computes them. */
    private int propagate(long stamp) {
        NodeStorage st = store;
        stampStale(stamp);
        if (st.records) {
            return LocalToWorld.propagateStaleRecords(st.locals, st.modes, st.parentNodes, st.worlds, stale.words,
                    stale.loWord, stale.hiWord, changed.words);
        }
        Arrays.fill(batchStats, 0);
        int count = LocalToWorld.propagateStale(st.locals, st.modes, st.parentNodes, st.worlds, st.modes.length,
                stale.words, stale.loWord, stale.hiWord, changed.words, st.matrixBits, st.wordPlans, kernelKinds(),
                batchStats);
        chooseVectorKinds(count);
        return count;
    }

    /**
     * The batch shapes this refresh computes on the vector path: {@link #vectorKinds} once the vector kernel is
     * compiled ({@link VectorSupport#active()}), none before (the scalar kernel, with the same results).
     */
    int kernelKinds() {
        return VectorSupport.active() ? vectorKinds : 0;
    }

    /**
     * Picks the vector batch shapes for the next refresh from this one's counts ({@link Adaptation#vectorKinds});
     * a refresh on the scalar kernel counted no shapes and changes nothing.
     */
    private void chooseVectorKinds(int refreshed) {
        if (!VectorSupport.active()) {
            return;
        }
        vectorKinds = Adaptation.vectorKinds(tuning, vectorKinds, refreshed, batchStats[LocalToWorld.STAT_WIDE],
                batchStats[LocalToWorld.STAT_GENERAL]);
    }

    /**
     * The parallel refresh, when the stale set is large and the layout allows a split: the nodes above the cut level
     * on this thread, the levels below on all threads, nodes appended since the latest rewrite on this thread; then
     * the stale bits become changed bits. Returns false (computing nothing) when the update should stay sequential.
     */
    private boolean refreshInParallel(long stamp) {
        int staleCount = stale.count();
        if (staleCount < Hierarchy.PARALLEL_MIN_NODES) {
            return false;
        }
        if (plan == null) { // useThreads and every layout change drop the plan
            plan = mainEnd > 0 ? ParallelUpdate.plan(store.parentNodes, store.modes, mainEnd, parallel.threads) : null;
            if (plan == null) {
                // not breadth-first: independent stretches (trees created one after another) split as they are
                plan = ParallelUpdate.rangePlan(store.parentNodes, store.nodeEnd, parallel.threads);
                if (plan != null) {
                    // the region the split covers: from now on a reparent inside it moves the subtree out, as in the
                    // breadth-first region, so that no node in it gains a parent in another thread's range
                    mainEnd = store.nodeEnd;
                }
            }
            if (plan == null) {
                planFailed = true;
                return false;
            }
        }
        if ((long) (store.nodeEnd - plan.mainEnd) * 8 >= slots.liveCount) {
            planFailed = true; // many nodes appended since the layout was written: rewrite after this update
        }
        NodeStorage st = store;
        int c = st.records ? 0 : st.modes.length; // 0: the record layout (ParallelUpdate.computeStale)
        int kinds = kernelKinds();
        Arrays.fill(batchStats, 0);
        versions.stamp(stale.words, stamp, 0, plan.cutStart);
        int count = ParallelUpdate.computeStale(st.locals, st.modes, st.parentNodes, st.worlds, c, stale.words,
                st.matrixBits, st.wordPlans, 0, plan.cutStart, kinds, batchStats);
        count += parallel.run(plan, st.locals, st.modes, st.parentNodes, st.worlds, c, stale.words, st.matrixBits,
                st.wordPlans, kinds, versions.nodes, versions.words, stamp, batchStats);
        versions.stamp(stale.words, stamp, plan.mainEnd, st.nodeEnd);
        count += ParallelUpdate.computeStale(st.locals, st.modes, st.parentNodes, st.worlds, c, stale.words,
                st.matrixBits, st.wordPlans, plan.mainEnd, st.nodeEnd, kinds, batchStats);
        assert count == staleCount : "computed " + count + " of " + staleCount;
        recomputedNodes += count;
        if (!store.records) {
            chooseVectorKinds(count);
        }
        parallelUpdates++;
        staleToChanged(); // the workers left the bits alone; settle them here
        return true;
    }

    // ---- stale nodes computed by others: a crowd frame's parts ----

    /**
     * Before the stale nodes are computed outside a refresh, by the threads of a crowd frame
     * ({@link InstanceNodes#updateWorlds}), each on a range of the storage: drops their cached inverses. The storage
     * is not converted (the threads hold its arrays).
     */
    /**
     * Converts the storage if the refreshes counted since the latest conversion earned it (also those computed
     * elsewhere, by a crowd frame's threads, which cannot convert it). Before a crowd frame, on the caller's thread.
     */
    void convertIfEarned() {
        layoutChoice.convertIfEarned();
    }

    void beforeComputedElsewhere() {
        dropStaleInverses();
    }

    /**
     * After every stale node was computed outside a refresh: counts them as the activity packing's work, stamps them
     * with {@code stamp}, and turns their stale bits into changed bits, as a refresh does. O(stale words).
     *
     * @param count the nodes computed
     * @param stats per part of the computing, the batch shapes it counted ({@link LocalToWorld#STATS} entries each):
     *     this refresh's, for the next batch shapes and {@link #layoutUnfit}, as a refresh's own
     * @param parts the parts in {@code stats}
     */
    void computedElsewhere(long stamp, long count, int[][] stats, int parts) {
        if (stale.isEmpty()) {
            return;
        }
        beforeRefresh(false);
        Arrays.fill(batchStats, 0);
        for (int p = 0; p < parts; p++) {
            for (int e = 0; e < LocalToWorld.STATS; e++) {
                batchStats[e] += stats[p][e];
            }
        }
        counted = true;
        chooseVectorKinds((int) Math.min(Integer.MAX_VALUE, count));
        scannedWords += stale.hiWord - stale.loWord;
        recomputedNodes += count;
        stampStale(stamp);
        staleToChanged();
        forgetStaleRange();
    }

    // ---- one node, for a read ----

    /** Makes one node's world matrix exact by recomputing its stale ancestor chain, top-down. */
    void ensureWorld(int node) {
        if (stale.get(node)) {
            recomputeChain(node, null, 0);
        }
    }

    /**
     * Recomputes a stale node after its stale ancestors, top-down; the node's result also goes to {@code copy} at
     * {@code at} (none when null). Its version is stamped by the next update, from the changed bit: one random store
     * less per lazy read.
     */
    void recomputeChain(int node, float[] copy, int at) {
        layoutChoice.convertIfRecordsEarned();
        int parent = store.parentNodes[node];
        if (parent != NONE && stale.get(parent)) { // usually not: only the node itself is stale
            int depth = 0;
            int n = parent;
            while (n != NONE && stale.get(n)) {
                if (depth == chain.length) {
                    chain = Arrays.copyOf(chain, chain.length * 2);
                }
                chain[depth++] = n;
                n = store.parentNodes[n];
            }
            for (int k = depth - 1; k >= 0; k--) {
                recomputeOne(chain[k], null, 0);
            }
        }
        recomputeOne(node, copy, at);
    }

    /** Recomputes one stale node whose parent is up to date, and records it as changed. */
    private void recomputeOne(int c, float[] copy, int at) {
        NodeStorage s = store;
        if (s.records) {
            LocalToWorld.computeNodeRecords(s.locals, s.modes, s.parentNodes, s.worlds, c, copy, at);
        } else {
            LocalToWorld.computeNode(s.locals, s.modes, s.parentNodes, s.worlds, s.modes.length, c, copy, at);
            layoutChoice.singleNodeComputed();
        }
        recomputedNodes++;
        stale.clear(c);
        changed.set(c);
        store.dropInverse(c);
    }

    /**
     * Checks that every world matrix not marked stale is bit-identical to its parent's world matrix times its local,
     * and that every cached inverse valid for it is the inverse of it; throws {@link IllegalStateException} naming
     * the first violation.
     *
     * @param computed scratch of at least 12 floats
     * @param stored scratch of at least 12 floats
     * @param inverse scratch of at least 12 floats
     */
    void checkInvariants(float[] computed, float[] stored, float[] inverse) {
        for (int node = 0; node < store.nodeEnd; node++) {
            if (store.modes[node] == LocalToWorld.MODE_HOLE || stale.get(node)) {
                continue;
            }
            if (store.records) {
                LocalToWorld.computeNodeIntoRecords(store.locals, store.modes, store.parentNodes, store.worlds, node,
                        computed, 0);
            } else {
                LocalToWorld.computeNodeInto(store.locals, store.modes, store.parentNodes, store.worlds,
                        store.modes.length, node, computed, 0);
            }
            store.convertWorld(node, MatrixLayout.COLUMN_MAJOR_3X4, stored, 0);
            for (int k = 0; k < LocalToWorld.WORLD_PLANES; k++) {
                check(Float.floatToIntBits(computed[k]) == Float.floatToIntBits(stored[k]), "world matrix of node ",
                        node, " is out of date at element ", k);
            }
            if (store.inverseValid(node)) {
                check(Affine.invert(stored, 0, inverse, 0), "cached inverse of singular node ", node, "", 0);
                for (int k = 0; k < Affine.STRIDE; k++) {
                    check(inverse[k] == store.inverses[node * Affine.STRIDE + k], "cached inverse of node ", node,
                            " is out of date at element ", k);
                }
            }
        }
    }
}
