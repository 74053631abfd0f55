package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link GltfModel#readMesh}: the sample models' meshes, and a hand-made file whose bytes are written here, with every
 * encoding the decoder must handle (quantized positions, sparse values, byte and short joints, normalized weights,
 * strips and fans, Draco, points) and the malformed data it must refuse.
 */
class MeshGeometryTest {
    static java.util.List<String> models() {
        return SampleModels.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void everySampleMeshDecodesWithinItsBounds(String name) throws Exception {
        GltfModel model = Gltf.read(SampleModels.model(name));
        assertThat(model.meshCount()).isPositive();
        float[] bounds = new float[6];
        for (int node = 0; node < model.nodeCount(); node++) {
            if (model.mesh(node) < 0) {
                continue;
            }
            GltfMesh mesh = model.readMesh(model.mesh(node));
            float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
            float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
            for (int p = 0; p < mesh.primitiveCount(); p++) {
                GltfPrimitive prim = mesh.primitive(p);
                assertThat(prim.skipped()).isNull();
                assertThat(prim.triangleCount()).isPositive();
                for (int i : prim.triangles()) {
                    assertThat(i).isBetween(0, prim.vertexCount() - 1);
                }
                float[] v = prim.positions();
                for (int i = 0; i < v.length; i++) {
                    min[i % 3] = Math.min(min[i % 3], v[i]);
                    max[i % 3] = Math.max(max[i % 3], v[i]);
                }
                if (prim.isSkinned()) {
                    int joints = model.skin(model.skinOf(node)).jointCount();
                    for (int j : prim.joints()) {
                        assertThat(j).isBetween(0, joints - 1);
                    }
                    float[] w = prim.weights();
                    for (int k = 0; k < w.length; k += 4) {
                        assertThat(w[k] + w[k + 1] + w[k + 2] + w[k + 3]).isCloseTo(1f, within(2e-3f));
                    }
                }
            }
            // the content bounds come from the same POSITION data
            assertThat(model.contentBounds(node, bounds, 0)).isTrue();
            assertThat(new float[] {min[0], min[1], min[2], max[0], max[1], max[2]}).containsExactly(bounds);
        }
    }

    @Test
    void cesiumManIsOneSkinnedMeshOf4672Triangles() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        GltfMesh mesh = model.readMesh(0);
        assertThat(mesh.primitiveCount()).isEqualTo(1);
        GltfPrimitive prim = mesh.primitive(0);
        assertThat(prim.mode()).isEqualTo(GltfPrimitive.TRIANGLES);
        assertThat(prim.triangleCount()).isEqualTo(4672);
        assertThat(prim.vertexCount()).isEqualTo(3273);
        assertThat(prim.isSkinned()).isTrue();
        assertThat(prim.baseColorFactor()).containsExactly(1f, 1f, 1f, 1f);
        assertThat(prim.hasBaseColorTexture()).isTrue();
        assertThat(prim.hasMorphTargets()).isFalse();
        // copies: changing one changes nothing
        prim.positions()[0] = 1e9f;
        assertThat(prim.positions()[0]).isNotEqualTo(1e9f);
    }

    @Test
    void stripsAndFansBecomeTrianglesWithTheSpecificationsWinding() {
        assertThat(GltfMesh.triangles(GltfPrimitive.TRIANGLE_STRIP, new int[] {0, 1, 2, 3, 4}))
                .containsExactly(0, 1, 2, 1, 3, 2, 2, 3, 4);
        assertThat(GltfMesh.triangles(GltfPrimitive.TRIANGLE_FAN, new int[] {0, 1, 2, 3}))
                .containsExactly(1, 2, 0, 2, 3, 0);
        // a repeated index in a strip (a restart) gives degenerate triangles, which are left out
        assertThat(GltfMesh.triangles(GltfPrimitive.TRIANGLE_STRIP, new int[] {0, 1, 2, 2, 3, 4}))
                .containsExactly(0, 1, 2, 2, 4, 3);
        assertThat(GltfMesh.triangles(GltfPrimitive.TRIANGLES, new int[] {0, 1, 2, 3, 4})).containsExactly(0, 1, 2);
        assertThat(GltfMesh.triangles(GltfPrimitive.TRIANGLES, new int[] {5, 4, 3, 2, 1, 0}))
                .containsExactly(5, 4, 3, 2, 1, 0);
        assertThat(GltfMesh.triangles(GltfPrimitive.LINES, new int[] {0, 1, 2, 3})).isEmpty();
        assertThat(GltfMesh.triangles(GltfPrimitive.TRIANGLE_FAN, new int[] {0, 1})).isEmpty();
    }

