package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.hierarchy.Handles;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.hierarchy.StorageLayout;
import dev.arbor.math.Affine;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link CrowdAnimator#writePalettes} on seeded random crowds against a straightforward reference, bit for bit: per
 * instance and joint, the joint's and the mesh's world matrices read one by one, the mesh's inverted by
 * {@link Affine#invert}, two calls of {@link Affine#multiply} and the 4×4 conversion. Each instance is a random tree of
 * joints with other nodes among them, random TRS (scales not uniform) and a mesh node anywhere in it (or none); the
 * crowds are sized around the palette blocks of 16; the storage in planes and in records; 1 and 2 threads; before and
 * after nodes move in the storage (a node destroyed, a subtree reparented); meshes that move and meshes that do not;
 * instances of one shape, whose joints are read window by window in the storage's order, and of shapes of their own.
 * The vector kernel is in use in this module's tests, the scalar kernel in {@code arbor-gltf}'s
 * ({@code CrowdAnimatorTest}).
 */
class CrowdPalettesTest {
    private static final int JOINTS = 7;

    /** A random crowd: every instance's joints and mesh, and a spare node per instance to destroy or move. */
    private static final class Crowd {
        final Hierarchy h = new Hierarchy();
        final long[] joints;
        final long[] meshes;
        final long[] spares;
        final float[] binds = new float[JOINTS * Affine.STRIDE];
        final int count;

        Crowd(SplittableRandom random, int count, boolean withMeshes, StorageLayout layout, boolean oneShape) {
            this.count = count;
            h.setStorageLayout(layout);
            joints = new long[count * JOINTS];
            meshes = withMeshes ? new long[count] : null;
            spares = new long[count];
            for (int j = 0; j < JOINTS; j++) {
                randomAffine(random, binds, j * Affine.STRIDE);
            }
            long shapeSeed = random.nextLong();
            for (int i = 0; i < count; i++) {
                // the tree's shape: its own per instance, or one for all (whose joints the palettes read in windows)
                SplittableRandom shape = oneShape ? new SplittableRandom(shapeSeed) : random;
                long spot = h.createRoot();
                pose(random, spot);
                long[] nodes = new long[2 * JOINTS + 1];
                nodes[0] = spot;
                int made = 1;
                for (int j = 0; j < JOINTS; j++) {
                    if (shape.nextInt(3) == 0) { // a node that is no joint, in between
                        nodes[made] = h.createChild(nodes[shape.nextInt(made)]);
                        pose(random, nodes[made++]);
                    }
                    long joint = h.createChild(nodes[shape.nextInt(made)]);
                    pose(random, joint);
                    joints[i * JOINTS + j] = joint;
                    nodes[made++] = joint;
                }
                if (withMeshes) {
                    meshes[i] = h.createChild(nodes[shape.nextInt(made)]);
                    pose(random, meshes[i]);
                }
                spares[i] = h.createChild(nodes[shape.nextInt(made)]);
                pose(random, spares[i]);
            }
            h.update();
        }

        void pose(SplittableRandom random, long node) {
            h.setLocalTranslation(node, f(random, -2, 2), f(random, -2, 2), f(random, -2, 2));
            float x = f(random, -1, 1);
            float y = f(random, -1, 1);
            float z = f(random, -1, 1);
            float w = f(random, -1, 1);
            float n = (float) Math.sqrt(x * x + y * y + z * z + w * w) + 1e-3f;
            h.setLocalRotation(node, x / n, y / n, z / n, w / n);
            h.setLocalScale(node, f(random, 0.5f, 2), f(random, 0.5f, 2), f(random, 0.5f, 2));
        }

        /** The reference palettes, 4×4 column-major, instance after instance. */
        float[] reference() {
            float[] out = new float[16 * count * JOINTS];
            float[] mesh = new float[12];
            float[] meshFromWorld = new float[12];
            float[] world = new float[12];
            float[] t = new float[12];
            float[] p = new float[12];
            for (int i = 0; i < count; i++) {
                Affine.identity(meshFromWorld, 0);
                if (meshes != null) {
                    h.getWorld(meshes[i], mesh, 0);
                    assertThat(Affine.invert(mesh, 0, meshFromWorld, 0)).isTrue();
                }
                for (int j = 0; j < JOINTS; j++) {
                    h.getWorld(joints[i * JOINTS + j], world, 0);
                    Affine.multiply(meshFromWorld, 0, world, 0, t, 0);
                    Affine.multiply(t, 0, binds, j * Affine.STRIDE, p, 0);
                    MatrixLayout.COLUMN_MAJOR_4X4.convert(p, 0, out, 16 * (i * JOINTS + j));
                }
            }
            return out;
        }
    }

    private static float f(SplittableRandom random, float lo, float hi) {
        return (float) random.nextDouble(lo, hi);
    }

    private static void randomAffine(SplittableRandom random, float[] dest, int d) {
        for (int e = 0; e < Affine.STRIDE; e++) {
            dest[d + e] = f(random, -2, 2);
        }
    }

    @ParameterizedTest
    @CsvSource({"1, true, PLANES, 1, false", "15, true, PLANES, 1, false", "16, true, RECORDS, 1, false",
            "17, false, PLANES, 2, false", "53, true, PLANES, 2, false", "53, true, RECORDS, 1, false",
            "40, false, RECORDS, 2, false", "70, true, AUTOMATIC, 2, false", "16, true, PLANES, 1, true",
            "53, true, PLANES, 2, true", "70, false, AUTOMATIC, 1, true", "40, true, RECORDS, 2, true"})
    void palettesAreTheReferenceBitForBit(int count, boolean withMeshes, StorageLayout layout, int threads,
                                          boolean oneShape) {
        SplittableRandom random = new SplittableRandom(count * 31L + threads);
        Crowd c = new Crowd(random, count, withMeshes, layout, oneShape);
        CrowdSkin skin = new CrowdSkin(c.joints, c.meshes, c.binds);
        int offset = 5;
        float[] dest = new float[offset + 16 * count * JOINTS + 3];
        FloatBuffer buffer = ByteBuffer.allocateDirect(4 * (16 * count * JOINTS + 8)).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        try (CrowdAnimator animator = new CrowdAnimator()) {
            animator.setThreads(threads);
            for (int round = 0; round < 4; round++) {
                if (round == 1) { // nodes move: an instance's spare node dies, another's subtree changes parent
                    c.h.destroy(c.spares[count / 2]);
                }
                if (round == 2 && count > 1) {
                    c.h.reparent(c.joints[(count - 1) * JOINTS + JOINTS - 1], c.spares[0], false);
                }
                for (int i = 0; i < count; i++) { // every instance moves a joint
                    c.pose(random, c.joints[i * JOINTS + random.nextInt(JOINTS)]);
                }
                if (c.meshes != null && round == 3) { // a mesh moves by itself (the others keep their inverses)
                    c.pose(random, c.meshes[count - 1]);
                }
                c.h.update();
                float[] want = c.reference();
                Arrays.fill(dest, -7f);
                animator.writePalettes(c.h, skin, dest, offset);
                assertThat(Arrays.copyOfRange(dest, offset, offset + want.length)).as("round %d", round)
                        .isEqualTo(want);
                assertThat(dest[offset - 1]).isEqualTo(-7f);
                assertThat(dest[offset + want.length]).isEqualTo(-7f);
                animator.writePalettes(c.h, skin, buffer, 3);
                float[] got = new float[want.length];
                buffer.get(3, got);
                assertThat(got).as("round %d, buffer", round).isEqualTo(want);
                // one shape in planes: read window by window (after the reparent, as long as no node had to move)
                boolean planes = c.h.currentStorageLayout() == StorageLayout.PLANES;
                if (!oneShape || !planes) {
                    assertThat(skin.windowCount()).as("round %d, windows", round).isZero();
                } else if (round < 2) {
                    assertThat(skin.windowCount()).as("round %d, windows", round).isPositive();
                }
            }
        }
    }

    /**
     * One skin used with a second hierarchy built the same way (the same slots and generations): its handles name
     * the first hierarchy, so the second refuses them with an error that says so, and the first still works.
     */
    @ParameterizedTest
    @CsvSource({"PLANES", "RECORDS"})
    void aSkinGivenAnotherHierarchyIsRefused(StorageLayout layout) {
        Crowd a = new Crowd(new SplittableRandom(7), 20, true, layout, true);
        Crowd b = new Crowd(new SplittableRandom(7), 20, true, layout, true); // the same slots and generations
        assertThat(Handles.slot(b.joints[5])).isEqualTo(Handles.slot(a.joints[5]));
        assertThat(b.joints[5]).isNotEqualTo(a.joints[5]);
        CrowdSkin skin = new CrowdSkin(a.joints, a.meshes, a.binds);
        float[] dest = new float[16 * 20 * JOINTS];
        try (CrowdAnimator animator = new CrowdAnimator()) {
            a.h.update();
            b.h.update();
            assertThatThrownBy(() -> animator.writePalettes(b.h, skin, dest, 0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("handle of another hierarchy");
            animator.writePalettes(a.h, skin, dest, 0);
            assertThat(dest).isEqualTo(a.reference());
        }
    }
}
