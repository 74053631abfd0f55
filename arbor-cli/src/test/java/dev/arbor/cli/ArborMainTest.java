package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ArborMainTest {

    private static String[] runCapturing(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = ArborMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        int code = cmd.execute(args);
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void demoReportsUpdateTimesForTheChosenScene() {
        String out = runCapturing(0, "demo", "--scene", "seed-6000", "--frames", "5", "--warmup", "1",
                "--no-progress")[0];
        assertThat(out).contains("scene seed-6000: 6,000 nodes, 2,000 roots, depth 2");
        assertThat(out).contains("frames measured: 5 (after 1 warm-up frames)");
        assertThat(out).containsPattern("update\\(\\):  median \\d+\\.\\d{3} ms   p99 \\d+\\.\\d{3} ms");
        assertThat(out).containsPattern("per node:  \\d+\\.\\d\\d ns/node");
        assertThat(out).contains("nodes changed in the last update: 6,000");
        // 6 frames in all: frame 0 apart, frames 1-5 summed
        assertThat(out).containsPattern("cold frames \\(from the start, warm-up included\\): frame 0 \\d+\\.\\d\\d ms, "
                + "frames 1-5 \\d+\\.\\d ms, worst \\d+\\.\\d\\d ms \\(frame [1-5]\\), [0-5] over 16.7 ms");
        assertThat(out).containsPattern("frustum query \\(60° camera inside the scene\\): [\\d,]+ of 6,000 nodes visible");
    }

    @Test
    void unknownSceneIsAUsageError() {
        String err = runCapturing(2, "demo", "--scene", "nope")[1];
        assertThat(err).contains("--scene nope: no such built-in scene");
    }

    @Test
    void zeroFramesIsAUsageError() {
        String err = runCapturing(2, "demo", "--frames", "0")[1];
        assertThat(err).contains("--frames 0: must be 1 to");
    }

    @Test
    void demoBuildMatchesTheSceneComputedWithJoml() {
        Scene s = Scenes.byName("seed-6000");
        Hierarchy h = new Hierarchy();
        long[] handles = DemoCommand.build(s, h);
        h.update();
        Matrix4f[] expected = new Matrix4f[s.size()];
        float[] t = s.translations();
        float[] r = s.rotations();
        float[] sc = s.scales();
        float[] actual = new float[16];
        for (int i = 0; i < s.size(); i++) {
            Matrix4f local = new Matrix4f().translationRotateScale(
                    new Vector3f(t[i * 3], t[i * 3 + 1], t[i * 3 + 2]),
                    new Quaternionf(r[i * 4], r[i * 4 + 1], r[i * 4 + 2], r[i * 4 + 3]),
                    new Vector3f(sc[i * 3], sc[i * 3 + 1], sc[i * 3 + 2]));
            int p = s.parents()[i];
            expected[i] = p < 0 ? local : new Matrix4f(expected[p]).mul(local);
            h.getWorld4x4(handles[i], actual, 0);
            float[] e = expected[i].get(new float[16]);
            for (int k = 0; k < 16; k++) {
                assertThat(actual[k]).as("node %d element %d", i, k)
                        .isCloseTo(e[k], org.assertj.core.data.Offset.offset(1e-4f * Math.max(1f, Math.abs(e[k]))));
            }
        }
    }

    @Test
    void percentileUsesTheNearestRank() {
        long[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertThat(DemoCommand.percentile(sorted, 50)).isEqualTo(5.0);
        assertThat(DemoCommand.percentile(sorted, 99)).isEqualTo(10.0);
        assertThat(DemoCommand.percentile(new long[] {42}, 99)).isEqualTo(42.0);
    }
}
