package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.VectorSupport;
import org.junit.jupiter.api.Test;

/**
 * The vector path's rarer batch shapes (roots, gathered parents, two-vector windows) run as vector code in large
 * updates only where they come often; a shape that comes a few times per large update takes the scalar loop, so that
 * its vector method is not left half-compiled for thousands of slow updates (see {@code Hierarchy.chooseVectorKinds}).
 */
class VectorShapesTest {

    /** A forest of roots with children, updated once, and its handles in creation order. */
    private static final class Forest {
        final Hierarchy h;
        final long[] handles;

        Forest(int roots, int children) {
            this(roots, children, Tuning.DEFAULT);
        }

        Forest(int roots, int children, Tuning tuning) {
            h = new Hierarchy(64, tuning);
            handles = new long[roots * (1 + children)];
            for (int r = 0; r < roots; r++) {
                handles[r] = h.createRoot();
                h.setLocalTranslation(handles[r], r, 0, 0);
            }
            int n = roots;
            for (int r = 0; r < roots; r++) {
                for (int k = 0; k < children; k++) {
                    handles[n] = h.createChild(handles[r]);
                    h.setLocalTranslation(handles[n++], 0, k, 0);
                }
            }
            h.update();
        }

        /** Sets every node's rotation and updates. */
        void turn(float angle) {
            for (long handle : handles) {
                h.setLocalRotation(handle, 0, (float) Math.sin(angle / 2), 0, (float) Math.cos(angle / 2));
            }
            h.update();
        }
    }

    @Test
    void manyRootBatchesPerUpdateRunAsVectorCode() {
        assumeThat(VectorSupport.ENABLED).as("vector path on").isTrue();
        Forest forest = new Forest(4_000, 2); // at least 4,000 / 16 = 250 batches of roots per update
        forest.turn(0.5f);
        assertThat(forest.h.refresh().vectorKinds & LocalToWorld.VECTOR_GENERAL).as("roots on the vector path")
                .isEqualTo(LocalToWorld.VECTOR_GENERAL);
        assertThat(forest.h.refresh().vectorKinds & LocalToWorld.VECTOR_WINDOWS).isEqualTo(LocalToWorld.VECTOR_WINDOWS);
    }

    @Test
    void aFewRootBatchesInLargeUpdatesTakeTheScalarLoopAndGiveTheSameMatrices() {
        assumeThat(VectorSupport.ENABLED).as("vector path on").isTrue();
        // at most 40 / 4 = 10 batches of roots per update of 20,040 nodes
        Forest few = new Forest(40, 500);
        // the same updates, every shape on the vector path
        Forest all = new Forest(40, 500, Tuning.DEFAULT.withVectorShapes(LocalToWorld.VECTOR_ALL, 0));
        few.turn(0.5f);
        assertThat(few.h.refresh().vectorKinds & LocalToWorld.VECTOR_GENERAL).as("roots on the scalar path").isZero();
        assertThat(few.h.refresh().vectorKinds & LocalToWorld.VECTOR_WINDOWS).isEqualTo(LocalToWorld.VECTOR_WINDOWS);
        few.turn(0.7f); // computes the roots on the scalar path
        all.turn(0.7f); // the same update, every shape on the vector path
        float[] a = new float[12];
        float[] b = new float[12];
        for (int i = 0; i < few.handles.length; i++) {
            assertThat(few.h.getWorld(few.handles[i], a, 0)).as("node %d", i)
                    .containsExactly(all.h.getWorld(all.handles[i], b, 0));
        }
    }

    @Test
    void smallUpdatesKeepEveryShapeOnTheVectorPath() {
        assumeThat(VectorSupport.ENABLED).as("vector path on").isTrue();
        // updates of 4,040 nodes, at most 10 batches of roots; only the usual shape on the vector path at first
        Forest forest = new Forest(40, 100, Tuning.DEFAULT.withVectorShapes(LocalToWorld.VECTOR_WINDOWS,
                Tuning.DEFAULT.vectorShapeMin()));
        forest.turn(0.5f);
        assertThat(forest.h.refresh().vectorKinds).as("every shape").isEqualTo(LocalToWorld.VECTOR_ALL);
    }
}
