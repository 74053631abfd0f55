package dev.arbor.cli;

import static dev.arbor.cli.GltfCommandsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code render --gpu} against the CPU drawing of the same model: the same projection, so the same pixels covered.
 */
class GpuRenderTest {
    static final int SIZE = 400;

    @TempDir
    Path temp;

    /** A sample model's file: {@code NAME.glb}, else {@code NAME.gltf}. */
    static String model(String name) throws Exception {
        java.net.URL glb = GpuRenderTest.class.getResource("/models/" + name + "/" + name + ".glb");
        java.net.URL url = glb != null ? glb : GpuRenderTest.class.getResource("/models/" + name + "/" + name + ".gltf");
        return Path.of(url.toURI()).toString();
    }

    /** Covered: below the title band, not white (the CPU picture's anti-aliased edges count as covered). */
    static boolean[] covered(BufferedImage image) {
        boolean[] mask = new boolean[SIZE * SIZE];
        for (int y = (int) Picture.TITLE_BAND; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                mask[y * SIZE + x] = (image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF;
            }
        }
        return mask;
    }

    static double overlap(boolean[] a, boolean[] b) {
        int both = 0;
        int either = 0;
        for (int i = 0; i < a.length; i++) {
            both += a[i] && b[i] ? 1 : 0;
            either += a[i] || b[i] ? 1 : 0;
        }
        return (double) both / either;
    }

    /** Of the pixels the GPU picture of the last {@link #compare} covers, the share the CPU picture covers. */
    private double lastGpuInsideCpu;

    private double compare(String name, String... pose) throws Exception {
        // kept in target/ to be looked at
        Path dir = Files.createDirectories(Path.of("target", "render-pictures"));
        Path cpu = dir.resolve(name + "-cpu.png");
        Path gpu = dir.resolve(name + "-gpu.png");
        String[] base = {"render", model(name), "--size", Integer.toString(SIZE)};
        String[] cpuArgs = concat(base, pose, new String[] {"-o", cpu.toString()});
        String[] gpuArgs = concat(base, pose, new String[] {"--gpu", "-o", gpu.toString()});
        run(0, cpuArgs);
        String[] out = runAny(gpuArgs);
        Assumptions.assumeFalse(out[1].contains("OpenGL unavailable: no EGL display"), out[1]);
        assertThat(out[2]).as("exit code; stderr: %s", out[1]).isEqualTo("0");
        boolean[] a = covered(ImageIO.read(cpu.toFile()));
        boolean[] b = covered(ImageIO.read(gpu.toFile()));
        double overlap = overlap(a, b);
        int ca = 0;
        int cb = 0;
        for (int i = 0; i < a.length; i++) {
            ca += a[i] ? 1 : 0;
            cb += b[i] ? 1 : 0;
        }
        lastGpuInsideCpu = overlap * (ca + cb) / (1 + overlap) / cb;   // both = overlap × (ca + cb − both)
        System.out.printf("%s: cpu=%d gpu=%d overlap=%.4f gpu-inside-cpu=%.4f%n", name, ca, cb, overlap,
                lastGpuInsideCpu);
        return overlap;
    }

