package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import dev.arbor.hierarchy.ReferenceHierarchy.Node;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * The random-operation harness of {@link RandomizedHierarchyTest}: one Arbor {@link Hierarchy} and one slow, obvious
 * {@link ReferenceHierarchy} driven through the same random operations (fixed seeds), compared after each step,
 * with {@link Hierarchy#checkInvariants()}.
 *
 * <h2>Tolerance</h2>
 * Arbor computes in float, the reference in double. Each node carries an <em>allowance</em>: the relative error its
 * local transform may carry. A local set directly from float inputs gets {@link #LOCAL_REL} = 16u (u = 2⁻²⁴, the
 * float unit roundoff): composing T × R × S from a float quaternion costs a few roundings per element, Arbor keeps a
 * quaternion as given when its squared length is within 1e-6 of 1 (our float-rounded unit quaternions are off by at
 * most ~4u), and each matrix product in the chain adds at most ~4u relative to the operands. The allowance of a
 * world matrix is the sum of the allowances along its chain (errors of a product of moderately conditioned factors
 * add up to first order), measured against the largest element magnitude M found on the chain (root to node): the
 * partial products are what get rounded, and a child whose world is small because a translation cancels its
 * parent's still inherits the parent's absolute rounding. So for a world matrix we require, element by element,
 *
 * <pre>  |arbor − reference| ≤ Σ(allowances on the chain) · max(1, M)</pre>
 *
 * which for directly set locals is 16u·(depth + 1)·max(1, M): about 1e-4 relative at depth 100. A local computed
 * by a keep-world operation ({@code inverse(parentWorld) × world}) inherits the errors of both operands amplified by
 * the parent's condition number κ (Frobenius estimate), so it gets LOCAL_REL + κ·(allowance(parent chain) +
 * allowance(world) + LOCAL_REL), plus the TRS round-trip error when it is stored as TRS. Operations that would need
 * κ above {@link #CONDITION_LIMIT} are not issued (a float answer there is not meaningful to compare); they are
 * counted as skipped. The largest observed error/tolerance ratio is printed at the end of the class.
 */
final class RandomizedHarness {
    /** Float unit roundoff, 2⁻²⁴. */
    static final double U = Math.ulp(1f) / 2;
    /** Relative error allowed for a local transform set directly from float inputs (see the class comment). */
    static final double LOCAL_REL = 16 * U;
    /** Keep-world operations under a parent worse conditioned than this are not issued. */
    static final double CONDITION_LIMIT = 300;
    private static final MatrixLayout[] LAYOUTS = MatrixLayout.values();

    static double worstWorldRatio;
    static double worstLocalRatio;
    static double worstInverseRatio;
    static long totalOperations;
    static long totalSkipped;
    static long totalPackings;


    enum Op {
        CREATE_ROOT, CREATE_CHILD, CREATE_CHILD_AT, DESTROY, REPARENT_KEEP_LOCAL, REPARENT_KEEP_WORLD, DETACH,
        MOVE_TO_INDEX, SET_TRANSLATION, SET_ROTATION, SET_SCALE, SET_TRS, SET_MATRIX, SET_WORLD,
        SET_WORLD_TRANSLATION, QUERY_WORLD, QUERY_INVERSE, QUERY_TOPOLOGY, UPDATE, EXPORT, CHANGED_SINCE,
        MISUSE_STALE, MISUSE_CYCLE, MISUSE_INDEX, MISUSE_VALUE
    }

    /** Operation weights, in {@link Op} order. */
    enum Mix {
        //          CR CC CA DE RL RW DT MI ST SR SS TR SM SW WT QW QI QT UP EX CS MS MC MX MV
        TRANSFORMS(2, 6, 2, 2, 2, 2, 1, 1, 10, 8, 8, 6, 5, 4, 3, 10, 3, 2, 4, 0, 0, 1, 1, 1, 1),
        TOPOLOGY(3, 8, 6, 7, 8, 4, 3, 5, 3, 2, 2, 2, 2, 1, 1, 5, 1, 6, 3, 0, 0, 1, 1, 1, 1),
        UPDATES(2, 5, 2, 4, 4, 3, 2, 2, 6, 4, 4, 3, 2, 2, 2, 6, 1, 1, 30, 0, 2, 1, 1, 1, 0),
        MISUSE(2, 6, 2, 4, 3, 2, 1, 2, 4, 6, 4, 2, 6, 2, 1, 3, 1, 2, 3, 0, 0, 8, 6, 6, 6),
        KEEP_WORLD(2, 6, 2, 3, 2, 14, 4, 1, 4, 3, 8, 3, 3, 12, 6, 4, 6, 1, 4, 0, 0, 1, 1, 1, 0),
        EXPORT(2, 6, 2, 3, 3, 2, 1, 1, 6, 4, 4, 3, 2, 2, 2, 3, 1, 1, 8, 8, 8, 1, 1, 1, 0);

        final int[] weights;
        final int total;

        Mix(int... weights) {
            this.weights = weights;
            this.total = Arrays.stream(weights).sum();
            assert weights.length == Op.values().length;
        }

        Op pick(SplittableRandom rnd) {
            int x = rnd.nextInt(total);
            for (int k = 0; ; k++) {
                x -= weights[k];
                if (x < 0) {
                    return Op.values()[k];
                }
            }
        }
    }

    // every automatic update may rewrite for activity, in any state
    final Hierarchy arbor = new Hierarchy(4, Tuning.DEFAULT.withActivityPacking(0, 1,
            Tuning.DEFAULT.packMaxNodes()));
    final ReferenceHierarchy ref = new ReferenceHierarchy();
    final SplittableRandom rnd;
    final int maxNodes;
    int maxDepth = Integer.MAX_VALUE;
    int minNodes;
    /** Chance that setLocalScale zeroes one component (making a singular node). */
    double zeroScaleChance = 0.05;
    final List<Node> live = new ArrayList<>();
    final List<Long> deadHandles = new ArrayList<>();
    final Map<Long, Node> byHandle = new HashMap<>();
    /** Nodes whose subtree Arbor must have marked stale since the last update (created, moved, edited). */
    final Set<Node> dirty = Collections.newSetFromMap(new IdentityHashMap<>());
    Map<Node, double[]> worldsAtLastUpdate = new IdentityHashMap<>();
    final List<Long> heardByFirst = new ArrayList<>();
    final List<Long> heardBySecond = new ArrayList<>();

    int operations;
    int skipped;
    int updates;
    long changedPublished;
    int rejectedStale;
    int rejectedCycle;
    int rejectedIndex;
    int rejectedValue;
    int rejectedShear;
    int rejectedSingular;
    int rejectedSingularInverse;
    int keptWorld;
    int exports;
    int changedSinceChecks;

    RandomizedHarness(long seed, int maxNodes) {
        this.rnd = new SplittableRandom(seed);
        this.maxNodes = maxNodes;
        arbor.addListener((hierarchy, handle) -> {
            assertThat(hierarchy).isSameAs(arbor);
            heardByFirst.add(handle);
        });
        arbor.addListener((hierarchy, handle) -> heardBySecond.add(handle));
    }

    void finish() {
        synchronized (RandomizedHierarchyTest.class) {
            totalOperations += operations;
            totalSkipped += skipped;
            totalPackings += arbor.packing().activityPackings;
        }
    }

    void checkInvariants() {
        arbor.checkInvariants();
    }

    // ---------------------------------------------------------------------------------------------
    // One random step
    // ---------------------------------------------------------------------------------------------

    void step(Mix mix) {
        if (rnd.nextInt(64) == 0) {
            // every operation runs in both storage layouts, and layouts change in any state
            arbor.setStorageLayout(StorageLayout.values()[rnd.nextInt(StorageLayout.values().length)]);
        }
        Op op = mix.pick(rnd);
        if (live.isEmpty()) {
            op = Op.CREATE_ROOT;
        } else if (live.size() >= maxNodes && op.name().startsWith("CREATE")) {
            op = Op.DESTROY;
        } else if (live.size() <= minNodes && op == Op.DESTROY) {
            op = Op.CREATE_CHILD;
        }
        operations++;
        switch (op) {
            case CREATE_ROOT:
                createRoot();
                break;
            case CREATE_CHILD:
                createChild(shallowEnough(randomLive(), 1), ReferenceHierarchy.APPEND);
                break;
            case CREATE_CHILD_AT: {
                Node p = shallowEnough(randomLive(), 1);
                createChild(p, rnd.nextInt(p.children.size() + 1));
                break;
            }
            case DESTROY:
                destroy(randomLive());
                break;
            case REPARENT_KEEP_LOCAL:
                reparent(false);
                break;
            case REPARENT_KEEP_WORLD:
                reparent(true);
                break;
            case DETACH:
                detach(randomLive(), rnd.nextBoolean());
                break;
            case MOVE_TO_INDEX: {
                Node n = randomLive();
                int siblings = n.parent == null ? ref.roots().size() : n.parent.children.size();
                int index = rnd.nextInt(siblings);
                attempt("moveToIndex", () -> ref.moveToIndex(n, index), () -> arbor.moveToIndex(n.handle, index));
                break;
            }
            case SET_TRANSLATION: {
                if (rnd.nextInt(4) == 0) {
                    batch(false);
                    break;
                }
                Node n = randomLive();
                float[] v = randomTranslation();
                attempt("setLocalTranslation", () -> ref.setLocalTranslation(n, v[0], v[1], v[2]),
                        () -> arbor.setLocalTranslation(n.handle, v[0], v[1], v[2]));
                edited(n, n.allowance);
                break;
            }
            case SET_ROTATION:
                if (rnd.nextInt(4) == 0) {
                    batch(true);
                    break;
                }
                setRotationOrScale(randomLive(), true, randomQuaternion());
                break;
            case SET_SCALE:
                setRotationOrScale(randomLive(), false, randomScale(zeroScaleChance));
                break;
            case SET_TRS:
                setRandomLocal(randomLive(), true);
                break;
            case SET_MATRIX: {
                Node n = randomLive();
                float[] m = randomMatrix(rnd.nextBoolean());
                attempt("setLocalMatrix", () -> ref.setLocalMatrix(n, m),
                        () -> arbor.setLocalMatrix(n.handle, m, 0));
                edited(n, LOCAL_REL);
                break;
            }
            case SET_WORLD:
                setWorld(randomLive());
                break;
            case SET_WORLD_TRANSLATION:
                setWorldTranslation(randomLive());
                break;
            case QUERY_WORLD:
                if (rnd.nextInt(4) == 0) {
                    compareWorldGetters(randomLive());
                }
                compareWorld(randomLive());
                break;
            case QUERY_INVERSE:
                queryInverse(randomLive());
                break;
            case QUERY_TOPOLOGY:
                compareTopology(randomLive());
                break;
            case UPDATE:
                update();
                break;
            case EXPORT:
                export();
                break;
            case CHANGED_SINCE:
                changedSince();
                break;
            case MISUSE_STALE:
                misuseStale();
                break;
            case MISUSE_CYCLE:
                misuseCycle();
                break;
            case MISUSE_INDEX:
                misuseIndex();
                break;
            case MISUSE_VALUE:
                misuseValue(randomLive());
                break;
            default:
                throw new AssertionError(op);
        }
    }

    Node randomLive() {
        return live.get(rnd.nextInt(live.size()));
    }

    /** {@code n}, or its ancestor deep enough that {@code extra} more levels stay within maxDepth. */
    Node shallowEnough(Node n, int extra) {
        Node p = n;
        while (p != null && ref.depth(p) + extra > maxDepth) {
            p = p.parent;
        }
        return p;
    }

    // ---------------------------------------------------------------------------------------------
    // Operations done on both sides
    // ---------------------------------------------------------------------------------------------

    /**
     * Runs an operation on the reference, then on Arbor. If the reference accepts it, Arbor must too. If the
     * reference rejects it, Arbor must throw the same exception type and leave its observable state exactly
     * as it was (topology, local matrices bit for bit, stale marks as seen through worldVersion).
     *
     * @return whether the operation was accepted
     */
    boolean attempt(String what, Runnable refOp, Runnable arborOp) {
        RuntimeException refError = null;
        try {
            refOp.run();
        } catch (IllegalArgumentException | IllegalStateException e) {
            refError = e;
        }
        if (refError == null) {
            try {
                arborOp.run();
            } catch (RuntimeException e) {
                throw new AssertionError(what + ": Arbor threw but the reference accepted the call", e);
            }
            return true;
        }
        long[] before = snapshot();
        Throwable arborError = catchThrowable(arborOp::run);
        assertThat(arborError).as("%s: the reference threw %s", what, refError)
                .isInstanceOf(refError.getClass());
        long[] after = snapshot();
        if (!Arrays.equals(before, after)) {
            fail(what + " threw " + arborError + " but changed the state");
        }
        return false;
    }

    /** Arbor's observable state, in the reference's pre-order, packed into longs. */
    long[] snapshot() {
        List<Node> nodes = ref.allNodes();
        long[] out = new long[4 + nodes.size() * 20 + ref.roots().size()];
        int k = 0;
        out[k++] = arbor.size();
        out[k++] = arbor.rootCount();
        out[k++] = arbor.firstRoot();
        out[k++] = arbor.version();
        long[] roots = new long[arbor.rootCount()];
        arbor.roots(roots, 0);
        for (long r : roots) {
            out[k++] = r;
        }
        float[] local = new float[12];
        for (Node n : nodes) {
            long h = n.handle;
            out[k++] = arbor.parent(h);
            out[k++] = arbor.childCount(h);
            out[k++] = arbor.firstChild(h) ^ 31 * arbor.lastChild(h);
            out[k++] = arbor.nextSibling(h) ^ 31 * arbor.previousSibling(h);
            out[k++] = arbor.hasLocalMatrix(h) ? 1 : 0;
            out[k++] = arbor.worldVersion(h);
            arbor.getLocalMatrix(h, local, 0);
            for (float v : local) {
                out[k++] = Float.floatToRawIntBits(v);
            }
            out[k++] = arbor.isAlive(h) ? 1 : 0;
            out[k++] = arbor.indexInParent(h);
        }
        return Arrays.copyOf(out, k);
    }

    Node createRoot() {
        Node n = ref.createRoot();
        bind(n, arbor.createRoot());
        return n;
    }

    Node createChild(Node parent, int index) {
        Node[] made = new Node[1];
        long[] handle = new long[1];
        boolean ok = attempt("createChild", () -> made[0] = ref.createChild(parent, index),
                () -> handle[0] = index == ReferenceHierarchy.APPEND ? arbor.createChild(parent.handle)
                        : arbor.createChild(parent.handle, index));
        if (ok) {
            bind(made[0], handle[0]);
            assertThat(arbor.parent(handle[0])).isEqualTo(parent.handle);
        }
        return made[0];
    }

    private void bind(Node n, long handle) {
        assertThat(arbor.isAlive(handle)).isTrue();
        assertThat(byHandle).doesNotContainKey(handle);
        n.handle = handle;
        n.allowance = LOCAL_REL;
        byHandle.put(handle, n);
        live.add(n);
        dirty.add(n);
    }

    void destroy(Node n) {
        List<Node> doomed = ref.subtree(n);
        attempt("destroy", () -> ref.destroy(n), () -> arbor.destroy(n.handle));
        for (Node x : doomed) {
            assertThat(arbor.isAlive(x.handle)).isFalse();
            deadHandles.add(x.handle);
            dirty.remove(x);
        }
        live.removeIf(x -> !x.alive);
        if (deadHandles.size() > 2_000) {
            deadHandles.subList(0, 1_000).clear();
        }
    }

    void reparent(boolean keepWorld) {
        Node n = randomLive();
        Node p = randomLive();
        boolean cycle = p == n || ref.ancestors(p).contains(n);
        if (!cycle) {
            p = shallowEnough(p, 1 + ReferenceHierarchy.height(n));
            if (p == null) {
                detach(n, keepWorld);
                return;
            }
        }
        Node target = p;
        int others = p.children.size() - (n.parent == p ? 1 : 0);
        int index = rnd.nextInt(3) == 0 ? ReferenceHierarchy.APPEND : rnd.nextInt(others + 1);
        if (keepWorld && !cycle) {
            keepWorldMove(n, p, () -> ref.reparent(n, target, index, true), () -> reparentArbor(n, target,
                    index, true));
            return;
        }
        boolean ok = attempt("reparent", () -> ref.reparent(n, target, index, keepWorld),
                () -> reparentArbor(n, target, index, keepWorld));
        assertThat(ok).as("reparent accepted").isEqualTo(!cycle);
        if (cycle) {
            rejectedCycle++;
        } else {
            moved(n);
        }
    }

    private void reparentArbor(Node n, Node p, int index, boolean keepWorld) {
        if (index == ReferenceHierarchy.APPEND) {
            arbor.reparent(n.handle, p.handle, keepWorld);
        } else {
            arbor.reparent(n.handle, p.handle, index, keepWorld);
        }
    }

    void detach(Node n, boolean keepWorld) {
        if (keepWorld) {
            keepWorldMove(n, null, () -> ref.reparent(n, null, ReferenceHierarchy.APPEND, true),
                    () -> arbor.detach(n.handle, true));
        } else {
            attempt("detach", () -> ref.reparent(n, null, ReferenceHierarchy.APPEND, false),
                    () -> arbor.detach(n.handle, false));
            moved(n);
        }
    }

    private void moved(Node n) {
        dirty.addAll(ref.subtree(n));
    }

    /**
     * A keep-world move of {@code n} under {@code p} (null: detach). Issued only when the outcome is
     * well-defined in float: {@code n}'s world must be regular, and {@code p} either well-conditioned or
     * exactly singular (a zero axis in its own local, so Arbor sees determinant 0 exactly and must throw).
     */
    private void keepWorldMove(Node n, Node p, Runnable refOp, Runnable arborOp) {
        if (ref.isWorldSingular(n) || condition(ref.world(n)) > CONDITION_LIMIT) {
            skipped++;
            return;
        }
        double parentCondition = 1;
        if (p != null) {
            if (ref.isWorldSingular(p)) {
                if (!ref.hasZeroAxis(p)) {
                    skipped++;
                    return;
                }
                assertThat(attempt("reparent keepWorld under singular parent", refOp, arborOp)).isFalse();
                rejectedSingular++;
                return;
            }
            parentCondition = condition(ref.world(p));
            if (parentCondition > CONDITION_LIMIT) {
                skipped++;
                return;
            }
        }
        double[] expectedWorld = ref.world(n);
        float[] worldBefore = arbor.getWorld(n.handle, new float[12], 0);
        double worldAllowance = chain(n).allowance;
        double parentAllowance = p == null ? 0 : chain(p).allowance;
        double[] newLocal = p == null ? expectedWorld
                : ReferenceHierarchy.multiply(ReferenceHierarchy.invert(ref.world(p)), expectedWorld);
        boolean wasMatrix = n.matrixLocal;
        assertThat(attempt("keep-world move", refOp, arborOp)).isTrue();
        moved(n);
        derivedLocal(n, wasMatrix, newLocal,
                LOCAL_REL + parentCondition * (parentAllowance + worldAllowance + LOCAL_REL));
        // the world pose is kept: compare with the world before the move, in Arbor's own floats too
        double tol = tolerance(n);
        float[] after = arbor.getWorld(n.handle, new float[12], 0);
        for (int k = 0; k < 12; k++) {
            assertThat((double) Math.abs(after[k] - worldBefore[k]))
                    .as("keep-world move changed world element %d of %s", k, n)
                    .isLessThanOrEqualTo(2 * tol);
        }
        compareWorld(n, expectedWorld);
        keptWorld++;
    }

    /**
     * Bookkeeping after a keep-world operation stored {@code local} on {@code n}: check (or, when the shear
     * measure is too close to the 2^-19 threshold to decide in float, adopt) Arbor's choice of TRS versus
     * matrix, and set the node's allowance.
     */
    private void derivedLocal(Node n, boolean wasMatrix, double[] local, double allowance) {
        double shear = ReferenceHierarchy.shearMeasure(local);
        boolean arborMatrix = arbor.hasLocalMatrix(n.handle);
        double noise = 8 * allowance;
        if (wasMatrix) {
            assertThat(arborMatrix).as("a matrix local stays a matrix").isTrue();
        } else if (shear + noise < ReferenceHierarchy.SHEAR_TOLERANCE / 2
                || shear - noise > 2 * ReferenceHierarchy.SHEAR_TOLERANCE) {
            assertThat(arborMatrix).as("TRS/matrix choice for %s with shear measure %s", n, shear)
                    .isEqualTo(n.matrixLocal);
        } else {
            ref.setLocalForm(n, arborMatrix);
            allowance += 2 * ReferenceHierarchy.SHEAR_TOLERANCE;
        }
        n.allowance = allowance + (n.matrixLocal ? 0 : 2 * shear);
    }

    void setWorld(Node n) {
        float[] world = randomMatrix(rnd.nextInt(3) == 0);
        Node p = n.parent;
        double parentCondition = 1;
        double parentAllowance = 0;
        if (p != null) {
            if (ref.isWorldSingular(p)) {
                if (!ref.hasZeroAxis(p)) {
                    skipped++;
                    return;
                }
                assertThat(attempt("setWorld under singular parent", () -> ref.setWorld(n, world),
                        () -> arbor.setWorld(n.handle, world, 0))).isFalse();
                rejectedSingular++;
                return;
            }
            parentCondition = condition(ref.world(p));
            if (parentCondition > CONDITION_LIMIT) {
                skipped++;
                return;
            }
            parentAllowance = chain(p).allowance;
        }
        double[] w = toDouble(world);
        double[] local = p == null ? w : ReferenceHierarchy.multiply(ReferenceHierarchy.invert(ref.world(p)), w);
        boolean wasMatrix = n.matrixLocal;
        assertThat(attempt("setWorld", () -> ref.setWorld(n, world), () -> arbor.setWorld(n.handle, world, 0)))
                .isTrue();
        moved(n);
        derivedLocal(n, wasMatrix, local, LOCAL_REL + parentCondition * (parentAllowance + LOCAL_REL));
        // the world becomes the requested one
        double tol = tolerance(n);
        float[] after = arbor.getWorld(n.handle, new float[12], 0);
        for (int k = 0; k < 12; k++) {
            assertThat((double) Math.abs(after[k] - world[k]))
                    .as("setWorld result element %d of %s", k, n).isLessThanOrEqualTo(tol);
        }
        compareWorld(n);
        keptWorld++;
    }

    void setWorldTranslation(Node n) {
        float[] v = randomTranslation();
        Node p = n.parent;
        double parentCondition = 1;
        double parentAllowance = 0;
        if (p != null) {
            if (ref.isWorldSingular(p)) {
                if (!ref.hasZeroAxis(p)) {
                    skipped++;
                    return;
                }
                assertThat(attempt("setWorldTranslation under singular parent",
                        () -> ref.setWorldTranslation(n, v[0], v[1], v[2]),
                        () -> arbor.setWorldTranslation(n.handle, v[0], v[1], v[2]))).isFalse();
                rejectedSingular++;
                return;
            }
            parentCondition = condition(ref.world(p));
            if (parentCondition > CONDITION_LIMIT) {
                skipped++;
                return;
            }
            parentAllowance = chain(p).allowance;
        }
        assertThat(attempt("setWorldTranslation", () -> ref.setWorldTranslation(n, v[0], v[1], v[2]),
                () -> arbor.setWorldTranslation(n.handle, v[0], v[1], v[2]))).isTrue();
        edited(n, Math.max(n.allowance, LOCAL_REL + parentCondition * (parentAllowance + LOCAL_REL)));
        Vector3f at = arbor.getWorldTranslation(n.handle, new Vector3f());
        double tol = tolerance(n);
        assertThat((double) Math.abs(at.x - v[0])).isLessThanOrEqualTo(tol);
        assertThat((double) Math.abs(at.y - v[1])).isLessThanOrEqualTo(tol);
        assertThat((double) Math.abs(at.z - v[2])).isLessThanOrEqualTo(tol);
        keptWorld++;
    }

    /** Sets rotation (q) or scale (xyz in the first three of v) alone; a matrix local is split first. */
    void setRotationOrScale(Node n, boolean rotation, float[] v) {
        double splitError = 0;
        if (n.matrixLocal) {
            double shear = ReferenceHierarchy.shearMeasure(n.matrix);
            double noise = 8 * n.allowance;
            if (shear + noise >= ReferenceHierarchy.SHEAR_TOLERANCE / 2
                    && shear - noise <= 2 * ReferenceHierarchy.SHEAR_TOLERANCE) {
                skipped++; // too close to the shear threshold to know what float arithmetic decides
                return;
            }
            splitError = 2 * shear;
        }
        boolean ok;
        if (rotation) {
            ok = attempt("setLocalRotation", () -> ref.setLocalRotation(n, v[0], v[1], v[2], v[3]),
                    () -> arbor.setLocalRotation(n.handle, v[0], v[1], v[2], v[3]));
        } else {
            ok = attempt("setLocalScale", () -> ref.setLocalScale(n, v[0], v[1], v[2]),
                    () -> arbor.setLocalScale(n.handle, new Vector3f(v[0], v[1], v[2])));
        }
        if (ok) {
            assertThat(arbor.hasLocalMatrix(n.handle)).isFalse();
            edited(n, Math.max(n.allowance, LOCAL_REL) + splitError);
        } else {
            rejectedShear++;
        }
    }

    /**
     * {@code setLocalRotations} / {@code setLocalTranslations} on 1–3 nodes (duplicates allowed): everything is
     * validated before anything is written, then applied in order.
     */
    void batch(boolean rotations) {
        int count = 1 + rnd.nextInt(3);
        int offset = rnd.nextInt(2);
        long[] handles = new long[offset + count];
        Node[] nodes = new Node[count];
        int stride = rotations ? 4 : 3;
        float[] values = new float[1 + count * stride];
        double splitError = 0;
        for (int k = 0; k < count; k++) {
            nodes[k] = randomLive();
            handles[offset + k] = nodes[k].handle;
            float[] v = rotations ? randomQuaternion() : randomTranslation();
            System.arraycopy(v, 0, values, 1 + k * stride, stride);
            if (rotations && nodes[k].matrixLocal) {
                double shear = ReferenceHierarchy.shearMeasure(nodes[k].matrix);
                double noise = 8 * nodes[k].allowance;
                if (shear + noise >= ReferenceHierarchy.SHEAR_TOLERANCE / 2
                        && shear - noise <= 2 * ReferenceHierarchy.SHEAR_TOLERANCE) {
                    skipped++;
                    return;
                }
                splitError = Math.max(splitError, 2 * shear);
            }
        }
        boolean ok = attempt(rotations ? "setLocalRotations" : "setLocalTranslations", () -> {
            for (Node n : nodes) {
                if (rotations && n.matrixLocal
                        && ReferenceHierarchy.shearMeasure(n.matrix) > ReferenceHierarchy.SHEAR_TOLERANCE) {
                    throw new IllegalStateException(n + " has shear");
                }
            }
            for (int k = 0; k < count; k++) {
                int v = 1 + k * stride;
                if (rotations) {
                    ref.setLocalRotation(nodes[k], values[v], values[v + 1], values[v + 2], values[v + 3]);
                } else {
                    ref.setLocalTranslation(nodes[k], values[v], values[v + 1], values[v + 2]);
                }
            }
        }, () -> {
            if (rotations) {
                arbor.setLocalRotations(handles, offset, count, values, 1);
            } else {
                arbor.setLocalTranslations(handles, offset, count, values, 1);
            }
        });
        if (ok) {
            for (Node n : nodes) {
                edited(n, Math.max(n.allowance, LOCAL_REL) + splitError);
            }
        } else {
            assertThat(rotations).isTrue();
            rejectedShear++;
        }
    }

    /** Every other world getter gives exactly the floats of {@code getWorld(handle, float[], int)}. */
    void compareWorldGetters(Node n) {
        long h = n.handle;
        MatrixLayout layout = LAYOUTS[rnd.nextInt(LAYOUTS.length)];
        int index = rnd.nextInt(5);
        FloatBuffer fb = FloatBuffer.allocate(index + layout.floats() + 1);
        arbor.getWorld(h, layout, fb, index); // possibly the lazy read
        ByteOrder order = rnd.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        ByteBuffer bb = ByteBuffer.allocate(index + layout.bytes() + 1).order(order);
        arbor.getWorld(h, layout, bb, index);
        float[] m = arbor.getWorld(h, new float[12], 0);
        float[] want = new float[16];
        convert(layout, m, want);
        for (int f = 0; f < layout.floats(); f++) {
            assertThat(fb.get(index + f)).isEqualTo(want[f]);
            assertThat(bb.getFloat(index + 4 * f)).isEqualTo(want[f]);
        }
        assertThat(fb.position()).isZero();
        float[] m4 = arbor.getWorld4x4(h, new float[16], 0);
        convert(MatrixLayout.COLUMN_MAJOR_4X4, m, want);
        assertThat(m4).containsExactly(want);
        float[] joml = new float[12];
        arbor.getWorld(h, new org.joml.Matrix4x3f()).get(joml, 0);
        assertThat(joml).containsExactly(m);
        Vector3f t = arbor.getWorldTranslation(h, new Vector3f());
        assertThat(new float[] {t.x, t.y, t.z}).containsExactly(m[9], m[10], m[11]);
    }

    /** Sets a random full TRS local. */
    void setRandomLocal(Node n, boolean allowZeroScale) {
        if (!allowZeroScale && rnd.nextInt(8) == 0) {
            float[] m = randomMatrix(true);
            attempt("setLocalMatrix", () -> ref.setLocalMatrix(n, m), () -> arbor.setLocalMatrix(n.handle, m, 0));
            edited(n, LOCAL_REL);
            return;
        }
        float[] t = randomTranslation();
        float[] q = randomQuaternion();
        float[] s = randomScale(allowZeroScale ? 0.03 : 0);
        attempt("setLocalTrs", () -> ref.setLocalTrs(n, t, q, s),
                () -> arbor.setLocalTrs(n.handle, new Vector3f(t), new Quaternionf(q[0], q[1], q[2], q[3]),
                        new Vector3f(s)));
        edited(n, LOCAL_REL);
    }

    private void edited(Node n, double allowance) {
        if (n.alive) {
            n.allowance = allowance;
            dirty.addAll(ref.subtree(n));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Misuse
    // ---------------------------------------------------------------------------------------------

    void misuseStale() {
        if (deadHandles.isEmpty()) {
            destroy(randomLive());
            return;
        }
        long h = deadHandles.get(rnd.nextInt(deadHandles.size()));
        Node dead = byHandle.get(h);
        Node other = randomLive();
        assertThat(arbor.isAlive(h)).isFalse();
        float[] m = randomMatrix(false);
        Runnable arborOp;
        Runnable refOp;
        switch (rnd.nextInt(12)) {
            case 0:
                refOp = () -> ref.destroy(dead);
                arborOp = () -> arbor.destroy(h);
                break;
            case 1:
                refOp = () -> ref.setLocalTranslation(dead, 1, 2, 3);
                arborOp = () -> arbor.setLocalTranslation(h, 1, 2, 3);
                break;
            case 2:
                refOp = () -> ref.reparent(dead, other, ReferenceHierarchy.APPEND, false);
                arborOp = () -> arbor.reparent(h, other.handle, false);
                break;
            case 3:
                refOp = () -> ref.reparent(other, dead, 0, true);
                arborOp = () -> arbor.reparent(other.handle, h, 0, true);
                break;
            case 4:
                refOp = () -> ref.createChild(dead, ReferenceHierarchy.APPEND);
                arborOp = () -> arbor.createChild(h);
                break;
            case 5:
                refOp = () -> ref.createChild(dead, 0);
                arborOp = () -> arbor.createChild(h, 0);
                break;
            case 6:
                refOp = () -> ref.moveToIndex(dead, 0);
                arborOp = () -> arbor.moveToIndex(h, 0);
                break;
            case 7:
                refOp = () -> ref.reparent(dead, null, ReferenceHierarchy.APPEND, true);
                arborOp = () -> arbor.detach(h, true);
                break;
            case 8:
                refOp = () -> ref.setWorld(dead, m);
                arborOp = () -> arbor.setWorld(h, m, 0);
                break;
            case 9:
                refOp = () -> ref.world(dead);
                arborOp = () -> arbor.getWorld(h, new float[12], 0);
                break;
            case 10:
                refOp = () -> ref.setLocalRotation(dead, 0, 0, 0, 1);
                arborOp = () -> arbor.setLocalRotation(h, 0, 0, 0, 1);
                break;
            default:
                refOp = () -> ref.worldInverse(dead);
                arborOp = () -> arbor.getWorldInverse(h, new float[12], 0);
                break;
        }
        assertThat(attempt("stale handle", refOp, arborOp)).isFalse();
        expectStale(h, arborOp); // and the message names the slot and both generations
    }

    /** Asserts that {@code call} rejects the dead handle {@code h} with the documented message. */
    void expectStale(long h, Runnable call) {
        Throwable e = catchThrowable(call::run);
        int slot = Handles.slot(h);
        assertThat(e).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("stale handle: slot=" + slot + " generation="
                        + Integer.toUnsignedString(Handles.generation(h)) + " current=");
        String current = e.getMessage().replaceFirst(".* current=(\\d+).*", "$1");
        assertThat(Long.parseLong(current)).as(e.getMessage())
                .isGreaterThan(Integer.toUnsignedLong(Handles.generation(h)));
        rejectedStale++;
    }

    void misuseCycle() {
        Node n = randomLive();
        List<Node> below = ref.subtree(n);
        Node p = below.get(rnd.nextInt(below.size()));
        boolean keepWorld = rnd.nextBoolean();
        int index = rnd.nextInt(p.children.size() + 1);
        boolean ok = attempt("reparent under own subtree", () -> ref.reparent(n, p, index, keepWorld),
                () -> arbor.reparent(n.handle, p.handle, index, keepWorld));
        assertThat(ok).isFalse();
        Throwable e = catchThrowable(() -> arbor.reparent(n.handle, p.handle, keepWorld));
        assertThat(e).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Handles.toString(n.handle))
                .hasMessageContaining(p == n ? "itself" : Handles.toString(p.handle));
        rejectedCycle++;
    }

    void misuseIndex() {
        Node n = randomLive();
        Node p = randomLive();
        int children = p.children.size();
        int bad = rnd.nextBoolean() ? -1 - rnd.nextInt(3) : children + 1 + rnd.nextInt(3);
        boolean ok;
        switch (rnd.nextInt(4)) {
            case 0:
                ok = attempt("createChild bad index", () -> ref.createChild(p, bad),
                        () -> arbor.createChild(p.handle, bad));
                break;
            case 1: {
                int others = children - (n.parent == p ? 1 : 0);
                int badMove = bad < 0 ? bad : others + 1 + rnd.nextInt(3);
                ok = attempt("reparent bad index", () -> ref.reparent(n, p, badMove, rnd.nextBoolean()),
                        () -> arbor.reparent(n.handle, p.handle, badMove, false));
                break;
            }
            case 2: {
                int siblings = n.parent == null ? ref.roots().size() : n.parent.children.size();
                int badMove = bad < 0 ? bad : siblings + rnd.nextInt(3);
                ok = attempt("moveToIndex bad index", () -> ref.moveToIndex(n, badMove),
                        () -> arbor.moveToIndex(n.handle, badMove));
                break;
            }
            default: {
                int badChild = bad < 0 ? bad : children + rnd.nextInt(3);
                ok = attempt("childAt bad index", () -> {
                    if (badChild < 0 || badChild >= p.children.size()) {
                        throw new IllegalArgumentException("child index out of range");
                    }
                }, () -> arbor.childAt(p.handle, badChild));
                break;
            }
        }
        assertThat(ok).isFalse();
        rejectedIndex++;
    }

    void misuseValue(Node n) {
        float bad = rnd.nextBoolean() ? Float.NaN : rnd.nextBoolean() ? Float.POSITIVE_INFINITY
                : Float.NEGATIVE_INFINITY;
        float[] v = randomTranslation();
        v[rnd.nextInt(3)] = bad;
        float[] q = randomQuaternion();
        float[] m = randomMatrix(rnd.nextBoolean());
        m[rnd.nextInt(12)] = bad;
        boolean ok;
        switch (rnd.nextInt(7)) {
            case 0:
                ok = attempt("non-finite translation", () -> ref.setLocalTranslation(n, v[0], v[1], v[2]),
                        () -> arbor.setLocalTranslation(n.handle, v[0], v[1], v[2]));
                break;
            case 1:
                ok = attempt("non-finite scale", () -> ref.setLocalScale(n, v[0], v[1], v[2]),
                        () -> arbor.setLocalScale(n.handle, v[0], v[1], v[2]));
                break;
            case 2:
                q[rnd.nextInt(4)] = bad;
                ok = attempt("non-finite rotation", () -> ref.setLocalRotation(n, q[0], q[1], q[2], q[3]),
                        () -> arbor.setLocalRotation(n.handle, q[0], q[1], q[2], q[3]));
                break;
            case 3:
                ok = attempt("zero quaternion", () -> ref.setLocalRotation(n, 0, 0, 0, 0),
                        () -> arbor.setLocalRotation(n.handle, 0, 0, 0, 0));
                break;
            case 4:
                ok = attempt("non-finite local matrix", () -> ref.setLocalMatrix(n, m),
                        () -> arbor.setLocalMatrix(n.handle, m, 0));
                break;
            case 5:
                ok = attempt("non-finite world matrix", () -> ref.setWorld(n, m),
                        () -> arbor.setWorld(n.handle, m, 0));
                break;
            default:
                ok = attempt("zero quaternion in TRS",
                        () -> ref.setLocalTrs(n, v.clone(), new float[4], new float[] {1, 1, 1}),
                        () -> arbor.setLocalTrs(n.handle, new Vector3f(v), new Quaternionf(0, 0, 0, 0),
                                new Vector3f(1, 1, 1)));
                break;
        }
        assertThat(ok).isFalse();
        rejectedValue++;
    }

    // ---------------------------------------------------------------------------------------------
    // Queries
    // ---------------------------------------------------------------------------------------------

    /** Allowance sum and largest element magnitude on the chain from the root to a node. */
    record Chain(double allowance, double magnitude) {
    }

    Chain chain(Node n) {
        List<Node> path = new ArrayList<>();
        for (Node a = n; a != null; a = a.parent) {
            path.add(a);
        }
        double allowance = 0;
        double magnitude = 0;
        double[] w = null;
        for (int k = path.size() - 1; k >= 0; k--) {
            Node a = path.get(k);
            double[] local = ref.localMatrix(a);
            w = w == null ? local : ReferenceHierarchy.multiply(w, local);
            allowance += a.allowance;
            magnitude = Math.max(magnitude, ReferenceHierarchy.maxAbs(w));
        }
        return new Chain(allowance, magnitude);
    }

    double tolerance(Node n) {
        Chain c = chain(n);
        return c.allowance * Math.max(1, c.magnitude);
    }

    void compareWorld(Node n) {
        compareWorld(n, ref.world(n));
    }

    void compareWorld(Node n, double[] expected) {
        float[] actual = arbor.getWorld(n.handle, new float[12], 0);
        assertClose("world of " + n, actual, expected, tolerance(n), 0);
    }

    void queryInverse(Node n) {
        if (ref.hasZeroAxis(n)) {
            assertThat(attempt("inverse of singular world", () -> ref.worldInverse(n),
                    () -> arbor.getWorldInverse(n.handle, new float[12], 0))).isFalse();
            assertThat(catchThrowable(() -> arbor.getWorldInverse(n.handle, new float[12], 0)))
                    .hasMessageContaining("is not invertible");
            rejectedSingularInverse++;
            return;
        }
        if (ref.isWorldSingular(n)) {
            skipped++;
            return;
        }
        double[] world = ref.world(n);
        double[] expected = ReferenceHierarchy.invert(world);
        double condition = condition(world);
        if (condition > 1e4) {
            skipped++;
            return;
        }
        float[] actual = arbor.getWorldInverse(n.handle, new float[12], 0);
        // first order: δ(W⁻¹) = −W⁻¹ δW W⁻¹ (and −W⁻¹ δa for the translation), element by element at most
        // 9·|W⁻¹|²·δ(1 + 3|a|) + 3·|W⁻¹|·δ, plus the final rounding to float
        double mi = ReferenceHierarchy.maxAbs(expected);
        double ma = ReferenceHierarchy.maxAbs(world);
        double tol = 2 * (9 * mi * mi * (1 + 3 * ma) + 3 * mi) * tolerance(n) + 4 * U * Math.max(1, mi);
        assertClose("inverse of " + n, actual, expected, tol, 2);
        // a second read is served from the cache and is identical
        assertThat(arbor.getWorldInverse(n.handle, new float[12], 0)).containsExactly(actual);
    }

    void compareTopology(Node n) {
        long h = n.handle;
        assertThat(arbor.parent(h)).isEqualTo(n.parent == null ? Hierarchy.NULL : n.parent.handle);
        assertThat(arbor.depth(h)).isEqualTo(ref.depth(n));
        assertThat(arbor.root(h)).isEqualTo(ref.root(n).handle);
        assertThat(arbor.indexInParent(h)).isEqualTo(ref.indexInParent(n));
        assertThat(arbor.childCount(h)).isEqualTo(n.children.size());
        assertThat(handlesOf(arbor::children, h, n.children.size() + 2)).isEqualTo(handles(n.children));
        List<Node> sub = ref.subtree(n);
        assertThat(arbor.subtreeSize(h)).isEqualTo(sub.size());
        assertThat(handlesOf(arbor::subtree, h, sub.size() + 1)).isEqualTo(handles(sub));
        List<Long> walked = new ArrayList<>();
        arbor.forEachInSubtree(h, walked::add);
        assertThat(walked).isEqualTo(handles(sub));
        List<Node> up = ref.ancestors(n);
        assertThat(handlesOf(arbor::ancestors, h, up.size())).isEqualTo(handles(up));
        if (!n.children.isEmpty()) {
            int i = rnd.nextInt(n.children.size());
            assertThat(arbor.childAt(h, i)).isEqualTo(n.children.get(i).handle);
            assertThat(arbor.firstChild(h)).isEqualTo(n.children.get(0).handle);
            assertThat(arbor.lastChild(h)).isEqualTo(n.children.get(n.children.size() - 1).handle);
        } else {
            assertThat(arbor.firstChild(h)).isEqualTo(Hierarchy.NULL);
        }
        Node other = randomLive();
        assertThat(arbor.isAncestor(other.handle, h)).isEqualTo(up.contains(other));
        assertThat(arbor.hasLocalMatrix(h)).isEqualTo(n.matrixLocal);
    }

    private interface HandleWriter {
        int write(long handle, long[] dest, int offset);
    }

    private static List<Long> handlesOf(HandleWriter writer, long h, int room) {
        long[] dest = new long[room + 1];
        int count = writer.write(h, dest, 1);
        List<Long> out = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            out.add(dest[1 + k]);
        }
        return out;
    }

    private static List<Long> handles(List<Node> nodes) {
        List<Long> out = new ArrayList<>(nodes.size());
        for (Node n : nodes) {
            out.add(n.handle);
        }
        return out;
    }

    /** Everything, node by node: topology, local form and matrix, world matrix. */
    void compareAll(Map<Node, double[]> worlds) {
        assertThat(arbor.size()).isEqualTo(ref.size());
        assertThat(arbor.rootCount()).isEqualTo(ref.roots().size());
        long[] roots = new long[ref.roots().size()];
        arbor.roots(roots, 0);
        assertThat(roots).containsExactly(handles(ref.roots()).stream().mapToLong(Long::longValue).toArray());
        Map<Node, double[]> chains = new IdentityHashMap<>(); // {allowance, magnitude} per node
        float[] actual = new float[12];
        long[] children = new long[64];
        for (Node n : ref.allNodes()) {
            long h = n.handle;
            double[] pc = n.parent == null ? new double[] {0, 0} : chains.get(n.parent);
            double[] world = worlds.get(n);
            double[] c = {pc[0] + n.allowance, Math.max(pc[1], ReferenceHierarchy.maxAbs(world))};
            chains.put(n, c);
            assertThat(arbor.parent(h)).isEqualTo(n.parent == null ? Hierarchy.NULL : n.parent.handle);
            if (children.length < n.children.size()) {
                children = new long[n.children.size() * 2];
            }
            int count = arbor.children(h, children, 0);
            assertThat(count).isEqualTo(n.children.size());
            for (int k = 0; k < count; k++) {
                assertThat(children[k]).isEqualTo(n.children.get(k).handle);
            }
            assertThat(arbor.hasLocalMatrix(h)).as("matrix local of %s", n).isEqualTo(n.matrixLocal);
            arbor.getLocalMatrix(h, actual, 0);
            double[] local = ref.localMatrix(n);
            double localScale = Math.max(1, ReferenceHierarchy.maxAbs(local));
            assertClose("local of " + n, actual, local, 4 * n.allowance * localScale, 1);
            arbor.getWorld(h, actual, 0);
            assertClose("world of " + n, actual, world, c[0] * Math.max(1, c[1]), 0);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Update and change tracking
    // ---------------------------------------------------------------------------------------------

    void update() {
        Map<Node, double[]> now = ref.allWorlds();
        Set<Long> mustChange = new HashSet<>();
        for (Map.Entry<Node, double[]> e : now.entrySet()) {
            double[] before = worldsAtLastUpdate.get(e.getKey());
            if (before == null || !Arrays.equals(before, e.getValue())) {
                mustChange.add(e.getKey().handle);
            }
        }
        Set<Long> expected = new HashSet<>();
        for (Node n : dirty) {
            expected.add(n.handle);
        }
        long previous = arbor.version();
        heardByFirst.clear();
        heardBySecond.clear();
        arbor.update();
        updates++;
        long version = arbor.version();
        assertThat(version).isEqualTo(previous + 1);
        int count = arbor.changedCount();
        List<Long> changed = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            changed.add(arbor.changedHandle(k));
        }
        long[] copy = new long[count + 2];
        assertThat(arbor.changedHandles(copy, 2)).isEqualTo(count);
        for (int k = 0; k < count; k++) {
            assertThat(copy[2 + k]).isEqualTo(changed.get(k));
        }
        Set<Long> changedSet = new HashSet<>(changed);
        assertThat(changedSet).as("change list has no duplicates").hasSize(count);
        assertThat(changedSet).as("every node whose world changed in the reference is published")
                .containsAll(mustChange);
        assertThat(changedSet).as("the change set is exactly the created, moved and edited subtrees")
                .isEqualTo(expected);
        Map<Long, Integer> position = new HashMap<>();
        for (int k = 0; k < count; k++) {
            position.put(changed.get(k), k);
        }
        for (int k = 0; k < count; k++) {
            Node n = byHandle.get(changed.get(k));
            assertThat(n.alive).isTrue();
            if (n.parent != null && position.containsKey(n.parent.handle)) {
                assertThat(position.get(n.parent.handle)).as("parent of %s listed before it", n).isLessThan(k);
            }
            n.lastChangedVersion = version;
        }
        assertThat(heardByFirst).as("first listener").isEqualTo(changed);
        assertThat(heardBySecond).as("second listener").isEqualTo(changed);
        for (Node n : live) {
            assertThat(arbor.worldVersion(n.handle)).as("worldVersion of %s", n).isEqualTo(n.lastChangedVersion);
        }
        changedPublished += count;
        dirty.clear();
        worldsAtLastUpdate = now;
        compareAll(now);
    }

    void changedSince() {
        long version = arbor.version();
        long since = rnd.nextLong(-1, version + 1);
        for (Node n : live) { // between updates: edited nodes are pending at version + 1
            long expected = dirty.contains(n) ? version + 1 : n.lastChangedVersion;
            assertThat(arbor.worldVersion(n.handle)).as("worldVersion of %s", n).isEqualTo(expected);
        }
        List<Long> expected = new ArrayList<>();
        for (Node n : live) {
            if (dirty.contains(n) || n.lastChangedVersion > since) {
                expected.add(n.handle);
            }
        }
        MatrixLayout layout = LAYOUTS[rnd.nextInt(LAYOUTS.length)];
        int floats = layout.floats();
        int position = rnd.nextInt(5);
        if (!expected.isEmpty() && rnd.nextInt(10) == 0) { // too small: rejected, nothing written
            FloatBuffer small = FloatBuffer.allocate(position + expected.size() * floats);
            small.position(position);
            Throwable e = catchThrowable(() -> arbor.writeChangedSince(since, layout, small,
                    new long[expected.size() - 1]));
            assertThat(e).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too short");
            assertThat(small.array()).containsOnly(0f);
        }
        FloatBuffer dest = ByteBuffer.allocateDirect((position + expected.size() * floats + 3) * 4)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        dest.position(position);
        long[] handles = new long[expected.size() + 1];
        int count = arbor.writeChangedSince(since, layout, dest, handles);
        assertThat(dest.position()).isEqualTo(position);
        assertThat(count).isEqualTo(expected.size());
        List<Long> written = new ArrayList<>();
        Map<Long, Integer> at = new HashMap<>();
        for (int k = 0; k < count; k++) {
            written.add(handles[k]);
            at.put(handles[k], k);
        }
        assertThat(written).containsExactlyInAnyOrderElementsOf(expected);
        float[] want = new float[16];
        for (int k = 0; k < count; k++) {
            Node n = byHandle.get(handles[k]);
            if (n.parent != null && at.containsKey(n.parent.handle)) {
                assertThat(at.get(n.parent.handle)).as("parent of %s written before it", n).isLessThan(k);
            }
            convert(layout, arbor.getWorld(handles[k], new float[12], 0), want);
            for (int f = 0; f < floats; f++) {
                assertThat(dest.get(position + k * floats + f)).isEqualTo(want[f]);
            }
        }
        changedSinceChecks++;
    }

    void export() {
        int count = 1 + rnd.nextInt(Math.min(live.size(), 24));
        int offset = rnd.nextInt(3);
        long[] handles = new long[offset + count];
        for (int k = 0; k < count; k++) {
            handles[offset + k] = randomLive().handle; // duplicates allowed
        }
        MatrixLayout layout = LAYOUTS[rnd.nextInt(LAYOUTS.length)];
        int floats = layout.floats();
        int position = rnd.nextInt(4);
        float[][] want = new float[count][16];
        // some lazily, straight from the export; the expectation is read afterwards
        FloatBuffer fb = ByteBuffer.allocateDirect((position + count * floats + 2) * 4)
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        fb.position(position);
        assertThat(arbor.writeWorldMatrices(handles, offset, count, layout, fb)).isEqualTo(count * floats);
        assertThat(fb.position()).isEqualTo(position);
        for (int k = 0; k < count; k++) {
            convert(layout, arbor.getWorld(handles[offset + k], new float[12], 0), want[k]);
            compareWorld(byHandle.get(handles[offset + k]));
        }
        for (int k = 0; k < position; k++) {
            assertThat(fb.get(k)).isZero();
        }
        for (int k = 0; k < count; k++) {
            for (int f = 0; f < floats; f++) {
                assertThat(fb.get(position + k * floats + f)).isEqualTo(want[k][f]);
            }
        }
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            int bytePosition = position * 4 + rnd.nextInt(4);
            ByteBuffer bb = ByteBuffer.allocateDirect(bytePosition + count * layout.bytes() + 8).order(order);
            bb.position(bytePosition);
            assertThat(arbor.writeWorldMatrices(handles, offset, count, layout, bb))
                    .isEqualTo(count * layout.bytes());
            assertThat(bb.position()).isEqualTo(bytePosition);
            for (int k = 0; k < count; k++) {
                for (int f = 0; f < floats; f++) {
                    int at = bytePosition + (k * floats + f) * 4;
                    int bits = 0;
                    for (int b = 0; b < 4; b++) { // assemble by hand in the buffer's byte order
                        int by = bb.get(at + b) & 0xFF;
                        bits |= order == ByteOrder.BIG_ENDIAN ? by << (24 - 8 * b) : by << (8 * b);
                    }
                    assertThat(Float.intBitsToFloat(bits)).isEqualTo(want[k][f]);
                }
            }
        }
        if (!deadHandles.isEmpty()) { // one stale handle anywhere in the list: rejected, nothing written
            long[] withStale = handles.clone();
            withStale[offset + rnd.nextInt(count)] = deadHandles.get(rnd.nextInt(deadHandles.size()));
            FloatBuffer clean = FloatBuffer.allocate(position + count * floats);
            clean.position(position);
            assertThat(catchThrowable(() -> arbor.writeWorldMatrices(withStale, offset, count, layout, clean)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("stale handle: slot=");
            assertThat(clean.array()).containsOnly(0f);
        }
        exports++;
    }

    // ---------------------------------------------------------------------------------------------
    // Comparison and random values
    // ---------------------------------------------------------------------------------------------

    /** kind: 0 world, 1 local, 2 inverse — for the worst-ratio report. */
    private void assertClose(String what, float[] actual, double[] expected, double tol, int kind) {
        double worst = 0;
        for (int k = 0; k < 12; k++) {
            double diff = Math.abs(actual[k] - expected[k]);
            if (!(diff <= tol)) {
                fail(String.format("%s differs at element %d: arbor=%s reference=%s |diff|=%.3g > tolerance "
                                + "%.3g (seed step %d)%n arbor=%s%n ref  =%s", what, k, actual[k], expected[k],
                        diff, tol, operations, Arrays.toString(actual), Arrays.toString(expected)));
            }
            worst = Math.max(worst, diff / tol);
        }
        synchronized (RandomizedHierarchyTest.class) {
            if (kind == 0) {
                worstWorldRatio = Math.max(worstWorldRatio, worst);
            } else if (kind == 1) {
                worstLocalRatio = Math.max(worstLocalRatio, worst);
            } else {
                worstInverseRatio = Math.max(worstInverseRatio, worst);
            }
        }
    }

    float[] randomTranslation() {
        return new float[] {(float) rnd.nextDouble(-10, 10), (float) rnd.nextDouble(-10, 10),
            (float) rnd.nextDouble(-10, 10)};
    }

    /** A random rotation; one in five is handed over with a length far from 1 (both sides normalise it). */
    float[] randomQuaternion() {
        double[] q = new double[4];
        double len2;
        do {
            len2 = 0;
            for (int k = 0; k < 4; k++) {
                q[k] = rnd.nextDouble(-1, 1);
                len2 += q[k] * q[k];
            }
        } while (len2 < 0.01 || len2 > 1);
        double f = (rnd.nextInt(5) == 0 ? Math.exp(rnd.nextDouble(Math.log(0.2), Math.log(5))) : 1)
                / Math.sqrt(len2);
        return new float[] {(float) (q[0] * f), (float) (q[1] * f), (float) (q[2] * f), (float) (q[3] * f)};
    }

    /**
     * Scales in [0.5, 2] (log-uniform), uniform for two in five; each component negative with probability 0.1;
     * with probability {@code zero} one component is exactly 0 (a singular node).
     */
    float[] randomScale(double zero) {
        float[] s = new float[3];
        double uniform = Math.exp(rnd.nextDouble(Math.log(0.5), Math.log(2)));
        boolean same = rnd.nextInt(5) < 2;
        for (int k = 0; k < 3; k++) {
            s[k] = (float) (same ? uniform : Math.exp(rnd.nextDouble(Math.log(0.5), Math.log(2))));
            if (rnd.nextInt(10) == 0) {
                s[k] = -s[k];
            }
        }
        if (rnd.nextDouble() < zero) {
            s[rnd.nextInt(3)] = 0f;
        }
        return s;
    }

    /**
     * A random explicit affine matrix: T × R × S × H, with H a unit upper-triangular shear (entries ±[0.2, 0.6])
     * when {@code shear}, else without shear (composed in double, rounded to float once).
     */
    float[] randomMatrix(boolean shear) {
        float[] q = randomQuaternion();
        double[] r = ReferenceHierarchy.rotationOf(q[0], q[1], q[2], q[3]);
        float[] s = randomScale(0);
        double[] linear = new double[9];
        for (int c = 0; c < 3; c++) {
            for (int k = 0; k < 3; k++) {
                linear[c * 3 + k] = r[c * 3 + k] * s[c];
            }
        }
        if (shear) {
            double[] h = {1, 0, 0, signed(), 1, 0, signed(), signed(), 1};
            double[] sheared = new double[9];
            for (int c = 0; c < 3; c++) {
                for (int k = 0; k < 3; k++) {
                    double sum = 0;
                    for (int j = 0; j < 3; j++) {
                        sum += linear[j * 3 + k] * h[c * 3 + j];
                    }
                    sheared[c * 3 + k] = sum;
                }
            }
            linear = sheared;
        }
        float[] t = randomTranslation();
        float[] m = new float[12];
        for (int k = 0; k < 9; k++) {
            m[k] = (float) linear[k];
        }
        System.arraycopy(t, 0, m, 9, 3);
        return m;
    }

    private double signed() {
        double v = rnd.nextDouble(0.2, 0.6);
        return rnd.nextBoolean() ? v : -v;
    }

    /** Arbor's 3×4 column-major storage converted to {@code layout}, per the layout's documented element order. */
    private static void convert(MatrixLayout layout, float[] m, float[] dest) {
        switch (layout) {
            case COLUMN_MAJOR_3X4:
                System.arraycopy(m, 0, dest, 0, 12);
                break;
            case COLUMN_MAJOR_4X4: // m00 m01 m02 0 | m10 m11 m12 0 | m20 m21 m22 0 | m30 m31 m32 1
                for (int c = 0; c < 4; c++) {
                    for (int r = 0; r < 3; r++) {
                        dest[c * 4 + r] = m[c * 3 + r];
                    }
                    dest[c * 4 + 3] = c == 3 ? 1f : 0f;
                }
                break;
            default: // ROW_MAJOR_3X4: m00 m10 m20 m30 | m01 m11 m21 m31 | m02 m12 m22 m32
                for (int r = 0; r < 3; r++) {
                    for (int c = 0; c < 4; c++) {
                        dest[r * 4 + c] = m[c * 3 + r];
                    }
                }
                break;
        }
    }

    private static double condition(double[] world) {
        return ReferenceHierarchy.condition(world);
    }

    private static double[] toDouble(float[] m) {
        double[] out = new double[m.length];
        for (int k = 0; k < m.length; k++) {
            out[k] = m[k];
        }
        return out;
    }
}
