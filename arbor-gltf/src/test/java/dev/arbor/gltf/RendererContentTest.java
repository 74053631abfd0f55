package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/**
 * What a renderer reads: every attribute, indices, vertex buffers, morph targets, materials, textures, images,
 * cameras, lights and instancing. Values are checked against the files' bytes: {@code RendererFeatures.gltf} (written
 * by {@code src/test/resources/renderer/make_renderer_features.py}, every value chosen there) and Khronos sample
 * models whose accessors' min/max and JSON state the expected values.
 */
class RendererContentTest {
    private static final Path FEATURES = SampleModels.dir().getParent().resolve("renderer")
            .resolve("RendererFeatures.gltf");

    private static GltfModel features() throws Exception {
        return Gltf.read(FEATURES);
    }

    @Test
    void interleavedQuadHasEveryAttributeWithItsTypeAndValues() throws Exception {
        GltfPrimitive quad = features().readMesh(0).primitive(0);
        assertThat(quad.attributes().keySet()).containsExactly("POSITION", "TEXCOORD_0", "COLOR_0");
        GltfAccessor uv = quad.attribute("TEXCOORD_0");
        assertThat(uv.componentType()).isEqualTo(GltfAccessor.UNSIGNED_SHORT);
        assertThat(uv.type()).isEqualTo("VEC2");
        assertThat(uv.normalized()).isTrue();
        assertThat(uv.count()).isEqualTo(4);
        assertThat(uv.ints()).containsExactly(0, 65535, 65535, 65535, 65535, 0, 0, 0);
        assertThat(uv.floats()).containsExactly(0f, 1f, 1f, 1f, 1f, 0f, 0f, 0f);
        GltfAccessor color = quad.attribute("COLOR_0");
        assertThat(color.ints()).containsExactly(255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 128, 255, 255, 255, 0);
        assertThat(color.floats()[11]).isEqualTo(128f / 255f);
        assertThat(quad.attribute("POSITION").floats()).containsExactly(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0);
        assertThat(quad.indices().componentType()).isEqualTo(GltfAccessor.UNSIGNED_BYTE);
        assertThat(quad.indexArray()).containsExactly(0, 1, 2, 0, 2, 3);
        ByteBuffer indices = quad.indexBuffer();
        assertThat(indices.isDirect()).isTrue();
        assertThat(indices.remaining()).isEqualTo(6);
        assertThat(indices.get(5)).isEqualTo((byte) 3);
    }

    @Test
    void interleavedFileDataIsHandedOutAsOneSliceWithTheFilesLayout() throws Exception {
        GltfPrimitive quad = features().readMesh(0).primitive(0);
        GltfVertexData data = quad.vertexData(true);
        assertThat(data.bufferCount()).isEqualTo(1);
        assertThat(data.isSlice(0)).isTrue();
        assertThat(data.attributes()).containsExactly(
                new GltfVertexAttribute("POSITION", 0, 0, 20, GltfAccessor.FLOAT, 3, false),
                new GltfVertexAttribute("TEXCOORD_0", 0, 12, 20, GltfAccessor.UNSIGNED_SHORT, 2, true),
                new GltfVertexAttribute("COLOR_0", 0, 16, 20, GltfAccessor.UNSIGNED_BYTE, 4, true));
        ByteBuffer b = data.buffer(0);
        assertThat(b.isDirect()).isTrue();
        assertThat(b.remaining()).isEqualTo(80);
        assertThat(b.getFloat(20)).isEqualTo(1f); // vertex 1's x
        assertThat(b.get(3 * 20 + 19)).isEqualTo((byte) 0); // vertex 3's alpha
        GltfVertexData separate = quad.vertexData(false);
        assertThat(separate.bufferCount()).isEqualTo(3);
        assertThat(separate.attribute("COLOR_0")).isEqualTo(
                new GltfVertexAttribute("COLOR_0", 2, 0, 20, GltfAccessor.UNSIGNED_BYTE, 4, true));
        assertThat(separate.buffer(2).get(0)).isEqualTo((byte) 255);
        assertThat(separate.buffer(2).remaining()).isEqualTo(3 * 20 + 4);
    }

