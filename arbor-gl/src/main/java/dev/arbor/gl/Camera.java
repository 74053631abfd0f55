package dev.arbor.gl;

import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * Where the picture is seen from: a {@code clipFromWorld} matrix (OpenGL clip space, {@code projection × view}), the
 * eye's world position and the direction it looks in. Immutable; the factories fit the camera to a world-space box.
 */
public final class Camera {
    private final Matrix4f clipFromWorld;
    private final Vector3f position;
    private final Vector3f viewDirection;
    private final boolean orthographic;

    private Camera(Matrix4f clipFromWorld, Vector3f position, Vector3f viewDirection, boolean orthographic) {
        this.clipFromWorld = clipFromWorld;
        this.position = position;
        this.viewDirection = viewDirection;
        this.orthographic = orthographic;
    }

    /**
     * A camera from a matrix computed elsewhere.
     *
     * @param clipFromWorld {@code projection × view}, OpenGL clip space (copied)
     * @param eye the eye's world position (lighting of a perspective camera looks from there)
     * @param viewDirection the direction the camera looks in (lighting of an orthographic camera looks along it)
     * @param orthographic whether the projection is orthographic
     * @return the camera
     * @throws IllegalArgumentException if {@code viewDirection} is zero
     */
    public static Camera of(Matrix4fc clipFromWorld, Vector3fc eye, Vector3fc viewDirection, boolean orthographic) {
        if (viewDirection.lengthSquared() == 0) {
            throw new IllegalArgumentException("zero direction: viewDirection=" + viewDirection);
        }
        return new Camera(new Matrix4f(clipFromWorld), new Vector3f(eye), new Vector3f(viewDirection).normalize(),
                orthographic);
    }

    /**
     * A perspective camera looking along {@code viewDirection} at the centre of a box, far enough back that the
     * box's bounding sphere fills the narrower field of view, with the near and far planes just around the sphere.
     *
     * @param bounds the box, {@code minX, minY, minZ, maxX, maxY, maxZ} from {@code offset}
     * @param offset index of {@code minX}
     * @param viewDirection the direction the camera looks in (need not be unit length)
     * @param up the world direction shown upward (not parallel to {@code viewDirection})
     * @param verticalFov vertical field of view in radians, in (0, π)
     * @param aspect width / height of the picture, positive
     * @return the camera
     * @throws IllegalArgumentException if the box is empty or not finite, a direction is zero, the directions are
     *     parallel, or the field of view or aspect is out of range
     */
    public static Camera perspective(float[] bounds, int offset, Vector3fc viewDirection, Vector3fc up,
                                     float verticalFov, float aspect) {
        checkFov(verticalFov);
        Vector3f centre = new Vector3f();
        float radius = sphere(bounds, offset, centre);
        Vector3f direction = direction(viewDirection, up, aspect);
        float halfFov = Math.min(verticalFov, horizontalFov(verticalFov, aspect)) / 2;
        float distance = radius / (float) Math.sin(halfFov);
        Vector3f eye = new Vector3f(direction).mul(-distance).add(centre);
        float near = Math.max(distance - radius * 1.05f, distance * 1e-3f);
        float far = distance + radius * 1.05f;
        Matrix4f m = new Matrix4f().perspective(verticalFov, aspect, near, far).lookAt(eye, centre, up);
        return new Camera(m, eye, direction, false);
    }

