package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every wrong argument of every subcommand, run through {@link ArborMain#run} as a user would: exit code 2 for a
 * usage error, 1 for a file that cannot be read or written; standard error exactly two lines, the first naming the
 * value and the reason, the second the hint; nothing on standard output.
 */
class CommandLineErrorsTest {
    /**
     * Two nodes, {@code root} and its child {@code arm}, and two animations moving {@code arm}: {@code Walk} and one
     * without a name. The buffer: times 0 and 1, then translations (0, 0, 0) and (0, 1, 0).
     */
    private static final String MODEL = "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
            + "\"nodes\":[{\"name\":\"root\",\"children\":[1]},{\"name\":\"arm\",\"translation\":[1,0,0]}],"
            + "\"buffers\":[{\"byteLength\":32,"
            + "\"uri\":\"data:application/octet-stream;base64,AAAAAAAAgD8AAAAAAAAAAAAAAAAAAAAAAACAPwAAAAA=\"}],"
            + "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":0,\"byteOffset\":8,\"byteLength\":24}],"
            + "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\","
            + "\"min\":[0],\"max\":[1]},{\"bufferView\":1,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\"}],"
            + "\"animations\":[" + animation("\"name\":\"Walk\",") + "," + animation("") + "]}";

    private static final Set<String> COMMANDS = Set.of("demo", "inspect", "dump", "render", "bounds", "export");

    @TempDir
    Path temp;

    private static String animation(String name) {
        return "{" + name + "\"channels\":[{\"sampler\":0,\"target\":{\"node\":1,\"path\":\"translation\"}}],"
                + "\"samplers\":[{\"input\":0,\"output\":1}]}";
    }

    @BeforeEach
    void writeFiles() throws Exception {
        Files.writeString(temp.resolve("model.gltf"), MODEL);
        Files.writeString(temp.resolve("broken.gltf"), "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"mesh\":5}]}");
        Files.writeString(temp.resolve("bad-material.gltf"), "{\"asset\":{\"version\":\"2.0\"},"
                + "\"materials\":[{\"alphaMode\":\"CUT\"}]}");
        Files.writeString(temp.resolve("plain.txt"), "not a directory");
        Files.createDirectory(temp.resolve("folder.png"));
    }

    /** Runs {@code arbor args…} with standard output and error captured: {exit code, out, err}. */
    private static Object[] run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = ArborMain.run(args);
            return new Object[] {code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /**
     * One case a row: exit code, the command line (split at blanks), the first line on standard error; {@code DIR}
     * stands for the folder holding {@code model.gltf} (two animations), {@code broken.gltf} (not valid glTF),
     * {@code plain.txt} and the directory {@code folder.png}.
     */
    @ParameterizedTest(name = "[{index}] arbor {1}")
    @CsvSource(delimiterString = " | ", quoteCharacter = '`', textBlock = """
        # render: the output is checked before the model is read
        1 | render DIR/model.gltf -o DIR/missing/p.png | arbor: render: cannot write DIR/missing/p.png: directory DIR/missing does not exist
        1 | render DIR/model.gltf -o DIR/missing/p.svg | arbor: render: cannot write DIR/missing/p.svg: directory DIR/missing does not exist
        1 | render DIR/model.gltf -o DIR/folder.png | arbor: render: cannot write DIR/folder.png: it is a directory
        1 | render DIR/model.gltf -o DIR/plain.txt/p.png | arbor: render: cannot write DIR/plain.txt/p.png: DIR/plain.txt is not a directory
        1 | render DIR/nope.glb -o DIR/p.png | arbor: render: cannot read DIR/nope.glb: no such file
        2 | render DIR/model.gltf -o DIR/p.jpg | arbor: render: -o DIR/p.jpg: the picture's name must end in .png, .svg or .gif
        2 | render DIR/model.gltf -o DIR/p.gif | arbor: render: -o DIR/p.gif: an animated GIF needs --frames N and --animation NAME|INDEX
        2 | render DIR/model.gltf -o DIR/p.png --frames 4 | arbor: render: --frames 4: needs an animated GIF output, -o NAME.gif
        2 | render DIR/model.gltf -o DIR/p.gif --frames 0 --animation 0 | arbor: render: --frames 0: must be 1 to 1000 frames
        2 | render DIR/model.gltf -o DIR/p.gif --frames 1001 --animation 0 | arbor: render: --frames 1001: must be 1 to 1000 frames
        2 | render DIR/model.gltf -o DIR/p.gif --frames 4 | arbor: render: --frames 4: needs --animation NAME|INDEX (the frames show the whole animation)
        2 | render DIR/model.gltf -o DIR/p.gif --frames 4 --animation 0 --time 1 | arbor: render: --time 1: not with --frames (the frames cover the whole animation, from 0 to its end)
        2 | render DIR/model.gltf -o DIR/p.png --size 10 | arbor: render: --size 10: must be 64 to 8192 pixels
        2 | render DIR/model.gltf -o DIR/p.png --size -5 | arbor: render: --size -5: must be 64 to 8192 pixels
        2 | render DIR/model.gltf -o DIR/p.png --size 0 | arbor: render: --size 0: must be 64 to 8192 pixels
        2 | render DIR/model.gltf -o DIR/p.png --size 9000 | arbor: render: --size 9000: must be 64 to 8192 pixels
        2 | render DIR/model.gltf -o DIR/p.png --size big | arbor: render: Invalid value for option '--size': 'big' is not an int
        2 | render DIR/model.gltf -o DIR/p.png --view sideways | arbor: render: Invalid value for option '--view': expected one of [front, back, right, left, top, bottom, iso] (case-insensitive) but was 'sideways'
        2 | render DIR/model.gltf | arbor: render: Missing required option: '--output=OUT'
        2 | render DIR/model.gltf -o DIR/p.png --lables | arbor: render: Unknown option: '--lables' (did you mean --labels?)
        2 | render DIR/model.gltf -o DIR/p.png --time 1 | arbor: render: --time 1: needs --animation NAME|INDEX (without an animation the rest pose is shown)
        2 | render DIR/model.gltf -o DIR/p.png --animation Run | arbor: render: --animation Run: no such animation; the file has 2 animations: 0 "Walk", 1 (no name)
        # dump, bounds: the pose options they share with render
        2 | dump DIR/model.gltf --time -1 | arbor: dump: --time -1: needs --animation NAME|INDEX (without an animation the rest pose is shown)
        2 | bounds DIR/model.gltf --time -1 | arbor: bounds: --time -1: needs --animation NAME|INDEX (without an animation the rest pose is shown)
        2 | dump DIR/model.gltf --loop | arbor: dump: --loop: needs --animation NAME|INDEX (without an animation the rest pose is shown)
        2 | dump DIR/model.gltf --blend 1:0.5 | arbor: dump: --blend 1:0.5: needs --animation NAME|INDEX (without an animation the rest pose is shown)
        2 | dump DIR/model.gltf --animation 0 --blend 1 | arbor: dump: --blend 1: expected NAME|INDEX:WEIGHT, for example 1:0.5
        2 | dump DIR/model.gltf --animation 0 --blend 1:1.5 | arbor: dump: --blend 1:1.5: the weight must be a number from 0 to 1
        2 | dump DIR/model.gltf --animation 0 --blend 1:half | arbor: dump: --blend 1:half: the weight must be a number from 0 to 1
        2 | render DIR/model.gltf -o DIR/p.png --animation 0 --blend 7:0.5 | arbor: render: --blend 7:0.5: no such animation 7; the file has 2 animations: 0 "Walk", 1 (no name)
        2 | dump DIR/model.gltf --animation walk | arbor: dump: --animation walk: no such animation; the file has 2 animations: 0 "Walk", 1 (no name)
        2 | bounds DIR/model.gltf --animation 2 | arbor: bounds: --animation 2: no such animation; the file has 2 animations: 0 "Walk", 1 (no name)
        2 | dump DIR/model.gltf --animation -1 | arbor: dump: --animation -1: no such animation; the file has 2 animations: 0 "Walk", 1 (no name)
        2 | dump DIR/model.gltf --animation Walk --time NaN | arbor: dump: --time NaN: must be a finite number of seconds
        2 | dump DIR/model.gltf --animation Walk --time Infinity | arbor: dump: --time Infinity: must be a finite number of seconds
        2 | dump DIR/model.gltf --animation Walk --time soon | arbor: dump: Invalid value for option '--time': 'soon' is not a float
        2 | dump DIR/model.gltf --animation Walk --time | arbor: dump: Missing required parameter for option '--time' (SECONDS)
        2 | dump DIR/model.gltf --scene 1 | arbor: dump: --scene 1: no such scene; the file has 1 scene, index 0
        2 | bounds DIR/model.gltf --scene -1 | arbor: bounds: --scene -1: no such scene; the file has 1 scene, index 0
        2 | dump DIR/model.gltf --scene first | arbor: dump: Invalid value for option '--scene': 'first' is not an int
        2 | dump | arbor: dump: Missing required parameter: 'FILE'
        2 | bounds DIR/model.gltf DIR/model.gltf | arbor: bounds: Unexpected argument: 'DIR/model.gltf'
        1 | dump DIR/nope.glb | arbor: dump: cannot read DIR/nope.glb: no such file
        1 | bounds DIR | arbor: bounds: cannot read DIR: it is a directory
        1 | dump DIR/broken.gltf --json | arbor: dump: cannot read DIR/broken.gltf: nodes[0].mesh: index 5 out of range, meshes.length=0
        # export
        2 | export DIR/model.gltf DIR/out.obj | arbor: export: OUT DIR/out.obj: the file's name must end in .gltf or .glb
        2 | export DIR/model.gltf | arbor: export: Missing required parameter: 'OUT'
        2 | export DIR/model.gltf DIR/model.gltf | arbor: export: OUT DIR/model.gltf: is the input file; write the export to another file
        2 | export DIR/model.gltf DIR/o.glb --time 1 | arbor: export: --time 1: needs --animation NAME|INDEX (without an animation the rest pose is shown)
        2 | export DIR/model.gltf DIR/o.glb --animation Run | arbor: export: --animation Run: no such animation; the file has 2 animations: 0 "Walk", 1 (no name)
        2 | export DIR/model.gltf DIR/o.glb --scene 3 | arbor: export: --scene 3: no such scene; the file has 1 scene, index 0
        1 | export DIR/nope.glb DIR/o.glb | arbor: export: cannot read DIR/nope.glb: no such file
        1 | export DIR/model.gltf DIR/missing/o.glb | arbor: export: cannot write DIR/missing/o.glb: directory DIR/missing does not exist
        1 | export DIR/broken.gltf DIR/o.gltf | arbor: export: cannot read DIR/broken.gltf: nodes[0].mesh: index 5 out of range, meshes.length=0
        # inspect
        1 | inspect DIR/nope.glb | arbor: inspect: cannot read DIR/nope.glb: no such file
        1 | inspect DIR | arbor: inspect: cannot read DIR: it is a directory
        2 | inspect | arbor: inspect: Missing required parameter: 'FILE'
        2 | inspect DIR/model.gltf --yaml | arbor: inspect: Unknown option: '--yaml'
        1 | inspect --json DIR/bad-material.gltf | arbor: inspect: cannot read DIR/bad-material.gltf: materials[0].alphaMode: "CUT" is not one of OPAQUE, MASK, BLEND
        # demo
        1 | demo --model DIR/nope.glb | arbor: demo: cannot read DIR/nope.glb: no such file
        1 | demo --model DIR | arbor: demo: cannot read DIR: it is a directory
        2 | demo --crowd 0 | arbor: demo: --crowd 0: must be 1 to 100000
        2 | demo --crowd -4 | arbor: demo: --crowd -4: must be 1 to 100000
        2 | demo --crowd many | arbor: demo: Invalid value for option '--crowd': 'many' is not an int
        2 | demo --frames 0 | arbor: demo: --frames 0: must be 1 to 1000000
        2 | demo --frames 2000000 | arbor: demo: --frames 2000000: must be 1 to 1000000
        2 | demo --warmup -1 | arbor: demo: --warmup -1: must be 0 to 1000000
        2 | demo --scene nope | arbor: demo: --scene nope: no such built-in scene; they are seed-6000, game-100k, chain-10k, flat-100k, crowd, million
        2 | demo --scene crowd --model DIR/model.gltf | arbor: demo: --model cannot be used with --scene: it sets up the crowd, and --scene runs a built-in scene instead
        2 | demo --scene crowd --crowd 5 | arbor: demo: --crowd cannot be used with --scene: it sets up the crowd, and --scene runs a built-in scene instead
        # the program itself
        2 | frob | arbor: Unknown command: 'frob'
        2 | rendr | arbor: Unknown command: 'rendr' (did you mean render?)
        2 | --frob | arbor: Unknown option: '--frob'
        """)
    void aWrongArgumentIsOneLineAndAHint(int exit, String commandLine, String firstLine) {
        String dir = temp.toString();
        String[] args = commandLine.replace("DIR", dir).split(" ");
        Object[] r = run(args);
        String[] err = ((String) r[2]).split("\\R", -1);
        assertThat(r[0]).as("exit code; stderr: %s", r[2]).isEqualTo(exit);
        assertThat(err).as("stderr").hasSize(3);
        assertThat(err[2]).as("stderr ends with a line break").isEmpty();
        assertThat(err[0]).isEqualTo(firstLine.replace("DIR", dir));
        String command = COMMANDS.contains(args[0]) ? "arbor " + args[0] : "arbor";
        assertThat(err[1]).isEqualTo("try '" + command + " --help'");
        assertThat((String) r[1]).as("stdout").isEmpty();
    }

    @Test
    void aFailedWriteNamesTheOutputAndTheReason() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "a device that is always full (Linux)");
        Path out = Files.createSymbolicLink(temp.resolve("full.svg"), full);
        Object[] r = run("render", temp.resolve("model.gltf").toString(), "-o", out.toString());
        assertThat(r[0]).isEqualTo(1);
        assertThat(((String) r[2]).split("\\R")).containsExactly("arbor: render: cannot write " + out
                + ": no space left on device", "try 'arbor render --help'");
    }

    @Test
    void viewNamesAreCaseInsensitiveAndTheTimeNeedsNoAnimationWhenNotGiven() {
        Path png = temp.resolve("iso.png");
        Object[] r = run("render", temp.resolve("model.gltf").toString(), "--view", "ISO", "--size", "64", "-o",
                png.toString());
        assertThat(r[0]).as("stderr: %s", r[2]).isEqualTo(0);
        assertThat((String) r[2]).isEmpty();
        assertThat((String) r[1]).contains("view iso");
        assertThat(png).isRegularFile();
        Object[] posed = run("dump", temp.resolve("model.gltf").toString(), "--animation", "Walk", "--time", "-1");
        assertThat(posed[0]).as("stderr: %s", posed[2]).isEqualTo(0);
        assertThat((String) posed[1]).contains("animation 0 \"Walk\" at t=-1.0");
    }

    @Test
    void theVersionIsTheBuildsInEveryCommand() {
        for (String[] args : new String[][] {{"--version"}, {"render", "--version"}, {"demo", "-V"}}) {
            Object[] r = run(args);
            assertThat(r[0]).isEqualTo(0);
            assertThat((String) r[1]).matches("arbor \\d+\\.\\d+\\.\\d+\\S*\\R");
            assertThat((String) r[2]).isEmpty();
        }
    }

    @Test
    void helpIsOnStandardOutputWithExitCodeZero() {
        Object[] r = run("render", "--help");
        assertThat(r[0]).isEqualTo(0);
        assertThat((String) r[1]).startsWith("Usage: arbor render").contains("in any case");
        assertThat((String) r[2]).isEmpty();
    }
}
