package dev.arbor.hierarchy;

import static dev.arbor.kernel.LocalToWorld.MODE_TRS;

import dev.arbor.kernel.Bits;
import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.QuaternionRuns;
import dev.arbor.kernel.VectorSupport;
import dev.arbor.math.Affine;
import java.util.Arrays;

/**
 * The bulk setters of local translations, rotations and scales, by handles or through a {@link NodeList}: every value
 * checked before anything is written (pass 1), then written (pass 2), then the nodes' subtrees marked stale (pass 3);
 * run-wise when a list's nodes fill one run of storage, on the update threads when the batch is large. Owns its
 * scratch (the resolved nodes, the parallel job's bit sets) and the counts of the paths taken, for tests.
 *
 * <p>Invariant: between calls the parallel job's bit sets are all zero and hold no reference to a caller's arrays.
 * A call that throws has changed nothing.
 */
final class BulkSetter {
    /** Kinds of bulk setter (indices into {@link #BULK_VALUES}). */
    static final int BULK_TRANSLATION = 0;
    static final int BULK_ROTATION = 1;
    static final int BULK_SCALE = 2;
    /** The name of a bulk setter's value array in errors, by kind. */
    private static final String[] BULK_VALUES = {"translations", "rotations", "scales"};

    final SlotTable slots;
    final NodeStorage store;
    final StaleMarking marking;
    final TrackedBits stale;
    final LocalForms forms;
    final Tuning tuning;
    /** The update threads, or null when bulk sets run on the caller's thread only. */
    private ParallelUpdate parallel;
    /** The parallel bulk setter's state, created with the first large bulk set on more than one thread. */
    private BulkSetJob bulkJob;
    private int[] nodeScratch = new int[0];
    /** Bulk setters split between threads (a count for tests). */
    long parallelBulkSets;
    /** Bulk sets of a {@link NodeList} written run-wise, a list whose nodes fill one run of storage (for tests). */
    long bulkRuns;
    /** Bits of the quaternions {@link #gatherRuns} read ahead; written so that those reads are kept. */
    int touchedBits;
    /** Rotation copies that {@link #copyRunOutOfOrder} made by gathers (for tests). */
    long gatherCopies;

    BulkSetter(SlotTable slots, NodeStorage store, StaleMarking marking, LocalForms forms, Tuning tuning) {
        this.slots = slots;
        this.store = store;
        this.marking = marking;
        this.stale = marking.bits;
        this.forms = forms;
        this.tuning = tuning;
    }

    /** Uses these update threads for large batches from now on (null: none). */
    void useThreads(ParallelUpdate threads) {
        parallel = threads;
        bulkJob = null;
    }

    /** Floats per node in a bulk setter's value array: 4 for rotations, 3 for translations and scales. */
    private static int bulkStride(int kind) {
        return kind == BULK_ROTATION ? 4 : 3;
    }

