package dev.arbor.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.bench.BenchMain;
import dev.arbor.bench.ChartMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMH JSON is read back, tabulated per node with ratios to Arbor, written as CSV and drawn as PNG. */
class ReportingTest {
    private static final String JSON = "[\n"
            + " {\"jmhVersion\":\"1.37\",\"benchmark\":\"dev.arbor.bench.workloads.FrameBench.allDirty\","
            + "  \"mode\":\"avgt\",\"params\":{\"impl\":\"arbor\",\"scene\":\"seed-6000\"},"
            + "  \"primaryMetric\":{\"score\":30000.0,\"scoreError\":\"NaN\",\"scoreUnit\":\"ns/op\","
            + "   \"rawData\":[[30000.0]]},\"secondaryMetrics\":{}},\n"
            + " {\"jmhVersion\":\"1.37\",\"benchmark\":\"dev.arbor.bench.workloads.FrameBench.allDirty\","
            + "  \"mode\":\"avgt\",\"params\":{\"impl\":\"jme\",\"scene\":\"seed-6000\"},"
            + "  \"primaryMetric\":{\"score\":9.0E5,\"scoreError\":1.5e3,\"scoreUnit\":\"ns/op\"},"
            + "  \"secondaryMetrics\":{}}\n"
            + "]";

    @Test
    void readsJmhJsonAndDividesByTheSceneSize(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, JSON);
        List<Result> results = JmhJson.read(file);
        assertThat(results).hasSize(2);
        assertThat(results.get(0).workload()).isEqualTo("all-dirty");
        assertThat(results.get(0).nsPerNode()).isEqualTo(5.0);
        assertThat(results.get(0).errorNsPerOp()).isNaN();
        assertThat(results.get(1).nsPerNode()).isEqualTo(150.0);

        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        ResultTable.csv(results, new PrintStream(csv, true, StandardCharsets.UTF_8));
        assertThat(csv.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "scene,workload,implementation,ns_per_node,error_ns_per_node,concerns",
                "seed-6000,all-dirty,arbor,5,,",
                "seed-6000,all-dirty,jme,150,0.25,");

        ByteArrayOutputStream table = new ByteArrayOutputStream();
        ResultTable.text(results, new PrintStream(table, true, StandardCharsets.UTF_8));
        assertThat(table.toString(StandardCharsets.UTF_8)).contains("5.00 ± ?", "150 ± 0.25 (30x)");
    }

    @Test
    void chartMainWritesOnePngPerWorkload(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, JSON);
        Path out = dir.resolve("charts");
        int code = ChartMain.run(new String[] {"--out", out.toString(), file.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(code).isZero();
        byte[] png = Files.readAllBytes(out.resolve("all-dirty.png"));
        assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }

    @Test
    void chartTitlesTakeTheJdkAndKernelFromTheEnvironmentFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, JSON);
        assertThat(ChartMain.context(file)).isEmpty();
        Files.writeString(dir.resolve(BenchMain.ENVIRONMENT_FILE),
                "JDK 25.0.3, arbor kernel: vector, 16 float lanes; VM: x; fork options: y; 2 processors\n");
        assertThat(ChartMain.context(file)).isEqualTo("JDK 25.0.3, arbor kernel: vector, 16 float lanes");
    }

    @Test
    void benchMainRejectsUnknownOptionsWithoutRunning() {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(BenchMain.run(new String[] {"--frobnicate"}, out)).isEqualTo(BenchMain.USAGE);
        assertThat(BenchMain.run(new String[] {"--format", "xml"}, out)).isEqualTo(BenchMain.USAGE);
        assertThat(BenchMain.run(new String[] {"--scenes", "nowhere"}, out)).isEqualTo(BenchMain.USAGE);
        assertThat(BenchMain.run(new String[] {"--impls", "nobody"}, out)).isEqualTo(BenchMain.USAGE);
    }
}
