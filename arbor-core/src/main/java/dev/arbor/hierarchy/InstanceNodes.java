package dev.arbor.hierarchy;

import static dev.arbor.kernel.LocalToWorld.MODE_TRS;

import dev.arbor.internal.InstanceNodesAccess;
import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.Palettes;
import dev.arbor.kernel.QuaternionRuns;
import dev.arbor.math.Affine;
import java.util.Arrays;
import java.util.Objects;

/**
 * The nodes of many instances of one shape in one hierarchy, for jobs that write their local transforms and read their
 * world matrices for a whole crowd per call, from several threads, straight from the hierarchy's storage: member
 * {@code k} of instance {@code i} is the node of handle {@code handles[offset + i × size() + k]}. A crowd animator
 * samples each instance's pose and writes it here while it is still in the core's cache, and reads the joints'
 * world matrices for its skinning palettes a block of instances at a time.
 *
 * <p>Writing is a transaction of three steps: {@link #beginWrites()} on the caller's thread (the handles resolved
 * again if nodes moved, explicit local matrices split into TRS), then {@link #writeLocals} per instance on any
 * threads (each instance from one thread), then {@link #endWrites()} on the caller's thread, which marks every member
 * and its subtree stale for the next {@link Hierarchy#update()} and change set. Reading: {@link #beginReads()} (stale
 * nodes brought up to date), then {@link #readWorlds} from any threads. Between a begin and its end (or the last
 * read) nothing else may use the hierarchy: its nodes must not move.
 *
 * <p>The crowd jobs ({@code dev.arbor.animation.CrowdJob}) also write part by part, each thread bringing the world
 * matrices of its own part of the crowd up to date, and read the joints' worlds in windows of storage positions; that
 * machinery is theirs alone and not public.
 *
 * <p>Each instance's values are checked before any of them is written (finite, a non-zero quaternion; a quaternion not
 * of unit length is normalised as the bulk setters do): a bad value leaves that instance's nodes as they were. The
 * instances written before it stay written, and {@link #endWrites()} still marks them, so the hierarchy stays
 * consistent.
 */
public final class InstanceNodes {
    /** Floats of one member's pose in {@link #writeLocals}: translation 3, rotation 4, scale 3. */
    public static final int POSE_FLOATS = Affine.TRS_STRIDE;
    /** {@link #writeLocals} path: the translations. */
    public static final int TRANSLATIONS = 1;
    /** {@link #writeLocals} path: the rotations. */
    public static final int ROTATIONS = 2;
    /** {@link #writeLocals} path: the scales. */
    public static final int SCALES = 4;
    /** {@link #writeLocals} paths: translations, rotations and scales. */
    public static final int ALL_PATHS = TRANSLATIONS | ROTATIONS | SCALES;

    static {
        InstanceNodesAccess.register(new Access());
    }

    /** The part writes and window reads, for the crowd jobs only ({@link InstanceNodesAccess}). */
    private static final class Access extends InstanceNodesAccess {
        @Override
        public int beginPartWrites(InstanceNodes nodes, InstanceNodes reads, long[] fixed, int threads) {
            return nodes.beginPartWrites(reads, fixed, threads);
        }

        @Override
        public void convertLayoutIfEarned(InstanceNodes nodes) {
            nodes.owner.refresh().convertIfEarned();
        }

        @Override
        public int partStart(InstanceNodes nodes, int part) {
            return nodes.partStart(part);
        }

        @Override
        public void updateWorlds(InstanceNodes nodes, int part) {
            nodes.updateWorlds(part);
        }

        @Override
        public void readAhead(InstanceNodes nodes, int part) {
            nodes.readAhead(part);
        }

        @Override
        public boolean readsAhead(InstanceNodes nodes) {
            return nodes.readsAhead();
        }

        @Override
        public int windowCount(InstanceNodes nodes) {
            return nodes.windowCount();
        }

        @Override
        public long windowsVersion(InstanceNodes nodes) {
            return nodes.windowsVersion();
        }

        @Override
        public int windowMember(InstanceNodes nodes, int window, int lane) {
            return nodes.windowMember(window, lane);
        }

        @Override
        public int windowInstance(InstanceNodes nodes, int window, int lane) {
            return nodes.windowInstance(window, lane);
        }

        @Override
        public boolean readWindowProducts(InstanceNodes nodes, int from, float[] left, float[] right, float[] dest,
                                          int planeStride) {
            return nodes.readWindowProducts(from, left, right, dest, planeStride);
        }

        @Override
        public void readWorldProducts(InstanceNodes nodes, int from, int to, float[] left, int leftStride,
                                      float[] right, float[] dest, int offset, int memberStride, int elementStride) {
            nodes.readWorldProducts(from, to, left, leftStride, right, dest, offset, memberStride, elementStride);
        }
    }

