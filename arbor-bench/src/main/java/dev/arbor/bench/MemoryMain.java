package dev.arbor.bench;

import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Measures the retained heap of each implementation per scene node: heap used after repeated {@code System.gc()}
 * before and after building the implementation from an already generated scene (the scene's own arrays are not
 * counted), {@link #REPEATS} times, median. Heap-only: off-heap buffers would not show (none of the implementations
 * uses any). Run with the parallel collector and a fixed heap, e.g. {@code -XX:+UseParallelGC -Xms6g -Xmx6g}: under G1, arrays larger than half a region are "humongous" and counted in whole regions, which inflates flat-array implementations on 100k-node scenes by about a third.
 *
 * <p>Usage: {@code MemoryMain [--scenes a,b] [--impls a,b] [--format table|csv]}; default scenes {@code seed-6000}
 * and {@code game-100k}.
 */
public final class MemoryMain {
    /** Builds measured per implementation and scene. */
    public static final int REPEATS = 5;

    private MemoryMain() {
    }

    /**
     * Command-line entry point.
     *
     * @param args see the class comment
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /**
     * Measures and prints bytes per node.
     *
     * @param args see the class comment
     * @param out destination of the table
     * @return 0 on success, 2 on bad arguments
     */
    public static int run(String[] args, PrintStream out) {
        List<String> scenes = List.of("seed-6000", "game-100k");
        List<Implementation> impls = Arrays.asList(Implementation.values());
        boolean csv = false;
        try {
            for (int i = 0; i < args.length; i++) {
                String next = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--scenes": scenes = Arrays.asList(CommandLine.valueOf(next, args[i]).split(",")); i++; break;
                    case "--impls": impls = CommandLine.implementations(next, args[i]); i++; break;
                    case "--format": csv = "csv".equals(CommandLine.valueOf(next, args[i])); i++; break;
                    default: throw new IllegalArgumentException("unknown option: " + args[i]);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: MemoryMain [--scenes a,b] [--impls a,b] [--format table|csv]");
            return 2;
        }
        out.println(csv ? "scene,implementation,bytes_per_node" : String.format(Locale.ROOT, "%-10s %-15s %14s",
                "scene", "implementation", "bytes/node"));
        for (String name : scenes) {
            Scene scene = Scenes.byName(name);
            for (Implementation impl : impls) {
                double perNode = bytesPerNode(impl, scene);
                out.println(csv ? name + "," + impl.id() + "," + String.format(Locale.ROOT, "%.1f", perNode)
                        : String.format(Locale.ROOT, "%-10s %-15s %14.1f", name, impl.id(), perNode));
            }
        }
        return 0;
    }

    /**
     * Median over {@link #REPEATS} builds of the heap growth caused by building {@code impl} from {@code scene},
     * divided by the node count.
     *
     * @param impl the implementation
     * @param scene the scene
     * @return bytes per node
     */
    public static double bytesPerNode(Implementation impl, Scene scene) {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long[] growth = new long[REPEATS];
        for (int r = 0; r < REPEATS; r++) {
            long before = settledHeapUsed(memory);
            TransformSystem system = impl.create();
            system.build(scene);
            long after = settledHeapUsed(memory);
            growth[r] = after - before;
            if (system.size() != scene.size()) {
                throw new IllegalStateException("size mismatch: implementation=" + impl.id());
            }
        }
        Arrays.sort(growth);
        return growth[REPEATS / 2] / (double) scene.size();
    }

    private static long settledHeapUsed(MemoryMXBean memory) {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
