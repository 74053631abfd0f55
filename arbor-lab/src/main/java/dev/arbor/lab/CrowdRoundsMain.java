package dev.arbor.lab;

import dev.arbor.bench.animation.Crowd;
import dev.arbor.bench.animation.CrowdCheck;
import dev.arbor.bench.animation.CrowdSystem;
import java.io.PrintStream;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Locale;

/**
 * Times crowd implementations of the crowd benchmark ({@code CrowdBench}) in alternating rounds within one JVM: every
 * implementation is built, then round after round each runs {@code --frames} whole frames ({@link CrowdSystem#frame},
 * the clock advancing 1/60 s a frame) and the round's mean is kept; the first third of the rounds is warm-up. It
 * reports per implementation the least and the median round in ms per frame, and each implementation's ratio to the
 * first one. On a machine shared with other work, whose load moves JMH's iterations of one fork by several times,
 * rounds a few hundred milliseconds long that alternate see the same load, and the least round of each is its time
 * when the machine was quietest: the ratios of the least rounds are the figure to compare. Not a JMH benchmark: one
 * JVM, no forks. With {@code --phases} each frame runs as the benchmark's three phases ({@link CrowdSystem#sample},
 * {@link CrowdSystem#hierarchy}, {@link CrowdSystem#palettes}) and each phase's least and median round is printed too.
 *
 * <p>Usage: {@code CrowdRoundsMain [--crowd cesium-1000] [--impls jme,jme-arbor,arbor] [--rounds 30] [--frames 40]
 * [--phases]}.
 */
public final class CrowdRoundsMain {
    private CrowdRoundsMain() {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        String crowdId = "cesium-1000";
        String[] impls = {"jme", "jme-arbor", "arbor"};
        int rounds = 30;
        int frames = 40;
        boolean phases = false;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--phases":
                    phases = true;
                    continue;
                case "--crowd":
                    crowdId = require(args[i], value);
                    break;
                case "--impls":
                    impls = require(args[i], value).split(",");
                    break;
                case "--rounds":
                    rounds = atLeast(args[i], value, 3);
                    break;
                case "--frames":
                    frames = atLeast(args[i], value, 1);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option: " + args[i]
                            + " (options: --crowd, --impls, --rounds, --frames, --phases)");
            }
            i++;
        }
        run(Crowd.of(crowdId), impls, rounds, frames, phases, System.out);
    }

    private static String require(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }

    private static int atLeast(String option, String value, int least) {
        int n = Integer.parseInt(require(option, value));
        if (n < least) {
            throw new IllegalArgumentException(option + " must be at least " + least + ": value=" + n);
        }
        return n;
    }

    /**
     * Runs the rounds and prints the table.
     *
     * @param crowd the crowd
     * @param impls implementation ids ({@link CrowdSystem#byId})
     * @param rounds rounds, ≥ 3
     * @param frames frames per round, ≥ 1
     * @param phases whether each phase is timed apart (see the class comment)
     * @param out where the table goes
     * @return per implementation its least and median round, ms per frame: {@code [2i]} and {@code [2i + 1]}
     */
    public static double[] run(Crowd crowd, String[] impls, int rounds, int frames, boolean phases,
                               PrintStream out) {
        CrowdSystem[] systems = new CrowdSystem[impls.length];
        for (int i = 0; i < impls.length; i++) {
            systems[i] = CrowdSystem.byId(impls[i]);
            systems[i].build(crowd);
        }
        FloatBuffer palettes = CrowdCheck.paletteBuffer(crowd.count(), crowd.joints());
        double[][] means = new double[impls.length][rounds];
        double[][][] phaseMeans = new double[impls.length][3][rounds];
        long[] phaseNanos = new long[3];
        float clock = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < impls.length; i++) {
                CrowdSystem system = systems[i];
                Arrays.fill(phaseNanos, 0);
                long start = System.nanoTime();
                for (int f = 0; f < frames; f++) {
                    clock = clock > 1000 ? 0 : clock + Crowd.FRAME;
                    if (!phases) {
                        system.frame(clock, palettes);
                        continue;
                    }
                    long t0 = System.nanoTime();
                    system.sample(clock);
                    long t1 = System.nanoTime();
                    system.hierarchy();
                    long t2 = System.nanoTime();
                    system.palettes(palettes);
                    phaseNanos[0] += t1 - t0;
                    phaseNanos[1] += t2 - t1;
                    phaseNanos[2] += System.nanoTime() - t2;
                }
                means[i][r] = (System.nanoTime() - start) / 1e6 / frames;
                for (int p = 0; p < 3; p++) {
                    phaseMeans[i][p][r] = phaseNanos[p] / 1e6 / frames;
                }
            }
        }
        double[] result = new double[2 * impls.length];
        out.printf(Locale.ROOT, "# %s, %d rounds of %d frames, the first %d warm-up; ms per frame%n", crowd, rounds,
                frames, rounds / 3);
        out.println("impl        least   median   least ratio to " + impls[0]);
        for (int i = 0; i < impls.length; i++) {
            double[] kept = Arrays.copyOfRange(means[i], rounds / 3, rounds);
            Arrays.sort(kept);
            result[2 * i] = kept[0];
            result[2 * i + 1] = kept[kept.length / 2];
            out.printf(Locale.ROOT, "%-10s %7.3f %8.3f   %.2f%n", impls[i], kept[0], kept[kept.length / 2],
                    result[0] / kept[0]);
        }
        if (phases) {
            String[] names = {"sample", "hierarchy", "palettes"};
            out.println("impl       phase       least   median");
            for (int i = 0; i < impls.length; i++) {
                for (int p = 0; p < 3; p++) {
                    double[] kept = Arrays.copyOfRange(phaseMeans[i][p], rounds / 3, rounds);
                    Arrays.sort(kept);
                    out.printf(Locale.ROOT, "%-10s %-10s %7.3f %8.3f%n", impls[i], names[p], kept[0],
                            kept[kept.length / 2]);
                }
            }
        }
        return result;
    }
}
