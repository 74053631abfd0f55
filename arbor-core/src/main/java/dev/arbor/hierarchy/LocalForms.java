package dev.arbor.hierarchy;

import static dev.arbor.kernel.LocalToWorld.MODE_MATRIX;
import static dev.arbor.kernel.LocalToWorld.MODE_TRS;

import dev.arbor.math.Affine;

/**
 * The two forms a node's local transform is stored in, TRS or an explicit matrix, and the moves between them: a
 * local as a matrix whatever its form, an explicit matrix split into TRS when it has no shear, and the choice of form
 * for a matrix about to be stored. Owns only its scratch arrays; reads and writes the locals of a {@link NodeStorage}.
 *
 * <p>Invariant: a node stored as TRS holds a unit quaternion and identity padding after its scale (written by
 * {@link #writeLocal}); a matrix is stored as TRS only if it round-trips within {@link #TRS_TOLERANCE}.
 */
final class LocalForms {
    /**
     * Shear under which a local matrix counts as an exact TRS: {@link Affine#trsDeviation} of its linear part, per
     * column relative to the column's length (translation and magnitude play no part), 2^-19 ≈ 1.9e-6 = 32 float
     * rounding units: above the few units a TRS picks up when it is multiplied by a parent's inverse (at most 8 for
     * parents whose scale is uniform or aligned within a factor of 10, measured), far below any shear meant.
     */
    static final double TRS_TOLERANCE = 0x1p-19;
    /** A TRS local of the identity, as 12 plane values: translation 0, quaternion (0, 0, 0, 1), scale 1. */
    static final float[] IDENTITY_TRS = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0};

    private final NodeStorage store;
    private final float[] matrix = new float[16];
    private final float[] trs = new float[16];
    private final float[] deviation = new float[16];

    LocalForms(NodeStorage store) {
        this.store = store;
    }

    /**
     * Writes a local translation: the TRS translation, or an explicit matrix's translation column. Checks nothing.
     */
    void writeTranslation(int node, float x, float y, float z) {
        store.storeLocal3(node, store.modes[node] == MODE_TRS ? Affine.TRS_T : 9, x, y, z);
    }

    /**
     * Writes a TRS local's rotation, normalised as {@link Arguments#normalizeInto} does; the node must hold TRS and the
     * quaternion be checked ({@link Arguments#checkRotation}).
     */
    void writeRotation(int node, float x, float y, float z, float w) {
        store.storeRotation(node, x, y, z, w);
    }

    /** Writes a TRS local's scale; the node must hold TRS ({@link #requireTrsLocal}). Checks nothing. */
    void writeScale(int node, float x, float y, float z) {
        store.storeLocal3(node, Affine.TRS_S, x, y, z);
    }

    /** Writes the node's local matrix ({@code parentFromLocal}, 12 floats) to {@code dest}, whatever its form. */
    void localMatrix(int node, float[] dest, int offset) {
        if (store.modes[node] == MODE_TRS) {
            store.loadLocal(node, matrix, 0);
            Affine.composeTrs(matrix, 0, dest, offset);
        } else {
            store.loadLocal(node, dest, offset);
        }
    }

    /**
     * @return a scratch array holding the node's TRS record (decomposed from an explicit matrix if need be), valid
     *     until the next call
     */
    float[] localTrs(int node) {
        if (store.modes[node] == MODE_TRS) {
            store.loadLocal(node, trs, 0);
        } else {
            store.loadLocal(node, matrix, 0);
            Affine.decompose(matrix, 0, trs, 0);
        }
        return trs;
    }

    /**
     * Converts an explicit local matrix to TRS in place if it has no shear ({@link #checkSplittable}); a TRS node is
     * left as it is.
     *
     * @throws IllegalStateException if the matrix has shear (nothing changed)
     */
    void requireTrsLocal(int node, long handle) {
        if (store.modes[node] == MODE_TRS) {
            return;
        }
        checkSplittable(node, handle);
        store.loadLocal(node, matrix, 0);
        Affine.decompose(matrix, 0, trs, 0);
        writeLocal(node, MODE_TRS, trs);
    }

    /**
     * Checks that the node's explicit local matrix can be split into TRS, so that its rotation or scale can be set
     * alone.
     *
     * @throws IllegalStateException if it has shear
     */
    void checkSplittable(int node, long handle) {
        store.loadLocal(node, matrix, 0);
        if (chooseLocalForm(MODE_TRS, matrix, trs) != MODE_TRS) {
            throw new IllegalStateException("cannot set rotation or scale alone: " + Handles.toString(handle)
                    + " has an explicit local matrix with shear; set the whole local with setLocalTrs or "
                    + "setLocalMatrix");
        }
    }

    /**
     * Decides how to store a local matrix: as TRS (written to {@code trsOut}) when the node prefers TRS and the
     * linear part round-trips through TRS within {@link #TRS_TOLERANCE} of each column's length
     * ({@link Affine#trsDeviation}: the translation, which TRS keeps exactly, is not compared), else as an explicit
     * matrix. So dropping what is below the tolerance moves a world column by at most {@code TRS_TOLERANCE × κ} of
     * its length (κ: condition number of the parent's linear part) and no translation.
     *
     * @return {@link dev.arbor.kernel.LocalToWorld#MODE_TRS} or {@link dev.arbor.kernel.LocalToWorld#MODE_MATRIX}
     */
    byte chooseLocalForm(byte preferred, float[] localMatrix, float[] trsOut) {
        if (preferred != MODE_TRS) {
            return MODE_MATRIX;
        }
        return Affine.trsDeviation(localMatrix, 0, trsOut, 0, deviation, 0) <= TRS_TOLERANCE ? MODE_TRS : MODE_MATRIX;
    }

    /** Stores a local in the given form: a TRS record (10 floats, then identity padding) or a 12-float matrix. */
    void writeLocal(int node, byte mode, float[] source) {
        store.setMode(node, mode);
        if (mode == MODE_TRS) {
            store.storeLocalFrom(node, 0, source, 0, Affine.TRS_STRIDE);
            store.storeLocalFrom(node, Affine.TRS_STRIDE, IDENTITY_TRS, Affine.TRS_STRIDE, 2);
        } else {
            store.storeLocalFrom(node, 0, source, 0, Affine.STRIDE);
        }
    }
}
