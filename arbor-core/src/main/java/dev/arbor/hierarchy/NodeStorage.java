package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;
import static dev.arbor.kernel.LocalToWorld.LOCAL_PLANES;
import static dev.arbor.kernel.LocalToWorld.MODE_HOLE;
import static dev.arbor.kernel.LocalToWorld.MODE_MATRIX;
import static dev.arbor.kernel.LocalToWorld.WORLD_PLANES;

import dev.arbor.kernel.Bits;
import dev.arbor.kernel.LocalToWorld;
import dev.arbor.math.Affine;
import java.util.Arrays;

/**
 * The packed node storage, indexed by storage position ("node"): every parent before its children, holes where nodes
 * died. Owns the local transforms and world matrices in either layout (planes: one array section per matrix element,
 * what the vector kernel needs; records: a node's 12 values together, what single nodes want), each position's mode,
 * parent position and slot, the matrix bits and batch plans the kernel reads, the children ranges of a breadth-first
 * layout, and the cached inverse world matrices.
 *
 * <p>Invariant ({@link #checkInvariants}): every local is finite, and a TRS local's quaternion has unit length; the
 * matrix bit is set exactly where the mode is {@link LocalToWorld#MODE_MATRIX}, and nowhere past {@link #nodeEnd}.
 * That every position below {@link #nodeEnd} is a live node or a counted hole, with its parent before it, needs the
 * slot table too: {@link Structure} checks it.
 *
 * <p>The kernels read these arrays directly; {@link Structure} decides what moves where (creation, reparenting,
 * compaction) and keeps the slot table's map to positions in step.
 */
final class NodeStorage {
    private static final int NONE = -1;

    /**
     * Local transforms, 12 floats per node (TRS or affine matrix, see LocalToWorld), in the layout {@link #records}
     * names: element k of node i at {@link #at}{@code (k, i)}, element k + 1 {@link #elementStride} further on.
     */
    float[] locals;
    /** MODE_TRS, MODE_MATRIX, or MODE_HOLE for a free position. */
    byte[] modes;
    /** World matrices, 12 floats per node in the layout of {@link #locals}, valid where the stale bit is clear. */
    float[] worlds;
    /**
     * The layout of {@link #locals} and {@link #worlds}: false for planes (capacity floats per element; what the
     * vector and batched kernels need), true for records ({@link LocalToWorld#RECORD} floats per node; what single
     * nodes want).
     */
    boolean records;
    /** Parent's node index, or NONE; always smaller than the node's own index. */
    int[] parentNodes;
    /** Slot of the node at this position, or NONE for a hole. */
    int[] slotOfNode;
    /**
     * Valid while the layout is the breadth-first one compaction writes: where the node's children start, or for a
     * node without children where they would (after the children of the nodes before it in its cluster). So the
     * children of a range {@code [lo, hi]} of one level and cluster are
     * {@code [childStarts[lo], childStarts[hi] + children of hi)}.
     */
    int[] childStarts;
    /** Set where the mode is MODE_MATRIX (lets the kernel pick its vector path per word). */
    long[] matrixBits;
    /**
     * How many times a position was given MODE_MATRIX ({@link #setMode}): a reader that found no explicit matrix among
     * some nodes need not look again while this is unchanged (the other ways a mode changes turn a matrix into TRS,
     * or move it).
     */
    long matrixModesGiven;
    /** Per word of 64 nodes, how the vector kernel splits it into batches (0 = not known; reset on parent changes). */
    long[] wordPlans;
    /** Cached inverse world matrices (worldToLocal), allocated on first use. */
    float[] inverses;
    /** Set where the cached inverse matches the current world matrix. */
    long[] inverseValidBits;
    /** Positions in use: [0, nodeEnd), live nodes and holes. */
    int nodeEnd;
    /** Holes among the positions in use. */
    int holeCount;
    /** Bumped whenever live nodes move in the storage or die: {@link NodeList}s resolve their handles again. */
    long layoutVersion;

    /**
     * @param capacity positions to make room for
     * @param records whether to start in the record layout (else planes); both take the same arrays
     */
    NodeStorage(int capacity, boolean records) {
        this.records = records;
        locals = LocalToWorld.newPlanes(capacity, LOCAL_PLANES);
        modes = new byte[capacity];
        worlds = LocalToWorld.newPlanes(capacity, WORLD_PLANES);
        matrixBits = new long[Bits.words(capacity)];
        wordPlans = new long[Bits.words(capacity)];
        parentNodes = new int[capacity];
        slotOfNode = new int[capacity];
        childStarts = new int[capacity];
    }