    private final Hierarchy owner;
    private final BulkSetter bulk;
    private final NodeList list;
    private final int instances;
    private final int size;
    /** Per instance, whether the current write wrote it (all false between writes). */
    private final boolean[] written;
    /** The nodes of the written instances, when some were not. */
    private final int[] writtenNodes;
    // set by the begin steps, read by the per-instance steps
    private int[] nodes;
    private float[] locals;
    private float[] worlds;
    private int nodeStride;
    private int elementStride;
    private long layoutVersion = -1;
    /**
     * For {@code readWorldProducts}: member {@code k} of instance {@code i}'s world at
     * {@code worlds[memberNodes[k × paddedInstances + i] + e × elementStride]}; the instances are padded to a multiple
     * of {@link Palettes#STRIDE_MULTIPLE} with the last one. Null until the first read; filled for
     * {@link #memberNodesVersion} and {@link #memberNodesStride}.
     */
    private int[] memberNodes;
    private final int paddedInstances;
    private long memberNodesVersion = -1;
    private int memberNodesStride;
    /**
     * For {@code readWindowProducts}: the windows of 16 storage positions that hold the members of a block of 16
     * instances, when the blocks repeat one pattern of positions (else none). Window {@code w} of block {@code q}
     * starts at {@code windowStarts[q × windowCount + w]} (-1 for a block that does not repeat the pattern); its lane
     * {@code r} holds member {@code windowMembers[16w + r]} (or -1: another node) of instance
     * {@code 16q + windowInstances[16w + r]}. Filled with {@link #memberNodes}.
     */
    private int windowCount;
    private int[] windowStarts = NO_INTS;
    private int[] windowInstances = NO_INTS;
    private int[] windowMembers = NO_INTS;
    /** Incremented whenever the windows are laid out again. */
    private long windowsVersion;
    private boolean writing;
    /**
     * {@link NodeStorage#matrixModesGiven} when the latest write began with every member in TRS: while it is the
     * same, no member can hold an explicit matrix.
     */
    private long matrixModesChecked = -1;
    private boolean reading;
    /** The crowd's parts of the latest {@code beginPartWrites}, or null before the first. */
    private CrowdParts parts;
    /** Whether the current write brings the worlds up to date part by part ({@code beginPartWrites}). */
    private boolean partWrite;
    /** The vector batch shapes of the current part write's updates. */
    private int partKinds;
    /** Floats in a cache line, the step of {@code readAhead}'s loads. */
    private static final int CACHE_LINE_FLOATS = 16;
    /** Where {@code readAhead} leaves its sum. */
    private float readAheadSink;
    /** Per part of the current part write, the nodes {@code updateWorlds} computed, or -1 before it ran. */
    private int[] partComputed = NO_INTS;
    /**
     * Per part of the current part write, the batch shapes its update counted ({@link LocalToWorld#STATS} entries),
     * summed for the refresh when the write ends: the layout choice and the breadth-first rewrite judge the frames'
     * updates as they judge the hierarchy's own.
     */
    private int[][] partStats = new int[0][];

    /**
     * Takes the nodes of {@code instances} instances of {@code size} members each. O(instances × size); allocates.
     *
     * @param hierarchy the hierarchy holding every node
     * @param handles the members, instance after instance
     * @param offset index of instance 0's member 0
     * @param instances number of instances, ≥ 0
     * @param size members per instance, ≥ 0
     * @throws IllegalArgumentException if a count is negative, the array too short or a handle stale
     */
    public InstanceNodes(Hierarchy hierarchy, long[] handles, int offset, int instances, int size) {
        if (instances < 0 || size < 0) {
            throw new IllegalArgumentException("negative shape: instances=" + instances + ", size=" + size);
        }
        this.owner = hierarchy;
        this.bulk = hierarchy.bulkSetter();
        this.list = hierarchy.nodeList(handles, offset, Math.multiplyExact(instances, size));
        this.instances = instances;
        this.size = size;
        this.written = new boolean[instances];
        this.writtenNodes = new int[instances * size];
        this.paddedInstances = (instances + Palettes.STRIDE_MULTIPLE - 1) / Palettes.STRIDE_MULTIPLE
                * Palettes.STRIDE_MULTIPLE;
    }

    /** @return the number of instances */
    public int instances() {
        return instances;
    }

    /** @return members per instance */
    public int size() {
        return size;
    }

    /** @return the hierarchy holding the nodes */
    public Hierarchy hierarchy() {
        return owner;
    }

    /**
     * Begins writing, on the caller's thread: resolves the handles again if nodes moved or died since, and turns every
     * member that holds an explicit local matrix into TRS. O(1) when nothing moved and no node was given an explicit
     * matrix since the latest write began, else O(members).
     *
     * @throws IllegalArgumentException if a member was destroyed (nothing changed)
     * @throws IllegalStateException if a write is already begun, or a member's explicit matrix has shear (nothing
     *     changed)
     */
    public void beginWrites() {
        if (writing) {
            throw new IllegalStateException("beginWrites() twice; expected endWrites() first");
        }
        reading = false;
        resolve();
        startWrites();
    }

    /** The rest of a begin, after {@link #resolve()}: explicit local matrices split into TRS, then writing. */
    private void startWrites() {
        NodeStorage st = bulk.store;
        if (st.matrixModesGiven != matrixModesChecked) { // a node was given a matrix since: it may be a member
            int count = nodes.length;
            for (int k = 0; k < count; k++) {
                if (st.modes[nodes[k]] != MODE_TRS) {
                    bulk.forms.checkSplittable(nodes[k], list.handles[k]);
                }
            }
            for (int k = 0; k < count; k++) {
                bulk.forms.requireTrsLocal(nodes[k], list.handles[k]);
            }
            matrixModesChecked = st.matrixModesGiven;
        }
        locals = st.locals;
        writing = true;
    }

