package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.math.Affine;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
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
    /** A tree of {@code n} random nodes (some stale), every one a joint, with random inverse bind matrices. */
    private static Skeleton randomSkeleton(Hierarchy hierarchy, int n, long[] joints, SplittableRandom random) {
        float[] ibm = new float[12 * n];
        for (int j = 0; j < n; j++) {
            joints[j] = j == 0 ? hierarchy.createRoot() : hierarchy.createChild(joints[random.nextInt(j)]);
            hierarchy.setLocalTranslation(joints[j], (float) random.nextDouble(-2, 2), (float) random.nextDouble(-2, 2),
                    (float) random.nextDouble(-2, 2));
            hierarchy.setLocalRotation(joints[j], (float) random.nextDouble(-1, 1), (float) random.nextDouble(-1, 1),
                    (float) random.nextDouble(-1, 1), (float) random.nextDouble(0.1, 1));
            for (int e = 0; e < 12; e++) {
                ibm[12 * j + e] = (float) random.nextDouble(-1.5, 1.5);
            }
        }
        hierarchy.update();
        for (int j = 0; j < n; j += 5) {
            hierarchy.setLocalScale(joints[j], 1.1f, 0.9f, 1f); // stale until the palette's own refresh
        }
        // joints in an order of their own, not the storage's
        for (int j = n - 1; j > 0; j--) {
            int k = random.nextInt(j + 1);
            long t = joints[j];
            joints[j] = joints[k];
            joints[k] = t;
            for (int e = 0; e < 12; e++) {
                float f = ibm[12 * j + e];
                ibm[12 * j + e] = ibm[12 * k + e];
                ibm[12 * k + e] = f;
            }
        }
        return new Skeleton(joints, ibm);
    }

    @Test
    void everyEntryIsTheGltfProductBitForBitInEveryLayout() {
        SplittableRandom random = new SplittableRandom(37);
        for (int n : new int[] {1, 16, 19, 37}) {
            Hierarchy hierarchy = new Hierarchy();
            long meshNode = hierarchy.createRoot();
            hierarchy.setLocalTranslation(meshNode, 0.5f, -1, 2);
            hierarchy.setLocalRotation(meshNode, new Quaternionf().rotateY(0.3f));
            long[] joints = new long[n];
            Skeleton s = randomSkeleton(hierarchy, n, joints, random);
            for (MatrixLayout layout : MatrixLayout.values()) {
                int floats = layout.floats();
                float[] got = new float[3 + n * floats + 2];
                Arrays.fill(got, -9f);
                s.writePalette(hierarchy, meshNode, layout, got, 3);
                FloatBuffer buffer = ByteBuffer.allocateDirect((n * floats + 4) * 4).order(ByteOrder.nativeOrder())
                        .asFloatBuffer();
                s.writePalette(hierarchy, meshNode, layout, buffer, 1);
                // the rule, one joint at a time: meshFromWorld × worldFromJoint × jointFromBind
                float[] meshFromWorld = hierarchy.getWorldInverse(meshNode, new float[12], 0);
                for (int j = 0; j < n; j++) {
                    float[] entry = hierarchy.getWorld(joints[j], new float[12], 0);
                    Affine.multiply(meshFromWorld, 0, entry, 0, entry, 0);
                    Affine.multiply(entry, 0, s.inverseBindMatrix(j, new float[12], 0), 0, entry, 0);
                    float[] want = new float[floats];
                    layout.convert(entry, 0, want, 0);
                    assertThat(Arrays.copyOfRange(got, 3 + j * floats, 3 + (j + 1) * floats))
                            .as("%d joints, %s, joint %d", n, layout, j).containsExactly(want);
                    float[] fromBuffer = new float[floats];
                    buffer.get(1 + j * floats, fromBuffer);
                    assertThat(fromBuffer).as("buffer, %d joints, %s, joint %d", n, layout, j).containsExactly(want);
                }
                assertThat(Arrays.copyOfRange(got, 0, 3)).containsOnly(-9f);
                assertThat(Arrays.copyOfRange(got, 3 + n * floats, got.length)).containsOnly(-9f);
                assertThat(buffer.get(0)).isZero();
                assertThat(buffer.position()).isZero();
            }
        }
    }

    @Test
    void inverseBindMatricesReadBackAsGiven() {
        float[] ibm = new float[12 * 18];
        for (int i = 0; i < ibm.length; i++) {
            ibm[i] = i * 0.5f - 7;
        }
        Skeleton s = new Skeleton(new long[18], ibm);
        for (int j = 0; j < 18; j++) {
            assertThat(s.inverseBindMatrix(j, new float[14], 2)).as("joint %d", j)
                    .containsExactly(concat(new float[2], Arrays.copyOfRange(ibm, 12 * j, 12 * j + 12)));
        }
        assertThatThrownBy(() -> s.inverseBindMatrix(18, new float[12], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        float[] tooShort = new float[11];
        assertThatThrownBy(() -> s.inverseBindMatrix(0, tooShort, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(tooShort).containsOnly(0f);
    }

    private static float[] concat(float[] a, float[] b) {
        float[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void aDestroyedJointIsReportedBeforeAnEntryIsWritten() {
        Hierarchy hierarchy = new Hierarchy();
        long[] joints = new long[20];
        Skeleton s = randomSkeleton(hierarchy, 20, joints, new SplittableRandom(20));
        long leaf = joints[0];
        for (long j : joints) {
            if (hierarchy.childCount(j) == 0) {
                leaf = j;
            }
        }
        hierarchy.destroy(leaf);
        float[] dest = new float[20 * 16];
        Arrays.fill(dest, 3f);
        assertThatThrownBy(() -> s.writePalette(hierarchy, Hierarchy.NULL, MatrixLayout.COLUMN_MAJOR_4X4, dest, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stale handle");
        FloatBuffer buffer = FloatBuffer.allocate(20 * 16);
        assertThatThrownBy(() -> s.writePalette(hierarchy, Hierarchy.NULL, MatrixLayout.COLUMN_MAJOR_4X4, buffer, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stale handle");
        assertThat(dest).containsOnly(3f);
        assertThat(buffer.array()).containsOnly(0f);
    }
}
