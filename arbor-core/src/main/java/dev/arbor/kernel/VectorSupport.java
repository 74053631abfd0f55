package dev.arbor.kernel;

/**
 * Whether the vector path of the kernels is on. It needs the incubating Vector API: run the JVM with
 * {@code --add-modules jdk.incubator.vector}. Measured on JDK 17 and JDK 25, where it computes {@code update()}
 * four to five times faster than the scalar path; JDK versions in between have the same API and are let in too.
 * {@code -Darbor.vector=false} turns it off. Without it every kernel runs its scalar path, which gives bit-identical
 * results; nothing else changes. Decided once, at class initialisation.
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
    /** True when the vector path is used. */
    public static final boolean ENABLED = SCALAR_REASON == null;
    /** True when the vector path may permute lanes drawn from two vectors (JDK 25 and later). */
    static final boolean WIDE_PERMUTES = ENABLED && Runtime.version().feature() >= WIDE_PERMUTE_FEATURE_VERSION;

    static {
        if (ENABLED) {
            LocalToWorldVector.warmUp(); // before the JIT compiles any of it: see there
        }
    }

    private VectorSupport() {
    }

    private static String scalarReason() {
        if (System.getProperty("arbor.vector", "auto").equals("false")) {
            return "vector path turned off by -Darbor.vector=false";
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return "run with --add-modules jdk.incubator.vector for the vector path";
        }
        try {
            if (LocalToWorldVector.lanes() >= 4 && 64 % LocalToWorldVector.lanes() == 0) {
                return null;
            }
        } catch (LinkageError e) {
            // fall through: the module resolved but the API is unusable here
        }
        return "the Vector API is present but unusable here";
    }

    /**
     * Whether the vector path is in use now. New code asks this rather than reading {@link #ENABLED}.
     *
     * @return true when the kernels take their vector path
     */
    public static boolean active() {
        return ENABLED;
    }

    /** @return a short description, e.g. {@code "vector, 16 float lanes"} or {@code "scalar (…why…)"} */
    public static String describe() {
        return ENABLED ? "vector, " + LocalToWorldVector.lanes() + " float lanes" : "scalar (" + SCALAR_REASON + ")";
    }
}
