package dev.arbor.bench.workloads;

import dev.arbor.bench.check.CorrectnessGate;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.peers.Workload;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.util.SplittableRandom;

/**
 * One implementation built from one scene, checked against the reference, with the inputs of one workload
 * precomputed (rotations of two animation frames, node subsets, moves) so that the timed methods only set, update
 * and read. The workload methods here are what the JMH classes time and what the tests run.
 *
 * <p>With {@link #track(boolean) tracking} on, every workload method also records the local transforms it set, so
 * {@link #verify(int[])} can compare the implementation with the reference afterwards.
 */
public final class Fixture {
    /** Animation frame the correctness gate poses every implementation at before timing. */
    public static final int CHECK_FRAME = 37;
    /** Fraction of nodes in the {@link Workload#DIRTY_1PCT} subset. */
    public static final double DIRTY_FRACTION = 0.01;
    /** Fraction of nodes in the {@link Workload#SET_GET_SOME} subset. */
    public static final double SOME_FRACTION = 0.10;
    /** Number of precomputed moves the reparent churn cycles through. */
    public static final int MOVES = 64;
    private static final long SUBSET_SEED = 0xD127L;

    private final Scene scene;
    private final TransformSystem system;
    private final int size;
    private final int[] allNodes;
    /** Rotations of every node for two animation frames, 4 floats per node. */
    private float[][] allFrames;
    private int[] dirtyNodes;
    /** Rotations of {@link #dirtyNodes} for two frames, packed: 4 floats per subset entry. */
    private float[][] dirtyFrames;
    private int[] someNodes;
    private int[] rootNodes;
    private float[][] rootTranslations;
    private int[] moveNodes;
    private int[] moveTargets;
    private int[] moveOrigins;
    private int tick;
    private final float[] world = new float[TransformSystem.WORLD_STRIDE];
    private boolean tracking;
    private float[] trackedRotations;
    private float[] trackedTranslations;

    private Fixture(Scene scene, TransformSystem system) {
        this.scene = scene;
        this.system = system;
        this.size = scene.size();
        this.allNodes = new int[size];
        for (int i = 0; i < size; i++) {
            allNodes[i] = i;
        }
    }

    /**
     * Builds {@code implId} from scene {@code sceneName}, passes it through the correctness gate, and prepares the
     * inputs of {@code workload}.
     *
     * @param sceneName a name of {@link Scenes#NAMES}
     * @param implId an {@link Implementation} id
     * @param workload the workload to prepare
     * @return the fixture
     * @throws IllegalStateException if the implementation fails the correctness gate
     * @throws UnsupportedOperationException if the implementation cannot run the workload
     */
    public static Fixture create(String sceneName, String implId, Workload workload) {
        return create(Scenes.byName(sceneName), Implementation.byId(implId).create(), workload);
    }

    /**
     * As {@link #create(String, String, Workload)} for an already built scene and a new, unbuilt system.
     *
     * @param scene the scene
     * @param system an unbuilt implementation
     * @param workload the workload to prepare
     * @return the fixture
     */
    public static Fixture create(Scene scene, TransformSystem system, Workload workload) {
        if (!system.supports(workload)) {
            throw new UnsupportedOperationException("workload not supported: implementation=" + system.id()
                    + " workload=" + workload.id());
        }
        system.build(scene);
        CorrectnessGate.checkAnimated(system, scene, CHECK_FRAME);
        Fixture f = new Fixture(scene, system);
        f.prepare(workload);
        return f;
    }

    private void prepare(Workload workload) {
        SplittableRandom random = new SplittableRandom(SUBSET_SEED);
        switch (workload) {
            case ALL_DIRTY:
            case SET_GET_FORWARD:
            case SET_GET_REVERSE:
                allFrames = frames(allNodes, size);
                break;
            case DIRTY_1PCT:
                dirtyNodes = subset(random, DIRTY_FRACTION);
                dirtyFrames = frames(dirtyNodes, dirtyNodes.length);
                break;
            case SET_GET_SOME:
                someNodes = subset(random, SOME_FRACTION);
                allFrames = frames(allNodes, size);
                break;
            case ROOTS_MOVED:
                prepareRoots();
                break;
            case REPARENT_CHURN:
                prepareMoves(random);
                break;
            case STATIC:
            default:
                break;
        }
    }

    private float[][] frames(int[] nodes, int count) {
        return twoFrames(scene, nodes, count);
    }