    /** The hand-made file's buffer: see the accessors of {@link #handMade}. */
    private static byte[] buffer() {
        ByteBuffer b = ByteBuffer.allocate(96).order(ByteOrder.LITTLE_ENDIAN);
        short[][] positions = {{0, 0, 0}, {32767, 0, 0}, {0, 32767, 0}, {32767, 32767, 0}};
        for (short[] p : positions) {            // 0: normalized SHORT VEC3, stride 8
            b.putShort(p[0]).putShort(p[1]).putShort(p[2]).putShort((short) 0);
        }
        b.put(new byte[] {0, 1, 2, 3});          // 32: UNSIGNED_BYTE indices
        short[] joints = {0, 1, 2, 3, 1, 0, 0, 0, 300, 2, 0, 0, 3, 0, 0, 0};
        for (short j : joints) {                 // 36: UNSIGNED_SHORT joints
            b.putShort(j);
        }
        b.put(new byte[] {(byte) 255, 0, 0, 0, (byte) 128, 127, 0, 0, 0, 0, (byte) 255, 0, 0, 0, 0, (byte) 255});
        b.put((byte) 2).put(new byte[3]);        // 84: sparse index 2 (UNSIGNED_BYTE), padding
        b.putShort((short) -32767).putShort((short) 16384).putShort((short) 0);  // 88: the sparse value
        return b.array();
    }

