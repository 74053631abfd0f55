package dev.arbor.kernel;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Compiles the vector kernels before any hierarchy uses them (see {@link VectorSupport}): runs them, through the
 * entry points the hierarchy and the palettes call, on a scratch scene of its own, in rounds, until a whole round
 * allocates nothing on this thread. The Vector API allocates an object per operation until the JIT's last tier has
 * compiled the method around it, so a round without allocation means that every kernel it ran is compiled; the
 * vector path is then turned on ({@link VectorSupport#activate}). The scratch scene holds every batch shape of
 * {@link LocalToWorldVector#computeWord}, and the checks run both their short and their read-ahead ranges, so that
 * no branch the hierarchy takes later is one the compiled code left out (a left-out branch would send the method
 * back to the interpreter when first taken).
 *
 * <p>The rounds run on a daemon thread started by {@link #start()}, at the lowest priority (which most operating
 * systems ignore for a JVM), 2–3 s of one core on the 2-core machine of the benchmarks; or on the caller's thread by
 * {@link #run()}, which also waits for the daemon thread's rounds. The daemon thread starts its rounds only once the
 * JIT has compiled the program's own first code (see {@link #waitForQuietJit()}): until then the rounds, the JIT's
 * compiling of them and their garbage would take the cores the program's first frames and their compiling need.
 */
final class VectorWarmUp {
    /** Calls of each kernel per round. */
    static final int CALLS = 200;
    /**
     * Quaternions of the check's longer calls, in an array of their own, so that the compiled check has also seen
     * calls that run to their array's end, as a node list's bulk set makes.
     */
    private static final int MEDIUM_RUN = 1000;
    /** Rounds that must allocate nothing in a row. */
    private static final int CLEAN_ROUNDS = 2;
    /** How long the rounds may take before the vector path is given up for this JVM. */
    private static final long GIVE_UP_NANOS = 60_000_000_000L;
    /**
     * Warm-up after which crowd palettes' kernels that still allocate, while all the others no longer do, are left to
     * their scalar paths: the others were compiled within 1–4 s where measured, and the crowd palettes' kernels
     * are the newest and least exercised of the rounds' kernels, so a JIT that cannot compile them keeps only them
     * scalar.
     */
    private static final long CROWD_GIVE_UP_NANOS = 15_000_000_000L;

    /**
     * How often the daemon thread reads the JIT's compile time before its rounds. With {@link #QUIET_COMPILE_MILLIS},
     * {@link #QUIET_SAMPLES} and {@link #QUIET_WAIT_MAX_MILLIS}: measured on the 2-core machine of the benchmarks, a
     * fresh JVM updating 6,000 or 65,000 nodes a frame compiled for most of its first 0.3–0.8 s (the program's own
     * code, the scalar kernel among it) and then a few ms per 100 ms; rounds started during that time made its first
     * 100 frames take 1.7–2× as long as without the vector module.
     */
    private static final long QUIET_SAMPLE_MILLIS = 50;
    /** At most this much compile time (all compiler threads) in one sample counts as quiet. */
    private static final long QUIET_COMPILE_MILLIS = 5;
    /** Quiet samples in a row before the rounds start. */
    private static final int QUIET_SAMPLES = 2;
    /** The rounds start after this long at the latest, quiet or not. */
    private static final long QUIET_WAIT_MAX_MILLIS = 3000;

    /** Why the vector path stays off, or null while it may still come on. */
    private static volatile String failure;
    /** Set by {@link #run()} on a caller's thread: the daemon thread stops yielding between rounds. */
    private static volatile boolean hurry;

    private VectorWarmUp() {
    }

    /** Starts the daemon thread that warms the vector kernels up. */
    static void start() {
        Thread t = new Thread(new Rounds(), "arbor-vector-warm-up"); // not a lambda: its bootstrap costs a cold JVM
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** The daemon thread's body. */
    private static final class Rounds implements Runnable {
        @Override
        public void run() {
            waitForQuietJit();
            VectorWarmUp.run();
        }
    }

    /**
     * Waits until the JIT has compiled less than {@link #QUIET_COMPILE_MILLIS} in each of {@link #QUIET_SAMPLES}
     * samples of {@link #QUIET_SAMPLE_MILLIS} in a row (the program's first code compiled), for at most
     * {@link #QUIET_WAIT_MAX_MILLIS}; at once where the JVM does not report its compile time, or once {@link #run()}
     * is called on a caller's thread.
     */
    private static void waitForQuietJit() {
        CompilationMXBean jit;
        try {
            jit = ManagementFactory.getCompilationMXBean();
        } catch (LinkageError e) {
            return; // java.management not in this runtime: start now
        }
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long deadline = System.nanoTime() + QUIET_WAIT_MAX_MILLIS * 1_000_000L;
        long compiled = jit.getTotalCompilationTime();
        int quiet = 0;
        while (quiet < QUIET_SAMPLES && !hurry && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(QUIET_SAMPLE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = jit.getTotalCompilationTime();
            quiet = now - compiled <= QUIET_COMPILE_MILLIS ? quiet + 1 : 0;
            compiled = now;
        }
    }

    /**
     * Runs every vector method of the kernels once, on scratch data: the update's batch shapes
     * ({@link LocalToWorldVector}), the quaternion checks and copies ({@link QuaternionRunsVector}), the palette
     * products ({@link PalettesVector}) and the slerps ({@link SlerpRunsVector}), in that order. {@link #run()} calls
     * it once, before its rounds, so that every vector operation used there has been looked up before the JIT
     * compiles any of it.
     *
     * <p>Why (measured on JDK 17): the Vector API looks each operation's implementation up in a cache
     * ({@code VectorOperators.ImplCache.find}), which the JIT compiles on its own early. If an operation is first used
     * after that (a batch kind or a loop that runs only later), the compiled lookup deoptimises once at its cache miss,
     * and that trap stays counted in the lookup's profile. The JIT adds that count once for every place the lookup is
     * inlined, and the update's window batch inlines it about a hundred times; past JDK 17's limit of 100 traps per
     * compilation it stops speculating on types, the last stores of the method lose their vector intrinsic, and every
     * batch allocated a boxed vector: 24,096 bytes per frame of a 6,000-node scene in about half of the JVM runs.
     */
    static void lookUpEveryOperation() {
        int c = 4 * VectorLanes.lanes();
        float[] locals = LocalToWorld.newPlanes(c, LocalToWorld.LOCAL_PLANES);
        float[] worlds = LocalToWorld.newPlanes(c, LocalToWorld.WORLD_PLANES);
        // rotation w and the scales: identity rotations
        Arrays.fill(locals, 6 * c, 10 * c, 1f);
        LocalToWorldVector.warmUp(locals, worlds);
        QuaternionRunsVector.warmUp(locals, c);
        PalettesVector.warmUp();
        SlerpRunsVector.warmUp();
    }

    /** @return why the vector path stays off for good, or null */
    static String failure() {
        return failure;
    }

    /** Warms the kernels up on this thread (or waits for the thread doing it) until they are compiled or given up. */
    static void run() {
        if (!Thread.currentThread().isDaemon()) {
            hurry = true;
        }
        synchronized (VectorWarmUp.class) {
            if (VectorSupport.activated() || failure != null) {
                return;
            }
            String noJit = jitMissing();
            if (noJit != null) {
                failure = noJit;
                return;
            }
            try {
                if (VectorLanes.lanes() < 4 || 64 % VectorLanes.lanes() != 0) {
                    failure = "the Vector API's " + VectorLanes.lanes() + " float lanes are not used";
                    return;
                }
                lookUpEveryOperation(); // every operation looked up before the JIT compiles any of it: see there
            } catch (LinkageError e) {
                failure = "the Vector API is present but unusable here";
                return;
            }
            AllocationCounter counter = AllocationCounter.create();
            Scratch scratch = new Scratch(counter);
            long start = System.nanoTime();
            // first the update's and the other kernels alone, until compiled; then with the crowd palettes' kernels
            // as well, so that those do not run (and weigh in the JIT's profiles) before the update's are compiled
            boolean crowdTaken = false;
            long crowdStart = 0;
            int clean = 0;
            while (true) {
                long now = System.nanoTime();
                if (now - start > GIVE_UP_NANOS) {
                    failure = "the vector kernels still allocated after " + GIVE_UP_NANOS / 1_000_000_000L
                            + " s of warm-up" + scratch.allocating() + ", compiled by the JIT to code that allocates";
                    return;
                }
                long before = counter.bytes();
                scratch.round();
                long crowdBytes = scratch.bytes[Scratch.CROWD];
                long others = counter.bytes() - before - crowdBytes;
                clean = others == 0 && crowdBytes == 0 ? clean + 1 : 0;
                if (clean >= CLEAN_ROUNDS) {
                    if (crowdTaken) {
                        break;
                    }
                    crowdTaken = true;
                    scratch.crowdPalettes = true;
                    crowdStart = now;
                    clean = 0;
                } else if (scratch.crowdPalettes && others == 0 && now - crowdStart > CROWD_GIVE_UP_NANOS) {
                    // the others are compiled, the crowd palettes' kernels still allocate: those take their scalar
                    // paths (same bits) rather than keep the rest of Arbor on the scalar kernel
                    VectorSupport.leaveCrowdPalettesScalar();
                    scratch.crowdPalettes = false;
                }
                if (!hurry) {
                    Thread.yield();
                }
            }
            if (scratch.differs()) {
                failure = "the vector kernels computed other bits than the scalar ones";
                return;
            }
            VectorSupport.activate();
        }
    }

    /** @return why this JVM's JIT cannot compile the Vector API to vector code, or null if it may */
    private static String jitMissing() {
        if (System.getProperty("java.vm.info", "").contains("interpreted")) {
            return "the JVM only interprets (-Xint)";
        }
        try {
            com.sun.management.HotSpotDiagnosticMXBean hotSpot =
                    ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            if (hotSpot != null && Boolean.parseBoolean(hotSpot.getVMOption("TieredCompilation").getValue())
                    && Integer.parseInt(hotSpot.getVMOption("TieredStopAtLevel").getValue()) < 4) {
                return "the JIT stops before its last tier (-XX:TieredStopAtLevel)";
            }
        } catch (LinkageError | RuntimeException e) {
            // not HotSpot, or no management: warm up and see
        }
        return null;
    }

    /**
     * The bytes this thread allocated; where the JVM does not count them, a count that rises for
     * {@link #FIXED_ROUNDS} rounds and then stands still.
     */
    private static final class AllocationCounter {
        /** Rounds run where allocation cannot be counted: several times what the JIT needed where measured. */
        private static final int FIXED_ROUNDS = 160;
        private final com.sun.management.ThreadMXBean bean;
        private int reads;

        private AllocationCounter(com.sun.management.ThreadMXBean bean) {
            this.bean = bean;
        }

        static AllocationCounter create() {
            try {
                if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
                        && bean.isThreadAllocatedMemorySupported() && bean.isThreadAllocatedMemoryEnabled()) {
                    return new AllocationCounter(bean);
                }
            } catch (LinkageError e) {
                // java.management or jdk.management not in this runtime: count rounds instead
            }
            return new AllocationCounter(null);
        }

        /** @return whether {@link #bytes} counts bytes (else rounds), so that parts of a round can be measured */
        boolean measures() {
            return bean != null;
        }

        long bytes() {
            if (bean != null) {
                return bean.getCurrentThreadAllocatedBytes();
            }
            reads = Math.min(reads + 1, 2 * FIXED_ROUNDS);
            return reads / 2;
        }
    }

    /**
     * @param bytes per group of the rounds' kernels ({@code Scratch.UPDATE} ...), the bytes they allocated in one round
     * @return the groups that allocated, with their bytes per call, as " (the update (...): 576 bytes a call)"; ""
     *     if none did (or the JVM does not count allocation)
     */
    static String allocating(long[] bytes) {
        StringBuilder s = new StringBuilder();
        for (int g = 0; g < bytes.length; g++) {
            if (bytes[g] != 0) {
                s.append(s.length() == 0 ? " (" : "; ").append(Scratch.GROUPS[g]).append(": ")
                        .append(bytes[g] / CALLS).append(" bytes a call");
            }
        }
        return s.length() == 0 ? "" : s.append(')').toString();
    }

    /** The scratch data of the rounds. */
    static final class Scratch {
        private final int lanes = VectorLanes.lanes();
        /** Two words of nodes: every batch shape. */
        private final int capacity = 128;
        private final int words = capacity / 64;
        private final float[] locals = LocalToWorld.newPlanes(capacity, LocalToWorld.LOCAL_PLANES);
        private final float[] worlds = LocalToWorld.newPlanes(capacity, LocalToWorld.WORLD_PLANES);
        private final float[] scalarWorlds = LocalToWorld.newPlanes(capacity, LocalToWorld.WORLD_PLANES);
        private final byte[] modes = new byte[capacity];
        private final int[] parents = new int[capacity];
        private final long[] stale = new long[words];
        private final long[] changed = new long[words];
        private final long[] matrices = new long[words];
        private final long[] plans = new long[words];
        private final int[] stats = new int[LocalToWorld.STATS];
        /** Unit quaternions, as many as the read-ahead check needs, and one vector's worth of indices into them. */
        private final float[] quaternions = new float[4 * QuaternionRunsVector.CHECK_AHEAD_MIN];
        private final float[] medium = new float[4 * MEDIUM_RUN];
        private int rounds;
        /** Whether the rounds run the crowd palettes' kernels (after the others are compiled, until done with). */
        private boolean crowdPalettes;
        /** The kernels of a round in groups, indices into {@link #bytes} and {@link #GROUPS}. */
        static final int UPDATE = 0;
        static final int QUATERNIONS = 1;
        static final int PALETTES = 2;
        static final int CROWD = 3;
        static final int INTERPOLATION = 4;
        /** What each group runs, for the failure message. */
        static final String[] GROUPS = {
            "the update (LocalToWorld.propagateStale, computeStale)",
            "the quaternion checks and copies (QuaternionRuns)",
            "the palette products (Palettes.chain)",
            "the crowd palettes (Palettes.chainLanes, chainGathered, chainWindows, toColumnMajor4x4)",
            "the interpolations (SlerpRuns)"};
        /**
         * Per group, the bytes its kernels allocated in the latest round, where the JVM counts a thread's allocation
         * (else 0).
         */
        final long[] bytes = new long[GROUPS.length];
        private final AllocationCounter counter;
        /** Quaternions refused by the check's first loop, and by its second. */
        private final float[] refusedFirst = new float[4 * (lanes + lanes / 4)];
        private final float[] refusedSecond = new float[4 * (lanes + lanes / 4)];
        private final int[] index = new int[lanes];
        /** Palette planes of one stride. */
        private final float[] palette = new float[12 * Palettes.STRIDE_MULTIPLE];
        /** The crowd palettes' products: two members' worth of storage positions, binds, and products in planes. */
        private final int[] gatherIndex = new int[2 * Palettes.STRIDE_MULTIPLE];
        private final float[] binds = new float[24];
        private final float[] crowdPlanes = new float[24 * Palettes.STRIDE_MULTIPLE];
        /** The crowd palettes' 4×4 entries of one stride. */
        private final float[] entries = new float[16 * Palettes.STRIDE_MULTIPLE];
        /**
         * The crowd palettes read window by window: three windows of the second block of a crowd with three positions
         * per instance, lane r of instance r / 3; per lane its bind, its product and its entry's row.
         */
        private final int[] windowStarts = {3 * Palettes.STRIDE_MULTIPLE, 4 * Palettes.STRIDE_MULTIPLE,
            5 * Palettes.STRIDE_MULTIPLE};
        private final int[] windowLanes = new int[3 * Palettes.STRIDE_MULTIPLE];
        private final int[] windowRows = new int[3 * Palettes.STRIDE_MULTIPLE];
        private final float[] windowBinds = new float[36 * Palettes.STRIDE_MULTIPLE];
        private final float[] windowPlanes = new float[36 * Palettes.STRIDE_MULTIPLE];
        /** Slerp records of one step of each loop ({@link SlerpRuns}), and their results on each path. */
        private final float[] keys = new float[9 * (lanes + lanes / 4)];
        private final float[] interpolated = new float[4 * (lanes + lanes / 4)];
        private final float[] scalarInterpolated = new float[interpolated.length];

        Scratch(AllocationCounter counter) {
            this.counter = counter;
            Arrays.fill(modes, LocalToWorld.MODE_TRS);
            parentsOfEveryShape(parents, lanes);
            int c = capacity;
            for (int i = 0; i < c; i++) {
                float angle = 0.01f * (i % 7);
                locals[i] = 0.5f * (i % 3);
                locals[c + i] = 0.25f;
                locals[5 * c + i] = (float) Math.sin(angle);
                locals[6 * c + i] = (float) Math.cos(angle);
                locals[7 * c + i] = 1f;
                locals[8 * c + i] = 1f;
                locals[9 * c + i] = 1f;
            }
            for (int q = 0; q < quaternions.length / 4; q++) {
                quaternions[4 * q + 3] = 1f;
            }
            System.arraycopy(quaternions, 0, medium, 0, medium.length);
            System.arraycopy(quaternions, 0, refusedFirst, 0, refusedFirst.length);
            System.arraycopy(quaternions, 0, refusedSecond, 0, refusedSecond.length);
            refusedFirst[3] = Float.NaN;
            refusedSecond[refusedSecond.length - 1] = Float.NaN;
            for (int k = 0; k < lanes; k++) {
                index[k] = 4 * (lanes - 1 - k);
            }
            Arrays.fill(palette, 0.5f);
            Arrays.fill(binds, 0.5f);
            for (int r = 0; r < windowLanes.length; r++) {
                // each lane written in one window, skipped by a negative row in another and by a row past the end in
                // the third: a lane compiled for one case only (as the warm-up had it) sent the transposition back to
                // the interpreter at the first crowd that had another (246 MB of vectors in its first 20 frames)
                int lane = r % Palettes.STRIDE_MULTIPLE;
                windowLanes[r] = r / 3;
                windowRows[r] = switch ((lane + r / Palettes.STRIDE_MULTIPLE) % 3) {
                    case 0 -> 16 * lane;
                    case 1 -> -1;
                    default -> 16 * Palettes.STRIDE_MULTIPLE;
                };
            }
            Arrays.fill(windowBinds, 0.5f);
            for (int k = 0; k < gatherIndex.length; k++) {
                gatherIndex[k] = (5 * k + 3) % capacity; // scattered positions, as a crowd's joints lie
            }
            int n = lanes + lanes / 4;
            for (int j = 0; j < n; j++) { // lane j: from the identity to a turn of j/32 rad about x
                float half = j / 64f;
                keys[3 * n + j] = 1f;
                keys[4 * n + j] = (float) Math.sin(half);
                keys[7 * n + j] = (float) Math.cos(half);
                keys[8 * n + j] = half;
            }
        }

        /** One round: every vector kernel {@link #CALLS} times, the read-ahead check every fourth round. */
        void round() {
            Arrays.fill(bytes, 0L);
            int c = capacity;
            int q = 3 * c;
            int shortRun = lanes + lanes / 4; // one step of each of the check's loops
            if (rounds++ % 4 == 0) {
                long t = mark();
                QuaternionRuns.check(quaternions, 0, 0, QuaternionRunsVector.CHECK_AHEAD_MIN, true);
                account(QUATERNIONS, t);
            }
            for (int call = 0; call < CALLS; call++) {
                // every fourth call on the scalar path, as the hierarchy's calls are until the switch: a compiled
                // entry point that had seen one path only went back to the interpreter at the other's first call,
                // and with it the vector kernel inlined into it (1.1 MB a frame of 6,000 nodes for about 25 frames)
                boolean vector = call % 4 != 3;
                int kinds = vector ? LocalToWorld.VECTOR_ALL : 0;
                Arrays.fill(stale, -1L);
                long t = mark();
                LocalToWorld.propagateStale(locals, modes, parents, worlds, c, stale, 0, words, changed, matrices,
                        (call & 1) == 0 ? plans : null, kinds, stats);
                if ((call & 1) == 0) { // the threads' share of a parallel update: the same vector word
                    LocalToWorld.computeStale(locals, modes, parents, worlds, c, changed, matrices, plans, 0, c,
                            kinds, stats);
                }
                t = account(UPDATE, t);
                QuaternionRuns.check(quaternions, 0, 0, shortRun, vector);
                if (call % 8 == 0) { // long runs: a few, as they allocate the most until compiled
                    QuaternionRuns.check(medium, 0, 0, MEDIUM_RUN - (call & 8) / 8 * 3, true);
                }
                QuaternionRuns.check((call & 1) == 0 ? refusedFirst : refusedSecond, 0, 0, shortRun, vector);
                QuaternionRuns.copy(quaternions, 0, 0, shortRun, locals, q, c, vector);
                QuaternionRuns.gather(quaternions, 0, index, 0, lanes, 4, locals, q, c, vector);
                t = account(QUATERNIONS, t);
                Palettes.chain(palette, 0, palette, palette, palette, Palettes.STRIDE_MULTIPLE, lanes, vector);
                t = account(PALETTES, t);
                if (crowdPalettes) {
                    crowdPalettes(c, call, vector);
                    t = account(CROWD, t);
                }
                SlerpRuns.slerp(keys, 0, shortRun, 0.375f, interpolated, 0, 1, shortRun, vector);
                SlerpRuns.lerp(keys, 0, shortRun, 0.375f, interpolated, 0, 1, shortRun, vector);
                account(INTERPOLATION, t);
            }
        }

        /** @return the allocation count to measure from, where the JVM counts it (reading it costs a round else) */
        private long mark() {
            return counter.measures() ? counter.bytes() : 0L;
        }

        /** Adds the bytes allocated since {@code t} to {@code group}'s; @return the count now, for the next group */
        private long account(int group, long t) {
            if (!counter.measures()) {
                return 0L;
            }
            long now = counter.bytes();
            bytes[group] += now - t;
            return now;
        }

        /** @return {@link VectorWarmUp#allocating} of the latest round */
        String allocating() {
            return VectorWarmUp.allocating(bytes);
        }

        /**
         * The crowd palettes' kernels of one call of a round: products of a vector of instances, gathered from a
         * storage (or copied into planes and multiplied there: {@link Palettes#chainGathered}), and their 4x4 entries;
         * and read window by window, each lane's entry to its own row.
         */
        private void crowdPalettes(int c, int call, boolean vector) {
            int s = Palettes.STRIDE_MULTIPLE;
            Palettes.chainLanes(palette, s, palette, palette, 0, s, binds, 0, 0, s, vector);
            Palettes.chainGathered(worlds, c, gatherIndex, 0, s, palette, s, binds, crowdPlanes, 0, 12 * s, s, 2,
                    s, vector);
            // a crowd's last block has fewer lanes than a vector
            Palettes.toColumnMajor4x4(crowdPlanes, 0, s, (call & 1) == 0 ? s : s / 2, entries, 0, 16, vector);
            Palettes.chainWindows(worlds, c, windowStarts, 0, windowLanes, palette, windowBinds, windowPlanes,
                    3 * s, 3, vector);
            for (int o = 0; o < 3 * s; o += s) {
                Palettes.toColumnMajor4x4(windowPlanes, o, 3 * s, entries, 0, windowRows, o, 16 * s, vector);
            }
        }

        /** @return whether the vector path's world matrices differ from the scalar path's (never, by design) */
        boolean differs() {
            Arrays.fill(stale, -1L);
            LocalToWorld.propagateStale(locals, modes, parents, worlds, capacity, stale, 0, words, changed, matrices,
                    null, LocalToWorld.VECTOR_ALL, null);
            Arrays.fill(stale, -1L);
            LocalToWorld.propagateStale(locals, modes, parents, scalarWorlds, capacity, stale, 0, words, changed,
                    matrices, null, 0, null);
            int n = lanes + lanes / 4;
            SlerpRuns.slerp(keys, 0, n, 0.375f, interpolated, 0, 1, n, true);
            SlerpRuns.slerp(keys, 0, n, 0.375f, scalarInterpolated, 0, 1, n, false);
            return !Arrays.equals(worlds, scalarWorlds) || !Arrays.equals(interpolated, scalarInterpolated);
        }
    }

    /**
     * Parents that give the words of {@code parents} every batch shape of {@link LocalToWorldVector#computeWord}: a
     * batch of roots, then in turn a one-vector window (the batch before), a two-vector window, parents far apart
     * (gathered) and a chain inside the batch (the scalar loop).
     */
    static void parentsOfEveryShape(int[] parents, int lanes) {
        for (int b = 0; b * lanes < parents.length; b++) {
            int i = b * lanes;
            for (int k = 0; k < lanes; k++) {
                parents[i + k] = b == 0 ? -1 : switch ((b - 1) % 4) {
                    case 0 -> i - lanes + k;
                    case 1 -> i - 2 * lanes + 2 * k;
                    case 2 -> k % 2 == 0 ? 0 : i - 1;
                    default -> i + k - 1;
                };
            }
        }
    }
}