    /** {@code demo --draw}: the crowd's last frame drawn, every copy somewhere in the picture, and timed. */
    @org.junit.jupiter.api.Test
    void theDemoDrawsItsCrowd(@org.junit.jupiter.api.io.TempDir java.nio.file.Path temp) throws Exception {
        java.nio.file.Path png = temp.resolve("crowd.png");
        String[] out = runAny("demo", "--crowd", "16", "--frames", "4", "--warmup", "4", "--no-progress", "--draw",
                png.toString());
        Assumptions.assumeFalse(out[1].contains("OpenGL unavailable: no EGL display"), out[1]);
        assertThat(out[2]).as("exit code; stderr: %s", out[1]).isEqualTo("0");
        assertThat(out[0]).contains("drew 16 instances, one instanced draw per primitive, 304 palette matrices");
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(CrowdPicture.WIDTH);
        assertThat(image.getHeight()).isEqualTo(CrowdPicture.HEIGHT);
        boolean[] covered = covered(image);
        // the 16 copies stand on a 4 × 4 grid: covered pixels in each quarter of the picture's covered span
        int minX = Integer.MAX_VALUE;
        int maxX = -1;
        int count = 0;
        for (int i = 0; i < covered.length; i++) {
            if (covered[i]) {
                minX = Math.min(minX, i % image.getWidth());
                maxX = Math.max(maxX, i % image.getWidth());
                count++;
            }
        }
        assertThat(count).isGreaterThan(2000);
        int[] quarters = new int[4];
        for (int i = 0; i < covered.length; i++) {
            if (covered[i]) {
                quarters[Math.min(3, (i % image.getWidth() - minX) * 4 / (maxX - minX + 1))]++;
            }
        }
        for (int q : quarters) {
            assertThat(q).as("covered pixels per quarter %s", java.util.Arrays.toString(quarters)).isGreaterThan(100);
        }
        String[] refused = runAny("demo", "--crowd", "4", "--draw", temp.resolve("crowd.jpg").toString());
        assertThat(refused[2]).isEqualTo("2");
        assertThat(refused[1]).contains("--draw").contains("must end in .png");
    }

    /** Runs a command line: its output, its error output and its exit code. */
    static String[] runAny(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = ArborMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        int code = cmd.execute(args);
        return new String[] {out.toString(), err.toString(), Integer.toString(code)};
    }

    private static String[] concat(String[]... parts) {
        int n = 0;
        for (String[] p : parts) {
            n += p.length;
        }
        String[] all = new String[n];
        int k = 0;
        for (String[] p : parts) {
            System.arraycopy(p, 0, all, k, p.length);
            k += p.length;
        }
        return all;
    }

    /**
     * The mean difference of the two pictures' colours, per channel in 8-bit sRGB, over the pixels inside both (each
     * with its four neighbours covered in both: anti-aliased edges left out), after {@link #compare} wrote them.
     */
    private static double colourDifference(String name) throws IOException {
        return difference(name, false);
    }

    /**
     * Of the pixels inside both pictures (as {@link #colourDifference} picks them) that are saturated in the CPU
     * picture (largest channel at least 64 above the smallest), the share the GPU picture gives the same hue: the
     * same largest channel, at least 32 above its smallest. The GPU's specular glint and metallic shading change
     * brightness, not which colour a surface has; a vertex colour left out turns a saturated surface grey.
     */
    private static double sameHue(String name) throws IOException {
        return difference(name, true);
    }

