package dev.arbor.gltf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A decoded image: {@code width × height} pixels, RGBA 8 bits each, rows top to bottom as stored in the file (glTF's
 * UV origin is the top-left corner, so no flip is needed), colour values as stored (sRGB for colour textures).
 * Immutable; {@link #rgba()} hands out a new view each call.
 */
public final class GltfPixels {
    private final int width;
    private final int height;
    private final ByteBuffer rgba;

    GltfPixels(int width, int height, ByteBuffer rgba) {
        this.width = width;
        this.height = height;
        this.rgba = rgba;
    }

    /** @return the width in pixels */
    public int width() {
        return width;
    }

    /** @return the height in pixels */
    public int height() {
        return height;
    }

    /** @return a new read-only view of the direct buffer of {@code width × height × 4} bytes, R G B A per pixel */
    public ByteBuffer rgba() {
        return rgba.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }
}
