package dev.arbor.gl;

import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfModel;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Small glTF documents made in memory for the material tests: unit quads in the xy plane (facing +z, counter-clockwise
 * seen from +z, UV (0, 0) at the upper left, {@code NORMAL} +z, optionally {@code TANGENT} +x), each under its own
 * node with a translation and a material given as JSON; images as PNG {@code data:} URIs.
 *
 * <pre>
 *   3 (-0.5, 0.5) uv (0, 0)   2 (0.5, 0.5) uv (1, 0)
 *   0 (-0.5,-0.5) uv (0, 1)   1 (0.5,-0.5) uv (1, 1)       triangles 0 1 2, 0 2 3
 * </pre>
 */
final class QuadScene {
    private final List<String> nodes = new ArrayList<>();
    private final List<String> materials = new ArrayList<>();
    private final List<String> images = new ArrayList<>();
    private final boolean tangents;

    /** @param tangents whether the quad has a {@code TANGENT} attribute (+x, handedness 1) */
    QuadScene(boolean tangents) {
        this.tangents = tangents;
    }

    /** Adds an image (a PNG data URI); its texture index (textures and images are one to one). */
    int image(BufferedImage image) {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        images.add("data:image/png;base64," + Base64.getEncoder().encodeToString(png.toByteArray()));
        return images.size() - 1;
    }

    /** An image of {@code columns} vertical stripes of the given ARGB colours, each {@code 4} pixels wide. */
    static BufferedImage stripes(int... argb) {
        BufferedImage image = new BufferedImage(4 * argb.length, 4, BufferedImage.TYPE_INT_ARGB);
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < 4; y++) {
                image.setRGB(x, y, argb[x / 4]);
            }
        }
        return image;
    }

    /** Adds a material (its JSON object); its index. */
    int material(String json) {
        materials.add(json);
        return materials.size() - 1;
    }

    /** Adds a quad at a translation, scaled, with a material (-1: none); returns this. */
    QuadScene quad(float x, float y, float z, float scale, int material) {
        nodes.add(String.format(java.util.Locale.ROOT,
                "{\"mesh\":%d,\"translation\":[%s,%s,%s],\"scale\":[%s,%s,%s]}", material + 1, x, y, z, scale,
                scale, scale));
        return this;
    }

    /** A quad turned half a turn about y: its front faces -z. */
    QuadScene backwardQuad(float x, float y, float z, int material) {
        nodes.add(String.format(java.util.Locale.ROOT,
                "{\"mesh\":%d,\"translation\":[%s,%s,%s],\"rotation\":[0,1,0,0]}", material + 1, x, y, z));
        return this;
    }

    GltfModel read(String name) throws GltfException {
        return Gltf.read(json().getBytes(StandardCharsets.UTF_8), name, null);
    }

    String json() {
        float[] positions = {-0.5f, -0.5f, 0, 0.5f, -0.5f, 0, 0.5f, 0.5f, 0, -0.5f, 0.5f, 0};
        float[] normals = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        float[] uvs = {0, 1, 1, 1, 1, 0, 0, 0};
        float[] tangentValues = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
        short[] indices = {0, 1, 2, 0, 2, 3};
        ByteBuffer b = ByteBuffer.allocate(48 + 48 + 32 + 64 + 12).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : positions) {
            b.putFloat(f);
        }
        for (float f : normals) {
            b.putFloat(f);
        }
        for (float f : uvs) {
            b.putFloat(f);
        }
        for (float f : tangentValues) {
            b.putFloat(f);
        }
        for (short s : indices) {
            b.putShort(s);
        }
        String buffer = "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(b.array());
        StringBuilder json = new StringBuilder();
        json.append("{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[");
        for (int i = 0; i < nodes.size(); i++) {
            json.append(i == 0 ? "" : ",").append(i);
        }
        json.append("]}],\"nodes\":[").append(String.join(",", nodes)).append("],");
        // mesh 0 without a material, mesh m + 1 with material m
        json.append("\"meshes\":[");
        for (int m = -1; m < materials.size(); m++) {
            json.append(m < 0 ? "" : ",").append("{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1,"
                    + "\"TEXCOORD_0\":2").append(tangents ? ",\"TANGENT\":3" : "").append("},\"indices\":4")
                    .append(m < 0 ? "" : ",\"material\":" + m).append("}]}");
        }
        json.append("],");
        if (!materials.isEmpty()) {
            json.append("\"materials\":[").append(String.join(",", materials)).append("],");
        }
        if (!images.isEmpty()) {
            json.append("\"samplers\":[{\"magFilter\":9728,\"minFilter\":9728}],\"textures\":[");
            for (int i = 0; i < images.size(); i++) {
                json.append(i == 0 ? "" : ",").append("{\"sampler\":0,\"source\":").append(i).append('}');
            }
            json.append("],\"images\":[");
            for (int i = 0; i < images.size(); i++) {
                json.append(i == 0 ? "" : ",").append("{\"uri\":\"").append(images.get(i)).append("\"}");
            }
            json.append("],");
        }
        json.append("\"buffers\":[{\"byteLength\":").append(b.capacity()).append(",\"uri\":\"").append(buffer)
                .append("\"}],");
        json.append("\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":48},"
                + "{\"buffer\":0,\"byteOffset\":48,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":96,\"byteLength\":32},"
                + "{\"buffer\":0,\"byteOffset\":128,\"byteLength\":64},{\"buffer\":0,\"byteOffset\":192,\"byteLength\":12}],");
        json.append("\"accessors\":["
                + "{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\",\"min\":[-0.5,-0.5,0],"
                + "\"max\":[0.5,0.5,0]},"
                + "{\"bufferView\":1,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\"},"
                + "{\"bufferView\":2,\"componentType\":5126,\"count\":4,\"type\":\"VEC2\"},"
                + "{\"bufferView\":3,\"componentType\":5126,\"count\":4,\"type\":\"VEC4\"},"
                + "{\"bufferView\":4,\"componentType\":5123,\"count\":6,\"type\":\"SCALAR\"}]}");
        return json.toString();
    }
}
