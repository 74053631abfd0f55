package dev.arbor.kernel;

/**
 * Whether the vector path of the kernels is on. It needs the incubating Vector API: run the JVM with
 * {@code --add-modules jdk.incubator.vector}. Measured on JDK 17 and JDK 25, where it computes {@code update()}
 * four to five times faster than the scalar path; JDK versions in between have the same API and are let in too.
 * {@code -Darbor.vector=false} turns it off. Without it every kernel runs its scalar path, which gives bit-identical
 * results; nothing else changes. Whether the module is there is decided once, at class initialisation
 * ({@link #ENABLED}); whether the kernels use it, at every call ({@link #active()}).
 *
 * <p>Until the JIT has compiled it, the Vector API runs as plain Java code, tens of times slower than the scalar
 * kernel and allocating an object per vector operation. So the kernels take the vector path only once it is compiled:
 * when this class is initialised (by the first hierarchy or palette), a daemon thread ({@link VectorWarmUp}) waits
 * until the JIT has compiled the program's own first code, then runs the
 * vector kernels on data of its own until a whole round of them allocates nothing, which happens only once the JIT's
 * last tier has compiled them; then {@link #active()} turns true for good. Until then, and for ever if that never
 * happens (an interpreter-only JVM, or one that stops at the JIT's first tier), the scalar path runs. {@link #warmUp()}
 * waits for it (a loading screen); {@code -Darbor.vector=eager} makes the first kernel call wait for it instead.
 *
 * <p>One part waits for JDK {@value #WIDE_PERMUTE_FEATURE_VERSION}: permutations that draw lanes from two vectors
 * (the 16-quaternions-per-step check and the vector copy of quaternions into planes). JDK 17 does not compile them to
 * vector instructions (measured: 4.7 ns per quaternion against 1.05 for the scalar check), so before that version
 * the check sums each vector's quaternions with one-vector permutations and merges four vectors by blends (which
 * move no lane), and the copy is scalar.
 *
 * <p>Every vector method uses one float vector type, the machine's preferred one, on every JDK. A second float type
 * in the JVM (four-lane single-node products, in earlier versions) made the Vector API's shared type profiles see two
 * types; in some JVM runs the bulk kernel then compiled one of its operations to the API's fallback, which allocates
 * a vector per call.
 */
public final class VectorSupport {
    /** The first JDK feature release on which permutations across two vectors are used. */
    public static final int WIDE_PERMUTE_FEATURE_VERSION = 25;
    /** Why the vector path is off, or null when it is on; decided once, with {@link #ENABLED}. */
    private static final String SCALAR_REASON = scalarReason();
    /**
     * True when the JVM has a usable Vector API and the vector path is not turned off: the kernels take the vector
     * path once it is compiled ({@link #active()}).
     */
    public static final boolean ENABLED = SCALAR_REASON == null;
    /** True when the vector path may permute lanes drawn from two vectors (JDK 25 and later). */
    static final boolean WIDE_PERMUTES = ENABLED && Runtime.version().feature() >= WIDE_PERMUTE_FEATURE_VERSION;
    /**
     * True when the crowd palettes' vector kernels run (JDK 25 and later): the products that gather their middle
     * matrices straight from the storage, and the transposition of their entries to 4×4 in registers. On JDK 17 the
     * compiled gathers still allocated a vector per operation (measured: 230 KB a frame of 1,000 CesiumMan, for
     * thousands of frames after the kernel was compiled), and with these kernels' operations in the JVM the warm-up
     * sometimes never got a round without allocation (in two full test runs of four); there the matrices are copied
     * into the destination's planes and multiplied there ({@link Palettes#chainGathered}) and the entries written one
     * float at a time.
     */
    static final boolean CROWD_PALETTE_VECTORS = ENABLED
            && Runtime.version().feature() >= WIDE_PERMUTE_FEATURE_VERSION;

    /** Set once the vector kernels are compiled; never cleared. */
    private static volatile boolean active;

    /**
     * With {@code -Darbor.vector=eager}: the first {@link #active()} call warms the kernels up on its thread. Not in
     * this class's initialisation: code compiled while a class is being initialised is sent back to the interpreter
     * once it is (measured: the quaternion check then allocated 1.1 MB per frame of 6,000 nodes for up to 70 frames).
     */
    private static final boolean EAGER = ENABLED && System.getProperty("arbor.vector", "auto").equals("eager");

    static {
        if (ENABLED && !EAGER) {
            VectorWarmUp.start();
        }
    }

    private VectorSupport() {
    }

    /**
     * Whether the kernels take the vector path now: false until the vector kernels are compiled (see above), then
     * true; always false without {@link #ENABLED}. A volatile read, cheap enough for every bulk call.
     *
     * @return whether to use the vector path
     */
    public static boolean active() {
        return active || EAGER && warmUp();
    }

    /** @return whether the vector path was turned on, without warming anything up */
    static boolean activated() {
        return active;
    }

    /**
     * False once the warm-up found the crowd palettes' vector kernels still allocating after every other kernel was
     * compiled ({@link VectorWarmUp}): from then on they take their scalar paths, with the same bits.
     */
    private static volatile boolean crowdPalettes = true;

    /**
     * @param vector whether the vector path is active
     * @return whether the crowd palettes' kernels ({@link Palettes#chainLanes}, {@link Palettes#chainGathered},
     *     {@link Palettes#chainWindows}, {@link Palettes#toColumnMajor4x4}) take it
     */
    static boolean crowdPalettes(boolean vector) {
        return vector && crowdPalettes;
    }

    /** Leaves the crowd palettes' kernels to their scalar paths for good; called by {@link VectorWarmUp}. */
    static void leaveCrowdPalettesScalar() {
        crowdPalettes = false;
    }

    /** Turns the vector path on; called by {@link VectorWarmUp} once the kernels are compiled. */
    static void activate() {
        active = true;
    }

    /**
     * Waits until the vector path is on, warming it up on this thread as well (see above). Returns at once without
     * {@link #ENABLED}.
     *
     * @return {@link #active()}: false if the JVM has no vector path or its kernels could not be compiled
     */
    public static boolean warmUp() {
        if (ENABLED && !active && VectorWarmUp.failure() == null) {
            VectorWarmUp.run();
        }
        return active;
    }

    private static String scalarReason() {
        if (System.getProperty("arbor.vector", "auto").equals("false")) {
            return "vector path turned off by -Darbor.vector=false";
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return "run with --add-modules jdk.incubator.vector for the vector path";
        }
        return null; // whether the API is usable here (lanes, linkage) is checked by VectorWarmUp, off this thread
    }

    /**
     * @return a short description, e.g. {@code "vector, 16 float lanes"}, {@code "vector (scalar until the JIT has
     *     compiled it)"}, {@code "vector, 16 float lanes (crowd palettes scalar: …)"} or {@code "scalar (…why…)"}
     */
    public static String describe() {
        if (!ENABLED) {
            return "scalar (" + SCALAR_REASON + ")";
        }
        if (active) {
            return "vector, " + VectorLanes.lanes() + " float lanes"
                    + (crowdPalettes ? "" : " (crowd palettes scalar: their vector kernels were not compiled)");
        }
        String failure = VectorWarmUp.failure();
        return failure != null ? "scalar (" + failure + ")" : "vector (scalar until the JIT has compiled it)";
    }
}
