package dev.arbor.cli;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A small glTF document built in a test: float and index accessors in one embedded buffer, the rest of the JSON
 * (nodes, meshes, materials …) written by the test as text.
 */
final class TestGltf {
    private final ByteArrayOutputStream bin = new ByteArrayOutputStream();
    private final List<String> views = new ArrayList<>();
    private final List<String> accessors = new ArrayList<>();

    /** A FLOAT accessor of {@code type} (VEC2, VEC3, VEC4) with min and max; returns its index. */
    int floats(String type, float... values) {
        int components = switch (type) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            default -> 4;
        };
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        float[] min = new float[components];
        float[] max = new float[components];
        java.util.Arrays.fill(min, Float.POSITIVE_INFINITY);
        java.util.Arrays.fill(max, Float.NEGATIVE_INFINITY);
        for (int i = 0; i < values.length; i++) {
            b.putFloat(values[i]);
            min[i % components] = Math.min(min[i % components], values[i]);
            max[i % components] = Math.max(max[i % components], values[i]);
        }
        int view = view(b.array());
        accessors.add(String.format(Locale.ROOT, "{\"bufferView\":%d,\"componentType\":5126,\"count\":%d,"
                + "\"type\":\"%s\",\"min\":%s,\"max\":%s}", view, values.length / components, type, list(min),
                list(max)));
        return accessors.size() - 1;
    }

    /** A normalized UNSIGNED_BYTE VEC4 accessor (colours); returns its index. */
    int normalizedBytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        int view = view(bytes);
        accessors.add(String.format(Locale.ROOT, "{\"bufferView\":%d,\"componentType\":5121,\"normalized\":true,"
                + "\"count\":%d,\"type\":\"VEC4\"}", view, values.length / 4));
        return accessors.size() - 1;
    }

    /** An UNSIGNED_SHORT index accessor; returns its index. */
    int indices(int... values) {
        ByteBuffer b = ByteBuffer.allocate(2 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putShort((short) v);
        }
        int view = view(b.array());
        accessors.add(String.format(Locale.ROOT, "{\"bufferView\":%d,\"componentType\":5123,\"count\":%d,"
                + "\"type\":\"SCALAR\"}", view, values.length));
        return accessors.size() - 1;
    }

    private int view(byte[] bytes) {
        int offset = bin.size();
        bin.writeBytes(bytes);
        while (bin.size() % 4 != 0) {
            bin.write(0);
        }
        views.add(String.format(Locale.ROOT, "{\"buffer\":0,\"byteOffset\":%d,\"byteLength\":%d}", offset,
                bytes.length));
        return views.size() - 1;
    }

    private static String list(float[] values) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : ",").append(values[i]);
        }
        return s.append(']').toString();
    }

    /**
     * The square [-1, 1]² at z = 0 facing +Z: positions counter-clockwise from the lower left, UVs with (0, 0) at the
     * upper left corner (the image's top-left, as glTF puts it) scaled by {@code uvScale}. Returns the attributes'
     * JSON ({@code "POSITION":i,"TEXCOORD_0":j}) and writes the index accessor's index in {@code indices[0]}.
     */
    String square(float uvScale, int[] indices) {
        int position = floats("VEC3", -1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0);
        float s = uvScale;
        int uv = floats("VEC2", 0, s, s, s, s, 0, 0, 0);
        indices[0] = indices(0, 1, 2, 0, 2, 3);
        return "\"POSITION\":" + position + ",\"TEXCOORD_0\":" + uv;
    }

    /** A PNG data URI of the pixels, {@code 0xAARRGGBB}, rows top to bottom. */
    static String png(int width, int height, int... argb) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        image.setRGB(0, 0, width, height, argb, 0, width);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "data:image/png;base64," + Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    /** Writes the document: the buffer, views and accessors, then {@code rest} (JSON members, no braces). */
    Path write(Path file, String rest) throws IOException {
        String json = "{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":" + bin.size()
                + ",\"uri\":\"data:application/octet-stream;base64,"
                + Base64.getEncoder().encodeToString(bin.toByteArray()) + "\"}],\"bufferViews\":["
                + String.join(",", views) + "],\"accessors\":[" + String.join(",", accessors) + "]," + rest + "}";
        Files.writeString(file, json, StandardCharsets.UTF_8);
        return file;
    }
}
