package dev.arbor.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** BenchMain's command line, without running a benchmark: usage errors are two lines on stderr and exit code 2. */
class BenchMainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private PrintStream savedErr;

    @BeforeEach
    void captureStandardError() {
        savedErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStandardError() {
        System.setErr(savedErr);
    }

    private int run(String program, String... args) {
        err.reset();
        out.reset();
        return BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), program);
    }

    private List<String> errLines() {
        return err.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void withoutQuickFullOrASelectionItRefusesToStart() {
        assertThat(run("arbor-bench")).isEqualTo(BenchMain.USAGE);
        assertThat(errLines()).hasSize(2);
        assertThat(errLines().get(0)).startsWith("arbor-bench: ").contains("--quick", "--full");
        assertThat(errLines().get(1)).contains("--scenes", "'arbor-bench --help'");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void eachUsageErrorIsOneLineNamingTheValueThenAHint() {
        String[][] cases = {
            {"--frobnicate", "--frobnicate"},
            {"--quick --format xml", "'xml'"},
            {"--quick --scenes nowhere", "'nowhere'"},
            {"--quick --impls nobody", "'nobody'"},
            {"--workloads all-dirty,nothing", "'nothing'"},
            {"--quick --full", "--quick and --full"},
            {"--quick --json", "--json"},
            {"--quick stray", "'stray'"},
            {"--workloads bounds-1pct --scenes seed-6000", "nothing to run"},
        };
        for (String[] c : cases) {
            assertThat(run("arbor bench", c[0].split(" "))).as(c[0]).isEqualTo(BenchMain.USAGE);
            assertThat(errLines()).as(c[0]).hasSize(2);
            assertThat(errLines().get(0)).as(c[0]).startsWith("arbor bench: ").contains(c[1]);
            assertThat(errLines().get(1)).as(c[0]).contains("'arbor bench --help'");
        }
    }

    @Test
    void helpNamesTheProgramTheChoicesAndTheFlagRule() {
        assertThat(run("arbor bench", "--help")).isEqualTo(BenchMain.OK);
        String help = out.toString(StandardCharsets.UTF_8);
        assertThat(help).startsWith("Usage: arbor bench (--quick | --full | SELECTION)")
                .contains("--quick", "--full", "--scenes", "20% of its mean", "last warm-up iteration", "seed-6000")
                .doesNotContain("%%");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void versionNamesTheProgram() {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(BenchMain.run(new String[] {"-V"}, quiet)).isEqualTo(BenchMain.OK);
        assertThat(run("arbor bench", "--version")).isEqualTo(BenchMain.OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("arbor bench 0.1.0 (JMH ");
    }
}
