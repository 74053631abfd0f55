package dev.arbor.bench.bounds;

import dev.arbor.bench.workloads.Fixture;
import dev.arbor.bounds.Aabb;
import dev.arbor.bounds.Frustum;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.util.SplittableRandom;
import org.joml.Matrix4f;

/**
 * The inputs every {@link BoundsSystem} is built from and timed with: a scene ({@code game-100k} in the benchmarks),
 * one content box per node, a fixed random 1% of the nodes with rotations for two animation frames, and a camera.
 *
 * <p>Content boxes: in each node's local space, half-extents drawn in [{@value #MIN_HALF_EXTENT},
 * {@value #MAX_HALF_EXTENT}] per axis around a centre within ±{@value #MAX_CENTRE_OFFSET} of the node's origin
 * (fixed seed).
 *
 * <p>Camera: OpenGL conventions (JOML {@code perspective(…).lookAt(…)}, jME {@code setFrustumPerspective} +
 * {@code lookAt}), standing at the world origin — the middle of {@code game-100k}, whose world boxes span about
 * ±15 units around it — and looking along +x ({@link #EYE} to {@link #TARGET}, up +y), vertical field of view
 * {@value #FOV_Y_DEGREES}°, aspect 16:9, near {@value #NEAR}, far {@value #FAR}: a player's view from inside the
 * scene. On {@code game-100k} it sees about 11% of the nodes; {@link #visibleFraction} is checked against
 * [{@value #MIN_VISIBLE}, {@value #MAX_VISIBLE}] when the benchmark sets up.
 */
public final class BoundsScene {
    /** Fraction of nodes moved per operation of the bounds-update workload. */
    public static final double MOVED_FRACTION = 0.01;
    /** Smallest content half-extent. */
    public static final float MIN_HALF_EXTENT = 0.05f;
    /** Largest content half-extent. */
    public static final float MAX_HALF_EXTENT = 0.3f;
    /** Largest offset of a content box's centre from the node's origin, per axis. */
    public static final float MAX_CENTRE_OFFSET = 0.1f;
    /** Camera position. */
    public static final float[] EYE = {0f, 0f, 0f};
    /** Point the camera looks at. */
    public static final float[] TARGET = {1f, 0f, 0f};
    /** Vertical field of view, degrees. */
    public static final float FOV_Y_DEGREES = 45f;
    /** Width / height. */
    public static final float ASPECT = 16f / 9f;
    /** Near plane distance. */
    public static final float NEAR = 0.1f;
    /** Far plane distance. */
    public static final float FAR = 100f;
    /** Smallest visible fraction the benchmark accepts for its camera. */
    public static final double MIN_VISIBLE = 0.05;
    /** Largest visible fraction the benchmark accepts for its camera. */
    public static final double MAX_VISIBLE = 0.15;
    private static final long SEED = 0xB0B5L;

    private final Scene scene;
    private final float[] contents;
    private final int[] movedNodes;
    private final float[][] movedFrames;
    private final Matrix4f projectionView;
    private final float[] planes = new float[Frustum.FLOATS];

    /**
     * Draws the content boxes and the moved subset for a scene.
     *
     * @param scene the scene
     */
    public BoundsScene(Scene scene) {
        this.scene = scene;
        int n = scene.size();
        SplittableRandom random = new SplittableRandom(SEED);
        contents = new float[n * Aabb.STRIDE];
        for (int i = 0; i < n; i++) {
            for (int axis = 0; axis < 3; axis++) {
                float centre = (float) random.nextDouble(-MAX_CENTRE_OFFSET, MAX_CENTRE_OFFSET);
                float half = (float) random.nextDouble(MIN_HALF_EXTENT, MAX_HALF_EXTENT);
                contents[i * Aabb.STRIDE + axis] = centre - half;
                contents[i * Aabb.STRIDE + 3 + axis] = centre + half;
            }
        }
        movedNodes = Fixture.randomSubset(random, n, MOVED_FRACTION);
        movedFrames = Fixture.twoFrames(scene, movedNodes, movedNodes.length);
        projectionView = new Matrix4f()
                .perspective((float) Math.toRadians(FOV_Y_DEGREES), ASPECT, NEAR, FAR)
                .lookAt(EYE[0], EYE[1], EYE[2], TARGET[0], TARGET[1], TARGET[2], 0f, 1f, 0f);
        Frustum.fromProjectionView(projectionView.get(new float[16]), 0, false, planes, 0);
    }

    /** @return the scene */
    public Scene scene() {
        return scene;
    }

    /** @return content boxes, {@link Aabb#STRIDE} floats per scene node, local space (shared, do not modify) */
    public float[] contents() {
        return contents;
    }

    /** @return the moved subset, increasing (parent-first) scene order (shared, do not modify) */
    public int[] movedNodes() {
        return movedNodes;
    }

    /**
     * @param frame 0 or 1
     * @return rotations of {@link #movedNodes()} for that frame, 4 floats each (shared, do not modify)
     */
    public float[] movedRotations(int frame) {
        return movedFrames[frame];
    }

    /** @return the camera's projection × view matrix (shared, do not modify) */
    public Matrix4f projectionView() {
        return projectionView;
    }

    /** @return the camera's frustum planes, {@link Frustum#FLOATS} floats (shared, do not modify) */
    public float[] planes() {
        return planes;
    }

    /**
     * @param visible nodes a culling pass returned
     * @return {@code visible} / node count
     */
    public double visibleFraction(int visible) {
        return visible / (double) scene.size();
    }

    /**
     * Builds the scene of the benchmarks.
     *
     * @param sceneName a name of {@link Scenes#NAMES}
     * @return its bounds scene
     */
    public static BoundsScene of(String sceneName) {
        return new BoundsScene(Scenes.byName(sceneName));
    }
}
