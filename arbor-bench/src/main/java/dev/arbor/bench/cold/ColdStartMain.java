package dev.arbor.bench.cold;

import dev.arbor.scenes.Scenes;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The cold-start benchmark: Arbor and its peers in fresh JVMs, frame by frame from the first frame, and the first
 * {@code Gltf.read} of a file in a fresh JVM beside three.js's first parse in a fresh Node process. Every
 * measurement comes from a new process ({@link ColdChild}, started with the same {@code java} or {@code --java} and the
 * same class path), {@code --forks} of them per configuration, the configurations taking turns fork by fork so that a
 * drift of the machine's speed spreads over all of them. Not a JMH benchmark: the point is what JMH's warm-up hides.
 * {@code --help} lists the options; {@code docs/lab/cold-start.md} has the figures.
 */
@Command(name = "ColdStartMain", mixinStandardHelpOptions = true, sortOptions = false,
        version = "ColdStartMain 0.1.0",
        description = {"Times the first frames of Arbor and its peers, and the first glTF read, in fresh JVMs.",
            "Frames mode (default): each fresh JVM builds the scene, passes the correctness gate, then runs frames 0"
                + " to --frames, each setting every node's rotation through the implementation's bulk setter and"
                + " updating (FrameBench's all-dirty frame); it reports each frame's time and the bytes its thread"
                + " allocated. glTF mode (--gltf): each fresh JVM reads the file --reads times with Gltf.read."})
public final class ColdStartMain implements Callable<Integer> {
    /** Exit code: done. */
    public static final int OK = 0;
    /** Exit code: a fresh process failed. */
    public static final int FAILED = 1;
    /** Exit code: bad arguments. */
    public static final int USAGE = 2;
    /** The {@code --gltf} value that stands for {@link SkinnedCrowdGlb}'s default model. */
    public static final String GENERATED = "generated";
    /** The {@code --gltf} value that stands for {@link TexturedGridGlb}'s default model (about 4 MB, textured). */
    public static final String TEXTURED = "textured";
    /** Default node-script folders tried, relative to the working directory (repository root or module). */
    private static final List<String> NODE_DIRS = List.of("arbor-bench/src/main/node", "src/main/node");

    @Option(names = "--forks", order = 1, paramLabel = "N", defaultValue = "10",
            description = "Fresh processes per configuration (default ${DEFAULT-VALUE}).")
    int forks;

    @Option(names = "--frames", order = 2, paramLabel = "LAST", defaultValue = "100",
            description = {"Run frames 0 to LAST (default ${DEFAULT-VALUE}). With 1100 or more the report adds the"
                + " steady state, the last 100 frames (1000-1100 with 1100)."})
    int frames;

    @Option(names = "--scenes", order = 3, split = ",", paramLabel = "NAME", defaultValue = "seed-6000,crowd",
            description = "Scenes (default ${DEFAULT-VALUE}; any of arbor-scenes' names).")
    List<String> scenes;

    @Option(names = "--impls", order = 4, split = ",", paramLabel = "ID",
            description = {"Implementations: arbor (vector module), arbor-scalar (without it), jme, gdx, joml-tree"
                + " (default all; with --gltf arbor,arbor-scalar, the only ones allowed there)."})
    List<String> impls;

    @Option(names = "--no-gate", order = 5, description = {"Frames mode: leave out the correctness gate, so that"
                + " frame 0 is the first bulk set after the build (the gate poses and updates once more, and reads"
                + " every world matrix)."})
    boolean noGate;

    @Option(names = "--gltf", order = 6, paramLabel = "FILE",
            description = {"glTF mode: time Gltf.read of FILE (repeatable). '" + GENERATED + "' = a skinned"
                + " model of 1,000 nodes written by SkinnedCrowdGlb into a temporary folder; '" + TEXTURED + "' = a"
                + " textured grid of about 4 MB written by TexturedGridGlb."})
    List<String> gltf;

