package dev.arbor.cli;

import dev.arbor.cli.RenderCommand.View;
import org.joml.Vector3f;

/**
 * The colour {@code render}'s CPU picture gives each sample of a triangle: base colour = the {@link Surface}'s
 * factor × its texture at the interpolated UV × the interpolated vertex colour; alpha MASK discards samples below the
 * cut-off, BLEND returns the alpha for the raster to blend; then, unless unlit, Lambert lighting under the view's
 * light, {@code base × (AMBIENT + DIFFUSE × max(0, n · l))} — the diffuse and ambient terms of the GPU picture, without
 * its specular highlight — encoded as sRGB. The normal is the interpolated vertex normal, normalized per sample
 * (smooth shading), or the face normal for primitives without {@code NORMAL} (flat). Lighting is two-sided: when the
 * viewer sees the side of a triangle its vertex normals point away from, the normals are reversed, so that neither a
 * mirrored node (a negative determinant) nor a single-sided back face is lit from behind.
 *
 * <p>Used per part ({@link #part}), then per triangle ({@link #triangle}), then per sample by the raster
 * ({@link #color}); it holds the arrays of the current part and allocates nothing. Not thread-safe.
 */
final class SurfaceShader implements Raster.Fragments {
    /** The light every surface receives, and the most a surface facing the light receives beside it. */
    static final float AMBIENT = 0.22f;
    static final float DIFFUSE = 0.7f;

    private final float lightX;
    private final float lightY;
    private final float lightZ;
    private final Vector3f toViewer;
    private final float[] texel = new float[4];
    private final double[] face = new double[3];
    private Surface surface;
    private float[] normals;
    private float[] uvs;
    private float[] colors;
    private int a;
    private int b;
    private int c;
    /** 1, or -1 when the viewer sees the back of the triangle (its vertex normals are reversed). */
    private float side;
    private float faceX;
    private float faceY;
    private float faceZ;

    SurfaceShader(View view) {
        lightX = view.light.x;
        lightY = view.light.y;
        lightZ = view.light.z;
        toViewer = view.toViewer;
    }

    /**
     * The part whose triangles follow.
     *
     * @param surface its material
     * @param normals world normals, 3 floats per vertex, or null (flat shading)
     * @param uvs the texture's UVs, 2 floats per vertex, or null (no texture sampled)
     * @param colors vertex colours, linear RGBA per vertex, or null
     */
    void part(Surface surface, float[] normals, float[] uvs, float[] colors) {
        this.surface = surface;
        this.normals = normals;
        this.uvs = surface.texture == null ? null : uvs;
        this.colors = colors;
    }

    /**
     * The triangle whose samples follow: its face normal and the side the viewer sees.
     *
     * @param world world positions, 3 floats per vertex
     * @return false for a degenerate triangle (no normal), which is not to be drawn
     */
    boolean triangle(float[] world, int a, int b, int c) {
        double length = faceNormal(world, a, b, c, face);
        if (!(length > 0) || !Double.isFinite(length)) {
            return false;
        }
        double nx = face[0];
        double ny = face[1];
        double nz = face[2];
        if (normals != null) {
            // the face's front is the side its vertex normals point to, whatever the winding or the determinant
            double sx = normals[3 * a] + normals[3 * b] + normals[3 * c];
            double sy = normals[3 * a + 1] + normals[3 * b + 1] + normals[3 * c + 1];
            double sz = normals[3 * a + 2] + normals[3 * b + 2] + normals[3 * c + 2];
            if (sx * nx + sy * ny + sz * nz < 0) {
                nx = -nx;
                ny = -ny;
                nz = -nz;
            }
        }
        side = nx * toViewer.x + ny * toViewer.y + nz * toViewer.z < 0 ? -1 : 1;
        faceX = (float) (side * nx / length);
        faceY = (float) (side * ny / length);
        faceZ = (float) (side * nz / length);
        this.a = a;
        this.b = b;
        this.c = c;
        return true;
    }

    /**
     * The face normal of a triangle, not normalized: {@code (b − a) × (c − a)}.
     *
     * @return its length
     */
    static double faceNormal(float[] w, int a, int b, int c, double[] dest) {
        float ex = w[3 * b] - w[3 * a];
        float ey = w[3 * b + 1] - w[3 * a + 1];
        float ez = w[3 * b + 2] - w[3 * a + 2];
        float fx = w[3 * c] - w[3 * a];
        float fy = w[3 * c + 1] - w[3 * a + 1];
        float fz = w[3 * c + 2] - w[3 * a + 2];
        dest[0] = (double) ey * fz - (double) ez * fy;
        dest[1] = (double) ez * fx - (double) ex * fz;
        dest[2] = (double) ex * fy - (double) ey * fx;
        return Math.sqrt(dest[0] * dest[0] + dest[1] * dest[1] + dest[2] * dest[2]);
    }

    /** The light a unit normal facing the viewer receives: {@code AMBIENT + DIFFUSE × max(0, n · l)}. */
    float light(float nx, float ny, float nz) {
        return AMBIENT + DIFFUSE * Math.max(0, nx * lightX + ny * lightY + nz * lightZ);
    }

    /** The light of the current triangle's face normal (flat shading). */
    float faceLight() {
        return light(faceX, faceY, faceZ);
    }

    @Override
    public int color(float w0, float w1, float w2) {
        Surface s = surface;
        float r = s.factor[0];
        float g = s.factor[1];
        float bl = s.factor[2];
        float alpha = s.factor[3];
        if (colors != null) {
            float[] v = colors;
            int i = 4 * a;
            int j = 4 * b;
            int k = 4 * c;
            r *= w0 * v[i] + w1 * v[j] + w2 * v[k];
            g *= w0 * v[i + 1] + w1 * v[j + 1] + w2 * v[k + 1];
            bl *= w0 * v[i + 2] + w1 * v[j + 2] + w2 * v[k + 2];
            alpha *= w0 * v[i + 3] + w1 * v[j + 3] + w2 * v[k + 3];
        }
        if (uvs != null) {
            float[] uv = uvs;
            s.texture.sample(w0 * uv[2 * a] + w1 * uv[2 * b] + w2 * uv[2 * c],
                    w0 * uv[2 * a + 1] + w1 * uv[2 * b + 1] + w2 * uv[2 * c + 1], texel);
            r *= texel[0];
            g *= texel[1];
            bl *= texel[2];
            alpha *= texel[3];
        }
        if (s.alphaMode == Surface.MASK && alpha < s.alphaCutoff) {
            return 0;
        }
        float light = 1;
        if (!s.unlit) {
            light = faceLight();
            if (normals != null) {
                float[] n = normals;
                float nx = w0 * n[3 * a] + w1 * n[3 * b] + w2 * n[3 * c];
                float ny = w0 * n[3 * a + 1] + w1 * n[3 * b + 1] + w2 * n[3 * c + 1];
                float nz = w0 * n[3 * a + 2] + w1 * n[3 * b + 2] + w2 * n[3 * c + 2];
                float length = (float) Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (length > 0) {
                    float k = side / length;
                    light = light(nx * k, ny * k, nz * k);
                }
            }
        }
        int opacity = s.alphaMode == Surface.BLEND ? Math.round(Math.max(0, Math.min(1, alpha)) * 255) : 255;
        return opacity << 24 | Picture.srgb(r * light) << 16 | Picture.srgb(g * light) << 8
                | Picture.srgb(bl * light);
    }
}
