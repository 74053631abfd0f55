package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The schedule of {@link TwoWayChoice}, driven by made-up timings: which way each run takes, which runs are timed,
 * and which way a trial keeps.
 */
class TwoWayChoiceTest {

    /** Runs the choice once; a timed run reports {@code first} or {@code second} nanoseconds by the way it took. */
    private static boolean run(TwoWayChoice choice, long first, long second, StringBuilder log) {
        boolean way = choice.begin();
        if (choice.timing()) {
            log.append(way ? 'S' : 'F');
            choice.end(way ? second : first);
        } else {
            log.append(way ? 's' : 'f');
        }
        return way;
    }

    @Test
    void aTrialRunsTheOtherWayThroughItsProbationThenTimesBothAndKeepsTheFaster() {
        int probation = 10;
        TwoWayChoice choice = new TwoWayChoice(probation);
        StringBuilder log = new StringBuilder();
        for (int r = 0; r < TwoWayChoice.FIRST_TRIAL; r++) {
            run(choice, 100, 50, log);
        }
        assertThat(log.toString()).isEqualTo("f".repeat(TwoWayChoice.FIRST_TRIAL));
        log.setLength(0);
        for (int r = 0; r < probation + TwoWayChoice.TRIAL_RUNS; r++) {
            run(choice, 100, 50, log);
        }
        // the second way for its probation, its last four runs timed, then four timed runs of the first way
        assertThat(log.toString()).isEqualTo("ssssssSSSSFFFF");
        assertThat(choice.trials).isEqualTo(1);
        assertThat(choice.second()).isTrue();

        // the next trial begins 8 × 78 = 624 runs in; until then the second way, untimed
        long end = TwoWayChoice.FIRST_TRIAL + probation + TwoWayChoice.TRIAL_RUNS;
        log.setLength(0);
        for (long r = end; r < end * TwoWayChoice.TRIAL_SPACING; r++) {
            run(choice, 30, 50, log);
        }
        assertThat(log.toString()).isEqualTo("s".repeat((int) (end * TwoWayChoice.TRIAL_SPACING - end)));
        log.setLength(0);
        for (int r = 0; r < probation + TwoWayChoice.TRIAL_RUNS; r++) {
            run(choice, 30, 50, log); // now the first way is faster
        }
        assertThat(log.toString()).isEqualTo("ffffffFFFFSSSS");
        assertThat(choice.trials).isEqualTo(2);
        assertThat(choice.second()).isFalse();
        log.setLength(0);
        run(choice, 30, 50, log);
        assertThat(log.toString()).isEqualTo("f");
    }

    @Test
    void theWayInUseIsKeptUnlessTheOtherWasFasterAndTheFastestRunCounts() {
        TwoWayChoice choice = new TwoWayChoice(TwoWayChoice.TRIAL_RUNS);
        for (int r = 0; r < TwoWayChoice.FIRST_TRIAL; r++) {
            assertThat(choice.begin()).isFalse();
            assertThat(choice.timing()).isFalse();
        }
        // the second way's runs: 90, 40, 95, 99; the first way's: 60, 45, 70, 80. Fastest 40 < 45: switch.
        long[] second = {90, 40, 95, 99};
        long[] first = {60, 45, 70, 80};
        for (long t : second) {
            assertThat(choice.begin()).isTrue();
            assertThat(choice.timing()).isTrue();
            choice.end(t);
        }
        for (long t : first) {
            assertThat(choice.begin()).isFalse();
            assertThat(choice.timing()).isTrue();
            choice.end(t);
        }
        assertThat(choice.second()).isTrue();

        TwoWayChoice tie = new TwoWayChoice(TwoWayChoice.TRIAL_RUNS);
        for (int r = 0; r < TwoWayChoice.FIRST_TRIAL + 2 * TwoWayChoice.TRIAL_RUNS; r++) {
            tie.begin();
            if (tie.timing()) {
                tie.end(50); // equal: the way in use stays
            }
        }
        assertThat(tie.trials).isEqualTo(1);
        assertThat(tie.second()).isFalse();
    }

    @Test
    void aForcedWayIsAlwaysTakenAndNeverTimed() {
        TwoWayChoice choice = new TwoWayChoice(8);
        choice.force(2);
        for (int r = 0; r < 1000; r++) {
            assertThat(choice.begin()).isTrue();
            assertThat(choice.timing()).isFalse();
        }
        choice.force(1);
        for (int r = 0; r < 1000; r++) {
            assertThat(choice.begin()).isFalse();
            assertThat(choice.timing()).isFalse();
        }
        assertThat(choice.trials).isZero();
    }

    @Test
    void aProbationShorterThanTheTimedRunsIsRefused() {
        assertThatThrownBy(() -> new TwoWayChoice(TwoWayChoice.TRIAL_RUNS - 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("probation below 4: 3");
    }
}
