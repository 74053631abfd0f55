package dev.arbor.bench.cold;

import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.peers.Workload;
import dev.arbor.bench.workloads.Fixture;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfAccessor;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfMesh;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.gltf.GltfVertexData;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * What one fresh JVM of {@link ColdStartMain} runs; it prints its measurements to standard output only after the
 * timed part, as lines {@link ColdStartMain} reads back ({@link ForkOutput}):
 *
 * <pre>
 * info KEY VALUE          e.g. info build_ms 41.2, info kernel vector (16 float lanes, …)
 * frame I NANOS BYTES     frame I (0 = the first) took NANOS and allocated BYTES on this thread
 * read I NANOS BYTES      the I-th Gltf.read (1 = the first) of the file
 * </pre>
 *
 * <p>{@code frames SCENE IMPL LAST [no-gate]}: generates the scene, builds the implementation and passes it through
 * the correctness gate ({@link Fixture}, all-dirty workload; not with {@code no-gate}), then runs frames 0 to
 * {@code LAST}, each the bench's all-dirty frame (every rotation of one of two animation frames through the
 * implementation's bulk setter, then update). {@code gltf FILE READS}: reads the file {@code READS} times with
 * {@link Gltf#read(Path)}; {@code gltf-all FILE READS}: the same, each read followed by {@link #readEverything};
 * {@code gltf-gpu FILE READS}: each read followed by {@link #readForGpu}.
 * {@code heap FILE}: reads the file once and prints the peak heap of the read ({@code info peak_heap_bytes}: the
 * largest of the heap's used bytes at each collection during the read and at its end, from the GC notifications of
 * the memory pools; {@code info pool_peaks_bytes}: the sum of each heap pool's own peak, an upper bound). Byte
 * counts come from {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}, -1 where the JVM does not
 * count.
 */
public final class ColdChild {
    /** Exit code for bad arguments. */
    static final int USAGE = 2;
    /** The last argument of {@code frames} that leaves the correctness gate out. */
    static final String NO_GATE = "no-gate";
    /** The mode that reads everything a renderer takes after each read, the attributes decoded to floats. */
    static final String GLTF_ALL = "gltf-all";
    /** The mode that reads everything a GPU renderer takes after each read, the vertex data ready to upload. */
    static final String GLTF_GPU = "gltf-gpu";
    /** The mode that measures the peak heap of one read. */
    static final String HEAP = "heap";

    private ColdChild() {
    }

    /**
     * Entry point of a fresh JVM.
     *
     * @param args {@code frames SCENE IMPL LAST} or {@code gltf FILE READS}
     * @throws IOException if the glTF file cannot be read
     */
    public static void main(String[] args) throws IOException {
        if ((args.length == 4 || args.length == 5 && args[4].equals(NO_GATE)) && args[0].equals("frames")) {
            frames(args[1], Implementation.byId(args[2]), Integer.parseInt(args[3]), args.length == 4, System.out);
        } else if (args.length == 3 && (args[0].equals("gltf") || args[0].equals(GLTF_ALL)
                || args[0].equals(GLTF_GPU))) {
            reads(Path.of(args[1]), Integer.parseInt(args[2]), args[0], System.out);
        } else if (args.length == 2 && args[0].equals(HEAP)) {
            PeakHeap.measure(Path.of(args[1]), System.out);
        } else {
            System.err.println("usage: ColdChild frames SCENE IMPL LAST [" + NO_GATE + "] | gltf FILE READS"
                    + " | " + GLTF_ALL + " FILE READS | " + GLTF_GPU + " FILE READS | " + HEAP + " FILE");
            System.exit(USAGE);
        }
    }

    private static void frames(String sceneName, Implementation impl, int last, boolean gate, PrintStream out) {
        Allocation allocation = new Allocation();
        long uptimeAtStart = ManagementFactory.getRuntimeMXBean().getUptime();
        long t0 = System.nanoTime();
        Scene scene = Scenes.byName(sceneName);
        long t1 = System.nanoTime();
        Runnable frame = gate ? Fixture.create(scene, impl.create(), Workload.ALL_DIRTY)::allDirty
                : ungatedFrame(scene, impl.create());
        long t2 = System.nanoTime();
        long[] nanos = new long[last + 1];
        long[] bytes = new long[last + 1];
        for (int f = 0; f <= last; f++) {
            long b = allocation.bytes();
            long t = System.nanoTime();
            frame.run();
            nanos[f] = System.nanoTime() - t;
            bytes[f] = allocation.difference(b);
        }
        info(out, "uptime_ms", uptimeAtStart);
        info(out, "scene_ms", millis(t1 - t0));
        info(out, "build_ms", millis(t2 - t1));
        info(out, "nodes", scene.size());
        if (impl == Implementation.ARBOR) {
            info(out, "kernel", Hierarchy.kernelDescription());
        }
        for (int f = 0; f <= last; f++) {
            out.println("frame " + f + " " + nanos[f] + " " + bytes[f]);
        }
        out.flush();
    }

    /**
     * The all-dirty frame without the correctness gate before it, so that the first frame is the first bulk set and
     * the second update after the build (the build's own is the first).
     */
    private static Runnable ungatedFrame(Scene scene, TransformSystem system) {
        system.build(scene);
        int size = scene.size();
        int[] nodes = new int[size];
        Arrays.setAll(nodes, i -> i);
        float[][] rotations = Fixture.twoFrames(scene, nodes, size);
        int[] tick = {0};
        return () -> {
            system.setLocalRotations(nodes, size, rotations[tick[0]++ & 1]);
            system.update();
        };
    }

    private static void reads(Path file, int count, String mode, PrintStream out) throws IOException {
        boolean everything = !mode.equals("gltf");
        Allocation allocation = new Allocation();
        long uptimeAtStart = ManagementFactory.getRuntimeMXBean().getUptime();
        long[] nanos = new long[count];
        long[] bytes = new long[count];
        GltfModel model = null;
        long values = 0;
        for (int r = 0; r < count; r++) {
            long b = allocation.bytes();
            long t = System.nanoTime();
            model = Gltf.read(file);
            if (mode.equals(GLTF_ALL)) {
                values += readEverything(model);
            } else if (mode.equals(GLTF_GPU)) {
                values += readForGpu(model);
            }
            nanos[r] = System.nanoTime() - t;
            bytes[r] = allocation.difference(b);
        }
        info(out, "uptime_ms", uptimeAtStart);
        if (model != null) {
            info(out, "nodes", model.nodeCount());
            info(out, "skins", model.skinCount());
            info(out, "animations", model.animationCount());
        }
        if (everything) {
            info(out, "values", values / count);
        }
        info(out, "kernel", Hierarchy.kernelDescription());
        for (int r = 0; r < count; r++) {
            out.println("read " + (r + 1) + " " + nanos[r] + " " + bytes[r]);
        }
        out.flush();
    }

    /**
     * Everything a renderer takes from a model, as three.js's {@code GLTFLoader} builds it: every attribute and morph
     * target of every primitive decoded to floats, the indices as ints, every material, texture, sampler and image
     * declaration, camera and light. Images are not decoded (three.js's side of the benchmark does not decode them).
     *
     * @param model the model
     * @return the number of values decoded, so that nothing is left unused
     * @throws GltfException if a part is malformed
     */
    static long readEverything(GltfModel model) throws GltfException {
        return readMaterials(model) + readMeshes(model, false);
    }

    /**
     * Everything a GPU renderer takes from a model: each primitive's vertex data ready to upload, one buffer per
     * attribute with its layout ({@link GltfPrimitive#vertexData}), its index buffer in its own type, each morph
     * target's accessors' bytes, and the materials, textures, samplers, image declarations, cameras and lights as
     * {@link #readEverything} reads them.
     *
     * @param model the model
     * @return the number of bytes handed out and of other values read, so that nothing is left unused
     * @throws GltfException if a part is malformed
     */
    static long readForGpu(GltfModel model) throws GltfException {
        return readMaterials(model) + readMeshes(model, true);
    }

    /**
     * Every primitive's attributes, indices and morph targets: decoded to floats and ints, or ({@code forGpu}) as
     * the byte buffers a renderer uploads. A flag rather than a callback: the first lambda of a fresh JVM would cost
     * the timed read milliseconds.
     *
     * @return the number of values decoded, or of bytes handed out
     */
    private static long readMeshes(GltfModel model, boolean forGpu) throws GltfException {
        long values = 0;
        for (int m = 0; m < model.meshCount(); m++) {
            GltfMesh mesh = model.readMesh(m);
            for (int p = 0; p < mesh.primitiveCount(); p++) {
                GltfPrimitive prim = mesh.primitive(p);
                if (prim.skipped() != null) {
                    continue;
                }
                if (forGpu) {
                    GltfVertexData vertices = prim.vertexData(false);
                    for (int b = 0; b < vertices.bufferCount(); b++) {
                        values += vertices.buffer(b).remaining();
                    }
                    java.nio.ByteBuffer indices = prim.indexBuffer();
                    values += indices == null ? 0 : indices.remaining();
                } else {
                    for (GltfAccessor a : prim.attributes().values()) {
                        values += a.floats().length;
                    }
                    int[] indices = prim.indexArray();
                    values += indices == null ? 0 : indices.length;
                }
                for (int t = 0; t < prim.targetCount(); t++) {
                    for (GltfAccessor a : prim.target(t).values()) {
                        values += !forGpu ? a.floats().length
                                : a.sliceable() ? a.bufferSlice().remaining() : a.bytes().remaining();
                    }
                }
            }
        }
        return values;
    }

    /** The materials, textures, samplers, image declarations, cameras and lights, as three.js's loader makes them. */
    private static long readMaterials(GltfModel model) throws GltfException {
        long values = 0;
        for (int i = 0; i < model.materialCount(); i++) {
            values += model.material(i).baseColorFactor().length;
        }
        for (int i = 0; i < model.textureCount(); i++) {
            values += model.texture(i).source() >= 0 ? 1 : 0;
        }
        for (int i = 0; i < model.samplerCount(); i++) {
            values += model.sampler(i).wrapS() > 0 ? 1 : 0;
        }
        for (int i = 0; i < model.imageCount(); i++) {
            values += model.image(i).bufferView() >= 0 ? 1 : 0;
        }
        for (int i = 0; i < model.cameraCount(); i++) {
            values += model.camera(i) != null ? 1 : 0;
        }
        for (int i = 0; i < model.lightCount(); i++) {
            values += model.light(i) != null ? 1 : 0;
        }
        return values;
    }

    private static void info(PrintStream out, String key, Object value) {
        out.println("info " + key + " " + value);
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    /** Bytes allocated by the current thread, or -1 throughout where the JVM does not count them. */
    private static final class Allocation {
        private final com.sun.management.ThreadMXBean threads;

        Allocation() {
            java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
            threads = bean instanceof com.sun.management.ThreadMXBean && ((com.sun.management.ThreadMXBean) bean)
                    .isThreadAllocatedMemoryEnabled() ? (com.sun.management.ThreadMXBean) bean : null;
            bytes(); // the first call may initialise the counter
        }

        long bytes() {
            return threads == null ? -1 : threads.getCurrentThreadAllocatedBytes();
        }

        long difference(long before) {
            return threads == null ? -1 : bytes() - before;
        }
    }
}
