package dev.arbor.gl;

import org.joml.Matrix4f;
import org.joml.Vector3f;

/**
 * A perspective camera that orbits a target, as a model viewer moves it with the mouse: yaw about the world's +y,
 * pitch above or below the horizon (kept within 89°), and a distance changed by zoom steps. Fitted at first to a box:
 * the target at its centre, far enough back that its bounding sphere fills the vertical field of view, looking along
 * -z. No OpenGL: the {@link Camera} it gives is used with {@link ModelRenderer}.
 *
 * <p>The eye is {@code target + distance × (cos pitch × sin yaw, sin pitch, cos pitch × cos yaw)}: yaw 0 and pitch 0
 * put it on the target's +z side. Dragging {@code dx} pixels to the right turns the eye {@link #RADIANS_PER_PIXEL} ×
 * {@code dx} toward -x (the model turns with the mouse); dragging down raises it. A zoom step of +1 brings it
 * {@link #ZOOM_STEP} of its distance closer; the distance stays within 0.05 to 50 times the fitted one.
 *
 * <p>Mutable, not thread-safe. {@link #camera(float)} makes a new {@link Camera} only after the orbit or the aspect
 * changed, so a frame loop that does not move it allocates nothing.
 */
public final class OrbitCamera {
    /** Radians the eye turns per pixel dragged. */
    public static final float RADIANS_PER_PIXEL = 0.01f;
    /** The fraction of the distance one zoom step removes. */
    public static final float ZOOM_STEP = 0.1f;
    /** The largest pitch, a little short of straight up or down (where the up direction would be undefined). */
    public static final float MAX_PITCH = (float) Math.toRadians(89);

    private final float targetX;
    private final float targetY;
    private final float targetZ;
    private final float radius;
    private final float fittedDistance;
    private final float verticalFov;
    private float yaw;
    private float pitch;
    private float distance;
    private Camera cached;
    private float cachedAspect = Float.NaN;

    /**
     * Fits the orbit to a box.
     *
     * @param bounds {@code minX, minY, minZ, maxX, maxY, maxZ}
     * @param verticalFov the vertical field of view in radians, in (0, π)
     * @throws IllegalArgumentException if the box is shorter than 6, empty or not finite, or the field of view is out of
     *     range
     */
    public OrbitCamera(float[] bounds, float verticalFov) {
        Vector3f centre = new Vector3f();
        radius = Camera.sphere(bounds, 0, centre);
        Camera.checkFov(verticalFov);
        targetX = centre.x;
        targetY = centre.y;
        targetZ = centre.z;
        this.verticalFov = verticalFov;
        fittedDistance = radius / (float) Math.sin(verticalFov / 2);
        distance = fittedDistance;
    }

    /**
     * Turns the orbit by a mouse drag.
     *
     * @param dxPixels pixels dragged to the right
     * @param dyPixels pixels dragged down
     */
    public void drag(double dxPixels, double dyPixels) {
        yaw = (float) ((yaw - dxPixels * RADIANS_PER_PIXEL) % (2 * Math.PI));
        pitch = (float) Math.max(-MAX_PITCH, Math.min(MAX_PITCH, pitch + dyPixels * RADIANS_PER_PIXEL));
        cached = null;
    }

    /**
     * Zooms by scroll steps: each step of +1 brings the eye {@link #ZOOM_STEP} of its distance closer, -1 moves it as
     * far back; kept within 0.05 to 50 times the fitted distance.
     *
     * @param steps scroll steps (positive: closer)
     */
    public void zoom(double steps) {
        double scaled = distance * Math.pow(1 - ZOOM_STEP, steps);
        distance = (float) Math.max(0.05 * fittedDistance, Math.min(50 * fittedDistance, scaled));
        cached = null;
    }

    /** @return the yaw in radians, in (-2π, 2π) */
    public float yaw() {
        return yaw;
    }

    /** @return the pitch in radians, within ±{@link #MAX_PITCH} */
    public float pitch() {
        return pitch;
    }

    /** @return the eye's distance from the target */
    public float distance() {
        return distance;
    }

    /**
     * @param dest receives the eye's world position
     * @return {@code dest}
     */
    public Vector3f eye(Vector3f dest) {
        double c = Math.cos(pitch);
        return dest.set((float) (targetX + distance * c * Math.sin(yaw)), (float) (targetY + distance * Math.sin(pitch)),
                (float) (targetZ + distance * c * Math.cos(yaw)));
    }

    /**
     * The camera for the orbit now: perspective, looking from {@link #eye} at the target with +y up, near and far
     * planes around the fitted sphere. Made anew only when the orbit or the aspect changed since the last call.
     *
     * @param aspect width / height of the picture, positive
     * @return the camera
     * @throws IllegalArgumentException if {@code aspect} is not positive
     */
    public Camera camera(float aspect) {
        if (!(aspect > 0) || Float.isInfinite(aspect)) {
            throw new IllegalArgumentException("aspect out of range: aspect=" + aspect + ", required > 0");
        }
        if (cached != null && aspect == cachedAspect) {
            return cached;
        }
        Vector3f eye = eye(new Vector3f());
        float near = Math.max(distance - radius, distance * 0.01f);
        float far = distance + radius;
        Matrix4f clipFromWorld = new Matrix4f().perspective(verticalFov, aspect, near, far)
                .lookAt(eye.x, eye.y, eye.z, targetX, targetY, targetZ, 0, 1, 0);
        Vector3f view = new Vector3f(targetX, targetY, targetZ).sub(eye);
        cached = Camera.of(clipFromWorld, eye, view, false);
        cachedAspect = aspect;
        return cached;
    }
}
