package dev.arbor.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code arbor} command-line program. Subcommands: {@code demo} (a timed crowd of glTF models, or a built-in
 * scene), {@code inspect} (a glTF file's tree, skins, animations), {@code dump} (world matrices per node),
 * {@code render} (a picture of the posed hierarchy), {@code bounds} (world and subtree boxes per node) and
 * {@code bench} (the benchmark suite). Exit code 0 on success, 1 on a failure reported by a subcommand, 2 on a usage
 * error.
 */
@Command(name = "arbor", mixinStandardHelpOptions = true, version = "arbor 0.1.0",
        description = "Arbor: a data-oriented transform hierarchy for the JVM.",
        subcommands = {DemoCommand.class, InspectCommand.class, DumpCommand.class, RenderCommand.class,
                BoundsCommand.class, BenchCommand.class})
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
     * Runs the program without exiting the JVM (for tests).
     *
     * @param args command-line arguments
     * @return the exit code
     */
    public static int run(String... args) {
        return new CommandLine(new ArborMain()).execute(args);
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
