package dev.arbor.bench.bounds;

import dev.arbor.bounds.Aabb;
import dev.arbor.bounds.Frustum;
import java.util.Arrays;
import java.util.Locale;

/**
 * One {@link BoundsSystem} built from a {@link BoundsScene} and passed through the correctness gate, with the two
 * timed operations. The gate first runs the {@link LinearBounds} reference on its own (and drops it before the system
 * under test is built, so their objects are not interleaved), moving the 1% subset once (frame 0) and culling; then
 * the same on the system. Every system: each world box must be its content box under its own world matrix
 * ({@link Aabb#transform}) within {@value #TOLERANCE} (relative to max(1, |value|)). Arbor and linear: the scene box
 * and every world box must match the reference within the same tolerance, and the visible set must equal the
 * reference's exactly. jME composes its transforms differently and builds its planes differently (see
 * {@link JmeBounds}), so there the differences — against the reference, and against {@link Frustum#classify} over
 * jME's own boxes — are measured and reported ({@link #report()}), and only a gross disagreement (visible counts more
 * than {@value #JME_COUNT_SLACK} apart from the plane test on its own boxes) fails. The timed operations start from
 * that pose.
 */
public final class BoundsFixture {
    /** Largest relative difference accepted between a box and the reference's. */
    public static final double TOLERANCE = 1e-5;
    /** Largest relative difference in visible counts accepted from jME. */
    public static final double JME_COUNT_SLACK = 0.05;

    private final BoundsScene scene;
    private final BoundsSystem system;
    private final float[] sceneBox = new float[Aabb.STRIDE];
    private int tick = 1;
    private String report;

    private BoundsFixture(BoundsScene scene, BoundsSystem system) {
        this.scene = scene;
        this.system = system;
    }

    /**
     * Builds {@code impl} on {@code scene}, after the reference, and checks it (see the class comment).
     *
     * @param scene the scene
     * @param impl the implementation
     * @return the fixture
     * @throws IllegalStateException if the implementation disagrees with the reference
     */
    public static BoundsFixture create(BoundsScene scene, BoundsImplementation impl) {
        int n = scene.scene().size();
        LinearBounds reference = new LinearBounds();
        reference.build(scene);
        float[] expectedSceneBox = new float[Aabb.STRIDE];
        reference.moveAndBound(scene.movedNodes(), scene.movedRotations(0), expectedSceneBox);
        float[] expectedBoxes = new float[n * Aabb.STRIDE];
        float[] box = new float[Aabb.STRIDE];
        for (int i = 0; i < n; i++) {
            System.arraycopy(reference.worldBox(i, box), 0, expectedBoxes, i * Aabb.STRIDE, Aabb.STRIDE);
        }
        int[] expectedVisible = reference.visibleNodes(scene);
        reference = null;

        BoundsFixture f = new BoundsFixture(scene, impl.create());
        f.system.build(scene);
        f.system.moveAndBound(scene.movedNodes(), scene.movedRotations(0), f.sceneBox);
        String where = "implementation=" + impl.id() + " scene=" + scene.scene().name();
        // every implementation: each world box is the content box under its own world matrix
        float[] matrix = new float[12];
        float[] ownBox = new float[Aabb.STRIDE];
        float[] ownBoxes = new float[n * Aabb.STRIDE];
        double worstOwnError = 0;
        double worstBoxError = 0;
        for (int i = 0; i < n; i++) {
            Aabb.transform(f.system.worldMatrix(i, matrix), 0, scene.contents(), i * Aabb.STRIDE, ownBox, 0);
            System.arraycopy(ownBox, 0, ownBoxes, i * Aabb.STRIDE, Aabb.STRIDE);
            f.system.worldBox(i, box);
            worstOwnError = Math.max(worstOwnError, error(box, 0, ownBox, 0, Aabb.STRIDE));
            worstBoxError = Math.max(worstBoxError, error(box, 0, expectedBoxes, i * Aabb.STRIDE, Aabb.STRIDE));
        }
        if (worstOwnError > TOLERANCE) {
            throw new IllegalStateException("world box is not the content box under the world matrix: " + where
                    + " error=" + worstOwnError);
        }
        double sceneBoxError = error(f.sceneBox, 0, expectedSceneBox, 0, Aabb.STRIDE);
        int[] visible = f.system.visibleNodes(scene);
        // the plane test of Frustum.classify over this implementation's own boxes
        int[] planeTestVisible = linearScan(scene.planes(), ownBoxes, n);
        boolean exact = impl != BoundsImplementation.JME;
        if (exact && (sceneBoxError > TOLERANCE || worstBoxError > TOLERANCE)) {
            throw new IllegalStateException("bounds differ from the reference: " + where + " sceneBoxError="
                    + sceneBoxError + " worstBoxError=" + worstBoxError);
        }
        if (exact && !(Arrays.equals(visible, expectedVisible) && Arrays.equals(planeTestVisible, visible))) {
            throw new IllegalStateException("visible set differs from the linear scan: " + where + " visible="
                    + visible.length + " expected=" + expectedVisible.length);
        }
        if (Math.abs(visible.length - planeTestVisible.length) > JME_COUNT_SLACK * planeTestVisible.length) {
            throw new IllegalStateException("visible count far from the plane test on the same boxes: " + where
                    + " visible=" + visible.length + " planeTest=" + planeTestVisible.length);
        }
        f.report = String.format(Locale.ROOT, "bounds gate %s on %s: visible %d of %d (%.2f%%); reference"
                        + " (linear scan) %d, %d only here, %d only there; Frustum.classify over this"
                        + " implementation's own boxes %d, %d only here, %d only there; scene box error %.2e,"
                        + " worst world box error %.2e (relative to max(1, |value|))",
                impl.id(), scene.scene().name(), visible.length, n, 100 * scene.visibleFraction(visible.length),
                expectedVisible.length, difference(visible, expectedVisible), difference(expectedVisible, visible),
                planeTestVisible.length, difference(visible, planeTestVisible),
                difference(planeTestVisible, visible), sceneBoxError, worstBoxError);
        return f;
    }

