package dev.arbor.hierarchy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The slow, obvious transform hierarchy that {@link RandomizedHierarchyTest} compares {@link Hierarchy} against.
 *
 * <p>Node objects with a parent pointer and an ordered child list; the local transform is kept in double precision,
 * either as translation / rotation / scale ({@code parentFromLocal = T × R × S}, the rotation held as a 3×3 matrix)
 * or as an explicit affine matrix. World matrices are computed by recursion from the root every time they are asked
 * for: nothing is cached, so nothing can be stale. Written from the textbook formulas only; it shares no code with
 * Arbor's {@code Affine} or kernels.
 *
 * <p>Matrices are {@code double[12]}, column-major 3×4 ({@code m[col * 3 + row]}, column 3 the translation), the
 * layout Arbor documents, so that results can be compared element by element.
 *
 * <p>Errors mirror Arbor's documented contract: {@link IllegalArgumentException} for dead nodes, indices out of
 * range, reparenting under the node itself or a descendant, non-finite values and the zero quaternion;
 * {@link IllegalStateException} for a singular parent (keep-world operations) and for rotation or scale set alone
 * on an explicit matrix with shear. Every operation checks everything before it changes anything.
 */
final class ReferenceHierarchy {
    /**
     * An explicit matrix counts as shear-free (convertible to TRS) within this round-trip error of each linear column,
     * relative to the column's length (Arbor's {@code Hierarchy.TRS_TOLERANCE}, 2^-19).
     */
    static final double SHEAR_TOLERANCE = 0x1p-19;
    /** Position argument meaning "append after the existing children / roots". */
    static final int APPEND = Integer.MIN_VALUE;

    /** One node. Fields are package-visible so the comparing test can read them; only this class writes them. */
    static final class Node {
        final int id;
        Node parent;
        final List<Node> children = new ArrayList<>();
        boolean alive = true;
        /** Whether the local is an explicit matrix ({@link #matrix}) rather than TRS. */
        boolean matrixLocal;
        final double[] translation = new double[3];
        /** Rotation as a 3×3 column-major matrix (orthonormal, determinant +1). */
        final double[] rotation = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        final double[] scale = {1, 1, 1};
        final double[] matrix = new double[12];

        // ---- bookkeeping owned by the comparing test, never read here ----
        /** The Arbor handle created alongside this node. */
        long handle;
        /** Relative error the test allows for this node's local transform (see RandomizedHierarchyTest). */
        double allowance;
        /** Version of the last Arbor update whose change list held this node. */
        long lastChangedVersion;

        Node(int id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "node#" + id;
        }
    }

    private final List<Node> roots = new ArrayList<>();
    private int created;
    private int live;

    // =================================================================================================
    // Lifecycle and topology
    // =================================================================================================

    Node createRoot() {
        Node n = new Node(created++);
        roots.add(n);
        live++;
        return n;
    }

    Node createChild(Node parent, int index) {
        requireAlive(parent);
        int count = parent.children.size();
        if (index == APPEND) {
            index = count;
        }
        checkIndex(index, count);
        Node n = new Node(created++);
        n.parent = parent;
        parent.children.add(index, n);
        live++;
        return n;
    }

    void destroy(Node n) {
        requireAlive(n);
        siblings(n).remove(n);
        for (Node x : subtree(n)) {
            x.alive = false;
            live--;
        }
        n.parent = null;
    }

    /** Moves {@code n} under {@code newParent} (null: make it a root) at {@code index} counted without {@code n}. */
    void reparent(Node n, Node newParent, int index, boolean keepWorld) {
        requireAlive(n);
        List<Node> target;
        if (newParent == null) {
            target = roots;
        } else {
            requireAlive(newParent);
            target = newParent.children;
        }
        int count = target.size() - (n.parent == newParent ? 1 : 0);
        if (index == APPEND) {
            index = count;
        }
        checkIndex(index, count);
        for (Node a = newParent; a != null; a = a.parent) {
            if (a == n) {
                throw new IllegalArgumentException("cannot reparent " + n + " under "
                        + (newParent == n ? "itself" : "its own descendant " + newParent));
            }
        }
        double[] newLocal = null;
        if (keepWorld) {
            double[] world = world(n);
            newLocal = newParent == null ? world : multiply(parentInverseOrThrow(newParent), world);
        }
        siblings(n).remove(n);
        n.parent = newParent;
        target.add(index, n);
        if (keepWorld) {
            setDerivedLocal(n, newLocal);
        }
    }