    @Option(names = "--gltf-all", order = 7,
            description = {"glTF mode: also time, in separate fresh JVMs, the read followed by everything a renderer"
                + " takes from the file: every attribute and morph target of every primitive decoded to floats, the"
                + " indices, every material, texture, sampler, image declaration, camera and light (images are not"
                + " decoded, as three.js's side does not decode them either). Reported as 'arbor all'."})
    boolean gltfAll;

    @Option(names = "--gltf-gpu", order = 8,
            description = {"glTF mode: also time, in separate fresh JVMs, the read followed by everything a GPU"
                + " renderer takes: every primitive's vertex data ready to upload (GltfPrimitive.vertexData, a"
                + " buffer per attribute with its layout), its index buffer, each morph target's bytes, and the"
                + " materials, textures, samplers, images, cameras and lights as with --gltf-all. Reported as"
                + " 'arbor gpu'."})
    boolean gltfGpu;

    @Option(names = "--reads", order = 9, paramLabel = "N", defaultValue = "10",
            description = "glTF mode: reads per fresh process; the report shows the 1st, 2nd and last"
                + " (default ${DEFAULT-VALUE}).")
    int reads;

    @Option(names = "--threejs", order = 9,
            description = {"glTF mode: also parse each file with three.js's GLTFLoader in fresh Node processes"
                + " (npm ci once into --cache)."})
    boolean threejs;

    @Option(names = "--java", order = 10, paramLabel = "PATH",
            description = "The java of the fresh JVMs (default: the one running this).")
    String java;

    @Option(names = "--markdown", order = 11, description = "Print the tables as Markdown.")
    boolean markdown;

    @Option(names = "--csv", order = 12, paramLabel = "FILE",
            description = "Also write every fork's raw figures: config,fork,index,nanos,bytes.")
    Path csv;

    @Option(names = "--node-dir", order = 13, paramLabel = "DIR",
            description = {"Folder of the three.js script and its package files (default: the first of "
                + "arbor-bench/src/main/node, src/main/node that exists)."})
    Path nodeDir;

    @Option(names = "--cache", order = 14, paramLabel = "DIR",
            description = "Where npm installs three.js (default: target/cold-start/threejs beside --node-dir's src).")
    Path cache;

    private final PrintStream out;
    private final PrintStream err;
    private final List<String> rawRows = new ArrayList<>();
    private final List<ColdImpl> printedKernels = new ArrayList<>();

    private ColdStartMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * One configuration of a run: an implementation on a scene (frames mode) or on a file (glTF mode; then
     * {@code impl} is null for three.js).
     *
     * @param impl the implementation, null for three.js
     * @param subject a scene name or a file
     */
    record Config(ColdImpl impl, String subject, String mode) {
        Config(ColdImpl impl, String subject) {
            this(impl, subject, "gltf");
        }

        /** @return the reader's name: the implementation's id, with " all" or " gpu" when it reads more */
        String reader() {
            return (impl == null ? "three.js" : impl.id()) + (mode.equals(ColdChild.GLTF_ALL) ? " all"
                    : mode.equals(ColdChild.GLTF_GPU) ? " gpu" : "");
        }

        String label() {
            return reader() + " " + subject;
        }
    }

