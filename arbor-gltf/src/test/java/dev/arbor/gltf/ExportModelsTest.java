package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Copies of different models written into one document ({@link GltfWriter#writeCopies} over {@link DocumentMerge}):
 * read back, every copy's nodes, names, transforms, meshes, materials, textures, skins, cameras, lights, instancing
 * and animations are those of its source; the Khronos validator finds no error; an extension whose indices Arbor
 * cannot renumber is refused by name.
 */
class ExportModelsTest {
    /** The copies, in source order: two models twice (interleaved with others), each other model once. */
    private static final String[] COPIES = {"CesiumMan", "RiggedFigure", "CesiumMan", "BoxTextured", "Cameras",
        "IridescenceSuzanne", "SimpleInstancing", "BoxAnimated", "BoxAnimated"};
    private static final Offset<Float> CLOSE = Offset.offset(1e-5f);

    @TempDir
    Path temp;

    @Test
    void copiesOfDifferentModelsKeepEveryPart() throws Exception {
        Map<String, GltfModel> models = new HashMap<>();
        List<GltfModel> distinct = new ArrayList<>();
        Hierarchy h = new Hierarchy();
        List<GltfInstance> copies = new ArrayList<>();
        long[] anchors = new long[COPIES.length];
        int built = 0;
        for (int k = 0; k < COPIES.length; k++) {
            if (!models.containsKey(COPIES[k])) {
                models.put(COPIES[k], Gltf.read(SampleModels.model(COPIES[k])));
                distinct.add(models.get(COPIES[k]));
            }
            GltfModel model = models.get(COPIES[k]);
            anchors[k] = h.createRoot();
            h.setLocalTranslation(anchors[k], 3 * k, 0, -k);
            GltfInstance copy = model.instantiate(h, model.sceneToShow(), anchors[k]);
            copies.add(copy);
            for (long handle : copy.handles()) {
                built += handle == Hierarchy.NULL ? 0 : 1;
            }
        }
        copies.get(2).applyAnimation(0, 0.8f, WrapMode.LOOP, models.get("CesiumMan").restPose()); // posed apart

        Path glb = temp.resolve("models.glb");
        Path gltf = temp.resolve("models.gltf");
        long[] handles = GltfWriter.writeCopies(h, anchors, copies, glb);
        assertThat(GltfWriter.writeCopies(h, anchors, copies, gltf)).containsExactly(handles);
        GltfModel back = Gltf.read(glb);
        assertThat(back.nodeCount()).isEqualTo(built + anchors.length).isEqualTo(handles.length);
        assertThat(back.sceneCount()).isEqualTo(1);
        assertThat(back.sceneRoots(back.sceneToShow())).hasSize(anchors.length); // every copy shown

        Hierarchy g = new Hierarchy();
        GltfInstance again = back.instantiate(g, back.sceneToShow(), Hierarchy.NULL);
        Map<Long, Integer> outputOf = new HashMap<>();
        for (int o = 0; o < handles.length; o++) {
            outputOf.put(handles[o], o);
        }
        int checkedMeshes = 0;
        for (int o = 0; o < handles.length; o++) {
            assertSameWorld(h, handles[o], g, again.handle(o), "node " + o);
            int k = copyOf(copies, handles[o]);
            if (k < 0) { // an anchor, made in code
                assertThat(back.mesh(o)).isEqualTo(-1);
                assertThat(back.nodeName(o)).isNull();
                continue;
            }
            GltfInstance copy = copies.get(k);
            GltfModel source = copy.model();
            int i = copy.node(handles[o]);
            String at = COPIES[k] + " copy " + k + " node " + i;
            assertThat(back.nodeName(o)).as(at).isEqualTo(source.nodeName(i));
            assertThat(back.nodeCamera(o) < 0).as(at).isEqualTo(source.nodeCamera(i) < 0);
            if (source.nodeCamera(i) >= 0) {
                assertThat(back.camera(back.nodeCamera(o))).as(at).isEqualTo(source.camera(source.nodeCamera(i)));
            }
            assertThat(back.nodeLight(o) < 0).as(at).isEqualTo(source.nodeLight(i) < 0);
            if (source.nodeLight(i) >= 0) {
                assertThat(back.light(back.nodeLight(o))).as(at).isEqualTo(source.light(source.nodeLight(i)));
            }
            assertThat(back.nodeInstancing(o) == null).as(at).isEqualTo(source.nodeInstancing(i) == null);
            if (source.nodeInstancing(i) != null) {
                assertThat(back.nodeInstancing(o).translations()).isEqualTo(source.nodeInstancing(i).translations());
                assertThat(back.nodeInstancing(o).rotations()).isEqualTo(source.nodeInstancing(i).rotations());
                assertThat(back.nodeInstancing(o).scales()).isEqualTo(source.nodeInstancing(i).scales());
            }
            assertThat(back.skinOf(o) < 0).as(at).isEqualTo(source.skinOf(i) < 0);
            if (source.skinOf(i) >= 0) {
                GltfSkin want = source.skin(source.skinOf(i));
                GltfSkin got = back.skin(back.skinOf(o));
                assertThat(got.inverseBindMatrices()).as(at).isEqualTo(want.inverseBindMatrices());
                int[] joints = new int[want.jointCount()];
                for (int j = 0; j < joints.length; j++) {
                    joints[j] = outputOf.get(copy.handle(want.joint(j))); // this copy's own joints
                }
                assertThat(got.joints()).as(at).containsExactly(joints);
            }
            assertThat(back.mesh(o) < 0).as(at).isEqualTo(source.mesh(i) < 0);
            if (source.mesh(i) >= 0) {
                assertSameMesh(source, source.mesh(i), back, back.mesh(o), at);
                checkedMeshes++;
            }
        }
        assertThat(checkedMeshes).isGreaterThanOrEqualTo(COPIES.length);

        // each model's animations are animations of their own, named as in its file; played from the file they
        // pose every copy of the model as the source animation poses the copies in the hierarchy (the back model's
        // rest pose is the exported pose, so only the animated model's nodes are compared)
        int first = 0;
        for (GltfModel model : distinct) {
            for (int a = 0; a < model.animationCount(); a++) {
                AnimationClip want = model.animation(a);
                AnimationClip got = back.animation(first + a);
                assertThat(got.name()).isEqualTo(want.name());
                for (float t : new float[] {0f, 0.3f, 1.1f, 2.45f}) {
                    for (GltfInstance copy : copies) {
                        if (copy.model() == model) {
                            copy.applyAnimation(a, t, WrapMode.LOOP, model.restPose());
                        }
                    }
                    again.applyAnimation(first + a, t, WrapMode.LOOP, back.restPose());
                    for (int o = 0; o < handles.length; o++) {
                        int k = copyOf(copies, handles[o]);
                        if (k >= 0 && copies.get(k).model() == model) {
                            assertSameWorld(h, handles[o], g, again.handle(o), model.sourceName() + " animation "
                                    + a + " t=" + t + " node " + o);
                        }
                    }
                }
            }
            first += model.animationCount();
        }
        assertThat(back.animationCount()).isEqualTo(first);

        List<KhronosValidator.Report> reports = KhronosValidator.validate(List.of(glb, gltf));
        for (KhronosValidator.Report r : reports) {
            assertThat(r.errorMessages).as(r.toString()).isEmpty();
        }
        System.out.println("glTF-Validator, copies of " + distinct.size() + " models: " + reports);
    }

    @Test
    void aLaterModelsPosedMorphWeightsAreWritten() throws Exception {
        GltfModel box = Gltf.read(SampleModels.model("BoxAnimated"));
        GltfModel morph = Gltf.read(SampleModels.model("SimpleMorph"));
        Hierarchy h = new Hierarchy();
        GltfInstance a = box.instantiate(h, box.sceneToShow(), Hierarchy.NULL);
        GltfInstance b = morph.instantiate(h, morph.sceneToShow(), Hierarchy.NULL);
        MorphWeights posed = morph.restWeights();
        morph.animation(0).sampleWeights(1.5f, WrapMode.CLAMP, posed);
        b.applyWeights(posed);
        long[] roots = new long[h.rootCount()];
        h.roots(roots, 0);
        long[] handles = GltfWriter.writeCopies(h, roots, List.of(a, b), temp.resolve("morph.glb"));
        GltfModel back = Gltf.read(temp.resolve("morph.glb"));
        int node = morph.morphNodes()[0];
        int o = -1;
        for (int i = 0; i < handles.length; i++) {
            o = b.node(handles[i]) == node ? i : o;
        }
        int count = posed.count(morph.morphIndex(node));
        float[] want = posed.weights(morph.morphIndex(node), new float[count], 0);
        assertThat(want).isNotEqualTo(morph.restWeights().weights(morph.morphIndex(node), new float[count], 0));
        assertThat(back.restWeights().weights(back.morphIndex(o), new float[count], 0)).isEqualTo(want);
    }

    @Test
    void laterModelsPointersAreRenumbered() throws Exception {
        // TWO_SCENES without its unknown extension: a KHR_animation_pointer channel into /nodes/2
        String json = ExportDocuments.TWO_SCENES.replace(", \"extensions\": {\"EXT_example\": {\"a\": 1}}", "")
                .replace(", \"EXT_example\"", "");
        GltfModel two = Gltf.read(json.getBytes(StandardCharsets.UTF_8), "two.gltf", null);
        GltfModel box = Gltf.read(SampleModels.model("BoxAnimated"));
        Hierarchy h = new Hierarchy();
        GltfInstance a = box.instantiate(h, box.sceneToShow(), Hierarchy.NULL);
        GltfInstance b = two.instantiate(h, two.sceneToShow(), Hierarchy.NULL);
        long[] roots = new long[h.rootCount()];
        h.roots(roots, 0);
        long[] handles = GltfWriter.writeCopies(h, roots, List.of(a, b), temp.resolve("pointer.gltf"));
        JsonNode doc = JacksonTree.mapper().readTree(temp.resolve("pointer.gltf").toFile());
        int pointed = -1;
        for (int o = 0; o < handles.length; o++) {
            pointed = b.node(handles[o]) == 2 ? o : pointed;
        }
        JsonNode animation = doc.get("animations").get(box.animationCount());
        assertThat(animation.get("name").asText()).isEqualTo("both");
        assertThat(animation.get("channels").get(0).get("target").get("extensions").get("KHR_animation_pointer")
                .get("pointer").asText()).isEqualTo("/nodes/" + pointed + "/rotation");
        assertThat(animation.get("samplers").get(0).get("input").asInt())
                .isEqualTo(Gltf.read(SampleModels.model("BoxAnimated")).source().json.get("accessors").size());
        assertThat(doc.get("asset").get("copyright").asText()).endsWith("(c) test");
    }

    @Test
    void anUnknownExtensionWithIndicesInALaterModelIsRefusedByName() throws Exception {
        GltfModel man = Gltf.read(SampleModels.model("CesiumMan"));
        GltfModel links = Gltf.read(("{\"asset\": {\"version\": \"2.0\"}, \"extensionsUsed\": [\"EXT_example_links\"],"
                + " \"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
                + " \"nodes\": [{\"name\": \"linked\", \"children\": [1]},"
                + " {\"name\": \"leaf\", \"extensions\": {\"EXT_example_links\": {\"node\": 0, \"weight\": 0.5}}}]}")
                .getBytes(StandardCharsets.UTF_8), "links.gltf", null);
        Hierarchy h = new Hierarchy();
        GltfInstance a = man.instantiate(h, man.sceneToShow(), Hierarchy.NULL);
        GltfInstance b = links.instantiate(h, links.sceneToShow(), Hierarchy.NULL);
        long[] roots = new long[h.rootCount()];
        h.roots(roots, 0);
        byte[] manAlone = GltfWriter.encode(a, true);
        float[][] worlds = worlds(h, roots);

        assertThatThrownBy(() -> GltfWriter.encodeCopies(h, roots, List.of(a, b), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot merge links.gltf into one document: its extension EXT_example_links (at"
                        + " /nodes/1/extensions) holds integers, which may be indices that Arbor does not know how to"
                        + " renumber; write its copies to a file of their own, or remove the extension");
        // nothing changed: the hierarchy's nodes and transforms, and what the model alone exports
        assertThat(worlds(h, roots)).isDeepEqualTo(worlds);
        assertThat(GltfWriter.encode(a, true)).isEqualTo(manAlone);
        // the first model's indices do not move, so there it is carried as it came
        JsonNode doc = JacksonTree.mapper().readTree(GltfWriter.encodeCopies(h, roots, List.of(b, a), false));
        assertThat(doc.get("nodes").get(1).get("extensions").get("EXT_example_links").get("node").asInt())
                .isEqualTo(0);
    }

    private static float[][] worlds(Hierarchy h, long[] roots) {
        List<float[]> all = new ArrayList<>();
        for (long r : roots) {
            h.forEachInSubtree(r, n -> all.add(h.getWorld(n, new float[12], 0)));
        }
        return all.toArray(new float[0][]);
    }

    private static int copyOf(List<GltfInstance> copies, long handle) {
        for (int k = 0; k < copies.size(); k++) {
            if (copies.get(k).node(handle) >= 0) {
                return k;
            }
        }
        return -1;
    }

    private static void assertSameWorld(Hierarchy h, long handle, Hierarchy g, long again, String label) {
        float[] want = h.getWorld(handle, new float[12], 0);
        float[] got = g.getWorld(again, new float[12], 0);
        for (int e = 0; e < 12; e++) {
            assertThat(got[e]).as("%s element %d", label, e).isCloseTo(want[e], CLOSE);
        }
    }

    /** Every attribute and the indices decode to the source's values; the material is the source's. */
    private static void assertSameMesh(GltfModel source, int wantMesh, GltfModel back, int gotMesh, String at)
            throws IOException {
        GltfMesh want = source.readMesh(wantMesh);
        GltfMesh got = back.readMesh(gotMesh);
        assertThat(got.name()).isEqualTo(want.name());
        assertThat(got.primitiveCount()).isEqualTo(want.primitiveCount());
        for (int p = 0; p < want.primitiveCount(); p++) {
            GltfPrimitive wp = want.primitive(p);
            GltfPrimitive gp = got.primitive(p);
            assertThat(gp.attributes().keySet()).as(at).isEqualTo(wp.attributes().keySet());
            for (String name : wp.attributes().keySet()) {
                assertThat(gp.attribute(name).floats()).as(at + " " + name).isEqualTo(wp.attribute(name).floats());
            }
            if (wp.indices() != null) {
                assertThat(gp.indexArray()).as(at).isEqualTo(wp.indexArray());
            }
            assertThat(gp.material() < 0).isEqualTo(wp.material() < 0);
            if (wp.material() >= 0) {
                assertSameMaterial(source, source.material(wp.material()), back, back.material(gp.material()), at);
            }
        }
    }

    private static void assertSameMaterial(GltfModel source, GltfMaterial want, GltfModel back, GltfMaterial got,
                                           String at) throws IOException {
        assertThat(got.name()).as(at).isEqualTo(want.name());
        assertThat(got.baseColorFactor()).as(at).isEqualTo(want.baseColorFactor());
        assertThat(got.metallicFactor()).as(at).isEqualTo(want.metallicFactor());
        assertThat(got.roughnessFactor()).as(at).isEqualTo(want.roughnessFactor());
        assertThat(got.emissiveFactor()).as(at).isEqualTo(want.emissiveFactor());
        assertThat(got.alphaMode()).as(at).isEqualTo(want.alphaMode());
        assertThat(got.doubleSided()).as(at).isEqualTo(want.doubleSided());
        GltfTextureRef[] wantRefs = {want.baseColorTexture(), want.metallicRoughnessTexture(), want.normalTexture(),
            want.occlusionTexture(), want.emissiveTexture()};
        GltfTextureRef[] gotRefs = {got.baseColorTexture(), got.metallicRoughnessTexture(), got.normalTexture(),
            got.occlusionTexture(), got.emissiveTexture()};
        for (int r = 0; r < wantRefs.length; r++) {
            assertThat(gotRefs[r] == null).as(at).isEqualTo(wantRefs[r] == null);
            if (wantRefs[r] != null) {
                assertThat(gotRefs[r].texCoord()).isEqualTo(wantRefs[r].texCoord());
                assertSameTexture(source, wantRefs[r].texture(), back, gotRefs[r].texture(), at);
            }
        }
        assertThat(got.extensionNames()).as(at).isEqualTo(want.extensionNames());
        for (String extension : want.extensionNames()) {
            assertSameExtension(source, JacksonTree.mapper().readTree(want.extensionJson(extension)), back,
                    JacksonTree.mapper().readTree(got.extensionJson(extension)), at + " " + extension);
        }
    }

    /** Equal JSON, except that each texture info's {@code index} names a texture with the same image and sampler. */
    private static void assertSameExtension(GltfModel source, JsonNode want, GltfModel back, JsonNode got, String at)
            throws IOException {
        if (want.isObject()) {
            assertThat(got.isObject()).as(at).isTrue();
            assertThat(got.size()).as(at).isEqualTo(want.size());
            for (Iterator<String> names = want.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (name.equals("index")) {
                    assertSameTexture(source, want.get(name).asInt(), back, got.get(name).asInt(), at);
                } else {
                    assertSameExtension(source, want.get(name), back, got.get(name), at + "." + name);
                }
            }
        } else {
            assertThat(got).as(at).isEqualTo(want);
        }
    }

    private static void assertSameTexture(GltfModel source, int want, GltfModel back, int got, String at)
            throws IOException {
        GltfTexture wt = source.texture(want);
        GltfTexture gt = back.texture(got);
        assertThat(back.imageBytes(gt.source())).as(at).isEqualTo(source.imageBytes(wt.source()));
        assertThat(back.sampler(gt.sampler())).as(at).isEqualTo(source.sampler(wt.sampler()));
    }
}
