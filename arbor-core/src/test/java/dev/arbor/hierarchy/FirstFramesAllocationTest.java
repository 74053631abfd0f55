package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.arbor.kernel.VectorSupport;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The first frames of a fresh JVM ({@link FirstFrames}: every rotation set through a node list, a clip sampled and
 * applied, update, palettes, export, world and bounds queries) allocate next to nothing from frame 1, with the
 * default kernel choice: with the vector module (whose kernels allocate an object per operation until compiled, so
 * they stay off until then: 1.1–1.2 MB a frame of this scene before) and without it. Bytes counted by the thread's
 * allocation counter in child JVMs started with this test's class path; a count, not a timing.
 *
 * <p>What is left, and allowed for below: the JVM's own allocations on the thread (a few hundred bytes in some
 * frames), 4–13 KB in frame 1, a node list's inverse, and with the vector module the frame that rewrites the storage
 * in planes once the vector kernel is in use (a hierarchy made before starts in records, the scalar kernel's layout).
 */
class FirstFramesAllocationTest {
    /** The last frame run. */
    private static final int LAST = 100;
    /**
     * At most this many bytes in any frame from frame 1 but a layout conversion: room for a node list's inverse (4
     * bytes per node, 24 KB here) when it first tries gathers; the uncompiled vector kernel allocated 1.1 MB a frame.
     */
    private static final long FRAME_BYTES = 32 * 1024;
    /** More than a layout conversion allocates: twice the local and world floats of every node. */
    private static final long CONVERSION_BYTES = 2L * (12 + 12) * Float.BYTES * FirstFrames.NODES;

    @Test
    void firstFramesWithTheVectorModuleAllocateOnlyTheLayoutConversion() throws Exception {
        // the conversion to planes, where the vector kernel is compiled within these frames
        assertOnlyLayoutConversions(childFrames("--add-modules", "jdk.incubator.vector"), 1);
    }

    @Test
    void firstFramesWithoutTheVectorModuleAllocateNextToNothing() throws Exception {
        assertOnlyLayoutConversions(childFrames(), 0);
    }

    /**
     * In this JVM the vector kernel is on from the first kernel call ({@code -Darbor.vector=eager}, as after
     * {@link Kernels#warmUp()}): a fresh hierarchy's frames from frame 1 on it allocate next to nothing either.
     */
    @Test
    void firstFramesOnTheWarmedUpVectorKernelAllocateNextToNothing() {
        assumeThat(VectorSupport.ENABLED).as("vector module").isTrue();
        assertThat(Kernels.warmUp()).isTrue();
        FirstFrames frames = new FirstFrames(7);
        long[] bytes = frames.run(LAST);
        assertThat(framesAbove(bytes, FRAME_BYTES)).as("frames 1-%d above %d bytes: %s", LAST, FRAME_BYTES,
                Arrays.toString(bytes)).isZero();
        assertThat(frames.lastWorld()).isNotEqualTo(new float[12]);
    }

    /** At most {@code conversions} frames from frame 1 above {@link #FRAME_BYTES}, each below a conversion's bytes. */
    private static void assertOnlyLayoutConversions(long[] bytes, int conversions) {
        assertThat(framesAbove(bytes, FRAME_BYTES)).as("frames 1-%d above %d bytes: %s", LAST, FRAME_BYTES,
                Arrays.toString(bytes)).isLessThanOrEqualTo(conversions);
        assertThat(Arrays.stream(bytes, 1, bytes.length).max().orElseThrow()).isLessThan(CONVERSION_BYTES);
    }

    private static int framesAbove(long[] bytes, long limit) {
        int count = 0;
        for (int f = 1; f < bytes.length; f++) {
            count += bytes[f] > limit ? 1 : 0;
        }
        return count;
    }

    /** Runs {@link FirstFrames#main} in a fresh JVM with these options; returns its bytes per frame. */
    private static long[] childFrames(String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(options));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FirstFrames.class.getName());
        command.add(Integer.toString(LAST));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out;
        try (InputStream in = process.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        assertThat(process.exitValue()).as("child JVM exit code, output: %s", out).isZero();
        long[] bytes = Arrays.stream(out.split(" ")).mapToLong(Long::parseLong).toArray();
        assertThat(bytes).hasSize(LAST + 1);
        assertThat(bytes[0]).as("frame 0 is counted").isPositive();
        return bytes;
    }
}
