package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;
import static dev.arbor.kernel.LocalToWorld.LOCAL_PLANES;
import static dev.arbor.kernel.LocalToWorld.MODE_HOLE;
import static dev.arbor.kernel.LocalToWorld.MODE_MATRIX;
import static dev.arbor.kernel.LocalToWorld.MODE_TRS;
import static dev.arbor.kernel.LocalToWorld.PLANE_OFFSET;
import static dev.arbor.kernel.LocalToWorld.WORLD_PLANES;

import dev.arbor.kernel.Bits;
import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.QuaternionRuns;
import dev.arbor.kernel.VectorSupport;
import dev.arbor.math.Affine;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongConsumer;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Matrix4x3f;
import org.joml.Matrix4x3fc;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * A transform hierarchy: a forest of nodes, each with a local transform relative to its parent, whose world matrices
 * ({@code worldFromLocal}) are kept in packed arrays and brought up to date incrementally.
 *
 * <h2>Handles</h2>
 * Nodes are named by {@code long} handles (see {@link Handles}). A handle to a destroyed node is stale: every method
 * that takes a handle rejects it with {@link IllegalArgumentException} naming the slot and both slots.generations, even
 * after the slot has been reused; {@link #isAlive(long)} tells without throwing. {@link Handles#NULL} is returned
 * where a lookup misses (no parent, no next sibling).
 *
 * <h2>Transforms</h2>
 * A local transform is either translation / rotation / scale ({@code parentFromLocal = T × R × S}) or an explicit
 * affine 3×4 matrix (shear allowed). Rotation quaternions that are not unit length are normalised (any non-zero
 * quaternion names one rotation); a zero quaternion, and any NaN or infinite value anywhere, is rejected with
 * {@link IllegalArgumentException} and the node is left unchanged. World matrices are affine 3×4
 * ({@code worldFromLocal = worldFromParent × parentFromLocal}), readable as 3×4 or 4×4.
 *
 * <h2>Updates and exactness</h2>
 * Changing a local transform marks the node's subtree stale (cost proportional to the part of the subtree that was
 * not stale yet; nothing if the node was already stale). {@link #update()} recomputes exactly the stale nodes in
 * one pass over the packed arrays, parents before children, and publishes them as the change set. Between updates,
 * reading a stale node's world matrix recomputes just its stale ancestor chain, so every read is exact; the nodes
 * recomputed that way are published by the next update.
 *
 * <h2>Storage</h2>
 * Dense per-node arrays are kept in an order where every parent precedes its children. Creating a node appends;
 * reparenting under a node that comes later moves the subtree to the end (cost proportional to the subtree);
 * destroying leaves holes. Once holes make up half of the arrays (or a quarter, when the arrays are full) the arrays
 * are rewritten without them, breadth-first (a large forest as clusters of whole trees, each breadth-first): amortised
 * O(1) per destroyed or moved node. No operation re-sorts the whole scene per change.
 *
 * <h2>Threads</h2>
 * Not thread-safe: reads may recompute stale matrices, so even concurrent reads need external synchronisation.
 * Confine a hierarchy to one thread at a time. Independent instances share nothing.
 */
public final class Hierarchy {
    /** Re-exported for convenience: the handle that names no node. */
    public static final long NULL = Handles.NULL;

    private static final int NONE = -1;
    private static final int DEFAULT_CAPACITY = 64;
    /** {@link #contiguity}: not checked since the last structural change. */
    private static final int CONTIGUITY_UNKNOWN = 0;
    /** {@link #contiguity}: a pre-order; every subtree is one contiguous range. */
    private static final int CONTIGUOUS_SUBTREES = 1;
    /** {@link #contiguity}: every tree is one contiguous range (trees built one after another), subtrees are not. */
    private static final int CONTIGUOUS_TREES = 2;
    /** {@link #contiguity}: neither. */
    private static final int NOT_CONTIGUOUS = 3;
    /** Largest number of nodes: the plane arrays must stay addressable. */
    private static final int MAX_NODES = LocalToWorld.maxCapacity(LOCAL_PLANES);
    /** Quaternions whose squared length is within this of 1 are stored as given. */
    private static final double UNIT_TOLERANCE = 1e-6;
    /**
     * Shear under which a local matrix counts as an exact TRS: {@link Affine#trsDeviation} of its linear part, per
     * column relative to the column's length (translation and magnitude play no part), 2^-19 ≈ 1.9e-6 = 32 float
     * rounding units: above the few units a TRS picks up when it is multiplied by a parent's inverse (at most 8 for
     * parents whose scale is uniform or aligned within a factor of 10, measured), far below any shear meant.
     */
    private static final double TRS_TOLERANCE = 0x1p-19;
    /** A TRS local of the identity, as 12 plane values: translation 0, quaternion (0, 0, 0, 1), scale 1. */
    private static final float[] IDENTITY_TRS = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0};

    /** The handle table and the tree's links, by slot. */
    private final SlotTable slots;
    /** The thresholds of every adaptive decision ({@link Adaptation}). */
    private final Tuning tuning;
    /** {@link Tuning#rangeMarking}, read on every subtree marking. */
    private final boolean rangeMarking;

    // ---- dense node arrays: indexed by node, parents before children ----
    /** The packed node storage: locals, worlds, modes, parents, slots, in either layout. */
    private final NodeStorage store;
    /** The version of the update that published each node's latest world change. */
    private final WorldVersions versions;
    /** Set where the world matrix is out of date; if a node is stale, so is every descendant. */
    private long[] staleBits;
    /** Set where the world matrix was recomputed since the last update (published by the next one). */
    private long[] changedBits;
    private int liveCount;
    /** Words of staleBits that may hold set bits: [staleLoWord, staleHiWord). */
    private int staleLoWord = Integer.MAX_VALUE;
    private int staleHiWord;
    /** Words of changedBits that may hold set bits: [changedLoWord, changedHiWord). */
    private int changedLoWord = Integer.MAX_VALUE;
    private int changedHiWord;

    // ---- published change set ----
    private long version;
    /** Bumped whenever live nodes move in the dense arrays or die: {@link NodeList}s resolve their handles again. */
    private long layoutVersion;
    /**
     * Bumped by every change of the tree's shape (a node created, moved, reordered among its siblings or destroyed):
     * a {@link NodeList}'s recorded stale closure ({@link #markClosure}) holds while this and the layout version do.
     */
    private long structureVersion;
    /** All zero between uses: the bits {@link #recordClosure} marks a list's closure on; null until first needed. */
    private long[] closureScratch;
    /** The latest update's change set and the listeners told about it. */
    private final ChangeSet changes;

    // ---- work counters, read by tests that check the cost of operations (not timings) ----
    /** Nodes whose world matrix was computed, batched or lazily. */
    long recomputedNodes;
    /** Stale-bit words visited by batched refreshes. */
    long scannedWords;
    /** Nodes whose dense data was moved to the end by a reparent. */
    long movedNodes;
    /** Bulk setters split between threads. */
    long parallelBulkSets;
    /** Bulk sets of a {@link NodeList} marked stale from the list's recorded closure ({@link #markClosure}). */
    long closureMarkings;
    /** Bulk sets of a {@link NodeList} written run-wise (a list whose nodes fill one run of storage). */
    long bulkRuns;
    /** Conversions between the plane and the record layout. */
    long layoutChanges;
    /** The layout the user asked for ({@link #setStorageLayout}). */
    private StorageLayout layoutPolicy = StorageLayout.AUTOMATIC;
    /**
     * Under {@link StorageLayout#AUTOMATIC} in planes: the nodes computed one at a time (lazily, or in sparse
     * refreshes) since the latest dense refresh. See {@link #chooseLayout}.
     */
    private long singleNodeWork;
    /**
     * Under {@link StorageLayout#AUTOMATIC} in records: what the dense refreshes since the latest sparse one would
     * have saved in planes, in the units of {@link #chooseLayout}.
     */
    private long denseGain;
    /**
     * Under {@link StorageLayout#AUTOMATIC}: one bit per dense position, set where a refresh of the current activity
     * window found the node stale; null until the first refresh. See {@link #maybePackActive}.
     */
    private long[] activeBits;
    /** Stale nodes refreshed in the current activity window. */
    private long activityWork;
    /** {@link #layoutVersion} when the activity window began: once nodes move or die, it begins again. */
    private long activityLayout = -1;
    /**
     * Dense words per active node that the latest packing achieved ({@link #maybePackActive}); before the first, a
     * quarter-full word is assumed.
     */
    private double packedWordsPerActive = 1.0 / 16;
    /** Layout rewrites that packed the active nodes together ({@link #maybePackActive}). */
    long activityPackings;
    /** Bits of the quaternions {@link #gatherRuns} read ahead; written so that those reads are kept. */
    int touchedBits;
    /** Rotation copies that {@link #copyRunOutOfOrder} made by gathers. */
    long gatherCopies;
    /** Largest thread count {@link #setUpdateThreads(int)} accepts. */
    public static final int MAX_UPDATE_THREADS = 64;
    /**
     * Stale nodes an update needs before it is split between threads (when {@link #setUpdateThreads(int)} allows
     * more than one): below this, starting and joining the threads costs more than it saves.
     */
    public static final int PARALLEL_MIN_NODES = 16_384;
    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();
    /** Worker threads, or null when updates run on the caller's thread only. */
    private ParallelUpdate parallel;
    /** The parallel bulk setter's state, created with the first large bulk set on more than one thread. */
    private BulkSetJob bulkJob;
    private java.lang.ref.Cleaner.Cleanable cleanup;
    /** The work split for the breadth-first region, or null until computed (invalidated by reparenting). */
    private ParallelUpdate.Plan plan;
    /** End of the breadth-first region written by the latest compaction. */
    private int mainEnd;
    /** Reparents and detaches since the latest compaction. */
    private int movesSinceCompaction;
    /** Whether the latest large update found the layout unfit for the split (not breadth-first, or a long tail). */
    private boolean planFailed;
    /** Updates that ran on several threads. */
    long parallelUpdates;
    /** Rewrites done because the layout did not suit the vector kernel. */
    long relinearizations;
    /** Full rewrites of the dense arrays. */
    long compactions;
    /** Nodes appended (created or moved to the end) since the last compaction. */
    private int appendedSinceCompaction;
    /**
     * True while the dense order is exactly the breadth-first order that compaction writes (per cluster of trees:
     * each node's children together, in sibling order or with recently active subtrees first (see
     * {@link #maybePackActive}), levels in order): no node created, moved, reordered or
     * destroyed since. Then every subtree is one contiguous range per level, which {@link #markSubtreeStale} uses.
     */
    private boolean breadthFirst;
    /** Clusters written by the latest compaction (1: the whole forest breadth-first); for tests. */
    int layoutClusters;
    /**
     * Which ranges of the dense order are whole subtrees: {@link #CONTIGUOUS_SUBTREES} in a pre-order (a scene built
     * depth-first), {@link #CONTIGUOUS_TREES} when only whole trees are (trees built one after another, each in any
     * parent-first order), else {@link #NOT_CONTIGUOUS}. {@link #CONTIGUITY_UNKNOWN} after any structural change;
     * checked (O(n)) only once subtree walks since the last check have visited as many nodes as the hierarchy holds,
     * so that the check costs O(1) per walked node.
     */
    private int contiguity = CONTIGUITY_UNKNOWN;
    /** Nodes visited by subtree walks since the last contiguity check. */
    private long walkedSinceCheck;
    /** The batches of the latest refresh, counted by shape (see {@link LocalToWorld#STATS}). */
    private final int[] batchStats = new int[LocalToWorld.STATS];
    /**
     * The batch shapes the next refresh computes on the vector path ({@link LocalToWorld#VECTOR_ALL} and its parts):
     * see {@link #chooseVectorKinds}. Read and set by tests.
     */
    int vectorKinds;

    // ---- scratch, reused so steady-state operations do not allocate ----
    private int[] scratch = new int[64];
    /** Scratch of the bulk exports into callers' buffers. */
    private final WorldExport export;
    /** The ancestor path of {@link #checkContiguity}, kept apart from {@link #scratch}, which callers may hold. */
    private int[] path = new int[64];
    private int[] nodeScratch = new int[0];
    private final float[] matrixA = new float[16];
    private final float[] matrixB = new float[16];
    private final float[] matrixC = new float[16];
    private final float[] matrixD = new float[16];
    private final float[] matrixE = new float[16];

    /** Creates an empty hierarchy with room for 64 nodes; it grows as needed. */
    public Hierarchy() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * Creates an empty hierarchy.
     *
     * @param initialCapacity nodes to reserve room for; the hierarchy grows past it as needed
     * @throws IllegalArgumentException if {@code initialCapacity} is negative or too large for the arrays
     */
    public Hierarchy(int initialCapacity) {
        this(initialCapacity, Tuning.DEFAULT);
    }

    /**
     * Creates an empty hierarchy whose adaptive decisions use other thresholds (for tests).
     *
     * @param initialCapacity as {@link #Hierarchy(int)}
     * @param tuning the thresholds
     */
    Hierarchy(int initialCapacity, Tuning tuning) {
        this.tuning = Objects.requireNonNull(tuning, "tuning");
        this.rangeMarking = tuning.rangeMarking();
        this.vectorKinds = VectorSupport.ENABLED ? tuning.initialVectorKinds() : 0;
        if (initialCapacity < 0 || initialCapacity > MAX_NODES) {
            throw new IllegalArgumentException("initialCapacity out of range: initialCapacity=" + initialCapacity
                    + ", allowed=[0, " + MAX_NODES + "]");
        }
        int cap = setFriendly(Math.max(initialCapacity, 1));
        slots = new SlotTable(cap);
        store = new NodeStorage(cap);
        export = new WorldExport(store, slots);
        versions = new WorldVersions(cap);
        staleBits = new long[Bits.words(cap)];
        changedBits = new long[Bits.words(cap)];
        changes = new ChangeSet(Bits.words(cap));
    }

    // =====================================================================================================
    // Handles and lifecycle
    // =====================================================================================================

    /**
     * Tells whether a handle names a live node of this hierarchy. Never throws. O(1).
     *
     * @param handle any value
     * @return {@code true} if the handle is live
     */
    public boolean isAlive(long handle) {
        return slots.isAlive(handle);
    }

    /**
     * Which kernel {@link #update()} runs in this JVM: the vector kernel when the JVM was started with
     * {@code --add-modules jdk.incubator.vector} (and {@code -Darbor.vector} is not {@code false}) and the JIT has
     * compiled it ({@link Kernels}), else the scalar kernel, with the same results.
     *
     * @return e.g. {@code "vector, 16 float lanes"}, {@code "vector (scalar until the JIT has compiled it)"}, or
     *     {@code "scalar (...)"} with the reason
     */
    public static String kernelDescription() {
        return VectorSupport.describe();
    }

    /** @return the number of live nodes. O(1). */
    public int size() {
        return liveCount;
    }

    /** @return the number of roots. O(1). */
    public int rootCount() {
        return slots.rootCount;
    }

    /**
     * Creates a root, appended after the existing roots, with the identity local transform. O(1) amortised.
     *
     * @return the new node's handle
     */
    public long createRoot() {
        return create(NONE, slots.rootCount);
    }

    /**
     * Creates a node as the last child of {@code parent}, with the identity local transform (so its world matrix
     * equals its parent's). O(1) amortised.
     *
     * @param parent live handle of the parent
     * @return the new node's handle
     * @throws IllegalArgumentException if {@code parent} is stale or unknown
     */
    public long createChild(long parent) {
        int p = slots.liveSlot(parent);
        return create(p, slots.childCounts[p]);
    }

    /**
     * Creates a node as child number {@code index} of {@code parent} (0 = first; the children at {@code index} and
     * after move one place on). O(1) amortised plus O(min(index, children − index)) to find the place.
     *
     * @param parent live handle of the parent
     * @param index position among the parent's children, in {@code [0, childCount(parent)]}
     * @return the new node's handle
     * @throws IllegalArgumentException if {@code parent} is stale or {@code index} is out of range
     */
    public long createChild(long parent, int index) {
        int p = slots.liveSlot(parent);
        checkInsertIndex(index, slots.childCounts[p]);
        return create(p, index);
    }

    private long create(int parentSlot, int index) {
        ensureDenseCapacity(1);
        int slot = slots.allocate(Hierarchy::grownCapacity);
        int node = store.nodeEnd++;
        appendedSinceCompaction++;
        structureChanged();
        slots.nodeOfSlot[slot] = node;
        store.slotOfNode[node] = slot;
        store.setParentNode(node, parentSlot == NONE ? NONE : slots.nodeOfSlot[parentSlot]);
        store.setMode(node, MODE_TRS);
        store.storeLocalFrom(node, 0, IDENTITY_TRS, 0, LOCAL_PLANES);
        Affine.identity(matrixE, 0);
        store.storeWorld(node, matrixE, 0);
        versions.setStored(node, version + 1);
        setStale(node);
        liveCount++;
        slots.linkAt(slot, parentSlot, index);
        return Handles.of(slot, slots.generations[slot]);
    }

    /**
     * Destroys a node and its whole subtree. Every handle into the subtree becomes stale. O(subtree size), plus an
     * amortised share of compaction.
     *
     * @param handle live handle
     * @throws IllegalArgumentException if {@code handle} is stale or unknown
     */
    public void destroy(long handle) {
        int x = slots.liveSlot(handle);
        fireDetaching(handle);
        listChanges();
        int count = collectSubtree(x);
        structureChanged(); // a move, a reorder among siblings or a destruction follows
        slots.unlink(x);
        for (int k = 0; k < count; k++) {
            int slot = scratch[k];
            makeHole(slots.nodeOfSlot[slot]);
            layoutVersion++;
            slots.free(slot);
        }
        liveCount -= count;
        trimAndMaybeCompact();
    }

    // =====================================================================================================
    // Topology
    // =====================================================================================================

    /**
     * Moves a node (with its subtree) to be the last child of {@code newParent}. With {@code keepWorld} the node's
     * world pose is kept and its local transform recomputed from the new parent (see
     * {@link #reparent(long, long, int, boolean)}). Cost: O(depth of the new parent) for the cycle check, plus
     * O(subtree) when the subtree has to move behind the new parent in the packed order, plus marking the subtree
     * stale.
     *
     * @param handle node to move
     * @param newParent its new parent
     * @param keepWorld keep the world pose (true) or the local transform (false)
     * @throws IllegalArgumentException if a handle is stale, or {@code newParent} is {@code handle} itself or one
     *     of its descendants (nothing is changed)
     * @throws IllegalStateException if {@code keepWorld} and the new parent's world matrix is not invertible
     *     (nothing is changed)
     */
    public void reparent(long handle, long newParent, boolean keepWorld) {
        int x = slots.liveSlot(handle);
        int p = slots.liveSlot(newParent);
        int count = slots.childCounts[p] - (slots.parentSlots[x] == p ? 1 : 0);
        move(x, handle, p, newParent, count, keepWorld);
    }

    /**
     * Moves a node (with its subtree) to be child number {@code index} of {@code newParent}. The index counts the
     * new parent's children without the moved node. With {@code keepWorld}, the node keeps its world matrix: its new
     * local is {@code inverse(newParentWorld) × world}, stored as TRS if the node had a TRS local and the result's
     * linear part has no shear (each column round-trips through TRS within 2^-19 of its length; the translation and
     * the distance from the origin play no part), otherwise as an explicit matrix.
     *
     * <p>Exactness: with {@code W} the node's world matrix before, {@code W'} after, {@code P} the new parent's world
     * matrix, {@code κ} the condition number (largest / smallest singular value) of P's linear part (1 for a rotation
     * with a uniform scale, and for a root), {@code u = 2^-24} and {@code τ = 2^-19}: each linear column
     * {@code |W'_j − W_j| ≤ (τ + 16u) κ |W_j|}, and the translation {@code |W'_t − W_t| ≤ 16u κ (|W_t| + |P_t|)}
     * ({@code W_t}, {@code P_t}: the translation columns; Euclidean lengths). A descendant whose frame below the node is {@code X} moves by {@code (W' − W) X}, plus the
     * rounding every world matrix carries ({@code docs/precision.md}). {@code KeepWorldExactnessTest} checks this
     * in floats and against double precision.
     *
     * @param handle node to move
     * @param newParent its new parent
     * @param index position among the new parent's other children, in {@code [0, count]}
     * @param keepWorld keep the world pose (true) or the local transform (false)
     * @throws IllegalArgumentException if a handle is stale, {@code index} is out of range, or {@code newParent} is
     *     {@code handle} itself or one of its descendants (nothing is changed)
     * @throws IllegalStateException if {@code keepWorld} and the new parent's world matrix is not invertible
     *     (nothing is changed)
     */
    public void reparent(long handle, long newParent, int index, boolean keepWorld) {
        int x = slots.liveSlot(handle);
        int p = slots.liveSlot(newParent);
        int count = slots.childCounts[p] - (slots.parentSlots[x] == p ? 1 : 0);
        checkInsertIndex(index, count);
        move(x, handle, p, newParent, index, keepWorld);
    }

    /**
     * Makes a node a root, appended after the existing roots. With {@code keepWorld} its local transform becomes its
     * current world transform; otherwise the local is kept (and so the world becomes the local). Cost as
     * {@link #reparent(long, long, boolean)} without the cycle check.
     *
     * @param handle node to detach
     * @param keepWorld keep the world pose (true) or the local transform (false)
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public void detach(long handle, boolean keepWorld) {
        int x = slots.liveSlot(handle);
        int count = slots.rootCount - (slots.parentSlots[x] == NONE ? 1 : 0);
        move(x, handle, NONE, NULL, count, keepWorld);
    }

    private void move(int x, long handle, int p, long newParent, int index, boolean keepWorld) {
        if (p != NONE && slots.isAncestorOrSelf(x, p)) {
            throw new IllegalArgumentException("cannot reparent " + Handles.toString(handle) + " under "
                    + (p == x ? "itself" : "its own descendant " + Handles.toString(newParent)));
        }
        byte newMode = MODE_HOLE;
        if (keepWorld) {
            // compute everything that can fail before changing anything
            int node = slots.nodeOfSlot[x];
            if (p == NONE) {
                worldInto(node, matrixA, 0);
            } else {
                int pNode = slots.nodeOfSlot[p];
                worldInto(pNode, matrixD, 0);
                invertOrThrow(matrixD, 0, matrixB, newParent, "cannot keep the world pose");
                worldInto(node, matrixD, 0);
                Affine.multiply(matrixB, 0, matrixD, 0, matrixA, 0);
            }
            newMode = chooseLocalForm(store.modes[node], matrixA, matrixC);
        }
        fireDetaching(handle);
        structureChanged(); // a move, a reorder among siblings or a destruction follows
        slots.unlink(x);
        slots.linkAt(x, p, index);
        movesSinceCompaction++;
        // the subtree moves to the end when its new parent comes later, and also, with update threads, when it
        // sits in the breadth-first region: it changes level, and the region must stay level-ordered for the split
        if (p != NONE && slots.nodeOfSlot[p] > slots.nodeOfSlot[x]
                || parallel != null && slots.nodeOfSlot[x] < mainEnd) {
            int size = slots.subtreeSize(x);
            long before = compactions;
            ensureDenseCapacity(size); // may compact, which alone puts x in a valid place
            if (compactions == before) {
                moveSubtreeToEnd(x, size);
            }
        }
        int node = slots.nodeOfSlot[x];
        store.setParentNode(node, p == NONE ? NONE : slots.nodeOfSlot[p]);
        if (keepWorld) {
            writeLocal(node, newMode, newMode == MODE_TRS ? matrixC : matrixA);
        }
        markSubtreeStale(x);
        trimAndMaybeCompact();
    }

    /**
     * Moves a node among its siblings (among the roots, for a root) to position {@code index}, counted without the
     * node itself. World matrices are unaffected. O(siblings).
     *
     * @param handle node to move
     * @param index new position in {@code [0, siblings − 1]}
     * @throws IllegalArgumentException if {@code handle} is stale or {@code index} is out of range
     */
    public void moveToIndex(long handle, int index) {
        int x = slots.liveSlot(handle);
        int p = slots.parentSlots[x];
        int count = (p == NONE ? slots.rootCount : slots.childCounts[p]) - 1;
        checkInsertIndex(index, count);
        structureChanged(); // a move, a reorder among siblings or a destruction follows
        slots.unlink(x);
        slots.linkAt(x, p, index);
    }

    // =====================================================================================================
    // Navigation
    // =====================================================================================================

    /**
     * @param handle live handle
     * @return the parent's handle, or {@link #NULL} for a root. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long parent(long handle) {
        return slots.handleOf(slots.parentSlots[slots.liveSlot(handle)]);
    }

    /**
     * @param handle live handle
     * @return the first child's handle, or {@link #NULL}. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long firstChild(long handle) {
        return slots.handleOf(slots.firstChildSlots[slots.liveSlot(handle)]);
    }

    /**
     * @param handle live handle
     * @return the last child's handle, or {@link #NULL}. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long lastChild(long handle) {
        return slots.handleOf(slots.lastChildSlots[slots.liveSlot(handle)]);
    }

    /**
     * @param handle live handle
     * @return the next sibling (the next root, for a root), or {@link #NULL}. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long nextSibling(long handle) {
        return slots.handleOf(slots.nextSiblingSlots[slots.liveSlot(handle)]);
    }

    /**
     * @param handle live handle
     * @return the previous sibling (the previous root, for a root), or {@link #NULL}. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long previousSibling(long handle) {
        return slots.handleOf(slots.prevSiblingSlots[slots.liveSlot(handle)]);
    }

    /** @return the first root, or {@link #NULL} if the hierarchy is empty. O(1). */
    public long firstRoot() {
        return slots.handleOf(slots.firstRootSlot);
    }

    /**
     * @param handle live handle
     * @return the number of children. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public int childCount(long handle) {
        return slots.childCounts[slots.liveSlot(handle)];
    }

    /**
     * @param handle live handle
     * @param index child position in {@code [0, childCount)}
     * @return the child at {@code index}. O(min(index, count − index)).
     * @throws IllegalArgumentException if {@code handle} is stale or {@code index} is out of range
     */
    public long childAt(long handle, int index) {
        int p = slots.liveSlot(handle);
        if (index < 0 || index >= slots.childCounts[p]) {
            throw new IllegalArgumentException("child index out of range: index=" + index + ", childCount="
                    + slots.childCounts[p]);
        }
        return slots.handleOf(slots.siblingAt(p, index));
    }

    /**
     * @param handle live handle
     * @return the node's position among its siblings (among the roots, for a root). O(siblings before it).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public int indexInParent(long handle) {
        int index = 0;
        for (int s = slots.prevSiblingSlots[slots.liveSlot(handle)]; s != NONE; s = slots.prevSiblingSlots[s]) {
            index++;
        }
        return index;
    }

    /**
     * @param handle live handle
     * @return the number of ancestors (0 for a root). O(depth).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public int depth(long handle) {
        int depth = 0;
        for (int s = slots.parentSlots[slots.liveSlot(handle)]; s != NONE; s = slots.parentSlots[s]) {
            depth++;
        }
        return depth;
    }

    /**
     * @param handle live handle
     * @return the root of the node's tree (the node itself for a root). O(depth).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long root(long handle) {
        int s = slots.liveSlot(handle);
        while (slots.parentSlots[s] != NONE) {
            s = slots.parentSlots[s];
        }
        return slots.handleOf(s);
    }

    /**
     * @param ancestor live handle
     * @param node live handle
     * @return whether {@code ancestor} is a proper ancestor of {@code node}. O(depth of node).
     * @throws IllegalArgumentException if a handle is stale
     */
    public boolean isAncestor(long ancestor, long node) {
        int a = slots.liveSlot(ancestor);
        int parent = slots.parentSlots[slots.liveSlot(node)];
        return parent != NONE && slots.isAncestorOrSelf(a, parent);
    }

    /**
     * @param handle live handle
     * @return the number of nodes in the subtree, the node included. O(subtree).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public int subtreeSize(long handle) {
        return slots.subtreeSize(slots.liveSlot(handle));
    }

    /**
     * Writes the children's handles in sibling order. O(children).
     *
     * @param handle live handle
     * @param dest destination
     * @param offset first index to write in {@code dest}
     * @return the number of handles written
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     */
    public int children(long handle, long[] dest, int offset) {
        int p = slots.liveSlot(handle);
        requireRoom("dest", dest.length, offset, slots.childCounts[p]);
        int k = offset;
        for (int s = slots.firstChildSlots[p]; s != NONE; s = slots.nextSiblingSlots[s]) {
            dest[k++] = slots.handleOf(s);
        }
        return k - offset;
    }

    /**
     * Writes the roots' handles in order. O(roots).
     *
     * @param dest destination
     * @param offset first index to write in {@code dest}
     * @return the number of handles written
     * @throws IllegalArgumentException if {@code dest} is too short
     */
    public int roots(long[] dest, int offset) {
        requireRoom("dest", dest.length, offset, slots.rootCount);
        int k = offset;
        for (int s = slots.firstRootSlot; s != NONE; s = slots.nextSiblingSlots[s]) {
            dest[k++] = slots.handleOf(s);
        }
        return k - offset;
    }

    /**
     * Writes the handles of the subtree in depth-first pre-order (every parent before its children, siblings in
     * order), the node itself first. O(subtree).
     *
     * @param handle live handle
     * @param dest destination
     * @param offset first index to write in {@code dest}
     * @return the number of handles written
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     */
    public int subtree(long handle, long[] dest, int offset) {
        int x = slots.liveSlot(handle);
        int count = collectSubtree(x);
        requireRoom("dest", dest.length, offset, count);
        for (int k = 0; k < count; k++) {
            dest[offset + k] = slots.handleOf(scratch[k]);
        }
        return count;
    }

    /**
     * Writes the ancestors' handles from the parent up to the root. O(depth).
     *
     * @param handle live handle
     * @param dest destination
     * @param offset first index to write in {@code dest}
     * @return the number of handles written (the depth)
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     */
    public int ancestors(long handle, long[] dest, int offset) {
        requireRoom("dest", dest.length, offset, depth(handle));
        int k = offset;
        for (int s = slots.parentSlots[slots.liveSlot(handle)]; s != NONE; s = slots.parentSlots[s]) {
            dest[k++] = slots.handleOf(s);
        }
        return k - offset;
    }

    /**
     * Calls {@code action} for each child in sibling order. The action must not change the topology.
     *
     * @param handle live handle
     * @param action receives each child's handle
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public void forEachChild(long handle, LongConsumer action) {
        for (int s = slots.firstChildSlots[slots.liveSlot(handle)]; s != NONE; s = slots.nextSiblingSlots[s]) {
            action.accept(slots.handleOf(s));
        }
    }

    /**
     * Calls {@code action} for each node of the subtree in depth-first pre-order, the node itself first. The action
     * must not change the topology. O(subtree), no allocation.
     *
     * @param handle live handle
     * @param action receives each handle
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public void forEachInSubtree(long handle, LongConsumer action) {
        int x = slots.liveSlot(handle);
        int s = x;
        while (true) {
            action.accept(slots.handleOf(s));
            s = slots.nextInPreOrder(s, x);
            if (s == NONE) {
                return;
            }
        }
    }

    /**
     * Calls {@code action} for each ancestor from the parent up to the root.
     *
     * @param handle live handle
     * @param action receives each ancestor's handle
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public void forEachAncestor(long handle, LongConsumer action) {
        for (int s = slots.parentSlots[slots.liveSlot(handle)]; s != NONE; s = slots.parentSlots[s]) {
            action.accept(slots.handleOf(s));
        }
    }

    // =====================================================================================================
    // Local transforms
    // =====================================================================================================

    /**
     * Sets the local translation. On a node with an explicit local matrix this replaces the matrix's translation
     * column. O(1) plus marking the subtree stale.
     *
     * @param handle live handle
     * @param x translation x
     * @param y translation y
     * @param z translation z
     * @throws IllegalArgumentException if {@code handle} is stale or a value is NaN or infinite (nothing changed)
     */
    public void setLocalTranslation(long handle, float x, float y, float z) {
        int slot = slots.liveSlot(handle);
        requireFinite3("translation", handle, x, y, z);
        int node = slots.nodeOfSlot[slot];
        int e = store.elementStride();
        int at = store.at(store.modes[node] == MODE_TRS ? Affine.TRS_T : 9, node);
        store.locals[at] = x;
        store.locals[at + e] = y;
        store.locals[at + 2 * e] = z;
        markSubtreeStale(slot, node);
    }

    /**
     * Sets the local translation from a JOML vector. See {@link #setLocalTranslation(long, float, float, float)}.
     *
     * @param handle live handle
     * @param translation the translation
     * @throws IllegalArgumentException if {@code handle} is stale or a value is not finite (nothing changed)
     */
    public void setLocalTranslation(long handle, Vector3fc translation) {
        setLocalTranslation(handle, translation.x(), translation.y(), translation.z());
    }

    /**
     * Sets the local rotation. A quaternion that is not unit length is normalised. On a node with an explicit local
     * matrix, the matrix is first split into translation, rotation and scale, which must be possible without
     * losing shear; the node then holds a TRS local. O(1) plus marking the subtree stale.
     *
     * @param handle live handle
     * @param x quaternion x
     * @param y quaternion y
     * @param z quaternion z
     * @param w quaternion w
     * @throws IllegalArgumentException if {@code handle} is stale, a value is not finite, or the quaternion is zero
     *     (nothing changed)
     * @throws IllegalStateException if the node's explicit local matrix has shear (nothing changed)
     */
    public void setLocalRotation(long handle, float x, float y, float z, float w) {
        int slot = slots.liveSlot(handle);
        int node = slots.nodeOfSlot[slot];
        checkRotation(handle, x, y, z, w);
        requireTrsLocal(node, handle);
        normalizeInto(x, y, z, w, store.locals, store.at(Affine.TRS_Q, node), store.elementStride());
        markSubtreeStale(slot, node);
    }

    /**
     * Sets the local rotation from a JOML quaternion. See {@link #setLocalRotation(long, float, float, float, float)}.
     *
     * @param handle live handle
     * @param rotation the rotation
     * @throws IllegalArgumentException if {@code handle} is stale, a value is not finite, or the quaternion is zero
     * @throws IllegalStateException if the node's explicit local matrix has shear
     */
    public void setLocalRotation(long handle, Quaternionfc rotation) {
        setLocalRotation(handle, rotation.x(), rotation.y(), rotation.z(), rotation.w());
    }

    /**
     * Sets the local scale (zero and negative scales are allowed; a zero scale makes the world matrix singular).
     * On a node with an explicit local matrix, the matrix is first split as in
     * {@link #setLocalRotation(long, float, float, float, float)}. O(1) plus marking the subtree stale.
     *
     * @param handle live handle
     * @param x scale x
     * @param y scale y
     * @param z scale z
     * @throws IllegalArgumentException if {@code handle} is stale or a value is not finite (nothing changed)
     * @throws IllegalStateException if the node's explicit local matrix has shear (nothing changed)
     */
    public void setLocalScale(long handle, float x, float y, float z) {
        int slot = slots.liveSlot(handle);
        requireFinite3("scale", handle, x, y, z);
        int node = slots.nodeOfSlot[slot];
        requireTrsLocal(node, handle);
        int e = store.elementStride();
        int at = store.at(Affine.TRS_S, node);
        store.locals[at] = x;
        store.locals[at + e] = y;
        store.locals[at + 2 * e] = z;
        markSubtreeStale(slot, node);
    }

    /**
     * Sets the local scale from a JOML vector. See {@link #setLocalScale(long, float, float, float)}.
     *
     * @param handle live handle
     * @param scale the scale
     * @throws IllegalArgumentException if {@code handle} is stale or a value is not finite
     * @throws IllegalStateException if the node's explicit local matrix has shear
     */
    public void setLocalScale(long handle, Vector3fc scale) {
        setLocalScale(handle, scale.x(), scale.y(), scale.z());
    }

    /**
     * Sets translation, rotation and scale together; the node holds a TRS local afterwards, whatever it held
     * before. The quaternion is normalised if it is not unit length. O(1) plus marking the subtree stale.
     *
     * @param handle live handle
     * @param translation the translation
     * @param rotation the rotation
     * @param scale the scale
     * @throws IllegalArgumentException if {@code handle} is stale, a value is not finite or the quaternion is zero
     *     (nothing changed)
     */
    public void setLocalTrs(long handle, Vector3fc translation, Quaternionfc rotation, Vector3fc scale) {
        int slot = slots.liveSlot(handle);
        requireFinite3("translation", handle, translation.x(), translation.y(), translation.z());
        requireFinite3("scale", handle, scale.x(), scale.y(), scale.z());
        normalizedQuaternion(handle, rotation.x(), rotation.y(), rotation.z(), rotation.w(), matrixB, 0);
        int node = slots.nodeOfSlot[slot];
        float[] trs = matrixC;
        trs[0] = translation.x();
        trs[1] = translation.y();
        trs[2] = translation.z();
        System.arraycopy(matrixB, 0, trs, Affine.TRS_Q, 4);
        trs[Affine.TRS_S] = scale.x();
        trs[Affine.TRS_S + 1] = scale.y();
        trs[Affine.TRS_S + 2] = scale.z();
        writeLocal(node, MODE_TRS, trs);
        markSubtreeStale(slot, node);
    }

    /**
     * Sets an explicit affine local matrix (column-major 3×4, see {@link Affine}); shear is allowed. The node holds
     * a matrix local afterwards. O(1) plus marking the subtree stale.
     *
     * @param handle live handle
     * @param matrix 12 floats column-major from {@code offset}
     * @param offset start in {@code matrix}
     * @throws IllegalArgumentException if {@code handle} is stale, the array is too short or a value is not finite
     *     (nothing changed)
     */
    public void setLocalMatrix(long handle, float[] matrix, int offset) {
        int slot = slots.liveSlot(handle);
        requireRoom("matrix", matrix.length, offset, Affine.STRIDE);
        requireFiniteMatrix("local matrix", handle, matrix, offset, Affine.STRIDE);
        int node = slots.nodeOfSlot[slot];
        store.setMode(node, MODE_MATRIX);
        store.storeLocalFrom(node, 0, matrix, offset, Affine.STRIDE);
        markSubtreeStale(slot, node);
    }

    /**
     * Sets an explicit affine local matrix from a JOML {@code Matrix4x3f}. See
     * {@link #setLocalMatrix(long, float[], int)}.
     *
     * @param handle live handle
     * @param matrix the matrix
     * @throws IllegalArgumentException if {@code handle} is stale or a value is not finite (nothing changed)
     */
    public void setLocalMatrix(long handle, Matrix4x3fc matrix) {
        matrix.get(matrixA, 0);
        setLocalMatrix(handle, matrixA, 0);
    }

    /**
     * Sets an explicit local matrix from a 4×4 matrix, which must be affine (last row exactly {@code 0 0 0 1}).
     *
     * @param handle live handle
     * @param matrix the matrix
     * @throws IllegalArgumentException if {@code handle} is stale, the matrix is not affine or a value is not
     *     finite (nothing changed)
     */
    public void setLocalMatrix(long handle, Matrix4fc matrix) {
        matrix.get(matrixA, 0);
        setLocalMatrix4x4(handle, matrixA, 0);
    }

    /**
     * Sets an explicit local matrix from 16 floats column-major (glTF's {@code matrix}), which must be affine (last
     * row exactly {@code 0 0 0 1}).
     *
     * @param handle live handle
     * @param matrix 16 floats column-major from {@code offset}
     * @param offset start in {@code matrix}
     * @throws IllegalArgumentException if {@code handle} is stale, the array is too short, the matrix is not
     *     affine or a value is not finite (nothing changed)
     */
    public void setLocalMatrix4x4(long handle, float[] matrix, int offset) {
        slots.liveSlot(handle);
        requireRoom("matrix", matrix.length, offset, 16);
        requireAffine4x4(handle, matrix, offset);
        float[] m = matrixC;
        for (int c = 0; c < 4; c++) {
            m[c * 3] = matrix[offset + c * 4];
            m[c * 3 + 1] = matrix[offset + c * 4 + 1];
            m[c * 3 + 2] = matrix[offset + c * 4 + 2];
        }
        setLocalMatrix(handle, m, 0);
    }

    /**
     * Sets the local rotation of many nodes at once: node {@code handles[handleOffset + k]} gets the quaternion at
     * {@code rotations[rotationOffset + 4k ..]} (x, y, z, w). Every handle and value is checked before anything is
     * written, so on error nothing changes. O(count) plus marking subtrees stale.
     *
     * @param handles node handles
     * @param handleOffset first handle to use
     * @param count number of nodes
     * @param rotations quaternions, 4 floats each
     * @param rotationOffset index of the first quaternion's x
     * @throws IllegalArgumentException if an array is too short, a handle is stale, a value is not finite or a
     *     quaternion is zero
     * @throws IllegalStateException if a node has an explicit local matrix with shear
     */
    public void setLocalRotations(long[] handles, int handleOffset, int count, float[] rotations,
                                  int rotationOffset) {
        bulkSet(BULK_ROTATION, handles, handleOffset, count, rotations, rotationOffset);
    }

    /**
     * Sets the local rotation of every node of a list: node {@code list.handle(k)} gets the quaternion at
     * {@code rotations[offset + 4k ..]} (x, y, z, w). As {@link #setLocalRotations(long[], int, int, float[], int)},
     * without checking the handles again unless nodes moved or died since the list was last used; a list whose nodes
     * fill one contiguous run of storage, in any order, is marked stale run-wise, and one in storage order is also
     * checked and copied with counted (on JDK 25, vector) loops. O(size) plus marking subtrees stale.
     *
     * @param list nodes of this hierarchy
     * @param rotations quaternions, 4 floats each
     * @param offset index of the first quaternion's x
     * @throws IllegalArgumentException if the list belongs to another hierarchy, one of its nodes was destroyed, the
     *     array is too short, a value is not finite or a quaternion is zero (nothing changed)
     * @throws IllegalStateException if a node has an explicit local matrix with shear (nothing changed)
     */
    public void setLocalRotations(NodeList list, float[] rotations, int offset) {
        bulkSet(BULK_ROTATION, list, rotations, offset);
    }

    /** Kinds of bulk setter (indices into {@link #BULK_VALUES}). */
    private static final int BULK_TRANSLATION = 0;
    private static final int BULK_ROTATION = 1;
    private static final int BULK_SCALE = 2;
    /** The name of a bulk setter's value array in errors, by kind. */
    private static final String[] BULK_VALUES = {"translations", "rotations", "scales"};

    /** Floats per node in a bulk setter's value array: 4 for rotations, 3 for translations and scales. */
    private static int bulkStride(int kind) {
        return kind == BULK_ROTATION ? 4 : 3;
    }

    /**
     * Every handle-based bulk setter: checks the arrays' room, then runs the batch on the update threads when it is
     * large enough and allowed there, else resolves the handles and sets the nodes on this thread.
     */
    private void bulkSet(int kind, long[] handles, int handleOffset, int count, float[] values, int valueOffset) {
        requireRoom("handles", handles.length, handleOffset, count);
        requireRoom(BULK_VALUES[kind], values.length, valueOffset, (long) count * bulkStride(kind));
        if (parallel != null && count >= PARALLEL_MIN_NODES
                && setInParallel(kind, handles, handleOffset, count, values, valueOffset, null, null)) {
            return;
        }
        setNodes(kind, resolveHandles(handles, handleOffset, count), handles, handleOffset, count, values,
                valueOffset, null);
    }

    /**
     * Every node-list bulk setter: as the handle-based one without resolving the handles. A list that fills one run
     * of storage takes the run paths; for rotations only when the run holds no explicit matrix (splitting one into
     * TRS is done node by node).
     */
    private void bulkSet(int kind, NodeList list, float[] values, int offset) {
        int[] nodes = resolved(list);
        int count = nodes.length;
        requireRoom(BULK_VALUES[kind], values.length, offset, (long) count * bulkStride(kind));
        boolean runPaths = list.runFirst >= 0
                && (kind != BULK_ROTATION || count > 0 && noMatrixIn(list.runFirst, count));
        if (parallel != null && count >= PARALLEL_MIN_NODES
                && setInParallel(kind, list.handles, 0, count, values, offset, nodes, runPaths ? list : null)) {
            return;
        }
        if (kind == BULK_ROTATION && runPaths && rotateRun(list, values, offset)) {
            return;
        }
        setNodes(kind, nodes, list.handles, 0, count, values, offset, list);
    }

    /** Sets the values of a batch whose nodes are known, on this thread. */
    private void setNodes(int kind, int[] nodes, long[] handles, int handleOffset, int count, float[] values,
                          int valueOffset, NodeList list) {
        if (kind == BULK_ROTATION) {
            rotateNodes(nodes, handles, handleOffset, count, values, valueOffset, list);
        } else if (kind == BULK_SCALE) {
            scaleNodes(nodes, handles, handleOffset, count, values, valueOffset, list);
        } else {
            translateNodes(nodes, handles, handleOffset, count, values, valueOffset, list);
        }
    }

    /**
     * The body of every rotation bulk setter once the nodes are known: pass 1 checks every value (and that an
     * explicit matrix can be split), pass 2 writes, pass 3 marks staleness. {@code handles} name the nodes in
     * errors.
     */
    private void rotateNodes(int[] nodes, long[] handles, int handleOffset, int count, float[] rotations,
                             int rotationOffset, NodeList list) {
        boolean plain = true; // every node TRS and every quaternion unit length: pass 2 only copies
        for (int k = 0; k < count; k++) {
            int node = nodes[k];
            int q = rotationOffset + 4 * k;
            float x = rotations[q];
            float y = rotations[q + 1];
            float z = rotations[q + 2];
            float w = rotations[q + 3];
            float len2 = x * x + y * y + z * z + w * w;
            if (!QuaternionRuns.inRange(len2)) {
                requireRotation(handles[handleOffset + k], x, y, z, w);
            }
            if (!QuaternionRuns.isUnit(len2) || store.modes[node] != MODE_TRS) {
                plain = false;
                if (store.modes[node] != MODE_TRS) {
                    checkSplittable(node, handles[handleOffset + k]);
                }
            }
        }
        if (!plain) {
            splitToTrs(nodes, handles, handleOffset, count);
        }
        writeRotationRun(rotations, rotationOffset, nodes, 0, count, 0, plain);
        markBatchStale(nodes, count, list);
    }

    /**
     * Turns every node of a checked batch that holds an explicit local matrix into TRS (the rotation or scale about to
     * be written replaces its part of the split); a node listed twice is split once.
     */
    private void splitToTrs(int[] nodes, long[] handles, int handleOffset, int count) {
        for (int k = 0; k < count; k++) {
            if (store.modes[nodes[k]] != MODE_TRS) {
                requireTrsLocal(nodes[k], handles[handleOffset + k]);
            }
        }
    }

    /**
     * Rotations for a list whose nodes fill one run of storage, all TRS: one pass to check
     * ({@link QuaternionRuns#check}), one to write (copying when every quaternion is unit length), then staleness
     * run-wise. Returns false, having changed nothing, if a value fails its check (the general path then reports it).
     */
    private boolean rotateRun(NodeList list, float[] rotations, int offset) {
        int count = list.size();
        int check = QuaternionRuns.check(rotations, offset, 0, count, VectorSupport.active());
        if (check == QuaternionRuns.REFUSED) {
            return false;
        }
        boolean unit = check == QuaternionRuns.UNIT;
        if (unit && !list.runInOrder && !store.records && VectorSupport.active()
                && Adaptation.timesCopyWays(tuning, count)) {
            copyRunOutOfOrder(list, rotations, offset);
        } else {
            writeRotationRun(rotations, offset, list.runInOrder ? null : list.nodes, 0, count, list.runFirst, unit);
        }
        markRunStale(list.runFirst, count);
        bulkRuns++;
        return true;
    }

    /**
     * Copies the unit quaternions of a list that fills a run of storage out of order into the rotation planes, the
     * faster of two ways on this machine ({@link TwoWayChoice}): stores scattered in list order
     * ({@link #writeRotationRun}), or vector gathers in storage order through the list's inverse
     * ({@link QuaternionRuns#gather}), which writes whole vectors. Gathers win where the machine has fast ones (2.3×
     * on the copy on an Intel Xeon with AVX-512) and lose where it has not (an AMD EPYC whose AVX-512 runs on
     * 256-bit units). The inverse, 4 bytes per listed node, is the list's; it is computed once per layout.
     */
    private void copyRunOutOfOrder(NodeList list, float[] rotations, int offset) {
        int count = list.size();
        TwoWayChoice choice = list.copyChoice;
        if (choice == null) {
            choice = new TwoWayChoice(Adaptation.copyProbationRuns(tuning, count));
            list.copyChoice = choice;
        }
        choice.forced = tuning.copyWay();
        boolean gather = choice.begin();
        long start = choice.timing() ? System.nanoTime() : 0L;
        if (gather) {
            int[] inverse = list.inverse(layoutVersion, Adaptation.readsAhead(tuning, count) ? tuning.touchChunk() : 0);
            int c = store.modes.length;
            int base = PLANE_OFFSET + Affine.TRS_Q * c + list.runFirst;
            if (list.inverseSpans == null) {
                QuaternionRuns.gather(rotations, offset, inverse, 0, count, 4, store.locals, base, c, true);
            } else {
                gatherRuns(rotations, offset, inverse, list.inverseSpans, count, base, c);
            }
            gatherCopies++;
        } else {
            writeRotationRun(rotations, offset, list.nodes, 0, count, list.runFirst, true);
        }
        if (choice.timing()) {
            choice.end(System.nanoTime() - start);
        }
    }

    /**
     * {@link QuaternionRuns#gather} of a large list run by run of {@link Tuning#touchChunk} positions, each run's
     * quaternions first read in order ({@link QuaternionRuns#touch}) so that its gathers find them in cache rather
     * than waiting on memory for each line they jump to.
     */
    private void gatherRuns(float[] rotations, int offset, int[] inverse, int[] spans, int count, int base, int c) {
        int bits = 0;
        for (int r = 0, from = 0, chunk = tuning.touchChunk(); from < count; r++, from += chunk) {
            bits |= QuaternionRuns.touch(rotations, offset + spans[2 * r], offset + spans[2 * r + 1]);
            QuaternionRuns.gather(rotations, offset, inverse, from, Math.min(count, from + chunk), 4, store.locals,
                    base, c, true);
        }
        touchedBits = bits;
    }

    /**
     * Writes quaternions {@code [from, to)} (batch positions) into the rotation of their nodes: position k to node
     * {@code nodes[k]}, or to {@code first + k} when {@code nodes} is null (a run in storage order). Copied when
     * {@code unit}, else through {@link #normalizeInto}. Values are read in batch order: scattered writes cost less
     * than scattered reads. Each layout has a method of its own, so that the JIT's profile of the planes' loops is
     * not mixed with the records' (a mixed profile cost dense frames in planes 12–40% when another hierarchy in the
     * same JVM ran in records).
     */
    private void writeRotationRun(float[] rotations, int offset, int[] nodes, int from, int to, int first,
                                  boolean unit) {
        if (store.records) {
            writeRotationRecords(rotations, offset, nodes, from, to, store.locals, first, unit);
        } else {
            writeRotationPlanes(rotations, offset, nodes, from, to, store.locals, first, store.modes.length, unit);
        }
    }

    /** {@link #writeRotationRun} into the four rotation planes of {@code l} (capacity {@code c}). */
    private static void writeRotationPlanes(float[] rotations, int offset, int[] nodes, int from, int to, float[] l,
                                            int first, int c, boolean unit) {
        int q0 = PLANE_OFFSET + Affine.TRS_Q * c;
        if (unit && nodes == null) {
            QuaternionRuns.copy(rotations, offset, from, to, l, q0 + first, c, VectorSupport.active());
        } else if (unit) {
            for (int k = from; k < to; k++) {
                int q = offset + 4 * k;
                int node = nodes[k];
                l[q0 + node] = rotations[q];
                l[q0 + c + node] = rotations[q + 1];
                l[q0 + 2 * c + node] = rotations[q + 2];
                l[q0 + 3 * c + node] = rotations[q + 3];
            }
        } else {
            for (int k = from; k < to; k++) {
                int q = offset + 4 * k;
                int node = nodes == null ? first + k : nodes[k];
                normalizeInto(rotations[q], rotations[q + 1], rotations[q + 2], rotations[q + 3], l, q0 + node, c);
            }
        }
    }

    /** {@link #writeRotationRun} into the records of {@code l}. */
    private static void writeRotationRecords(float[] rotations, int offset, int[] nodes, int from, int to, float[] l,
                                             int first, boolean unit) {
        for (int k = from; k < to; k++) {
            int q = offset + 4 * k;
            int at = (nodes == null ? first + k : nodes[k]) * LocalToWorld.RECORD + Affine.TRS_Q;
            if (unit) {
                l[at] = rotations[q];
                l[at + 1] = rotations[q + 1];
                l[at + 2] = rotations[q + 2];
                l[at + 3] = rotations[q + 3];
            } else {
                normalizeInto(rotations[q], rotations[q + 1], rotations[q + 2], rotations[q + 3], l, at, 1);
            }
        }
    }

    /** Whether none of the nodes {@code [first, first + count)} holds an explicit local matrix. */
    private boolean noMatrixIn(int first, int count) {
        int end = first + count;
        for (int w = first >>> 6; w <= (end - 1) >>> 6; w++) {
            if (Bits.within(store.matrixBits[w], w << 6, first, end) != 0L) {
                return false;
            }
        }
        return true;
    }

    /** Resolves a handle-based batch into the node scratch array, checking every handle. */
    private int[] resolveHandles(long[] handles, int handleOffset, int count) {
        int[] nodes = nodeScratch(count);
        for (int k = 0; k < count; k++) {
            nodes[k] = slots.liveNode(handles[handleOffset + k]);
        }
        return nodes;
    }

    /**
     * Whether a bulk set of {@code count} nodes marks staleness by setting the nodes' own bits and closing them with
     * one sweep ({@link #closeStaleFrom}) rather than one subtree walk per node: for batches of at least 64 nodes and
     * an eighth of the hierarchy, where the sweep's sequential O(nodes after the first) beats pointer chasing; in a
     * hierarchy of {@link Tuning#largeHierarchy} nodes or more, whose link arrays no longer fit in cache and every step of
     * a walk waits for memory, from a 128th. Measured (1% of the nodes set through a node list,
     * JDK 17): {@code million} set 5.8–6.8 ns/node with walks against 3.0 with the sweep; {@code game-100k} 0.55–0.61
     * with walks against 1.24 with the sweep.
     */
    private boolean sweepsStaleness(int count) {
        return Adaptation.sweepsStaleness(tuning, count, liveCount);
    }

    /**
     * Marks the subtrees of a bulk setter's nodes stale (pass 3 of every bulk setter): by a sweep or by subtree walks
     * ({@link #sweepsStaleness}), or, for a node list set again with no structural change since, from its recorded
     * closure ({@link #markClosure}).
     */
    private void markBatchStale(int[] nodes, int count, NodeList list) {
        if (list == null || !markClosure(list, nodes, count)) {
            markNodesStale(nodes, count);
        }
    }

    /** {@link #markBatchStale} without a recorded closure: subtree walks or a sweep. */
    private void markNodesStale(int[] nodes, int count) {
        if (!sweepsStaleness(count)) {
            for (int k = 0; k < count; k++) {
                int node = nodes[k];
                if (!Bits.get(staleBits, node)) { // else its subtree is stale already: its slot is not needed
                    markSubtreeStale(store.slotOfNode[node], node);
                }
            }
            return;
        }
        long[] bits = staleBits;
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        for (int k = 0; k < count; k++) {
            int node = nodes[k];
            int w = node >>> 6;
            long m = 1L << node;
            long b = bits[w];
            if ((b & m) == 0L) {
                bits[w] = b | m;
                lo = Math.min(lo, node);
                hi = Math.max(hi, node);
            }
        }
        if (hi < 0) {
            return;
        }
        staleLoWord = Math.min(staleLoWord, lo >>> 6);
        staleHiWord = Math.max(staleHiWord, (hi >>> 6) + 1);
        closeStaleFrom(lo);
    }

    /**
     * Marks a node list's subtrees stale from its recorded closure (the stale-bit words that marking its nodes sets),
     * when the list was marked before at the same {@link #layoutVersion} and {@link #structureVersion}: the second
     * marking records the closure, and every marking from then on ORs the recorded words in, O(words of the closure)
     * instead of subtree walks with their scattered loads or a sweep over every node after the first listed one (an
     * animation that sets the same joints every frame). Returns false, having done nothing, when the caller must
     * mark: the first marking at this layout and structure. Recording allocates the closure's arrays, once per layout
     * and structure.
     */
    private boolean markClosure(NodeList list, int[] nodes, int count) {
        if (!list.closureHolds(layoutVersion, structureVersion)) {
            return false;
        }
        if (!list.closureRecorded()) {
            recordClosure(list, nodes, count);
        }
        closureMarkings++;
        long words = list.markClosure(staleBits);
        if (words >= 0) {
            staleLoWord = Math.min(staleLoWord, (int) (words >>> 32));
            staleHiWord = Math.max(staleHiWord, (int) words);
        }
        return true;
    }

    /**
     * Records which stale-bit words marking the list's subtrees sets, whatever is stale now: {@link #markNodesStale}
     * runs on an empty scratch set of bits ({@link #closureScratch}, cleared again afterwards) in place of
     * {@link #staleBits}. Allocates only when the scratch or the list's arrays are too short, so that a hierarchy
     * whose structure changes every other frame does not allocate every other frame.
     */
    private void recordClosure(NodeList list, int[] nodes, int count) {
        long[] real = staleBits;
        int lo = staleLoWord;
        int hi = staleHiWord;
        if (closureScratch == null || closureScratch.length != real.length) {
            closureScratch = new long[real.length];
        }
        long[] scratch = closureScratch;
        staleBits = scratch;
        staleLoWord = Integer.MAX_VALUE;
        staleHiWord = 0;
        int from;
        int to;
        try {
            markNodesStale(nodes, count);
        } finally {
            from = staleLoWord;
            to = staleHiWord;
            staleBits = real;
            staleLoWord = lo;
            staleHiWord = hi;
        }
        list.recordClosure(scratch, from, to);
    }

    /**
     * Marks the subtrees of the nodes {@code [first, first + count)} stale: as {@link #markBatchStale}, with the
     * run's own bits set a word at a time when the batch is large enough for the sweep.
     */
    private void markRunStale(int first, int count) {
        if (!sweepsStaleness(count)) {
            for (int node = first; node < first + count; node++) {
                markSubtreeStale(store.slotOfNode[node], node);
            }
            return;
        }
        setStaleRange(first, first + count);
        closeStaleFrom(first);
    }

    /**
     * {@link #setStaleRange}, telling whether any of the bits was clear before: if none was, the stale closure holds
     * every descendant of the range stale already.
     */
    private boolean setStaleRangeChanged(int from, int to) {
        long[] bits = staleBits;
        long fresh = 0L;
        for (int w = from >>> 6; w <= (to - 1) >>> 6; w++) {
            long mask = Bits.within(-1L, w << 6, from, to);
            fresh |= mask & ~bits[w];
            bits[w] |= mask;
        }
        if (fresh == 0L) {
            return false;
        }
        staleLoWord = Math.min(staleLoWord, from >>> 6);
        staleHiWord = Math.max(staleHiWord, ((to - 1) >>> 6) + 1);
        return true;
    }

    /** Sets the stale bits of the nodes {@code [from, to)}, {@code from < to}, word-wise. */
    private void setStaleRange(int from, int to) {
        setStaleRangeChanged(from, to);
    }

    /**
     * Makes a {@link NodeList} of some of this hierarchy's nodes, for repeated bulk sets. O(count); allocates the
     * list.
     *
     * @param handles node handles (copied)
     * @param offset first handle to use
     * @param count number of nodes
     * @return the list, in the order given (a node may appear more than once; the last value set wins)
     * @throws IllegalArgumentException if the array is too short or a handle is stale
     */
    public NodeList nodeList(long[] handles, int offset, int count) {
        requireRoom("handles", handles.length, offset, count);
        NodeList list = new NodeList(this, Arrays.copyOfRange(handles, offset, offset + count));
        list.resolved(slots, layoutVersion);
        return list;
    }

    /** A list's dense nodes for the current layout, resolved again when nodes moved or died since its last use. */
    private int[] resolved(NodeList list) {
        if (list.owner != this) {
            throw new IllegalArgumentException("node list of another hierarchy: " + list);
        }
        return list.resolved(slots, layoutVersion);
    }


    /**
     * Runs a large bulk setter on the update threads (see {@link BulkSetJob}). Returns false, having changed nothing,
     * when the batch must take the sequential path instead: a check failed (the sequential path then reports the
     * first bad element in batch order), a rotation or scale goes to a node with an explicit local matrix (which is
     * split into TRS one node at a time), or one node appears in two threads' shares (whose write order would race).
     * {@code resolvedNodes}, if not null, holds the nodes of the handles already (a {@link NodeList}), and
     * {@code run}, if not null, is that list when its nodes fill one run of storage (no duplicates, staleness marked
     * run-wise; for rotations the caller has checked that the run holds no explicit matrix).
     */
    private boolean setInParallel(int kind, long[] handles, int handleOffset, int count, float[] values,
                                  int valueOffset, int[] resolvedNodes, NodeList run) {
        BulkSetJob job = bulkJob;
        if (job == null || job.bits.length != parallel.threads) {
            job = new BulkSetJob(parallel.threads);
            bulkJob = job;
        }
        job.start(kind, handles, handleOffset, count, values, valueOffset,
                resolvedNodes != null ? resolvedNodes : nodeScratch(count), resolvedNodes != null, run,
                staleBits.length);
        parallel.runJob(job);
        if (!job.checked()) {
            return false;
        }
        job.pass = 2;
        parallel.runJob(job);
        job.markStale();
        parallelBulkSets++;
        return true;
    }

    /**
     * A bulk setter split by batch position across the update threads. Pass 1 checks each thread's share and
     * resolves its handles, recording the nodes in the thread's own bit set (nothing in the hierarchy changes);
     * pass 2 writes the values. The caller then merges the bit sets into the stale bits, so the shared words are
     * only ever written by one thread. Within a share, values are written in batch order; shares never hold the
     * same node, so the result equals the sequential setter's.
     */
    private final class BulkSetJob implements ParallelUpdate.Job {
        /** One bit set per thread, one bit per node; all zero between batches. */
        final long[][] bits;
        final boolean[] failed;
        final boolean[] notTrs;
        final boolean[] notUnit;
        final int[] loWords;
        final int[] hiWords;
        int kind;
        int pass;
        long[] handles;
        int handleOffset;
        int count;
        float[] values;
        int valueOffset;
        int[] nodes;
        /** Whether {@link #nodes} already holds the nodes (a node list); else pass 1 resolves the handles. */
        boolean resolved;
        /**
         * Whether {@link #nodes} is one contiguous run: no bit sets needed, staleness is marked run-wise (for rotations
         * the caller has also checked that the run holds no explicit matrix, so shares use the run loops).
         */
        boolean run;
        int runFirst;
        /** Whether the run is in storage order (list position k holds node {@code runFirst + k}). */
        boolean runInOrder;
        boolean unit;

        BulkSetJob(int threads) {
            bits = new long[threads][];
            failed = new boolean[threads];
            notTrs = new boolean[threads];
            notUnit = new boolean[threads];
            loWords = new int[threads];
            hiWords = new int[threads];
        }

        void start(int kind, long[] handles, int handleOffset, int count, float[] values, int valueOffset,
                   int[] nodes, boolean resolved, NodeList runList, int words) {
            this.kind = kind;
            this.resolved = resolved;
            this.run = runList != null;
            this.runFirst = runList != null ? runList.runFirst : -1;
            this.runInOrder = runList != null && runList.runInOrder;
            this.pass = 1;
            this.handles = handles;
            this.handleOffset = handleOffset;
            this.count = count;
            this.values = values;
            this.valueOffset = valueOffset;
            this.nodes = nodes;
            for (int t = 0; t < bits.length; t++) {
                if (bits[t] == null || bits[t].length < words) {
                    bits[t] = new long[words];
                }
            }
        }

        @Override
        public void share(int t) {
            int threads = bits.length;
            int from = (int) ((long) count * t / threads);
            int to = (int) ((long) count * (t + 1) / threads);
            if (pass == 1) {
                check(t, from, to);
            } else {
                write(from, to);
            }
        }

        private void check(int t, int from, int to) {
            if (run && kind == BULK_ROTATION) { // a TRS run (the caller checked): the sequential run's loop
                int check = QuaternionRuns.check(values, valueOffset, from, to, VectorSupport.active());
                failed[t] = check == QuaternionRuns.REFUSED;
                notTrs[t] = false;
                notUnit[t] = check == QuaternionRuns.VALID;
                loWords[t] = 0;
                hiWords[t] = 0;
                return;
            }
            long[] b = bits[t];
            int lo = Integer.MAX_VALUE;
            int hi = -1;
            boolean trs = true;
            boolean unitLength = true;
            boolean ok = true;
            int stride = bulkStride(kind);
            try {
                for (int k = from; k < to; k++) {
                    long h = handles[handleOffset + k];
                    int node = resolved ? nodes[k] : slots.liveNode(h);
                    int v = valueOffset + stride * k;
                    float x = values[v];
                    float y = values[v + 1];
                    float z = values[v + 2];
                    if (kind == BULK_ROTATION) {
                        float w = values[v + 3];
                        float len2 = x * x + y * y + z * z + w * w;
                        if (!QuaternionRuns.inRange(len2)) {
                            requireRotation(h, x, y, z, w);
                        }
                        unitLength &= QuaternionRuns.isUnit(len2);
                    } else {
                        requireFinite3(kind == BULK_SCALE ? "scale" : "translation", h, x, y, z);
                    }
                    trs &= store.modes[node] == MODE_TRS;
                    if (!resolved) {
                        nodes[k] = node;
                    }
                    if (!run) {
                        b[node >>> 6] |= 1L << node;
                        lo = Math.min(lo, node);
                        hi = Math.max(hi, node);
                    }
                }
            } catch (RuntimeException e) {
                ok = false; // the sequential path reports it, in batch order
            }
            failed[t] = !ok;
            notTrs[t] = !trs;
            notUnit[t] = !unitLength;
            loWords[t] = hi < 0 ? 0 : lo >>> 6;
            hiWords[t] = hi < 0 ? 0 : (hi >>> 6) + 1;
        }

        private void write(int from, int to) {
            if (kind == BULK_ROTATION) {
                writeRotationRun(values, valueOffset, runInOrder ? null : nodes, from, to, runFirst, unit);
            } else if (kind == BULK_SCALE) {
                writeScales(nodes, from, to, values, valueOffset);
            } else {
                writeTranslations(nodes, from, to, values, valueOffset);
            }
        }

        /** After pass 1: whether pass 2 may run in parallel. If not, clears the bit sets. */
        boolean checked() {
            boolean ok = true;
            unit = true;
            for (int t = 0; t < bits.length; t++) {
                ok &= !failed[t] && (kind == BULK_TRANSLATION || !notTrs[t]);
                unit &= !notUnit[t];
            }
            int lo = minLoWord();
            int hi = maxHiWord();
            for (int w = lo; ok && !run && w < hi; w++) {
                long seen = 0L;
                for (long[] b : bits) {
                    if ((seen & b[w]) != 0L) {
                        ok = false; // a node in two shares
                        break;
                    }
                    seen |= b[w];
                }
            }
            if (!ok) {
                for (long[] b : bits) {
                    Arrays.fill(b, lo, Math.max(lo, hi), 0L);
                }
            }
            handles = null;
            return ok;
        }

        /** After pass 2: merges the bit sets into the stale bits (clearing them) and closes staleness downwards. */
        void markStale() {
            if (run) {
                markRunStale(runFirst, count);
                values = null;
                nodes = null;
                return;
            }
            boolean sweep = sweepsStaleness(count);
            long[] stale = staleBits;
            int lo = minLoWord();
            int hi = maxHiWord();
            int first = Integer.MAX_VALUE;
            for (int w = lo; w < hi; w++) {
                long m = 0L;
                for (long[] b : bits) {
                    m |= b[w];
                    b[w] = 0L;
                }
                long fresh = m & ~stale[w];
                if (fresh == 0L) {
                    continue;
                }
                if (sweep) {
                    stale[w] |= fresh;
                    first = Math.min(first, (w << 6) + Long.numberOfTrailingZeros(fresh));
                    staleLoWord = Math.min(staleLoWord, w);
                    staleHiWord = Math.max(staleHiWord, w + 1);
                } else {
                    for (; fresh != 0L; fresh &= fresh - 1) {
                        markSubtreeStale(store.slotOfNode[(w << 6) + Long.numberOfTrailingZeros(fresh)]);
                    }
                }
            }
            closeStaleFrom(first);
            values = null;
            nodes = null;
        }

        private int minLoWord() {
            int lo = Integer.MAX_VALUE;
            for (int t = 0; t < bits.length; t++) {
                lo = Math.min(lo, loWords[t]);
            }
            return lo;
        }

        private int maxHiWord() {
            int hi = 0;
            for (int t = 0; t < bits.length; t++) {
                hi = Math.max(hi, hiWords[t]);
            }
            return hi;
        }
    }

    /**
     * Completes the stale closure after a batch set its nodes' own bits: one pass over the dense order from the first
     * of them (every parent precedes its children, so one pass suffices), skipping fully stale words.
     */
    private void closeStaleFrom(int first) {
        if (first == Integer.MAX_VALUE) {
            return;
        }
        long[] bits = staleBits;
        int[] parents = store.parentNodes;
        int end = store.nodeEnd;
        int hiWord = staleHiWord;
        for (int w = (first + 1) >>> 6; w << 6 < end; w++) {
            long word = bits[w];
            if (word == -1L) {
                continue; // a fully stale word has nothing left to close
            }
            long before = word;
            int to = Math.min(end, (w << 6) + 64);
            // without branches on the bits, which are random where the dirty nodes are: each node ORs in its
            // parent's bit (0 for a root or a hole, parent -1), read from this word as it grows when the parent is
            // in it
            for (int i = Math.max(first + 1, w << 6); i < to; i++) {
                int p = parents[i];
                int pw = p >> 6;
                long parentWord = bits[Math.max(pw, 0)];
                if (pw == w) {
                    parentWord = word;
                }
                word |= ((parentWord >>> p) & ((p >>> 31) ^ 1L)) << i;
            }
            if (word != before) {
                bits[w] = word;
                hiWord = Math.max(hiWord, w + 1);
            }
        }
        staleHiWord = hiWord;
    }

    private int[] nodeScratch(int count) {
        if (nodeScratch.length < count) {
            nodeScratch = new int[Math.max(count, nodeScratch.length * 2)];
        }
        return nodeScratch;
    }

    /** Checks a rotation quaternion: finite and not zero. */
    private static void requireRotation(long handle, float x, float y, float z, float w) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z) || !Float.isFinite(w)) {
            throw new IllegalArgumentException("rotation of " + Handles.toString(handle) + " is not finite: ("
                    + x + ", " + y + ", " + z + ", " + w + ")");
        }
        if ((double) x * x + (double) y * y + (double) z * z + (double) w * w == 0.0) {
            throw new IllegalArgumentException("rotation of " + Handles.toString(handle)
                    + " is the zero quaternion: (" + x + ", " + y + ", " + z + ", " + w + ")");
        }
    }

    /**
     * Sets the local translation of many nodes at once: node {@code handles[handleOffset + k]} gets the vector at
     * {@code translations[translationOffset + 3k ..]}. Everything is checked before anything is written. O(count)
     * plus marking subtrees stale.
     *
     * @param handles node handles
     * @param handleOffset first handle to use
     * @param count number of nodes
     * @param translations vectors, 3 floats each
     * @param translationOffset index of the first vector's x
     * @throws IllegalArgumentException if an array is too short, a handle is stale or a value is not finite
     */
    public void setLocalTranslations(long[] handles, int handleOffset, int count, float[] translations,
                                     int translationOffset) {
        bulkSet(BULK_TRANSLATION, handles, handleOffset, count, translations, translationOffset);
    }

    /**
     * Sets the local translation of every node of a list: node {@code list.handle(k)} gets the vector at
     * {@code translations[offset + 3k ..]}. As {@link #setLocalTranslations(long[], int, int, float[], int)}, without
     * checking the handles again unless nodes moved or died since the list was last used. O(size) plus marking
     * subtrees stale.
     *
     * @param list nodes of this hierarchy
     * @param translations vectors, 3 floats each
     * @param offset index of the first vector's x
     * @throws IllegalArgumentException if the list belongs to another hierarchy, one of its nodes was destroyed, the
     *     array is too short or a value is not finite (nothing changed)
     */
    public void setLocalTranslations(NodeList list, float[] translations, int offset) {
        bulkSet(BULK_TRANSLATION, list, translations, offset);
    }

    private void translateNodes(int[] nodes, long[] handles, int handleOffset, int count, float[] translations,
                                int translationOffset, NodeList list) {
        for (int k = 0; k < count; k++) {
            int t = translationOffset + 3 * k;
            requireFinite3("translation", handles[handleOffset + k], translations[t], translations[t + 1],
                    translations[t + 2]);
        }
        writeTranslations(nodes, 0, count, translations, translationOffset);
        markBatchStale(nodes, count, list);
    }

    /**
     * Writes the vectors of batch positions {@code [from, to)} as translations: planes 0–2 of a TRS node, column 3
     * (planes 9–11) of an explicit matrix.
     */
    private void writeTranslations(int[] nodes, int from, int to, float[] translations, int offset) {
        float[] l = store.locals;
        if (store.records) { // a loop of its own, for the reason given at writeRotationRun
            for (int k = from; k < to; k++) {
                int node = nodes[k];
                int at = node * LocalToWorld.RECORD + (store.modes[node] == MODE_TRS ? Affine.TRS_T : 9);
                int t = offset + 3 * k;
                l[at] = translations[t];
                l[at + 1] = translations[t + 1];
                l[at + 2] = translations[t + 2];
            }
            return;
        }
        int c = store.modes.length;
        for (int k = from; k < to; k++) {
            int node = nodes[k];
            int at = PLANE_OFFSET + (store.modes[node] == MODE_TRS ? Affine.TRS_T : 9) * c + node;
            int t = offset + 3 * k;
            l[at] = translations[t];
            l[at + c] = translations[t + 1];
            l[at + 2 * c] = translations[t + 2];
        }
    }

    /**
     * Sets the local scale of many nodes at once: node {@code handles[handleOffset + k]} gets the vector at
     * {@code scales[scaleOffset + 3k ..]}. Everything is checked before anything is written; a node with an explicit
     * local matrix is split into TRS first (see {@link #setLocalScale(long, float, float, float)}). O(count) plus
     * marking subtrees stale.
     *
     * @param handles node handles
     * @param handleOffset first handle to use
     * @param count number of nodes
     * @param scales vectors, 3 floats each
     * @param scaleOffset index of the first vector's x
     * @throws IllegalArgumentException if an array is too short, a handle is stale or a value is not finite
     * @throws IllegalStateException if a node has an explicit local matrix with shear
     */
    public void setLocalScales(long[] handles, int handleOffset, int count, float[] scales, int scaleOffset) {
        bulkSet(BULK_SCALE, handles, handleOffset, count, scales, scaleOffset);
    }

    /**
     * Sets the local scale of every node of a list: node {@code list.handle(k)} gets the vector at
     * {@code scales[offset + 3k ..]}. As {@link #setLocalScales(long[], int, int, float[], int)}, without checking the
     * handles again unless nodes moved or died since the list was last used. O(size) plus marking subtrees stale.
     *
     * @param list nodes of this hierarchy
     * @param scales vectors, 3 floats each
     * @param offset index of the first vector's x
     * @throws IllegalArgumentException if the list belongs to another hierarchy, one of its nodes was destroyed, the
     *     array is too short or a value is not finite (nothing changed)
     * @throws IllegalStateException if a node has an explicit local matrix with shear (nothing changed)
     */
    public void setLocalScales(NodeList list, float[] scales, int offset) {
        bulkSet(BULK_SCALE, list, scales, offset);
    }

    private void scaleNodes(int[] nodes, long[] handles, int handleOffset, int count, float[] scales,
                            int scaleOffset, NodeList list) {
        for (int k = 0; k < count; k++) {
            int node = nodes[k];
            long h = handles[handleOffset + k];
            int v = scaleOffset + 3 * k;
            requireFinite3("scale", h, scales[v], scales[v + 1], scales[v + 2]);
            if (store.modes[node] != MODE_TRS) {
                checkSplittable(node, h);
            }
        }
        splitToTrs(nodes, handles, handleOffset, count);
        writeScales(nodes, 0, count, scales, scaleOffset);
        markBatchStale(nodes, count, list);
    }

    /** Writes the vectors of batch positions {@code [from, to)} into the scale planes of their (TRS) nodes. */
    private void writeScales(int[] nodes, int from, int to, float[] scales, int offset) {
        float[] l = store.locals;
        if (store.records) { // a loop of its own, for the reason given at writeRotationRun
            for (int k = from; k < to; k++) {
                int at = nodes[k] * LocalToWorld.RECORD + Affine.TRS_S;
                int v = offset + 3 * k;
                l[at] = scales[v];
                l[at + 1] = scales[v + 1];
                l[at + 2] = scales[v + 2];
            }
            return;
        }
        int c = store.modes.length;
        for (int k = from; k < to; k++) {
            int node = nodes[k];
            int v = offset + 3 * k;
            int at = PLANE_OFFSET + Affine.TRS_S * c + node;
            l[at] = scales[v];
            l[at + c] = scales[v + 1];
            l[at + 2 * c] = scales[v + 2];
        }
    }

    /**
     * Tells whether the node's local transform is an explicit matrix (rather than TRS).
     *
     * @param handle live handle
     * @return {@code true} for an explicit local matrix. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public boolean hasLocalMatrix(long handle) {
        return store.modes[slots.nodeOfSlot[slots.liveSlot(handle)]] == MODE_MATRIX;
    }

    /**
     * Reads the local translation (column 3 of an explicit local matrix). O(1).
     *
     * @param handle live handle
     * @param dest receives the translation
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Vector3f getLocalTranslation(long handle, Vector3f dest) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        int e = store.elementStride();
        int at = store.at(store.modes[node] == MODE_TRS ? Affine.TRS_T : 9, node);
        return dest.set(store.locals[at], store.locals[at + e], store.locals[at + 2 * e]);
    }

    /**
     * Reads the local rotation. For an explicit local matrix, the rotation of its normalised columns (see
     * {@link Affine#decompose}). O(1).
     *
     * @param handle live handle
     * @param dest receives the rotation
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Quaternionf getLocalRotation(long handle, Quaternionf dest) {
        float[] trs = localTrs(slots.nodeOfSlot[slots.liveSlot(handle)]);
        int q = Affine.TRS_Q;
        return dest.set(trs[q], trs[q + 1], trs[q + 2], trs[q + 3]);
    }

    /**
     * Reads the local scale. For an explicit local matrix, its column lengths (x negated for a mirror). O(1).
     *
     * @param handle live handle
     * @param dest receives the scale
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Vector3f getLocalScale(long handle, Vector3f dest) {
        float[] trs = localTrs(slots.nodeOfSlot[slots.liveSlot(handle)]);
        int s = Affine.TRS_S;
        return dest.set(trs[s], trs[s + 1], trs[s + 2]);
    }

    /**
     * Reads the local transform as a matrix ({@code parentFromLocal}), 12 floats column-major. O(1).
     *
     * @param handle live handle
     * @param dest destination
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     */
    public float[] getLocalMatrix(long handle, float[] dest, int offset) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        requireRoom("dest", dest.length, offset, Affine.STRIDE);
        localMatrix(node, dest, offset);
        return dest;
    }

    /**
     * Reads the local transform as a JOML matrix ({@code parentFromLocal}). O(1).
     *
     * @param handle live handle
     * @param dest receives the matrix
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Matrix4x3f getLocalMatrix(long handle, Matrix4x3f dest) {
        localMatrix(slots.nodeOfSlot[slots.liveSlot(handle)], matrixA, 0);
        return dest.set(matrixA, 0);
    }

    // =====================================================================================================
    // World transforms
    // =====================================================================================================

    /**
     * Reads the world matrix ({@code worldFromLocal}), 12 floats column-major 3×4. Exact at any time: if the node
     * or an ancestor changed since the last update, only the stale ancestor chain is recomputed (O(stale chain)),
     * otherwise O(1).
     *
     * @param handle live handle
     * @param dest destination
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     */
    public float[] getWorld(long handle, float[] dest, int offset) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        requireRoom("dest", dest.length, offset, Affine.STRIDE);
        worldInto(node, dest, offset);
        return dest;
    }

    /**
     * Reads the world matrix as 16 floats column-major 4×4 (last row {@code 0 0 0 1}). Cost as
     * {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param dest destination
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     */
    public float[] getWorld4x4(long handle, float[] dest, int offset) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        requireRoom("dest", dest.length, offset, 16);
        worldInto(node, matrixE, 0);
        MatrixLayout.COLUMN_MAJOR_4X4.convert(matrixE, 0, dest, offset);
        return dest;
    }

    /**
     * Reads the world matrix into a JOML {@code Matrix4x3f}. Cost as {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param dest receives the matrix
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Matrix4x3f getWorld(long handle, Matrix4x3f dest) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        worldInto(node, matrixE, 0);
        return dest.set(matrixE, 0);
    }

    /**
     * Reads the world matrix into a JOML {@code Matrix4f}. Cost as {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param dest receives the matrix
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Matrix4f getWorld(long handle, Matrix4f dest) {
        getWorld4x4(handle, matrixA, 0);
        return dest.set(matrixA);
    }

    /**
     * Writes the world matrix into a float buffer at an absolute index (the buffer's position is not changed).
     * Cost as {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param layout layout of the written floats
     * @param dest destination buffer
     * @param index absolute float index of the first float
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale or the matrix does not fit below the limit
     */
    public FloatBuffer getWorld(long handle, MatrixLayout layout, FloatBuffer dest, int index) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        requireRoom("dest", dest.limit(), index, layout.floats());
        worldInto(node, matrixE, 0);
        layout.convert(matrixE, 0, matrixA, 0);
        dest.put(index, matrixA, 0, layout.floats());
        return dest;
    }

    /**
     * Writes the world matrix into a byte buffer at an absolute byte index, in the buffer's byte order (the
     * position is not changed). Cost as {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param layout layout of the written floats
     * @param dest destination buffer
     * @param byteIndex absolute byte index of the first float
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale or the matrix does not fit below the limit
     */
    public ByteBuffer getWorld(long handle, MatrixLayout layout, ByteBuffer dest, int byteIndex) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        requireRoom("dest", dest.limit(), byteIndex, layout.bytes());
        worldInto(node, matrixE, 0);
        layout.convert(matrixE, 0, matrixA, 0);
        for (int k = 0; k < layout.floats(); k++) {
            dest.putFloat(byteIndex + k * Float.BYTES, matrixA[k]);
        }
        return dest;
    }

    /**
     * Reads the world position (the world matrix's translation). Cost as {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param dest receives the position
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Vector3f getWorldTranslation(long handle, Vector3f dest) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        ensureWorld(node);
        int e = store.elementStride();
        int at = store.at(9, node);
        return dest.set(store.worlds[at], store.worlds[at + e], store.worlds[at + 2 * e]);
    }

    /**
     * Reads the world rotation: the rotation of the world matrix's normalised columns (exact when no ancestor
     * combines rotation with non-uniform scale; otherwise the world matrix has shear and this is its nearest
     * rotation in the sense of {@link Affine#decompose}).
     *
     * @param handle live handle
     * @param dest receives the rotation
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Quaternionf getWorldRotation(long handle, Quaternionf dest) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        worldInto(node, matrixE, 0);
        Affine.decompose(matrixE, 0, matrixA, 0);
        return dest.set(matrixA[Affine.TRS_Q], matrixA[Affine.TRS_Q + 1], matrixA[Affine.TRS_Q + 2],
                matrixA[Affine.TRS_Q + 3]);
    }

    /**
     * Reads the world scale: the lengths of the world matrix's columns, x negated when the matrix mirrors.
     *
     * @param handle live handle
     * @param dest receives the scale
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Vector3f getWorldScale(long handle, Vector3f dest) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        worldInto(node, matrixE, 0);
        Affine.decompose(matrixE, 0, matrixA, 0);
        return dest.set(matrixA[Affine.TRS_S], matrixA[Affine.TRS_S + 1], matrixA[Affine.TRS_S + 2]);
    }

    /**
     * Reads the inverse world matrix ({@code localFromWorld}), 12 floats column-major. Cached until the node's world
     * matrix changes: O(1) when cached, otherwise one inversion (in double precision) after bringing the world
     * matrix up to date. The first call allocates the cache (12 floats per node capacity).
     *
     * @param handle live handle
     * @param dest destination
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     * @throws IllegalStateException if the world matrix is not invertible (for example a zero scale)
     */
    public float[] getWorldInverse(long handle, float[] dest, int offset) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        requireRoom("dest", dest.length, offset, Affine.STRIDE);
        ensureInverse(node, handle);
        System.arraycopy(store.inverses, node * Affine.STRIDE, dest, offset, Affine.STRIDE);
        return dest;
    }

    /**
     * Reads the inverse world matrix into a JOML matrix. See {@link #getWorldInverse(long, float[], int)}.
     *
     * @param handle live handle
     * @param dest receives the matrix
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     * @throws IllegalStateException if the world matrix is not invertible
     */
    public Matrix4x3f getWorldInverse(long handle, Matrix4x3f dest) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        ensureInverse(node, handle);
        return dest.set(store.inverses, node * Affine.STRIDE);
    }

    /**
     * Sets the node's world matrix: its local becomes {@code inverse(parentWorld) × world}, stored as TRS if the
     * node had a TRS local and the result's linear part has no shear (each column round-trips through TRS within
     * 2^-19 of its length, whatever the translation), otherwise as an explicit matrix. The world read back then
     * differs from {@code world} by at most the bound stated on {@link #reparent(long, long, int, boolean)} (with
     * {@code W = world} and {@code P} the parent's world matrix); so do the descendants, by {@code (W' − W) X}.
     * O(stale chain of the parent) plus marking the subtree stale.
     *
     * @param handle live handle
     * @param world 12 floats column-major from {@code offset}
     * @param offset start in {@code world}
     * @throws IllegalArgumentException if {@code handle} is stale, the array is too short or a value is not finite
     *     (nothing changed)
     * @throws IllegalStateException if the parent's world matrix is not invertible (nothing changed)
     */
    public void setWorld(long handle, float[] world, int offset) {
        int slot = slots.liveSlot(handle);
        requireRoom("world", world.length, offset, Affine.STRIDE);
        requireFiniteMatrix("world matrix", handle, world, offset, Affine.STRIDE);
        System.arraycopy(world, offset, matrixC, 0, Affine.STRIDE);
        int node = slots.nodeOfSlot[slot];
        int p = slots.parentSlots[slot];
        if (p == NONE) {
            System.arraycopy(matrixC, 0, matrixA, 0, Affine.STRIDE);
        } else {
            int pNode = slots.nodeOfSlot[p];
            worldInto(pNode, matrixE, 0);
            invertOrThrow(matrixE, 0, matrixB, slots.handleOf(p), "cannot set the world transform");
            Affine.multiply(matrixB, 0, matrixC, 0, matrixA, 0);
        }
        byte mode = chooseLocalForm(store.modes[node], matrixA, matrixC);
        writeLocal(node, mode, mode == MODE_TRS ? matrixC : matrixA);
        markSubtreeStale(slot, node);
    }

    /**
     * Sets the node's world matrix from a JOML matrix. See {@link #setWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param world the world matrix
     * @throws IllegalArgumentException if {@code handle} is stale or a value is not finite (nothing changed)
     * @throws IllegalStateException if the parent's world matrix is not invertible (nothing changed)
     */
    public void setWorld(long handle, Matrix4x3fc world) {
        world.get(matrixD, 0);
        setWorld(handle, matrixD, 0);
    }

    /**
     * Moves the node so that its world position becomes {@code (x, y, z)}, keeping its local rotation and scale:
     * the local translation becomes {@code inverse(parentWorld) × (x, y, z, 1)}. The world position read back is
     * within {@code 16u κ (|(x, y, z)| + |P_t|)} of {@code (x, y, z)} (the translation bound of
     * {@link #reparent(long, long, int, boolean)}); the linear part is untouched. O(stale chain of the parent) plus
     * marking the subtree stale.
     *
     * @param handle live handle
     * @param x world x
     * @param y world y
     * @param z world z
     * @throws IllegalArgumentException if {@code handle} is stale or a value is not finite (nothing changed)
     * @throws IllegalStateException if the parent's world matrix is not invertible (nothing changed)
     */
    public void setWorldTranslation(long handle, float x, float y, float z) {
        int slot = slots.liveSlot(handle);
        requireFinite3("world translation", handle, x, y, z);
        int p = slots.parentSlots[slot];
        float lx = x;
        float ly = y;
        float lz = z;
        if (p != NONE) {
            int pNode = slots.nodeOfSlot[p];
            worldInto(pNode, matrixE, 0);
            invertOrThrow(matrixE, 0, matrixB, slots.handleOf(p), "cannot set the world position");
            Affine.transformPoint(matrixB, 0, x, y, z, matrixA, 0);
            lx = matrixA[0];
            ly = matrixA[1];
            lz = matrixA[2];
        }
        setLocalTranslation(handle, lx, ly, lz);
    }

    // =====================================================================================================
    // Update and change tracking
    // =====================================================================================================

    /**
     * Brings every world matrix up to date and publishes the change set: the nodes recomputed here and those
     * recomputed lazily by reads since the previous update, in parent-before-child order; then tells the listeners.
     * Cost: O(1) when nothing changed; otherwise one pass over the stale-bit words between the first and last stale
     * node (64 nodes per word) plus O(1) per recomputed node. No allocation in steady state (the change list grows
     * only when more nodes change than ever before). Rarely, O(nodes) more and new arrays: once when the layout no
     * longer suits the vector kernel or the update threads, and under {@link StorageLayout#AUTOMATIC} to convert
     * between layouts or to pack the nodes that keep changing (see {@link StorageLayout#AUTOMATIC}).
     *
     * @throws IllegalStateException if called from a {@link WorldChangeListener}
     */
    public void update() {
        if (changes.notifying()) {
            throw new IllegalStateException("update() called from a WorldChangeListener; expected it to return first");
        }
        if (changedLoWord < changedHiWord) {
            // nodes recomputed lazily since the latest update: their version is this update's
            versions.stamp(changedBits, version + 1, changedLoWord << 6,
                    Math.min(store.nodeEnd, changedHiWord << 6));
        }
        refreshStale();
        long next = version + 1;
        // the changed bits become the published set (the previous one, if nobody asked for it, is dropped); the
        // cleared array that comes back collects the next changes. Versions were stamped (above, and by the refresh)
        // and cached inverses dropped when the matrices were computed.
        changedBits = changes.publish(changedBits, changedLoWord, changedHiWord);
        changedLoWord = Integer.MAX_VALUE;
        changedHiWord = 0;
        version = next;
        if (Adaptation.relayoutsForVectors(batchStats[LocalToWorld.STAT_SLOW], batchStats[LocalToWorld.STAT_FAST],
                appendedSinceCompaction, liveCount)) {
            // many vector batches had a parent inside them, or parents too far apart to load as one window: the
            // layout is not breadth-first with siblings together (typically a scene built depth-first, or many
            // nodes appended since); one rewrite fixes it for the frames to come
            listChanges();
            compact();
            relinearizations++;
        }
        if (Adaptation.relayoutsForThreads(planFailed, appendedSinceCompaction, liveCount)) {
            // the threads need a breadth-first layout; rewrite once, the next large update is split
            listChanges();
            compact();
            relinearizations++;
        }
        planFailed = false;
        if (layoutPolicy == StorageLayout.AUTOMATIC
                && Adaptation.closesActivityWindow(tuning, activityWork, liveCount)) {
            maybePackActive();
        }
        Arrays.fill(batchStats, 0);
        if (changes.count() > 0 && changes.hasListeners()) {
            listChanges();
            changes.notifyListeners(this);
        }
    }

    /**
     * Turns the published change bits into handles, parents before children. Called on demand and before anything
     * that moves nodes in the dense arrays (so the bits still name the right nodes). O(published words + changed).
     */
    private void listChanges() {
        changes.list(store.slotOfNode, slots.generations);
    }

    /**
     * @return the number of completed {@link #update()} calls; the version stamped on nodes changed by the latest
     *     one. O(1).
     */
    public long version() {
        return version;
    }

    /**
     * @param handle live handle
     * @return the version of the update that published the node's latest world change ({@link #version()}
     *     {@code + 1} if it changed since the latest update and was read already). O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long worldVersion(long handle) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        return Bits.get(staleBits, node) ? version + 1 : effectiveVersion(node, version + 1);
    }

    /** @return the number of nodes whose world matrix changed in the latest update. O(1). */
    public int changedCount() {
        return changes.count();
    }

    /**
     * @param index position in the change list, in {@code [0, changedCount())}
     * @return the handle of the {@code index}-th changed node (parents before children). The handle may have gone
     *     stale since, if the node was destroyed. O(1).
     * @throws IllegalArgumentException if {@code index} is out of range
     */
    public long changedHandle(int index) {
        if (index < 0 || index >= changes.count()) {
            throw new IllegalArgumentException("change index out of range: index=" + index + ", changedCount="
                    + changes.count());
        }
        listChanges();
        return changes.handle(index);
    }

    /**
     * Copies the change list of the latest update (parents before children). O(changed).
     *
     * @param dest destination
     * @param offset first index to write
     * @return the number of handles written ({@link #changedCount()})
     * @throws IllegalArgumentException if {@code dest} is too short
     */
    public int changedHandles(long[] dest, int offset) {
        requireRoom("dest", dest.length, offset, changes.count());
        listChanges();
        changes.copy(dest, offset);
        return changes.count();
    }

    /**
     * Adds a listener told about changed nodes after each update. O(listeners); allocates the new listener array.
     *
     * @param listener the listener
     */
    public void addListener(WorldChangeListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        changes.addListener(listener);
    }

    /**
     * Removes a listener (the first registration of it, compared by identity).
     *
     * @param listener the listener
     * @return whether it was registered
     */
    public boolean removeListener(WorldChangeListener listener) {
        return changes.removeListener(listener);
    }

    /**
     * Adds a listener told before a node leaves its parent (destroy, reparent, detach). O(listeners); allocates the
     * new listener array.
     *
     * @param listener the listener
     * @throws IllegalArgumentException if {@code listener} is null
     */
    public void addTopologyListener(TopologyListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        changes.addTopologyListener(listener);
    }

    /**
     * Removes a topology listener (the first registration of it, compared by identity).
     *
     * @param listener the listener
     * @return whether it was registered
     */
    public boolean removeTopologyListener(TopologyListener listener) {
        return changes.removeTopologyListener(listener);
    }

    private void fireDetaching(long handle) {
        changes.fireDetaching(this, handle);
    }

    // ---- slot-level access for structures in this package that aggregate over the tree (bounds) ----

    /** @return one past the highest slot ever used; slot arrays of companions must cover [0, slotLimit()) */
    int slotLimit() {
        return slots.slotEnd;
    }

    /** @return the slot of a live handle; throws like every handle-taking method */
    int slotOf(long handle) {
        return slots.liveSlot(handle);
    }

    boolean slotLive(int slot) {
        return slots.isLive(slot);
    }

    long handleAt(int slot) {
        return slots.handleOf(slot);
    }

    int parentSlotAt(int slot) {
        return slots.parentSlots[slot];
    }

    int firstChildSlotAt(int slot) {
        return slots.firstChildSlots[slot];
    }

    int nextSiblingSlotAt(int slot) {
        return slots.nextSiblingSlots[slot];
    }

    int firstRootSlot() {
        return slots.firstRootSlot;
    }

    /** @return whether some world matrix changed since the latest update or is stale (not yet published) */
    boolean hasUnpublishedChanges() {
        return staleLoWord < staleHiWord || changedLoWord < changedHiWord;
    }

    /** Copies the published world matrix of a live slot (12 floats); exact if there are no unpublished changes. */
    void worldAt(int slot, float[] dest, int offset) {
        loadWorld(slots.nodeOfSlot[slot], dest, offset);
    }

    /** Writes the local matrix ({@code parentFromLocal}) of a live slot (12 floats). */
    void localAt(int slot, float[] dest, int offset) {
        localMatrix(slots.nodeOfSlot[slot], dest, offset);
    }

    /**
     * Calls {@code visitor} with the slot of every node whose world matrix the next update will publish: stale, or
     * recomputed by a read since the latest update. The visitor must not change the hierarchy. O(bit words between the
     * first and the last such node + their count).
     */
    void forEachUnpublishedSlot(java.util.function.IntConsumer visitor) {
        for (int w = Math.min(staleLoWord, changedLoWord), hi = Math.max(staleHiWord, changedHiWord); w < hi; w++) {
            for (long bits = staleBits[w] | changedBits[w]; bits != 0L; bits &= bits - 1) {
                visitor.accept(store.slotOfNode[(w << 6) + Long.numberOfTrailingZeros(bits)]);
            }
        }
    }

    // =====================================================================================================
    // Export for rendering
    // =====================================================================================================

    /**
     * Writes the world matrices of {@code count} nodes, in the given order, into {@code dest} starting at its
     * position (the position is not changed), {@code layout.floats()} floats each. Stale nodes are brought up to
     * date first. Every handle is checked before anything is written. O(count) plus any stale recomputation.
     *
     * @param handles node handles
     * @param offset first handle to use
     * @param count number of matrices
     * @param layout matrix layout
     * @param dest destination, e.g. a direct buffer for a GPU upload
     * @return the number of floats written
     * @throws IllegalArgumentException if a handle is stale, or an array or the buffer's remaining space is too
     *     short
     */
    public int writeWorldMatrices(long[] handles, int offset, int count, MatrixLayout layout, FloatBuffer dest) {
        prepareExport(handles, offset, count, dest.remaining(), 0, (long) count * layout.floats());
        return export.write(handles, offset, count, layout, dest);
    }

    /**
     * Writes the world matrices of {@code count} nodes, in the given order, into {@code dest} from index
     * {@code destOffset}, {@code layout.floats()} floats each: the array form of
     * {@link #writeWorldMatrices(long[], int, int, MatrixLayout, FloatBuffer)}, for callers that go on computing with
     * the matrices (a skinning palette, a physics step). Stale nodes are brought up to date first. Every handle and
     * the room in {@code dest} are checked before anything is written. O(count) plus any stale recomputation.
     *
     * @param handles node handles
     * @param offset first handle to use
     * @param count number of matrices
     * @param layout matrix layout
     * @param dest destination
     * @param destOffset index of the first float written
     * @return the number of floats written
     * @throws IllegalArgumentException if a handle is stale, or an array is too short
     */
    public int writeWorldMatrices(long[] handles, int offset, int count, MatrixLayout layout, float[] dest,
                                  int destOffset) {
        int floats = layout.floats();
        prepareExport(handles, offset, count, dest.length, destOffset, (long) count * floats);
        export.convertWorlds(handles, offset, count, layout, dest, destOffset);
        return count * floats;
    }

    /**
     * Writes the world matrices of {@code count} nodes, in the given order, into {@code dest} as 12 planes (structure
     * of arrays): element {@code e} of matrix {@code k} (column-major 3×4, {@code e = 3 × column + row}) at
     * {@code dest[destOffset + e × planeStride + k]}. The layout of kernels that work on many matrices a vector at a
     * time, such as the skinning palette's ({@link dev.arbor.kernel.Palettes}). Stale nodes are brought up to date
     * first. Every handle and the room in {@code dest} are checked before anything is written; nothing else of
     * {@code dest} is written (a plane's padding past {@code count} keeps its values). O(count) plus any stale
     * recomputation.
     *
     * @param handles node handles
     * @param offset first handle to use
     * @param count number of matrices
     * @param dest destination
     * @param destOffset index of element 0 of matrix 0
     * @param planeStride floats from one plane to the next, at least {@code count}
     * @return {@code dest}
     * @throws IllegalArgumentException if a handle is stale, {@code planeStride < count}, or an array is too short
     */
    public float[] writeWorldPlanes(long[] handles, int offset, int count, float[] dest, int destOffset,
                                    int planeStride) {
        if (planeStride < count) {
            throw new IllegalArgumentException("planeStride=" + planeStride + " is less than count=" + count);
        }
        prepareExport(handles, offset, count, dest.length, destOffset, 11L * planeStride + count);
        export.writePlanes(handles, offset, count, dest, destOffset, planeStride);
        return dest;
    }

    /**
     * Writes the world matrices of {@code count} nodes into a byte buffer starting at its position (unchanged), in
     * the buffer's byte order. See {@link #writeWorldMatrices(long[], int, int, MatrixLayout, FloatBuffer)}.
     *
     * @param handles node handles
     * @param offset first handle to use
     * @param count number of matrices
     * @param layout matrix layout
     * @param dest destination
     * @return the number of bytes written
     * @throws IllegalArgumentException if a handle is stale, or an array or the buffer's remaining space is too
     *     short
     */
    public int writeWorldMatrices(long[] handles, int offset, int count, MatrixLayout layout, ByteBuffer dest) {
        prepareExport(handles, offset, count, dest.remaining(), 0, (long) count * layout.bytes());
        return export.write(handles, offset, count, layout, dest);
    }

    /**
     * What every bulk export does before it writes: checks the handles' range, the destination's room
     * ({@code required} elements from {@code at} within {@code length}) and every handle, then brings the stale
     * nodes up to date.
     */
    private void prepareExport(long[] handles, int offset, int count, int length, int at, long required) {
        requireRoom("handles", handles.length, offset, count);
        requireRoom("dest", length, at, required);
        for (int k = 0; k < count; k++) {
            slots.liveSlot(handles[offset + k]);
        }
        refreshStale();
    }

    /**
     * Writes the world matrix of every node whose world changed after version {@code sinceVersion} (all nodes for
     * {@code sinceVersion < 0}), in parent-before-child order, into {@code dest} from its position (unchanged), and
     * the matching handles into {@code handlesOut}. A renderer that uploaded at version {@code V} passes {@code V}
     * to upload only what changed since. Stale nodes are brought up to date first. O(capacity) to scan the
     * versions, plus O(written).
     *
     * @param sinceVersion the version last seen ({@link #version()} at the previous upload), or -1 for all
     * @param layout matrix layout
     * @param dest destination buffer
     * @param handlesOut receives the handle of each written matrix, from index 0
     * @return the number of matrices written
     * @throws IllegalArgumentException if {@code dest} or {@code handlesOut} is too small (nothing written)
     */
    public int writeChangedSince(long sinceVersion, MatrixLayout layout, FloatBuffer dest, long[] handlesOut) {
        refreshStale();
        long pending = version + 1;
        int count = 0;
        for (int node = 0; node < store.nodeEnd; node++) {
            if (store.modes[node] != MODE_HOLE && effectiveVersion(node, pending) > sinceVersion) {
                count++;
            }
        }
        requireRoom("handlesOut", handlesOut.length, 0, count);
        requireRoom("dest", dest.remaining(), 0, (long) count * layout.floats());
        int at = dest.position();
        int floats = layout.floats();
        float[] chunk = export.chunk(count, layout);
        int k = 0;
        int inChunk = 0;
        for (int node = 0; node < store.nodeEnd && k < count; node++) {
            if (store.modes[node] != MODE_HOLE && effectiveVersion(node, pending) > sinceVersion) {
                store.convertWorld(node, layout, chunk, inChunk * floats);
                handlesOut[k++] = slots.handleOf(store.slotOfNode[node]);
                if (++inChunk == WorldExport.CHUNK_NODES) {
                    export.put(dest, at + (k - inChunk) * floats, inChunk * floats);
                    inChunk = 0;
                }
            }
        }
        if (inChunk > 0) {
            export.put(dest, at + (k - inChunk) * floats, inChunk * floats);
        }
        return count;
    }

    private long effectiveVersion(int node, long pending) {
        return Bits.get(changedBits, node) ? pending : versions.stored(node);
    }

    /** The version stamped on a node (for tests). */
    long storedVersion(int node) {
        return versions.stored(node);
    }

    /** Stamps one node's version (for tests). */
    void setStoredVersion(int node, long stamp) {
        versions.setStored(node, stamp);
    }

    // =====================================================================================================
    // Invariants
    // =====================================================================================================

    /**
     * Verifies every internal invariant: slot table and free list, sibling and root lists (doubly linked, counted,
     * acyclic, every live node reachable once), dense order (parents before children, slot ↔ node maps, holes
     * clean), stale closure (a stale node's children are stale), every up-to-date world matrix bit-identical to
     * {@code parentWorld × local}, valid cached inverses, finite locals and unit quaternions. O(capacity); meant for
     * tests and debugging.
     *
     * @throws IllegalStateException describing the first violation found
     */
    public void checkInvariants() {
        slots.checkInvariants(liveCount);
        for (int s = 0; s < slots.slotEnd; s++) {
            int node = slots.nodeOfSlot[s];
            if (node != NONE) {
                check(node >= 0 && node < store.nodeEnd, "slot ", s, " maps to node out of range: ", node);
                check(store.slotOfNode[node] == s, "slot ", s, " maps to node whose slot is ", store.slotOfNode[node]);
            }
        }
        if (breadthFirst) {
            // every node's children fill [childStarts[n], childStarts[n] + count): in sibling order, or (after a
            // packing for activity) those whose subtrees changed first, each group in sibling order
            for (int n = 0; n < store.nodeEnd; n++) {
                int start = store.childStarts[n];
                int end = start + slots.childCounts[store.slotOfNode[n]];
                for (int c = slots.firstChildSlots[store.slotOfNode[n]]; c != NONE; c = slots.nextSiblingSlots[c]) {
                    check(slots.nodeOfSlot[c] >= start && slots.nodeOfSlot[c] < end,
                            "breadth-first layout: a child of node ", n,
                            " lies outside its children's range, at ", slots.nodeOfSlot[c]);
                }
            }
        }
        int holes = 0;
        for (int node = 0; node < store.nodeEnd; node++) {
            int slot = store.slotOfNode[node];
            if (store.modes[node] == MODE_HOLE) {
                holes++;
                check(slot == NONE, "hole at node ", node, " names slot ", slot);
                check(!Bits.get(staleBits, node) && !Bits.get(changedBits, node), "hole with flags at node ", node,
                        "", 0);
                continue;
            }
            check(slot >= 0 && slot < slots.slotEnd && slots.nodeOfSlot[slot] == node, "node ", node, " has bad slot ",
                    slot);
            int p = store.parentNodes[node];
            int ps = slots.parentSlots[slot];
            check(p == (ps == NONE ? NONE : slots.nodeOfSlot[ps]), "node ", node, " dense parent disagrees: ", p);
            check(p < node, "parent after child: node=", node, " parent=", p);
            store.loadLocal(node, matrixD, 0);
            for (int k = 0; k < (store.modes[node] == MODE_TRS ? Affine.TRS_STRIDE : Affine.STRIDE); k++) {
                check(Float.isFinite(matrixD[k]), "non-finite local at node ", node, " element ", k);
            }
            check(Bits.get(store.matrixBits, node) == (store.modes[node] == MODE_MATRIX),
                    "matrix bit disagrees with mode at node ",
                    node, "", 0);
            if (store.modes[node] == MODE_TRS) {
                double len = 0;
                for (int k = 0; k < 4; k++) {
                    len += (double) matrixD[Affine.TRS_Q + k] * matrixD[Affine.TRS_Q + k];
                }
                check(Math.abs(len - 1) < 1e-5, "non-unit quaternion at node ", node, " length² x1e6 ",
                        (int) (len * 1e6));
            }
            boolean stale = Bits.get(staleBits, node);
            if (stale) {
                int w = node >>> 6;
                check(w >= staleLoWord && w < staleHiWord, "stale node ", node, " outside the tracked words ", w);
            } else {
                check(p == NONE || !Bits.get(staleBits, p), "up-to-date node ", node, " under stale parent ", p);
                if (store.records) {
                    LocalToWorld.computeNodeIntoRecords(store.locals, store.modes, store.parentNodes, store.worlds, node,
                            matrixE, 0);
                } else {
                    LocalToWorld.computeNodeInto(store.locals, store.modes, store.parentNodes, store.worlds,
                            store.modes.length, node, matrixE, 0);
                }
                loadWorld(node, matrixD, 0);
                for (int k = 0; k < WORLD_PLANES; k++) {
                    check(Float.floatToIntBits(matrixE[k]) == Float.floatToIntBits(matrixD[k]),
                            "world matrix of node ", node, " is out of date at element ", k);
                }
                if (store.inverseValidBits != null && Bits.get(store.inverseValidBits, node)) {
                    check(Affine.invert(matrixD, 0, matrixA, 0), "cached inverse of singular node ",
                            node, "", 0);
                    for (int k = 0; k < Affine.STRIDE; k++) {
                        check(matrixA[k] == store.inverses[node * Affine.STRIDE + k], "cached inverse of node ", node,
                                " is out of date at element ", k);
                    }
                }
            }
            if (Bits.get(changedBits, node)) {
                int w = node >>> 6;
                check(w >= changedLoWord && w < changedHiWord, "changed node ", node, " outside tracked words ", w);
            }
        }
        check(holes == store.holeCount, "holes ", holes, " but holeCount=", store.holeCount);
        changes.checkInvariants(store.nodeEnd, store.modes);
        for (int node = store.nodeEnd; node < store.modes.length; node++) {
            check(!Bits.get(staleBits, node) && !Bits.get(changedBits, node) && !Bits.get(store.matrixBits, node),
                    "flag past the end at node ", node, "", 0);
        }
    }


    @Override
    public String toString() {
        return "Hierarchy[nodes=" + liveCount + ", roots=" + slots.rootCount + ", holes=" + store.holeCount + ", capacity="
                + store.modes.length + ", version=" + version + ", layout=" + (store.records ? "records" : "planes") + "]";
    }

    // =====================================================================================================
    // Internals: staleness and recomputation
    // =====================================================================================================

    /** Recomputes every stale node (parents first) without publishing; the nodes join the next change set. */
    private void refreshStale() {
        if (staleLoWord >= staleHiWord) {
            return;
        }
        scannedWords += staleHiWord - staleLoWord;
        long[] inverseValid = store.inverseValidBits;
        if (inverseValid != null) {
            for (int w = staleLoWord; w < staleHiWord; w++) {
                inverseValid[w] &= ~staleBits[w]; // these world matrices are about to change
            }
        }
        chooseLayout();
        if (parallel == null || !refreshStaleInParallel()) {
            recomputedNodes += propagateStale();
        }
        changedLoWord = Math.min(changedLoWord, staleLoWord);
        changedHiWord = Math.max(changedHiWord, staleHiWord);
        staleLoWord = Integer.MAX_VALUE;
        staleHiWord = 0;
    }

    /** The sequential body of {@link #refreshStale()}: stamps the stale nodes' versions and computes them. */
    private int propagateStale() {
        NodeStorage st = store;
        versions.stamp(staleBits, version + 1, staleLoWord << 6, Math.min(st.nodeEnd, staleHiWord << 6));
        if (st.records) {
            return LocalToWorld.propagateStaleRecords(st.locals, st.modes, st.parentNodes, st.worlds, staleBits,
                    staleLoWord, staleHiWord, changedBits);
        }
        Arrays.fill(batchStats, 0);
        int count = LocalToWorld.propagateStale(st.locals, st.modes, st.parentNodes, st.worlds, st.modes.length,
                staleBits, staleLoWord, staleHiWord, changedBits, st.matrixBits, st.wordPlans,
                VectorSupport.active() ? vectorKinds : 0, batchStats);
        chooseVectorKinds(count);
        return count;
    }

    /**
     * Under {@link StorageLayout#AUTOMATIC}, before a refresh: a dense refresh, one that would cost less in planes
     * than in records, is computed in planes (from records once dense refreshes have paid for the conversion, below);
     * a sparse one counts its nodes as single-node work, and in planes converts to records once that work reaches
     * {@link #recordsWork}. The costs are estimated in units of one node of a vector word: in planes, a word with at
     * least {@link LocalToWorld#DENSE_WORD_MIN} stale nodes is computed whole (64 units) and a node elsewhere alone
     * ({@link Tuning#planeNodeCost}); in records every stale node alone ({@link Tuning#recordNodeCost}). Without the vector
     * path no refresh is dense. In records, dense refreshes convert back to planes once what they would have saved
     * there adds up to a conversion's cost ({@link Tuning#planesConversionCost}); the refresh that reaches it runs in
     * planes. O(stale words).
     */
    private void chooseLayout() {
        if (layoutPolicy != StorageLayout.AUTOMATIC) {
            return;
        }
        if (activeBits == null || activeBits.length != staleBits.length || activityLayout != layoutVersion) {
            startActivityWindow();
        }
        long[] active = activeBits;
        long stale = 0;
        long planesCost = 0;
        for (int w = staleLoWord; w < staleHiWord; w++) {
            long word = staleBits[w];
            if (word == 0L) { // most words between a sparse update's first and last
                continue;
            }
            active[w] |= word;
            int bits = Long.bitCount(word);
            stale += bits;
            planesCost += Adaptation.planesCost(tuning, bits);
        }
        activityWork += stale;
        // without the vector path every node is computed alone, which records do at least as fast
        if (Adaptation.isDense(tuning, vectorKinds != 0, stale, planesCost)) {
            singleNodeWork = 0;
            if (store.records) {
                denseGain += Adaptation.denseGain(tuning, stale, planesCost);
                if (Adaptation.convertsToPlanes(tuning, denseGain, liveCount)) {
                    useLayout(false);
                }
            }
        } else {
            denseGain = 0;
            if (!store.records) {
                singleNodeWork += stale;
                if (recordsEarned()) {
                    useLayout(true);
                }
            }
        }
    }

    /** Begins an activity window: no node active yet, as of the current {@link #layoutVersion}. */
    private void startActivityWindow() {
        if (activeBits == null || activeBits.length != staleBits.length) {
            activeBits = new long[staleBits.length];
        } else {
            Arrays.fill(activeBits, 0L);
        }
        activityWork = 0;
        activityLayout = layoutVersion;
    }

    /**
     * Under {@link StorageLayout#AUTOMATIC}, at the end of an activity window (refreshes that computed
     * {@link Tuning#activityWindowFactor} times the live nodes, with no node moved or destroyed): when the nodes those
     * refreshes found stale are at most a {@link Tuning#activeShareMax}th of the live nodes (and the hierarchy holds at
     * most {@link Tuning#packMaxNodes}, which bounds the rewrite's pause) and spread over at least
     * twice as many words of the layout as a rewrite would pack them into, rewrites the layout with the subtrees that hold them first among their siblings at every level
     * ({@link #breadthFirstClusters}). A hierarchy that animates the same few nodes frame after frame then refreshes
     * a few dense vector words instead of single nodes scattered over the whole layout; one whose changes move around
     * (a different random part each frame) marks most words within a window, so nothing is rewritten. The estimate
     * of what a rewrite packs is the density the latest one achieved. O(words), plus O(nodes) for a rewrite, which
     * allocates the new arrays. Then a new window begins.
     */
    private void maybePackActive() {
        long[] active = activeBits;
        int words = 0;
        long count = 0;
        for (int w = 0, end = Bits.words(store.nodeEnd); w < end; w++) {
            long bits = active[w];
            if (bits != 0L) {
                words++;
                count += Long.bitCount(bits);
            }
        }
        if (Adaptation.packsActiveNodes(tuning, count, words, packedWordsPerActive, liveCount)) {
            listChanges();
            compact(active);
            activityPackings++;
        }
        startActivityWindow();
    }

    /** Whether {@link StorageLayout#AUTOMATIC}'s single-node work has earned a conversion to records (see chooseLayout). */
    private boolean recordsEarned() {
        return layoutPolicy == StorageLayout.AUTOMATIC
                && Adaptation.convertsToRecords(tuning, singleNodeWork, liveCount);
    }

    /**
     * Converts {@link NodeStorage#locals} and {@link NodeStorage#worlds} to records ({@code true}) or planes; nothing if they are in it
     * already. O(nodes); allocates the two new arrays.
     */
    private void useLayout(boolean toRecords) {
        singleNodeWork = 0;
        denseGain = 0;
        if (store.convert(toRecords)) {
            layoutChanges++;
        }
    }

    /**
     * Sets how local transforms and world matrices are laid out in memory (see {@link StorageLayout}); a fixed layout
     * is converted to at once, O(nodes). Results are bit-identical in every layout. Default:
     * {@link StorageLayout#AUTOMATIC}.
     *
     * @param layout the layout, or {@link StorageLayout#AUTOMATIC} to let the hierarchy choose
     * @throws NullPointerException if {@code layout} is null
     */
    public void setStorageLayout(StorageLayout layout) {
        Objects.requireNonNull(layout, "layout");
        layoutPolicy = layout;
        if (layout != StorageLayout.AUTOMATIC) {
            useLayout(layout == StorageLayout.RECORDS);
        }
        singleNodeWork = 0;
    }

    /**
     * The layout asked for with {@link #setStorageLayout}; O(1).
     *
     * @return the policy, {@link StorageLayout#AUTOMATIC} by default
     */
    public StorageLayout storageLayout() {
        return layoutPolicy;
    }

    /**
     * The layout in use now: {@link StorageLayout#PLANES} or {@link StorageLayout#RECORDS}, whatever the policy. O(1).
     *
     * @return the current layout
     */
    public StorageLayout currentStorageLayout() {
        return store.records ? StorageLayout.RECORDS : StorageLayout.PLANES;
    }

    /**
     * Chooses the batch shapes the next refresh computes on the vector path, from this refresh's size and counts.
     * Each shape has its own vector method, and the JIT compiles a method fully only after thousands of calls; until
     * then the Vector API runs as plain Java code, slowly and allocating. A shape that comes only a few times per
     * update keeps its method there for thousands of updates, and in large updates that lasts long (measured on JDK
     * 17: {@code game-100k}'s two batches with gathered parents per update allocated 21,120 bytes per update for its
     * first 9,000 or so, about five seconds of back-to-back updates). So after a refresh of at least
     * {@link Tuning#vectorShapeLargeRefresh} nodes the usual shape (one-vector windows) stays on the vector path, and
     * each rarer one (two-vector windows; roots or gathered parents) only if it had at least
     * {@link Tuning#vectorShapeMin} batches; the others take the scalar loop, at a cost of well under a microsecond per
     * update. After a smaller refresh every shape is on: such updates are fast, so even a method called once per
     * update is compiled within a fraction of a second, and the scalar loop would cost a measurable share of them.
     *
     * @param refreshed the nodes this refresh computed
     */
    private void chooseVectorKinds(int refreshed) {
        vectorKinds = Adaptation.vectorKinds(tuning, vectorKinds, refreshed, batchStats[LocalToWorld.STAT_WIDE],
                batchStats[LocalToWorld.STAT_GENERAL]);
    }

    /**
     * The parallel body of {@link #refreshStale()}, when the stale set is large and the layout allows a split:
     * the nodes above the cut level on this thread, the levels below on all threads, nodes appended since the
     * latest compaction on this thread; then the stale bits become changed bits. Returns false (computing nothing)
     * when the update should stay sequential.
     */
    private boolean refreshStaleInParallel() {
        int staleCount = 0;
        for (int w = staleLoWord; w < staleHiWord; w++) {
            staleCount += Long.bitCount(staleBits[w]);
        }
        if (staleCount < PARALLEL_MIN_NODES) {
            return false;
        }
        if (plan == null) { // setUpdateThreads and every layout change drop the plan
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
        if ((long) (store.nodeEnd - plan.mainEnd) * 8 >= liveCount) {
            planFailed = true; // many nodes appended since the layout was written: rewrite after this update
        }
        NodeStorage st = store;
        int c = st.records ? 0 : st.modes.length; // 0: the record layout (ParallelUpdate.computeStale)
        int kinds = VectorSupport.active() ? vectorKinds : 0;
        long stamp = version + 1;
        Arrays.fill(batchStats, 0);
        versions.stamp(staleBits, stamp, 0, plan.cutStart);
        int count = ParallelUpdate.computeStale(st.locals, st.modes, st.parentNodes, st.worlds, c, staleBits,
                st.matrixBits, st.wordPlans, 0, plan.cutStart, kinds, batchStats);
        count += parallel.run(plan, st.locals, st.modes, st.parentNodes, st.worlds, c, staleBits, st.matrixBits,
                st.wordPlans, kinds, versions.nodes, versions.words, stamp, batchStats);
        versions.stamp(staleBits, stamp, plan.mainEnd, st.nodeEnd);
        count += ParallelUpdate.computeStale(st.locals, st.modes, st.parentNodes, st.worlds, c, staleBits,
                st.matrixBits, st.wordPlans, plan.mainEnd, st.nodeEnd, kinds, batchStats);
        assert count == staleCount : "computed " + count + " of " + staleCount;
        recomputedNodes += count;
        if (!store.records) {
            chooseVectorKinds(count);
        }
        parallelUpdates++;
        // the workers left the bits alone; settle them here
        for (int w = staleLoWord; w < staleHiWord; w++) {
            changedBits[w] |= staleBits[w];
            staleBits[w] = 0L;
        }
        return true;
    }

    /**
     * Sets how many threads {@link #update()} may use. With more than one, an update with at least
     * {@link #PARALLEL_MIN_NODES} stale nodes is split between this thread and {@code threads - 1} worker threads,
     * created here once (daemon threads named {@code arbor-update-N}, parked between updates, stopped by
     * {@code setUpdateThreads(1)} or when the hierarchy becomes unreachable); smaller updates stay on the caller's
     * thread. The split needs a layout that compaction writes (breadth-first, or for a large forest clusters of
     * trees, each breadth-first) or trees created one after another: otherwise the first large update after a scene
     * was built (or much changed) runs sequentially and rewrites the layout once. Bulk setters
     * ({@link #setLocalRotations}, {@link #setLocalTranslations}, {@link #setLocalScales}) of at least
     * {@link #PARALLEL_MIN_NODES} nodes are split between the same threads; a batch that names one node twice far
     * apart, or gives a rotation or scale to an explicit matrix, runs on the caller's thread. Results are
     * bit-identical to sequential updates and setters, errors included. Default: 1.
     *
     * @param threads 1 for sequential updates, up to {@link #MAX_UPDATE_THREADS}
     * @throws IllegalArgumentException if {@code threads} is out of range
     */
    public void setUpdateThreads(int threads) {
        if (threads < 1 || threads > MAX_UPDATE_THREADS) {
            throw new IllegalArgumentException("threads out of range: threads=" + threads + ", allowed=[1, "
                    + MAX_UPDATE_THREADS + "]");
        }
        if (parallel != null && parallel.threads == threads) {
            return;
        }
        if (cleanup != null) {
            cleanup.clean();
            cleanup = null;
        }
        parallel = null;
        plan = null;
        if (threads > 1) {
            ParallelUpdate workers = new ParallelUpdate(threads);
            parallel = workers;
            cleanup = CLEANER.register(this, workers::shutdown);
        }
    }

    /** @return the thread count set by {@link #setUpdateThreads(int)} (1 by default) */
    public int updateThreads() {
        return parallel == null ? 1 : parallel.threads;
    }


    /** Makes one node's world matrix exact by recomputing its stale ancestor chain, top-down. */
    private void ensureWorld(int node) {
        if (Bits.get(staleBits, node)) {
            recomputeChain(node, null, 0);
        }
    }

    /**
     * Writes one node's exact world matrix to {@code dest}: loaded from the planes when it is up to date, else
     * written by the recomputation itself, so that a read after a set does not load back what it just stored.
     */
    private void worldInto(int node, float[] dest, int offset) {
        if (Bits.get(staleBits, node)) {
            recomputeChain(node, dest, offset);
        } else {
            loadWorld(node, dest, offset);
        }
    }

    /** Recomputes a stale node after its stale ancestors, top-down; the node's result also goes to {@code copy}. */
    private void recomputeChain(int node, float[] copy, int at) {
        if (!store.records && recordsEarned()) {
            useLayout(true);
        }
        int parent = store.parentNodes[node];
        if (parent != NONE && Bits.get(staleBits, parent)) { // usually not: only the node itself is stale
            int depth = 0;
            int n = parent;
            while (n != NONE && Bits.get(staleBits, n)) {
                if (depth == scratch.length) {
                    scratch = Arrays.copyOf(scratch, scratch.length * 2);
                }
                scratch[depth++] = n;
                n = store.parentNodes[n];
            }
            for (int k = depth - 1; k >= 0; k--) {
                recomputeOne(scratch[k], null, 0);
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
            singleNodeWork++;
        }
        // its world version is stamped by the next update, from the changed bit (which effectiveVersion reads until
        // then): one random store less per lazy read
        recomputedNodes++;
        Bits.clear(staleBits, c);
        setChanged(c);
        if (store.inverseValidBits != null) {
            Bits.clear(store.inverseValidBits, c);
        }
    }

    private void ensureInverse(int node, long handle) {
        ensureWorld(node);
        if (store.inverses == null) {
            store.inverses = new float[store.modes.length * Affine.STRIDE];
            store.inverseValidBits = new long[staleBits.length];
        }
        if (!Bits.get(store.inverseValidBits, node)) {
            loadWorld(node, matrixE, 0);
            invertOrThrow(matrixE, 0, store.inverses, node * Affine.STRIDE, handle, "cannot invert the world matrix");
            Bits.set(store.inverseValidBits, node);
        }
    }

    private void invertOrThrow(float[] m, int mo, float[] out, long handle, String what) {
        invertOrThrow(m, mo, out, 0, handle, what);
    }

    private void invertOrThrow(float[] m, int mo, float[] out, int oo, long handle, String what) {
        if (!Affine.invert(m, mo, out, oo)) {
            throw new IllegalStateException(what + ": world matrix of " + Handles.toString(handle)
                    + " is not invertible: determinant=" + Affine.determinant(m, mo));
        }
    }

    private void setStale(int node) {
        Bits.set(staleBits, node);
        int w = node >>> 6;
        if (w < staleLoWord) {
            staleLoWord = w;
        }
        if (w >= staleHiWord) {
            staleHiWord = w + 1;
        }
    }

    private void setChanged(int node) {
        Bits.set(changedBits, node);
        int w = node >>> 6;
        if (w < changedLoWord) {
            changedLoWord = w;
        }
        if (w >= changedHiWord) {
            changedHiWord = w + 1;
        }
    }

    /**
     * Marks a node and its descendants stale. Relies on the stale closure (a stale node's descendants are stale):
     * stops at the node if it is stale already, and skips every already-stale subtree below it.
     */
    private void markSubtreeStale(int x) {
        markSubtreeStale(x, slots.nodeOfSlot[x]);
    }

    /** {@link #markSubtreeStale(int)} of slot {@code x}, whose node the caller has at hand. */
    private void markSubtreeStale(int x, int node) {
        if (Bits.get(staleBits, node)) {
            return;
        }
        if (rangeMarking) {
            if (breadthFirst) {
                int children = slots.childCounts[x];
                setStale(node);
                if (children > 0) { // a leaf has no child range to look up
                    int from = store.childStarts[node];
                    markSubtreeStaleByLevels(from, from + children - 1);
                }
                return;
            }
            if (contiguity == CONTIGUITY_UNKNOWN && walkedSinceCheck >= liveCount) {
                checkContiguity();
            }
            if (contiguity == CONTIGUOUS_SUBTREES
                    || contiguity == CONTIGUOUS_TREES && store.parentNodes[node] < 0) {
                markContiguousSubtree(node);
                return;
            }
        }
        setStale(node);
        markDescendantsByWalk(x);
    }

    /**
     * Marks the subtree of {@code node} in a layout where it is one range: {@code [node, end)}, ending at the first
     * later node whose parent lies before {@code node} (a root's -1 included).
     */
    private void markContiguousSubtree(int node) {
        int[] parents = store.parentNodes;
        int nodeEnd = store.nodeEnd;
        int end = node + 1;
        while (end < nodeEnd && parents[end] >= node) {
            end++;
        }
        setStaleRange(node, end);
    }

    /** Marks the descendants of slot {@code x} by a walk of the links, skipping subtrees that are stale already. */
    private void markDescendantsByWalk(int x) {
        int[] firstChild = slots.firstChildSlots;
        int s = firstChild[x];
        if (s == NONE) {
            return;
        }
        int[] nextSibling = slots.nextSiblingSlots;
        int[] parent = slots.parentSlots;
        int[] nodeOf = slots.nodeOfSlot;
        while (true) {
            int n = nodeOf[s];
            walkedSinceCheck++;
            if (!Bits.get(staleBits, n)) {
                setStale(n);
                if (firstChild[s] != NONE) {
                    s = firstChild[s];
                    continue;
                }
            }
            while (nextSibling[s] == NONE) {
                s = parent[s];
                if (s == x) {
                    return;
                }
            }
            s = nextSibling[s];
        }
    }

    /**
     * Decides {@link #contiguity}, for a layout without holes: a pre-order when every node's parent lies on the path
     * from the latest root to the node before it (so that every subtree is contiguous); whole trees contiguous when
     * every node's parent lies at or after the latest root. O(n), with the ancestor path in {@link #path}.
     */
    private void checkContiguity() {
        walkedSinceCheck = 0;
        boolean subtrees = store.holeCount == 0;
        boolean trees = subtrees;
        int top = 0;
        int root = 0;
        int[] parents = store.parentNodes;
        for (int j = 0; j < store.nodeEnd && trees; j++) {
            int p = parents[j];
            if (p < 0) {
                top = 0;
                root = j;
            } else {
                trees = p >= root;
                while (subtrees && top > 0 && path[top - 1] != p) {
                    top--;
                }
                subtrees &= top > 0;
            }
            if (subtrees) {
                if (top == path.length) {
                    path = Arrays.copyOf(path, path.length * 2);
                }
                path[top++] = j;
            }
        }
        contiguity = subtrees ? CONTIGUOUS_SUBTREES : trees ? CONTIGUOUS_TREES : NOT_CONTIGUOUS;
    }

    /**
     * {@link #markSubtreeStale} in a {@link #breadthFirst} layout, below the node itself: its subtree is one
     * contiguous range per level, starting with its children {@code [lo, hi]}, and the range below a range
     * {@code [lo, hi]} runs from {@code childStarts[lo]} to the end of the children of {@code hi} (in a cluster
     * written breadth-first, children follow their parents' order). Each range is marked word-wise:
     * O(depth + subtree / 64), with three loads per level where the link walk chases pointers node by node
     * A level found stale already ends the marking.
     */
    private void markSubtreeStaleByLevels(int lo, int hi) {
        int[] starts = store.childStarts;
        while (true) {
            if (!setStaleRangeChanged(lo, hi + 1)) {
                return; // the whole level was stale already, and so, by the stale closure, is everything below it
            }
            // the children of [lo, hi] are the positions whose parent lies in it
            int from = starts[lo];
            int to = starts[hi] + slots.childCounts[store.slotOfNode[hi]];
            if (from >= to) {
                return;
            }
            lo = from;
            hi = to - 1;
        }
    }

    // =====================================================================================================
    // Internals: local transforms
    // =====================================================================================================

    private void localMatrix(int node, float[] dest, int offset) {
        if (store.modes[node] == MODE_TRS) {
            store.loadLocal(node, matrixD, 0);
            Affine.composeTrs(matrixD, 0, dest, offset);
        } else {
            store.loadLocal(node, dest, offset);
        }
    }

    /** @return a scratch array holding the node's TRS record (decomposed from an explicit matrix if need be) */
    private float[] localTrs(int node) {
        if (store.modes[node] == MODE_TRS) {
            store.loadLocal(node, matrixC, 0);
        } else {
            store.loadLocal(node, matrixD, 0);
            Affine.decompose(matrixD, 0, matrixC, 0);
        }
        return matrixC;
    }

    /** Converts an explicit local matrix to TRS in place if it has no shear; otherwise throws. */
    private void requireTrsLocal(int node, long handle) {
        if (store.modes[node] == MODE_TRS) {
            return;
        }
        checkSplittable(node, handle);
        store.loadLocal(node, matrixD, 0);
        Affine.decompose(matrixD, 0, matrixC, 0);
        writeLocal(node, MODE_TRS, matrixC);
    }

    private void checkSplittable(int node, long handle) {
        if (chooseLocalForm(MODE_TRS, copyLocal(node), matrixC) != MODE_TRS) {
            throw new IllegalStateException("cannot set rotation or scale alone: " + Handles.toString(handle)
                    + " has an explicit local matrix with shear; set the whole local with setLocalTrs or "
                    + "setLocalMatrix");
        }
    }

    private float[] copyLocal(int node) {
        store.loadLocal(node, matrixA, 0);
        return matrixA;
    }

    /**
     * Decides how to store a local matrix: as TRS (written to {@code trsOut}) when the node prefers TRS and the
     * linear part round-trips through TRS within {@link #TRS_TOLERANCE} of each column's length
     * ({@link Affine#trsDeviation}: the translation, which TRS keeps exactly, is not compared), else as an explicit
     * matrix. So dropping what is below the tolerance moves a world column by at most {@code TRS_TOLERANCE × κ} of
     * its length (κ: condition number of the parent's linear part) and no translation.
     */
    private byte chooseLocalForm(byte preferred, float[] matrix, float[] trsOut) {
        if (preferred != MODE_TRS) {
            return MODE_MATRIX;
        }
        return Affine.trsDeviation(matrix, 0, trsOut, 0, matrixE, 0) <= TRS_TOLERANCE ? MODE_TRS : MODE_MATRIX;
    }

    private void writeLocal(int node, byte mode, float[] source) {
        store.setMode(node, mode);
        if (mode == MODE_TRS) {
            store.storeLocalFrom(node, 0, source, 0, Affine.TRS_STRIDE);
            store.storeLocalFrom(node, Affine.TRS_STRIDE, IDENTITY_TRS, Affine.TRS_STRIDE, 2);
        } else {
            store.storeLocalFrom(node, 0, source, 0, Affine.STRIDE);
        }
    }

    /** Copies a node's world matrix out of storage: 12 floats, column-major (the storage's own order). */
    private void loadWorld(int node, float[] dest, int d) {
        store.convertWorld(node, MatrixLayout.COLUMN_MAJOR_3X4, dest, d);
    }

    private static void normalizedQuaternion(long handle, float x, float y, float z, float w, float[] dest, int d) {
        checkRotation(handle, x, y, z, w);
        normalizeInto(x, y, z, w, dest, d, 1);
    }

    /**
     * Checks a rotation quaternion (finite, not zero). A float test of the squared length settles the usual case;
     * NaN, infinity, zero and extreme magnitudes fall through to the exact check, which throws.
     */
    private static void checkRotation(long handle, float x, float y, float z, float w) {
        if (!QuaternionRuns.inRange(x * x + y * y + z * z + w * w)) {
            requireRotation(handle, x, y, z, w);
        }
    }

    /**
     * Writes a checked quaternion to {@code dest[d + k × stride]}, k = x, y, z, w: as given when its squared length
     * is within {@link #UNIT_TOLERANCE} of 1, else normalised in double. The float sum errs by at most about 4.2e-7,
     * so within 5e-7 of 1 in float the exact length is within the tolerance; otherwise the exact test decides.
     */
    private static void normalizeInto(float x, float y, float z, float w, float[] dest, int d, int stride) {
        if (!QuaternionRuns.isUnit(x * x + y * y + z * z + w * w)) {
            double len2 = (double) x * x + (double) y * y + (double) z * z + (double) w * w;
            if (Math.abs(len2 - 1.0) > UNIT_TOLERANCE) {
                double inv = 1.0 / Math.sqrt(len2);
                x = (float) (x * inv);
                y = (float) (y * inv);
                z = (float) (z * inv);
                w = (float) (w * inv);
            }
        }
        dest[d] = x;
        dest[d + stride] = y;
        dest[d + 2 * stride] = z;
        dest[d + 3 * stride] = w;
    }

    private static void requireFinite3(String what, long handle, float x, float y, float z) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new IllegalArgumentException(what + " of " + Handles.toString(handle) + " is not finite: (" + x
                    + ", " + y + ", " + z + ")");
        }
    }

    private static void requireFiniteMatrix(String what, long handle, float[] m, int offset, int count) {
        for (int k = 0; k < count; k++) {
            if (!Float.isFinite(m[offset + k])) {
                throw new IllegalArgumentException(what + " of " + Handles.toString(handle) + " is not finite: element "
                        + k + " = " + m[offset + k]);
            }
        }
    }

    private static void requireAffine4x4(long handle, float[] m, int o) {
        if (m[o + 3] != 0f || m[o + 7] != 0f || m[o + 11] != 0f || m[o + 15] != 1f) {
            throw new IllegalArgumentException("local matrix of " + Handles.toString(handle)
                    + " is not affine: last row = (" + m[o + 3] + ", " + m[o + 7] + ", " + m[o + 11] + ", " + m[o + 15]
                    + "), required (0, 0, 0, 1)");
        }
        requireFiniteMatrix("local matrix", handle, m, o, 16);
    }

    // =====================================================================================================
    // Internals: slots, links, dense storage
    // =====================================================================================================

    private static void checkInsertIndex(int index, int count) {
        if (index < 0 || index > count) {
            throw new IllegalArgumentException("index out of range: index=" + index + ", allowed=[0, " + count + "]");
        }
    }

    private static void requireRoom(String what, int length, int offset, long required) {
        if (offset < 0 || required < 0 || offset + required > length) {
            throw new IllegalArgumentException(what + " too short: length=" + length + ", required=" + (offset + required)
                    + (offset != 0 ? " (offset=" + offset + ")" : ""));
        }
    }

    private static int grownCapacity(int current, int needed) {
        long grown = Math.max((long) needed, (long) current + (current >> 1) + 16);
        if (needed > MAX_NODES) {
            throw new IllegalStateException("hierarchy full: nodes=" + needed + ", maximum=" + MAX_NODES);
        }
        return setFriendly((int) Math.min(grown, MAX_NODES));
    }

    /**
     * Rounds a capacity up to the next value ≡ 16 (mod 32), so that the planes of one array (capacity × 4 bytes
     * apart) start an odd number of 64-byte lines apart and a node's planes fall into different cache sets. With a
     * capacity that is a multiple of 1,024, every plane of a node maps to the same set of an 8-way cache: measured
     * (a 6,000-node scene, JDK 17) {@code new Hierarchy(8192)} updated at 87–95 ns/node against
     * 12–14 for capacities 6,000 and 8,208.
     */
    static int setFriendly(int capacity) {
        long padded = (((long) capacity + 31) & ~31L) | 16L;
        return (int) Math.min(padded, MAX_NODES);
    }

    /**
     * Forgets what is known about the layout's shape ({@link #breadthFirst}, {@link #contiguity}): called by everything
     * that creates, moves, reorders or destroys a node.
     */
    private void structureChanged() {
        structureVersion++;
        breadthFirst = false;
        contiguity = CONTIGUITY_UNKNOWN;
    }

    /** Writes the subtree's slots in pre-order into {@link #scratch}; returns the count. */
    private int collectSubtree(int x) {
        int count = 0;
        for (int s = x; s != NONE; s = slots.nextInPreOrder(s, x)) {
            if (count == scratch.length) {
                scratch = Arrays.copyOf(scratch, scratch.length * 2);
            }
            scratch[count++] = s;
        }
        return count;
    }

    private void makeHole(int node) {
        structureChanged();
        store.setMode(node, MODE_HOLE);
        store.slotOfNode[node] = NONE;
        store.setParentNode(node, NONE);
        Bits.clear(staleBits, node);
        Bits.clear(changedBits, node);
        if (store.inverseValidBits != null) {
            Bits.clear(store.inverseValidBits, node);
        }
        store.holeCount++;
    }

    /** Moves a subtree's dense data, in pre-order, to the end of the dense arrays; room must be reserved. */
    private void moveSubtreeToEnd(int x, int size) {
        structureChanged();
        listChanges();
        layoutVersion++;
        assert store.nodeEnd + size <= store.modes.length;
        for (int s = x; s != NONE; s = slots.nextInPreOrder(s, x)) {
            int from = slots.nodeOfSlot[s];
            int to = store.nodeEnd++;
            movedNodes++;
            appendedSinceCompaction++;
            store.copyNode(store.locals, from, store.locals, to);
            store.copyNode(store.worlds, from, store.worlds, to);
            store.setMode(to, store.modes[from]);
            versions.setStored(to, versions.stored(from));
            store.setParentNode(to, s == x ? NONE : slots.nodeOfSlot[slots.parentSlots[s]]);
            store.slotOfNode[to] = s;
            slots.nodeOfSlot[s] = to;
            if (Bits.get(staleBits, from)) {
                setStale(to);
            }
            if (Bits.get(changedBits, from)) {
                setChanged(to);
            }
            if (store.inverseValidBits != null && Bits.get(store.inverseValidBits, from)) {
                System.arraycopy(store.inverses, from * Affine.STRIDE, store.inverses, to * Affine.STRIDE,
                        Affine.STRIDE);
                Bits.set(store.inverseValidBits, to);
            }
            makeHole(from);
        }
    }

    /** @return the handle of the node at storage position {@code node}, or {@link #NULL} for a hole (for tests) */
    long handleAtStorage(int node) {
        return node < store.nodeEnd && store.modes[node] != MODE_HOLE ? slots.handleOf(store.slotOfNode[node]) : NULL;
    }

    /** @return whether the node at storage position {@code node} holds an explicit local matrix (for tests) */
    boolean matrixAtStorage(int node) {
        return store.modes[node] == MODE_MATRIX;
    }

    /** @return whether the layout was last found to be a pre-order, so that subtrees are marked as ranges (tests) */
    boolean marksPreOrderRanges() {
        return contiguity == CONTIGUOUS_SUBTREES;
    }

    /** @return whether the layout was last found to hold each tree contiguously, so roots mark ranges (tests) */
    boolean marksTreeRanges() {
        return contiguity == CONTIGUOUS_TREES;
    }

    /** @return whether subtrees are marked stale level by level (for tests) */
    boolean marksByLevels() {
        return breadthFirst;
    }

    /** @return nodes per plane of the dense arrays (for tests) */
    int denseCapacity() {
        return store.modes.length;
    }

    /** @return words of the stale bits with a node set (for tests) */
    int staleWords() {
        int words = 0;
        for (long bits : staleBits) {
            words += bits != 0L ? 1 : 0;
        }
        return words;
    }

    /** Rewrites the dense arrays now (for tests). */
    void compactNow() {
        listChanges();
        compact();
    }

    /** Makes room for {@code extra} more dense positions, compacting when holes are plentiful, else growing. */
    private void ensureDenseCapacity(int extra) {
        long needed = (long) store.nodeEnd + extra;
        if (needed <= store.modes.length) {
            return;
        }
        if (store.holeCount >= store.nodeEnd / 4 && (long) liveCount + extra <= store.modes.length) {
            compact();
            return;
        }
        int cap = grownCapacity(store.modes.length, (int) Math.min(needed, Integer.MAX_VALUE));
        store.grow(cap);
        versions.grow(cap);
        staleBits = Arrays.copyOf(staleBits, Bits.words(cap));
        changedBits = Arrays.copyOf(changedBits, Bits.words(cap));
        changes.resize(Bits.words(cap));
    }

    /** Drops holes at the end of the dense arrays; compacts when holes make up half of them. */
    private void trimAndMaybeCompact() {
        while (store.nodeEnd > 0 && store.modes[store.nodeEnd - 1] == MODE_HOLE) {
            store.nodeEnd--;
            store.holeCount--;
        }
        if (store.nodeEnd < mainEnd) {
            // new nodes will be appended inside the old breadth-first region: the split no longer holds
            mainEnd = store.nodeEnd;
            plan = null;
        }
        if (Adaptation.compactsHoles(store.holeCount, store.nodeEnd)) {
            compact();
        }
    }

    /**
     * The slots in the order compaction writes them: trees in root order, gathered into clusters of at least
     * {@link Tuning#clusterNodes} nodes when the forest allows it ({@link Adaptation#clusterTarget}; otherwise one cluster), each
     * cluster breadth-first with the children of one parent together. Within a cluster every level is then one
     * contiguous run whose parents lie in the run before it, which the vector kernel's batches need, and a subtree is
     * one range per level, which {@link #markSubtreeStaleByLevels} needs. With {@code active} (one bit per dense
     * position), the roots and the children of each node whose subtree holds an active node are written in three
     * groups, each in sibling order: the active ones, then those with an active descendant, then the others
     * ({@link #activityRanks}). The active nodes then lead every level of their clusters (the children of an active
     * node are active too, when active means stale), so that a refresh of them fills whole vector words. Sets
     * {@link #layoutClusters} and {@link NodeStorage#childStarts}. O(n).
     */
    private int[] breadthFirstClusters(long[] active) {
        byte[] rank = active == null ? null : activityRanks(active);
        // tree sizes by walking the links, which compaction follows (a reparent may compact before it updates the
        // parent indices), roots in the order they are written
        int rootLinks = 0;
        for (int r = slots.firstRootSlot; r != NONE; r = slots.nextSiblingSlots[r]) {
            rootLinks++;
        }
        int[] rootSlots = new int[rootLinks];
        int[] treeSizes = new int[rootLinks];
        int roots = 0;
        int largest = 0;
        for (int pass = rank == null ? 0 : ACTIVE; pass >= 0; pass--) {
            for (int r = slots.firstRootSlot; r != NONE; r = slots.nextSiblingSlots[r]) {
                if (rank == null || rank[r] == pass) {
                    rootSlots[roots] = r;
                    treeSizes[roots] = slots.subtreeSize(r);
                    largest = Math.max(largest, treeSizes[roots++]);
                }
            }
        }
        long target = Adaptation.clusterTarget(tuning, liveCount, largest);
        int[] queue = new int[liveCount];
        int tail = 0;
        int clusters = 0;
        int root = 0;
        while (root < roots) {
            int head = tail;
            long size = 0;
            do {
                queue[tail++] = rootSlots[root];
                size += treeSizes[root++];
            } while (root < roots && size < target);
            for (; head < tail; head++) {
                store.childStarts[head] = tail; // the queue index is the node's position in the new layout
                int p = queue[head];
                if (rank == null || rank[p] != HOLDS_ACTIVE) { // children of an active node are active, of an
                    for (int c = slots.firstChildSlots[p]; c != NONE; c = slots.nextSiblingSlots[c]) { // idle one idle
                        queue[tail++] = c;
                    }
                } else {
                    for (int pass = ACTIVE; pass >= 0; pass--) {
                        for (int c = slots.firstChildSlots[p]; c != NONE; c = slots.nextSiblingSlots[c]) {
                            if (rank[c] == pass) {
                                queue[tail++] = c;
                            }
                        }
                    }
                }
            }
            clusters++;
        }
        assert tail == liveCount : "queued " + tail + " of " + liveCount;
        layoutClusters = clusters;
        return queue;
    }

    /** {@link #activityRanks}: the node is active itself. */
    private static final byte ACTIVE = 2;
    /** {@link #activityRanks}: the node is not active, but a descendant is. */
    private static final byte HOLDS_ACTIVE = 1;

    /**
     * Per slot: {@link #ACTIVE} where the node's bit is set in {@code active} (one bit per dense position),
     * {@link #HOLDS_ACTIVE} where it is not but a descendant's is, else 0. Every ancestor of an active node is ranked
     * once. O(n).
     */
    private byte[] activityRanks(long[] active) {
        byte[] rank = new byte[slots.slotEnd];
        for (int w = 0, end = Bits.words(store.nodeEnd); w < end; w++) {
            for (long bits = active[w]; bits != 0L; bits &= bits - 1) {
                int node = (w << 6) + Long.numberOfTrailingZeros(bits);
                if (node < store.nodeEnd && store.modes[node] != MODE_HOLE) {
                    int s = store.slotOfNode[node];
                    rank[s] = ACTIVE;
                    for (s = slots.parentSlots[s]; s != NONE && rank[s] == 0; s = slots.parentSlots[s]) {
                        rank[s] = HOLDS_ACTIVE;
                    }
                }
            }
        }
        return rank;
    }

    /**
     * Rewrites the dense arrays without holes, in the order of {@link #breadthFirstClusters}. O(live nodes);
     * allocates the new arrays.
     */
    private void compact() {
        compact(null);
    }

    /**
     * {@link #compact()}, with the subtrees that hold a node set in {@code active} (one bit per dense position, or
     * null) first among their siblings; records the density it packs them into ({@link #packedWordsPerActive}).
     */
    private void compact(long[] active) {
        compactions++;
        layoutVersion++;
        listChanges();
        int cap = store.modes.length;
        float[] newLocals = LocalToWorld.newPlanes(cap, LOCAL_PLANES);
        float[] newWorlds = LocalToWorld.newPlanes(cap, WORLD_PLANES);
        long[] newMatrixBits = new long[store.matrixBits.length];
        byte[] newModes = new byte[cap];
        int[] newParents = new int[cap];
        int[] newSlots = new int[cap];
        long[] newVersions = new long[cap];
        long[] newStale = new long[staleBits.length];
        long[] newChanged = new long[changedBits.length];
        float[] newInverses = store.inverses == null ? null : new float[store.inverses.length];
        long[] newInverseValid = store.inverseValidBits == null ? null : new long[store.inverseValidBits.length];
        int[] queue = breadthFirstClusters(active);
        int to = 0;
        long activeCount = 0;
        int activeWords = 0;
        int activeWord = -1;
        int staleLo = Integer.MAX_VALUE;
        int staleHi = 0;
        int changedLo = Integer.MAX_VALUE;
        int changedHi = 0;
        for (int s : queue) {
            int from = slots.nodeOfSlot[s];
            store.copyNode(store.locals, from, newLocals, to);
            store.copyNode(store.worlds, from, newWorlds, to);
            newModes[to] = store.modes[from];
            if (store.modes[from] == MODE_MATRIX) {
                Bits.set(newMatrixBits, to);
            }
            newVersions[to] = versions.stored(from);
            newParents[to] = slots.parentSlots[s] == NONE ? NONE : slots.nodeOfSlot[slots.parentSlots[s]];
            newSlots[to] = s;
            if (Bits.get(staleBits, from)) {
                Bits.set(newStale, to);
                staleLo = Math.min(staleLo, to >>> 6);
                staleHi = (to >>> 6) + 1;
            }
            if (Bits.get(changedBits, from)) {
                Bits.set(newChanged, to);
                changedLo = Math.min(changedLo, to >>> 6);
                changedHi = (to >>> 6) + 1;
            }
            if (newInverseValid != null && Bits.get(store.inverseValidBits, from)) {
                System.arraycopy(store.inverses, from * Affine.STRIDE, newInverses, to * Affine.STRIDE, Affine.STRIDE);
                Bits.set(newInverseValid, to);
            }
            if (active != null && Bits.get(active, from)) {
                activeCount++;
                if (to >>> 6 != activeWord) {
                    activeWord = to >>> 6;
                    activeWords++;
                }
            }
            slots.nodeOfSlot[s] = to;
            to++;
        }
        assert to == liveCount;
        if (activeCount > 0) {
            packedWordsPerActive = (double) activeWords / activeCount;
        }
        store.locals = newLocals;
        store.worlds = newWorlds;
        store.matrixBits = newMatrixBits;
        store.wordPlans = new long[newMatrixBits.length];
        store.modes = newModes;
        store.parentNodes = newParents;
        store.slotOfNode = newSlots;
        versions.replace(newVersions); // every node's version is in newVersions
        staleBits = newStale;
        changedBits = newChanged;
        store.inverses = newInverses;
        store.inverseValidBits = newInverseValid;
        store.nodeEnd = to;
        breadthFirst = true;
        contiguity = CONTIGUITY_UNKNOWN;
        store.holeCount = 0;
        appendedSinceCompaction = 0;
        movesSinceCompaction = 0;
        mainEnd = to;
        plan = null;
        staleLoWord = staleLo;
        staleHiWord = staleHi;
        changedLoWord = changedLo;
        changedHiWord = changedHi;
    }
}