    /**
     * Begins a write in which the writers also bring their instances' world matrices up to date, a part of the crowd
     * at a time ({@code updateWorlds}), so that one thread samples a part, updates it and reads its worlds (its
     * skinning palettes) while they are in its core's cache. On the caller's thread: brings every stale node up to
     * date and begins reading {@code reads} ({@link #beginReads()}), then does what {@link #beginWrites()} does and
     * marks every member and its subtree stale now. Part {@code p} is the instances
     * {@code [partStart(p), partStart(p + 1))}, whole blocks of 16 (the last may be shorter); there are at least
     * {@code threads} parts where the crowd has that many blocks, more where a part would not fit a core's cache.
     *
     * <p>Returns 0, having changed nothing but what {@link #beginReads()} does, when the crowd cannot be cut so: two
     * instances share a node or one lies in another's subtree, a node of {@code reads} lies in the subtree of another
     * instance than its own (nodes outside every instance's subtrees are fine), or a node of {@code fixed} lies in an
     * instance's subtree. {@link #beginWrites()} then serves. The cut is planned once per layout and structure of
     * the hierarchy, thread count, {@code reads} and {@code fixed} (O(storage positions); allocates a table of the
     * storage's size); O(instances) afterwards.
     *
     * @param reads nodes whose worlds are read part by part after {@code updateWorlds} (a crowd's joints): as many
     *     instances as these, in the same hierarchy; may be these
     * @param fixed nodes whose worlds the write must not change (a crowd's meshes, whose inverses are taken before),
     *     or null for none
     * @param threads the threads that will write and update the parts, ≥ 1
     * @return the number of parts, or 0 (nothing begun)
     * @throws IllegalArgumentException if {@code reads} belongs to another hierarchy or has another instance count,
     *     {@code threads} is below 1, or a member or node of {@code fixed} was destroyed (nothing begun)
     * @throws IllegalStateException if a write is already begun, or a member's explicit matrix has shear (nothing
     *     begun)
     */
    int beginPartWrites(InstanceNodes reads, long[] fixed, int threads) {
        if (writing) {
            throw new IllegalStateException("beginPartWrites() during a write; expected endWrites() first");
        }
        if (reads.owner != owner || reads.instances != instances) {
            throw new IllegalArgumentException("reads must be of the same hierarchy and instances: instances="
                    + instances + ", reads.instances=" + reads.instances
                    + (reads.owner != owner ? ", another hierarchy" : ""));
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads=" + threads + " is below 1");
        }
        long[] fixedHandles = fixed == null ? NO_HANDLES : fixed;
        reads.beginReads();
        resolve();
        SlotTable slots = bulk.slots;
        NodeStorage st = bulk.store;
        if (parts == null || !parts.holds(st.layoutVersion, slots.structureVersion, threads, reads, fixedHandles)) {
            int[] fixedNodes = new int[fixedHandles.length]; // (a plan that holds has no destroyed node among them)
            for (int x = 0; x < fixedNodes.length; x++) {
                fixedNodes[x] = slots.nodeOfSlot[slots.liveSlot(fixedHandles[x])]; // throws for a destroyed node
            }
            parts = CrowdParts.plan(st, st.layoutVersion, slots.structureVersion, bulk.tuning, threads, nodes,
                    instances, size, reads, reads.nodes, reads.size, fixedHandles, fixedNodes);
        }
        if (parts.parts() == 0) {
            return 0;
        }
        startWrites();
        reading = reads == this;
        bulk.marking.markBatch(nodes, nodes.length, list);
        assert bulk.stale.count() == parts.nodes : bulk.stale.count() + " stale, " + parts.nodes + " planned";
        Refresh refresh = owner.refresh();
        refresh.beforeComputedElsewhere();
        partKinds = refresh.kernelKinds();
        worlds = st.worlds;
        int count = parts.parts();
        if (partComputed.length < count) {
            partComputed = new int[count];
        }
        Arrays.fill(partComputed, 0, count, -1);
        if (partStats.length < count) {
            partStats = new int[count][LocalToWorld.STATS];
        }
        for (int p = 0; p < count; p++) {
            Arrays.fill(partStats[p], 0);
        }
        partWrite = true;
        return count;
    }

    /**
     * The first instance of part {@code part} of the current part write; {@code partStart(parts)} is the instance
     * count.
     *
     * @param part a part, up to the count {@code beginPartWrites} returned
     * @return its first instance
     * @throws IllegalStateException outside a part write
     * @throws IndexOutOfBoundsException if the part is out of range
     */
    int partStart(int part) {
        requirePartWrite("partStart");
        return parts.start(Objects.checkIndex(part, parts.parts() + 1));
    }

    /**
     * Brings the world matrices of one part's instances (their members and the members' subtrees) up to date, after
     * every instance of the part was written; from any thread, each part once, threads updating distinct parts at the
     * same time. Afterwards the worlds of the part's nodes and of {@code reads} (of {@code beginPartWrites}) may be
     * read ({@code readWindowProducts} and {@code readWorldProducts} of {@code reads}) for the part's instances, with
     * the bits a {@link Hierarchy#update()} gives them. O(part nodes), allocation-free.
     *
     * @param part the part
     * @throws IllegalStateException outside a part write, if the part was updated already, or if an instance of it
     *     was not written (its nodes stay stale for the next update)
     * @throws IndexOutOfBoundsException if the part is out of range
     */
    void updateWorlds(int part) {
        requirePartWrite("updateWorlds");
        CrowdParts cut = parts;
        Objects.checkIndex(part, cut.parts());
        if (partComputed[part] >= 0) {
            throw new IllegalStateException("part " + part + " was updated already");
        }
        for (int i = cut.start(part); i < cut.start(part + 1); i++) {
            if (!written[i]) {
                throw new IllegalStateException("instance " + i + " of part " + part + " was not written");
            }
        }
        NodeStorage st = bulk.store;
        int capacity = st.records ? 0 : st.modes.length; // 0: the record layout
        long[] staleBits = bulk.stale.words;
        int count = 0;
        for (int r = cut.firstRun(part); r < cut.endRun(part); r++) {
            count += ParallelUpdate.computeStale(st.locals, st.modes, st.parentNodes, st.worlds, capacity, staleBits,
                    st.matrixBits, st.wordPlans, cut.runFrom(r), cut.runTo(r), partKinds, partStats[part]);
        }
        partComputed[part] = count;
    }

