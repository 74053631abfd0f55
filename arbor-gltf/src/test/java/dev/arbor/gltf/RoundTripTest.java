package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** import → export → import gives the same world matrices, names, skins and animations, for every sample model. */
class RoundTripTest {
    @TempDir
    Path temp;

    static java.util.List<String> models() {
        return SampleModels.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void exportThenImportKeepsEverything(String name) throws Exception {
        GltfModel original = Gltf.read(SampleModels.model(name));
        Hierarchy h = new Hierarchy();
        GltfInstance instance = original.instantiate(h, -1, Hierarchy.NULL);
        for (String ext : new String[] {".glb", ".gltf"}) {
            Path out = temp.resolve(name + ext);
            long[] written = GltfWriter.write(instance, out);
            assertThat(written).hasSize(original.nodeCount());
            GltfModel copy = Gltf.read(out);
            assertThat(copy.nodeCount()).isEqualTo(original.nodeCount());
            Hierarchy h2 = new Hierarchy();
            GltfInstance again = copy.instantiate(h2, copy.sceneToShow(), Hierarchy.NULL);
            // node indices are kept: compare node by node, names and rest world matrices
            float[] a = new float[12];
            float[] b = new float[12];
            for (int i = 0; i < original.nodeCount(); i++) {
                assertThat(written[i]).isEqualTo(instance.handle(i));
                assertThat(copy.nodeName(i)).isEqualTo(original.nodeName(i));
                assertThat(copy.hasMatrix(i)).isEqualTo(original.hasMatrix(i));
                h.getWorld(instance.handle(i), a, 0);
                h2.getWorld(again.handle(i), b, 0);
                assertThat(Affine.maxDifference(a, 0, b, 0)).as("%s%s node %d", name, ext, i).isEqualTo(0f);
            }
            assertThat(copy.skinCount()).isEqualTo(original.skinCount());
            for (int s = 0; s < original.skinCount(); s++) {
                assertThat(copy.skin(s).joints()).containsExactly(original.skin(s).joints());
                assertThat(copy.skin(s).skeleton()).isEqualTo(original.skin(s).skeleton());
                assertThat(copy.skin(s).inverseBindMatrices()).containsExactly(original.skin(s).inverseBindMatrices());
            }
            assertThat(copy.animationCount()).isEqualTo(original.animationCount());
            assertThat(copy.animatedNodes()).containsExactly(original.animatedNodes());
            Pose p1 = original.restPose();
            Pose p2 = copy.restPose();
            for (int an = 0; an < original.animationCount(); an++) {
                assertThat(copy.animation(an).name()).isEqualTo(original.animation(an).name());
                float end = original.animation(an).endTime();
                for (float t : new float[] {0f, end * 0.3f, end * 0.77f, end}) {
                    instance.applyAnimation(an, t, WrapMode.CLAMP, p1);
                    again.applyAnimation(an, t, WrapMode.CLAMP, p2);
                    for (int i = 0; i < original.nodeCount(); i++) {
                        h.getWorld(instance.handle(i), a, 0);
                        h2.getWorld(again.handle(i), b, 0);
                        assertThat(Affine.maxDifference(a, 0, b, 0)).as("%s anim %d t=%s node %d", name, an, t, i)
                                .isEqualTo(0f);
                    }
                }
            }
            // rest pose again for the next format
            instance.applyPose(original.restPose());
        }
    }

    /**
     * The exported document is the source document apart from {@code asset.generator} and the buffers (merged into
     * one, embedded): same meshes, materials, accessors (shared ones stay shared), extras; the buffer bytes too.
     * Exporting the copy again gives the same bytes.
     */
    @ParameterizedTest
    @MethodSource("allModels")
    void exportKeepsTheDocument(String name) throws Exception {
        Path in = SampleModels.model(name);
        GltfModel original = Gltf.read(in);
        for (boolean glb : new boolean[] {true, false}) {
            Hierarchy h = new Hierarchy();
            byte[] out = GltfWriter.encode(original.instantiate(h, original.sceneToShow(), Hierarchy.NULL), glb);
            GltfModel copy = Gltf.read(out, name + (glb ? ".glb" : ".gltf"), null);
            assertThat(comparable(copy.source().json)).as(name).isEqualTo(comparable(original.source().json));
            assertThat(copy.warnings()).isEqualTo(original.warnings());
            byte[] bytes = concat(original.source());
            assertThat(copy.source().buffers.length).isEqualTo(bytes.length == 0 ? 0 : 1);
            if (bytes.length > 0) {
                assertThat(copy.source().bufferBytes(0)).isEqualTo(bytes);
            }
            byte[] again = GltfWriter.encode(copy.instantiate(new Hierarchy(), copy.sceneToShow(), Hierarchy.NULL),
                    glb);
            assertThat(again).isEqualTo(out);
            if (name.equals("CesiumMan") && glb) {
                System.out.printf("CesiumMan: %d bytes in, %d bytes out (.glb)%n", java.nio.file.Files.size(in),
                        out.length);
                assertThat(copy.source().json.get("accessors").size()).isEqualTo(original.source().json
                        .get("accessors").size());
            }
        }
    }

    static java.util.List<String> allModels() throws java.io.IOException {
        return ExportValidatorTest.allSampleModels();
    }

    /** The document without asset.generator and buffer locations (which the writer sets). */
    private static com.fasterxml.jackson.databind.JsonNode comparable(JsonValue doc) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = JacksonTree.copyObject(doc);
        ((com.fasterxml.jackson.databind.node.ObjectNode) copy.get("asset")).remove("generator");
        copy.remove("buffers");
        for (com.fasterxml.jackson.databind.JsonNode view : copy.path("bufferViews")) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) view).remove(java.util.List.of("buffer", "byteOffset"));
        }
        return copy;
    }

    private static byte[] concat(SourceDocument source) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int b = 0; b < source.buffers.length; b++) {
            while (out.size() % 4 != 0) {
                out.write(0);
            }
            out.writeBytes(source.bufferBytes(b));
        }
        return out.toByteArray();
    }
}
