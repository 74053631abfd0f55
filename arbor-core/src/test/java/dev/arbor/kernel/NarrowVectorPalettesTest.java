package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The crowd palettes' window kernel on 8-lane vectors (AVX2 machines), in a fresh JVM limited to 256-bit vectors
 * ({@code -XX:MaxVectorSize=32}): the same bits as the scalar path ({@link NarrowVectorPalettesCheck}).
 */
class NarrowVectorPalettesTest {
    @Test
    void windowsOnEightLanesAreTheScalarBits() throws IOException, InterruptedException {
        assumeThat(VectorSupport.ENABLED).as("the vector module is in this JVM").isTrue();
        ChildJvm.Result child = ChildJvm.run(List.of("-XX:MaxVectorSize=32"), NarrowVectorPalettesCheck.class);
        assumeThat(child.out()).as("the machine has 256-bit vectors").startsWith("8 lanes");
        assertThat(child.out()).isEqualTo("8 lanes: ok");
        assertThat(child.exitCode()).isZero();
    }
}
