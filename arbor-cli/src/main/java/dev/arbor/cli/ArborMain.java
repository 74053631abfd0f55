package dev.arbor.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/**
 * The {@code arbor} command-line program. Subcommands: {@code demo} (a timed crowd of glTF models, or a built-in
 * scene), {@code inspect} (a glTF file's tree, skins, animations), {@code dump} (world matrices per node),
 * {@code render} (a picture of the posed model), {@code bounds} (world and subtree boxes per node), {@code export}
 * (the model, at rest or posed, to {@code .gltf} or {@code .glb}) and
 * {@code bench} (the benchmark suite). Exit code 0 on success, 1 on a failure reported by a subcommand, 2 on a usage
 * error; either error is reported as two lines on standard error (see {@link Problems}).
 */
@Command(name = "arbor", mixinStandardHelpOptions = true, versionProvider = ArborMain.Version.class,
        description = "Arbor: a data-oriented transform hierarchy for the JVM.",
        subcommands = {DemoCommand.class, InspectCommand.class, DumpCommand.class, RenderCommand.class,
                ViewCommand.class, BoundsCommand.class, ExportCommand.class, BenchCommand.class},
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
     * and a hint ({@link Problems}), the build's version in every command's {@code --version}.
     *
     * @return a new command line
     */
    static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new ArborMain());
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        Problems handler = new Problems();
        cmd.setParameterExceptionHandler(handler);
        cmd.setExecutionExceptionHandler(handler);
        Version version = new Version();
        for (CommandLine sub : cmd.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(version);
        }
        return cmd;
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    /**
     * The version of the build: the jar manifest's {@code Implementation-Version}, else the version Maven wrote into
     * {@code version.properties} beside this class (when run from the build's classes, as the tests do).
     */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"arbor " + of()};
        }

        static String of() {
            String version = ArborMain.class.getPackage().getImplementationVersion();
            if (version != null && !version.isBlank()) {
                return version;
            }
            try (InputStream in = ArborMain.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    Properties p = new Properties();
                    p.load(in);
                    version = p.getProperty("version", "");
                    if (!version.isBlank() && !version.contains("${")) {
                        return version;
                    }
                }
            } catch (IOException e) {
                // fall through: the version is unknown
            }
            return "(version unknown)";
        }
    }
}
