package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.kernel.VectorSupport;
import org.junit.jupiter.api.Test;

/** {@link Kernels#warmUp()} leaves the vector kernel in use where the module is loaded, and returns at once elsewhere. */
class KernelsTest {

    @Test
    void warmUpTurnsTheVectorKernelOnWhereThereIsOne() {
        assertThat(Kernels.warmUp()).isEqualTo(VectorSupport.ENABLED);
        assertThat(Kernels.vectorKernelInUse()).isEqualTo(VectorSupport.ENABLED);
        assertThat(Hierarchy.kernelDescription()).startsWith(VectorSupport.ENABLED ? "vector, " : "scalar (");
        assertThat(Kernels.warmUp()).as("a second call").isEqualTo(VectorSupport.ENABLED);
    }
}