    /**
     * Reads the local transforms of a part's nodes into the core's cache ahead of its writes: one load per cache line,
     * plane by plane (the {@link #POSE_FLOATS} planes {@link #writeLocals} writes) in storage order, which the
     * hardware prefetches far better than the writes' order (each instance writes a few nodes on every level of the
     * layout, in every plane). Worth it where the crowd's nodes are larger than the caches ({@code readsAhead()}); it
     * changes nothing. From any thread, during a part write. O(part nodes), allocation-free.
     *
     * @param part the part
     * @throws IllegalStateException outside a part write
     * @throws IndexOutOfBoundsException if the part is out of range
     */
    void readAhead(int part) {
        requirePartWrite("readAhead");
        CrowdParts cut = parts;
        Objects.checkIndex(part, cut.parts());
        NodeStorage st = bulk.store;
        float[] l = st.locals;
        int ns = nodeStride;
        int es = elementStride;
        int step = Math.max(1, CACHE_LINE_FLOATS / ns); // nodes per cache line of one plane
        float sum = 0;
        for (int r = cut.firstRun(part); r < cut.endRun(part); r++) {
            int from = cut.runFrom(r) * ns;
            int to = cut.runTo(r) * ns;
            for (int e = 0; e < POSE_FLOATS; e++) { // the planes writeLocals writes (TRS), not the matrix's last two
                int plane = e * es;
                for (int x = from; x < to; x += step * ns) {
                    sum += l[plane + x];
                }
                if (ns > 1) {
                    break; // records: a node's elements are together, one pass reads them all
                }
            }
        }
        readAheadSink = sum; // a plain store, so that the loads are not dropped; racy and never read
    }

    /**
     * Whether {@code readAhead} is worth calling before each part of the current part write: where the crowd has
     * more parts than threads ({@link Adaptation#readsPartsAhead}), its nodes being larger than the cores' caches.
     *
     * @return whether to read ahead
     * @throws IllegalStateException outside a part write
     */
    boolean readsAhead() {
        requirePartWrite("readsAhead");
        return Adaptation.readsPartsAhead(parts.parts(), parts.threads);
    }

    /** @return the crowd's parts of the latest part write, or null before the first (for tests) */
    CrowdParts parts() {
        return parts;
    }

    private void requirePartWrite(String what) {
        if (!partWrite) {
            throw new IllegalStateException(what + " outside beginPartWrites() and endWrites()");
        }
    }

    /**
     * Writes one instance's members' local transforms from {@code pose}, which holds them as {@link #POSE_FLOATS}
     * planes of {@link #size()} floats (the storage's TRS order): element {@code e} of member {@code k} at
     * {@code pose[offset + e × size + k]}, e = 0–2 the translation, 3–6 the rotation (x y z w), 7–9 the scale; each
     * path only if asked. Between {@link #beginWrites()} and {@link #endWrites()}; threads may write distinct instances
     * at the same time. O(size), allocation-free.
     *
     * @param instance the instance
     * @param pose the values
     * @param offset where they start
     * @param paths the paths to write: {@link #TRANSLATIONS}, {@link #ROTATIONS} and {@link #SCALES} or'd together
     * @throws IllegalArgumentException if the instance is out of range, the paths are not a combination of the three,
     *     the array too short, a value not finite or a quaternion zero, naming the member's handle and the value
     *     (nothing of this instance written)
     * @throws IllegalStateException outside a write
     */
    public void writeLocals(int instance, float[] pose, int offset, int paths) {
        if ((paths & ~ALL_PATHS) != 0) {
            throw new IllegalArgumentException("paths=" + paths + " is not a combination of TRANSLATIONS, ROTATIONS"
                    + " and SCALES");
        }
        boolean translations = (paths & TRANSLATIONS) != 0;
        boolean rotations = (paths & ROTATIONS) != 0;
        boolean scales = (paths & SCALES) != 0;
        if (!writing) {
            throw new IllegalStateException("writeLocals outside beginWrites() and endWrites()");
        }
        if (instance < 0 || instance >= instances) {
            throw new IllegalArgumentException("instance=" + instance + " is out of range, instances=" + instances);
        }
        Arguments.requireRoom("pose", pose.length, offset, (long) POSE_FLOATS * size);
        if (partWrite && partComputed[parts.partOf(instance)] >= 0) {
            throw new IllegalStateException("instance " + instance + " written after its part ("
                    + parts.partOf(instance) + ") was updated");
        }
        int first = instance * size;
        checkValues(pose, offset, first, translations, rotations, scales);
        written[instance] = true;
        if (translations) {
            writeVectors(pose, offset + Affine.TRS_T * size, first, Affine.TRS_T);
        }
        if (rotations) {
            writeRotations(pose, offset + Affine.TRS_Q * size, first);
        }
        if (scales) {
            writeVectors(pose, offset + Affine.TRS_S * size, first, Affine.TRS_S);
        }
    }