    private int[] subset(SplittableRandom random, double fraction) {
        return randomSubset(random, size, fraction);
    }

    /**
     * Two frames (1 and 2) of a scene's animated rotations for some of its nodes, packed.
     *
     * @param scene the scene
     * @param nodes its nodes
     * @param count how many of {@code nodes} to use
     * @return {@code [frame][k * 4 + component]} for {@code k < count}
     */
    public static float[][] twoFrames(Scene scene, int[] nodes, int count) {
        float[][] result = new float[2][count * 4];
        for (int f = 0; f < 2; f++) {
            for (int k = 0; k < count; k++) {
                scene.animatedRotation(nodes[k], f + 1, result[f], k * 4);
            }
        }
        return result;
    }

    /**
     * A random subset of at least one node, in increasing (parent-first) order.
     *
     * @param random source of randomness (fixed seed for a fixed subset)
     * @param size node count
     * @param fraction fraction of the nodes to take, rounded
     * @return the chosen nodes, increasing
     */
    public static int[] randomSubset(SplittableRandom random, int size, double fraction) {
        int count = Math.max(1, (int) Math.round(size * fraction));
        boolean[] chosen = new boolean[size];
        int picked = 0;
        while (picked < count) {
            int node = random.nextInt(size);
            if (!chosen[node]) {
                chosen[node] = true;
                picked++;
            }
        }
        int[] nodes = new int[count];
        int k = 0;
        for (int i = 0; i < size; i++) {
            if (chosen[i]) {
                nodes[k++] = i;
            }
        }
        return nodes;
    }

    private void prepareRoots() {
        int[] parents = scene.parents();
        float[] rest = scene.translations();
        rootNodes = new int[scene.rootCount()];
        rootTranslations = new float[2][rootNodes.length * 3];
        int k = 0;
        for (int i = 0; i < size; i++) {
            if (parents[i] < 0) {
                for (int f = 0; f < 2; f++) {
                    rootTranslations[f][k * 3] = rest[i * 3] + 0.25f * (f + 1);
                    rootTranslations[f][k * 3 + 1] = rest[i * 3 + 1] - 0.125f * (f + 1);
                    rootTranslations[f][k * 3 + 2] = rest[i * 3 + 2] + 0.5f * (f + 1);
                }
                rootNodes[k++] = i;
            }
        }
    }

    /** Moves of a random non-root under a random node outside its subtree and other than its parent. */
    private void prepareMoves(SplittableRandom random) {
        int[] parents = scene.parents();
        if (size - scene.rootCount() < 1 || size < 3) {
            throw new IllegalArgumentException("scene too small for reparent churn: scene=" + scene.name());
        }
        moveNodes = new int[MOVES];
        moveTargets = new int[MOVES];
        moveOrigins = new int[MOVES];
        for (int m = 0; m < MOVES; m++) {
            int node;
            int target;
            do {
                node = random.nextInt(size);
                target = random.nextInt(size);
            } while (parents[node] < 0 || target == parents[node] || isInSubtree(parents, target, node));
            moveNodes[m] = node;
            moveTargets[m] = target;
            moveOrigins[m] = parents[node];
        }
    }

    private static boolean isInSubtree(int[] parents, int candidate, int subtreeRoot) {
        for (int k = candidate; k >= 0; k = parents[k]) {
            if (k == subtreeRoot) {
                return true;
            }
        }
        return false;
    }

    /** @return the scene */
    public Scene scene() {
        return scene;
    }

    /** @return the implementation under test */
    public TransformSystem system() {
        return system;
    }

    /** {@link Workload#ALL_DIRTY}: a new rotation on every node, then update. */
    public void allDirty() {
        float[] frame = allFrames[tick++ & 1];
        system.setLocalRotations(allNodes, size, frame);
        system.update();
        if (tracking) {
            trackRotations(allNodes, size, frame);
        }
    }

    /** {@link Workload#DIRTY_1PCT}: a new rotation on the fixed 1% subset, then update. */
    public void dirty1pct() {
        float[] frame = dirtyFrames[tick++ & 1];
        system.setLocalRotations(dirtyNodes, dirtyNodes.length, frame);
        system.update();
        if (tracking) {
            trackRotations(dirtyNodes, dirtyNodes.length, frame);
        }
    }

    /** {@link Workload#STATIC}: update with nothing changed. */
    public void staticFrame() {
        system.update();
    }

