package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code arbor bench} passes its arguments to the benchmark runner; these cases stop before JMH starts. */
class BenchCommandTest {

    /** Runs {@code arbor args…} with standard output and error captured: {exit code, out, err}. */
    private static Object[] run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = ArborMain.run(args);
            return new Object[] {code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    @Test
    void unknownFormatIsAUsageErrorNamingTheValue() {
        Object[] r = run("bench", "--format", "nonsense");
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("unknown format: format=nonsense")
                .contains("usage: arbor bench [--quick] [--format table|csv|markdown]");
    }

    @Test
    void unknownSceneOptionOrImplementationIsAUsageError() {
        assertThat(run("bench", "--scenes", "nowhere")[0]).isEqualTo(2);
        assertThat(run("bench", "--quick", "--frobnicate")[0]).isEqualTo(2);
        assertThat(run("bench", "--impls", "unity")[0]).isEqualTo(2);
        assertThat(run("bench", "--format")[2]).asString().contains("missing value after --format");
    }

    @Test
    void aSelectionWithNothingToRunIsAUsageError() {
        Object[] r = run("bench", "--workloads", "frustum-query", "--impls", "gdx");
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("nothing to run");
    }

    @Test
    void helpListsWorkloadsScenesAndImplementations() {
        Object[] r = run("bench", "--help");
        assertThat(r[0]).isEqualTo(0);
        assertThat((String) r[1]).contains("usage: arbor bench").contains("all-dirty").contains("frustum-query")
                .contains("game-100k").contains("joml-tree").contains("linear");
    }
}
