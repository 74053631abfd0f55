package dev.arbor.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Every format prints each figure's error, and marks and lists the flagged ones. */
class ResultTableTest {
    private static final int NODES = 6000; // seed-6000
    private static final List<Result> RESULTS = List.of(
            new Result("seed-6000", "all-dirty", "arbor", 6000 * 10.0, 6000 * 0.5, NODES),
            new Result("seed-6000", "all-dirty", "jme", 6000 * 40.0, 6000 * 12.0, NODES,
                    List.of("error 30% of the mean")),
            new Result("seed-6000", "all-dirty", "gdx", 6000 * 20.0, Double.NaN, NODES,
                    List.of("no error estimate (one measured iteration)")));

    private static String print(Consumer<PrintStream> printer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        printer.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void tableShowsTheErrorNextToEveryFigureAndMarksFlaggedOnes() {
        String text = print(out -> ResultTable.text(RESULTS, out));
        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).containsSubsequence("arbor", "jme", "gdx");
        assertThat(lines.get(1)).containsSubsequence("10.0 ± 0.50", "40.0 ± 12.0 (4.0x) !", "20.0 ± ? (2.0x) !");
        assertThat(lines.get(2)).contains("mean ± JMH's 99.9% error");
    }

    @Test
    void markdownShowsTheErrorNextToEveryFigure() {
        assertThat(print(out -> ResultTable.markdown(RESULTS, out)).lines()).containsExactly(
                "| scene | workload | arbor | jme | gdx |",
                "|---|---|---:|---:|---:|",
                "| seed-6000 | all-dirty | 10.0 ± 0.50 | 40.0 ± 12.0 (4.0x) ! | 20.0 ± ? (2.0x) ! |");
    }

    @Test
    void csvHasErrorAndConcernsColumns() {
        assertThat(print(out -> ResultTable.csv(RESULTS, out)).lines()).containsExactly(
                "scene,workload,implementation,ns_per_node,error_ns_per_node,concerns",
                "seed-6000,all-dirty,arbor,10,0.5,",
                "seed-6000,all-dirty,jme,40,12,error 30% of the mean",
                "seed-6000,all-dirty,gdx,20,,no error estimate (one measured iteration)");
    }

    @Test
    void concernsListsOneLinePerFlaggedResult() {
        String[] count = new String[1];
        String listed = print(out -> count[0] = String.valueOf(ResultTable.concerns(RESULTS, out, "- ")));
        assertThat(count[0]).isEqualTo("2");
        assertThat(listed.lines()).containsExactly(
                "- ! seed-6000 all-dirty jme: 40.0 ± 12.0 ns/node: error 30% of the mean",
                "- ! seed-6000 all-dirty gdx: 20.0 ± ? ns/node: no error estimate (one measured iteration)");
    }
}
