package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A {@code .glb} of 1 MiB or more is read into direct memory, a smaller one into the heap: the same reader over two
 * kinds of byte buffer. Every sample {@code .glb} is read both ways here, and everything a program can take from the
 * model must agree exactly: warnings, every attribute, index and morph target value, the GPU-ready vertex bytes,
 * skins, every animation sampled at several times, images, and the exported file byte for byte.
 */
class DirectMemoryReadTest {
    static Stream<String> glbModels() throws Exception {
        List<String> names = new ArrayList<>();
        for (String name : SampleModels.all()) {
            if (SampleModels.model(name).toString().endsWith(".glb")) {
                names.add(name);
            }
        }
        assertThat(names).hasSizeGreaterThan(10);
        return names.stream();
    }

    @ParameterizedTest
    @MethodSource("glbModels")
    void aGlbReadFromDirectMemoryGivesWhatItsHeapReadGives(String name) throws Exception {
        Path file = SampleModels.model(name);
        byte[] bytes = Files.readAllBytes(file);
        GltfModel heap = Gltf.read(bytes, file.getFileName().toString(), file.getParent());
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).clear();
        GltfModel fromDirect = new GltfReader(file.getFileName().toString(), direct, file.getParent()).read();
        assertThat(heap.source().buffers).allMatch(b -> !b.isDirect());
        assertThat(fromDirect.source().buffers).allMatch(ByteBuffer::isDirect);

        assertThat(fromDirect.warnings()).isEqualTo(heap.warnings());
        assertThat(fromDirect.nodeCount()).isEqualTo(heap.nodeCount());
        for (int m = 0; m < heap.meshCount(); m++) {
            GltfMesh a = heap.readMesh(m);
            GltfMesh b = fromDirect.readMesh(m);
            for (int p = 0; p < a.primitiveCount(); p++) {
                comparePrimitives(name + " mesh " + m + " primitive " + p, a.primitive(p), b.primitive(p));
            }
        }
        for (int s = 0; s < heap.skinCount(); s++) {
            assertThat(fromDirect.skin(s).inverseBindMatrices()).isEqualTo(heap.skin(s).inverseBindMatrices());
        }
        for (int a = 0; a < heap.animationCount(); a++) {
            AnimationClip x = heap.animation(a);
            AnimationClip y = fromDirect.animation(a);
            Pose px = heap.copyRestPose(new Pose(heap.restPose().size()));
            Pose py = fromDirect.copyRestPose(new Pose(fromDirect.restPose().size()));
            for (int k = 0; k <= 6; k++) {
                float time = x.startTime() + (x.endTime() - x.startTime()) * k / 6f;
                x.sample(time, WrapMode.CLAMP, px);
                y.sample(time, WrapMode.CLAMP, py);
                for (int t = 0; t < px.size(); t++) {
                    assertThat(py.rotation(t, new float[4], 0)).as("%s animation %d target %d at %s", name, a, t,
                            time).isEqualTo(px.rotation(t, new float[4], 0));
                    assertThat(py.translation(t, new float[3], 0)).isEqualTo(px.translation(t, new float[3], 0));
                    assertThat(py.scale(t, new float[3], 0)).isEqualTo(px.scale(t, new float[3], 0));
                }
            }
        }
        for (int i = 0; i < heap.imageCount(); i++) {
            assertThat(fromDirect.imageBytes(i)).isEqualTo(heap.imageBytes(i));
        }
        byte[] exportHeap = GltfWriter.encode(heap.instantiate(new Hierarchy(), heap.sceneToShow(), Hierarchy.NULL),
                true);
        byte[] exportDirect = GltfWriter.encode(fromDirect.instantiate(new Hierarchy(), fromDirect.sceneToShow(),
                Hierarchy.NULL), true);
        assertThat(exportDirect).as(name + " export").isEqualTo(exportHeap);
    }

    private static void comparePrimitives(String where, GltfPrimitive a, GltfPrimitive b) throws Exception {
        assertThat(b.positions()).as(where + " positions").isEqualTo(a.positions());
        assertThat(b.triangles()).as(where + " triangles").isEqualTo(a.triangles());
        assertThat(b.indexArray()).as(where + " indices").isEqualTo(a.indexArray());
        if (a.indices() != null) {
            assertThat(b.indexBuffer()).as(where + " index buffer").isEqualTo(a.indexBuffer());
        }
        for (Map.Entry<String, GltfAccessor> e : a.attributes().entrySet()) {
            GltfAccessor other = b.attribute(e.getKey());
            assertThat(other.floats()).as(where + " " + e.getKey()).isEqualTo(e.getValue().floats());
            if (e.getValue().componentType() != GltfAccessor.FLOAT) {
                assertThat(other.ints()).as(where + " " + e.getKey() + " ints").isEqualTo(e.getValue().ints());
            }
            assertThat(other.bytes()).as(where + " " + e.getKey() + " bytes").isEqualTo(e.getValue().bytes());
        }
        for (int t = 0; t < a.targetCount(); t++) {
            for (Map.Entry<String, GltfAccessor> e : a.target(t).entrySet()) {
                assertThat(b.target(t).get(e.getKey()).floats()).as(where + " target " + t + " " + e.getKey())
                        .isEqualTo(e.getValue().floats());
            }
        }
        GltfVertexData va = a.vertexData(false);
        GltfVertexData vb = b.vertexData(false);
        for (int i = 0; i < va.bufferCount(); i++) {
            assertThat(vb.buffer(i)).as(where + " vertex buffer " + i).isEqualTo(va.buffer(i));
            assertThat(vb.buffer(i).isReadOnly()).isEqualTo(vb.isSlice(i));
        }
    }
}
