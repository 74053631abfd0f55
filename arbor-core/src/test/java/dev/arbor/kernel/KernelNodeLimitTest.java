package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every vector kernel compiles to code that does not allocate with a quarter less room than HotSpot's JIT gives a
 * compiled method ({@code -XX:LiveNodeCountInliningCutoff=30000}, against 40,000). A kernel that comes close to the
 * limit makes the JIT stop inlining in some JVMs and box vectors for good, and the warm-up then gives up on the vector
 * kernel: the update's gathered batch, as one method, did so now and then at the default limit, and in every JVM at
 * 30,000. Run in a fresh JVM ({@link KernelNodeLimitCheck}).
 */
class KernelNodeLimitTest {
    /** The lowered limit, at which the gathered batch as one method failed in every JVM. */
    private static final int LIMIT = 30_000;

    @Test
    void everyKernelCompilesCleanWithAQuarterLessRoom() throws IOException, InterruptedException {
        assumeThat(VectorSupport.ENABLED).as("the vector module is in this JVM").isTrue();
        ChildJvm.Result child = ChildJvm.run(List.of("-XX:LiveNodeCountInliningCutoff=" + LIMIT),
                KernelNodeLimitCheck.class);
        assumeThat(child.out()).as("the JVM knows the flag (HotSpot)").isNotEmpty();
        assertThat(child.out()).matches("vector, (4|8|16) float lanes");
        assertThat(child.exitCode()).isZero();
    }
}