    /**
     * Every handle-based bulk setter: checks the arrays' room, then runs the batch on the update threads when it is
     * large enough and allowed there, else resolves the handles and sets the nodes on this thread.
     */
    void set(int kind, long[] handles, int handleOffset, int count, float[] values, int valueOffset) {
        Arguments.requireRoom("handles", handles.length, handleOffset, count);
        Arguments.requireRoom(BULK_VALUES[kind], values.length, valueOffset, (long) count * bulkStride(kind));
        if (parallel != null && count >= Hierarchy.PARALLEL_MIN_NODES
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
    void set(int kind, NodeList list, int[] nodes, float[] values, int offset) {
        int count = nodes.length;
        Arguments.requireRoom(BULK_VALUES[kind], values.length, offset, (long) count * bulkStride(kind));
        boolean runPaths = list.runFirst >= 0
                && (kind != BULK_ROTATION || count > 0 && noMatrixIn(list.runFirst, count));
        if (parallel != null && count >= Hierarchy.PARALLEL_MIN_NODES
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
                Arguments.requireRotation(handles[handleOffset + k], x, y, z, w);
            }
            if (!QuaternionRuns.isUnit(len2) || store.modes[node] != MODE_TRS) {
                plain = false;
                if (store.modes[node] != MODE_TRS) {
                    forms.checkSplittable(node, handles[handleOffset + k]);
                }
            }
        }
        if (!plain) {
            splitToTrs(nodes, handles, handleOffset, count);
        }
        writeRotationRun(rotations, rotationOffset, nodes, 0, count, 0, plain);
        marking.markBatch(nodes, count, list);
    }

    /**
     * Turns every node of a checked batch that holds an explicit local matrix into TRS (the rotation or scale about to
     * be written replaces its part of the split); a node listed twice is split once.
     */
    private void splitToTrs(int[] nodes, long[] handles, int handleOffset, int count) {
        for (int k = 0; k < count; k++) {
            if (store.modes[nodes[k]] != MODE_TRS) {
                forms.requireTrsLocal(nodes[k], handles[handleOffset + k]);
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
        marking.markRun(list.runFirst, count);
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
        TwoWayChoice choice = list.copyChoice(Adaptation.copyProbationRuns(tuning, count));
        choice.force(tuning.copyWay());
        boolean gather = choice.begin();
        long start = choice.timing() ? System.nanoTime() : 0L;
        if (gather) {
            int[] inverse = list.inverse(store.layoutVersion, Adaptation.readsAhead(tuning, count) ? tuning.touchChunk() : 0);
            int c = store.modes.length;
            int base = Affine.TRS_Q * c + list.runFirst;
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
     * {@code unit}, else through {@link Arguments#normalizeInto}. Values are read in batch order: scattered writes cost less
     * than scattered reads. Each layout has a method of its own, so that the JIT's profile of the planes' loops is
     * not mixed with the records' (a mixed profile cost dense frames in planes 12–40% when another hierarchy in the
     * same JVM ran in records).
     */
    private void writeRotationRun(float[] rotations, int offset, int[] nodes, int from, int to, int first,
                                  boolean unit) {
        if (store.records) {
            for (int k = from; k < to; k += QuaternionRuns.BLOCK) { // a block per call, compiled early: see BLOCK
                writeRotationRecords(rotations, offset, nodes, k, Math.min(to, k + QuaternionRuns.BLOCK),
                        store.locals, first, unit);
            }
        } else {
            writeRotationPlanes(rotations, offset, nodes, from, to, store.locals, first, store.modes.length, unit);
        }
    }

    /** {@link #writeRotationRun} into the four rotation planes of {@code l} (capacity {@code c}). */
    private static void writeRotationPlanes(float[] rotations, int offset, int[] nodes, int from, int to, float[] l,
                                            int first, int c, boolean unit) {
        int q0 = Affine.TRS_Q * c;
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
                Arguments.normalizeInto(rotations[q], rotations[q + 1], rotations[q + 2], rotations[q + 3], l, q0 + node, c);
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
                Arguments.normalizeInto(rotations[q], rotations[q + 1], rotations[q + 2], rotations[q + 3], l, at, 1);
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
                stale.words.length);
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
                            Arguments.requireRotation(h, x, y, z, w);
                        }
                        unitLength &= QuaternionRuns.isUnit(len2);
                    } else {
                        Arguments.requireFinite3(kind == BULK_SCALE ? "scale" : "translation", h, x, y, z);
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
                marking.markRun(runFirst, count);
                values = null;
                nodes = null;
                return;
            }
            boolean sweep = marking.sweeps(count);
            long[] staleWords = stale.words;
            int lo = minLoWord();
            int hi = maxHiWord();
            int first = Integer.MAX_VALUE;
            for (int w = lo; w < hi; w++) {
                long m = 0L;
                for (long[] b : bits) {
                    m |= b[w];
                    b[w] = 0L;
                }
                long fresh = m & ~staleWords[w];
                if (fresh == 0L) {
                    continue;
                }
                if (sweep) {
                    staleWords[w] |= fresh;
                    first = Math.min(first, (w << 6) + Long.numberOfTrailingZeros(fresh));
                    stale.include(w, w + 1);
                } else {
                    for (; fresh != 0L; fresh &= fresh - 1) {
                        marking.markSubtree(store.slotOfNode[(w << 6) + Long.numberOfTrailingZeros(fresh)]);
                    }
                }
            }
            marking.closeFrom(first);
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

    private int[] nodeScratch(int count) {
        if (nodeScratch.length < count) {
            nodeScratch = new int[Math.max(count, nodeScratch.length * 2)];
        }
        return nodeScratch;
    }

    private void translateNodes(int[] nodes, long[] handles, int handleOffset, int count, float[] translations,
                                int translationOffset, NodeList list) {
        for (int k = 0; k < count; k++) {
            int t = translationOffset + 3 * k;
            Arguments.requireFinite3("translation", handles[handleOffset + k], translations[t], translations[t + 1],
                    translations[t + 2]);
        }
        writeTranslations(nodes, 0, count, translations, translationOffset);
        marking.markBatch(nodes, count, list);
    }

    /**
     * Writes the vectors of batch positions {@code [from, to)} as translations: planes 0–2 of a TRS node, column 3
     * (planes 9–11) of an explicit matrix.
     */
    private void writeTranslations(int[] nodes, int from, int to, float[] translations, int offset) {
        writeVectors(nodes, from, to, translations, offset, Affine.TRS_T, 9);
    }

    /**
     * Writes 3-vectors of batch positions {@code [from, to)} to their nodes' locals from element {@code trsAt} of a
     * TRS node and {@code matrixAt} of an explicit matrix. Each layout has a loop of its own, for the reason given at
     * {@link #writeRotationRun}.
     */
    private void writeVectors(int[] nodes, int from, int to, float[] values, int offset, int trsAt, int matrixAt) {
        float[] l = store.locals;
        byte[] modes = store.modes;
        if (store.records) {
            for (int k = from; k < to; k++) {
                int node = nodes[k];
                int at = node * LocalToWorld.RECORD + (modes[node] == MODE_TRS ? trsAt : matrixAt);
                int v = offset + 3 * k;
                l[at] = values[v];
                l[at + 1] = values[v + 1];
                l[at + 2] = values[v + 2];
            }
            return;
        }
        int c = modes.length;
        for (int k = from; k < to; k++) {
            int node = nodes[k];
            int at = (modes[node] == MODE_TRS ? trsAt : matrixAt) * c + node;
            int v = offset + 3 * k;
            l[at] = values[v];
            l[at + c] = values[v + 1];
            l[at + 2 * c] = values[v + 2];
        }
    }

    private void scaleNodes(int[] nodes, long[] handles, int handleOffset, int count, float[] scales,
                            int scaleOffset, NodeList list) {
        for (int k = 0; k < count; k++) {
            int node = nodes[k];
            long h = handles[handleOffset + k];
            int v = scaleOffset + 3 * k;
            Arguments.requireFinite3("scale", h, scales[v], scales[v + 1], scales[v + 2]);
            if (store.modes[node] != MODE_TRS) {
                forms.checkSplittable(node, h);
            }
        }
        splitToTrs(nodes, handles, handleOffset, count);
        writeScales(nodes, 0, count, scales, scaleOffset);
        marking.markBatch(nodes, count, list);
    }

    /** Writes the vectors of batch positions {@code [from, to)} into the scale planes of their (TRS) nodes. */
    private void writeScales(int[] nodes, int from, int to, float[] scales, int offset) {
        writeVectors(nodes, from, to, scales, offset, Affine.TRS_S, Affine.TRS_S);
    }
}