    /**
     * Command-line entry point; exits with {@link #run}'s code.
     *
     * @param args see {@code --help}
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the benchmark.
     *
     * @param args see {@code --help}
     * @param out the report (and help)
     * @param err progress and errors
     * @return {@link #OK}, {@link #FAILED} or {@link #USAGE}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        ColdStartMain main = new ColdStartMain(out, err);
        CommandLine command = new CommandLine(main);
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        command.setParameterExceptionHandler((e, a) -> main.usage(e.getMessage()));
        command.setExecutionExceptionHandler((e, c, p) -> {
            err.println("ColdStartMain: " + e.getMessage());
            return FAILED;
        });
        return command.execute(args);
    }

    /**
     * Parses and checks arguments without running anything (for tests).
     *
     * @param args see {@code --help}
     * @return the configured program
     * @throws IllegalArgumentException on a bad argument, with the message {@link #run} prints
     */
    static ColdStartMain parse(String... args) {
        ColdStartMain main = new ColdStartMain(System.out, System.err);
        try {
            new CommandLine(main).parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        main.check();
        return main;
    }

    private int usage(String message) {
        err.println("ColdStartMain: " + message);
        err.println("try 'ColdStartMain --help'");
        return USAGE;
    }

    /** @throws IllegalArgumentException naming the first bad argument */
    void check() {
        if (forks < 1) {
            throw new IllegalArgumentException("--forks must be 1 or more: " + forks);
        }
        if (frames < 1) {
            throw new IllegalArgumentException("--frames must be 1 or more: " + frames);
        }
        if (reads < 1) {
            throw new IllegalArgumentException("--reads must be 1 or more: " + reads);
        }
        for (String scene : scenes) {
            if (!Scenes.NAMES.contains(scene)) {
                throw new IllegalArgumentException("unknown scene '" + scene + "' in --scenes: known are "
                        + String.join(",", Scenes.NAMES));
            }
        }
        for (ColdImpl impl : implementations()) {
            if (gltf != null && !impl.isArbor()) {
                throw new IllegalArgumentException("--gltf times Arbor's reader only: remove '" + impl.id()
                        + "' from --impls (three.js comes with --threejs)");
            }
        }
        if (noGate && gltf != null) {
            throw new IllegalArgumentException("--no-gate is for frames mode, not with --gltf");
        }
        if ((gltfAll || gltfGpu) && gltf == null) {
            throw new IllegalArgumentException((gltfAll ? "--gltf-all" : "--gltf-gpu") + " needs --gltf FILE");
        }
        if (threejs && gltf == null) {
            throw new IllegalArgumentException("--threejs needs --gltf FILE");
        }
    }

    /** @return the selected implementations, in the order given */
    List<ColdImpl> implementations() {
        List<String> ids = impls != null ? impls : gltf != null ? List.of("arbor", "arbor-scalar") : ColdImpl.ids();
        List<ColdImpl> result = new ArrayList<>();
        for (String id : ids) {
            result.add(ColdImpl.byId(id));
        }
        return result;
    }

    /** @return the configurations of frames mode, implementation-major */
    List<Config> frameConfigs() {
        List<Config> configs = new ArrayList<>();
        for (ColdImpl impl : implementations()) {
            for (String scene : scenes) {
                configs.add(new Config(impl, scene));
            }
        }
        return configs;
    }

    @Override
    public Integer call() throws IOException {
        try {
            check();
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        out.println("# " + environment());
        if (gltf == null) {
            runFrames();
        } else {
            runGltf();
        }
        if (csv != null) {
            Files.write(csv, rawRows);
        }
        return OK;
    }

    private String environment() {
        return "JDK " + Runtime.version() + " (" + javaCommand() + "), " + Runtime.getRuntime().availableProcessors()
                + " processors, " + forks + " fresh processes per configuration"
                + (gltf == null ? ", frames 0-" + frames + (noGate ? ", no correctness gate" : "")
                : ", " + reads + " reads each");
    }

    private String javaCommand() {
        return java != null ? java : Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private void runFrames() throws IOException {
        Map<Config, List<ForkOutput>> results = runForks(frameConfigs(), config -> childCommand(config.impl(),
                "frames", config.subject(), config.impl().implementation().id(), Integer.toString(frames),
                noGate ? ColdChild.NO_GATE : ""), null);
        boolean steady = frames >= FrameFigures.STEADY_LAST;
        String early = "1-" + Math.min(frames, FrameFigures.EARLY_LAST);
        String late = FrameFigures.WORST_FROM + "-" + Math.min(frames, FrameFigures.EARLY_LAST);
        List<String> header = new ArrayList<>(List.of("implementation", "scene", "build ms", "frame 0 ms",
                "frames " + early + " ms", "worst of " + late + " ms", "of " + early + " > 16.6 ms",
                "alloc " + early + " MB", "JVM wall ms"));
        if (steady) {
            header.addAll(List.of("steady ms/frame", "steady B/frame"));
        }
        ReportTable table = new ReportTable(header);
        for (Map.Entry<Config, List<ForkOutput>> entry : results.entrySet()) {
            List<ForkOutput> outputs = entry.getValue();
            List<FrameFigures> figures = new ArrayList<>();
            for (ForkOutput o : outputs) {
                figures.add(FrameFigures.of(o.nanos(), o.bytes()));
            }
            List<String> row = new ArrayList<>(List.of(entry.getKey().impl().id(), entry.getKey().subject(),
                    spread(outputs, o -> o.number("build_ms")), spread(figures, FrameFigures::firstMillis),
                    spread(figures, FrameFigures::earlyMillis), spread(figures, FrameFigures::worstMillis),
                    spread(figures, FrameFigures::overBudget), spread(figures, FrameFigures::earlyMegabytes),
                    spread(outputs, ForkOutput::wallMillis)));
            if (steady) {
                row.add(spread(figures, FrameFigures::steadyMillis));
                row.add(spread(figures, FrameFigures::steadyBytes));
            }
            table.add(row);
            printKernel(entry.getKey(), outputs);
        }
        table.print(out, markdown);
        out.println(cellNote() + " Build: scene already generated; the implementation built" + (noGate ? ""
                : " and passed through the correctness gate") + ". Frames " + early + " together; the worst frame after the first three; frames"
                + " over a 60 Hz budget; bytes the frame's thread allocated (10^6 B = 1 MB). JVM wall: process start"
                + " to exit." + (steady ? " Steady: mean of frames " + (frames - FrameFigures.STEADY_FRAMES) + "-"
                + frames + "." : ""));
    }

    private void runGltf() throws IOException {
        Path generatedDir = null;
        List<Path> files = new ArrayList<>();
        for (String name : gltf) {
            if (name.equals(GENERATED)) {
                if (generatedDir == null) {
                    generatedDir = Files.createTempDirectory("arbor-cold-start");
                }
                Path file = SkinnedCrowdGlb.write(generatedDir.resolve("skinned-crowd-1000.glb"),
                        SkinnedCrowdGlb.CHARACTERS, SkinnedCrowdGlb.JOINTS);
                err.println("# generated " + file + " (" + Files.size(file) + " bytes)");
                files.add(file);
            } else if (name.equals(TEXTURED)) {
                if (generatedDir == null) {
                    generatedDir = Files.createTempDirectory("arbor-cold-start");
                }
                Path file = TexturedGridGlb.write(generatedDir.resolve("textured-grid.glb"), TexturedGridGlb.GRID,
                        TexturedGridGlb.TEXTURE);
                err.println("# generated " + file + " (" + Files.size(file) + " bytes)");
                files.add(file);
            } else {
                Path file = Path.of(name);
                if (!Files.isRegularFile(file)) {
                    throw new IOException("no such file: " + file);
                }
                files.add(file);
            }
        }
        try {
            ThreeJs three = threejs ? ThreeJs.prepare(nodeDirectory(), cacheDirectory()) : null;
            List<Config> configs = new ArrayList<>();
            for (Path file : files) {
                for (ColdImpl impl : implementations()) {
                    configs.add(new Config(impl, file.toString()));
                    if (gltfAll) {
                        configs.add(new Config(impl, file.toString(), ColdChild.GLTF_ALL));
                    }
                    if (gltfGpu) {
                        configs.add(new Config(impl, file.toString(), ColdChild.GLTF_GPU));
                    }
                }
                if (three != null) {
                    configs.add(new Config(null, file.toString()));
                }
            }
            Map<Config, List<ForkOutput>> results = runForks(configs, config -> childCommand(config.impl(),
                    config.mode(),
                    Path.of(config.subject()).toAbsolutePath().toString(), Integer.toString(reads)), three);
            printGltf(results);
        } finally {
            if (generatedDir != null) {
                deleteTree(generatedDir);
            }
        }
    }

    private void printGltf(Map<Config, List<ForkOutput>> results) {
        ReportTable table = new ReportTable(List.of("reader", "file", "nodes", "read 1 ms", "read 2 ms",
                "read " + reads + " ms", "read 1 alloc MB", "file read ms", "start-up ms", "process wall ms"));
        Map<String, Double> arborFirst = new LinkedHashMap<>();
        Map<String, Double> arborAllFirst = new LinkedHashMap<>();
        Map<String, Double> arborGpuFirst = new LinkedHashMap<>();
        Map<String, Double> threeFirst = new LinkedHashMap<>();
        Map<String, Double> threeFile = new LinkedHashMap<>();
        for (Map.Entry<Config, List<ForkOutput>> entry : results.entrySet()) {
            Config config = entry.getKey();
            List<ForkOutput> outputs = entry.getValue();
            boolean three = config.impl() == null;
            String file = Path.of(config.subject()).getFileName().toString();
            table.add(List.of(three ? "three.js " + outputs.get(0).info().getOrDefault("three", "") : config.reader(),
                    file, outputs.get(0).info().getOrDefault("nodes", "?"),
                    spread(outputs, o -> o.nanos()[0] / 1e6),
                    spread(outputs, o -> o.nanos().length > 1 ? o.nanos()[1] / 1e6 : Double.NaN),
                    spread(outputs, o -> o.nanos().length > 2 ? o.nanos()[o.nanos().length - 1] / 1e6 : Double.NaN),
                    spread(outputs, o -> o.bytes()[0] < 0 ? Double.NaN : o.bytes()[0] / 1e6),
                    spread(outputs, o -> three ? o.number("file_ms") : Double.NaN),
                    spread(outputs, o -> three ? o.number("import_ms") : o.number("uptime_ms")),
                    spread(outputs, ForkOutput::wallMillis)));
            double first = median(outputs, o -> o.nanos()[0] / 1e6);
            if (three) {
                threeFirst.put(file, first);
                threeFile.put(file, median(outputs, o -> o.number("file_ms")));
            } else if (config.impl() == ColdImpl.ARBOR) {
                (config.mode().equals(ColdChild.GLTF_ALL) ? arborAllFirst
                        : config.mode().equals(ColdChild.GLTF_GPU) ? arborGpuFirst : arborFirst).put(file, first);
            }
            if (!three) {
                printKernel(config, outputs);
            }
        }
        table.print(out, markdown);
        out.println(cellNote() + " Read 1: Gltf.read(Path) in a fresh JVM (three.js: GLTFLoader.parse of the"
                + " file's bytes, to its onLoad). Start-up: JVM uptime at the first read (three.js: loading its"
                + " modules). File read: three.js's readFileSync of the file, before and outside its timed parse"
                + " (Arbor's read 1 includes reading the file). Process wall: start to exit, as the parent saw it."
                + (gltfAll ? " 'arbor all': the"
                + " read and everything a renderer takes (every attribute decoded, indices, materials, textures)."
                : "")
                + (gltfGpu ? " 'arbor gpu': the read and everything a GPU renderer takes (every primitive's vertex"
                + " and index buffers ready to upload, morph targets, materials, textures)." : ""));
        printRatios(arborFirst, threeFirst, threeFile, "first read");
        printRatios(arborAllFirst, threeFirst, threeFile, "first read of everything");
        printRatios(arborGpuFirst, threeFirst, threeFile, "first read of everything for a GPU");
    }

    private void printRatios(Map<String, Double> arbor, Map<String, Double> threeFirst, Map<String, Double> threeFile,
                             String what) {
        for (Map.Entry<String, Double> e : arbor.entrySet()) {
            Double three = threeFirst.get(e.getKey());
            if (three != null) {
                double withFile = three + threeFile.get(e.getKey());
                out.println(String.format(Locale.ROOT, "%s: arbor's %s %s ms / three.js's first parse %s ms"
                        + " = %.1fx (target <= 2x); / its file read and first parse %s ms = %.1fx", e.getKey(), what,
                        Spread.number(e.getValue()), Spread.number(three), e.getValue() / three,
                        Spread.number(withFile), e.getValue() / withFile));
            }
        }
    }

    private String cellNote() {
        return "Cells: median [min-max] over " + forks + " fresh processes.";
    }

    private void printKernel(Config config, List<ForkOutput> outputs) {
        String kernel = outputs.get(0).info().get("kernel");
        if (kernel != null && config.impl() != null && config.impl().isArbor() && !printedKernels.contains(
                config.impl())) {
            printedKernels.add(config.impl());
            out.println("# " + config.impl().id() + " kernel: " + kernel);
        }
    }

    /** How a configuration's fresh JVM is started. */
    private interface CommandOf {
        List<String> command(Config config);
    }

    /**
     * Runs every configuration {@link #forks} times, the configurations taking turns; three.js's configurations (null
     * implementation) through {@code three}.
     */
    private Map<Config, List<ForkOutput>> runForks(List<Config> configs, CommandOf commands, ThreeJs three)
            throws IOException {
        Map<Config, List<ForkOutput>> results = new LinkedHashMap<>();
        for (Config config : configs) {
            results.put(config, new ArrayList<>());
        }
        for (int fork = 1; fork <= forks; fork++) {
            for (Config config : configs) {
                ForkOutput output = config.impl() == null ? three.run(Path.of(config.subject()), reads)
                        : FreshProcess.run(commands.command(config), null);
                results.get(config).add(output);
                err.println(String.format(Locale.ROOT, "# fork %d/%d %s: %.0f ms", fork, forks, config.label(),
                        output.wallMillis()));
                for (int i = 0; i < output.nanos().length; i++) {
                    rawRows.add(config.label().replace(' ', '/') + "," + fork + "," + i + "," + output.nanos()[i]
                            + "," + output.bytes()[i]);
                }
            }
        }
        return results;
    }

    private List<String> childCommand(ColdImpl impl, String... args) {
        List<String> command = new ArrayList<>();
        command.add(javaCommand());
        command.addAll(impl.jvmOptions());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ColdChild.class.getName());
        for (String arg : args) {
            if (!arg.isEmpty()) {
                command.add(arg);
            }
        }
        return command;
    }

    private Path nodeDirectory() throws IOException {
        if (nodeDir != null) {
            return nodeDir;
        }
        for (String candidate : NODE_DIRS) {
            Path dir = Path.of(candidate);
            if (Files.isRegularFile(dir.resolve(ThreeJs.SCRIPT))) {
                return dir;
            }
        }
        throw new IOException("cannot find the three.js script (" + ThreeJs.SCRIPT + ") under "
                + String.join(" or ", NODE_DIRS) + ": run from the repository root or give --node-dir");
    }

    private Path cacheDirectory() throws IOException {
        if (cache != null) {
            return cache;
        }
        // <module>/src/main/node -> <module>/target/cold-start/threejs
        Path module = nodeDirectory().toAbsolutePath().normalize().getParent().getParent().getParent();
        return module.resolve("target").resolve("cold-start").resolve("threejs");
    }

    private static <T> String spread(List<T> values, ToDoubleFunction<T> figure) {
        return Spread.of(values.stream().mapToDouble(figure).toArray()).format();
    }

    private static <T> double median(List<T> values, ToDoubleFunction<T> figure) {
        return Spread.of(values.stream().mapToDouble(figure).toArray()).median();
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("# could not delete " + dir + ": " + e.getMessage());
        }
    }
}
