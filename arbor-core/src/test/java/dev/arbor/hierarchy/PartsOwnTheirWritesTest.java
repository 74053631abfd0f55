package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each part of the hierarchy owns its arrays (docs/architecture.md): no class of {@code dev.arbor.hierarchy} assigns
 * into a field of another part's class. Read from the sources as text: every {@code x.field = …}, {@code x.field[…] = …},
 * compound assignment, {@code ++} and {@code --} whose receiver {@code x} is declared (as a field, parameter or local)
 * with a type of another file of the package is a foreign write; so is one whose receiver's type is not found. A part
 * changes another part's state by calling a method of it. Writes into a class's own nested types, and through
 * {@code this}, are the class's own.
 *
 * <p>Before the parts took over their writes, this test found 41 foreign writes: {@code Relayout} 18 (into
 * {@code NodeStorage} and {@code SlotTable}), {@code Structure} 9, {@code Hierarchy} 7, {@code BulkSetter} 2,
 * {@code Refresh} 2, {@code WorldSolver} 2 and {@code StaleMarking} 1.
 */
class PartsOwnTheirWritesTest {
    /** {@code receiver.field}, optional indexes, then an assignment operator or {@code ++}/{@code --}. */
    private static final Pattern WRITE = Pattern.compile(
            "(?<![\\w.])([a-z]\\w*)\\.([a-z]\\w*)\\s*(?:\\[[^\\]\\n]*\\]\\s*)*(?:(?:[-+*/%&|^]|<<|>>>?)?=(?!=)|\\+\\+|--)");
    /** {@code ++receiver.field} and {@code --receiver.field}. */
    private static final Pattern PREFIX = Pattern.compile("(?:\\+\\+|--)\\s*([a-z]\\w*)\\.([a-z]\\w*)");
    /** A type declared in a file: class, record, interface or enum. */
    private static final Pattern TYPE = Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z]\\w*)");

    @Test
    void noPartAssignsIntoAnotherPartsFields() throws IOException {
        assertThat(foreignWrites()).as("assignments into another part's fields").isEmpty();
    }

    @Test
    void aWriteIntoAnotherPartsColumnIsFound() {
        Map<String, String> typeFiles = Map.of("NodeStorage", "NodeStorage", "Relayout", "Relayout");
        String source = "final class Relayout { private final NodeStorage store; int own;\n"
                + "void f(Relayout other) { store.slotOfNode[3] = 1; store.holeCount++; other.own = 2;"
                + " this.own = 1; String s = \"store.nodeEnd = 0\"; boolean b = store.nodeEnd == 0; } }";
        assertThat(foreignWrites("Relayout", source, typeFiles))
                .containsExactly("Relayout: store.slotOfNode (a NodeStorage)", "Relayout: store.holeCount (a NodeStorage)");
    }

    /** @return every foreign write in the package's main sources, as {@code File: receiver.field (a Type)} */
    private static List<String> foreignWrites() throws IOException {
        Path dir = Path.of("src", "main", "java", "dev", "arbor", "hierarchy");
        if (!Files.isDirectory(dir)) {
            dir = Path.of("arbor-core").resolve(dir);
        }
        Map<String, String> sources = new HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = f.getFileName().toString().replace(".java", "");
                sources.put(name, stripCommentsAndLiterals(Files.readString(f)));
            }
        }
        assertThat(sources).as("sources under %s", dir).containsKey("Hierarchy");
        Map<String, String> typeFiles = new HashMap<>();
        sources.forEach((file, source) -> {
            Matcher m = TYPE.matcher(source);
            while (m.find()) {
                typeFiles.put(m.group(1), file);
            }
        });
        List<String> found = new ArrayList<>();
        sources.keySet().stream().sorted().forEach(file -> found.addAll(foreignWrites(file, sources.get(file),
                typeFiles)));
        return found;
    }

    /** The foreign writes of one file's source (comments and literals already removed, or harmless). */
    static List<String> foreignWrites(String file, String source, Map<String, String> typeFiles) {
        String code = stripCommentsAndLiterals(source);
        List<String> found = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (Pattern p : List.of(WRITE, PREFIX)) {
            Matcher m = p.matcher(code);
            while (m.find()) {
                if (!seen.add(m.start(1))) {
                    continue;
                }
                String receiver = m.group(1);
                if (receiver.equals("this")) {
                    continue;
                }
                String type = declaredType(code, receiver);
                String owner = type == null ? null : typeFiles.get(type);
                if (type != null && (owner == null || owner.equals(file))) {
                    continue; // this file's own type, or one from outside the package (no part's field)
                }
                found.add(file + ": " + receiver + "." + m.group(2) + " (a " + (type == null ? "receiver of unknown type"
                        : type) + ")");
            }
        }
        return found;
    }

    /** @return the type {@code name} is first declared with in {@code code} (field, parameter, local), or null */
    private static String declaredType(String code, String name) {
        Matcher m = Pattern.compile("\\b([A-Z]\\w*)\\s*(?:<[^<>;]*>)?\\s*(?:\\[\\s*\\]\\s*)*\\s+" + name
                + "\\s*[;=,):]").matcher(code);
        return m.find() ? m.group(1) : null;
    }

    /** Blanks out comments, string and character literals, keeping every line where it was. */
    static String stripCommentsAndLiterals(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
                s.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
                i = end;
            } else if (c == '"' || c == '\'') {
                out.append(c).append(c);
                i++;
                while (i < s.length() && s.charAt(i) != c) {
                    i += s.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
