package dev.arbor.lab;

import dev.arbor.bench.CommandLine;
import dev.arbor.bench.peers.Workload;
import dev.arbor.bench.workloads.BenchMethods;

/** The command-line values the build comparisons share. */
final class LabArgs {
    private LabArgs() {
    }

    /**
     * @param workload a workload id ({@link Workload#byId})
     * @return the {@code Fixture} method that runs one operation of the workload
     * @throws IllegalArgumentException for an unknown id or a bounds workload
     */
    static String methodName(String workload) {
        Workload w = Workload.byId(workload);
        if (w.bounds()) {
            throw new IllegalArgumentException("bounds workloads are not compared: id=" + workload);
        }
        return BenchMethods.methodOf(w);
    }

    /**
     * @param value the option's value, or null if it was last
     * @param option the option's name
     * @param min the smallest value allowed
     * @return the value as an int
     * @throws IllegalArgumentException if it is missing, not a number, or below {@code min}
     */
    static int positive(String value, String option, int min) {
        int v;
        try {
            v = Integer.parseInt(CommandLine.valueOf(value, option));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " is not a number: " + value);
        }
        if (v < min) {
            throw new IllegalArgumentException(option + " too small: value=" + v + ", min=" + min);
        }
        return v;
    }
}