    private static int[] linearScan(float[] planes, float[] boxes, int n) {
        int[] hits = new int[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (Frustum.classify(planes, 0, boxes, i * Aabb.STRIDE) != Frustum.OUTSIDE) {
                hits[count++] = i;
            }
        }
        return Arrays.copyOf(hits, count);
    }

    /** Elements of sorted {@code a} missing from sorted {@code b}. */
    private static int difference(int[] a, int[] b) {
        int missing = 0;
        for (int x : a) {
            if (Arrays.binarySearch(b, x) < 0) {
                missing++;
            }
        }
        return missing;
    }

    private static double error(float[] actual, int ao, float[] expected, int eo, int count) {
        double worst = 0;
        for (int k = 0; k < count; k++) {
            double e = expected[eo + k];
            worst = Math.max(worst, Math.abs(actual[ao + k] - e) / Math.max(1, Math.abs(e)));
        }
        return worst;
    }

    /** @return one line: visible counts against the linear scan and the box errors found by the gate */
    public String report() {
        return report;
    }

    /** @return the scene */
    public BoundsScene scene() {
        return scene;
    }

    /** @return the system under test */
    public BoundsSystem system() {
        return system;
    }

    /**
     * {@link dev.arbor.bench.peers.Workload#BOUNDS_1PCT}: moves the 1% subset to the next of two frames, updates and
     * reads the scene's bounds.
     *
     * @return a value of the scene box, to be consumed
     */
    public float bounds1pct() {
        system.moveAndBound(scene.movedNodes(), scene.movedRotations(tick++ & 1), sceneBox);
        return sceneBox[0] + sceneBox[5];
    }

    /**
     * {@link dev.arbor.bench.peers.Workload#FRUSTUM_QUERY}: culls the scene against the camera.
     *
     * @return the number of visible nodes
     */
    public int frustumQuery() {
        return system.cull(scene);
    }
}
