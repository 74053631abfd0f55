package dev.arbor.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CompareBuildsMainTest {
    private static final String SELF = System.getProperty("java.class.path");

    @Test
    void comparesTwoCopiesOfTheSameBuildWorkloadByWorkload() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = CompareBuildsMain.run(new String[] {"--scene", "chain-10k", "--workloads", "all-dirty,set-get-some",
            "--rounds", "3", "--millis", "5", SELF, SELF}, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(code).isZero();
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(5);
        assertThat(lines[0]).startsWith("chain-10k, arbor, 3 rounds of 5 ms");
        // each workload: the first build against itself (1.00x), then the second copy, timed positive
        for (int w = 0; w < 2; w++) {
            String first = lines[1 + 2 * w];
            String second = lines[2 + 2 * w];
            assertThat(first).startsWith(w == 0 ? "all-dirty" : "set-get-some").endsWith("(1.00x)");
            assertThat(Double.parseDouble(first.trim().split("\\s+")[2])).isPositive();
            assertThat(Double.parseDouble(second.trim().split("\\s+")[2])).isPositive();
        }
    }

    @Test
    void refusesBadArgumentsWithUsage() {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(CompareBuildsMain.run(new String[] {SELF}, out)).isEqualTo(2);
        assertThat(CompareBuildsMain.run(new String[] {"--workloads", "bounds-1pct", SELF, SELF}, out)).isEqualTo(2);
        assertThat(CompareBuildsMain.run(new String[] {"--rounds", "2", SELF, SELF}, out)).isEqualTo(2);
        assertThat(CompareBuildsMain.run(new String[] {"--millis", "x", SELF, SELF}, out)).isEqualTo(2);
        assertThat(CompareBuildsMain.run(new String[] {"--frobnicate", SELF, SELF}, out)).isEqualTo(2);
        assertThat(CompareBuildsMain.run(new String[] {SELF, SELF, "--scene"}, out)).isEqualTo(2); // no value
    }
}
