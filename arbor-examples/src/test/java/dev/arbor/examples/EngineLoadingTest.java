package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.animation.Skeleton;
import dev.arbor.examples.EngineLoading.Draw;
import dev.arbor.examples.EngineLoading.Loaded;
import dev.arbor.examples.EngineLoading.MaterialParams;
import dev.arbor.gltf.GltfAccessor;
import dev.arbor.gltf.GltfPixels;
import dev.arbor.gltf.GltfVertexAttribute;
import dev.arbor.gltf.GltfVertexData;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.joml.Matrix4d;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the engine-style loader on CesiumMan and checks every buffer and parameter it filled against the file itself:
 * the GLB's JSON chunk read with Jackson and its BIN chunk read byte by byte here, the image decoded by
 * {@code javax.imageio} directly, the palette recomputed in double precision.
 */
class EngineLoadingTest {
    private static Path file;
    private static Loaded loaded;
    private static JsonNode json;
    private static ByteBuffer bin;

    @BeforeAll
    static void load() throws Exception {
        file = Path.of(EngineLoadingTest.class.getResource("/models/CesiumMan/CesiumMan.glb").toURI());
        loaded = EngineLoading.load(file);
        ByteBuffer glb = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLength = glb.getInt(12);
        json = new ObjectMapper().readTree(new String(glb.array(), 20, jsonLength, StandardCharsets.UTF_8));
        int binAt = 20 + jsonLength;
        int binLength = glb.getInt(binAt);
        bin = glb.slice(binAt + 8, binLength).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Where element {@code k} of accessor {@code a} starts in the BIN chunk. */
    private static int elementInBin(int a, int k) {
        JsonNode acc = json.get("accessors").get(a);
        JsonNode view = json.get("bufferViews").get(acc.get("bufferView").asInt());
        int stride = view.has("byteStride") ? view.get("byteStride").asInt() : elementSize(acc);
        return view.path("byteOffset").asInt(0) + acc.path("byteOffset").asInt(0) + k * stride;
    }

    private static int elementSize(JsonNode acc) {
        int components = switch (acc.get("type").asText()) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            default -> 4;
        };
        int size = switch (acc.get("componentType").asInt()) {
            case 5120, 5121 -> 1;
            case 5122, 5123 -> 2;
            default -> 4;
        };
        return components * size;
    }

    private static JsonNode primitiveJson() {
        return json.get("meshes").get(0).get("primitives").get(0);
    }

    @Test
    void onePrimitiveIsLoadedWithOneInterleavedBufferOfEveryAttribute() {
        assertThat(loaded.draws()).hasSize(1);
        GltfVertexData v = loaded.draws().get(0).vertices();
        // JOINTS_0 4 × u16 (8) + NORMAL 12 + POSITION 12 + TEXCOORD_0 8 + WEIGHTS_0 16 = 56 bytes per vertex
        assertThat(v.vertexCount()).isEqualTo(3273).isEqualTo(json.get("accessors").get(3).get("count").asInt());
        assertThat(v.bufferCount()).isEqualTo(1);
        assertThat(v.buffer(0).isDirect()).isTrue();
        assertThat(v.buffer(0).remaining()).isEqualTo(3273 * 56);
        assertThat(v.attributes()).extracting(GltfVertexAttribute::name)
                .containsExactly("JOINTS_0", "NORMAL", "POSITION", "TEXCOORD_0", "WEIGHTS_0");
        assertThat(v.attributes()).extracting(GltfVertexAttribute::offset).containsExactly(0, 8, 20, 32, 40);
        assertThat(v.attributes()).extracting(GltfVertexAttribute::stride).containsOnly(56);
    }

