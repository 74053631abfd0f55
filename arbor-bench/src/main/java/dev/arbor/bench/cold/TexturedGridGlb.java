package dev.arbor.bench.cold;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;

/**
 * Writes a deterministic textured glTF binary ({@code .glb}): one mesh, a rippled square of {@code grid × grid}
 * vertices, with POSITION, NORMAL, TANGENT and TEXCOORD_0 each in its own buffer view (the layout most exporters
 * write), 32-bit triangle indices, and a material whose base colour texture is a {@code texture × texture} RGB PNG of
 * seeded noise (which PNG cannot compress much, so the file's size follows the arguments), sampled with mipmaps and
 * REPEAT. 48 bytes per vertex and 24 per grid cell, plus the PNG: the default 210 × 210 grid and 512² texture make
 * about 4 MB, the size of a typical textured asset such as DamagedHelmet; {@link #LARGE_GRID} about 50 MB. Same
 * arguments, same bytes.
 *
 * <p>Usage: {@code TexturedGridGlb OUT.glb [GRID [TEXTURE]]}.
 */
public final class TexturedGridGlb {
    /** Default vertices along each side: about 4 MB with the default texture. */
    public static final int GRID = 210;
    /** Default texture width and height in pixels. */
    public static final int TEXTURE = 512;
    /** Vertices along each side of the large model: about 50 MB with the default texture. */
    public static final int LARGE_GRID = 825;
    private static final long SEED = 0x7E47_73EDL;
    private static final int FLOAT = 5126;
    private static final int UNSIGNED_INT = 5125;
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;

    private TexturedGridGlb() {
    }

    /**
     * Writes the model to a file.
     *
     * @param args {@code OUT.glb [GRID [TEXTURE]]}
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: TexturedGridGlb OUT.glb [GRID [TEXTURE]]");
            System.exit(ColdChild.USAGE);
        }
        int grid = args.length > 1 ? Integer.parseInt(args[1]) : GRID;
        int texture = args.length > 2 ? Integer.parseInt(args[2]) : TEXTURE;
        Path file = write(Path.of(args[0]), grid, texture);
        System.err.println(file + ": " + Files.size(file) + " bytes");
    }

    /**
     * Writes the model to {@code file}.
     *
     * @param file the {@code .glb} to write (replaced if present)
     * @param grid vertices along each side, 2 to 20,000
     * @param texture texture width and height in pixels, 1 to 8,192
     * @return {@code file}
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if {@code grid} or {@code texture} is out of range
     */
    public static Path write(Path file, int grid, int texture) throws IOException {
        Files.write(file, bytes(grid, texture));
        return file;
    }

