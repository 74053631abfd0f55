package dev.arbor.kernel;

/**
 * Whether the vector path of the kernels is on. It needs the incubating Vector API — run the JVM with
 * {@code --add-modules jdk.incubator.vector} — and, by default, JDK 25 or newer: on JDK 17 the incubator API does
 * not compile this kernel's gathers to vector instructions (measured: about 10× slower than the scalar path, and
 * allocating), and versions in between have not been measured. {@code -Darbor.vector=true} forces it on any JDK that
 * has the module, {@code -Darbor.vector=false} turns it off. Without it every kernel runs its scalar path, which gives
 * bit-identical results; nothing else changes. Decided once, at class initialisation.
 */
public final class VectorSupport {
    /** The first JDK feature release on which the vector path is on by default. */
    public static final int MIN_FEATURE_VERSION = 25;
    /** Why the vector path is off, or null when it is on; decided once, with {@link #ENABLED}. */
    private static final String SCALAR_REASON = scalarReason();
    /** True when the vector path is used. */
    public static final boolean ENABLED = SCALAR_REASON == null;

    private VectorSupport() {
    }

    private static String scalarReason() {
        String setting = System.getProperty("arbor.vector", "auto");
        if (setting.equals("false")) {
            return "vector path turned off by -Darbor.vector=false";
        }
        if (!setting.equals("true") && Runtime.version().feature() < MIN_FEATURE_VERSION) {
            return "the vector path needs JDK " + MIN_FEATURE_VERSION + "+";
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

    /** @return a short description, e.g. {@code "vector, 16 float lanes"} or {@code "scalar (…why…)"} */
    public static String describe() {
        return ENABLED ? "vector, " + LocalToWorldVector.lanes() + " float lanes" : "scalar (" + SCALAR_REASON + ")";
    }
}
