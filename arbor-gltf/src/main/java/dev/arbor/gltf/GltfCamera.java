package dev.arbor.gltf;

import org.joml.Matrix4f;

/**
 * A camera: perspective or orthographic, looking down the local -Z axis of the node that holds it (see
 * {@link GltfModel#nodeCamera}). Immutable.
 *
 * @param name the camera's name, or {@code null}
 * @param type {@code "perspective"} or {@code "orthographic"}
 * @param yfov perspective: vertical field of view in radians (0 for orthographic)
 * @param aspectRatio perspective: width / height, or 0 when the file leaves it to the viewport
 * @param xmag orthographic: half the width of the view (0 for perspective)
 * @param ymag orthographic: half the height of the view (0 for perspective)
 * @param znear distance to the near plane
 * @param zfar distance to the far plane, or {@link Float#POSITIVE_INFINITY} for an infinite perspective
 */
public record GltfCamera(String name, String type, float yfov, float aspectRatio, float xmag, float ymag,
                         float znear, float zfar) {

    /** @return whether the camera is orthographic */
    public boolean orthographic() {
        return type.equals("orthographic");
    }

    /**
     * The projection matrix ({@code clipFromView}) the glTF specification gives, OpenGL clip space (z in [-1, 1]):
     * perspective with {@code aspectRatio}, or {@code viewportAspect} when the file states none, and an infinite far
     * plane when {@code zfar} is absent; orthographic from {@code xmag}, {@code ymag}, {@code znear}, {@code zfar}.
     *
     * @param viewportAspect width / height of the viewport, used when the camera has no {@code aspectRatio}
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f projection(float viewportAspect, Matrix4f dest) {
        if (orthographic()) {
            float d = znear - zfar;
            return dest.set(1f / xmag, 0f, 0f, 0f, 0f, 1f / ymag, 0f, 0f, 0f, 0f, 2f / d, 0f,
                    0f, 0f, (zfar + znear) / d, 1f);
        }
        float a = aspectRatio > 0f ? aspectRatio : viewportAspect;
        float f = (float) (1.0 / Math.tan(0.5 * yfov));
        if (zfar == Float.POSITIVE_INFINITY) {
            return dest.set(f / a, 0f, 0f, 0f, 0f, f, 0f, 0f, 0f, 0f, -1f, -1f, 0f, 0f, -2f * znear, 0f);
        }
        float d = znear - zfar;
        return dest.set(f / a, 0f, 0f, 0f, 0f, f, 0f, 0f, 0f, 0f, (zfar + znear) / d, -1f,
                0f, 0f, 2f * zfar * znear / d, 0f);
    }
}
