package dev.arbor.bench.workloads;

import dev.arbor.hierarchy.Hierarchy;

/**
 * The JVM options every benchmark fork gets (appended to what JMH inherits from the launching JVM), as constants so
 * the {@code @Fork} annotations and {@link dev.arbor.bench.report.KernelProbe} use the same list, and the one line a
 * fork prints about Arbor's kernel.
 */
public final class ForkOptions {
    /** The recursive peers overflow the default 1 MB stack on {@code chain-10k}. */
    public static final String STACK = "-Xss256m";
    /** JOML's Unsafe-based memory access warns on JDK 24+; its plain-Java path is all the peers need. */
    public static final String JOML_NO_UNSAFE = "-Djoml.nounsafe=true";
    /**
     * Makes the incubating Vector API available, so that Arbor runs its vector kernel (JDK 17
     * and later). The JVM prints one warning line about the incubator module.
     */
    public static final String VECTOR_MODULE = "--add-modules=jdk.incubator.vector";

    private static boolean announced;

    private ForkOptions() {
    }

    /**
     * Prints {@code # arbor kernel: …} ({@link Hierarchy#kernelDescription()}) once per JVM, to standard error: JMH passes a
     * fork's standard output to the launcher's, where it would mix with the CSV.
     */
    public static synchronized void announceKernel() {
        if (!announced) {
            announced = true;
            System.err.println("# arbor kernel: " + Hierarchy.kernelDescription());
        }
    }
}