    @Test
    void eachAttributesBytesInTheVertexBufferAreTheFilesBytesForEveryVertex() {
        GltfVertexData v = loaded.draws().get(0).vertices();
        ByteBuffer vertices = v.buffer(0);
        JsonNode attributes = primitiveJson().get("attributes");
        for (GltfVertexAttribute a : v.attributes()) {
            int accessor = attributes.get(a.name()).asInt();
            int size = elementSize(json.get("accessors").get(accessor));
            assertThat(a.componentType()).isEqualTo(json.get("accessors").get(accessor).get("componentType").asInt());
            byte[] got = new byte[size];
            byte[] want = new byte[size];
            for (int k = 0; k < v.vertexCount(); k++) {
                vertices.get(a.offset() + k * a.stride(), got);
                bin.get(elementInBin(accessor, k), want);
                assertThat(got).as("%s of vertex %d", a.name(), k).isEqualTo(want);
            }
        }
    }

    @Test
    void thePositionOfVertexKDecodesToTheAccessorsValue() throws Exception {
        GltfVertexData v = loaded.draws().get(0).vertices();
        GltfVertexAttribute position = v.attribute("POSITION");
        float[] decoded = loaded.model().readMesh(0).primitive(0).attribute("POSITION").floats();
        ByteBuffer vertices = v.buffer(0);
        for (int k : new int[] {0, 1, 1636, 3272}) {
            for (int c = 0; c < 3; c++) {
                assertThat(vertices.getFloat(position.offset() + k * position.stride() + 4 * c))
                        .as("vertex %d component %d", k, c).isEqualTo(decoded[3 * k + c]);
            }
        }
        // vertex 0 as the file stores it (POSITION is accessor 3 in bufferView 2 at byteOffset 39276)
        assertThat(vertices.getFloat(position.offset())).isEqualTo(bin.getFloat(80400 + 39276));
    }

    @Test
    void theIndexBufferKeepsItsUnsignedShortsAndTheirCount() {
        Draw draw = loaded.draws().get(0);
        assertThat(draw.mode()).isEqualTo(4);
        assertThat(draw.indexType()).isEqualTo(GltfAccessor.UNSIGNED_SHORT);
        assertThat(draw.indexCount()).isEqualTo(14016).isEqualTo(json.get("accessors").get(0).get("count").asInt());
        ByteBuffer indices = draw.indices();
        assertThat(indices.isDirect()).isTrue();
        assertThat(indices.remaining()).isEqualTo(14016 * 2);
        int max = 0;
        for (int i = 0; i < draw.indexCount(); i++) {
            int index = indices.getShort(indices.position() + 2 * i) & 0xFFFF;
            assertThat(index).as("index %d", i).isEqualTo(bin.getShort(elementInBin(0, i)) & 0xFFFF);
            max = Math.max(max, index);
        }
        assertThat(max).isEqualTo(3272);
    }

    @Test
    void theMaterialParametersAreTheJsonsWithItsSampler() {
        MaterialParams m = loaded.draws().get(0).material();
        JsonNode mat = json.get("materials").get(0);
        JsonNode pbr = mat.get("pbrMetallicRoughness");
        assertThat(m.name()).isEqualTo("Cesium_Man-effect").isEqualTo(mat.get("name").asText());
        float[] factor = new float[4];
        for (int c = 0; c < 4; c++) {
            factor[c] = (float) pbr.get("baseColorFactor").get(c).asDouble();
        }
        assertThat(m.baseColorFactor()).containsExactly(factor).containsExactly(1f, 1f, 1f, 1f);
        assertThat(m.metallic()).isEqualTo(0f).isEqualTo((float) pbr.get("metallicFactor").asDouble());
        assertThat(m.roughness()).isEqualTo(1f).isEqualTo((float) pbr.get("roughnessFactor").asDouble());
        assertThat(m.alphaMode()).isEqualTo("OPAQUE");
        assertThat(m.alphaCutoff()).isEqualTo(0.5f);
        assertThat(m.doubleSided()).isFalse();
        assertThat(m.baseColorImage()).isEqualTo(0);
        assertThat(m.baseColorUvSet()).isEqualTo(0);
        JsonNode sampler = json.get("samplers").get(0);
        assertThat(m.baseColorSampler().magFilter()).isEqualTo(9729).isEqualTo(sampler.get("magFilter").asInt());
        assertThat(m.baseColorSampler().minFilter()).isEqualTo(9986).isEqualTo(sampler.get("minFilter").asInt());
        assertThat(m.baseColorSampler().wrapS()).isEqualTo(10497);
        assertThat(m.baseColorSampler().wrapT()).isEqualTo(10497);
    }