    /**
     * The empty columns a rewrite fills ({@link #emptyCopy}): the same capacity and layout, cached inverses only if
     * {@code withInverses}, no children ranges (the rewrite writes them into this storage's own).
     */
    private NodeStorage(int capacity, boolean records, int matrixWords, boolean withInverses, int inverseWords) {
        this.records = records;
        locals = LocalToWorld.newPlanes(capacity, LOCAL_PLANES);
        worlds = LocalToWorld.newPlanes(capacity, WORLD_PLANES);
        matrixBits = new long[matrixWords];
        modes = new byte[capacity];
        parentNodes = new int[capacity];
        slotOfNode = new int[capacity];
        if (withInverses) {
            inverses = new float[capacity * Affine.STRIDE];
            inverseValidBits = new long[inverseWords];
        }
    }

    /** @return the positions there is room for */
    int capacity() {
        return modes.length;
    }

    /** Where element {@code element} of node {@code node} lies in {@link #locals} and {@link #worlds}. */
    int at(int element, int node) {
        return records ? node * LocalToWorld.RECORD + element : element * modes.length + node;
    }

    /** Distance between two consecutive elements of one node: the capacity in planes, 1 in records. */
    int elementStride() {
        return records ? 1 : modes.length;
    }

    /** Sets a position's mode and its matrix bit. */
    void setMode(int node, byte mode) {
        modes[node] = mode;
        if (mode == MODE_MATRIX) {
            matrixModesGiven++;
            Bits.set(matrixBits, node);
        } else {
            Bits.clear(matrixBits, node);
        }
    }

    /**
     * Takes the next position at the end for {@code slot}.
     *
     * @return the position, {@code nodeEnd} before the call
     */
    int append(int slot) {
        slotOfNode[nodeEnd] = slot;
        return nodeEnd++;
    }

    /** Drops the cached inverse of position {@code node}, if any: its world matrix changed. */
    void dropInverse(int node) {
        if (inverseValidBits != null) {
            Bits.clear(inverseValidBits, node);
        }
    }

    /** Drops the cached inverses of the nodes set in {@code bits}' words {@code [loWord, hiWord)}. */
    void dropInverses(long[] bits, int loWord, int hiWord) {
        long[] valid = inverseValidBits;
        if (valid != null) {
            for (int w = loWord; w < hiWord; w++) {
                valid[w] &= ~bits[w];
            }
        }
    }

    /** @return whether position {@code node} holds a valid cached inverse of its world matrix */
    boolean inverseValid(int node) {
        return inverseValidBits != null && Bits.get(inverseValidBits, node);
    }

    /** Marks the cached inverse of position {@code node} as computed ({@link #ensureInverses} first). */
    void inverseComputed(int node) {
        Bits.set(inverseValidBits, node);
    }

    /** Turns position {@code node} into a counted hole: no slot, no parent, no flags, no valid cached inverse. */
    void makeHole(int node) {
        setMode(node, MODE_HOLE);
        slotOfNode[node] = NONE;
        setParentNode(node, NONE);
        if (inverseValidBits != null) {
            Bits.clear(inverseValidBits, node);
        }
        holeCount++;
    }

    /** Drops the holes at the end of the positions in use. */
    void trimHoles() {
        while (nodeEnd > 0 && modes[nodeEnd - 1] == MODE_HOLE) {
            nodeEnd--;
            holeCount--;
        }
    }

    /** Counts a move or death of live nodes: {@link NodeList}s resolve their handles again. */
    void layoutChanged() {
        layoutVersion++;
    }

    /** Records where the children of {@code node} start in a breadth-first layout being written. */
    void setChildStart(int node, int start) {
        childStarts[node] = start;
    }

    /** Allocates the cached inverses (none valid) if there are none yet. */
    void ensureInverses(int words) {
        if (inverses == null) {
            inverses = new float[modes.length * Affine.STRIDE];
            inverseValidBits = new long[words];
        }
    }

    /**
     * Copies position {@code from} to position {@code to} (appended): local, world, mode, the cached inverse where it
     * is valid, and the parent position given. {@code from} is left as it was, to be made a hole.
     */
    void moveNode(int from, int to, int parent) {
        copyNode(locals, from, locals, to);
        copyNode(worlds, from, worlds, to);
        setMode(to, modes[from]);
        setParentNode(to, parent);
        if (inverseValidBits != null && Bits.get(inverseValidBits, from)) {
            System.arraycopy(inverses, from * Affine.STRIDE, inverses, to * Affine.STRIDE, Affine.STRIDE);
            Bits.set(inverseValidBits, to);
        }
    }