    void moveToIndex(Node n, int index) {
        requireAlive(n);
        List<Node> siblings = siblings(n);
        checkIndex(index, siblings.size() - 1);
        siblings.remove(n);
        siblings.add(index, n);
    }

    // =================================================================================================
    // Local transforms
    // =================================================================================================

    void setLocalTranslation(Node n, float x, float y, float z) {
        requireAlive(n);
        requireFinite(x, y, z);
        double[] t = n.matrixLocal ? null : n.translation;
        if (t == null) {
            n.matrix[9] = x;
            n.matrix[10] = y;
            n.matrix[11] = z;
        } else {
            t[0] = x;
            t[1] = y;
            t[2] = z;
        }
    }

    void setLocalRotation(Node n, float x, float y, float z, float w) {
        requireAlive(n);
        double[] r = rotationOf(x, y, z, w);
        convertToTrsOrThrow(n);
        System.arraycopy(r, 0, n.rotation, 0, 9);
    }

    void setLocalScale(Node n, float x, float y, float z) {
        requireAlive(n);
        requireFinite(x, y, z);
        convertToTrsOrThrow(n);
        n.scale[0] = x;
        n.scale[1] = y;
        n.scale[2] = z;
    }

    void setLocalTrs(Node n, float[] t, float[] q, float[] s) {
        requireAlive(n);
        requireFinite(t[0], t[1], t[2]);
        requireFinite(s[0], s[1], s[2]);
        double[] r = rotationOf(q[0], q[1], q[2], q[3]);
        n.matrixLocal = false;
        for (int k = 0; k < 3; k++) {
            n.translation[k] = t[k];
            n.scale[k] = s[k];
        }
        System.arraycopy(r, 0, n.rotation, 0, 9);
    }

    void setLocalMatrix(Node n, float[] m) {
        requireAlive(n);
        for (float v : m) {
            if (!Float.isFinite(v)) {
                throw new IllegalArgumentException("local matrix is not finite");
            }
        }
        n.matrixLocal = true;
        for (int k = 0; k < 12; k++) {
            n.matrix[k] = m[k];
        }
    }

    /** local = inverse(parentWorld) × world. */
    void setWorld(Node n, float[] world) {
        requireAlive(n);
        double[] w = new double[12];
        for (int k = 0; k < 12; k++) {
            if (!Float.isFinite(world[k])) {
                throw new IllegalArgumentException("world matrix is not finite");
            }
            w[k] = world[k];
        }
        setDerivedLocal(n, n.parent == null ? w : multiply(parentInverseOrThrow(n.parent), w));
    }

    /** Local translation becomes inverse(parentWorld) × (x, y, z, 1); rotation and scale stay. */
    void setWorldTranslation(Node n, float x, float y, float z) {
        requireAlive(n);
        requireFinite(x, y, z);
        double[] p = {x, y, z};
        if (n.parent != null) {
            double[] inv = parentInverseOrThrow(n.parent);
            p = transformPoint(inv, x, y, z);
        }
        double[] t = n.matrixLocal ? null : n.translation;
        for (int k = 0; k < 3; k++) {
            if (t == null) {
                n.matrix[9 + k] = p[k];
            } else {
                t[k] = p[k];
            }
        }
    }

    /** Switches the stored form without changing the matrix (beyond the TRS round trip). */
    void setLocalForm(Node n, boolean matrixLocal) {
        if (matrixLocal) {
            double[] m = localMatrix(n);
            System.arraycopy(m, 0, n.matrix, 0, 12);
            n.matrixLocal = true;
        } else if (n.matrixLocal) {
            decomposeInto(n.matrix, n);
            n.matrixLocal = false;
        }
    }

    /**
     * Stores a computed local: as TRS if the node held TRS and the matrix round-trips through TRS within
     * {@link #SHEAR_TOLERANCE}, else as an explicit matrix (Arbor's documented rule for keep-world operations).
     */
    private void setDerivedLocal(Node n, double[] local) {
        if (!n.matrixLocal && shearMeasure(local) <= SHEAR_TOLERANCE) {
            decomposeInto(local, n);
        } else {
            n.matrixLocal = true;
            System.arraycopy(local, 0, n.matrix, 0, 12);
        }
    }

