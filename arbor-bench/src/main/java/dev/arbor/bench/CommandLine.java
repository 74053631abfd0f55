package dev.arbor.bench;

import dev.arbor.bench.peers.Implementation;
import java.util.ArrayList;
import java.util.List;

/**
 * Argument checks shared by the small mains of the bench and lab modules ({@link MemoryMain}, and the lab's
 * {@code CompareBuildsMain} and {@code FrameSplitMain}).
 */
public final class CommandLine {
    private CommandLine() {
    }

    /**
     * @param value the argument after an option, or null if the arguments ended
     * @param option the option, for the message
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is null
     */
    public static String valueOf(String value, String option) {
        if (value == null) {
            throw new IllegalArgumentException("missing value after " + option);
        }
        return value;
    }

    /**
     * @param value the argument after an option: implementation ids separated by commas, or null if the arguments
     *     ended
     * @param option the option, for the message
     * @return the implementations, in the order given
     * @throws IllegalArgumentException if {@code value} is null or names an unknown implementation
     */
    public static List<Implementation> implementations(String value, String option) {
        List<Implementation> impls = new ArrayList<>();
        for (String id : valueOf(value, option).split(",")) {
            impls.add(Implementation.byId(id));
        }
        return impls;
    }
}