    /** Checks the values {@link #writeLocals} is asked to write for members [first, first + size). */
    private void checkValues(float[] v, int offset, int first, boolean translations, boolean rotations,
                             boolean scales) {
        int n = size;
        if (translations) {
            checkVectors(v, offset + Affine.TRS_T * n, first, "translation");
        }
        if (scales) {
            checkVectors(v, offset + Affine.TRS_S * n, first, "scale");
        }
        if (rotations) {
            int q = offset + Affine.TRS_Q * n;
            for (int k = 0; k < n; k++) {
                float x = v[q + k];
                float y = v[q + n + k];
                float z = v[q + 2 * n + k];
                float w = v[q + 3 * n + k];
                if (!QuaternionRuns.inRange(x * x + y * y + z * z + w * w)) {
                    Arguments.requireRotation(list.handles[first + k], x, y, z, w); // throws unless extreme but valid
                }
            }
        }
    }

    private void checkVectors(float[] v, int offset, int first, String what) {
        int n = size;
        for (int k = 0; k < n; k++) {
            float x = v[offset + k];
            float y = v[offset + n + k];
            float z = v[offset + 2 * n + k];
            if (!Float.isFinite(x + y + z)) { // a NaN or infinity makes the sum so (and rarely a finite overflow)
                Arguments.requireFinite3(what, list.handles[first + k], x, y, z);
            }
        }
    }

    /**
     * Three planes of vectors of members [first, first + size), from {@code v[offset ..]}, into local elements
     * [element, element + 3) of their (TRS) nodes.
     */
    private void writeVectors(float[] v, int offset, int first, int element) {
        float[] l = locals;
        int[] nd = nodes;
        int n = size;
        int ns = nodeStride;
        int es = elementStride;
        int e0 = element * es;
        for (int k = 0; k < n; k++) {
            float x = v[offset + k];
            float y = v[offset + n + k];
            float z = v[offset + 2 * n + k];
            int at = nd[first + k] * ns + e0;
            l[at] = x;
            l[at + es] = y;
            l[at + 2 * es] = z;
        }
    }

    /**
     * Four planes of quaternions of members [first, first + size), stored as the bulk setters store them (normalised
     * if not of unit length).
     */
    private void writeRotations(float[] v, int offset, int first) {
        float[] l = locals;
        int[] nd = nodes;
        int n = size;
        int ns = nodeStride;
        int es = elementStride;
        int e0 = Affine.TRS_Q * es;
        for (int k = 0; k < n; k++) {
            float x = v[offset + k];
            float y = v[offset + n + k];
            float z = v[offset + 2 * n + k];
            float w = v[offset + 3 * n + k];
            int at = nd[first + k] * ns + e0;
            float len2 = x * x + y * y + z * z + w * w;
            if (QuaternionRuns.isUnit(len2)) {
                l[at] = x;
                l[at + es] = y;
                l[at + 2 * es] = z;
                l[at + 3 * es] = w;
            } else {
                Arguments.normalizeInto(x, y, z, w, l, at, es); // checked: finite, not zero
            }
        }
    }

    /**
     * Ends a write, on the caller's thread: marks the members of every instance written and their subtrees stale (also
     * after a failed write, so that what was written is computed by the next update). O(instances + members), or less
     * for a set marked before at the same layout and structure when every instance was written.
     *
     * <p>Ending a part write ({@code beginPartWrites}): when every part was updated, its nodes count as computed by
     * the next update's refresh (their versions are the next update's, and they are in its change set); otherwise
     * (a write failed) every node marked stays stale for the next update, which computes it again, with the same
     * result where a part was updated. O(instances + stale words).
     *
     * @throws IllegalStateException if no write is begun
     */
    public void endWrites() {
        if (!writing) {
            throw new IllegalStateException("endWrites() without beginWrites()");
        }
        writing = false;
        locals = null;
        if (partWrite) {
            endPartWrites();
            return;
        }
        int all = 0;
        for (int i = 0; i < instances; i++) {
            all += written[i] ? 1 : 0;
        }
        if (bulk.store.layoutVersion != layoutVersion) {
            Arrays.fill(written, false);
            throw new IllegalStateException("the hierarchy's nodes moved during a write");
        }
        if (all == instances) {
            Arrays.fill(written, false);
            bulk.marking.markBatch(nodes, nodes.length, list); // the list's recorded closure, once it has one
            return;
        }
        int count = 0;
        for (int i = 0; i < instances; i++) {
            if (written[i]) {
                System.arraycopy(nodes, i * size, writtenNodes, count, size);
                count += size;
                written[i] = false;
            }
        }
        bulk.marking.markBatch(writtenNodes, count, null);
    }

    /** {@link #endWrites()} of a part write: settles the parts' nodes as computed if every part was updated. */
    private void endPartWrites() {
        partWrite = false;
        Arrays.fill(written, false);
        if (bulk.store.layoutVersion != layoutVersion) {
            throw new IllegalStateException("the hierarchy's nodes moved during a write");
        }
        long computed = 0;
        for (int p = 0; p < parts.parts(); p++) {
            if (partComputed[p] < 0) {
                return; // the stale nodes are computed by the next update
            }
            computed += partComputed[p];
        }
        owner.refresh().computedElsewhere(owner.pendingVersion(), computed, partStats, parts.parts());
    }