    @Test
    void theBaseColourImageIsDecodedToRgba8AsImageIoDecodesTheEmbeddedJpeg() throws Exception {
        JsonNode view = json.get("bufferViews").get(json.get("images").get(0).get("bufferView").asInt());
        byte[] jpeg = new byte[view.get("byteLength").asInt()];
        bin.get(view.get("byteOffset").asInt(), jpeg);
        int[] size = jpegSize(jpeg);
        BufferedImage reference = ImageIO.read(new ByteArrayInputStream(jpeg));

        assertThat(loaded.images()).containsOnlyKeys(0);
        GltfPixels pixels = loaded.images().get(0);
        assertThat(new int[] {pixels.width(), pixels.height()}).containsExactly(size).containsExactly(1024, 1024);
        ByteBuffer rgba = pixels.rgba();
        assertThat(rgba.remaining()).isEqualTo(1024 * 1024 * 4);
        for (int y = 0; y < pixels.height(); y++) {
            for (int x = 0; x < pixels.width(); x++) {
                int argb = reference.getRGB(x, y);
                int at = 4 * (y * pixels.width() + x);
                int got = (rgba.get(at + 3) & 0xFF) << 24 | (rgba.get(at) & 0xFF) << 16
                        | (rgba.get(at + 1) & 0xFF) << 8 | rgba.get(at + 2) & 0xFF;
                if (got != argb) {
                    assertThat(Integer.toHexString(got)).as("pixel (%d, %d)", x, y)
                            .isEqualTo(Integer.toHexString(argb));
                }
            }
        }
        // a JPEG is opaque
        assertThat(rgba.get(3) & 0xFF).isEqualTo(255);
    }