    private static String handMade() {
        String uri = "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(buffer());
        return "{\"asset\":{\"version\":\"2.0\"},"
                + "\"extensionsUsed\":[\"KHR_mesh_quantization\",\"KHR_draco_mesh_compression\"],"
                + "\"extensionsRequired\":[\"KHR_mesh_quantization\"],"
                + "\"buffers\":[{\"byteLength\":96,\"uri\":\"" + uri + "\"}],"
                + "\"bufferViews\":["
                + "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":32,\"byteStride\":8},"
                + "{\"buffer\":0,\"byteOffset\":32,\"byteLength\":4},"
                + "{\"buffer\":0,\"byteOffset\":36,\"byteLength\":32},"
                + "{\"buffer\":0,\"byteOffset\":68,\"byteLength\":16},"
                + "{\"buffer\":0,\"byteOffset\":84,\"byteLength\":1},"
                + "{\"buffer\":0,\"byteOffset\":88,\"byteLength\":6}],"
                + "\"accessors\":["
                + "{\"bufferView\":0,\"componentType\":5122,\"normalized\":true,\"count\":4,\"type\":\"VEC3\","
                + "\"sparse\":{\"count\":1,\"indices\":{\"bufferView\":4,\"componentType\":5121},"
                + "\"values\":{\"bufferView\":5}}},"                                          // 0 POSITION
                + "{\"bufferView\":1,\"componentType\":5121,\"count\":4,\"type\":\"SCALAR\"},"   // 1 indices
                + "{\"bufferView\":2,\"componentType\":5123,\"count\":4,\"type\":\"VEC4\"},"     // 2 JOINTS_0
                + "{\"bufferView\":3,\"componentType\":5121,\"normalized\":true,\"count\":4,"
                + "\"type\":\"VEC4\"},"                                                         // 3 WEIGHTS_0
                + "{\"componentType\":5126,\"count\":3,\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[1,1,1]},"
                + "{\"bufferView\":0,\"componentType\":5122,\"normalized\":true,\"count\":2,\"type\":\"VEC3\"},"
                + "{\"bufferView\":1,\"componentType\":5121,\"count\":1,\"type\":\"VEC4\"}],"
                + "\"materials\":[{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0.5,0.25,1,1]}}],"
                + "\"meshes\":["
                + "{\"name\":\"quantized\",\"primitives\":["
                + "{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":2,\"WEIGHTS_0\":3},\"indices\":1,\"mode\":5,"
                + "\"material\":0},"
                + "{\"attributes\":{\"POSITION\":0},\"mode\":6,\"targets\":[{\"POSITION\":0}]},"
                + "{\"attributes\":{\"POSITION\":4},\"extensions\":{\"KHR_draco_mesh_compression\":"
                + "{\"bufferView\":1,\"attributes\":{\"POSITION\":0}}}},"
                + "{\"attributes\":{\"POSITION\":0},\"mode\":0}]},"
                + "{\"primitives\":[{\"attributes\":{\"POSITION\":5},\"indices\":1}]},"
                + "{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":3,\"WEIGHTS_0\":3}}]},"
                + "{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":2}}]},"
                + "{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":6,\"WEIGHTS_0\":3}}]}],"
                + "\"nodes\":[{\"mesh\":0}],\"scenes\":[{\"nodes\":[0]}]}";
    }

    @Test
    void quantizedSparseSkinnedStripsFansDracoAndPoints() throws Exception {
        GltfModel model = Gltf.read(handMade().getBytes(StandardCharsets.UTF_8), "hand.gltf", null);
        assertThat(model.meshCount()).isEqualTo(5);
        GltfMesh mesh = model.readMesh(0);
        assertThat(mesh.name()).isEqualTo("quantized");
        assertThat(mesh.primitiveCount()).isEqualTo(4);

        GltfPrimitive strip = mesh.primitive(0);
        assertThat(strip.mode()).isEqualTo(GltfPrimitive.TRIANGLE_STRIP);
        // vertex 2 comes from the sparse value: -32767 / 32767 and 16384 / 32767
        assertThat(strip.positions()).containsExactly(0, 0, 0, 1, 0, 0, -1, 16384 / 32767f, 0, 1, 1, 0);
        assertThat(strip.triangles()).containsExactly(0, 1, 2, 1, 3, 2);
        assertThat(strip.joints()).containsExactly(0, 1, 2, 3, 1, 0, 0, 0, 300, 2, 0, 0, 3, 0, 0, 0);
        assertThat(strip.weights()).containsExactly(1, 0, 0, 0, 128 / 255f, 127 / 255f, 0, 0, 0, 0, 1, 0, 0, 0, 0,
                1);
        assertThat(strip.baseColorFactor()).containsExactly(0.5f, 0.25f, 1f, 1f);
        assertThat(strip.hasBaseColorTexture()).isFalse();
        assertThat(strip.material()).isZero();

        GltfPrimitive fan = mesh.primitive(1);
        assertThat(fan.triangles()).containsExactly(1, 2, 0, 2, 3, 0);
        assertThat(fan.isSkinned()).isFalse();
        assertThat(fan.joints()).isNull();
        assertThat(fan.baseColorFactor()).isNull();
        assertThat(fan.hasMorphTargets()).isTrue();

        GltfPrimitive draco = mesh.primitive(2);
        assertThat(draco.skipped()).contains("KHR_draco_mesh_compression");
        assertThat(draco.vertexCount()).isZero();
        assertThat(draco.triangleCount()).isZero();

        GltfPrimitive points = mesh.primitive(3);
        assertThat(points.skipped()).isNull();
        assertThat(points.vertexCount()).isEqualTo(4);
        assertThat(points.triangleCount()).isZero();
        assertThat(GltfPrimitive.modeName(points.mode())).isEqualTo("POINTS");
    }

    @Test
    void malformedGeometryIsAnErrorNamingTheLocationAndTheBound() throws Exception {
        GltfModel model = Gltf.read(handMade().getBytes(StandardCharsets.UTF_8), "hand.gltf", null);
        assertThatThrownBy(() -> model.readMesh(1)).isInstanceOf(GltfException.class)
                .hasMessageContaining("accessors[1]").hasMessageContaining("is 2, not below the POSITION count=2");
        assertThatThrownBy(() -> model.readMesh(2)).isInstanceOf(GltfException.class)
                .hasMessageContaining("accessors[3].componentType").hasMessageContaining("JOINTS_0");
        assertThatThrownBy(() -> model.readMesh(3)).isInstanceOf(GltfException.class)
                .hasMessageContaining("meshes[3].primitives[0].attributes: JOINTS_0 without WEIGHTS_0");
        assertThatThrownBy(() -> model.readMesh(4)).isInstanceOf(GltfException.class)
                .hasMessageContaining("accessors[6].count: count 1 differs from the POSITION count 4");
        assertThatThrownBy(() -> model.readMesh(5)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> model.readMesh(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