    /**
     * Begins reading world matrices, on the caller's thread: resolves the handles again if nodes moved or died, and
     * brings every stale node of the hierarchy up to date (as a bulk export does); lays the members' storage positions
     * out member by member for {@code readWorldProducts} when they changed (the first call allocates that table, 4
     * bytes per member). O(1) when nothing moved and nothing is stale.
     *
     * @throws IllegalArgumentException if a member was destroyed
     * @throws IllegalStateException during a write
     */
    public void beginReads() {
        if (writing) {
            throw new IllegalStateException("beginReads() during a write; expected endWrites() first");
        }
        if (!bulk.stale.isEmpty()) {
            owner.writeWorldPlanes(NO_HANDLES, 0, 0, NO_FLOATS, 0, 0); // brings every stale node up to date
        }
        resolve();
        worlds = bulk.store.worlds;
        if (memberNodes == null || memberNodesVersion != layoutVersion || memberNodesStride != nodeStride) {
            fillMemberNodes();
        }
        reading = true;
    }

    /** Fills {@link #memberNodes} for the current layout. O(members); allocates on the first call. */
    private void fillMemberNodes() {
        if (memberNodes == null) {
            memberNodes = new int[size * paddedInstances];
        }
        int[] nd = nodes;
        int ns = nodeStride;
        for (int k = 0; k < size; k++) {
            for (int i = 0; i < paddedInstances; i++) {
                memberNodes[k * paddedInstances + i] = nd[Math.min(i, instances - 1) * size + k] * ns;
            }
        }
        memberNodesVersion = layoutVersion;
        memberNodesStride = ns;
        fillWindows();
    }

    /**
     * Lays out {@link #windowCount} windows for the current layout, or none. The pattern comes from the first block
     * of 16 instances: each member's positions must step evenly across it, by {@code c} from one instance to the next;
     * the members are grouped by that step and by where they start, a group being the members whose first
     * positions lie within {@code c} of its first. A group's positions in a block then fill {@code 16c} consecutive
     * positions, {@code c} windows. Every later whole block that repeats the pattern (each group's members at the
     * same distances, stepping the same way) gets its windows' starts; a block that does not (one spanning two
     * clusters of the layout, or holding a moved node) gets none and is gathered. None at all in the records layout,
     * with fewer than 16 instances, when no block repeats the pattern, or when the windows would be more than
     * {@link Adaptation#readsWindows} allows. O(members); allocates a few arrays of the member and block counts.
     */
    private void fillWindows() {
        windowsVersion++;
        windowCount = 0;
        int lanes = Palettes.STRIDE_MULTIPLE;
        if (nodeStride != 1 || instances < lanes || size == 0 || size >= 1 << 16) {
            return;
        }
        int[] nd = nodes;
        long[] keys = new long[size]; // per member: its step, then its first position, then the member
        for (int k = 0; k < size; k++) {
            long step = nd[size + k] - (long) nd[k];
            if (step < 1 || step >= 1 << 16 || !steps(k, 0, step, nd[k])) {
                return;
            }
            keys[k] = step << 47 | (long) nd[k] << 16 | k; // positions < 2^31, members < 2^16 where this is asked
        }
        Arrays.sort(keys);
        int windows = 0;
        for (int g = 0; g < size; ) {
            int end = groupEnd(keys, g);
            for (int x = g + 1; x < end; x++) {
                if (position(keys[x]) == position(keys[x - 1])) {
                    return; // two members on one node
                }
            }
            windows += step(keys[g]);
            if (!Adaptation.readsWindows(bulk.tuning, windows, size)) {
                return;
            }
            g = end;
        }
        int blocks = instances / lanes;
        if (windowInstances.length < windows * lanes) {
            windowInstances = new int[windows * lanes];
            windowMembers = new int[windows * lanes];
        }
        if (windowStarts.length < windows * blocks) {
            windowStarts = new int[windows * blocks];
        }
        int w = 0;
        boolean any = false;
        for (int g = 0; g < size; ) {
            int step = step(keys[g]);
            int first = position(keys[g]);
            int end = groupEnd(keys, g);
            int[] memberAt = new int[step]; // per position of an instance's run, its member or -1
            Arrays.fill(memberAt, -1);
            for (int x = g; x < end; x++) {
                memberAt[position(keys[x]) - first] = (int) (keys[x] & 0xFFFF);
            }
            for (int t = 0; t < step; t++) {
                for (int r = 0; r < lanes; r++) {
                    int q = lanes * t + r; // the lane's place among the block's 16 × step positions
                    windowInstances[(w + t) * lanes + r] = q / step;
                    windowMembers[(w + t) * lanes + r] = memberAt[q % step];
                }
            }
            for (int block = 0; block < blocks; block++) {
                int base = nd[block * lanes * size + (int) (keys[g] & 0xFFFF)]; // the group's first member
                boolean repeats = true;
                for (int x = g; x < end && repeats; x++) {
                    int k = (int) (keys[x] & 0xFFFF);
                    repeats = steps(k, block, step, base - first + (long) position(keys[x]));
                }
                for (int t = 0; t < step; t++) {
                    windowStarts[block * windows + w + t] = repeats ? base + lanes * t : -1;
                }
            }
            w += step;
            g = end;
        }
        for (int block = 0; block < blocks; block++) {
            boolean whole = true;
            for (int x = 0; x < windows; x++) {
                whole &= windowStarts[block * windows + x] >= 0;
            }
            if (!whole) { // a group did not repeat: the block is gathered
                Arrays.fill(windowStarts, block * windows, (block + 1) * windows, -1);
            }
            any |= whole;
        }
        windowCount = any ? windows : 0;
    }

