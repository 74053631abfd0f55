package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.hierarchy.Hierarchy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Meshes built in code ({@link GltfMeshData}) written by {@link GltfWriter}, read back, and valid for Khronos. */
class CodeMeshExportTest {
    /** A unit quad in the xz plane, two triangles, with every attribute and a material. */
    static GltfMeshData quad() {
        return GltfMeshData.triangles(new float[] {-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1}, new int[] {0, 2, 1, 0, 3, 2})
                .withNormals(new float[] {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0})
                .withTexCoords(new float[] {0, 0, 1, 0, 1, 1, 0, 1})
                .withColors(new float[] {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 0.5f})
                .withMaterial(GltfMeshData.Material.of(0.4f, 0.6f, 0.3f, 1f).withRoughness(0.9f).withMetallic(0.1f)
                        .withDoubleSided(true).withName("grass"))
                .withName("floor");
    }

    /** One triangle, no indices, no material. */
    static GltfMeshData triangle() {
        return GltfMeshData.triangles(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, null);
    }

    @Test
    void codeMeshesAreWrittenAndReadBackAsGiven(@TempDir Path temp) throws Exception {
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long floor = h.createChild(root);
        long marker = h.createChild(root);
        long floor2 = h.createChild(root);
        h.setLocalTranslation(floor2, 3, 0, 0);
        h.setName(floor, "floor node");
        Map<Long, GltfMeshData> meshes = new LinkedHashMap<>();
        GltfMeshData quad = quad();
        meshes.put(floor, quad);
        meshes.put(marker, triangle());
        meshes.put(floor2, quad); // the same mesh on two nodes: written once
        for (boolean glb : new boolean[] {true, false}) {
            byte[] bytes = GltfWriter.encode(h, new long[] {root}, null, meshes, glb);
            GltfModel back = Gltf.read(bytes, glb ? "code.glb" : "code.gltf", temp);
            assertThat(back.meshCount()).isEqualTo(2);
            assertThat(back.materialCount()).isEqualTo(1);
            int floorNode = nodeNamed(back, "floor node");
            GltfMesh m = back.readMesh(back.mesh(floorNode));
            assertThat(m.name()).isEqualTo("floor");
            GltfPrimitive p = m.primitive(0);
            assertThat(p.mode()).isEqualTo(4);
            assertThat(p.positions()).containsExactly(quad.positions());
            assertThat(p.attribute("NORMAL").floats()).containsExactly(quad.normals());
            assertThat(p.attribute("TEXCOORD_0").floats()).containsExactly(quad.texCoords());
            assertThat(p.attribute("COLOR_0").floats()).containsExactly(quad.colors());
            assertThat(p.indices().componentType()).isEqualTo(GltfAccessor.UNSIGNED_SHORT);
            assertThat(p.triangles()).containsExactly(quad.indices());
            GltfMaterial material = back.material(p.material());
            assertThat(material.baseColorFactor()).containsExactly(0.4f, 0.6f, 0.3f, 1f);
            assertThat(material.metallicFactor()).isEqualTo(0.1f);
            assertThat(material.roughnessFactor()).isEqualTo(0.9f);
            assertThat(material.doubleSided()).isTrue();
            GltfPrimitive t = back.readMesh(back.mesh(back.nodeCount() - 2)).primitive(0);
            assertThat(t.positions()).containsExactly(0, 0, 0, 1, 0, 0, 0, 1, 0);
            assertThat(t.indices()).isNull();
            assertThat(t.material()).isEqualTo(-1);
            assertThat(back.mesh(back.nodeCount() - 1)).isEqualTo(back.mesh(floorNode));
        }
    }

    @Test
    void aCodeMeshJoinsASourceDocumentAfterItsMeshes(@TempDir Path temp) throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        long root = man.handle(model.sceneRoots(model.sceneToShow())[0]);
        long ground = h.createChild(root);
        byte[] bytes = GltfWriter.encode(h, new long[] {root}, man, Map.of(ground, quad()), true);
        GltfModel back = Gltf.read(bytes, "with-ground.glb", temp);
        assertThat(back.meshCount()).isEqualTo(model.meshCount() + 1);
        assertThat(back.materialCount()).isEqualTo(model.materialCount() + 1);
        assertThat(back.mesh(back.nodeCount() - 1)).isEqualTo(model.meshCount());
        GltfPrimitive p = back.readMesh(model.meshCount()).primitive(0);
        assertThat(p.positions()).containsExactly(quad().positions());
        // the source's own mesh is unchanged
        int skinned = model.nodesWithSkin(0)[0];
        assertThat(back.readMesh(back.mesh(skinned)).primitive(0).positions())
                .containsExactly(model.readMesh(model.mesh(skinned)).primitive(0).positions());
        Path file = temp.resolve("with-ground.glb");
        Files.write(file, bytes);
        Path gltf = temp.resolve("code-only.gltf");
        Hierarchy plain = new Hierarchy();
        long r = plain.createRoot();
        Files.write(gltf, GltfWriter.encode(plain, new long[] {r}, null, Map.of(r, quad()), false));
        List<Path> files = new ArrayList<>(List.of(file, gltf));
        for (KhronosValidator.Report report : KhronosValidator.validate(files)) {
            assertThat(report.errors).as(report.toString()).isZero();
        }
    }

    @Test
    void badMeshesAndBadNodesAreRefused() throws Exception {
        assertThatThrownBy(() -> GltfMeshData.triangles(new float[] {0, 0}, null))
                .hasMessage("positions.length=2 is not a positive multiple of 3");
        assertThatThrownBy(() -> GltfMeshData.triangles(new float[] {0, 0, 0, 1, 0, 0}, null))
                .hasMessage("vertex count 2 is not a multiple of 3 (no indices)");
        assertThatThrownBy(() -> GltfMeshData.triangles(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, new int[] {0, 1, 3}))
                .hasMessage("indices[2]=3 is outside [0, 3)");
        assertThatThrownBy(() -> GltfMeshData.triangles(new float[] {0, 0, 0, 1, Float.NaN, 0, 0, 1, 0}, null))
                .hasMessage("positions[4]=NaN is not finite");
        assertThatThrownBy(() -> triangle().withNormals(new float[] {0, 1, 0, 0, 1, 0, 0, 2, 0}))
                .hasMessage("normals of vertex 2 has length 2.0, not 1 (within 0.001)");
        assertThatThrownBy(() -> triangle().withTexCoords(new float[4]))
                .hasMessage("texCoords.length=4 differs from 2 × 3 vertices");
        assertThatThrownBy(() -> GltfMeshData.Material.of(1.5f, 0, 0, 1)).hasMessage("baseColor[0]=1.5 is outside [0, 1]");
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        long root = man.handle(model.sceneRoots(model.sceneToShow())[0]);
        long skinnedNode = man.handle(model.nodesWithSkin(0)[0]);
        assertThatThrownBy(() -> GltfWriter.encode(h, new long[] {root}, man, Map.of(skinnedNode, triangle()), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has the source's mesh 0: a node holds one mesh");
        long elsewhere = h.createRoot();
        assertThatThrownBy(() -> GltfWriter.encode(h, new long[] {root}, man, Map.of(elsewhere, triangle()), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("meshes: node " + elsewhere + " is not written (not in the roots' subtrees)");
    }

    private static int nodeNamed(GltfModel model, String name) {
        for (int n = 0; n < model.nodeCount(); n++) {
            if (name.equals(model.nodeName(n))) {
                return n;
            }
        }
        throw new AssertionError("no node named " + name);
    }
}