    /** The largest channel of an RGB colour (0 blue, 1 green, 2 red) and, shifted up by 2 bits, max − min. */
    private static int hue(int rgb) {
        int b = rgb & 0xFF;
        int g = rgb >> 8 & 0xFF;
        int r = rgb >> 16 & 0xFF;
        int largest = r >= g && r >= b ? 2 : g >= b ? 1 : 0;
        return (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b))) << 2 | largest;
    }

    private static double difference(String name, boolean hue) throws IOException {
        Path dir = Path.of("target", "render-pictures");
        BufferedImage cpu = ImageIO.read(dir.resolve(name + "-cpu.png").toFile());
        BufferedImage gpu = ImageIO.read(dir.resolve(name + "-gpu.png").toFile());
        boolean[] a = covered(cpu);
        boolean[] b = covered(gpu);
        long sum = 0;
        int pixels = 0;
        int saturated = 0;
        int sameHue = 0;
        for (int y = (int) Picture.TITLE_BAND + 1; y < SIZE - 1; y++) {
            for (int x = 1; x < SIZE - 1; x++) {
                boolean inside = true;
                for (int i : new int[] {y * SIZE + x, y * SIZE + x - 1, y * SIZE + x + 1, (y - 1) * SIZE + x,
                    (y + 1) * SIZE + x}) {
                    inside &= a[i] && b[i];
                }
                if (!inside) {
                    continue;
                }
                int c = cpu.getRGB(x, y);
                int g = gpu.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    sum += Math.abs((c >> shift & 0xFF) - (g >> shift & 0xFF));
                }
                pixels++;
                int ch = hue(c);
                int gh = hue(g);
                if (ch >> 2 >= 64) {
                    saturated++;
                    sameHue += (ch & 3) == (gh & 3) && gh >> 2 >= 32 ? 1 : 0;
                }
            }
        }
        assertThat(pixels).isGreaterThan(1000);
        if (hue) {
            assertThat(saturated).isGreaterThan(1000);
            double share = (double) sameHue / saturated;
            System.out.printf("%s: same hue in %.4f of %d saturated pixels%n", name, share, saturated);
            return share;
        }
        double mean = sum / (3.0 * pixels);
        System.out.printf("%s: mean colour difference cpu-gpu %.2f over %d pixels%n", name, mean, pixels);
        return mean;
    }

    @Test
    void theCpuAndGpuPicturesAgreeInColourWhereBothDraw() throws Exception {
        // the same base colour, texture and diffuse light; the GPU adds a specular highlight. Measured: 2.4 for the
        // box, 4.1 for the man
        compare("BoxTextured", "--view", "iso");
        assertThat(colourDifference("BoxTextured")).isLessThan(4);
        compare("CesiumMan", "--animation", "0", "--time", "0.5", "--view", "iso");
        assertThat(colourDifference("CesiumMan")).isLessThan(6);
    }

    @Test
    void walkingManCoversTheCpuPicturesPixels() throws Exception {
        assertThat(compare("CesiumMan", "--animation", "0", "--time", "0.5")).isGreaterThanOrEqualTo(0.97);
    }

    @Test
    void texturedBoxFromTheSideCoversTheCpuPicturesPixels() throws Exception {
        assertThat(compare("BoxTextured", "--view", "iso")).isGreaterThanOrEqualTo(0.97);
    }

    @Test
    void riggedFigureCoversTheCpuPicturesPixels() throws Exception {
        assertThat(compare("RiggedFigure", "--animation", "0", "--time", "0.5", "--view", "left"))
                .isGreaterThanOrEqualTo(0.97);
    }

    @Test
    void instancedModelCoversTheCpuPicturesPixelsInTheSameColours() throws Exception {
        // EXT_mesh_gpu_instancing: every copy drawn, in the same places as the CPU picture's
        // EXT_mesh_gpu_instancing: every copy drawn in the CPU picture's place. 125 small boxes have more
        // anti-aliased edge pixels, which only the CPU picture covers: measured overlap 0.9699, and every pixel the
        // GPU covers (1.0000) is covered in the CPU picture too. The default material is metal on the GPU: grey both
        assertThat(compare("SimpleInstancing", "--view", "iso")).isGreaterThanOrEqualTo(0.96);
        assertThat(lastGpuInsideCpu).isGreaterThanOrEqualTo(0.999);
    }

    @Test
    void vertexColouredModelsCoverTheCpuPicturesPixelsInTheSameColours() throws Exception {
        // COLOR_0 times the base colour, on both paths
        // COLOR_0 times the base colour, on both paths. The box has no material: glTF's default is fully metallic,
        // which the GPU shades as metal and the CPU diffusely, so brightness differs (mean 25 of 255) and hues
        // agree; measured same hue 0.9958 (box) and 0.9917 (VertexColorTest); the box with COLOR_0 left out: 0.0000
        assertThat(compare("BoxVertexColors", "--view", "iso")).isGreaterThanOrEqualTo(0.97);
        assertThat(sameHue("BoxVertexColors")).isGreaterThanOrEqualTo(0.98);
        assertThat(compare("VertexColorTest")).isGreaterThanOrEqualTo(0.97);
        assertThat(sameHue("VertexColorTest")).isGreaterThanOrEqualTo(0.98);
    }

    @Test
    void gpuDrawsPngOnly() {
        String[] r = run(2, "render", "x.glb", "--gpu", "-o", temp.resolve("x.svg").toString());
        assertThat(r[1]).contains("--gpu draws PNG pictures only: -o NAME.png");
    }
}
