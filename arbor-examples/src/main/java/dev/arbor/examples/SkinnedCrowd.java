package dev.arbor.examples;

import dev.arbor.animation.Crowd;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfCrowd;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.HierarchyBounds;
import dev.arbor.hierarchy.MatrixLayout;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;

/**
 * A complete program on Arbor's public API: load a skinned glTF model, place a row of copies, play the model's first
 * animation on each copy at its own time and write every copy's skinning palette into one direct {@link FloatBuffer}
 * (as a renderer uploads it), a whole crowd per call ({@link Crowd#frame}), and ask which nodes a camera sees.
 *
 * <pre>{@code java -cp ... dev.arbor.examples.SkinnedCrowd CesiumMan.glb}</pre>
 */
public final class SkinnedCrowd {
    /** Copies of the model, one metre apart along x. */
    public static final int COPIES = 8;
    /** Frames played, at 60 frames per second. */
    public static final int FRAMES = 120;

    /**
     * What a run leaves behind, for a renderer (or a test) to read.
     *
     * @param hierarchy the hierarchy holding every copy
     * @param copies the copies, in order along x
     * @param meshNodes each copy's skinned mesh node (the node the palette is relative to)
     * @param palette every copy's palette, column-major 4x4 matrices, copy after copy
     * @param camera the camera's projection × view matrix
     * @param visible the nodes whose world box the camera sees, in the first {@code visibleCount} entries
     * @param visibleCount how many nodes the camera sees
     */
    public record Frame(Hierarchy hierarchy, List<GltfInstance> copies, long[] meshNodes, FloatBuffer palette,
                        Matrix4f camera, long[] visible, int visibleCount) {
    }

    private SkinnedCrowd() {
    }

    /**
     * Runs the example on a model file and prints what it computed.
     *
     * @param args one argument: a {@code .glb} or {@code .gltf} file with a skin and an animation
     * @throws IOException if the file cannot be read or is not valid glTF
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: SkinnedCrowd MODEL.glb (a glTF file with a skin and an animation)");
            System.exit(2);
        }
        Frame frame = run(Path.of(args[0]));
        int joints = frame.palette().capacity() / (COPIES * MatrixLayout.COLUMN_MAJOR_4X4.floats());
        System.out.printf("%d copies, %d nodes, %d joints each; palette of %d floats in a direct buffer%n", COPIES,
                frame.hierarchy().size(), joints, frame.palette().capacity());
        System.out.printf("first palette entry, column-major: %s%n", entry(frame.palette(), 0));
        System.out.printf("the camera sees %d of the nodes with content (here the %d skinned meshes)%n",
                frame.visibleCount(), COPIES);
    }

    /**
     * Loads the model, builds the copies, plays {@link #FRAMES} frames and queries the camera.
     *
     * @param file a glTF file with at least one skin used by a node, and one animation
     * @return the state after the last frame
     * @throws IOException if the file cannot be read or is not valid glTF
     * @throws IllegalArgumentException if the model has no skinned node or no animation
     */
    public static Frame run(Path file) throws IOException {
        GltfModel model = Gltf.read(file);
        if (model.skinCount() == 0 || model.nodesWithSkin(0).length == 0 || model.animationCount() == 0) {
            throw new IllegalArgumentException(file + ": needs a skin used by a node and an animation");
        }
        int skin = 0;
        int meshNode = model.nodesWithSkin(skin)[0];

        // One hierarchy for the whole crowd: a root per copy, the model's scene under it.
        Hierarchy hierarchy = new Hierarchy();
        HierarchyBounds bounds = new HierarchyBounds(hierarchy);
        List<GltfInstance> copies = new ArrayList<>();
        long[] meshNodes = new long[COPIES];
        for (int i = 0; i < COPIES; i++) {
            long root = hierarchy.createRoot();
            hierarchy.setLocalTranslation(root, i, 0, 0);
            GltfInstance copy = model.instantiate(hierarchy, model.sceneToShow(), root);
            copy.applyContentBounds(bounds);
            copies.add(copy);
            meshNodes[i] = copy.handle(meshNode);
        }

        // The crowd: every copy's animated nodes, skin, time and palette, playing the model's first animation.
        FloatBuffer palette;
        try (Crowd crowd = GltfCrowd.of(copies.toArray(new GltfInstance[0]))) {
            for (int f = 0; f < FRAMES; f++) {
                for (int i = 0; i < COPIES; i++) {
                    crowd.times()[i] = f / 60f + 0.25f * i; // each copy a quarter second further into the walk
                }
                crowd.frame();      // sample every copy, bring the worlds up to date, write every palette
                hierarchy.update(); // publish the changes, which the bounds below follow
            }
            palette = crowd.palettes(); // copy i, joint j at 16 × (i × joints + j), a direct buffer
        }

        // A camera 3 m in front of the first copies, looking at them: the copies further along x are out of view.
        Matrix4f camera = new Matrix4f()
                .perspective((float) Math.toRadians(40), 16f / 9f, 0.1f, 100f)
                .lookAt(1f, 1f, 3f, 1f, 0.5f, 0f, 0f, 1f, 0f);
        long[] visible = new long[hierarchy.size()];
        int visibleCount = bounds.queryFrustum(camera, visible, 0);
        return new Frame(hierarchy, copies, meshNodes, palette, camera, visible, visibleCount);
    }

    private static String entry(FloatBuffer palette, int index) {
        StringBuilder text = new StringBuilder("[");
        for (int k = 0; k < 16; k++) {
            text.append(k == 0 ? "" : k % 4 == 0 ? " | " : " ").append(String.format("%.3f", palette.get(index + k)));
        }
        return text.append(']').toString();
    }
}