    /** Whether member {@code k}'s positions in block {@code block} are {@code start}, then every {@code step}. */
    private boolean steps(int k, int block, long step, long start) {
        int lanes = Palettes.STRIDE_MULTIPLE;
        int first = block * lanes;
        for (int i = 0; i < lanes; i++) {
            if (nodes[(first + i) * size + k] != start + step * i) {
                return false;
            }
        }
        return true;
    }

    /** The end of the group of {@link #fillWindows}'s keys that starts at {@code g}. */
    private int groupEnd(long[] keys, int g) {
        int step = step(keys[g]);
        int first = position(keys[g]);
        int end = g + 1;
        while (end < size && step(keys[end]) == step && position(keys[end]) < first + step) {
            end++;
        }
        return end;
    }

    /** The step held in a key of {@link #fillWindows}. */
    private static int step(long key) {
        return (int) (key >>> 47);
    }

    /** The first position held in a key of {@link #fillWindows}. */
    private static int position(long key) {
        return (int) (key >>> 16 & 0x7FFF_FFFFL);
    }

    private static final long[] NO_HANDLES = new long[0];
    private static final int[] NO_INTS = new int[0];
    private static final float[] NO_FLOATS = new float[0];

    /**
     * Copies the world matrices of instances {@code [from, to)} into planes: element {@code e} (column-major 3×4,
     * {@code e = 3 × column + row}) of member {@code k} of instance {@code i} at
     * {@code dest[offset + e × elementStride + k × memberStride + i - from]}, the layout of
     * {@link dev.arbor.kernel.Palettes}' lanes. After {@link #beginReads()}, before the hierarchy changes; threads may
     * read at the same time. O((to - from) × size), allocation-free.
     *
     * @param from first instance
     * @param to end of the instances (exclusive)
     * @param dest destination
     * @param offset index of element 0 of member 0 of instance {@code from}
     * @param memberStride floats from one member's lanes to the next's, at least {@code to - from}; the elements'
     *     planes are {@code elementStride = size × memberStride} floats apart
     * @throws IllegalArgumentException if the range is out of bounds or does not fit {@code dest}
     * @throws IllegalStateException if no read is begun
     */
    public void readWorlds(int from, int to, float[] dest, int offset, int memberStride) {
        int elementStride = size * memberStride;
        if (!reading) {
            throw new IllegalStateException("readWorlds without beginReads()");
        }
        int lanes = to - from;
        if (from < 0 || to > instances || lanes < 0 || memberStride < lanes
                || elementStride < (long) size * memberStride || offset < 0
                || (lanes > 0 && size > 0 && dest.length < offset + 11L * elementStride
                        + (long) (size - 1) * memberStride + lanes)) {
            throw new IllegalArgumentException("bad world planes: from=" + from + ", to=" + to + ", instances="
                    + instances + ", offset=" + offset + ", memberStride=" + memberStride + ", elementStride="
                    + elementStride + ", dest.length=" + dest.length);
        }
        float[] wo = worlds;
        int[] nd = nodes;
        int ns = nodeStride;
        int es = this.elementStride;
        for (int k = 0; k < size; k++) {
            int d = offset + k * memberStride - from;
            for (int i = from; i < to; i++) {
                int at = nd[i * size + k] * ns;
                for (int e = 0; e < Affine.STRIDE; e++) {
                    dest[d + e * elementStride + i] = wo[at + e * es];
                }
            }
        }
    }

    /**
     * The skinning products of instances {@code [from, to)} from their members' world matrices, without copying those
     * first: {@code p = m[i] × world × b[k]} for member {@code k} of instance {@code i}, with {@code m[i]} at
     * {@code left[e × leftStride + i - from]} and {@code b[k]} the 12 floats from {@code right[12 × k]}, into
     * {@code dest} as {@link #readWorlds} lays the worlds out. The bits of {@link #readWorlds} followed by
     * {@link Palettes#chainLanes} per member. On the vector path the world matrices are gathered straight from the
     * storage, a vector of instances at a time, and the lanes up to {@code to - from} rounded up to
     * {@link Palettes#STRIDE_MULTIPLE} are computed too (from the instances after {@code to}, or repeats of the last
     * one) when the strides and arrays leave room for them ({@link Palettes#chainGathered}). After
     * {@link #beginReads()}; threads may read at the same time. O((to - from) × size), allocation-free.
     *
     * @param from first instance
     * @param to end of the instances (exclusive)
     * @param left the instances' left matrices, 12 planes
     * @param leftStride floats per plane of {@code left}, at least {@code to - from}
     * @param right the members' right matrices, 12 floats each, column-major 3×4
     * @param dest destination
     * @param offset index of element 0 of member 0 of instance {@code from}
     * @param memberStride floats from one member's lanes to the next's, at least {@code to - from}
     * @param elementStride floats from one element's planes to the next's, at least {@code size × memberStride}
     * @throws IllegalArgumentException if the range is out of bounds or does not fit the arrays
     * @throws IllegalStateException if no read is begun
     */
    void readWorldProducts(int from, int to, float[] left, int leftStride, float[] right, float[] dest,
                           int offset, int memberStride, int elementStride) {
        if (!reading) {
            throw new IllegalStateException("readWorldProducts without beginReads()");
        }
        int lanes = to - from;
        if (from < 0 || to > instances || lanes < 0 || elementStride < (long) size * memberStride) {
            throw new IllegalArgumentException("bad world products: from=" + from + ", to=" + to + ", instances="
                    + instances + ", memberStride=" + memberStride + ", elementStride=" + elementStride);
        }
        Palettes.chainGathered(worlds, this.elementStride, memberNodes, from, paddedInstances, left, leftStride,
                right, dest, offset, memberStride, elementStride, size, lanes);
    }

