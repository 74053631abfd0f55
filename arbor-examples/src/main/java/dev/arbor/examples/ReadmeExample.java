package dev.arbor.examples;

import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.animation.Crowd;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfCrowd;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import org.joml.Matrix4f;

/**
 * The README's example, as a program: load a skinned model, pose its first animation at a time, update, write the
 * skinning palette and read the mesh's world matrix. A test checks that the README shows these very lines.
 */
public final class ReadmeExample {
    /**
     * What the example leaves behind.
     *
     * @param hierarchy the hierarchy
     * @param man the model's instance
     * @param mesh the skinned mesh node
     * @param palette the skin's palette, column-major 4x4 matrices
     * @param world the mesh node's world matrix
     */
    public record Result(Hierarchy hierarchy, GltfInstance man, long mesh, FloatBuffer palette, Matrix4f world) {
    }

    private ReadmeExample() {
    }

    /**
     * Runs the README's lines on a file at one time of the first animation.
     *
     * @param file a skinned glTF model with an animation
     * @param time the time to pose, in seconds
     * @return what the lines computed
     * @throws IOException if the file cannot be read or is not valid glTF
     */
    public static Result run(Path file, float time) throws IOException {
        GltfModel model = Gltf.read(file);
        Hierarchy hierarchy = new Hierarchy();
        GltfInstance man = model.instantiate(hierarchy, model.sceneToShow(), Hierarchy.NULL);
        long mesh = man.handle(model.nodesWithSkin(0)[0]);        // the skinned mesh node
        Pose scratch = model.restPose();
        int floats = man.skeleton(0).jointCount() * MatrixLayout.COLUMN_MAJOR_4X4.floats();
        FloatBuffer palette = ByteBuffer.allocateDirect(floats * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();

        // every frame:
        man.applyAnimation(0, time, WrapMode.LOOP, scratch);      // sample the clip, set the joints' local transforms
        hierarchy.update();                                       // recompute what changed
        man.skeleton(0).writePalette(hierarchy, mesh, MatrixLayout.COLUMN_MAJOR_4X4, palette, 0);
        Matrix4f world = hierarchy.getWorld(mesh, new Matrix4f());
        return new Result(hierarchy, man, mesh, palette, world);
    }

    /**
     * Runs the README's crowd lines: 1,000 copies of the model, each at its own time, {@code frames} frames.
     *
     * @param model a skinned glTF model with an animation
     * @param frames frames to play, at 60 per second
     * @return the crowd's palettes after the last frame
     */
    public static FloatBuffer crowd(GltfModel model, int frames) {
        Hierarchy hierarchy = new Hierarchy();
        Crowd crowd = GltfCrowd.of(model, hierarchy, 1000);       // 1,000 copies, each under a root of its own
        for (int i = 0; i < crowd.instances(); i++) {
            crowd.times()[i] = 0.618f * i;
        }
        for (int f = 0; f < frames; f++) {
            // every frame:
            crowd.advance(1 / 60f);                                   // or write crowd.times()
            crowd.frame();                                            // sample, world matrices, palettes
            hierarchy.update();                                       // publish the changes
        }
        FloatBuffer palettes = crowd.palettes();                  // instance i, joint j at 16 × (i × joints + j)
        crowd.close();
        return palettes;
    }
}
