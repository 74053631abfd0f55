package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Hierarchy#kernelDescription()} names the kernel this JVM runs. */
class KernelDescriptionTest {

    @Test
    void namesTheVectorKernelWhenTheModuleIsLoadedAndTheScalarOneWithItsReasonOtherwise() {
        boolean module = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        boolean off = "false".equals(System.getProperty("arbor.vector"));
        Kernels.warmUp(); // the vector kernel is named once it is in use: wait for it, whichever test runs first
        String description = Hierarchy.kernelDescription();
        if (module && !off) {
            assertThat(description).matches("vector, (4|8|16) float lanes");
        } else {
            assertThat(description).startsWith("scalar (").endsWith(")");
        }
    }
}
