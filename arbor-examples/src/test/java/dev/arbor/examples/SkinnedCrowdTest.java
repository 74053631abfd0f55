package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.animation.Skeleton;
import dev.arbor.bounds.Frustum;
import dev.arbor.examples.SkinnedCrowd.Frame;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.HierarchyBounds;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.joml.Matrix4d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Runs the example as a user would and checks what it computed against independent computations. */
class SkinnedCrowdTest {

    private static Path model(String name) throws URISyntaxException {
        return Path.of(SkinnedCrowdTest.class.getResource("/models/" + name + "/" + name + ".glb").toURI());
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "RiggedFigure"})
    void everyPaletteEntryIsMeshFromWorldTimesJointWorldTimesInverseBind(String name) throws Exception {
        Frame frame = SkinnedCrowd.run(model(name));
        Hierarchy h = frame.hierarchy();
        int joints = frame.copies().get(0).skeleton(0).jointCount();
        assertThat(frame.palette().isDirect()).isTrue();
        assertThat(frame.palette().capacity()).isEqualTo(SkinnedCrowd.COPIES * joints * 16);
        float[] m = new float[12];
        for (int copy = 0; copy < SkinnedCrowd.COPIES; copy++) {
            Skeleton skeleton = frame.copies().get(copy).skeleton(0);
            h.getWorld(frame.meshNodes()[copy], m, 0);
            Matrix4d meshFromWorld = affine(m).invert();
            for (int j = 0; j < joints; j++) {
                Matrix4d expected = new Matrix4d(meshFromWorld)
                        .mul(affine(h.getWorld(skeleton.joint(j), m, 0)))
                        .mul(affine(skeleton.inverseBindMatrix(j, m, 0)));
                int base = (copy * joints + j) * 16;
                for (int k = 0; k < 16; k++) {
                    double want = expected.get(k / 4, k % 4);
                    assertThat((double) frame.palette().get(base + k)).as("copy %d joint %d element %d", copy, j, k)
                            .isCloseTo(want, org.assertj.core.data.Offset.offset(2e-5 * (1 + Math.abs(want))));
                }
            }
        }
    }

    @Test
    void eachCopyIsAtItsOwnPointOfTheWalk() throws Exception {
        Frame frame = SkinnedCrowd.run(model("CesiumMan"));
        int floats = frame.palette().capacity() / SkinnedCrowd.COPIES;
        // copies are a quarter second apart in the cycle: their palettes differ
        for (int copy = 1; copy < SkinnedCrowd.COPIES; copy++) {
            double difference = 0;
            for (int k = 0; k < floats; k++) {
                difference += Math.abs(frame.palette().get(k) - frame.palette().get(copy * floats + k));
            }
            assertThat(difference).as("copy %d against copy 0", copy).isGreaterThan(0.1);
        }
    }

    @Test
    void theCameraSeesExactlyTheNodesWhoseWorldBoxMeetsItsFrustum() throws Exception {
        Frame frame = SkinnedCrowd.run(model("CesiumMan"));
        Hierarchy h = frame.hierarchy();
        Set<Long> visible = new HashSet<>();
        for (int i = 0; i < frame.visibleCount(); i++) {
            visible.add(frame.visible()[i]);
        }
        // brute force: every node's world box against the frustum's planes
        float[] planes = new float[Frustum.FLOATS];
        float[] pv = new float[16];
        frame.camera().get(pv);
        Frustum.fromProjectionView(pv, 0, false, planes, 0);
        HierarchyBounds bounds = new HierarchyBounds(h);
        try {
            frame.copies().forEach(copy -> copy.applyContentBounds(bounds));
            float[] box = new float[6];
            Set<Long> expected = new HashSet<>();
            for (GltfInstance copy : frame.copies()) {
                for (long node : copy.handles()) {
                    if (node != Hierarchy.NULL && bounds.getWorldBounds(node, box, 0)
                            && Frustum.classify(planes, 0, box, 0) != Frustum.OUTSIDE) {
                        expected.add(node);
                    }
                }
            }
            assertThat(visible).isEqualTo(expected);
        } finally {
            bounds.close();
        }
        // the first copy is in view, the last (7 m along x) is not
        assertThat(visible).contains(frame.meshNodes()[0]).doesNotContain(frame.meshNodes()[SkinnedCrowd.COPIES - 1]);
    }

    @Test
    void mainPrintsWhatItComputed() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            SkinnedCrowd.main(new String[] {model("CesiumMan").toString()});
        } finally {
            System.setOut(old);
        }
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("8 copies, 184 nodes, 19 joints each; palette of 2432 floats in a direct buffer")
                .contains("first palette entry, column-major: [")
                .contains("the camera sees 4 of the nodes with content (here the 8 skinned meshes)");
    }

    @Test
    void aModelWithoutSkinIsRefusedWithItsName() {
        Path triangle = Path.of("../arbor-gltf/src/test/resources/models/AnimatedTriangle/AnimatedTriangle.gltf");
        assertThatThrownBy(() -> SkinnedCrowd.run(triangle)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("AnimatedTriangle.gltf: needs a skin used by a node and an animation");
    }

    /** The 4x4 matrix of 12 floats in Arbor's affine layout (column-major, implied last row 0 0 0 1). */
    static Matrix4d affine(float[] m) {
        return new Matrix4d(m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, m[9], m[10], m[11], 1);
    }
}