    @Test
    void quantizedStripDequantizesAndPacksSparseAndPaddedAttributes() throws Exception {
        GltfPrimitive strip = features().readMesh(1).primitive(0);
        assertThat(strip.mode()).isEqualTo(GltfPrimitive.TRIANGLE_STRIP);
        assertThat(strip.indices()).isNull();
        assertThat(strip.indexArray()).isNull();
        assertThat(strip.attributes().keySet()).containsExactly("POSITION", "NORMAL", "TEXCOORD_0", "TEXCOORD_1",
                "_TEMPERATURE");
        GltfAccessor pos = strip.attribute("POSITION");
        assertThat(pos.componentType()).isEqualTo(GltfAccessor.SHORT);
        assertThat(pos.normalized()).isFalse();
        assertThat(pos.floats()).containsExactly(0, 0, 0, 100, 0, 0, 0, 100, 0, 100, 100, -50);
        assertThat(strip.attribute("NORMAL").floats()).containsExactly(0, 0, 1, 0, 0, 1, 0, -1, 0, 1, 0, 0);
        assertThat(strip.attribute("TEXCOORD_0").floats()).containsExactly(0, 0, 1, 0, 0, 1, 1, 1);
        GltfAccessor sparse = strip.attribute("TEXCOORD_1");
        assertThat(sparse.sparse()).isTrue();
        assertThat(sparse.sliceable()).isFalse();
        assertThat(sparse.floats()).containsExactly(0, 0, 0.25f, 0.5f, 0, 0, 0.75f, 1);
        float[] reused = new float[10];
        java.util.Arrays.fill(reused, 9f);
        // no buffer view: zeros, then the sparse values; the two floats past the accessor are left alone
        assertThat(sparse.floats(reused)).isSameAs(reused).containsExactly(0, 0, 0.25f, 0.5f, 0, 0, 0.75f, 1, 9, 9);
        assertThat(strip.attribute("_TEMPERATURE").floats(reused)).startsWith(-1.5f, 0f, 20.25f, 100f, 0, 0);
        assertThat(reused[8]).isEqualTo(9f);
        assertThatThrownBy(() -> sparse.floats(new float[7])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=7, required=8");
        assertThat(strip.attribute("_TEMPERATURE").floats()).containsExactly(-1.5f, 0f, 20.25f, 100f);
        assertThat(strip.triangles()).containsExactly(0, 1, 2, 1, 3, 2);

        GltfVertexData packed = strip.vertexData(true);
        assertThat(packed.isSlice(0)).isFalse();
        // SHORT3 6 -> 8, BYTE3 3 -> 4, UBYTE2 2 -> 4, FLOAT2 8, FLOAT 4: stride 28
        assertThat(packed.attributes()).extracting(GltfVertexAttribute::offset).containsExactly(0, 8, 12, 16, 24);
        assertThat(packed.attribute("POSITION").stride()).isEqualTo(28);
        ByteBuffer b = packed.buffer(0);
        assertThat(b.remaining()).isEqualTo(4 * 28);
        assertThat(b.getShort(3 * 28 + 4)).isEqualTo((short) -50);
        assertThat(b.get(2 * 28 + 8 + 1)).isEqualTo((byte) -128);
        assertThat(b.getFloat(3 * 28 + 16 + 4)).isEqualTo(1f);
        assertThat(b.getFloat(3 * 28 + 24)).isEqualTo(100f);
        GltfVertexData separate = strip.vertexData(false);
        assertThat(separate.isSlice(0)).isTrue();
        assertThat(separate.attribute("POSITION").stride()).isEqualTo(8);
        assertThat(separate.isSlice(3)).isFalse();
        assertThat(separate.buffer(3).getFloat(3 * 8 + 4)).isEqualTo(1f);
        assertThat(separate.buffer(4).getFloat(8)).isEqualTo(20.25f);
    }

    /** Every file of the renderer tests: the sample models, the hand-made file and the primitive-mode files. */
    static List<Path> rendererFiles() {
        List<Path> files = new java.util.ArrayList<>();
        for (String name : ThreeJsComparisonTest.MODELS) {
            files.add(SampleModels.model(name));
        }
        files.add(FEATURES);
        for (int i = 0; i < 16; i++) {
            files.add(SampleModels.dir().getParent().resolve("primitive-modes")
                    .resolve(String.format("Mesh_PrimitiveMode_%02d.gltf", i)));
        }
        return files;
    }

    @Test
    void everyVertexLayoutReadsBackTheDecodedValues() throws Exception {
        int checked = 0;
        for (Path file : rendererFiles()) {
            GltfModel model = Gltf.read(file);
            for (int m = 0; m < model.meshCount(); m++) {
                GltfMesh mesh = model.readMesh(m);
                for (int p = 0; p < mesh.primitiveCount(); p++) {
                    GltfPrimitive prim = mesh.primitive(p);
                    for (boolean interleaved : new boolean[] {false, true}) {
                        GltfVertexData data = prim.vertexData(interleaved);
                        assertThat(data.attributes()).hasSize(prim.attributes().size());
                        for (GltfVertexAttribute layout : data.attributes()) {
                            GltfAccessor a = prim.attribute(layout.name());
                            String where = file.getFileName() + " meshes[" + m + "].primitives[" + p + "]."
                                    + layout.name() + (interleaved ? " interleaved" : " separate");
                            assertThat(layout.componentType()).as(where).isEqualTo(a.componentType());
                            assertThat(layout.componentCount()).as(where).isEqualTo(a.componentCount());
                            assertThat(layout.normalized()).as(where).isEqualTo(a.normalized());
                            assertThat(layout.stride() % 4).as(where + " stride").isZero();
                            assertThat(layout.offset() % 4).as(where + " offset").isZero();
                            ByteBuffer b = data.buffer(layout.buffer());
                            assertThat(b.isDirect()).isTrue();
                            float[] expected = a.floats();
                            int n = a.componentCount();
                            for (int v = 0; v < a.count(); v++) {
                                for (int c = 0; c < n; c++) {
                                    int at = layout.offset() + v * layout.stride() + c * a.componentSize();
                                    assertThat(Accessors.readFloat(ByteBuffer.wrap(bytes(b, at, a.componentSize()))
                                            .order(java.nio.ByteOrder.LITTLE_ENDIAN), 0,
                                            a.componentType(), a.normalized())).as(where + " vertex " + v)
                                            .isEqualTo(expected[v * n + c]);
                                }
                            }
                            checked++;
                        }
                    }
                    if (prim.indices() != null) {
                        ByteBuffer ib = prim.indexBuffer();
                        int[] indices = prim.indexArray();
                        int size = prim.indices().componentSize();
                        assertThat(ib.remaining()).isEqualTo(indices.length * size);
                        for (int i = 0; i < indices.length; i++) {
                            assertThat(Accessors.readInt(ByteBuffer.wrap(bytes(ib, i * size, size))
                                    .order(java.nio.ByteOrder.LITTLE_ENDIAN), 0,
                                    prim.indices().componentType())).isEqualTo(indices[i]);
                        }
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(60);
    }

    @Test
    void glbAttributesAreSlicesOfTheBinaryChunkSharedBetweenCalls() throws Exception {
        GltfPrimitive box = Gltf.read(SampleModels.model("BoxTextured")).readMesh(0).primitive(0);
        GltfVertexData first = box.vertexData(false);
        GltfVertexData second = box.vertexData(false);
        for (int i = 0; i < first.bufferCount(); i++) {
            assertThat(first.isSlice(i)).isTrue();
        }
        GltfVertexAttribute normal = first.attribute("NORMAL");
        assertThat(normal.stride()).isEqualTo(12);
        // a second call hands out the same bytes, as slices again
        ByteBuffer a = first.buffer(normal.buffer());
        ByteBuffer b = second.buffer(normal.buffer());
        assertThat(a.getFloat(0)).isEqualTo(box.attribute("NORMAL").floats()[0]);
        assertThat(a.remaining()).isEqualTo(24 * 12);
        assertThat(b.equals(a)).isTrue();
        assertThat(box.indexBuffer().isDirect()).isTrue();
    }

    private static byte[] bytes(ByteBuffer b, int at, int size) {
        byte[] out = new byte[size];
        b.get(at, out);
        return out;
    }

    @Test
    void sparseAccessorSampleSubstitutesThreeVerticesWithinTheDeclaredBounds() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("SimpleSparseAccessor"));
        GltfAccessor pos = model.readMesh(0).primitive(0).attribute("POSITION");
        float[] v = pos.floats();
        assertThat(v.length).isEqualTo(42);
        // vertices 8, 10 and 12 are raised to y = 2, 3, 4; max[1] = 4 in the file
        assertThat(new float[] {v[25], v[31], v[37]}).containsExactly(2f, 3f, 4f);
        assertThat(new float[] {v[24], v[30], v[36]}).containsExactly(1f, 3f, 5f);
        assertMinMax(v, 3, new float[] {0, 0, 0}, new float[] {6, 4, 0});
        ByteBuffer bytes = pos.bytes();
        assertThat(bytes.getFloat(10 * 12 + 4)).isEqualTo(3f);
        assertThat(model.readMesh(0).primitive(0).indexArray()).hasSize(36).startsWith(0, 8, 7, 0, 1, 8);
    }

    @Test
    void vertexColorSampleHasPositionNormalAndColourWithinTheirBounds() throws Exception {
        GltfPrimitive p = Gltf.read(SampleModels.model("BoxVertexColors")).readMesh(0).primitive(0);
        assertThat(p.attributes().keySet()).containsExactly("POSITION", "NORMAL", "COLOR_0");
        assertMinMax(p.attribute("POSITION").floats(), 3, new float[] {0, 0, 0}, new float[] {1, 1, 1});
        assertMinMax(p.attribute("NORMAL").floats(), 3, new float[] {-1, -1, -1}, new float[] {1, 1, 1});
        assertMinMax(p.attribute("COLOR_0").floats(), 3, new float[] {0, 0, 0}, new float[] {1, 1, 1});
        // three accessors in one view of stride 12, one after the other: separate slices share the view
        GltfVertexData d = p.vertexData(false);
        assertThat(d.isSlice(0) && d.isSlice(1) && d.isSlice(2)).isTrue();
        assertThat(d.vertexCount()).isEqualTo(24);
    }

    @Test
    void morphTargetsApplyWeightsToPositionsAndNormals() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("AnimatedMorphCube"));
        GltfMesh mesh = model.readMesh(0);
        GltfPrimitive p = mesh.primitive(0);
        assertThat(p.targetCount()).isEqualTo(2);
        assertThat(p.target(0).keySet()).containsExactly("NORMAL", "POSITION", "TANGENT");
        assertThat(mesh.targetNames()).isEmpty();
        float[] base = p.attribute("POSITION").floats();
        float[] d0 = p.target(0).get("POSITION").floats();
        float[] d1 = p.target(1).get("POSITION").floats();
        float[] out = p.morphed("POSITION", new float[] {0.5f, 0.25f}, new float[base.length]);
        for (int i = 0; i < base.length; i++) {
            assertThat(out[i]).isCloseTo(base[i] + 0.5f * d0[i] + 0.25f * d1[i], within(1e-7f));
        }
        float[] zero = p.morphed("NORMAL", new float[2], new float[base.length]);
        assertThat(zero).containsExactly(p.attribute("NORMAL").floats());
        assertThatThrownBy(() -> p.morphed("POSITION", new float[1], new float[base.length]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("weights too short: length=1, required=2");
        assertThatThrownBy(() -> p.morphed("COLOR_0", new float[2], new float[base.length]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("no attribute COLOR_0 in this primitive");
    }

    @Test
    void sparseOnlyMorphTargetIsNamedAndApplied() throws Exception {
        GltfMesh mesh = features().readMesh(1);
        assertThat(mesh.targetNames()).containsExactly("lift");
        assertThat(mesh.weights()).containsExactly(0.5f);
        GltfPrimitive strip = mesh.primitive(0);
        assertThat(strip.target(0).get("POSITION").floats()).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10);
        float[] out = strip.morphed("POSITION", mesh.weights(), new float[12]);
        assertThat(out).containsExactly(0, 0, 0, 100, 0, 0, 0, 100, 0, 100, 100, -45);
    }

    @Test
    void materialHasFactorsTexturesTransformAndExtensions() throws Exception {
        GltfModel model = features();
        assertThat(model.materialCount()).isEqualTo(2);
        GltfMaterial glow = model.material(0);
        assertThat(glow.name()).isEqualTo("glow");
        assertThat(glow.baseColorFactor()).containsExactly(0.5f, 0.25f, 1f, 1f);
        assertThat(glow.metallicFactor()).isEqualTo(0.2f);
        assertThat(glow.roughnessFactor()).isEqualTo(0.7f);
        assertThat(glow.baseColorTexture()).isEqualTo(new GltfTextureRef(0, 0, 1f, true, 0.25f, 0.5f, 0.5f, 2f, 3f,
                1));
        assertThat(glow.baseColorTexture().effectiveTexCoord()).isEqualTo(1);
        assertThat(glow.metallicRoughnessTexture()).isEqualTo(new GltfTextureRef(1, 0, 1f, false, 0, 0, 0, 1, 1, -1));
        assertThat(glow.normalTexture().scale()).isEqualTo(0.8f);
        assertThat(glow.occlusionTexture().scale()).isEqualTo(0.5f);
        assertThat(glow.emissiveTexture().texCoord()).isEqualTo(1);
        assertThat(glow.emissiveFactor()).containsExactly(1f, 0.5f, 0.25f);
        assertThat(glow.emissiveStrength()).isEqualTo(4f);
        assertThat(glow.alphaMode()).isEqualTo("MASK");
        assertThat(glow.alphaCutoff()).isEqualTo(0.3f);
        assertThat(glow.doubleSided()).isTrue();
        assertThat(glow.unlit()).isFalse();
        assertThat(glow.extensionNames()).containsExactly("KHR_materials_emissive_strength", "KHR_materials_ior");
        assertThat(glow.extensionJson("KHR_materials_ior")).isEqualTo("{\"ior\":1.4}");
        Matrix3f m = glow.baseColorTexture().uvTransform(new Matrix3f());
        org.joml.Vector3f uv = m.transform(new org.joml.Vector3f(1f, 0f, 1f));
        // T(0.25, 0.5) R(0.5) S(2, 3) (1, 0): (2cos 0.5 + 0.25, -2 sin 0.5 + 0.5)
        assertThat(uv.x).isCloseTo((float) (2 * Math.cos(0.5) + 0.25), within(1e-6f));
        assertThat(uv.y).isCloseTo((float) (-2 * Math.sin(0.5) + 0.5), within(1e-6f));
        GltfMaterial flat = model.material(1);
        assertThat(flat.unlit()).isTrue();
        assertThat(flat.alphaMode()).isEqualTo("BLEND");
        assertThat(flat.alphaCutoff()).isEqualTo(0.5f);
        assertThat(flat.metallicFactor()).isEqualTo(1f);
        assertThat(flat.baseColorTexture()).isNull();
        assertThat(flat.emissiveFactor()).containsExactly(0f, 0f, 0f);
    }

    @Test
    void texturesSamplersAndImagesFromBufferViewDataUriAndOtherFormats() throws Exception {
        GltfModel model = features();
        assertThat(model.textureCount()).isEqualTo(4);
        assertThat(model.texture(0)).isEqualTo(new GltfTexture("checker", 0, 0, -1, -1));
        assertThat(model.texture(2)).isEqualTo(new GltfTexture(null, -1, 0, 2, -1));
        assertThat(model.texture(3)).isEqualTo(new GltfTexture(null, -1, 1, -1, 3));
        assertThat(model.sampler(0)).isEqualTo(new GltfSampler(9728, 9986, 33071, 33648));
        assertThat(model.sampler(1)).isEqualTo(GltfSampler.DEFAULT);
        assertThat(model.sampler(-1)).isEqualTo(new GltfSampler(-1, -1, 10497, 10497));
        assertThat(model.image(0)).isEqualTo(new GltfImage("checker", null, model.image(0).bufferView(),
                "image/png"));
        assertThat(model.image(1).mimeType()).isEqualTo("image/png");
        assertThat(model.image(1).uri()).isEqualTo("data:image/png;base64,…");
        GltfPixels checker = model.decodeImage(0);
        assertThat(checker.width()).isEqualTo(2);
        assertThat(checker.height()).isEqualTo(2);
        ByteBuffer px = checker.rgba();
        assertThat(new int[] {px.get(0) & 0xFF, px.get(1) & 0xFF, px.get(2) & 0xFF, px.get(3) & 0xFF})
                .containsExactly(255, 0, 0, 255);
        assertThat(px.get(15) & 0xFF).isEqualTo(128);
        ByteBuffer one = model.decodeImage(1).rgba();
        assertThat(new int[] {one.get(0), one.get(1), one.get(2), one.get(3)}).containsExactly(10, 20, 30, 40);
        assertThat(model.undecodableReason(0)).isNull();
        assertThat(model.undecodableReason(2)).contains("WebP");
        assertThat(model.imageBytes(3)).startsWith((byte) 0xAB, (byte) 'K', (byte) 'T', (byte) 'X');
        assertThatThrownBy(() -> model.decodeImage(2)).isInstanceOf(GltfException.class)
                .hasMessageStartingWith("images[2]: the image is WebP (EXT_texture_webp), which Arbor reports but"
                        + " does not decode");
        assertThatThrownBy(() -> model.decodeImage(3)).isInstanceOf(GltfException.class)
                .hasMessageStartingWith("images[3]: the image is KTX2 (KHR_texture_basisu, Basis Universal)");
    }

    @Test
    void imagesBesideAGltfFileAreReadAndDecoded() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("TextureTransformTest"));
        assertThat(model.imageCount()).isEqualTo(5);
        for (int i = 0; i < model.imageCount(); i++) {
            assertThat(model.image(i).mimeType()).isEqualTo("image/png");
            GltfPixels p = model.decodeImage(i);
            assertThat(p.rgba().remaining()).isEqualTo(p.width() * p.height() * 4);
        }
        GltfModel box = Gltf.read(SampleModels.model("BoxTextured"));
        GltfPixels logo = box.decodeImage(0);
        assertThat(logo.width()).isEqualTo(211);
        assertThat(logo.height()).isEqualTo(211);
        GltfModel fromBytes = Gltf.read(("{\"asset\":{\"version\":\"2.0\"},\"images\":[{\"uri\":\"UV.png\"}]}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8), "images.gltf", null);
        assertThatThrownBy(() -> fromBytes.imageBytes(0)).isInstanceOf(GltfException.class)
                .hasMessageContaining("images[0].uri: external image \"UV.png\" cannot be resolved: the document was"
                        + " not read from a file");
    }

    @Test
    void camerasGiveTheSpecificationsProjection() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("Cameras"));
        assertThat(model.cameraCount()).isEqualTo(2);
        assertThat(model.nodeCamera(1)).isEqualTo(0);
        assertThat(model.nodeCamera(2)).isEqualTo(1);
        assertThat(model.nodeCamera(0)).isEqualTo(-1);
        GltfCamera perspective = model.camera(0);
        assertThat(perspective).isEqualTo(new GltfCamera(null, "perspective", 0.7f, 1f, 0f, 0f, 0.01f, 100f));
        Matrix4f p = perspective.projection(2f, new Matrix4f());
        float f = (float) (1 / Math.tan(0.35));
        assertThat(p.m00()).isCloseTo(f, within(1e-5f));
        assertThat(p.m11()).isCloseTo(f, within(1e-5f));
        assertThat(p.m22()).isCloseTo(-100.01f / 99.99f, within(1e-6f));
        assertThat(p.m23()).isEqualTo(-1f);
        assertThat(p.m32()).isCloseTo(-2f / 99.99f, within(1e-6f));
        Matrix4f o = model.camera(1).projection(1f, new Matrix4f());
        assertThat(o.m00()).isEqualTo(1f);
        assertThat(o.m22()).isCloseTo(-2f / 99.99f, within(1e-6f));
        assertThat(o.m32()).isCloseTo(-100.01f / 99.99f, within(1e-6f));
        assertThat(o.m33()).isEqualTo(1f);
        Matrix4f infinite = features().camera(0).projection(2f, new Matrix4f());
        assertThat(infinite.m00()).isCloseTo((float) (1 / Math.tan(0.4)) / 2f, within(1e-6f));
        assertThat(infinite.m22()).isEqualTo(-1f);
        assertThat(infinite.m32()).isCloseTo(-0.2f, within(1e-7f));
    }

    @Test
    void punctualLightsAreAttachedToTheirNodes() throws Exception {
        GltfModel model = features();
        assertThat(model.lightCount()).isEqualTo(3);
        assertThat(model.nodeLight(3)).isEqualTo(0);
        assertThat(model.nodeLight(5)).isEqualTo(2);
        assertThat(model.nodeLight(0)).isEqualTo(-1);
        assertThat(model.light(0)).isEqualTo(new GltfLight("sun", "directional", 1f, 0.9f, 0.8f, 3f,
                Float.POSITIVE_INFINITY, 0f, 0f));
        assertThat(model.light(1)).isEqualTo(new GltfLight("bulb", "point", 1f, 1f, 1f, 20f, 10f, 0f, 0f));
        assertThat(model.light(2)).isEqualTo(new GltfLight("spot", "spot", 0f, 0f, 1f, 1f, Float.POSITIVE_INFINITY,
                0.2f, 0.6f));
    }

    @Test
    void gpuInstancingGivesPerInstanceTrs() throws Exception {
        GltfModel model = features();
        assertThat(model.nodeInstancing(0)).isNull();
        GltfInstancing inst = model.nodeInstancing(2);
        assertThat(inst.count()).isEqualTo(3);
        assertThat(inst.translations()).containsExactly(0, 0, 0, 2, 0, 0, 0, 0, -2);
        assertThat(inst.scales()).containsExactly(1, 1, 1, 0.5f, 0.5f, 0.5f, 2, 1, 1);
        float[] r = inst.rotations();
        assertThat(r[3]).isEqualTo(1f);
        assertThat(r[5]).isEqualTo(23170f / 32767f);
        assertThat(r[10]).isEqualTo(1f);
        assertThat(inst.attributes().keySet()).containsExactly("TRANSLATION", "ROTATION", "SCALE");
    }

    @Test
    void instanceMatricesAreTranslationRotationScaleInEachLayout() throws Exception {
        GltfInstancing inst = features().nodeInstancing(2);
        // instance 1: halved, turned 90° about +Y (x → -z, z → x), moved to x = 2
        float[] m = inst.matrices(dev.arbor.hierarchy.MatrixLayout.COLUMN_MAJOR_4X4);
        float[] expected = {0, 0, -0.5f, 0, 0, 0.5f, 0, 0, 0.5f, 0, 0, 0, 2, 0, 0, 1};
        assertThat(m).hasSize(48);
        for (int k = 0; k < 16; k++) {
            assertThat(m[16 + k]).as("4x4 element %d", k).isCloseTo(expected[k], within(1e-4f));
        }
        float[] columns = inst.matrices(dev.arbor.hierarchy.MatrixLayout.COLUMN_MAJOR_3X4);
        float[] rows = inst.matrices(dev.arbor.hierarchy.MatrixLayout.ROW_MAJOR_3X4);
        for (int column = 0; column < 4; column++) {
            for (int row = 0; row < 3; row++) {
                float value = expected[4 * column + row];
                assertThat(columns[12 + 3 * column + row]).isCloseTo(value, within(1e-4f));
                assertThat(rows[12 + 4 * row + column]).isCloseTo(value, within(1e-4f));
            }
        }
        // instance 0: identity
        assertThat(java.util.Arrays.copyOf(m, 16)).containsExactly(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    }

    @Test
    void anInstancedNodesContentBoundsCoverEveryInstance() throws Exception {
        GltfModel model = features();
        float[] quad = new float[6];
        float[] instanced = new float[6];
        assertThat(model.contentBounds(0, quad, 0)).isTrue();
        assertThat(model.contentBounds(2, instanced, 0)).isTrue();
        // the quad [0, 1]² at z = 0 (node 0); node 2 draws it three times: as it is; halved, turned 90° about +Y
        // (x → -z) and moved to x = 2; twice as wide, turned 180° about +Z and moved to z = -2
        assertThat(quad).containsExactly(0, 0, 0, 1, 1, 0);
        float[] expected = {-2, -1, -2, 2, 1, 0};
        for (int c = 0; c < 6; c++) {
            assertThat(instanced[c]).as("component %d", c).isCloseTo(expected[c], within(1e-4f));
        }
    }

    @Test
    void readingAModelAndItsMeshDecodesNoAttributeButPosition() throws Exception {
        // a triangle whose NORMAL holds a NaN: decoding it is an error, so only a read that decodes it fails
        ByteBuffer data = ByteBuffer.allocate(72).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (float f : new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, Float.NaN, 0, 1}) {
            data.putFloat(f);
        }
        String doc = "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"mesh\":0}],"
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1}}]}],"
                + "\"buffers\":[{\"byteLength\":72,\"uri\":\"data:application/octet-stream;base64,"
                + java.util.Base64.getEncoder().encodeToString(data.array()) + "\"}],"
                + "\"bufferViews\":[{\"buffer\":0,\"byteLength\":72,\"byteStride\":12}],"
                + "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\","
                + "\"min\":[0,0,0],\"max\":[1,1,0]},"
                + "{\"bufferView\":0,\"byteOffset\":36,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"}]}";
        GltfModel model = Gltf.read(doc.getBytes(java.nio.charset.StandardCharsets.UTF_8), "nan-normal.gltf", null);
        GltfPrimitive p = model.readMesh(0).primitive(0);
        assertThat(p.positions()).containsExactly(0, 0, 0, 1, 0, 0, 0, 1, 0);
        GltfAccessor normal = p.attribute("NORMAL");
        assertThat(normal.count()).isEqualTo(3);
        assertThat(normal.bytes().getFloat(24)).isNaN(); // raw bytes are handed out as they are
        assertThatThrownBy(normal::floats).isInstanceOf(GltfException.class)
                .hasMessage("accessors[1]: element 2 component 0 is NaN (used by"
                        + " meshes[0].primitives[0].attributes.NORMAL)");
    }

    @Test
    void malformedRendererContentNamesItsJsonLocation() throws Exception {
        String doc = "{\"asset\":{\"version\":\"2.0\"},\"materials\":[{\"alphaMode\":\"CUT\"},"
                + "{\"pbrMetallicRoughness\":{\"metallicFactor\":2}},{\"normalTexture\":{\"index\":4}}],"
                + "\"cameras\":[{\"type\":\"perspective\",\"perspective\":{\"yfov\":0,\"znear\":0.1}},"
                + "{\"type\":\"perspective\",\"perspective\":{\"yfov\":1,\"znear\":0.1,\"aspectRatio\":0}}],"
                + "\"samplers\":[{\"wrapS\":7}],"
                + "\"extensions\":{\"KHR_lights_punctual\":{\"lights\":[{\"type\":\"spot\",\"spot\":"
                + "{\"innerConeAngle\":0.9,\"outerConeAngle\":0.5}}]}}}";
        GltfModel model = Gltf.read(doc.getBytes(java.nio.charset.StandardCharsets.UTF_8), "bad.gltf", null);
        assertThatThrownBy(() -> model.material(0)).isInstanceOf(GltfException.class)
                .hasMessage("materials[0].alphaMode: \"CUT\" is not one of OPAQUE, MASK, BLEND");
        assertThatThrownBy(() -> model.material(1)).isInstanceOf(GltfException.class)
                .hasMessage("materials[1].pbrMetallicRoughness.metallicFactor: value 2.0 out of range [0.0, 1.0]");
        assertThatThrownBy(() -> model.material(2)).isInstanceOf(GltfException.class)
                .hasMessage("materials[2].normalTexture.index: index 4 out of range, textures.length=0");
        assertThatThrownBy(() -> model.camera(0)).isInstanceOf(GltfException.class)
                .hasMessage("cameras[0].perspective: needs yfov > 0, znear > 0, aspectRatio > 0 and zfar > znear,"
                        + " found yfov=0.0 znear=0.1 aspectRatio=0.0 zfar=Infinity");
        assertThatThrownBy(() -> model.camera(1)).isInstanceOf(GltfException.class)
                .hasMessage("cameras[1].perspective: needs yfov > 0, znear > 0, aspectRatio > 0 and zfar > znear,"
                        + " found yfov=1.0 znear=0.1 aspectRatio=0.0 zfar=Infinity");
        assertThatThrownBy(() -> model.sampler(0)).isInstanceOf(GltfException.class)
                .hasMessage("samplers[0].wrapS: value 7 is not one of [33071, 33648, 10497]");
        assertThatThrownBy(() -> model.light(0)).isInstanceOf(GltfException.class)
                .hasMessageStartingWith("extensions.KHR_lights_punctual.lights[0].spot: needs 0 <= innerConeAngle");
        assertThatThrownBy(() -> model.material(3)).isInstanceOf(IndexOutOfBoundsException.class);
        GltfModel notArrays = Gltf.read(("{\"asset\":{\"version\":\"2.0\"},\"cameras\":{},\"images\":7,"
                + "\"extensions\":{\"KHR_lights_punctual\":{\"lights\":{}}}}").getBytes(
                java.nio.charset.StandardCharsets.UTF_8), "not-arrays.gltf", null);
        assertThatThrownBy(notArrays::cameraCount).isInstanceOf(GltfException.class)
                .hasMessage("cameras: expected an array, found {}");
        assertThatThrownBy(notArrays::imageCount).isInstanceOf(GltfException.class)
                .hasMessage("images: expected an array, found 7");
        assertThatThrownBy(notArrays::lightCount).isInstanceOf(GltfException.class)
                .hasMessage("extensions.KHR_lights_punctual.lights: expected an array, found {}");
        assertThat(notArrays.materialCount()).isZero();
    }

    private static void assertMinMax(float[] v, int components, float[] min, float[] max) {
        float[][] b = ExportDocuments.bounds(v, components);
        for (int c = 0; c < components; c++) {
            assertThat(b[0][c]).as("min[%d]", c).isEqualTo(min[c]);
            assertThat(b[1][c]).as("max[%d]", c).isEqualTo(max[c]);
        }
    }

}