    private void convertToTrsOrThrow(Node n) {
        if (!n.matrixLocal) {
            return;
        }
        if (shearMeasure(n.matrix) > SHEAR_TOLERANCE) {
            throw new IllegalStateException(n + " has an explicit local matrix with shear");
        }
        decomposeInto(n.matrix, n);
        n.matrixLocal = false;
    }

    private double[] parentInverseOrThrow(Node parent) {
        if (isWorldSingular(parent)) {
            throw new IllegalStateException("world matrix of " + parent + " is not invertible");
        }
        return invert(world(parent));
    }

    // =================================================================================================
    // Queries
    // =================================================================================================

    boolean isAlive(Node n) {
        return n.alive;
    }

    int size() {
        return live;
    }

    List<Node> roots() {
        return Collections.unmodifiableList(roots);
    }

    List<Node> children(Node n) {
        requireAlive(n);
        return Collections.unmodifiableList(n.children);
    }

    int indexInParent(Node n) {
        requireAlive(n);
        return siblings(n).indexOf(n);
    }

    int depth(Node n) {
        requireAlive(n);
        int d = 0;
        for (Node a = n.parent; a != null; a = a.parent) {
            d++;
        }
        return d;
    }

    Node root(Node n) {
        requireAlive(n);
        Node a = n;
        while (a.parent != null) {
            a = a.parent;
        }
        return a;
    }

    /** Parent first, up to the root. */
    List<Node> ancestors(Node n) {
        requireAlive(n);
        List<Node> out = new ArrayList<>();
        for (Node a = n.parent; a != null; a = a.parent) {
            out.add(a);
        }
        return out;
    }

    /** Depth-first pre-order, {@code n} first. */
    List<Node> subtree(Node n) {
        List<Node> out = new ArrayList<>();
        addSubtree(n, out);
        return out;
    }

    private static void addSubtree(Node n, List<Node> out) {
        out.add(n);
        for (Node c : n.children) {
            addSubtree(c, out);
        }
    }

    /** Every live node in depth-first pre-order of the roots. */
    List<Node> allNodes() {
        List<Node> out = new ArrayList<>(live);
        for (Node r : roots) {
            addSubtree(r, out);
        }
        return out;
    }

    /** Height of the subtree below {@code n} (0 for a leaf). */
    static int height(Node n) {
        int h = 0;
        for (Node c : n.children) {
            h = Math.max(h, 1 + height(c));
        }
        return h;
    }

    /** The local matrix {@code parentFromLocal}. */
    double[] localMatrix(Node n) {
        if (n.matrixLocal) {
            return n.matrix.clone();
        }
        return compose(n.translation, n.rotation, n.scale);
    }

    /** {@code worldFromLocal}, by recursion from the root: {@code world(parent) × local}. */
    double[] world(Node n) {
        requireAlive(n);
        return n.parent == null ? localMatrix(n) : multiply(world(n.parent), localMatrix(n));
    }

    /** Every live node's world matrix, computed top-down in one pass (fresh on every call). */
    Map<Node, double[]> allWorlds() {
        Map<Node, double[]> out = new IdentityHashMap<>();
        for (Node r : roots) {
            addWorlds(r, null, out);
        }
        return out;
    }

    private void addWorlds(Node n, double[] parentWorld, Map<Node, double[]> out) {
        double[] w = parentWorld == null ? localMatrix(n) : multiply(parentWorld, localMatrix(n));
        out.put(n, w);
        for (Node c : n.children) {
            addWorlds(c, w, out);
        }
    }

    /** {@code localFromWorld}; throws {@link IllegalStateException} when the world matrix is singular. */
    double[] worldInverse(Node n) {
        requireAlive(n);
        if (isWorldSingular(n)) {
            throw new IllegalStateException("world matrix of " + n + " is not invertible");
        }
        return invert(world(n));
    }

