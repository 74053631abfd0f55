package dev.arbor.bench;

/** Argument checks shared by the bench module's small mains ({@link MemoryMain}, {@link CompareBuildsMain}). */
final class CommandLine {
    private CommandLine() {
    }

    /**
     * @param value the argument after an option, or null if the arguments ended
     * @param option the option, for the message
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is null
     */
    static String valueOf(String value, String option) {
        if (value == null) {
            throw new IllegalArgumentException("missing value after " + option);
        }
        return value;
    }
}
