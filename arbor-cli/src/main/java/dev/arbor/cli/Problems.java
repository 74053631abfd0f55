package dev.arbor.cli;

import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the program reports what went wrong: one line on standard error, {@code arbor: COMMAND: } and the value and the
 * reason, then one line {@code try 'arbor COMMAND --help'}; nothing else. Exit code 2 for a usage error (a
 * {@link ParameterException}: the command line itself is wrong, or names a scene or animation the file lacks), 1 for
 * a failure (a {@link Failure}: a file that cannot be read or written, or is not valid glTF). Set on the root command
 * line by {@link ArborMain#commandLine()}.
 */
final class Problems implements IParameterExceptionHandler, IExecutionExceptionHandler {
    /** Set this system property to true to also print the stack trace of an unexpected error. */
    static final String TRACE_PROPERTY = "arbor.stacktrace";

    /** A failure of a command that is not a usage error: exit code 1, the message is the line reported. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message, null, false, false);
        }
    }

    /** Runs a command line; an error the handlers cannot see (running out of memory) is reported the same way. */
    static int execute(CommandLine cmd, String... args) {
        try {
            return cmd.execute(args);
        } catch (OutOfMemoryError e) {
            return report(deepest(cmd), "out of memory: ask for less, or give Java more with -Xmx (java -Xmx4g "
                    + "-jar arbor.jar ...)", cmd.getCommandSpec().exitCodeOnExecutionException());
        }
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        return report(ex.getCommandLine(), describe(ex), ex.getCommandLine().getCommandSpec().exitCodeOnInvalidInput());
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        String message;
        if (ex instanceof Failure) {
            message = ex.getMessage();
        } else if (ex instanceof IOException) {
            message = reason((IOException) ex);
        } else {
            message = "unexpected error (please report it): " + ex;
            if (Boolean.getBoolean(TRACE_PROPERTY)) {
                ex.printStackTrace(cmd.getErr());
            }
        }
        return report(cmd, message, cmd.getCommandSpec().exitCodeOnExecutionException());
    }

    /** Prints the two lines and returns {@code code}. */
    static int report(CommandLine cmd, String message, int code) {
        String name = cmd.getCommandSpec().qualifiedName(" ");
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName(": ") + ": " + message.replaceAll("\\s*\\R\\s*", " "));
        err.println("try '" + name + " --help'");
        err.flush();
        return code;
    }

    /** picocli's message, with the suggestions it would print below it folded into the line. */
    private static String describe(ParameterException ex) {
        String message = ex.getMessage();
        if (ex instanceof UnmatchedArgumentException) {
            UnmatchedArgumentException u = (UnmatchedArgumentException) ex;
            List<String> unmatched = u.getUnmatched();
            if (!u.isUnknownOption() && !unmatched.isEmpty()) {
                message = (ex.getCommandLine().getParent() == null ? "Unknown command: '" : "Unexpected argument: '")
                        + unmatched.get(0) + "'";
            }
            List<String> suggestions = u.getSuggestions();
            if (!suggestions.isEmpty()) {
                message += " (did you mean " + suggestions.get(0) + "?)";
            }
        }
        return message;
    }

    /** The command line of the subcommand that was being run. */
    private static CommandLine deepest(CommandLine cmd) {
        ParseResult r = cmd.getParseResult();
        if (r == null) {
            return cmd;
        }
        while (r.hasSubcommand()) {
            r = r.subcommand();
        }
        return r.commandSpec().commandLine();
    }

    /**
     * A usage error about an option's value: {@code OPTION VALUE: reason}, the value as the user typed it.
     *
     * @param spec the command
     * @param option the option's name, as in {@code --size}
     * @param reason why the value is refused
     */
    static ParameterException invalid(CommandSpec spec, String option, String reason) {
        return usage(spec, option + " " + given(spec, option) + ": " + reason);
    }

    /** A usage error with its whole message. */
    static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** @return whether the option was on the command line */
    static boolean isGiven(CommandSpec spec, String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** The option's last value as typed on the command line, quoted when it is empty or holds blanks. */
    static String given(CommandSpec spec, String option) {
        OptionSpec o = spec.commandLine().getParseResult().matchedOption(option);
        List<String> typed = o == null ? List.of() : o.originalStringValues();
        String value = typed.isEmpty() ? String.valueOf(o == null ? null : o.getValue())
                : typed.get(typed.size() - 1);
        return value.isEmpty() || value.matches(".*\\s.*") ? "'" + value + "'" : value;
    }

    /** Reads a glTF file; every problem is a {@link Failure} naming the file. */
    static GltfModel readModel(Path file) {
        checkReadable(file);
        try {
            return Gltf.read(file);
        } catch (IOException e) {
            throw new Failure("cannot read " + file + ": " + reason(e));
        }
    }

    /** Checks that a file exists, is a file and may be read. */
    static void checkReadable(Path file) {
        String why = !Files.exists(file) ? "no such file" : Files.isDirectory(file) ? "it is a directory"
                : !Files.isReadable(file) ? "permission denied" : null;
        if (why != null) {
            throw new Failure("cannot read " + file + ": " + why);
        }
    }

    /** Checks, before any work, that a file can be created or replaced. */
    static void checkWritable(Path file) {
        Path dir = file.getParent() != null ? file.getParent() : file.toAbsolutePath().getParent();
        String why = Files.isDirectory(file) ? "it is a directory"
                : !Files.exists(dir) ? "directory " + dir + " does not exist"
                : !Files.isDirectory(dir) ? dir + " is not a directory"
                : Files.exists(file) ? (Files.isWritable(file) ? null : "permission denied")
                : Files.isWritable(dir) ? null : "permission denied in directory " + dir;
        if (why != null) {
            throw new Failure("cannot write " + file + ": " + why);
        }
    }

    /** A failure to write {@code file}. */
    static Failure cannotWrite(Path file, IOException e) {
        // the directory was checked: a file that still cannot be found cannot be made there (as in /proc)
        return new Failure("cannot write " + file + ": " + (e instanceof NoSuchFileException
                ? "no file can be made there" : reason(e)));
    }

    /** The reason of an I/O error in a few words, without the file name the caller already gives. */
    static String reason(IOException e) {
        if (e instanceof GltfException) {
            return e.getMessage();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return lowerFirst(((FileSystemException) e).getReason());
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : lowerFirst(e.getMessage());
    }

    private static String lowerFirst(String s) {
        return s.length() > 1 && Character.isLowerCase(s.charAt(1))
                ? s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1) : s;
    }
}