    /** Width and height from a JPEG's start-of-frame segment. */
    private static int[] jpegSize(byte[] jpeg) {
        int at = 2;
        while (at + 9 < jpeg.length) {
            int marker = jpeg[at + 1] & 0xFF;
            int length = (jpeg[at + 2] & 0xFF) << 8 | jpeg[at + 3] & 0xFF;
            if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
                int height = (jpeg[at + 5] & 0xFF) << 8 | jpeg[at + 6] & 0xFF;
                int width = (jpeg[at + 7] & 0xFF) << 8 | jpeg[at + 8] & 0xFF;
                return new int[] {width, height};
            }
            at += 2 + length;
        }
        throw new AssertionError("no start-of-frame segment");
    }

    @Test
    void everyPaletteEntryIsMeshFromWorldTimesJointWorldTimesInverseBindAtThePosedTime() {
        Skeleton skeleton = loaded.skeleton();
        assertThat(skeleton.jointCount()).isEqualTo(19).isEqualTo(json.get("skins").get(0).get("joints").size());
        assertThat(loaded.palette().capacity()).isEqualTo(19 * 16);
        float[] m = new float[12];
        Matrix4d meshFromWorld = SkinnedCrowdTest.affine(loaded.hierarchy().getWorld(loaded.skinnedMesh(), m, 0))
                .invert();
        double fromIdentity = 0;
        for (int j = 0; j < skeleton.jointCount(); j++) {
            Matrix4d expected = new Matrix4d(meshFromWorld)
                    .mul(SkinnedCrowdTest.affine(loaded.hierarchy().getWorld(skeleton.joint(j), m, 0)))
                    .mul(SkinnedCrowdTest.affine(skeleton.inverseBindMatrix(j, m, 0)));
            for (int k = 0; k < 16; k++) {
                double want = expected.get(k / 4, k % 4);
                float got = loaded.palette().get(j * 16 + k);
                assertThat((double) got).as("joint %d element %d", j, k)
                        .isCloseTo(want, org.assertj.core.data.Offset.offset(2e-5 * (1 + Math.abs(want))));
                fromIdentity += Math.abs(got - (k % 5 == 0 ? 1 : 0));
            }
        }
        // half a second into the walk the joints are away from the bind pose (whose palette is the identity)
        assertThat(fromIdentity).isGreaterThan(0.1);
    }

    @Test
    void theAttributeCallsAreTheOnesARendererMakes() {
        GltfVertexData v = loaded.draws().get(0).vertices();
        assertThat(EngineLoading.attribPointerCall(EngineLoading.LOCATIONS.indexOf("JOINTS_0"),
                v.attribute("JOINTS_0")))
                .isEqualTo("glVertexAttribIPointer(6, 4, GL_UNSIGNED_SHORT, 56, (void*) 0);  // JOINTS_0");
        assertThat(EngineLoading.attribPointerCall(EngineLoading.LOCATIONS.indexOf("POSITION"),
                v.attribute("POSITION")))
                .isEqualTo("glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 56, (void*) 20);  // POSITION");
        assertThat(EngineLoading.attribPointerCall(2, new GltfVertexAttribute("COLOR_0", 0, 4, 8,
                GltfAccessor.UNSIGNED_BYTE, 4, true)))
                .isEqualTo("glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8, (void*) 4);  // COLOR_0");
    }

    @Test
    void mainPrintsTheCallsAndTheMaterial() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            EngineLoading.main(new String[] {file.toString()});
        } finally {
            System.setOut(old);
        }
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).contains(
                "mesh 0 primitive 0: 3273 vertices, 183288 bytes in 1 buffer(s)",
                "  glVertexAttribPointer(7, 4, GL_FLOAT, GL_FALSE, 56, (void*) 40);  // WEIGHTS_0",
                "  glDrawElements(GL_TRIANGLES, 14016, GL_UNSIGNED_SHORT, 0);",
                "  material Cesium_Man-effect: baseColorFactor (1.000, 1.000, 1.000, 1.000), metallic 0.000,"
                        + " roughness 1.000, alpha OPAQUE, back faces culled",
                "  glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1024, 1024, 0, GL_RGBA, GL_UNSIGNED_BYTE,"
                        + " pixels);  // image 0, sampled with TEXCOORD_0",
                "  glTexParameteri: MIN_FILTER GL_NEAREST_MIPMAP_LINEAR, MAG_FILTER GL_LINEAR, WRAP_S GL_REPEAT,"
                        + " WRAP_T GL_REPEAT");
    }

    @Test
    void aModelWithoutSkinIsRefusedWithItsName() throws Exception {
        Path morph = Path.of(EngineLoadingTest.class.getResource("/models/SimpleMorph/SimpleMorph.gltf").toURI());
        assertThatThrownBy(() -> EngineLoading.load(morph)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SimpleMorph.gltf: needs a skin used by a node and an animation");
    }

    @Test
    void aPrimitiveWithoutMaterialGetsTheDefaultMaterial() throws Exception {
        MaterialParams m = EngineLoading.material(loaded.model(), -1);
        assertThat(m.baseColorFactor()).containsExactly(1f, 1f, 1f, 1f);
        assertThat(new float[] {m.metallic(), m.roughness(), m.alphaCutoff()}).containsExactly(1f, 1f, 0.5f);
        assertThat(m.alphaMode()).isEqualTo("OPAQUE");
        assertThat(m.baseColorImage()).isEqualTo(-1);
        assertThat(Arrays.asList(m.doubleSided(), m.baseColorSampler().wrapS())).containsExactly(false, 10497);
    }
}
