package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mutation fuzzing of real files: the sample models and the valid corpus documents, mutated at the byte
 * level (flips, truncation, hostile 32-bit integers in GLB headers and chunks) and at the JSON level (numbers
 * replaced by hostile values, keys deleted, values swapped for the wrong type, arrays grown). The contract checked
 * for every case: reading gives a model or a {@link GltfException} naming a location — never another throwable,
 * never an OutOfMemoryError (the module's tests run in a 256 MiB heap), never a hang (each case must finish
 * within {@link #MAX_CASE_MILLIS}). A model that loads must also instantiate, animate, update and export (and the export
 * read back) without error.
 *
 * <p>The renderer-side files (sample models with textures, morph targets, cameras; the hand-made renderer file; the
 * primitive-mode files) are mutated the same way, and every part of the renderer content of those that load is read
 * (attributes decoded, vertex and index buffers laid out, morph targets applied, materials, textures, samplers,
 * images decoded, cameras, lights, instancing): each part gives its value or a {@link GltfException}.
 *
 * <p>{@code -Dfuzz.cases=N}, {@code -Dfuzz.rendererCases=N} and {@code -Dfuzz.seed=S} change the counts and the seed; the default is fixed so a CI
 * failure reproduces. Each failure message names the case's seed.
 */
class GltfFuzzTest {
    static final int DEFAULT_CASES = 6000;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long[] HOSTILE_INTEGERS = {-1, 0, 1, 2, 3, 4, 7, 255, 256, 5126, 65535, 65536,
        Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 1L << 40, -(1L << 31), 4294967295L};
    private static final double[] HOSTILE_NUMBERS = {0.5, -0.0, 1e38, 3.5e38, 1e300, -1e300, 1e-45, 123456.789};

    @Test
    // a hang guard only (a case that never returns); no timing is asserted
    @org.junit.jupiter.api.Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
    void mutatedRealFilesGiveAModelOrAGltfException() throws Exception {
        int cases = Integer.getInteger("fuzz.cases", DEFAULT_CASES);
        long seed = Long.getLong("fuzz.seed", 0x5EED_ABB0L);
        List<Seed> seeds = seeds();
        SplittableRandom master = new SplittableRandom(seed);
        long start = System.nanoTime();
        int loaded = 0;
        int rejected = 0;
        int run = 0;
        for (; run < cases; run++) {
            long caseSeed = master.nextLong();
            SplittableRandom random = new SplittableRandom(caseSeed);
            Seed s = seeds.get(random.nextInt(seeds.size()));
            byte[] mutated;
            try {
                mutated = mutate(s, random);
            } catch (Exception e) {
                continue; // the mutator itself could not apply this mutation; not a case
            }
            String label = "case seed=" + caseSeed + " base=" + s.name;
            try {
                GltfModel model = Gltf.read(mutated, s.name, s.baseDir);
                exercise(model);
                loaded++;
            } catch (GltfException e) {
                rejected++;
                assertThat(e.getMessage()).as(label).isNotBlank().doesNotContain("unexpected failure");
                assertThat(e.location()).as(label).isNotBlank();
            } catch (Throwable t) {
                throw new AssertionError(label + ": " + t, t);
            }
        }
        System.out.printf("fuzz: %d cases (%d loaded, %d rejected) in %d ms, seed=%d%n", run, loaded, rejected,
                (System.nanoTime() - start) / 1_000_000, seed);
        assertThat(run).as("cases run").isEqualTo(cases);
        assertThat(rejected).as("mutations should reject some files").isPositive();
        assertThat(loaded).as("some mutations should still load").isPositive();
    }

    @Test
    // a hang guard only (a case that never returns); no timing is asserted
    @org.junit.jupiter.api.Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
    void mutatedRendererFilesGiveTheirContentOrAGltfException() throws Exception {
        int cases = Integer.getInteger("fuzz.rendererCases", 4000);
        long seed = Long.getLong("fuzz.seed", 0x5EED_ABB0L) + 1;
        List<Seed> seeds = new ArrayList<>();
        for (Path file : RendererContentTest.rendererFiles()) {
            seeds.add(new Seed(file.getFileName().toString(), Files.readAllBytes(file), file.getParent()));
        }
        SplittableRandom master = new SplittableRandom(seed);
        int loaded = 0;
        int rejected = 0;
        for (int run = 0; run < cases; run++) {
            long caseSeed = master.nextLong();
            SplittableRandom random = new SplittableRandom(caseSeed);
            Seed s = seeds.get(random.nextInt(seeds.size()));
            byte[] mutated;
            try {
                mutated = mutate(s, random);
            } catch (Exception e) {
                continue; // the mutator itself could not apply this mutation; not a case
            }
            String label = "renderer case seed=" + caseSeed + " base=" + s.name;
            GltfModel model;
            try {
                model = Gltf.read(mutated, s.name, s.baseDir);
            } catch (GltfException e) {
                continue;
            } catch (Throwable t) {
                throw new AssertionError(label + ": " + t, t);
            }
            loaded++;
            rejected += exerciseRendererContent(model, label);
        }
        System.out.printf("renderer fuzz: %d cases loaded, %d GltfExceptions from their content%n", loaded,
                rejected);
        assertThat(loaded).as("some mutations should load").isPositive();
        assertThat(rejected).as("some content should be malformed").isPositive();
    }

    /** Reads every part of the renderer content; returns the number of parts that gave a GltfException. */
    private static int exerciseRendererContent(GltfModel model, String label) {
        int rejected = 0;
        List<ContentCall> calls = new ArrayList<>();
        calls.add(() -> {
            for (int m = 0; m < model.meshCount(); m++) {
                GltfMesh mesh = model.readMesh(m);
                for (int p = 0; p < mesh.primitiveCount(); p++) {
                    GltfPrimitive prim = mesh.primitive(p);
                    if (prim.skipped() != null) {
                        continue;
                    }
                    for (GltfAccessor a : prim.attributes().values()) {
                        a.floats();
                        a.bytes();
                        if (a.componentType() != GltfAccessor.FLOAT) {
                            a.ints();
                        }
                    }
                    prim.indexArray();
                    prim.indexBuffer();
                    prim.vertexData(false);
                    prim.vertexData(true);
                    if (prim.targetCount() > 0 && prim.attribute("POSITION") != null) {
                        GltfAccessor position = prim.attribute("POSITION");
                        prim.morphed("POSITION", new float[prim.targetCount()],
                                new float[position.count() * position.componentCount()]);
                    }
                }
            }
        });
        calls.add(() -> {
            for (int i = 0; i < model.materialCount(); i++) {
                model.material(i);
            }
        });
        calls.add(() -> {
            for (int i = 0; i < model.textureCount(); i++) {
                model.sampler(model.texture(i).sampler());
            }
        });
        calls.add(() -> {
            for (int i = 0; i < model.imageCount(); i++) {
                model.image(i);
                if (model.undecodableReason(i) == null) {
                    model.decodeImage(i);
                }
            }
        });
        calls.add(() -> {
            for (int i = 0; i < model.cameraCount(); i++) {
                model.camera(i).projection(1.5f, new org.joml.Matrix4f());
            }
            for (int i = 0; i < model.lightCount(); i++) {
                model.light(i);
            }
        });
        calls.add(() -> {
            for (int node = 0; node < model.nodeCount(); node++) {
                model.nodeCamera(node);
                model.nodeLight(node);
                model.nodeInstancing(node);
            }
        });
        for (ContentCall call : calls) {
            try {
                call.run();
            } catch (GltfException e) {
                rejected++;
                assertThat(e.getMessage()).as(label).isNotBlank();
                assertThat(e.location()).as(label).isNotBlank();
            } catch (Throwable t) {
                throw new AssertionError(label + ": " + t, t);
            }
        }
        return rejected;
    }

    /** One group of renderer-content reads. */
    private interface ContentCall {
        void run() throws GltfException;
    }

    /** Whatever loads must build, animate and update like any good model. */
    private static void exercise(GltfModel model) {
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, -1, Hierarchy.NULL);
        Pose pose = model.restPose();
        for (int a = 0; a < model.animationCount(); a++) {
            float end = model.animation(a).endTime();
            instance.applyAnimation(a, end * 0.37f, WrapMode.CLAMP, pose);
            instance.applyAnimation(a, end * 1.5f + 0.1f, WrapMode.LOOP, pose);
        }
        h.update();
        // and exports again, unless a matrix has shear (reported as a warning) or a reference the reader did not
        // follow is out of range, which export refuses naming it
        try {
            Gltf.read(GltfWriter.encode(instance, true), "again.glb", null);
        } catch (IllegalStateException e) {
            if (!e.getMessage().startsWith("cannot write " + model.sourceName() + " valid: ")) {
                assertThat(model.warnings()).anyMatch(w -> w.contains("has shear"));
            }
        } catch (GltfException e) {
            throw new AssertionError("an export did not read back: " + e.getMessage(), e);
        }
        dev.arbor.hierarchy.HierarchyBounds bounds = new dev.arbor.hierarchy.HierarchyBounds(h);
        instance.applyContentBounds(bounds);
        bounds.close();
    }

    private static final class Seed {
        final String name;
        final byte[] bytes;
        final Path baseDir;

        Seed(String name, byte[] bytes, Path baseDir) {
            this.name = name;
            this.bytes = bytes;
            this.baseDir = baseDir;
        }
    }

    private static List<Seed> seeds() throws Exception {
        List<Seed> seeds = new ArrayList<>();
        for (String name : SampleModels.MODELS) {
            Path file = SampleModels.model(name);
            seeds.add(new Seed(file.getFileName().toString(), Files.readAllBytes(file), file.getParent()));
        }
        Path corpus = GltfExceptionCorpusTest.corpus();
        for (String name : new String[] {"valid.gltf", "valid.glb"}) {
            seeds.add(new Seed(name, Files.readAllBytes(corpus.resolve(name)), corpus));
        }
        return seeds;
    }

    private static byte[] mutate(Seed s, SplittableRandom random) throws Exception {
        boolean glb = s.name.endsWith(".glb");
        int kind = random.nextInt(10);
        if (kind < 6) {
            return mutateJson(s.bytes, glb, random);
        }
        byte[] b = s.bytes.clone();
        switch (kind) {
            case 6: { // flip bytes, mostly in the first kilobytes where headers and JSON live
                int flips = 1 + random.nextInt(8);
                for (int i = 0; i < flips; i++) {
                    int at = random.nextBoolean() ? random.nextInt(Math.min(b.length, 4096)) : random.nextInt(b.length);
                    b[at] = (byte) random.nextInt(256);
                }
                return b;
            }
            case 7: // truncate
                return java.util.Arrays.copyOf(b, random.nextInt(b.length));
            case 8: { // hostile 32-bit integer at an aligned place in the first 64 bytes (GLB header, chunk headers)
                if (b.length < 8) {
                    return b;
                }
                int at = 4 * random.nextInt(Math.min(16, b.length / 4));
                long v = HOSTILE_INTEGERS[random.nextInt(HOSTILE_INTEGERS.length)];
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, (int) v);
                return b;
            }
            default: { // hostile integer at the BIN chunk header of a GLB, or random bytes inserted
                if (glb && b.length > 28) {
                    int jsonLength = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
                    int bin = 20 + jsonLength;
                    if (bin >= 0 && bin + 8 <= b.length) {
                        long v = HOSTILE_INTEGERS[random.nextInt(HOSTILE_INTEGERS.length)];
                        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(bin, (int) v);
                        return b;
                    }
                }
                int at = random.nextInt(b.length);
                byte[] out = new byte[b.length + 16];
                System.arraycopy(b, 0, out, 0, at);
                for (int i = 0; i < 16; i++) {
                    out[at + i] = (byte) random.nextInt(256);
                }
                System.arraycopy(b, at, out, at + 16, b.length - at);
                return out;
            }
        }
    }

    private static byte[] mutateJson(byte[] bytes, boolean glb, SplittableRandom random) throws Exception {
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        byte[] json;
        byte[] rest = new byte[0];
        if (glb) {
            int jsonLength = le.getInt(12);
            json = java.util.Arrays.copyOfRange(bytes, 20, 20 + jsonLength);
            rest = java.util.Arrays.copyOfRange(bytes, 20 + jsonLength, bytes.length);
        } else {
            json = bytes;
        }
        JsonNode root = MAPPER.readTree(json);
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            List<JsonNode> containers = new ArrayList<>();
            collect(root, containers, 0);
            JsonNode target = containers.get(random.nextInt(containers.size()));
            mutateContainer(target, random);
        }
        byte[] text = MAPPER.writeValueAsBytes(root);
        if (!glb) {
            return text;
        }
        int padded = (text.length + 3) & ~3;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer header = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(0x46546C67).putInt(2).putInt(20 + padded + rest.length).putInt(padded).putInt(0x4E4F534A);
        out.write(header.array());
        out.write(text);
        for (int i = text.length; i < padded; i++) {
            out.write(' ');
        }
        out.write(rest);
        return out.toByteArray();
    }

    /** Objects and arrays, skipping huge data: URI strings' parents stay eligible. */
    private static void collect(JsonNode node, List<JsonNode> out, int depth) {
        if (!node.isContainerNode() || depth > 12) {
            return;
        }
        out.add(node);
        int i = 0;
        for (Iterator<JsonNode> it = node.elements(); it.hasNext() && i < 400; i++) {
            collect(it.next(), out, depth + 1);
        }
    }

    private static JsonNode hostileValue(SplittableRandom random, JsonNode old) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (random.nextInt(8)) {
            case 0:
                return f.nullNode();
            case 1:
                return f.textNode("x");
            case 2:
                return f.numberNode(HOSTILE_NUMBERS[random.nextInt(HOSTILE_NUMBERS.length)]);
            case 3:
                return f.arrayNode();
            case 4:
                return f.objectNode();
            case 5:
                return f.booleanNode(true);
            default: {
                long v = HOSTILE_INTEGERS[random.nextInt(HOSTILE_INTEGERS.length)];
                if (old != null && old.isIntegralNumber() && random.nextBoolean()) {
                    v = old.longValue() + random.nextInt(5) - 2;
                }
                return f.numberNode(v);
            }
        }
    }

    private static void mutateContainer(JsonNode container, SplittableRandom random) {
        if (container.isObject()) {
            ObjectNode o = (ObjectNode) container;
            List<String> keys = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : o.properties()) {
                keys.add(e.getKey());
            }
            if (keys.isEmpty()) {
                o.set("extras", hostileValue(random, null));
                return;
            }
            String key = keys.get(random.nextInt(keys.size()));
            int action = random.nextInt(4);
            if (action == 0) {
                o.remove(key);
            } else if (action == 1 && o.get(key).isTextual() && o.get(key).textValue().length() > 1000) {
                String s = o.get(key).textValue();
                o.put(key, s.substring(0, random.nextInt(s.length())));
            } else {
                o.set(key, hostileValue(random, o.get(key)));
            }
        } else {
            ArrayNode a = (ArrayNode) container;
            int action = random.nextInt(4);
            if (a.size() == 0 || action == 0) {
                a.add(a.size() > 0 && random.nextBoolean() ? a.get(random.nextInt(a.size())).deepCopy()
                        : hostileValue(random, null));
            } else if (action == 1) {
                a.remove(random.nextInt(a.size()));
            } else {
                int i = random.nextInt(a.size());
                a.set(i, hostileValue(random, a.get(i)));
            }
        }
    }

    @Test
    void mutatorProducesDifferentBytes() throws Exception {
        Seed s = seeds().get(0);
        byte[] m = mutate(s, new SplittableRandom(1));
        assertThat(new String(m, StandardCharsets.ISO_8859_1)).isNotEqualTo(new String(s.bytes,
                StandardCharsets.ISO_8859_1));
    }
}