    /**
     * Starts a rewrite of the storage in another order: empty columns of the same capacity and layout, filled by
     * {@link #copyTo} and taken over by {@link #adopt}. Allocates the new arrays.
     */
    NodeStorage emptyCopy() {
        return new NodeStorage(modes.length, records, matrixBits.length, inverses != null,
                inverseValidBits == null ? 0 : inverseValidBits.length);
    }

    /**
     * Copies position {@code from} to position {@code to} of {@code into} (made by {@link #emptyCopy}): local, world,
     * mode and matrix bit, the cached inverse where it is valid; the parent position and slot as given.
     */
    void copyTo(NodeStorage into, int from, int to, int parent, int slot) {
        copyNode(locals, from, into.locals, to);
        copyNode(worlds, from, into.worlds, to);
        into.modes[to] = modes[from];
        if (modes[from] == MODE_MATRIX) {
            Bits.set(into.matrixBits, to);
        }
        into.parentNodes[to] = parent;
        into.slotOfNode[to] = slot;
        if (into.inverseValidBits != null && Bits.get(inverseValidBits, from)) {
            System.arraycopy(inverses, from * Affine.STRIDE, into.inverses, to * Affine.STRIDE, Affine.STRIDE);
            Bits.set(into.inverseValidBits, to);
        }
    }

    /**
     * Ends a rewrite: takes over the columns of {@code rewritten} (from {@link #emptyCopy}), whose positions
     * {@code [0, end)} hold every live node and no hole; batch plans are worked out again.
     */
    void adopt(NodeStorage rewritten, int end) {
        locals = rewritten.locals;
        worlds = rewritten.worlds;
        matrixBits = rewritten.matrixBits;
        wordPlans = new long[matrixBits.length];
        modes = rewritten.modes;
        parentNodes = rewritten.parentNodes;
        slotOfNode = rewritten.slotOfNode;
        inverses = rewritten.inverses;
        inverseValidBits = rewritten.inverseValidBits;
        nodeEnd = end;
        holeCount = 0;
    }

    /** Sets a node's parent position and drops its word's cached batch plan, which depends on the parent positions. */
    void setParentNode(int node, int parent) {
        parentNodes[node] = parent;
        LocalToWorld.resetPlans(wordPlans, node, node + 1);
    }

    /** Writes a node's world matrix in {@code layout} to {@code dest[d …]}, straight from the storage. */
    void convertWorld(int node, MatrixLayout layout, float[] dest, int d) {
        layout.convert(worlds, at(0, node), elementStride(), dest, d);
    }

    /** Writes a node's 12 world values, column-major. */
    void storeWorld(int node, float[] src, int s) {
        int e = elementStride();
        int at = at(0, node);
        for (int k = 0; k < WORLD_PLANES; k++) {
            worlds[at + k * e] = src[s + k];
        }
    }

    /** Writes three local values, elements {@code [firstPlane, firstPlane + 3)} of a node. */
    void storeLocal3(int node, int firstPlane, float x, float y, float z) {
        int e = elementStride();
        int at = at(firstPlane, node);
        locals[at] = x;
        locals[at + e] = y;
        locals[at + 2 * e] = z;
    }

    /** Writes a TRS local's checked rotation, normalised by {@link Arguments#normalizeInto}. */
    void storeRotation(int node, float x, float y, float z, float w) {
        Arguments.normalizeInto(x, y, z, w, locals, at(Affine.TRS_Q, node), elementStride());
    }

    /** Copies a node's 12 local values out (a TRS record and 2 unused, or a matrix). */
    void loadLocal(int node, float[] dest, int d) {
        int e = elementStride();
        int at = at(0, node);
        for (int k = 0; k < LOCAL_PLANES; k++) {
            dest[d + k] = locals[at + k * e];
        }
    }

    /** Writes {@code count} values into local elements {@code [firstPlane, firstPlane + count)} of a node. */
    void storeLocalFrom(int node, int firstPlane, float[] src, int s, int count) {
        int e = elementStride();
        int at = at(firstPlane, node);
        for (int k = 0; k < count; k++) {
            locals[at + k * e] = src[s + k];
        }
    }

