package dev.arbor.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code arbor} command-line program. Subcommands: {@code demo} (a timed crowd of glTF models, or a built-in
 * scene), {@code inspect} (a glTF file's tree, skins, animations), {@code dump} (world matrices per node),
 * {@code render} (a picture of the posed hierarchy), {@code bounds} (world and subtree boxes per node) and
 * {@code bench} (the benchmark suite). Exit code 0 on success, 1 on a failure reported by a subcommand, 2 on a usage
 * error; either error is reported as two lines on standard error (see {@link Problems}).
 */
@Command(name = "arbor", mixinStandardHelpOptions = true, version = "arbor 0.1.0",
        description = "Arbor: a data-oriented transform hierarchy for the JVM.",
        subcommands = {DemoCommand.class, InspectCommand.class, DumpCommand.class, RenderCommand.class,
                BoundsCommand.class, BenchCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:a file could not be read or written, or is not valid glTF",
                "2:a wrong command line: an unknown option, a missing or bad value, a scene or animation the file "
                        + "does not have"})
public final class ArborMain implements Runnable {

    /**
     * Runs the program.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        // JOML's Unsafe-based memory access warns on JDK 24+; its plain-Java path is all we need
        if (System.getProperty("joml.nounsafe") == null) {
            System.setProperty("joml.nounsafe", "true");
        }
        System.exit(run(args));
    }

    /**
     * Runs the program without exiting the JVM (for tests), writing to {@code System.out} and {@code System.err}.
     *
     * @param args command-line arguments
     * @return the exit code
     */
    public static int run(String... args) {
        return Problems.execute(commandLine(), args);
    }

    /**
     * The program's command line, set up as {@link #run} uses it: enum values in any case, every error as one line
     * and a hint ({@link Problems}).
     *
     * @return a new command line
     */
    static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new ArborMain());
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        Problems handler = new Problems();
        cmd.setParameterExceptionHandler(handler);
        cmd.setExecutionExceptionHandler(handler);
        return cmd;
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
