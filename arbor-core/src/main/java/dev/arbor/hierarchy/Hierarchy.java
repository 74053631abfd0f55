package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;
import static dev.arbor.kernel.LocalToWorld.MODE_HOLE;
import static dev.arbor.kernel.LocalToWorld.MODE_MATRIX;
import static dev.arbor.kernel.LocalToWorld.MODE_TRS;

import dev.arbor.kernel.Bits;
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
 * that takes a handle rejects it with {@link IllegalArgumentException} naming the slot and both generations, even
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

    /** The handle table and the tree's links, by slot. */
    private final SlotTable slots;
    /** The thresholds of every adaptive decision ({@link Adaptation}). */
    private final Tuning tuning;

    // ---- dense node arrays: indexed by node, parents before children ----
    /** The packed node storage: locals, worlds, modes, parents, slots, in either layout. */
    private final NodeStorage store;
    /** The version of the update that published each node's latest world change. */
    private final WorldVersions versions;
    /** The stale bits and how subtrees are marked on them. */
    private final StaleMarking marking;
    /** Set where the world matrix is out of date ({@link #marking}'s bits); if a node is stale, so is every descendant. */
    private final TrackedBits stale;
    /** Set where the world matrix was recomputed since the last update (published by the next one). */
    private final TrackedBits changed;
    /** Moves nodes within the storage: holes, subtrees moved to the end, full rewrites. */
    private final Relayout relayout;
    /** Reads and writes locals in either form, TRS or explicit matrix. */
    private final LocalForms forms;
    /** The bulk setters of translations, rotations and scales. */
    private final BulkSetter bulk;
    /** Planes or records, and when to convert under {@link StorageLayout#AUTOMATIC}. */
    private final LayoutChoice layoutChoice;
    /** When to rewrite the storage with the nodes that keep changing packed together. */
    private final ActivityPacking packing;
    /** Brings stale world matrices up to date, batched or for one read; owns the update threads. */
    private final Refresh refresh;
    /** Creates, destroys, moves and reorders nodes; grows and rewrites the storage. */
    private final Structure structure;
    /** Exact world reads, cached inverses, and locals solved from a wanted world. */
    private final WorldSolver solver;
    /** Names, user ids and enabled flags, by slot. */
    private final NodeAttributes attributes = new NodeAttributes();
    /** Relative moves, world rotations and look-at, in double precision over the exact reads. */
    private final SpaceMoves moves = new SpaceMoves(this);
    /** The depth-first and breadth-first walks. */
    private final Traversal traversal = new Traversal();
    /** Told of destroyed and copied nodes. */
    private NodeListener[] nodeListeners = new NodeListener[0];
    private static final Vector3fc NEGATIVE_Z = new Vector3f(0, 0, -1);
    private static final Vector3fc POSITIVE_Y = new Vector3f(0, 1, 0);

    // ---- published change set ----
    private long version;
    /** The latest update's change set and the listeners told about it. */
    private final ChangeSet changes;

    // ---- work counters, read by tests that check the cost of operations (not timings) ----
    /** Largest thread count {@link #setUpdateThreads(int)} accepts. */
    public static final int MAX_UPDATE_THREADS = 64;
    /**
     * Stale nodes an update needs before it is split between threads (when {@link #setUpdateThreads(int)} allows
     * more than one): below this, starting and joining the threads costs more than it saves.
     */
    public static final int PARALLEL_MIN_NODES = 16_384;
    /** Hands each hierarchy the next tag its handles carry ({@link Handles#hierarchyTag}). */
    private static final java.util.concurrent.atomic.AtomicInteger TAGS = new java.util.concurrent.atomic.AtomicInteger();
    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();
    private java.lang.ref.Cleaner.Cleanable cleanup;

    // ---- scratch, reused so steady-state operations do not allocate ----
    /** Scratch of the bulk exports into callers' buffers. */
    private final WorldExport export;
    /*
     * Temporaries of one public method at a time, passed explicitly to what it calls: no method leaves a value in
     * them for another to read. By habit A holds the result (a converted matrix, a local position), B a normalised
     * quaternion, C a TRS record or a matrix being built, D and E world matrices (read from the storage or given).
     */
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
        if (initialCapacity < 0 || initialCapacity > Structure.MAX_NODES) {
            throw new IllegalArgumentException("initialCapacity out of range: initialCapacity=" + initialCapacity
                    + ", allowed=[0, " + Structure.MAX_NODES + "]");
        }
        int cap = Structure.setFriendly(Math.max(initialCapacity, 1));
        slots = new SlotTable(cap, TAGS.getAndIncrement() % Handles.TAGS + 1);
        store = new NodeStorage(cap, Adaptation.startsInRecords(VectorSupport.active()));
        export = new WorldExport(store, slots);
        versions = new WorldVersions(cap);
        marking = new StaleMarking(slots, store, tuning, cap);
        stale = marking.bits;
        changed = new TrackedBits(cap);
        relayout = new Relayout(slots, store, versions, marking, changed, tuning);
        forms = new LocalForms(store);
        bulk = new BulkSetter(slots, store, marking, forms, tuning);
        layoutChoice = new LayoutChoice(store, slots, tuning);
        packing = new ActivityPacking(tuning);
        refresh = new Refresh(slots, store, versions, stale, changed, layoutChoice, packing, tuning);
        changes = new ChangeSet(Bits.words(cap));
        solver = new WorldSolver(slots, store, stale, refresh, forms);
        structure = new Structure(slots, store, versions, marking, changed, relayout, forms, refresh, packing, changes);
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
        return slots.liveCount;
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
        Arguments.checkInsertIndex(index, slots.childCounts[p]);
        return create(p, index);
    }

    private long create(int parentSlot, int index) {
        int slot = structure.create(parentSlot, index, version + 1);
        return Handles.of(slot, slots.generations[slot]);
    }

    /**
     * Destroys a node and its whole subtree. Every handle into the subtree becomes stale; the nodes' names, user ids
     * and flags are cleared. Each {@link NodeListener} is first told of every node of the subtree (parents first),
     * while the handles are still live. O(subtree size), plus an amortised share of compaction.
     *
     * @param handle live handle
     * @throws IllegalArgumentException if {@code handle} is stale or unknown
     */
    public void destroy(long handle) {
        int x = slots.liveSlot(handle);
        changes.fireDetaching(this, handle);
        if (nodeListeners.length > 0 || attributes.anyAttached()) {
            for (int s = x; s != NONE && nodeListeners.length > 0; s = slots.nextInPreOrder(s, x)) {
                long h = slots.handleOf(s);
                for (NodeListener l : nodeListeners) {
                    l.destroying(this, h);
                }
            }
            for (int s = x; s != NONE; s = slots.nextInPreOrder(s, x)) {
                attributes.clear(s);
            }
        }
        structure.destroy(x);
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
        Arguments.checkInsertIndex(index, count);
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
        if (keepWorld) { // everything that can fail before anything changes
            int node = slots.nodeOfSlot[x];
            solver.world(node, matrixD, 0);
            newMode = solver.localFor(node, p, matrixD, 0, "cannot keep the world pose");
        }
        changes.fireDetaching(this, handle);
        structure.move(x, p, index, newMode, solver.solvedLocal(newMode));
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
        Arguments.checkInsertIndex(index, count);
        structure.reorder(x, index);
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
        Arguments.requireRoom("dest", dest.length, offset, slots.childCounts[p]);
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
        Arguments.requireRoom("dest", dest.length, offset, slots.rootCount);
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
        int count = structure.collectSubtree(x);
        Arguments.requireRoom("dest", dest.length, offset, count);
        int[] subtree = structure.subtreeSlots();
        for (int k = 0; k < count; k++) {
            dest[offset + k] = slots.handleOf(subtree[k]);
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
        Arguments.requireRoom("dest", dest.length, offset, depth(handle));
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
        Arguments.requireFinite3("translation", handle, x, y, z);
        int node = slots.nodeOfSlot[slot];
        forms.writeTranslation(node, x, y, z);
        marking.markSubtree(slot, node);
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
        Arguments.checkRotation(handle, x, y, z, w);
        forms.requireTrsLocal(node, handle);
        forms.writeRotation(node, x, y, z, w);
        marking.markSubtree(slot, node);
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
        Arguments.requireFinite3("scale", handle, x, y, z);
        int node = slots.nodeOfSlot[slot];
        forms.requireTrsLocal(node, handle);
        forms.writeScale(node, x, y, z);
        marking.markSubtree(slot, node);
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
        Arguments.requireFinite3("translation", handle, translation.x(), translation.y(), translation.z());
        Arguments.requireFinite3("scale", handle, scale.x(), scale.y(), scale.z());
        Arguments.normalizedQuaternion(handle, rotation.x(), rotation.y(), rotation.z(), rotation.w(), matrixB, 0);
        int node = slots.nodeOfSlot[slot];
        float[] trs = matrixC;
        trs[0] = translation.x();
        trs[1] = translation.y();
        trs[2] = translation.z();
        System.arraycopy(matrixB, 0, trs, Affine.TRS_Q, 4);
        trs[Affine.TRS_S] = scale.x();
        trs[Affine.TRS_S + 1] = scale.y();
        trs[Affine.TRS_S + 2] = scale.z();
        forms.writeLocal(node, MODE_TRS, trs);
        marking.markSubtree(slot, node);
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
        Arguments.requireRoom("matrix", matrix.length, offset, Affine.STRIDE);
        Arguments.requireFiniteMatrix("local matrix", handle, matrix, offset, Affine.STRIDE);
        int node = slots.nodeOfSlot[slot];
        store.setMode(node, MODE_MATRIX);
        store.storeLocalFrom(node, 0, matrix, offset, Affine.STRIDE);
        marking.markSubtree(slot, node);
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
        JomlCopies.get(matrix, matrixA, 0);
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
        JomlCopies.get(matrix, matrixA, 0);
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
        Arguments.requireRoom("matrix", matrix.length, offset, 16);
        Arguments.requireAffine4x4(handle, matrix, offset);
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
        bulk.set(BulkSetter.BULK_ROTATION, handles, handleOffset, count, rotations, rotationOffset);
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
        bulk.set(BulkSetter.BULK_ROTATION, list, resolved(list), rotations, offset);
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
        Arguments.requireRoom("handles", handles.length, offset, count);
        NodeList list = new NodeList(this, Arrays.copyOfRange(handles, offset, offset + count));
        list.resolved(slots, store.layoutVersion);
        return list;
    }

    /** A list's dense nodes for the current layout, resolved again when nodes moved or died since its last use. */
    private int[] resolved(NodeList list) {
        if (list.owner != this) {
            throw new IllegalArgumentException("node list of another hierarchy: " + list);
        }
        return list.resolved(slots, store.layoutVersion);
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
        bulk.set(BulkSetter.BULK_TRANSLATION, handles, handleOffset, count, translations, translationOffset);
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
        bulk.set(BulkSetter.BULK_TRANSLATION, list, resolved(list), translations, offset);
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
        bulk.set(BulkSetter.BULK_SCALE, handles, handleOffset, count, scales, scaleOffset);
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
        bulk.set(BulkSetter.BULK_SCALE, list, resolved(list), scales, offset);
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
        float[] trs = forms.localTrs(slots.nodeOfSlot[slots.liveSlot(handle)]);
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
        float[] trs = forms.localTrs(slots.nodeOfSlot[slots.liveSlot(handle)]);
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
        Arguments.requireRoom("dest", dest.length, offset, Affine.STRIDE);
        forms.localMatrix(node, dest, offset);
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
        forms.localMatrix(slots.nodeOfSlot[slots.liveSlot(handle)], matrixA, 0);
        return JomlCopies.set(dest, matrixA, 0);
    }

    // =====================================================================================================
    // World transforms
    // =====================================================================================================

    /**
     * Reads the world matrix ({@code worldFromLocal}), 12 floats column-major 3×4. Exact at any time: if the node
     * or an ancestor changed since the last update, only the stale ancestor chain is recomputed (O(stale chain)),
     * otherwise O(1). Under {@link StorageLayout#AUTOMATIC}, a read that finds enough single-node work done since the
     * latest dense update first converts the storage to records: O(nodes) once, allocating the new arrays.
     *
     * @param handle live handle
     * @param dest destination
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale or {@code dest} is too short
     */
    public float[] getWorld(long handle, float[] dest, int offset) {
        int node = slots.nodeOfSlot[slots.liveSlot(handle)];
        Arguments.requireRoom("dest", dest.length, offset, Affine.STRIDE);
        solver.world(node, dest, offset);
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
        Arguments.requireRoom("dest", dest.length, offset, 16);
        solver.world(node, matrixE, 0);
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
        solver.world(node, matrixE, 0);
        return JomlCopies.set(dest, matrixE, 0);
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
        return JomlCopies.set(dest, matrixA, 0);
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
        Arguments.requireRoom("dest", dest.limit(), index, layout.floats());
        solver.world(node, matrixE, 0);
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
        Arguments.requireRoom("dest", dest.limit(), byteIndex, layout.bytes());
        solver.world(node, matrixE, 0);
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
        refresh.ensureWorld(node);
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
        solver.world(node, matrixE, 0);
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
        solver.world(node, matrixE, 0);
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
        Arguments.requireRoom("dest", dest.length, offset, Affine.STRIDE);
        int at = solver.inverse(node, handle); // allocates the inverses on first use
        System.arraycopy(store.inverses, at, dest, offset, Affine.STRIDE);
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
        int at = solver.inverse(node, handle); // allocates the inverses on first use
        return JomlCopies.set(dest, store.inverses, at);
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
        Arguments.requireRoom("world", world.length, offset, Affine.STRIDE);
        Arguments.requireFiniteMatrix("world matrix", handle, world, offset, Affine.STRIDE);
        int node = slots.nodeOfSlot[slot];
        byte mode = solver.localFor(node, slots.parentSlots[slot], world, offset, "cannot set the world transform");
        forms.writeLocal(node, mode, solver.solvedLocal(mode));
        marking.markSubtree(slot, node);
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
        JomlCopies.get(world, matrixD, 0);
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
        Arguments.requireFinite3("world translation", handle, x, y, z);
        solver.localPointFor(slots.parentSlots[slot], x, y, z, matrixA, "cannot set the world position");
        setLocalTranslation(handle, matrixA[0], matrixA[1], matrixA[2]);
    }

    // =====================================================================================================
    // Moves in any space, world rotations, look-at
    // =====================================================================================================

    /**
     * Moves the node by {@code (x, y, z)} given in a {@link Space}: {@link Space#PARENT} adds it to the local
     * translation; {@link Space#LOCAL} first turns it by the node's local rotation (its own axes, in its parent's
     * units, its own scale not applied: {@code t += R × v}); {@link Space#WORLD} moves the world position by it
     * ({@link #setWorldTranslation}, with that method's bound). Sums in double precision, rounded once. O(1) plus
     * the reads' stale chains and marking the subtree stale; no allocation.
     *
     * @param handle live handle
     * @param x offset x
     * @param y offset y
     * @param z offset z
     * @param space the frame of the offset
     * @throws IllegalArgumentException if {@code handle} is stale or a value, or the result, is not finite
     *     (nothing changed)
     * @throws IllegalStateException for {@link Space#WORLD} if the parent's world matrix is not invertible
     */
    public void translate(long handle, float x, float y, float z, Space space) {
        moves.translate(handle, x, y, z, Objects.requireNonNull(space, "space"));
    }

    /**
     * Turns the node by {@code rotation} (normalised if not unit length) about its own origin, in a {@link Space}:
     * {@link Space#LOCAL} about its own axes ({@code R' = R × q}), {@link Space#PARENT} about its parent's axes
     * ({@code R' = q × R}), {@link Space#WORLD} about the world's axes ({@code R' = p⁻¹ × q × p × R}, {@code p} the
     * parent's {@link #getWorldRotation}: exact when the ancestors' scales are uniform). A node with an explicit
     * local matrix keeps it, its linear part turned (on the right for LOCAL, on the left otherwise). Products in
     * double precision, rounded once. O(1) plus the parent's stale chain for WORLD; no allocation.
     *
     * @param handle live handle
     * @param rotation the turn
     * @param space the frame of the turn's axis
     * @throws IllegalArgumentException if {@code handle} is stale or the quaternion is zero or not finite (nothing
     *     changed)
     */
    public void rotate(long handle, Quaternionfc rotation, Space space) {
        moves.rotate(handle, rotation, Objects.requireNonNull(space, "space"));
    }

    /**
     * Sets the node's world rotation, keeping its local translation and scale: the local rotation becomes
     * {@code p⁻¹ × rotation}, {@code p} the parent's {@link #getWorldRotation} (the identity for a root). Read back
     * with {@link #getWorldRotation}, the rotation is within a few float roundings of {@code rotation} when the
     * ancestors' scales are uniform ({@code SpaceMovesTest} holds it to 1.6e-6 per component under three ancestors
     * with random rotations and uniform scales from 0.5 to 2); under
     * non-uniform ancestor scales the world matrix has shear and only its nearest rotation is set. O(parent's stale
     * chain); no allocation.
     *
     * @param handle live handle
     * @param rotation the world rotation; normalised if not unit length
     * @throws IllegalArgumentException if {@code handle} is stale or the quaternion is zero or not finite (nothing
     *     changed)
     * @throws IllegalStateException if the node holds an explicit local matrix with shear (nothing changed)
     */
    public void setWorldRotation(long handle, Quaternionfc rotation) {
        moves.setWorldRotation(handle, rotation);
    }

    /**
     * Sets the node's world transform from translation, rotation and scale: the world matrix {@code T × R × S} is
     * composed in double precision and set with {@link #setWorld(long, float[], int)}, whose exactness bound and
     * choice of local form apply.
     *
     * @param handle live handle
     * @param translation world translation
     * @param rotation world rotation; normalised if not unit length
     * @param scale world scale (along the rotated axes)
     * @throws IllegalArgumentException if {@code handle} is stale, a value is not finite or the quaternion is zero
     *     (nothing changed)
     * @throws IllegalStateException if the parent's world matrix is not invertible (nothing changed)
     */
    public void setWorldTrs(long handle, Vector3fc translation, Quaternionfc rotation, Vector3fc scale) {
        moves.setWorldTrs(handle, translation, rotation, scale);
    }

    /**
     * Turns the node so that its local −Z axis points at {@code target} and its local +Y axis leans toward
     * {@code up}, both in world coordinates: glTF's convention for cameras and lights (and three.js's
     * {@code Object3D.lookAt} for them). Same as {@link #lookAt(long, Vector3fc, Vector3fc, Vector3fc, Vector3fc)}
     * with forward (0, 0, −1) and up axis (0, 1, 0).
     *
     * @param handle live handle
     * @param target the world point to look at
     * @param up the world direction the node's up axis leans toward (need not be unit length)
     * @return false, with nothing changed, when the target is at the node's world position
     * @throws IllegalArgumentException if {@code handle} is stale, a value is not finite or {@code up} is zero
     * @throws IllegalStateException if the node holds an explicit local matrix with shear (nothing changed)
     */
    public boolean lookAt(long handle, Vector3fc target, Vector3fc up) {
        return moves.lookAt(handle, target, up, NEGATIVE_Z, POSITIVE_Y);
    }

    /**
     * Turns the node so that its local axis {@code forward} points at {@code target} (a world point) and its local
     * axis {@code upAxis} lies in the plane of the view direction and {@code up}, on {@code up}'s side; the
     * translation and scale are kept, the rotation set with {@link #setWorldRotation}. For models that face +Z
     * (three.js's convention for objects other than cameras and lights) pass forward (0, 0, 1). Degenerate cases:
     * a target at the node's world position changes nothing (returns false); an {@code up} parallel to the view
     * (sine of the angle below 1e-6) is replaced by the node's current up axis in the world, or, if that is parallel
     * too, by the world axis least aligned with the view. Computed in double precision; O(the node's and its
     * parent's stale chains).
     *
     * @param handle live handle
     * @param target the world point to look at
     * @param up the world direction the up axis leans toward (need not be unit length)
     * @param forward the local axis that points at the target (need not be unit length)
     * @param upAxis the local axis that leans toward {@code up}; perpendicular to {@code forward} (cosine within
     *     1e-4)
     * @return false, with nothing changed, when the target is at the node's world position
     * @throws IllegalArgumentException if {@code handle} is stale, a value is not finite, a vector is zero or the
     *     two axes are not perpendicular (nothing changed)
     * @throws IllegalStateException if the node holds an explicit local matrix with shear (nothing changed)
     */
    public boolean lookAt(long handle, Vector3fc target, Vector3fc up, Vector3fc forward, Vector3fc upAxis) {
        return moves.lookAt(handle, target, up, forward, upAxis);
    }

    /**
     * Maps a point from the node's local frame to the world: {@code world × (p, 1)}, in double precision from the
     * exact world matrix. Cost as {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param point a point in the node's frame
     * @param dest receives the world point (may be {@code point})
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Vector3f localToWorldPoint(long handle, Vector3fc point, Vector3f dest) {
        return moves.localToWorld(handle, point, true, dest);
    }

    /**
     * Maps a world point into the node's local frame with the cached inverse world matrix
     * ({@link #getWorldInverse(long, float[], int)}, whose cost applies).
     *
     * @param handle live handle
     * @param point a world point
     * @param dest receives the point in the node's frame (may be {@code point})
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     * @throws IllegalStateException if the world matrix is not invertible
     */
    public Vector3f worldToLocalPoint(long handle, Vector3fc point, Vector3f dest) {
        return moves.worldToLocal(handle, point, true, dest);
    }

    /**
     * Maps a direction (a vector: no translation; scale and shear applied, not normalised) from the node's local
     * frame to the world. Cost as {@link #getWorld(long, float[], int)}.
     *
     * @param handle live handle
     * @param direction a vector in the node's frame
     * @param dest receives the world vector (may be {@code direction})
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public Vector3f localToWorldDirection(long handle, Vector3fc direction, Vector3f dest) {
        return moves.localToWorld(handle, direction, false, dest);
    }

    /**
     * Maps a world direction (a vector: no translation, not normalised) into the node's local frame. Cost as
     * {@link #worldToLocalPoint}.
     *
     * @param handle live handle
     * @param direction a world vector
     * @param dest receives the vector in the node's frame (may be {@code direction})
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code handle} is stale
     * @throws IllegalStateException if the world matrix is not invertible
     */
    public Vector3f worldToLocalDirection(long handle, Vector3fc direction, Vector3f dest) {
        return moves.worldToLocal(handle, direction, false, dest);
    }

    // =====================================================================================================
    // Names, user ids, enabled flags
    // =====================================================================================================

    /**
     * Names a node, or clears its name with {@code null}. Names need not be unique. A name stays with its node
     * through reparenting, reordering and compaction; destroying the node frees it. O(1) expected (plus
     * O(nodes sharing the name)). A hierarchy in which no node was ever named holds no name storage; once named, a
     * reference per slot.
     *
     * @param handle live handle
     * @param name the name, or {@code null}
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public void setName(long handle, String name) {
        attributes.setName(slots.liveSlot(handle), name, slots.generations.length);
    }

    /**
     * @param handle live handle
     * @return the node's name, or {@code null}. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public String name(long handle) {
        return attributes.name(slots.liveSlot(handle));
    }

    /**
     * Finds a node by name: of the nodes with that name, the first in depth-first pre-order of the forest (roots in
     * order, children in sibling order). O(1) expected when the name is unique; O(k × depth) for k nodes sharing it.
     *
     * @param name the name
     * @return the node's handle, or {@link #NULL} if no node has the name
     */
    public long find(String name) {
        return slots.handleOf(attributes.find(slots, Objects.requireNonNull(name, "name"), NONE));
    }

    /**
     * Finds a node by name in a subtree (the node itself included): the first in pre-order, as {@link #find}.
     * O(k × depth) for the k nodes of the whole hierarchy with that name.
     *
     * @param root live handle of the subtree's root
     * @param name the name
     * @return the node's handle, or {@link #NULL} if no node of the subtree has the name
     * @throws IllegalArgumentException if {@code root} is stale
     */
    public long findInSubtree(long root, String name) {
        int top = slots.liveSlot(root);
        return slots.handleOf(attributes.find(slots, Objects.requireNonNull(name, "name"), top));
    }

    /**
     * Finds a node by a path of names separated by {@code /}, each a child of the one before, starting among the
     * children of {@code start} (among the roots when {@code start} is {@link #NULL}): {@code "Armature/Hips/Spine"}.
     * Where siblings share a name, the first in sibling order through which the rest of the path continues.
     * O(children on the way).
     *
     * @param start live handle, or {@link #NULL} for the roots
     * @param path names separated by {@code /}; no empty segment
     * @return the node's handle, or {@link #NULL} if no node lies at the path
     * @throws IllegalArgumentException if {@code start} is stale or the path is empty or has an empty segment
     */
    public long findPath(long start, String path) {
        int from = start == NULL ? NONE : slots.liveSlot(start);
        String[] segments = path.split("/", -1);
        for (String segment : segments) {
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("path has an empty segment: path=\"" + path + "\"");
            }
        }
        return slots.handleOf(attributes.findPath(slots, from, segments, 0));
    }

    /**
     * Writes the handles of every named node, in no particular order (slot order). O(slots).
     *
     * @param dest destination, or {@code null} to count only
     * @param offset first index to write in {@code dest}
     * @return the number of named nodes; only those that fit are written
     */
    public int namedNodes(long[] dest, int offset) {
        int k = 0;
        for (int s = attributes.nextNamed(0); s != NONE; s = attributes.nextNamed(s + 1)) {
            if (dest != null && offset + k < dest.length) {
                dest[offset + k] = slots.handleOf(s);
            }
            k++;
        }
        return k;
    }

    /**
     * Stores a {@code long} with the node (an engine's entity id, an index into its own tables). Cleared when the
     * node is destroyed, copied by {@link #copySubtree}. No storage until an id other than 0 is set; then 8 bytes
     * per slot. O(1).
     *
     * @param handle live handle
     * @param id the value; 0 is the default
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public void setUserId(long handle, long id) {
        attributes.setUserId(slots.liveSlot(handle), id, slots.generations.length);
    }

    /**
     * @param handle live handle
     * @return the node's user id, 0 when none was set. O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public long userId(long handle) {
        return attributes.userId(slots.liveSlot(handle));
    }

    /**
     * Enables or disables a node. A disabled node and its whole subtree are skipped by {@link HierarchyBounds}'s box,
     * frustum and ray queries (as an engine's cull hint); transforms, updates and bounds reads are not affected. A
     * node's flag stays with it through moves and copies. O(1); a bit per slot once a node was disabled.
     *
     * @param handle live handle
     * @param enabled the node's own flag
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public void setEnabled(long handle, boolean enabled) {
        attributes.setEnabled(slots.liveSlot(handle), enabled, slots.generations.length);
    }

    /**
     * @param handle live handle
     * @return the node's own flag (its ancestors may still disable it: see {@link #isEnabledInHierarchy}). O(1).
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public boolean isEnabled(long handle) {
        return attributes.enabled(slots.liveSlot(handle));
    }

    /**
     * @param handle live handle
     * @return whether the node and all its ancestors are enabled. O(depth), O(1) while no node is disabled.
     * @throws IllegalArgumentException if {@code handle} is stale
     */
    public boolean isEnabledInHierarchy(long handle) {
        return enabledInHierarchy(slots.liveSlot(handle));
    }

    // =====================================================================================================
    // Traversal, copies, node listeners
    // =====================================================================================================

    /**
     * Visits a subtree (the node first), or the whole forest when {@code start} is {@link #NULL}, in depth-first
     * pre-order or breadth-first order; the visitor can skip a node's subtree or stop. No allocation depth-first;
     * breadth-first keeps a queue of slots that grows to the widest traversal once (a traversal started inside
     * another's visitor gets a queue of its own).
     *
     * @param start live handle, or {@link #NULL} for every root
     * @param order the order
     * @param visitor told each node with its depth below the start; must not create, destroy or move nodes
     * @return true if the traversal ran to the end, false if the visitor stopped it
     * @throws IllegalArgumentException if {@code start} is stale
     * @throws IllegalStateException if the visitor changed the tree's shape
     */
    public boolean traverse(long start, TraversalOrder order, NodeVisitor visitor) {
        int top = start == NULL ? NONE : slots.liveSlot(start);
        Objects.requireNonNull(visitor, "visitor");
        return Objects.requireNonNull(order, "order") == TraversalOrder.DEPTH_FIRST
                ? traversal.depthFirst(this, top, visitor) : traversal.breadthFirst(this, top, visitor);
    }

    /**
     * Copies a subtree: every node gets a new node with the same local transform (bit for bit, in the same form),
     * name, user id and enabled flag, in the same shape and sibling order, the copy of {@code source} appended as
     * the last child of {@code parent} (or as the last root). Then each {@link NodeListener} is told of every pair
     * (so {@link NodeTable}s that copy do so). Bounds' content boxes are not copied. O(subtree) plus growth.
     *
     * @param source live handle of the subtree to copy
     * @param parent live handle of the new parent, or {@link #NULL} for a root; may lie inside the source subtree
     *     (the copy holds the subtree as it was before)
     * @return the handle of the copy of {@code source}
     * @throws IllegalArgumentException if a handle is stale
     */
    public long copySubtree(long source, long parent) {
        int x = slots.liveSlot(source);
        int p = parent == NULL ? NONE : slots.liveSlot(parent);
        int count = structure.collectSubtree(x);
        int[] sources = Arrays.copyOf(structure.subtreeSlots(), count);
        int[] copies = new int[count];
        int[] path = new int[count]; // indices into sources/copies of the current node's ancestors
        int depth = 0;
        for (int k = 0; k < count; k++) {
            int s = sources[k];
            int copyParent = p;
            if (k > 0) {
                while (sources[path[depth - 1]] != slots.parentSlots[s]) {
                    depth--;
                }
                copyParent = copies[path[depth - 1]];
            }
            int c = structure.create(copyParent, copyParent == NONE ? slots.rootCount : slots.childCounts[copyParent],
                    version + 1);
            int from = slots.nodeOfSlot[s];
            store.loadLocal(from, matrixA, 0);
            forms.writeLocal(slots.nodeOfSlot[c], store.modes[from], matrixA);
            attributes.copy(s, c, slots.generations.length);
            copies[k] = c;
            path[depth++] = k;
        }
        for (int k = 0; k < count && nodeListeners.length > 0; k++) {
            for (NodeListener l : nodeListeners) {
                l.copied(this, slots.handleOf(sources[k]), slots.handleOf(copies[k]));
            }
        }
        return slots.handleOf(copies[0]);
    }

    /**
     * Registers a listener told of each node destroyed and each node copied (see {@link NodeListener}).
     *
     * @param listener the listener
     */
    public void addNodeListener(NodeListener listener) {
        nodeListeners = Arrays.copyOf(nodeListeners, nodeListeners.length + 1);
        nodeListeners[nodeListeners.length - 1] = Objects.requireNonNull(listener, "listener");
    }

    /**
     * @param listener a registered listener
     * @return whether it was registered (and is not any more)
     */
    public boolean removeNodeListener(NodeListener listener) {
        for (int k = 0; k < nodeListeners.length; k++) {
            if (nodeListeners[k] == listener) {
                NodeListener[] next = new NodeListener[nodeListeners.length - 1];
                System.arraycopy(nodeListeners, 0, next, 0, k);
                System.arraycopy(nodeListeners, k + 1, next, k, next.length - k);
                nodeListeners = next;
                return true;
            }
        }
        return false;
    }

    /** @return whether the slot and all its ancestors are enabled */
    boolean enabledInHierarchy(int slot) {
        if (!attributes.anyDisabled()) {
            return true;
        }
        for (int s = slot; s != NONE; s = slots.parentSlots[s]) {
            if (!attributes.enabled(s)) {
                return false;
            }
        }
        return true;
    }

    /** @return whether the slot's own flag is set (for the bounds' walks) */
    boolean enabledSlot(int slot) {
        return attributes.enabled(slot);
    }

    /** @return whether any node is disabled */
    boolean anyDisabled() {
        return attributes.anyDisabled();
    }

    /** @return the tree's links (for the traversal) */
    SlotTable slotTable() {
        return slots;
    }

    // =====================================================================================================
    // Update and change tracking
    // =====================================================================================================

    /**
     * Brings every world matrix up to date and publishes the change set: the nodes recomputed here and those
     * recomputed since the previous update by reads, exports and crowd frames ({@code InstanceNodes.beginPartWrites}),
     * in parent-before-child order; then tells the listeners.
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
        if (!changed.isEmpty()) {
            // nodes recomputed lazily since the latest update: their version is this update's
            versions.stamp(changed.words, version + 1, changed.loWord << 6,
                    Math.min(store.nodeEnd, changed.hiWord << 6));
        }
        refresh.refreshAll(version + 1);
        long next = version + 1;
        // the changed bits become the published set (the previous one, if nobody asked for it, is dropped); the
        // cleared array that comes back collects the next changes. Versions were stamped (above, and by the refresh)
        // and cached inverses dropped when the matrices were computed.
        changed.takeClearedWords(changes.publish(changed.words, changed.loWord, changed.hiWord));
        version = next;
        structure.afterUpdate();
        if (changes.count() > 0 && changes.hasListeners()) {
            structure.listChanges();
            changes.notifyListeners(this);
        }
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
        return stale.get(node) ? version + 1 : effectiveVersion(node, version + 1);
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
        structure.listChanges();
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
        Arguments.requireRoom("dest", dest.length, offset, changes.count());
        structure.listChanges();
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

    // ---- slot-level access for structures in this package that aggregate over the tree (bounds) ----

    /** @return the bulk setters, whose parts ({@link InstanceNodes}) write and read nodes in bulk */
    BulkSetter bulkSetter() {
        return bulk;
    }

    /** @return the version a refresh stamps its nodes with now: the next update's */
    long pendingVersion() {
        return version + 1;
    }

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
        return !stale.isEmpty() || !changed.isEmpty();
    }

    /** Copies the published world matrix of a live slot (12 floats); exact if there are no unpublished changes. */
    void worldAt(int slot, float[] dest, int offset) {
        store.convertWorld(slots.nodeOfSlot[slot], MatrixLayout.COLUMN_MAJOR_3X4, dest, offset);
    }

    /** Writes the local matrix ({@code parentFromLocal}) of a live slot (12 floats). */
    void localAt(int slot, float[] dest, int offset) {
        forms.localMatrix(slots.nodeOfSlot[slot], dest, offset);
    }

    /**
     * Calls {@code visitor} with the slot of every node whose world matrix the next update will publish: stale, or
     * recomputed by a read since the latest update. The visitor must not change the hierarchy. O(bit words between the
     * first and the last such node + their count).
     */
    void forEachUnpublishedSlot(java.util.function.IntConsumer visitor) {
        for (int w = Math.min(stale.loWord, changed.loWord), hi = Math.max(stale.hiWord, changed.hiWord); w < hi; w++) {
            for (long bits = stale.words[w] | changed.words[w]; bits != 0L; bits &= bits - 1) {
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
        Arguments.requireRoom("handles", handles.length, offset, count);
        Arguments.requireRoom("dest", length, at, required);
        for (int k = 0; k < count; k++) {
            slots.liveSlot(handles[offset + k]);
        }
        refresh.refreshAll(version + 1);
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
        refresh.refreshAll(version + 1);
        long pending = version + 1;
        int count = 0;
        for (int node = 0; node < store.nodeEnd; node++) {
            if (store.modes[node] != MODE_HOLE && effectiveVersion(node, pending) > sinceVersion) {
                count++;
            }
        }
        Arguments.requireRoom("handlesOut", handlesOut.length, 0, count);
        Arguments.requireRoom("dest", dest.remaining(), 0, (long) count * layout.floats());
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
        return changed.get(node) ? pending : versions.stored(node);
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
        slots.checkInvariants();
        attributes.checkInvariants(slots);
        structure.checkInvariants();
        store.checkInvariants(matrixA);
        marking.checkInvariants();
        refresh.checkInvariants(matrixA, matrixB, matrixC);
        changed.checkInvariants("changed");
        relayout.checkInvariants();
        changes.checkInvariants(store.nodeEnd, store.modes);
        for (int node = store.nodeEnd; node < store.modes.length; node++) {
            check(!changed.get(node), "changed bit past the end at node ", node, "", 0);
        }
    }


    @Override
    public String toString() {
        return "Hierarchy[nodes=" + slots.liveCount + ", roots=" + slots.rootCount + ", holes=" + store.holeCount + ", capacity="
                + store.modes.length + ", version=" + version + ", layout=" + (store.records ? "records" : "planes") + "]";
    }

    // =====================================================================================================
    // Internals: staleness and recomputation
    // =====================================================================================================

    /**
     * Sets how local transforms and world matrices are laid out in memory (see {@link StorageLayout}); a fixed layout
     * is converted to at once, O(nodes). Results are bit-identical in every layout. Default:
     * {@link StorageLayout#AUTOMATIC}.
     *
     * @param layout the layout, or {@link StorageLayout#AUTOMATIC} to let the hierarchy choose
     * @throws NullPointerException if {@code layout} is null
     */
    public void setStorageLayout(StorageLayout layout) {
        layoutChoice.setPolicy(layout);
    }

    /**
     * The layout asked for with {@link #setStorageLayout}; O(1).
     *
     * @return the policy, {@link StorageLayout#AUTOMATIC} by default
     */
    public StorageLayout storageLayout() {
        return layoutChoice.policy();
    }

    /**
     * Lets the hierarchy rewrite its storage, now and then, with the nodes that keep changing packed together
     * (on by default, in every storage layout). When the updates of a while (16 times as many computed nodes as
     * the hierarchy holds, with no node moved or destroyed meanwhile) found the same few nodes stale, at most a
     * 32nd of the hierarchy but scattered over at least twice as many blocks of 64 storage positions as they need,
     * the update that notices rewrites the storage once with those nodes' subtrees first among their siblings, so
     * that later updates compute them 16 at a time on the vector path. The trade-off: the rewrite costs about
     * 60–120 ns per node in that one update and allocates new arrays, so only hierarchies of at most 131,072 nodes
     * are rewritten (a pause of about one frame at most); turn it off where no update may pause. The order the API
     * reports (children, roots, change sets parents first) never changes. O(1).
     *
     * @param enabled whether the storage may be rewritten for activity
     */
    public void setActivityPacking(boolean enabled) {
        packing.setEnabled(enabled);
    }

    /**
     * Whether the storage may be rewritten for activity ({@link #setActivityPacking}). O(1).
     *
     * @return true by default
     */
    public boolean activityPacking() {
        return packing.enabled();
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
        if (updateThreads() == threads) {
            return;
        }
        if (cleanup != null) {
            cleanup.clean(); // stops the old workers
            cleanup = null;
        }
        ParallelUpdate workers = null;
        if (threads > 1) {
            workers = new ParallelUpdate(threads);
            cleanup = CLEANER.register(this, workers::shutdown);
        }
        refresh.useThreads(workers);
        bulk.useThreads(workers);
    }

    /**
     * The number of threads {@link #update()} may use ({@link #setUpdateThreads(int)}). O(1).
     *
     * @return 1 by default
     */
    public int updateThreads() {
        ParallelUpdate workers = refresh.threads();
        return workers == null ? 1 : workers.threads;
    }


    // =====================================================================================================
    // Internals: local transforms
    // =====================================================================================================

    // =====================================================================================================
    // Internals: slots, links, dense storage
    // =====================================================================================================

    /** @return the handle of the node at storage position {@code node}, or {@link #NULL} for a hole (for tests) */
    long handleAtStorage(int node) {
        return node < store.nodeEnd && store.modes[node] != MODE_HOLE ? slots.handleOf(store.slotOfNode[node]) : NULL;
    }

    /** @return whether the node at storage position {@code node} holds an explicit local matrix (for tests) */
    boolean matrixAtStorage(int node) {
        return store.modes[node] == MODE_MATRIX;
    }

    /** @return the rewrites for the layout (for tests) */
    Structure structure() {
        return structure;
    }

    /** @return the handle table and links (for tests) */
    SlotTable slotsForTests() {
        return slots;
    }

    /** @return the choice of storage layout (for tests) */
    LayoutChoice layoutChoice() {
        return layoutChoice;
    }

    /** @return the rewrites for activity (for tests) */
    ActivityPacking packing() {
        return packing;
    }

    /**
     * @return the refresh of stale world matrices (for tests, and for a crowd frame's parts that compute its stale
     *     nodes: {@code InstanceNodes.updateWorlds})
     */
    Refresh refresh() {
        return refresh;
    }

    /** @return the bulk setters (for tests) */
    BulkSetter bulk() {
        return bulk;
    }

    /** @return how nodes move within the storage (for tests) */
    Relayout relayout() {
        return relayout;
    }

    /** @return how subtrees are marked stale (for tests) */
    StaleMarking marking() {
        return marking;
    }

    /** @return nodes per plane of the dense arrays (for tests) */
    int denseCapacity() {
        return store.modes.length;
    }

    /** @return words of the stale bits with a node set (for tests) */
    int staleWords() {
        int words = 0;
        for (long bits : stale.words) {
            words += bits != 0L ? 1 : 0;
        }
        return words;
    }

    /** Rewrites the dense arrays now (for tests). */
    void compactNow() {
        structure.listChanges();
        structure.compact(null);
    }

}
