package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/** The rasteriser on hand-made cases: which pixels a triangle covers, and which of two triangles the z-buffer keeps. */
class RasterTest {
    private static final int WHITE = 0xFFFFFF;
    private static final int RED = 0xFF0000;
    private static final int BLUE = 0x0000FF;

    @Test
    void aTriangleCoversThePixelsWhoseCentresItContains() {
        for (boolean clockwise : new boolean[] {false, true}) {
            Raster r = new Raster(12, 12, 1, WHITE);
            // corners (0, 0), (10, 0), (0, 10): pixel (x, y) has its centre inside when x + y + 1 <= 10
            int written = clockwise ? r.triangle(0, 0, 0, 0, 10, 0, 10, 0, 0, RED)
                    : r.triangle(0, 0, 0, 10, 0, 0, 0, 10, 0, RED);
            int expected = 0;
            for (int y = 0; y < 12; y++) {
                for (int x = 0; x < 12; x++) {
                    boolean inside = x + y + 1 <= 10;
                    expected += inside ? 1 : 0;
                    assertThat(r.sample(x, y)).as("pixel %d, %d (clockwise %s)", x, y, clockwise)
                            .isEqualTo(inside ? RED : WHITE);
                }
            }
            assertThat(written).isEqualTo(expected).isEqualTo(55);
        }
    }

    @Test
    void theZBufferKeepsTheNearerOfTwoOverlappingTriangles() {
        for (boolean nearFirst : new boolean[] {false, true}) {
            Raster r = new Raster(8, 8, 1, WHITE);
            // both cover the lower left half; red lies at depth 1 (nearer), blue at depth 0 ... 2 across x
            Runnable red = () -> r.triangle(0, 0, 1, 0, 8, 1, 8, 8, 1, RED);
            Runnable blue = () -> r.triangle(0, 0, 0, 0, 8, 0, 8, 8, 2, BLUE);
            if (nearFirst) {
                red.run();
                blue.run();
            } else {
                blue.run();
                red.run();
            }
            for (int y = 0; y < 8; y++) {
                for (int x = 0; x < 8; x++) {
                    // at the pixel centre blue's depth is 2 * (x + 0.5) / 8: nearer than red from x = 4 on
                    int expected = x > y ? WHITE : x + 0.5 > 4 ? BLUE : RED;
                    assertThat(r.sample(x, y)).as("pixel %d, %d", x, y).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void supersamplingAveragesTheSamplesOfEachPixel() {
        Raster r = new Raster(2, 2, 2, WHITE);
        // covers the left half of the picture: pixel 0 wholly, pixel 1 not
        r.triangle(0, -4, 0, 1, 0, 0, 1, 6, 0, 0x000000);
        r.triangle(0, -4, 0, 1, 6, 0, 0, 6, 0, 0x000000);
        BufferedImage image = r.image();
        assertThat(image.getRGB(0, 0) & 0xFFFFFF).isZero();
        assertThat(image.getRGB(1, 1) & 0xFFFFFF).isEqualTo(WHITE);
        // a triangle over half the samples of a pixel gives the mean of the two colours
        Raster half = new Raster(1, 1, 2, WHITE);
        half.triangle(0, 0, 0, 0.5f, 0, 0, 0.5f, 1, 0, 0x000000);
        half.triangle(0, 0, 0, 0.5f, 1, 0, 0, 1, 0, 0x000000);
        assertThat(half.image().getRGB(0, 0) & 0xFF).isEqualTo(128);
    }

    @Test
    void fragmentsGetTheSamplesWeightsAndMayDiscardOrBlend() {
        // corners (0, 0), (8, 0), (0, 8) with the values 0, 8, 0: the weight of the second corner times 8 is the
        // sample's x, so a fragment of colour x × 16 in red shows where each sample lies
        Raster r = new Raster(8, 8, 1, WHITE);
        float[] screen = {0, 0, 1, 8, 0, 1, 0, 8, 1};
        r.triangle(screen, 0, 1, 2, (w0, w1, w2) -> 0xFF000000 | Math.round(w1 * 8 * 16 - 8) << 16);
        for (int x = 0; x < 7; x++) {
            assertThat(r.sample(x, 0)).as("pixel %d, 0", x).isEqualTo(x * 16 << 16);
        }
        // alpha 0 leaves colour and depth: a farther opaque triangle still shows where the discarded one lay
        Raster discard = new Raster(4, 4, 1, WHITE);
        float[] near = {0, 0, 2, 4, 0, 2, 0, 4, 2};
        float[] far = {0, 0, 0, 4, 0, 0, 0, 4, 0};
        assertThat(discard.triangle(near, 0, 1, 2, (w0, w1, w2) -> 0x00FF0000)).isZero();
        discard.triangle(far, 0, 1, 2, (w0, w1, w2) -> 0xFF0000FF);
        assertThat(discard.sample(0, 0)).isEqualTo(BLUE);
        // alpha between: blended over what is there, the depth not written, so a farther opaque triangle drawn
        // afterwards replaces the blend (which is why render draws BLEND parts last)
        Raster blend = new Raster(4, 4, 1, WHITE);
        blend.triangle(near, 0, 1, 2, (w0, w1, w2) -> 0x80FF0000);
        assertThat(blend.sample(0, 0)).isEqualTo(0xFF7F7F);
        blend.triangle(far, 0, 1, 2, (w0, w1, w2) -> 0xFF0000FF);
        assertThat(blend.sample(0, 0)).isEqualTo(BLUE);
    }
}
