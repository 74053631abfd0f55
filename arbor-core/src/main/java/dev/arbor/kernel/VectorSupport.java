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
    /** True when the vector path is used. */
    public static final boolean ENABLED = detect();
    /** The first JDK feature release on which the vector path is on by default. */
    public static final int MIN_FEATURE_VERSION = 25;

    private VectorSupport() {
    }

    private static boolean detect() {
        String setting = System.getProperty("arbor.vector", "auto");
        if (setting.equals("false")) {
            return false;
        }
        if (!setting.equals("true") && Runtime.version().feature() < MIN_FEATURE_VERSION) {
            return false;
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return false;
        }
        try {
            return LocalToWorldVector.lanes() >= 4 && 64 % LocalToWorldVector.lanes() == 0;
        } catch (LinkageError e) {
            return false;
        }
    }

    /** @return a short description, e.g. {@code "vector, 16 float lanes"} or {@code "scalar"} */
    public static String describe() {
        if (ENABLED) {
            return "vector, " + LocalToWorldVector.lanes() + " float lanes";
        }
        if (System.getProperty("arbor.vector", "auto").equals("false")) {
            return "scalar (vector path turned off by -Darbor.vector=false)";
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
                && Runtime.version().feature() >= MIN_FEATURE_VERSION) {
            return "scalar (the Vector API is present but unusable here)";
        }
        return Runtime.version().feature() < MIN_FEATURE_VERSION ? "scalar (the vector path needs JDK "
                + MIN_FEATURE_VERSION + "+)" : "scalar (run with --add-modules jdk.incubator.vector for the vector path)";
    }
}
