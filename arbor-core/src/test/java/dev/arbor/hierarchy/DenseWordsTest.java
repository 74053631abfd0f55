package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.arbor.kernel.VectorSupport;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Words that are partly stale go whole to the vector path, and a model whose top nodes hold explicit matrices gets its
 * layout rewritten so that its animated nodes do. The scene is the demo's shape: many instances of a skinned model,
 * each a root spot, two matrix nodes above the skeleton (as glTF exporters write a Z-up fix and an armature), a
 * skeleton created depth-first whose joints are animated every frame, and a mesh node that is not. After the rewrite
 * the mesh nodes share their level, and words, with the first joints.
 */
class DenseWordsTest {
    private static final int INSTANCES = 300;
    private static final int JOINTS = 14;

    /** One copy of the scene: its handles in creation order, the animated joints and their node list. */
    private static final class Crowd {
        final Hierarchy h = new Hierarchy();
        final long[] all = new long[INSTANCES * (JOINTS + 4)];
        final long[] joints = new long[INSTANCES * JOINTS];
        final NodeList list;

        Crowd() {
            SplittableRandom random = new SplittableRandom(17);
            float[] shear = {1, 0, 0, 0.5f, 1, 0, 0, 0, 1, 0, 1, 0}; // column-major 3×4 with shear: stays a matrix
            int n = 0;
            int j = 0;
            for (int i = 0; i < INSTANCES; i++) {
                long spot = h.createRoot();
                h.setLocalTranslation(spot, i % 20, 0, i / 20);
                long zUp = h.createChild(spot);
                h.setLocalMatrix(zUp, shear, 0);
                long armature = h.createChild(zUp);
                h.setLocalMatrix(armature, shear, 0);
                all[n++] = spot;
                all[n++] = zUp;
                all[n++] = armature;
                int first = j;
                for (int k = 0; k < JOINTS; k++) {
                    long parent = k == 0 ? armature : joints[first + random.nextInt(k)];
                    long joint = h.createChild(parent);
                    h.setLocalTranslation(joint, 0, 0.3f, 0.1f);
                    joints[j++] = joint;
                    all[n++] = joint;
                }
                long mesh = h.createChild(armature); // beside the first joint: half of that level is not animated
                all[n++] = mesh;
            }
            list = h.nodeList(joints, 0, joints.length);
            h.update();
        }
    }

    @Test
    void partlyStaleWordsMatchTheSingleNodePathAndMatrixTopsAreMovedAside() {
        assumeThat(VectorSupport.ENABLED).as("vector path on").isTrue();
        Crowd animated = new Crowd();
        Crowd lazy = new Crowd();
        assertThat(animated.h.hasLocalMatrix(animated.all[1])).isTrue();
        // the first update, in the constructor, found the matrices sharing words with the joints below them (all
        // stale then) and rewrote the layout
        assertThat(animated.h.structure().relinearizations).as("rewrites").isEqualTo(1);
        long recomputedBefore = animated.h.refresh().recomputedNodes;
        SplittableRandom random = new SplittableRandom(5);
        float[] expected = new float[12];
        float[] actual = new float[12];
        int frames = 6;
        for (int frame = 0; frame < frames; frame++) {
            float[] rotations = NodeListTest.randomValues(random, JOINTS * INSTANCES, true);
            animated.h.setLocalRotations(animated.list, rotations, 0);
            animated.h.update();
            assertThat(animated.h.changedCount()).isEqualTo(JOINTS * INSTANCES);
            lazy.h.setLocalRotations(lazy.list, rotations, 0);
            for (int n = 0; n < lazy.all.length; n++) { // one node at a time, parents first: the single-node path
                lazy.h.getWorld(lazy.all[n], expected, 0);
                animated.h.getWorld(animated.all[n], actual, 0);
                assertThat(actual).as("frame %d, node %d", frame, n).containsExactly(expected);
            }
        }
        assertThat(animated.h.structure().relinearizations).as("rewrites").isEqualTo(1);
        // only the stale nodes count as recomputed, although dense words recompute their other nodes too
        assertThat(animated.h.refresh().recomputedNodes - recomputedBefore).isEqualTo((long) frames * JOINTS * INSTANCES);
    }
}
