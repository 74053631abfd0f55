package dev.arbor.jme.example;

import com.jme3.app.SimpleApplication;
import com.jme3.light.AmbientLight;
import com.jme3.light.DirectionalLight;
import com.jme3.math.ColorRGBA;
import com.jme3.math.Vector3f;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import com.jme3.system.AppSettings;
import com.jme3.system.JmeContext;
import dev.arbor.jme.ArborCrowdState;

/**
 * A jME application whose crowd of Cesium Men is animated by Arbor: the model loaded by jME's asset manager (glTF,
 * {@code jme3-plugins}), cloned onto a grid, lit and drawn by jME; one {@link ArborCrowdState} poses them all. The
 * lines that concern Arbor are in {@link #simpleInitApp} between the comments.
 *
 * <p>Run {@code main} with a jME desktop back end on the class path ({@code jme3-lwjgl3}, the module's {@code window}
 * profile) for a window; {@code --headless} runs it with no display and no renderer (jME's headless context), which
 * is how the tests run it. Options: {@code --count N} (default 100), {@code --frames N} (headless: stop after N
 * frames, default 120).
 */
public class WalkingCrowd extends SimpleApplication {
    /** Class-path location of the bundled model (with its licence files beside it). */
    public static final String MODEL = "dev/arbor/jme/models/CesiumMan/CesiumMan.glb";
    private final int count;
    private final int frames;
    private ArborCrowdState crowd;
    private int frame;

    /**
     * @param count how many Cesium Men
     * @param frames stop after this many frames (0: run until closed)
     */
    public WalkingCrowd(int count, int frames) {
        this.count = count;
        this.frames = frames;
    }

    @Override
    public void simpleInitApp() {
        Spatial man = assetManager.loadModel(MODEL);
        Node people = new Node("people");
        rootNode.attachChild(people);
        // --- Arbor: one crowd state poses every character ---
        crowd = new ArborCrowdState().setThreads(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
        stateManager.attach(crowd);
        int columns = (int) Math.ceil(Math.sqrt(count));
        for (int i = 0; i < count; i++) {
            Spatial copy = man.clone();
            copy.setLocalTranslation((i % columns) * 1.5f, 0, (i / columns) * 1.5f);
            people.attachChild(copy);
            crowd.add(copy, i * 0.618034f % 1f * 2f); // its first clip (the walk), each at its own point of it
        }
        // --- end of Arbor ---
        DirectionalLight sun = new DirectionalLight(new Vector3f(-0.4f, -1f, -0.6f).normalizeLocal());
        rootNode.addLight(sun);
        rootNode.addLight(new AmbientLight(ColorRGBA.White.mult(0.4f)));
        viewPort.setBackgroundColor(new ColorRGBA(0.55f, 0.7f, 0.9f, 1f));
        float side = columns * 1.5f;
        cam.setLocation(new Vector3f(side * 0.5f, side * 0.6f + 2f, -side * 0.6f - 3f));
        cam.lookAt(new Vector3f(side * 0.5f, 0, side * 0.4f), Vector3f.UNIT_Y);
        flyCam.setMoveSpeed(Math.max(5f, side * 0.5f));
    }

    @Override
    public void simpleUpdate(float tpf) {
        frame++;
        if (frames > 0 && frame >= frames) {
            stop();
        }
    }

    /** @return the crowd state, once initialised */
    public ArborCrowdState crowd() {
        return crowd;
    }

    /** @return frames run so far */
    public int frames() {
        return frame;
    }

    /**
     * Starts the application.
     *
     * @param args {@code [--headless] [--count N] [--frames N]}
     */
    public static void main(String[] args) {
        boolean headless = false;
        int count = 100;
        int frames = -1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--headless":
                    headless = true;
                    break;
                case "--count":
                    count = positive(args, ++i);
                    break;
                case "--frames":
                    frames = positive(args, ++i);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option: " + args[i]
                            + " (options: --headless, --count N, --frames N)");
            }
        }
        WalkingCrowd app = new WalkingCrowd(count, frames >= 0 ? frames : headless ? 120 : 0);
        AppSettings settings = new AppSettings(true);
        settings.setTitle("Arbor in jMonkeyEngine: " + count + " Cesium Men");
        settings.setResolution(1280, 720);
        app.setSettings(settings);
        app.setShowSettings(false);
        app.start(headless ? JmeContext.Type.Headless : JmeContext.Type.Display);
    }

    private static int positive(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number");
        }
        int n = Integer.parseInt(args[i]);
        if (n < 1) {
            throw new IllegalArgumentException(args[i - 1] + " must be at least 1: value=" + n);
        }
        return n;
    }
}