    /**
     * The model's bytes.
     *
     * @param grid vertices along each side, 2 to 20,000
     * @param texture texture width and height in pixels, 1 to 8,192
     * @return the {@code .glb}
     * @throws IllegalArgumentException if {@code grid} or {@code texture} is out of range
     */
    public static byte[] bytes(int grid, int texture) {
        if (grid < 2 || grid > 20_000) {
            throw new IllegalArgumentException("grid out of range: " + grid + ", expected 2 to 20000");
        }
        if (texture < 1 || texture > 8192) {
            throw new IllegalArgumentException("texture out of range: " + texture + ", expected 1 to 8192");
        }
        int vertices = grid * grid;
        long cells = (long) (grid - 1) * (grid - 1);
        long indexCount = cells * 6;
        byte[] png = png(texture);
        long binLength = (long) vertices * 48 + indexCount * 4 + align(png.length);
        if (binLength > Integer.MAX_VALUE - 1024) {
            throw new IllegalArgumentException("grid too large for one buffer: " + binLength + " bytes");
        }
        ByteBuffer bin = ByteBuffer.allocate((int) binLength).order(ByteOrder.LITTLE_ENDIAN);
        float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        int positionAt = 0;
        int normalAt = vertices * 12;
        int tangentAt = vertices * 24;
        int uvAt = vertices * 40;
        int indexAt = vertices * 48;
        int imageAt = (int) (indexAt + indexCount * 4);
        float step = 2f / (grid - 1);
        for (int j = 0; j < grid; j++) {
            for (int i = 0; i < grid; i++) {
                int v = j * grid + i;
                float x = -1f + i * step;
                float z = -1f + j * step;
                // y = 0.05 sin(6x) cos(6z): its gradient gives the normal and the tangent along +x
                float y = 0.05f * (float) (Math.sin(6 * x) * Math.cos(6 * z));
                float dx = 0.3f * (float) (Math.cos(6 * x) * Math.cos(6 * z));
                float dz = -0.3f * (float) (Math.sin(6 * x) * Math.sin(6 * z));
                float[] p = {x, y, z};
                for (int c = 0; c < 3; c++) {
                    bin.putFloat(positionAt + v * 12 + c * 4, p[c]);
                    min[c] = Math.min(min[c], p[c]);
                    max[c] = Math.max(max[c], p[c]);
                }
                float nl = (float) Math.sqrt(dx * dx + 1 + dz * dz);
                bin.putFloat(normalAt + v * 12, -dx / nl).putFloat(normalAt + v * 12 + 4, 1 / nl)
                        .putFloat(normalAt + v * 12 + 8, -dz / nl);
                float tl = (float) Math.sqrt(1 + dx * dx);
                bin.putFloat(tangentAt + v * 16, 1 / tl).putFloat(tangentAt + v * 16 + 4, dx / tl)
                        .putFloat(tangentAt + v * 16 + 8, 0f).putFloat(tangentAt + v * 16 + 12, 1f);
                bin.putFloat(uvAt + v * 8, i / (float) (grid - 1)).putFloat(uvAt + v * 8 + 4,
                        j / (float) (grid - 1));
            }
        }
        int at = indexAt;
        for (int j = 0; j < grid - 1; j++) {
            for (int i = 0; i < grid - 1; i++) {
                int a = j * grid + i;
                int b = a + 1;
                int c = a + grid;
                int d = c + 1;
                // counter-clockwise seen from +y
                bin.putInt(at, a).putInt(at + 4, c).putInt(at + 8, b).putInt(at + 12, b).putInt(at + 16, c)
                        .putInt(at + 20, d);
                at += 24;
            }
        }
        bin.put(imageAt, png);

        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.putObject("asset").put("version", "2.0").put("generator", "Arbor TexturedGridGlb");
        root.put("scene", 0);
        root.putArray("scenes").addObject().putArray("nodes").add(0);
        root.putArray("nodes").addObject().put("name", "grid").put("mesh", 0);
        ObjectNode prim = root.putArray("meshes").addObject().put("name", "grid").putArray("primitives").addObject();
        ObjectNode attributes = prim.putObject("attributes");
        attributes.put("POSITION", 0).put("NORMAL", 1).put("TANGENT", 2).put("TEXCOORD_0", 3);
        prim.put("indices", 4).put("material", 0).put("mode", 4);
        ObjectNode material = root.putArray("materials").addObject().put("name", "noise");
        ObjectNode pbr = material.putObject("pbrMetallicRoughness");
        pbr.putArray("baseColorFactor").add(1.0).add(0.9).add(0.8).add(1.0);
        pbr.put("metallicFactor", 0.25).put("roughnessFactor", 0.75);
        pbr.putObject("baseColorTexture").put("index", 0).put("texCoord", 0);
        root.putArray("textures").addObject().put("sampler", 0).put("source", 0);
        root.putArray("samplers").addObject().put("magFilter", 9729).put("minFilter", 9987).put("wrapS", 10497)
                .put("wrapT", 10497);
        root.putArray("images").addObject().put("bufferView", 5).put("mimeType", "image/png");
        ArrayNode views = root.putArray("bufferViews");
        view(views, positionAt, vertices * 12, ARRAY_BUFFER);
        view(views, normalAt, vertices * 12, ARRAY_BUFFER);
        view(views, tangentAt, vertices * 16, ARRAY_BUFFER);
        view(views, uvAt, vertices * 8, ARRAY_BUFFER);
        view(views, indexAt, indexCount * 4, ELEMENT_ARRAY_BUFFER);
        view(views, imageAt, png.length, 0);
        ArrayNode accessors = root.putArray("accessors");
        ObjectNode position = accessor(accessors, 0, FLOAT, vertices, "VEC3");
        ArrayNode minNode = position.putArray("min");
        ArrayNode maxNode = position.putArray("max");
        for (int c = 0; c < 3; c++) {
            minNode.add(min[c]);
            maxNode.add(max[c]);
        }
        accessor(accessors, 1, FLOAT, vertices, "VEC3");
        accessor(accessors, 2, FLOAT, vertices, "VEC4");
        accessor(accessors, 3, FLOAT, vertices, "VEC2");
        accessor(accessors, 4, UNSIGNED_INT, indexCount, "SCALAR");
        root.putArray("buffers").addObject().put("byteLength", binLength);

        byte[] json;
        try {
            json = mapper.writeValueAsString(root).getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int jsonLength = align(json.length);
        ByteBuffer glb = ByteBuffer.allocate(12 + 8 + jsonLength + 8 + (int) binLength).order(ByteOrder.LITTLE_ENDIAN);
        glb.putInt(0x46546C67).putInt(2).putInt(glb.capacity());
        glb.putInt(jsonLength).putInt(0x4E4F534A).put(json);
        for (int i = json.length; i < jsonLength; i++) {
            glb.put((byte) ' ');
        }
        glb.putInt((int) binLength).putInt(0x004E4942).put(bin.array());
        return glb.array();
    }

    private static void view(ArrayNode views, long offset, long length, int target) {
        ObjectNode view = views.addObject().put("buffer", 0).put("byteOffset", offset).put("byteLength", length);
        if (target != 0) {
            view.put("target", target);
        }
    }

    private static ObjectNode accessor(ArrayNode accessors, int view, int componentType, long count, String type) {
        return accessors.addObject().put("bufferView", view).put("componentType", componentType).put("count", count)
                .put("type", type);
    }

    private static int align(int length) {
        return (length + 3) & ~3;
    }

    /** A {@code size × size} RGB PNG of seeded noise, each pixel a colour from a smooth gradient plus noise. */
    private static byte[] png(int size) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                int r = (x * 255 / size + random.nextInt(64)) & 0xFF;
                int g = (y * 255 / size + random.nextInt(64)) & 0xFF;
                int b = random.nextInt(256);
                image.setRGB(x, y, r << 16 | g << 8 | b);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
