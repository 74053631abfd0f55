package dev.arbor.bench.cold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The figures of a fork's frames and their spread over forks, on synthetic numbers. */
class ColdStatisticsTest {
    private static final long MS = 1_000_000;

    @Test
    void medianAndRangeLeaveOutMissingValues() {
        assertThat(Spread.of(5, 1, 3)).isEqualTo(new Spread(3, 1, 5, 3));
        assertThat(Spread.of(4, 1, 3, 2)).isEqualTo(new Spread(2.5, 1, 4, 4));
        assertThat(Spread.of(7, Double.NaN)).isEqualTo(new Spread(7, 7, 7, 1));
        assertThat(Spread.of(Double.NaN)).isEqualTo(Spread.NONE);
        assertThat(Spread.of()).isEqualTo(Spread.NONE);
    }

    @Test
    void formatShowsTheRangeOnlyWhenThereIsOne() {
        assertThat(Spread.of(290, 360, 310).format()).isEqualTo("310 [290\u2013360]");
        assertThat(Spread.of(0.1234, 0.2).format()).isEqualTo("0.162 [0.123\u20130.200]");
        assertThat(Spread.of(12.34).format()).isEqualTo("12.3");
        assertThat(Spread.of(3, 3).format()).isEqualTo("3");
        assertThat(Spread.NONE.format()).isEqualTo("-");
    }

    @Test
    void earlyFramesWorstFrameAndBudget() {
        // frame 0: 300 ms; frames 1-2: 100 ms (before the worst window); frame 50: 20 ms; the rest 1 ms; 1 KB each
        long[] nanos = new long[201];
        long[] bytes = new long[201];
        Arrays.fill(nanos, MS);
        Arrays.fill(bytes, 1000);
        nanos[0] = 300 * MS;
        nanos[1] = 100 * MS;
        nanos[2] = 100 * MS;
        nanos[50] = 20 * MS;
        nanos[150] = 40 * MS; // after frame 100: outside every early figure
        FrameFigures f = FrameFigures.of(nanos, bytes);
        assertThat(f.firstMillis()).isEqualTo(300);
        assertThat(f.earlyMillis()).isCloseTo(100 + 100 + 20 + 97, within(1e-9));
        assertThat(f.worstMillis()).isEqualTo(20);
        assertThat(f.overBudget()).isEqualTo(3);
        assertThat(f.earlyMegabytes()).isCloseTo(0.1, within(1e-12));
        assertThat(f.steadyMillis()).isNaN();
        assertThat(f.steadyBytes()).isNaN();
    }

    @Test
    void steadyStateIsTheMeanOfFramesThousandToEleventHundred() {
        long[] nanos = new long[1101];
        long[] bytes = new long[1101];
        Arrays.fill(nanos, 2 * MS);
        nanos[999] = 1000 * MS; // just before the window
        nanos[1100] = 103 * MS; // the window's last frame
        bytes[1000] = 101;
        FrameFigures f = FrameFigures.of(nanos, bytes);
        assertThat(f.steadyMillis()).isCloseTo((100 * 2 + 103) / 101.0, within(1e-9));
        assertThat(f.steadyBytes()).isCloseTo(1, within(1e-12));
        assertThat(f.earlyMegabytes()).isZero();
    }

    @Test
    void inLongerRunsSteadyStateIsTheMeanOfTheLastHundredAndOneFrames() {
        long[] nanos = new long[2001];
        long[] bytes = new long[2001];
        Arrays.fill(nanos, 5 * MS);
        Arrays.fill(nanos, 1900, 2001, 2 * MS);
        bytes[1899] = 1000; // just before the window
        FrameFigures f = FrameFigures.of(nanos, bytes);
        assertThat(f.steadyMillis()).isCloseTo(2, within(1e-9));
        assertThat(f.steadyBytes()).isZero();
    }

    @Test
    void shortRunsAndUncountedBytes() {
        long[] nanos = {9 * MS, 2 * MS, 3 * MS};
        long[] bytes = {-1, -1, -1};
        FrameFigures f = FrameFigures.of(nanos, bytes);
        assertThat(f.earlyMillis()).isEqualTo(5);
        assertThat(f.worstMillis()).isNaN(); // no frame after the third
        assertThat(f.earlyMegabytes()).isNaN();
        assertThat(FrameFigures.of(new long[] {MS}, new long[] {0}).earlyMillis()).isZero();
    }

    @Test
    void forkOutputSkipsForeignLinesAndChecksTheOrder() {
        ForkOutput o = ForkOutput.parse(String.join("\n", "WARNING: Using incubator modules: jdk.incubator.vector",
                "info build_ms 41.5", "info kernel vector, 16 float lanes", "frame 0 300 40", "frame 1 20 0"), 512);
        assertThat(o.number("build_ms")).isEqualTo(41.5);
        assertThat(o.info()).containsEntry("kernel", "vector, 16 float lanes");
        assertThat(o.number("kernel")).isNaN();
        assertThat(o.nanos()).containsExactly(300, 20);
        assertThat(o.bytes()).containsExactly(40, 0);
        assertThat(o.wallMillis()).isEqualTo(512);
        ForkOutput reads = ForkOutput.parse("info import_ms 30\nread 1 900 -1\nread 2 100 -1\n", 1);
        assertThat(reads.nanos()).containsExactly(900, 100);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ForkOutput.parse("frame 0 1 1\nframe 2 1 1", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("frame 2");
    }
}
