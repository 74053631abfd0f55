package dev.arbor.hierarchy;

import static dev.arbor.kernel.LocalToWorld.MODE_TRS;

import dev.arbor.math.Affine;

/**
 * One node at a time, on the world side: its exact world matrix (computed on the way if stale), its cached inverse,
 * and the local transform that gives it a wanted world matrix or position under a parent (for {@code setWorld},
 * {@code setWorldTranslation} and moves that keep the world pose). Owns its temporaries; the cached inverses live in
 * the {@link NodeStorage}.
 *
 * <p>Invariant: nothing is changed before everything that can fail has succeeded; a solve that throws (a parent whose
 * world matrix is not invertible) leaves the hierarchy as it was, apart from world matrices brought up to date.
 */
final class WorldSolver {
    private static final int NONE = -1;

    private final SlotTable slots;
    private final NodeStorage store;
    private final TrackedBits stale;
    private final Refresh refresh;
    private final LocalForms forms;
    private final float[] parentWorld = new float[Affine.STRIDE];
    private final float[] parentInverse = new float[Affine.STRIDE];
    /** The latest solved local as a matrix. */
    private final float[] local = new float[Affine.STRIDE];
    /** The latest solved local as a TRS record, when its form is TRS. */
    private final float[] trs = new float[Affine.STRIDE];

    WorldSolver(SlotTable slots, NodeStorage store, TrackedBits stale, Refresh refresh, LocalForms forms) {
        this.slots = slots;
        this.store = store;
        this.stale = stale;
        this.refresh = refresh;
        this.forms = forms;
    }

    /**
     * Writes a node's exact world matrix (12 floats, column-major): loaded from the storage when up to date, else
     * written by the recomputation itself, so that a read after a set does not load back what it just stored.
     */
    void world(int node, float[] dest, int offset) {
        if (stale.get(node)) {
            refresh.recomputeChain(node, dest, offset);
        } else {
            store.convertWorld(node, MatrixLayout.COLUMN_MAJOR_3X4, dest, offset);
        }
    }

    /**
     * Brings a node's world matrix and its cached inverse up to date.
     *
     * @return where the inverse starts in {@link NodeStorage#inverses}
     * @throws IllegalStateException if the world matrix is not invertible
     */
    int inverse(int node, long handle) {
        refresh.ensureWorld(node);
        store.ensureInverses(stale.words.length);
        int at = node * Affine.STRIDE;
        if (!store.inverseValid(node)) {
            store.convertWorld(node, MatrixLayout.COLUMN_MAJOR_3X4, parentWorld, 0);
            invertOrThrow(parentWorld, store.inverses, at, handle, "cannot invert the world matrix");
            store.inverseComputed(node);
        }
        return at;
    }

    /**
     * Solves the local transform that gives {@code node} the world matrix {@code world} (12 floats from
     * {@code offset}) under the parent slot {@code parentSlot} ({@code -1}: as a root), and chooses its form
     * ({@link LocalForms#chooseLocalForm}). Read the result with {@link #solvedLocal}.
     *
     * @param what the start of the error message if the parent's world matrix is not invertible
     * @return the form, {@link dev.arbor.kernel.LocalToWorld#MODE_TRS} or
     *     {@link dev.arbor.kernel.LocalToWorld#MODE_MATRIX}
     */
    byte localFor(int node, int parentSlot, float[] world, int offset, String what) {
        if (parentSlot == NONE) {
            System.arraycopy(world, offset, local, 0, Affine.STRIDE);
        } else {
            parentInverse(parentSlot, what);
            Affine.multiply(parentInverse, 0, world, offset, local, 0);
        }
        return forms.chooseLocalForm(store.modes[node], local, trs);
    }

    /** @return the local solved by the latest {@link #localFor} in the form it returned */
    float[] solvedLocal(byte mode) {
        return mode == MODE_TRS ? trs : local;
    }

    /**
     * Writes to {@code dest} (3 floats) the local position that puts a child of {@code parentSlot} ({@code -1}: a
     * root) at the world position {@code (x, y, z)}.
     */
    void localPointFor(int parentSlot, float x, float y, float z, float[] dest, String what) {
        if (parentSlot == NONE) {
            dest[0] = x;
            dest[1] = y;
            dest[2] = z;
        } else {
            parentInverse(parentSlot, what);
            Affine.transformPoint(parentInverse, 0, x, y, z, dest, 0);
        }
    }

    private void parentInverse(int parentSlot, String what) {
        world(slots.nodeOfSlot[parentSlot], parentWorld, 0);
        invertOrThrow(parentWorld, parentInverse, 0, slots.handleOf(parentSlot), what);
    }

    private static void invertOrThrow(float[] m, float[] out, int at, long handle, String what) {
        if (!Affine.invert(m, 0, out, at)) {
            throw new IllegalStateException(what + ": world matrix of " + Handles.toString(handle)
                    + " is not invertible: determinant=" + Affine.determinant(m, 0));
        }
    }
}
