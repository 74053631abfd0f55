package dev.arbor.gltf;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import javax.imageio.ImageIO;

/**
 * Decodes PNG and JPEG image bytes to RGBA8 with {@code javax.imageio}, in a class of its own so that reading a model
 * never loads the image classes. WebP and KTX2 are recognised by their signatures and refused with the reason.
 */
final class ImageDecoding {
    private ImageDecoding() {
    }

    /** @return why the bytes are not decoded here (WebP, KTX2), or null when they may be PNG or JPEG */
    static String undecodable(byte[] b, String mimeType) {
        boolean webp = b.length >= 12 && b[0] == 'R' && b[1] == 'I' && b[2] == 'F' && b[3] == 'F' && b[8] == 'W'
                && b[9] == 'E' && b[10] == 'B' && b[11] == 'P';
        boolean ktx2 = b.length >= 12 && (b[0] & 0xFF) == 0xAB && b[1] == 'K' && b[2] == 'T' && b[3] == 'X'
                && b[5] == '2' && b[6] == '0';
        if (webp || "image/webp".equals(mimeType)) {
            return "the image is WebP (EXT_texture_webp), which Arbor reports but does not decode: javax.imageio"
                    + " has no WebP reader; pass imageBytes to a WebP decoder";
        }
        if (ktx2 || "image/ktx2".equals(mimeType)) {
            return "the image is KTX2 (KHR_texture_basisu, Basis Universal), which Arbor reports but does not"
                    + " decode: it needs a Basis transcoder to a GPU format; pass imageBytes to one";
        }
        return null;
    }

    static GltfPixels decode(byte[] bytes, String mimeType, String location) throws GltfException {
        String why = undecodable(bytes, mimeType);
        if (why != null) {
            throw new GltfException(location, why);
        }
        BufferedImage image;
        try {
            image = ImageIO.read(new ByteArrayInputStream(bytes));
        } catch (IOException | RuntimeException e) {
            throw new GltfException(location, "cannot decode the image (" + bytes.length + " bytes, mimeType="
                    + mimeType + "): " + e.getMessage(), e);
        }
        if (image == null) {
            throw new GltfException(location, "no decoder for the image (" + bytes.length + " bytes, mimeType="
                    + mimeType + "): only PNG and JPEG are decoded");
        }
        int w = image.getWidth();
        int h = image.getHeight();
        int[] argb = image.getRGB(0, 0, w, h, null, 0, w);
        ByteBuffer out = ByteBuffer.allocateDirect(Math.multiplyExact(Math.multiplyExact(w, h), 4))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int p : argb) {
            out.put((byte) (p >> 16)).put((byte) (p >> 8)).put((byte) p).put((byte) (p >>> 24));
        }
        out.flip();
        return new GltfPixels(w, h, out);
    }
}
