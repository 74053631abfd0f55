package dev.arbor.hierarchy;

/**
 * Chooses between two equivalent ways of doing one recurring job (the same results, different speeds on different
 * machines) by timing both now and then. The first way is taken until run {@link #FIRST_TRIAL}; a trial then runs the
 * way not in use for a probation of consecutive runs, so that the JIT has compiled it before it is judged, and times
 * its last {@link #TRIAL_RUNS} runs and then as many of the way in use; the way whose fastest timed run was faster is
 * kept. The next trial begins {@link #TRIAL_SPACING} times as many runs after the start as this one ended, so a choice
 * made before the JIT settled is revisited while the trials' share of the runs keeps falling. Which way wins depends
 * on the machine (for the bulk rotation copy: vector gathers against scattered stores),
 * never on the results.
 *
 * <p>Use: {@code boolean second = choice.begin(); long t0 = choice.timing() ? System.nanoTime() : 0; …the work…;
 * if (choice.timing()) choice.end(System.nanoTime() - t0);}
 */
final class TwoWayChoice {
    /** Runs before the first trial. */
    static final int FIRST_TRIAL = 64;
    /** Timed runs of each way per trial. */
    static final int TRIAL_RUNS = 4;
    /** Factor between a trial's end and the next one's start, counted in runs. */
    static final int TRIAL_SPACING = 8;

    /** Runs of the way not in use per trial, the last {@link #TRIAL_RUNS} of them timed. */
    private final int probation;
    /** Forced way for tests: 0 chooses by timing, 1 always the first way, 2 always the second. */
    private int forced;
    private long runs;
    private long nextTrial = FIRST_TRIAL;
    private boolean second;
    private boolean current;
    private boolean timing;
    private long bestChallenger;
    private long bestIncumbent;
    /** Trials completed. */
    int trials;

    /**
     * @param probation runs of the way not in use per trial (at least {@link #TRIAL_RUNS}): enough that the JIT
     *     compiles it first
     */
    TwoWayChoice(int probation) {
        if (probation < TRIAL_RUNS) {
            throw new IllegalArgumentException("probation below " + TRIAL_RUNS + ": " + probation);
        }
        this.probation = probation;
    }

    /** @param way 0 to choose by timing, 1 to always take the first way, 2 the second (for tests) */
    void force(int way) {
        forced = way;
    }

    /**
     * Starts a run.
     *
     * @return whether this run takes the second way
     */
    boolean begin() {
        if (forced != 0) {
            timing = false;
            return forced == 2;
        }
        long t = runs++ - nextTrial;
        if (t < 0) {
            timing = false;
            return second;
        }
        if (t == 0) {
            bestChallenger = Long.MAX_VALUE;
            bestIncumbent = Long.MAX_VALUE;
        }
        boolean challenger = t < probation;
        timing = t >= probation - TRIAL_RUNS;
        current = challenger != second;
        return current;
    }

    /** @return whether the run just begun is to be timed and reported to {@link #end} */
    boolean timing() {
        return timing;
    }

    /**
     * Ends a timed run.
     *
     * @param nanos how long the run's work took
     */
    void end(long nanos) {
        timing = false;
        if (current != second) {
            bestChallenger = Math.min(bestChallenger, nanos);
        } else {
            bestIncumbent = Math.min(bestIncumbent, nanos);
        }
        if (runs - nextTrial == probation + TRIAL_RUNS) {
            if (bestChallenger < bestIncumbent) {
                second = !second;
            }
            nextTrial = runs > Long.MAX_VALUE / TRIAL_SPACING ? Long.MAX_VALUE : runs * TRIAL_SPACING;
            trials++;
        }
    }

    /** @return the way in use outside trials: true for the second */
    boolean second() {
        return second;
    }
}