    /**
     * An orthographic camera looking along {@code viewDirection} at the centre of a box, the box's corners as seen
     * from there just inside the picture (a 2% margin on the side that limits the scale, centred on the other), the
     * near and far planes just around the box.
     *
     * @param bounds the box, {@code minX, minY, minZ, maxX, maxY, maxZ} from {@code offset}
     * @param offset index of {@code minX}
     * @param viewDirection the direction the camera looks in (need not be unit length)
     * @param up the world direction shown upward (not parallel to {@code viewDirection})
     * @param aspect width / height of the picture, positive
     * @return the camera
     * @throws IllegalArgumentException if the box is empty or not finite, a direction is zero, the directions are
     *     parallel, or the aspect is not positive
     */
    public static Camera orthographic(float[] bounds, int offset, Vector3fc viewDirection, Vector3fc up,
                                      float aspect) {
        Vector3f centre = new Vector3f();
        float radius = sphere(bounds, offset, centre);
        Vector3f direction = direction(viewDirection, up, aspect);
        Vector3f eye = new Vector3f(direction).mul(-2 * radius).add(centre);
        Matrix4f viewFromWorld = new Matrix4f().lookAt(eye, centre, up);
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float minZ = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        float maxZ = Float.NEGATIVE_INFINITY;
        Vector3f corner = new Vector3f();
        for (int c = 0; c < 8; c++) {
            corner.set(bounds[offset + ((c & 1) == 0 ? 0 : 3)], bounds[offset + ((c & 2) == 0 ? 1 : 4)],
                    bounds[offset + ((c & 4) == 0 ? 2 : 5)]);
            viewFromWorld.transformPosition(corner);
            minX = Math.min(minX, corner.x);
            minY = Math.min(minY, corner.y);
            minZ = Math.min(minZ, corner.z);
            maxX = Math.max(maxX, corner.x);
            maxY = Math.max(maxY, corner.y);
            maxZ = Math.max(maxZ, corner.z);
        }
        float halfWidth = Math.max((maxX - minX) / 2, 1e-6f);
        float halfHeight = Math.max((maxY - minY) / 2, 1e-6f);
        if (halfWidth / halfHeight > aspect) {
            halfHeight = halfWidth / aspect;
        } else {
            halfWidth = halfHeight * aspect;
        }
        halfWidth *= 1.02f;
        halfHeight *= 1.02f;
        float midX = (minX + maxX) / 2;
        float midY = (minY + maxY) / 2;
        float depth = Math.max(maxZ - minZ, 1e-6f);
        Matrix4f m = new Matrix4f().ortho(midX - halfWidth, midX + halfWidth, midY - halfHeight, midY + halfHeight,
                -maxZ - 0.05f * depth, -minZ + 0.05f * depth).mul(viewFromWorld);
        return new Camera(m, eye, direction, true);
    }

    /** Refuses a vertical field of view outside (0, π). */
    static void checkFov(float verticalFov) {
        if (!(verticalFov > 0 && verticalFov < Math.PI)) {
            throw new IllegalArgumentException("verticalFov out of range: verticalFov=" + verticalFov
                    + ", range=(0, " + (float) Math.PI + ")");
        }
    }

    /** A box's bounding sphere: its centre into {@code centre}, its radius (at least 0.001) returned; box checked. */
    static float sphere(float[] b, int o, Vector3f centre) {
        if (o < 0 || b.length - o < 6) {
            throw new IllegalArgumentException("bounds too short: length=" + b.length + ", offset=" + o
                    + ", required=6");
        }
        for (int k = 0; k < 3; k++) {
            if (!(b[o + k] <= b[o + 3 + k]) || !Float.isFinite(b[o + k]) || !Float.isFinite(b[o + 3 + k])) {
                throw new IllegalArgumentException("bounds empty or not finite: axis=" + k + ", min=" + b[o + k]
                        + ", max=" + b[o + 3 + k]);
            }
        }
        centre.set((b[o] + b[o + 3]) / 2, (b[o + 1] + b[o + 4]) / 2, (b[o + 2] + b[o + 5]) / 2);
        float radius = new Vector3f(b[o + 3] - b[o], b[o + 4] - b[o + 1], b[o + 5] - b[o + 2]).length() / 2;
        return radius > 0 ? radius : 1e-3f;
    }

    private static Vector3f direction(Vector3fc viewDirection, Vector3fc up, float aspect) {
        if (!(aspect > 0) || !Float.isFinite(aspect)) {
            throw new IllegalArgumentException("aspect must be positive: aspect=" + aspect);
        }
        if (viewDirection.lengthSquared() == 0 || up.lengthSquared() == 0) {
            throw new IllegalArgumentException("zero direction: viewDirection=" + viewDirection + ", up=" + up);
        }
        Vector3f d = new Vector3f(viewDirection).normalize();
        if (new Vector3f(d).cross(up).lengthSquared() < 1e-12f * up.lengthSquared()) {
            throw new IllegalArgumentException("viewDirection parallel to up: viewDirection=" + viewDirection
                    + ", up=" + up);
        }
        return d;
    }

    private static float horizontalFov(float verticalFov, float aspect) {
        return 2 * (float) Math.atan(Math.tan(verticalFov / 2) * aspect);
    }

    /**
     * @param dest receives {@code clipFromWorld} (OpenGL clip space: {@code projection × view})
     * @return {@code dest}
     */
    public Matrix4f clipFromWorld(Matrix4f dest) {
        return dest.set(clipFromWorld);
    }

    /** @return a read-only view of {@code clipFromWorld} */
    public Matrix4fc clipFromWorld() {
        return clipFromWorld;
    }

    /**
     * @param dest receives the eye's world position
     * @return {@code dest}
     */
    public Vector3f position(Vector3f dest) {
        return dest.set(position);
    }

    /**
     * @param dest receives the unit direction the camera looks in
     * @return {@code dest}
     */
    public Vector3f viewDirection(Vector3f dest) {
        return dest.set(viewDirection);
    }

    /** @return whether the projection is orthographic (parallel view rays) */
    public boolean isOrthographic() {
        return orthographic;
    }
}