    /**
     * Copies node {@code from}'s 12 values in {@code src} to node {@code to} in {@code dst}, both in the current
     * layout and of the current capacity.
     */
    void copyNode(float[] src, int from, float[] dst, int to) {
        int e = elementStride();
        int s = at(0, from);
        int d = at(0, to);
        for (int k = 0; k < LocalToWorld.RECORD; k++) {
            dst[d + k * e] = src[s + k * e];
        }
    }

    /**
     * Converts {@link #locals} and {@link #worlds} to records ({@code true}) or planes. O(nodes); allocates the two new
     * arrays.
     *
     * @return whether the layout changed (false if it was {@code toRecords} already)
     */
    boolean convert(boolean toRecords) {
        if (records == toRecords) {
            return false;
        }
        int cap = modes.length;
        float[] newLocals = new float[locals.length];
        float[] newWorlds = new float[worlds.length];
        if (toRecords) {
            LocalToWorld.toRecords(locals, cap, nodeEnd, newLocals);
            LocalToWorld.toRecords(worlds, cap, nodeEnd, newWorlds);
        } else {
            LocalToWorld.toPlanes(locals, nodeEnd, newLocals, cap);
            LocalToWorld.toPlanes(worlds, nodeEnd, newWorlds, cap);
        }
        locals = newLocals;
        worlds = newWorlds;
        records = toRecords;
        return true;
    }

    /** Grows every array to {@code cap} positions, keeping the values of the positions in use. */
    void grow(int cap) {
        if (records) {
            locals = Arrays.copyOf(locals, (int) LocalToWorld.planesLength(cap, LOCAL_PLANES));
            worlds = Arrays.copyOf(worlds, (int) LocalToWorld.planesLength(cap, WORLD_PLANES));
        } else {
            locals = replane(locals, modes.length, cap, LOCAL_PLANES, nodeEnd);
            worlds = replane(worlds, modes.length, cap, WORLD_PLANES, nodeEnd);
        }
        matrixBits = Arrays.copyOf(matrixBits, Bits.words(cap));
        wordPlans = Arrays.copyOf(wordPlans, Bits.words(cap));
        modes = Arrays.copyOf(modes, cap);
        parentNodes = Arrays.copyOf(parentNodes, cap);
        slotOfNode = Arrays.copyOf(slotOfNode, cap);
        childStarts = Arrays.copyOf(childStarts, cap);
        if (inverses != null) {
            inverses = Arrays.copyOf(inverses, cap * Affine.STRIDE);
            inverseValidBits = Arrays.copyOf(inverseValidBits, Bits.words(cap));
        }
    }

    /** Copies plane arrays into a larger capacity: plane k of the first {@code used} nodes keeps its place. */
    private static float[] replane(float[] planes, int oldCap, int newCap, int count, int used) {
        float[] grown = LocalToWorld.newPlanes(newCap, count);
        for (int k = 0; k < count; k++) {
            System.arraycopy(planes, k * oldCap, grown, k * newCap, used);
        }
        return grown;
    }

    /**
     * Checks the invariant stated on the class; throws {@link IllegalStateException} naming the first violation.
     *
     * @param local scratch of at least 12 floats
     */
    void checkInvariants(float[] local) {
        for (int node = 0; node < nodeEnd; node++) {
            if (modes[node] == LocalToWorld.MODE_HOLE) {
                continue;
            }
            loadLocal(node, local, 0);
            for (int k = 0; k < (modes[node] == LocalToWorld.MODE_TRS ? Affine.TRS_STRIDE : Affine.STRIDE); k++) {
                check(Float.isFinite(local[k]), "non-finite local at node ", node, " element ", k);
            }
            check(Bits.get(matrixBits, node) == (modes[node] == MODE_MATRIX), "matrix bit disagrees with mode at node ",
                    node, "", 0);
            if (modes[node] == LocalToWorld.MODE_TRS) {
                double len = 0;
                for (int k = 0; k < 4; k++) {
                    len += (double) local[Affine.TRS_Q + k] * local[Affine.TRS_Q + k];
                }
                check(Math.abs(len - 1) < 1e-5, "non-unit quaternion at node ", node, " length² x1e6 ",
                        (int) (len * 1e6));
            }
        }
        for (int node = nodeEnd; node < modes.length; node++) {
            check(!Bits.get(matrixBits, node), "matrix bit past the end at node ", node, "", 0);
        }
    }
}
