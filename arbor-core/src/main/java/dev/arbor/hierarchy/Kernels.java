package dev.arbor.hierarchy;

import dev.arbor.kernel.VectorSupport;

/**
 * The vector kernel's warm-up. With {@code --add-modules jdk.incubator.vector}, {@link Hierarchy#update()}, the bulk
 * setters and the skinning palettes run a vector kernel, which is fast only once the JIT has compiled it: until then
 * the Vector API runs as plain Java, many times slower than the scalar kernel and allocating an object per operation.
 * So Arbor uses the scalar kernel until the vector kernel is compiled: the first hierarchy starts a daemon thread
 * that waits until the JIT has compiled the program's own first code (so as not to slow the first frames), then
 * runs the vector kernel on data of its own until it runs without allocating (2 to 4 seconds of one core on a
 * 2-core machine), then every hierarchy switches to it. Both kernels compute the same bits; only the speed changes.
 *
 * <p>{@link #warmUp()} waits for that switch, for a program with a loading screen that wants the vector kernel's
 * speed from its first frame; {@code -Darbor.vector=eager} makes the first hierarchy wait for it, and
 * {@code -Darbor.vector=false} keeps the scalar kernel.
 */
public final class Kernels {
    private Kernels() {
    }

    /**
     * Waits until the vector kernel is compiled and in use, warming it up on this thread as well. Returns at once
     * where there is no vector kernel (the module is not loaded, or {@code -Darbor.vector=false}).
     *
     * @return whether the vector kernel is in use: false where there is none, or where the JIT did not compile it to
     *     code that does not allocate (an interpreter-only JVM, one limited to the JIT's first tier, or a compile
     *     that allocates: {@link Hierarchy#kernelDescription()} names the kernels that still allocated)
     */
    public static boolean warmUp() {
        return VectorSupport.warmUp();
    }

    /** @return whether the vector kernel is in use now (see {@link #warmUp()}); never throws, never waits */
    public static boolean vectorKernelInUse() {
        return VectorSupport.active();
    }
}
