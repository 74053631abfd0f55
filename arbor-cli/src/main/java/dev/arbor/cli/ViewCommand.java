package dev.arbor.cli;

import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MAJOR;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MINOR;
import static org.lwjgl.glfw.GLFW.GLFW_MOUSE_BUTTON_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_CORE_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_FORWARD_COMPAT;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_REPEAT;
import static org.lwjgl.glfw.GLFW.GLFW_TRUE;
import static org.lwjgl.glfw.GLFW.glfwCreateWindow;
import static org.lwjgl.glfw.GLFW.glfwDefaultWindowHints;
import static org.lwjgl.glfw.GLFW.glfwDestroyWindow;
import static org.lwjgl.glfw.GLFW.glfwGetFramebufferSize;
import static org.lwjgl.glfw.GLFW.glfwGetTime;
import static org.lwjgl.glfw.GLFW.glfwInit;
import static org.lwjgl.glfw.GLFW.glfwMakeContextCurrent;
import static org.lwjgl.glfw.GLFW.glfwPollEvents;
import static org.lwjgl.glfw.GLFW.glfwSetCursorPosCallback;
import static org.lwjgl.glfw.GLFW.glfwSetErrorCallback;
import static org.lwjgl.glfw.GLFW.glfwSetKeyCallback;
import static org.lwjgl.glfw.GLFW.glfwSetMouseButtonCallback;
import static org.lwjgl.glfw.GLFW.glfwSetScrollCallback;
import static org.lwjgl.glfw.GLFW.glfwSetWindowTitle;
import static org.lwjgl.glfw.GLFW.glfwSwapBuffers;
import static org.lwjgl.glfw.GLFW.glfwSwapInterval;
import static org.lwjgl.glfw.GLFW.glfwTerminate;
import static org.lwjgl.glfw.GLFW.glfwWindowHint;
import static org.lwjgl.glfw.GLFW.glfwWindowShouldClose;
import static org.lwjgl.opengl.GL11.glViewport;

import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.gl.GpuModel;
import dev.arbor.gl.ModelBounds;
import dev.arbor.gl.ModelRenderer;
import dev.arbor.gl.OrbitCamera;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.lwjgl.opengl.GL;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arbor view FILE}: a window (GLFW, OpenGL 3.3 core) showing the model drawn by {@code arbor-gl}, playing its
 * animation: drag with the left mouse button to orbit, scroll to zoom, space to pause or play, 1 to 9 to choose the
 * clip, + and - to double or halve the crowd of copies (laid out on a grid, each a quarter second apart in the clip).
 * Where there is no display ({@code DISPLAY} and {@code WAYLAND_DISPLAY} unset, or GLFW cannot open one) it reports
 * one line and exits with code 1; {@code render --gpu} draws offscreen instead.
 */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = "Open a window showing the model and its animation (drag: orbit, scroll: zoom, space: play or"
                + " pause, 1-9: clip, + and -: crowd size).")
