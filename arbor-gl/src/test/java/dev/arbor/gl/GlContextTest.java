package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;

import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lwjgl.system.MemoryUtil;

class GlContextTest {
    @Test
    void offscreenContextIsOpenGl33CoreOrLater() {
        try (GlContext gl = GlTests.context(8, 4)) {
            System.out.println("GL_RENDERER=" + gl.renderer() + " GL_VERSION=" + gl.version() + " EGL="
                    + GlContext.displayKind());
            assertThat(gl.width()).isEqualTo(8);
            assertThat(gl.height()).isEqualTo(4);
            String[] version = gl.version().split("[ .]");
            int major = Integer.parseInt(version[0]);
            int minor = Integer.parseInt(version[1]);
            assertThat(major * 10 + minor).isGreaterThanOrEqualTo(33);
            assertThat(gl.version()).contains("Core Profile");
        }
    }

    @Test
    void clearedFramebufferReadsBackTheColour() {
        try (GlContext gl = GlTests.context(8, 4)) {
            glClearColor(1f, 0.5f, 0.25f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            ByteBuffer pixels = MemoryUtil.memAlloc(8 * 4 * 4);
            try {
                gl.readPixels(pixels);
                for (int i = 0; i < 8 * 4; i++) {
                    // 0.5 × 255 = 127.5 and 0.25 × 255 = 63.75 round to 128 and 64
                    assertThat(new int[] {pixels.get(4 * i) & 0xFF, pixels.get(4 * i + 1) & 0xFF,
                            pixels.get(4 * i + 2) & 0xFF, pixels.get(4 * i + 3) & 0xFF})
                            .as("pixel %d", i).containsExactly(255, 128, 64, 255);
                }
            } finally {
                MemoryUtil.memFree(pixels);
            }
        }
    }

    @Test
    void pngHoldsTheClearedColour(@TempDir Path dir) throws Exception {
        try (GlContext gl = GlTests.context(5, 3)) {
            glClearColor(0f, 1f, 0f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            Path file = dir.resolve("green.png");
            gl.writePng(file);
            BufferedImage image = ImageIO.read(file.toFile());
            assertThat(image.getWidth()).isEqualTo(5);
            assertThat(image.getHeight()).isEqualTo(3);
            assertThat(image.getRGB(4, 2) & 0xFFFFFF).isEqualTo(0x00FF00);
        }
    }

    @Test
    void twoContextsEachKeepTheirOwnFramebuffer() {
        try (GlContext a = GlTests.context(2, 2)) {
            glClearColor(1f, 0f, 0f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            try (GlContext b = GlTests.context(2, 2)) {
                glClearColor(0f, 0f, 1f, 1f);
                glClear(GL_COLOR_BUFFER_BIT);
                assertThat(b.readImage().getRGB(0, 0) & 0xFFFFFF).isEqualTo(0x0000FF);
            }
            a.makeCurrent();
            assertThat(a.readImage().getRGB(1, 1) & 0xFFFFFF).isEqualTo(0xFF0000);
        }
    }

    @Test
    void missingEglLibraryIsOneLineNamingWhatToInstall() throws Exception {
        // a JVM of its own, told to load an EGL library that does not exist (the display is made once per JVM)
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dorg.lwjgl.egl.libname=/nonexistent/libEGL.so.1",
                NoEglProbe.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).startsWith("noDisplay=true OpenGL unavailable: no EGL display: cannot load the EGL library"
                + " (libEGL.so.1; on Debian or Ubuntu: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri): ");
        assertThat(out.strip().lines().count()).as(out).isEqualTo(1);
    }

    @Test
    void sizesOutOfRangeAreRefused() {
        assertThatThrownBy(() -> GlContext.offscreen(0, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("width out of range: width=0, range=[1, 16384]");
        assertThatThrownBy(() -> GlContext.offscreen(4, 16385)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("height out of range: height=16385, range=[1, 16384]");
    }

    @Test
    void shortOrHeapBuffersAreRefused() {
        try (GlContext gl = GlTests.context(4, 4)) {
            ByteBuffer small = MemoryUtil.memAlloc(63);
            try {
                assertThatThrownBy(() -> gl.readPixels(small)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("dest too short: remaining=63, required=64");
            } finally {
                MemoryUtil.memFree(small);
            }
            assertThatThrownBy(() -> gl.readPixels(ByteBuffer.allocate(64)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("dest must be a direct buffer: isDirect=false");
        }
    }

    @Test
    void closedContextRefusesReads() {
        GlContext gl = GlTests.context(4, 4);
        gl.close();
        gl.close();
        assertThatThrownBy(gl::renderer).isInstanceOf(IllegalStateException.class)
                .hasMessage("GL context is closed");
    }
}
