package dev.arbor.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The flag rule over synthetic iteration times: only noisy or unsettled results are flagged. */
class StabilityTest {
    private static List<String> judge(double error, double[] warmup, double[] measured) {
        double mean = java.util.Arrays.stream(measured).average().orElseThrow();
        return Stability.concerns(mean, error, List.of(new Stability.Fork(warmup, measured)));
    }

    @Test
    void aSettledResultWithASmallErrorIsNotFlagged() {
        assertThat(judge(5, new double[] {180, 104, 101}, new double[] {100, 102, 99, 101, 100})).isEmpty();
    }

    @Test
    void anErrorOfThirtyPercentOfTheMeanIsFlagged() {
        assertThat(judge(30, new double[] {101, 100, 100}, new double[] {95, 110, 92, 108, 95}))
                .containsExactly("error 30% of the mean");
        assertThat(judge(19, new double[] {101, 100, 100}, new double[] {95, 110, 92, 108, 95})).isEmpty();
    }

    @Test
    void aWarmupStillFallingIntoTheMeasurementIsFlagged() {
        // the last warm-up iteration 40% above the measured median: still getting faster when measurement began
        assertThat(judge(4, new double[] {400, 250, 140}, new double[] {100, 101, 99, 100, 100}))
                .containsExactly("last warm-up iteration 40% above the measured median");
    }

    @Test
    void measuredIterationsThatKeepFallingAreFlagged() {
        assertThat(judge(15, new double[] {130, 118, 110}, new double[] {118, 112, 107, 103, 99}))
                .containsExactly("measured iterations trend down by 18% of their median");
    }

    @Test
    void anUnknownErrorIsFlagged() {
        assertThat(judge(Double.NaN, new double[0], new double[] {100})).singleElement().asString()
                .startsWith("no error estimate");
    }

    @Test
    void theWorstForkDecides() {
        Stability.Fork settled = new Stability.Fork(new double[] {100}, new double[] {100, 100, 100});
        Stability.Fork unsettled = new Stability.Fork(new double[] {150}, new double[] {100, 100, 100});
        assertThat(Stability.concerns(100, 1, List.of(settled, unsettled)))
                .containsExactly("last warm-up iteration 50% above the measured median");
    }

    @Test
    void theTrendIsALeastSquaresLine() {
        assertThat(Stability.fittedFall(new double[] {3, 2, 1})).isCloseTo(2, within(1e-12));
        assertThat(Stability.fittedFall(new double[] {1, 2, 3})).isCloseTo(-2, within(1e-12));
        assertThat(Stability.fittedFall(new double[] {5, 1})).isZero(); // two points make no trend
        assertThat(Stability.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }
}