    /** Whether some local on the chain from the root to {@code n} is singular. */
    boolean isWorldSingular(Node n) {
        for (Node a = n; a != null; a = a.parent) {
            if (isSingular(localMatrix(a))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the node's own local maps some axis exactly to zero (a zero scale, or a zero matrix column). */
    boolean hasZeroAxis(Node n) {
        double[] m = localMatrix(n);
        for (int c = 0; c < 3; c++) {
            if (m[c * 3] == 0 && m[c * 3 + 1] == 0 && m[c * 3 + 2] == 0) {
                return true;
            }
        }
        return false;
    }

    // =================================================================================================
    // Checks
    // =================================================================================================

    private static void requireAlive(Node n) {
        if (n == null || !n.alive) {
            throw new IllegalArgumentException("dead node: " + n);
        }
    }

    private static void checkIndex(int index, int count) {
        if (index < 0 || index > count) {
            throw new IllegalArgumentException("index " + index + " out of [0, " + count + "]");
        }
    }

    private static void requireFinite(float x, float y, float z) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new IllegalArgumentException("not finite: " + x + ", " + y + ", " + z);
        }
    }

    private List<Node> siblings(Node n) {
        return n.parent == null ? roots : n.parent.children;
    }

    // =================================================================================================
    // Double-precision affine arithmetic (column-major 3×4, m[col * 3 + row])
    // =================================================================================================

    /** {@code a × b}: apply {@code b} first. */
    static double[] multiply(double[] a, double[] b) {
        double[] out = new double[12];
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 3; r++) {
                double sum = c == 3 ? a[9 + r] : 0;
                for (int k = 0; k < 3; k++) {
                    sum += a[k * 3 + r] * b[c * 3 + k];
                }
                out[c * 3 + r] = sum;
            }
        }
        return out;
    }

    static double determinant(double[] m) {
        return m[0] * (m[4] * m[8] - m[5] * m[7])
                - m[3] * (m[1] * m[8] - m[2] * m[7])
                + m[6] * (m[1] * m[5] - m[2] * m[4]);
    }

    /** Singular when the determinant vanishes relative to the product of the column lengths. */
    static boolean isSingular(double[] m) {
        double lengths = columnLength(m, 0) * columnLength(m, 1) * columnLength(m, 2);
        return lengths == 0 || Math.abs(determinant(m)) <= 1e-12 * lengths;
    }

    /** Inverse of an affine matrix by the adjugate: {@code [A | a]⁻¹ = [A⁻¹ | −A⁻¹ a]}. */
    static double[] invert(double[] m) {
        double det = determinant(m);
        if (det == 0) {
            throw new IllegalStateException("singular");
        }
        // element (row r, col c) of A is m[c * 3 + r]; inverse(r, c) = cofactor(c, r) / det
        double[] out = new double[12];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                out[c * 3 + r] = cofactor(m, c, r) / det;
            }
        }
        for (int r = 0; r < 3; r++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) {
                sum += out[k * 3 + r] * m[9 + k];
            }
            out[9 + r] = -sum;
        }
        return out;
    }

    /** Cofactor of element (row, col) of the linear part. */
    private static double cofactor(double[] m, int row, int col) {
        int r0 = (row + 1) % 3;
        int r1 = (row + 2) % 3;
        int c0 = (col + 1) % 3;
        int c1 = (col + 2) % 3;
        // cyclic index choice makes the sign come out right without (−1)^(row+col)
        return m[c0 * 3 + r0] * m[c1 * 3 + r1] - m[c1 * 3 + r0] * m[c0 * 3 + r1];
    }

    static double[] transformPoint(double[] m, double x, double y, double z) {
        double[] out = new double[3];
        for (int r = 0; r < 3; r++) {
            out[r] = m[r] * x + m[3 + r] * y + m[6 + r] * z + m[9 + r];
        }
        return out;
    }

    /** The rotation matrix of a quaternion, normalised first; rejects non-finite and zero quaternions. */
    static double[] rotationOf(float fx, float fy, float fz, float fw) {
        if (!Float.isFinite(fx) || !Float.isFinite(fy) || !Float.isFinite(fz) || !Float.isFinite(fw)) {
            throw new IllegalArgumentException("rotation is not finite");
        }
        double len = Math.sqrt((double) fx * fx + (double) fy * fy + (double) fz * fz + (double) fw * fw);
        if (len == 0) {
            throw new IllegalArgumentException("zero quaternion");
        }
        double x = fx / len;
        double y = fy / len;
        double z = fz / len;
        double w = fw / len;
        return new double[] {
            1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
            2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
            2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y),
        };
    }

    /** {@code T × R × S}. */
    static double[] compose(double[] t, double[] r, double[] s) {
        double[] m = new double[12];
        for (int c = 0; c < 3; c++) {
            for (int k = 0; k < 3; k++) {
                m[c * 3 + k] = r[c * 3 + k] * s[c];
            }
        }
        System.arraycopy(t, 0, m, 9, 3);
        return m;
    }

    /**
     * Splits a matrix into T, R, S: scale = column lengths with x negated for a mirror (negative determinant);
     * rotation = the normalised columns made orthonormal by Gram–Schmidt (x first), z = x × y. A zero column is
     * rebuilt from the other two; with two or more zero columns the rotation is the identity.
     */
    static void decomposeInto(double[] m, Node n) {
        double[] s = {columnLength(m, 0), columnLength(m, 1), columnLength(m, 2)};
        if (determinant(m) < 0) {
            s[0] = -s[0];
        }
        double[][] axis = new double[3][];
        int zeros = 0;
        for (int c = 0; c < 3; c++) {
            if (s[c] == 0) {
                zeros++;
            } else {
                axis[c] = new double[] {m[c * 3] / s[c], m[c * 3 + 1] / s[c], m[c * 3 + 2] / s[c]};
            }
        }
        double[] r;
        if (zeros >= 2) {
            r = new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
        } else {
            if (zeros == 1) {
                int c = s[0] == 0 ? 0 : s[1] == 0 ? 1 : 2;
                axis[c] = normalize(cross(axis[(c + 1) % 3], axis[(c + 2) % 3]));
            }
            double[] x = normalize(axis[0]);
            double[] y = axis[1];
            double d = dot(x, y);
            y = normalize(new double[] {y[0] - d * x[0], y[1] - d * x[1], y[2] - d * x[2]});
            double[] z = cross(x, y);
            r = new double[] {x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]};
        }
        n.translation[0] = m[9];
        n.translation[1] = m[10];
        n.translation[2] = m[11];
        System.arraycopy(r, 0, n.rotation, 0, 9);
        System.arraycopy(s, 0, n.scale, 0, 3);
    }

    /**
     * {@code max over the linear columns j of max |compose(decompose(m))[j] − m[j]| / |m[j]|}: 0 for a matrix without
     * shear, independent of the translation and of the magnitude (Arbor's rule, {@code Affine.trsDeviation}); a zero
     * column counts as reproduced.
     */
    static double shearMeasure(double[] m) {
        Node scratch = new Node(-1);
        decomposeInto(m, scratch);
        double[] round = compose(scratch.translation, scratch.rotation, scratch.scale);
        double worst = 0;
        for (int c = 0; c < 3; c++) {
            double diff = 0;
            for (int k = c * 3; k < c * 3 + 3; k++) {
                diff = Math.max(diff, Math.abs(round[k] - m[k]));
            }
            double length = columnLength(m, c);
            worst = Math.max(worst, length == 0 ? diff : diff / length);
        }
        return worst;
    }

    static double columnLength(double[] m, int c) {
        return Math.sqrt(m[c * 3] * m[c * 3] + m[c * 3 + 1] * m[c * 3 + 1] + m[c * 3 + 2] * m[c * 3 + 2]);
    }

    static double maxAbs(double[] m) {
        double max = 0;
        for (double v : m) {
            max = Math.max(max, Math.abs(v));
        }
        return max;
    }

    /** Frobenius-norm condition estimate of the linear part (an upper bound of the 2-norm condition number). */
    static double condition(double[] m) {
        double[] inv = invert(m);
        return frobenius(m) * frobenius(inv);
    }

    private static double frobenius(double[] m) {
        double sum = 0;
        for (int k = 0; k < 9; k++) {
            sum += m[k] * m[k];
        }
        return Math.sqrt(sum);
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double[] normalize(double[] v) {
        double len = Math.sqrt(dot(v, v));
        return new double[] {v[0] / len, v[1] / len, v[2] / len};
    }
}
