package dev.arbor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shape of the project's main sources, read as text from each module's {@code src/main/java} (the tests run in
 * this module's base directory; its siblings are the project's other modules): no file holds more than
 * {@link #MAX_CODE_LINES} lines of code, counted without blank lines and comments (the house style: a file past about
 * 1,000 lines is split by what owns which state).
 */
class SourceShapeTest {
    /** The most lines of code a main source file may hold. */
    static final int MAX_CODE_LINES = 1000;

    @Test
    void noMainSourceFileHoldsMoreThanAThousandLinesOfCode() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Path root : mainSourceRoots()) {
            for (Path file : javaFiles(root)) {
                int lines = codeLines(Files.readAllLines(file));
                if (lines > MAX_CODE_LINES) {
                    tooLong.add(Path.of("").toAbsolutePath().relativize(file.toAbsolutePath()) + ": " + lines
                            + " lines of code");
                }
            }
        }
        assertThat(tooLong).as("main source files over %d lines of code", MAX_CODE_LINES).isEmpty();
    }

    @Test
    void codeLinesLeaveOutBlankLinesAndComments() {
        List<String> source = List.of(
                "/**",
                " * A class.",
                " */",
                "final class A { /* inline */",
                "",
                "    // a comment",
                "    int x; // trailing",
                "    /* one line */",
                "    /* two",
                "       lines */ int y;",
                "}");
        assertThat(codeLines(source)).isEqualTo(4); // the class line, x, y, the closing brace
    }

    /**
     * @return this module's {@code src/main/java} (found from its base directory or the project's), then those of the
     *     project's other modules beside it
     */
    static List<Path> mainSourceRoots() throws IOException {
        Path module = Files.isDirectory(Path.of("src", "main", "java")) ? Path.of("") : Path.of("arbor-core");
        Path own = module.resolve(Path.of("src", "main", "java"));
        assertThat(own).as("this module's main sources").isDirectory();
        List<Path> roots = new ArrayList<>(List.of(own));
        Path project = module.toAbsolutePath().normalize().getParent();
        if (project != null && Files.isRegularFile(project.resolve("pom.xml"))) {
            try (Stream<Path> modules = Files.list(project)) {
                modules.map(m -> m.resolve(Path.of("src", "main", "java")))
                        .filter(Files::isDirectory)
                        .filter(r -> !r.toAbsolutePath().normalize().equals(own.toAbsolutePath().normalize()))
                        .sorted()
                        .forEach(roots::add);
            }
        }
        return roots;
    }

    /** @return every {@code .java} file under {@code root}, in a fixed order */
    static List<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }

    /**
     * Counts the lines that hold code: not blank, not only a line comment, not inside or only a block comment. A
     * comment opened after code on a line is not looked at (the line counts as code).
     */
    static int codeLines(List<String> lines) {
        int count = 0;
        boolean inComment = false;
        for (String line : lines) {
            String s = line.strip();
            if (inComment) {
                int end = s.indexOf("*/");
                if (end < 0) {
                    continue;
                }
                inComment = false;
                s = s.substring(end + 2).strip();
            }
            while (s.startsWith("/*")) {
                int end = s.indexOf("*/", 2);
                if (end < 0) {
                    inComment = true;
                    s = "";
                    break;
                }
                s = s.substring(end + 2).strip();
            }
            if (!s.isEmpty() && !s.startsWith("//")) {
                count++;
            }
        }
        return count;
    }
}
