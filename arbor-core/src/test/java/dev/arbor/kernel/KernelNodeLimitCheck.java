package dev.arbor.kernel;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.Kernels;

/** Run by {@link KernelNodeLimitTest} in a fresh JVM: warms the vector kernels up and prints the kernel in use. */
public final class KernelNodeLimitCheck {
    private KernelNodeLimitCheck() {
    }

    public static void main(String[] args) {
        Kernels.warmUp();
        System.out.println(Hierarchy.kernelDescription());
    }
}