public final class ViewCommand implements Callable<Integer> {
    /** Copies placed this many model sizes apart. */
    private static final float SPACING = 1.25f;
    /** Copies in a row of the grid. */
    private static final int COLUMNS = 32;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "a .gltf or .glb file")
    private Path file;

    @Option(names = "--crowd", paramLabel = "N", description = "copies at the start, 1 to "
            + ViewerControls.MAX_CROWD + " (default: 1)")
    private int crowd = 1;

    /** Where the environment's variables come from (the tests give their own). */
    Map<String, String> environment = System.getenv();

    @Override
    public Integer call() throws IOException {
        if (crowd < 1 || crowd > ViewerControls.MAX_CROWD) {
            throw Problems.invalid(spec, "--crowd", "out of range, 1 to " + ViewerControls.MAX_CROWD);
        }
        if (!hasDisplay(environment)) {
            throw new Problems.Failure("no display: view opens a window, and DISPLAY and WAYLAND_DISPLAY are unset;"
                    + " render --gpu FILE -o out.png draws offscreen");
        }
        GltfModel model = Gltf.read(file);
        StringBuilder glfwError = new StringBuilder();
        glfwSetErrorCallback((code, description) -> glfwError.append(org.lwjgl.glfw.GLFWErrorCallback
                .getDescription(description)));
        if (!glfwInit()) {
            throw new Problems.Failure("no display: GLFW cannot open one: " + glfwError);
        }
        try {
            glfwDefaultWindowHints();
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
            glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
            long window = glfwCreateWindow(1280, 720, "arbor view " + file.getFileName(), 0, 0);
            if (window == 0) {
                throw new Problems.Failure("cannot open an OpenGL 3.3 core window: " + glfwError);
            }
            try {
                glfwMakeContextCurrent(window);
                GL.createCapabilities();
                glfwSwapInterval(1);
                show(window, model);
            } finally {
                glfwDestroyWindow(window);
            }
        } finally {
            glfwTerminate();
            glfwSetErrorCallback(null);
        }
        return 0;
    }

    /** Whether the environment names a display server (X11 or Wayland). */
    static boolean hasDisplay(Map<String, String> environment) {
        String x11 = environment.get("DISPLAY");
        String wayland = environment.get("WAYLAND_DISPLAY");
        return x11 != null && !x11.isBlank() || wayland != null && !wayland.isBlank();
    }

    /** The frame loop: input, clock, pose, draw. Allocates when the crowd grows or the view turns, not per frame. */
    private void show(long window, GltfModel model) throws GltfException {
        ViewerControls controls = new ViewerControls(model.animationCount(), crowd);
        Hierarchy h = new Hierarchy();
        GltfInstance[] copies = new GltfInstance[ViewerControls.MAX_CROWD];
        GltfInstance first = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        h.update();
        float[] box = new float[6];
        if (!ModelBounds.posed(first, box)) {
            box = new float[] {-1, -1, -1, 1, 1, 1};
        }
        float size = Math.max(box[3] - box[0], box[5] - box[2]) * SPACING;
        OrbitCamera orbit = new OrbitCamera(box, (float) Math.toRadians(45));
        Pose scratch = model.restPose();
        double[] cursor = new double[2];
        boolean[] dragging = new boolean[1];
        boolean[] changed = {true};
        glfwSetKeyCallback(window, (w, key, scancode, action, mods) -> {
            if (action == GLFW_PRESS || action == GLFW_REPEAT) {
                changed[0] |= controls.press(key);
            }
        });
        glfwSetMouseButtonCallback(window, (w, button, action, mods) -> {
            if (button == GLFW_MOUSE_BUTTON_LEFT) {
                dragging[0] = action == GLFW_PRESS;
            }
        });
        glfwSetCursorPosCallback(window, (w, x, y) -> {
            if (dragging[0]) {
                orbit.drag(x - cursor[0], y - cursor[1]);
            }
            cursor[0] = x;
            cursor[1] = y;
        });
        glfwSetScrollCallback(window, (w, dx, dy) -> orbit.zoom(dy));
        int[] width = new int[1];
        int[] height = new int[1];
        try (ModelRenderer renderer = new ModelRenderer(); GpuModel gpu = GpuModel.upload(model)) {
            double last = glfwGetTime();
            while (!glfwWindowShouldClose(window)) {
                glfwPollEvents();
                double now = glfwGetTime();
                controls.advance((float) (now - last));
                last = now;
                int count = controls.crowd();
                for (int i = 0; i < count; i++) {
                    if (copies[i] == null) {
                        copies[i] = i == 0 ? first : place(model, h, i, size);
                    }
                    if (model.animationCount() > 0) {
                        copies[i].applyAnimation(controls.clip(), controls.time() + 0.25f * i, WrapMode.LOOP,
                                scratch);
                    }
                }
                h.update();
                glfwGetFramebufferSize(window, width, height);
                glViewport(0, 0, width[0], height[0]);
                renderer.clear(0.2f, 0.4f, 0.6f);
                if (width[0] > 0 && height[0] > 0) {
                    for (int i = 0; i < count; i++) {
                        renderer.draw(gpu, copies[i], orbit.camera((float) width[0] / height[0]));
                    }
                }
                glfwSwapBuffers(window);
                if (changed[0]) {   // a new title only after a key changed something
                    glfwSetWindowTitle(window, "arbor view " + file.getFileName() + ": " + controls.status());
                    changed[0] = false;
                }
            }
        }
    }

    /** A copy under its own root on the grid: {@link #COLUMNS} a row, rows going back (-z). */
    private static GltfInstance place(GltfModel model, Hierarchy h, int i, float size) {
        long root = h.createRoot();
        h.setLocalTranslation(root, (i % COLUMNS) * size, 0, -(i / COLUMNS) * size);
        return model.instantiate(h, model.sceneToShow(), root);
    }
}
