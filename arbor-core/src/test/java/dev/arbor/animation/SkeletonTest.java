package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class SkeletonTest {
    /*
     *  mesh (translated 0,0,5)        root (translated 1,0,0)
     *                                   └── joint (translated 0,2,0, rotated 90° about z)
     *  joints = [root, joint]; inverse bind = inverse of each joint's world at bind time
     */
    private final Hierarchy h = new Hierarchy();
    private final long mesh = h.createRoot();
    private final long root = h.createRoot();
    private final long joint = h.createChild(root);

    SkeletonTest() {
        h.setLocalTranslation(mesh, 0, 0, 5);
        h.setLocalTranslation(root, 1, 0, 0);
        h.setLocalTranslation(joint, 0, 2, 0);
        h.setLocalRotation(joint, new Quaternionf().rotateZ((float) Math.PI / 2));
    }

    private Skeleton bindNow() {
        float[] ibm = new float[24];
        h.getWorldInverse(root, ibm, 0);
        h.getWorldInverse(joint, ibm, 12);
        return new Skeleton(new long[] {root, joint}, ibm);
    }

    @Test
    void paletteAtTheBindPoseIsTheInverseMeshWorld() {
        Skeleton s = bindNow();
        float[] palette = s.writePalette(h, mesh, MatrixLayout.COLUMN_MAJOR_4X4, new float[32], 0);
        Matrix4f meshFromWorld = new Matrix4f().translation(0, 0, -5);
        for (int j = 0; j < 2; j++) {
            assertThat(new Matrix4f().set(palette, j * 16).equals(meshFromWorld, 1e-5f)).as("joint %d", j).isTrue();
        }
    }

    @Test
    void paletteFollowsTheGltfRuleAfterTheJointsMove() {
        Skeleton s = bindNow();
        Matrix4f bindJoint = h.getWorld(joint, new Matrix4f());
        h.setLocalRotation(root, new Quaternionf().rotateX(0.7f));
        h.setLocalScale(joint, 1, 2, 1);
        // expected = inverse(meshWorld) × jointWorld × inverseBind, with JOML
        Matrix4f meshWorld = h.getWorld(mesh, new Matrix4f());
        Matrix4f jointWorld = h.getWorld(joint, new Matrix4f());
        Matrix4f expected = new Matrix4f(meshWorld).invert().mul(jointWorld).mul(new Matrix4f(bindJoint).invert());
        float[] palette = s.writePalette(h, mesh, MatrixLayout.COLUMN_MAJOR_4X4, new float[40], 8);
        assertThat(new Matrix4f().set(palette, 8 + 16).equals(expected, 1e-5f)).isTrue();
        // 3×4 layouts and buffers agree with the 4×4 result
        float[] cm34 = s.writePalette(h, mesh, MatrixLayout.COLUMN_MAJOR_3X4, new float[24], 0);
        assertThat(new Matrix4f().set(new Matrix4x3f().set(cm34, 12)).equals(expected, 1e-5f)).isTrue();
        FloatBuffer buffer = ByteBuffer.allocateDirect(32 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        s.writePalette(h, mesh, MatrixLayout.COLUMN_MAJOR_4X4, buffer, 0);
        assertThat(buffer.position()).isZero();
        assertThat(buffer.get(16 + 13)).isEqualTo(palette[8 + 16 + 13]);
        // mesh given as a matrix instead of a node
        float[] meshMatrix = h.getWorld(mesh, new float[12], 0);
        float[] viaMatrix = s.writePalette(h, meshMatrix, 0, MatrixLayout.COLUMN_MAJOR_4X4, new float[32], 0);
        assertThat(viaMatrix[16 + 13]).isEqualTo(palette[8 + 16 + 13]);
    }

    @Test
    void singleJointQueryIsExactWithoutUpdateAndMatchesTheBatchedResult() {
        Skeleton s = bindNow();
        h.update();
        h.setLocalTranslation(root, 3, 0, 0);
        float[] lazy = s.jointWorld(h, 1, new float[12], 0);
        h.update();
        float[] batched = h.getWorld(joint, new float[12], 0);
        assertThat(lazy).containsExactly(batched);
        assertThat(new Vector3f(lazy[9], lazy[10], lazy[11])).isEqualTo(new Vector3f(3, 2, 0));
    }

    @Test
    void misuseIsReported() {
        assertThatThrownBy(() -> new Skeleton(new long[2], new float[12])).isInstanceOf(
                IllegalArgumentException.class).hasMessage("inverseBindMatrices.length=12, required=24");
        Skeleton s = bindNow();
        assertThatThrownBy(() -> s.writePalette(h, mesh, MatrixLayout.COLUMN_MAJOR_4X4, new float[20], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("palette destination too short: length=20, offset=0, required=32");
        h.setLocalScale(mesh, 0, 1, 1);
        assertThatThrownBy(() -> s.writePalette(h, mesh, MatrixLayout.COLUMN_MAJOR_4X4, new float[32], 0))
                .isInstanceOf(IllegalStateException.class);
    }
}