    /** {@link Workload#ROOTS_MOVED}: a new translation on every root, then update. */
    public void rootsMoved() {
        float[] t = rootTranslations[tick++ & 1];
        for (int k = 0; k < rootNodes.length; k++) {
            system.setLocalTranslation(rootNodes[k], t[k * 3], t[k * 3 + 1], t[k * 3 + 2]);
        }
        system.update();
        if (tracking) {
            for (int k = 0; k < rootNodes.length; k++) {
                System.arraycopy(t, k * 3, trackedTranslations, rootNodes[k] * 3, 3);
            }
        }
    }

    /**
     * {@link Workload#SET_GET_FORWARD}: parent-first, set each node's rotation and read its world matrix.
     *
     * @return a sum of read elements, to be consumed
     */
    public float setGetForward() {
        float[] frame = allFrames[tick++ & 1];
        float sum = 0;
        for (int i = 0; i < size; i++) {
            sum += setGet(i, frame, i * 4);
        }
        trackAll(frame);
        return sum;
    }

    /**
     * {@link Workload#SET_GET_REVERSE}: child-first (decreasing index), set each node's rotation and read its world.
     *
     * @return a sum of read elements, to be consumed
     */
    public float setGetReverse() {
        float[] frame = allFrames[tick++ & 1];
        float sum = 0;
        for (int i = size - 1; i >= 0; i--) {
            sum += setGet(i, frame, i * 4);
        }
        trackAll(frame);
        return sum;
    }

    /**
     * {@link Workload#SET_GET_SOME}: for the fixed 10% subset, parent-first, set rotation and read world.
     *
     * @return a sum of read elements, to be consumed
     */
    public float setGetSome() {
        float[] frame = allFrames[tick++ & 1];
        float sum = 0;
        for (int node : someNodes) {
            sum += setGet(node, frame, node * 4);
        }
        if (tracking) {
            for (int node : someNodes) {
                System.arraycopy(frame, node * 4, trackedRotations, node * 4, 4);
            }
        }
        return sum;
    }

    private float setGet(int node, float[] frame, int q) {
        system.setLocalRotation(node, frame[q], frame[q + 1], frame[q + 2], frame[q + 3]);
        float[] w = system.getWorld(node, world, 0);
        return w[9] + w[10] + w[11];
    }

    /**
     * {@link Workload#REPARENT_CHURN}: move one precomputed subtree under its new parent, update, move it back,
     * update. The hierarchy is the scene's again afterwards.
     */
    public void reparentChurn() {
        int m = tick++ % MOVES;
        system.reparent(moveNodes[m], moveTargets[m]);
        system.update();
        system.reparent(moveNodes[m], moveOrigins[m]);
        system.update();
    }

    /**
     * {@link Workload#REPARENT_CHURN} for tests: applies only the first half of the next move (and updates), leaving
     * the tree changed.
     *
     * @param parents the caller's mirror of the parent array, updated here
     */
    public void reparentOnce(int[] parents) {
        int m = tick++ % MOVES;
        system.reparent(moveNodes[m], moveTargets[m]);
        system.update();
        parents[moveNodes[m]] = moveTargets[m];
    }

    /**
     * Starts or stops recording the local transforms the workload methods set; starting takes the gate's pose
     * ({@link #CHECK_FRAME}) and the rest translations as the initial state.
     *
     * @param on whether to record
     */
    public void track(boolean on) {
        tracking = on;
        if (on) {
            trackedRotations = scene.animatedRotations(CHECK_FRAME, new float[size * 4]);
            trackedTranslations = scene.translations().clone();
        }
    }

    private void trackRotations(int[] nodes, int count, float[] packed) {
        for (int k = 0; k < count; k++) {
            System.arraycopy(packed, k * 4, trackedRotations, nodes[k] * 4, 4);
        }
    }

    private void trackAll(float[] frame) {
        if (tracking) {
            System.arraycopy(frame, 0, trackedRotations, 0, size * 4);
        }
    }

    /**
     * Compares the implementation's world matrices with the reference for the recorded local transforms.
     *
     * @param parents the current parent per node
     * @return the largest error relative to the tolerance
     * @throws IllegalStateException if tracking is off, or on a mismatch
     */
    public double verify(int[] parents) {
        if (!tracking) {
            throw new IllegalStateException("verify needs track(true) before the workload ran");
        }
        return CorrectnessGate.compare(system, scene, parents, trackedTranslations, trackedRotations);
    }
}
