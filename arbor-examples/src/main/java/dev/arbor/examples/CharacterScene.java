package dev.arbor.examples;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.Animator;
import dev.arbor.animation.FiredEvents;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseLayers;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.Space;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3f;

/**
 * A character in a scene, as a game sets it up: find CesiumMan's left hand by name, hang a sword on it and keep the
 * game's entity id on the sword, move the sword in world space, let a camera follow it with look-at, and play the
 * walk with an upper-body layer at weight 1 that raises the arms, then waves (queued), hearing when each ends.
 *
 * <pre>{@code java -cp ... dev.arbor.examples.CharacterScene CesiumMan.glb}</pre>
 */
public final class CharacterScene {
    /** The left hand's node in CesiumMan. */
    public static final String HAND = "Skeleton_arm_joint_L__2_";
    /** The game's entity id kept on the sword node. */
    public static final long SWORD_ENTITY = 4242;
    /** Frames played, at 60 frames per second. */
    public static final int FRAMES = 120;

    /**
     * What a run leaves behind.
     *
     * @param hierarchy the hierarchy
     * @param man the character
     * @param sword the node hung on the hand
     * @param camera the camera node, looking at the sword
     * @param animator the character's animator
     * @param walkLayer the walk's layer
     * @param armsLayer the upper-body layer
     * @param arms the upper-body layer's mask, by animation target
     * @param ends each clip end heard, as {@code name@frame}
     */
    public record Run(Hierarchy hierarchy, GltfInstance man, long sword, long camera, Animator animator,
                      int walkLayer, int armsLayer, float[] arms, List<String> ends) {
    }

    private CharacterScene() {
    }

    /**
     * Runs the scene on a model file and prints what happened.
     *
     * @param args one argument: CesiumMan's {@code .glb}
     * @throws IOException if the file cannot be read or is not valid glTF
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: CharacterScene CesiumMan.glb");
            System.exit(2);
        }
        Run run = run(Path.of(args[0]));
        Hierarchy h = run.hierarchy();
        Vector3f sword = h.getWorldTranslation(run.sword(), new Vector3f());
        Vector3f forward = h.localToWorldDirection(run.camera(), new Vector3f(0, 0, -1), new Vector3f());
        System.out.printf("sword %s (entity %d) at (%.3f, %.3f, %.3f); camera looking along (%.3f, %.3f, %.3f)%n",
                h.name(run.sword()), h.userId(h.find("Sword")), sword.x, sword.y, sword.z, forward.x, forward.y,
                forward.z);
        System.out.println("clip ends heard: " + run.ends());
    }

    /**
     * Builds the scene and plays {@link #FRAMES} frames.
     *
     * @param file CesiumMan's file
     * @return the scene after the last frame
     * @throws IOException if the file cannot be read or is not valid glTF
     */
    public static Run run(Path file) throws IOException {
        GltfModel model = Gltf.read(file);
        Hierarchy h = new Hierarchy();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);

        // a sword on the hand, found by name, with the game's entity id; moved 5 cm up in world space
        long hand = h.find(HAND);
        long sword = h.createChild(hand);
        h.setName(sword, "Sword");
        h.setUserId(sword, SWORD_ENTITY);
        h.translate(sword, 0, 0.05f, 0, Space.WORLD);

        // a camera that looks at the sword every frame (glTF cameras look down -Z)
        long camera = h.createRoot();
        h.setName(camera, "Camera");
        h.setLocalTranslation(camera, 0, 1.5f, 3);

        // the walk, and over it the arms: raise, then wave, at weight 1, masked to both arms' subtrees
        int[] parents = model.animatedParents();
        float[] arms = PoseLayers.subtreeMask(parents, model.targetOf(man.node(h.find("Skeleton_arm_joint_R"))), 1f);
        float[] left = PoseLayers.subtreeMask(parents, model.targetOf(man.node(h.find("Skeleton_arm_joint_L__4_"))),
                1f);
        for (int t = 0; t < arms.length; t++) {
            arms[t] = Math.max(arms[t], left[t]);
        }
        Pose rest = model.restPose();
        AnimationClip walk = model.animation(0).withName("walk");
        AnimationClip raise = AnimationGuide.armClip("raise", rest, arms, new float[] {0, 0.5f},
                new float[] {0, 1.4f});
        AnimationClip wave = AnimationGuide.armClip("wave", rest, arms, new float[] {0, 0.25f, 0.5f},
                new float[] {1.4f, 1f, 1.4f});
        Animator animator = new Animator(h, man.animatedHandles(), rest);
        int walkLayer = animator.addLayer(walk, PlaybackMode.LOOP);
        int armsLayer = animator.addLayer(raise, PlaybackMode.CLAMP);
        animator.mask(armsLayer, arms);
        animator.playback(armsLayer).queue(wave, AnimationEvents.NONE, PlaybackMode.CLAMP, 0);

        List<String> ends = new ArrayList<>();
        Vector3f target = new Vector3f();
        Vector3f up = new Vector3f(0, 1, 0);
        for (int frame = 1; frame <= FRAMES; frame++) {
            animator.update(1 / 60f);
            FiredEvents fired = animator.fired();
            for (int k = 0; k < fired.size(); k++) {
                if (fired.kind(k) == FiredEvents.Kind.END) {
                    ends.add(fired.clip(k).name() + "@" + frame);
                }
            }
            h.lookAt(camera, h.getWorldTranslation(sword, target), up);
            h.update();
        }
        return new Run(h, man, sword, camera, animator, walkLayer, armsLayer, arms, ends);
    }
}