    /**
     * The number of windows {@code readWindowProducts} computes per block of 16 instances, as laid out at the latest
     * {@link #beginReads()}: 0 when the members do not repeat one pattern of storage positions from instance to
     * instance (then {@code readWorldProducts} serves).
     *
     * @return the windows, or 0
     */
    int windowCount() {
        return windowCount;
    }

    /**
     * Changes whenever {@link #beginReads()} lays the windows out again (after the hierarchy's nodes moved), so that a
     * caller knows when to rebuild what it keeps per window lane.
     *
     * @return the windows' version
     */
    long windowsVersion() {
        return windowsVersion;
    }

    /**
     * The member that lane {@code lane} of window {@code window} holds, or -1 where the lane's position holds another
     * node.
     *
     * @param window a window, below {@code windowCount()}
     * @param lane a lane, below 16
     * @return the member, or -1
     * @throws IndexOutOfBoundsException if the window or lane is out of range
     */
    int windowMember(int window, int lane) {
        return windowMembers[windowLane(window, lane)];
    }

    /**
     * The instance that lane {@code lane} of window {@code window} belongs to, counted from the block's first
     * (0 to 15); meaningful where {@link #windowMember} is not -1.
     *
     * @param window a window, below {@code windowCount()}
     * @param lane a lane, below 16
     * @return the instance within the block
     * @throws IndexOutOfBoundsException if the window or lane is out of range
     */
    int windowInstance(int window, int lane) {
        return windowInstances[windowLane(window, lane)];
    }

    private int windowLane(int window, int lane) {
        Objects.checkIndex(window, windowCount);
        return window * Palettes.STRIDE_MULTIPLE + Objects.checkIndex(lane, Palettes.STRIDE_MULTIPLE);
    }

    /**
     * The skinning products of the 16 instances {@code [from, from + 16)}, window by window in the storage's own
     * order ({@link Palettes#chainWindows}): lane {@code r} of window {@code w} gets
     * {@code m(i) × world × b(w, r)}, where {@code world} is the world matrix at the lane's position, {@code i} its
     * instance within the block ({@link #windowInstance}), element {@code e} of {@code m(i)} at {@code left[16e + i]}
     * and of {@code b(w, r)} at {@code right[e × planeStride + 16w + r]}; element {@code e} of the result goes to
     * {@code dest[e × planeStride + 16w + r]}. Where {@link #windowMember} is a member the result is that member's
     * product, with the bits of {@code readWorldProducts}; other lanes hold whatever their positions give.
     * After {@link #beginReads()}; threads may read at the same time. O(windows), allocation-free.
     *
     * @param from the block's first instance, a multiple of 16
     * @param left the block's left matrices, 12 planes of 16
     * @param right the right matrices per window lane, 12 planes
     * @param dest destination, 12 planes
     * @param planeStride floats per plane of {@code right} and {@code dest}, at least {@code 16 × windowCount()}
     * @return false, with nothing written, if this block does not repeat the windows' pattern (it spans two clusters of
     *     the layout, or holds a node that moved) or its windows reach past the storage's planes (the last blocks of a
     *     crowd at the storage's end); {@code readWorldProducts} then serves
     * @throws IllegalArgumentException if the block is not a whole block of instances or an array is too short
     * @throws IllegalStateException if no read is begun, or there are no windows
     */
    boolean readWindowProducts(int from, float[] left, float[] right, float[] dest, int planeStride) {
        if (!reading || windowCount == 0) {
            throw new IllegalStateException(reading ? "readWindowProducts without windows; see windowCount()"
                    : "readWindowProducts without beginReads()");
        }
        int lanes = Palettes.STRIDE_MULTIPLE;
        if (from < 0 || from % lanes != 0 || from > instances - lanes) {
            throw new IllegalArgumentException("bad block of windows: from=" + from + ", instances=" + instances
                    + "; expected a multiple of " + lanes + " at most instances - " + lanes);
        }
        int so = from / lanes * windowCount;
        for (int w = 0; w < windowCount; w++) {
            if (windowStarts[so + w] < 0 || windowStarts[so + w] + lanes > elementStride) {
                return false;
            }
        }
        Palettes.chainWindows(worlds, elementStride, windowStarts, so, windowInstances, left, right, dest, planeStride,
                windowCount);
        return true;
    }

    /** The members' storage positions and the layout's strides, resolved again if nodes moved. */
    private void resolve() {
        NodeStorage st = bulk.store;
        nodes = list.resolved(bulk.slots, st.layoutVersion);
        layoutVersion = st.layoutVersion;
        nodeStride = st.records ? LocalToWorld.RECORD : 1;
        elementStride = st.elementStride();
    }
}
