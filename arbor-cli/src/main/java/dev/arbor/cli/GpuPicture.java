package dev.arbor.cli;

import dev.arbor.cli.Picture.Projection;
import dev.arbor.cli.RenderCommand.View;
import dev.arbor.gl.Camera;
import dev.arbor.gl.GlContext;
import dev.arbor.gl.GlUnavailableException;
import dev.arbor.gl.GpuModel;
import dev.arbor.gl.ModelRenderer;
import dev.arbor.gltf.GltfException;
import java.awt.image.BufferedImage;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Vector3f;

/**
 * {@code render --gpu}: the posed model drawn with OpenGL ({@code arbor-gl}: textures, metallic-roughness materials,
 * per-pixel light, skinning in the vertex shader) offscreen, in exactly the CPU picture's orthographic projection
 * ({@link Projection}: the same fit, the same pixel for every world point), under the view's light, on white.
 */
final class GpuPicture {
    /**
     * Linear light colour and ambient of the GPU picture: the CPU picture's ({@link SurfaceShader#DIFFUSE}, times π,
     * which the shader's Lambert term divides by, and {@link SurfaceShader#AMBIENT}), so that both pictures are lit
     * alike and a white surface facing the light stays below white.
     */
    private static final float LIGHT = (float) (SurfaceShader.DIFFUSE * Math.PI);
    private static final float AMBIENT = SurfaceShader.AMBIENT;

    private GpuPicture() {
    }

    /**
     * Draws the scene's model as posed; notes of what was not drawn go to {@code notes}.
     *
     * @throws Problems.Failure if OpenGL is unavailable or a mesh, material or texture is malformed
     */
    static BufferedImage draw(PosedModel posed, MeshScene scene, Projection projection, List<String> notes) {
        int size = projection.size;
        try (GlContext gl = GlContext.offscreen(size, size); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(posed.model)) {
            notes.addAll(gpu.notes());
            View view = projection.view;
            renderer.setLight(view.light, new Vector3f(LIGHT), new Vector3f(AMBIENT));
            renderer.clear(1, 1, 1);
            renderer.draw(gpu, posed.instance, camera(projection, scene));
            return gl.readImage();
        } catch (GlUnavailableException e) {
            throw new Problems.Failure("cannot draw with --gpu: " + e.getMessage());
        } catch (GltfException e) {
            throw new Problems.Failure("cannot read " + posed.model.sourceName() + ": " + e.getMessage());
        }
    }

    /**
     * The projection as an OpenGL camera: clip x and y are the picture's pixel x and y (y flipped) mapped to [-1, 1];
     * clip z spans the scene's depth along the view, nearest at -1.
     */
    static Camera camera(Projection p, MeshScene scene) {
        View view = p.view;
        Vector3f r = view.screenRight;
        Vector3f u = view.screenUp;
        Vector3f t = view.toViewer;
        float[] range = {Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY};
        scene.worldPoints((x, y, z) -> {
            float d = x * t.x + y * t.y + z * t.z;
            if (Float.isFinite(d)) {
                range[0] = Math.max(range[0], d);
                range[1] = Math.min(range[1], d);
            }
        });
        float near = range[0];
        float far = range[1];
        if (!(near >= far)) {
            near = 1;
            far = -1;
        }
        float middle = (near + far) / 2;
        float half = Math.max((near - far) / 2 * 1.05f, 1e-6f);
        float k = 2 * p.scale / p.size;
        float band = Picture.TITLE_BAND / p.size;
        // columns: world x, y, z, then the constant; rows: clip x, y, z, w
        Matrix4f clipFromWorld = new Matrix4f(
                k * r.x, k * u.x, -t.x / half, 0,
                k * r.y, k * u.y, -t.y / half, 0,
                k * r.z, k * u.z, -t.z / half, 0,
                -k * p.centreU, -k * p.centreV - band, middle / half, 1);
        Vector3f direction = new Vector3f(t).negate();
        Vector3f eye = new Vector3f(t).mul(near + half);
        return Camera.of(clipFromWorld, eye, direction, true);
    }
}
