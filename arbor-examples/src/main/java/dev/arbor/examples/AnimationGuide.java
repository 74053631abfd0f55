package dev.arbor.examples;

import dev.arbor.animation.AimIk;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.Animator;
import dev.arbor.animation.CpuSkinning;
import dev.arbor.animation.FiredEvents;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.Playback;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseLayers;
import dev.arbor.animation.RootMotion;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.TwoBoneIk;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * The examples of {@code docs/animation.md}, each a method that runs on a real model: one {@link Animator} per
 * character; {@link Playback} with markers, a cross-fade, a queue, loops and ends; {@link PoseLayers}; morph-target
 * weights; {@link RootMotion}; {@link TwoBoneIk} and {@link AimIk}. The code between the marker comments of each
 * method is the documentation's, word for word. An instance records what the examples' callbacks received.
 *
 * <pre>{@code java -cp ... dev.arbor.examples.AnimationGuide CesiumMan.glb}</pre>
 */
public final class AnimationGuide {
    /** The markers passed, by name, in order. */
    public final List<String> footsteps = new ArrayList<>();
    /** The clips that ended (or handed over to the next queued one), in order. */
    public final List<AnimationClip> finished = new ArrayList<>();
    /** The turns the looping clips crossed. */
    public int cycles;

    private void footstep(String name) {
        footsteps.add(name);
    }

    private void finished(AnimationClip clip) {
        finished.add(clip);
    }

    /**
     * Runs every example on a model and prints what it computed.
     *
     * @param args one argument: CesiumMan's {@code .glb} (the examples name its joints)
     * @throws IOException if the file cannot be read or is not valid glTF
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: AnimationGuide CesiumMan.glb");
            System.exit(2);
        }
        GltfModel model = Gltf.read(Path.of(args[0]));
        Character man = Character.of(model);
        AnimationGuide guide = new AnimationGuide();
        Animator animator = guide.animator(man, 120, 1 / 60f);
        System.out.printf("animator: %d layers, %d IK steps; ended: %s%n", animator.layerCount(),
                animator.ikStepCount(), names(guide.finished));
    }

    /**
     * CesiumMan in a hierarchy under a node of its own, and the joints and clips the examples use: its walk, and an
     * arm raise and a wave built in code.
     *
     * @param model the model
     * @param hierarchy the hierarchy
     * @param character the node that carries the model
     * @param instance the model's nodes
     * @param walk the model's walk, named
     * @param raise the left arm raised over half a second
     * @param wave the raised left arm waving for a second
     * @param shoulder the left shoulder's pose target
     * @param root the skeleton's root joint's pose target
     * @param hip the left hip's node
     * @param knee the left knee's node
     * @param ankle the left ankle's node
     */
    public record Character(GltfModel model, Hierarchy hierarchy, long character, GltfInstance instance,
                            AnimationClip walk, AnimationClip raise, AnimationClip wave, int shoulder, int root,
                            long hip, long knee, long ankle) {
        /**
         * Builds CesiumMan into a new hierarchy.
         *
         * @param model CesiumMan
         * @return the character
         * @throws IllegalArgumentException if a joint the examples use is missing
         */
        public static Character of(GltfModel model) {
            Hierarchy hierarchy = new Hierarchy();
            long character = hierarchy.createRoot();
            GltfInstance instance = model.instantiate(hierarchy, model.sceneToShow(), character);
            int shoulder = model.targetOf(node(model, "Skeleton_arm_joint_L__4_"));
            Pose rest = model.restPose();
            float[] arm = PoseLayers.subtreeMask(model.animatedParents(), shoulder, 1f);
            return new Character(model, hierarchy, character, instance, model.animation(0).withName("walk"),
                    armClip("raise", rest, arm, new float[] {0, 0.5f}, new float[] {0, 1.4f}),
                    armClip("wave", rest, arm, new float[] {0, 0.5f, 1}, new float[] {1.4f, 0.9f, 1.4f}),
                    shoulder, model.targetOf(node(model, "Skeleton_torso_joint_1")),
                    instance.handle(node(model, "leg_joint_L_1")), instance.handle(node(model, "leg_joint_L_2")),
                    instance.handle(node(model, "leg_joint_L_3")));
        }
    }

    /**
     * One object per character: the walk, the arm raise stacked over it and masked to the arm, the wave queued
     * after the raise, root motion and a leg's IK, one update per frame.
     *
     * @param c the character
     * @param frames frames to play
     * @param dt seconds per frame
     * @return the animator, after the frames
     */
    public Animator animator(Character c, int frames, float dt) {
        Hierarchy hierarchy = c.hierarchy();
        GltfInstance instance = c.instance();
        GltfModel model = c.model();
        AnimationClip walk = c.walk();
        AnimationClip raise = c.raise();
        AnimationClip wave = c.wave();
        int shoulder = c.shoulder();
        int root = c.root();
        long character = c.character();
        long hip = c.hip();
        long knee = c.knee();
        long ankle = c.ankle();
        Vector3f foot = hierarchy.getWorldTranslation(ankle, new Vector3f()).add(0, 0.05f, 0.05f);
        // [animator]
        Animator animator = new Animator(hierarchy, instance.animatedHandles(), model.restPose());
        int body = animator.addLayer(walk, PlaybackMode.LOOP);          // the whole body walks
        int arm = animator.addLayer(raise, PlaybackMode.CLAMP);         // stacked on top, masked to the arm
        animator.mask(arm, PoseLayers.subtreeMask(model.animatedParents(), shoulder, 1f));
        animator.playback(arm).queue(wave, AnimationEvents.NONE, PlaybackMode.CLAMP, 0.2f);   // then the wave
        animator.rootMotion(body, new RootMotion(walk, root, false), character);
        TwoBoneIk leg = new TwoBoneIk().midAxis(0, 0, 1).pole(0, 0, 1);
        animator.addTwoBoneIk(leg, hip, knee, ankle);

        for (int frame = 0; frame < frames; frame++) {                   // every frame
            leg.target(foot.x, foot.y, foot.z);                          // IK targets may move every frame
            animator.update(dt);                                         // advance, sample, blend, apply, IK
            FiredEvents fired = animator.fired();
            for (int k = 0; k < fired.size(); k++) {
                if (fired.kind(k) == FiredEvents.Kind.END) {
                    finished(fired.clip(k));                             // the raise, then the wave
                }
            }
            hierarchy.update();                                          // or write the skinning palettes
        }
        // [/animator]
        return animator;
    }

    /**
     * Playback with markers, the pose applied every frame, a cross-fade and a change of speed half-way.
     *
     * @param c the character
     * @param run the clip to cross-fade to
     * @param frames frames to play
     * @param dt seconds per frame
     * @return the playback, after the frames
     */
    public Playback playback(Character c, AnimationClip run, int frames, float dt) {
        GltfModel model = c.model();
        GltfInstance instance = c.instance();
        AnimationClip walk = c.walk();
        // [playback]
        AnimationEvents steps = AnimationEvents.builder(walk)
                .add("left foot", 0.25f)
                .add("right foot", 0.75f)
                .build();

        Playback playback = new Playback(walk, PlaybackMode.LOOP).play(walk, steps, PlaybackMode.LOOP);
        FiredEvents fired = new FiredEvents();                   // drained by the caller
        Pose rest = model.restPose();
        Pose pose = model.restPose();
        Pose scratch = model.restPose();

        for (int frame = 0; frame < frames; frame++) {           // every frame
            playback.advance(dt, fired);                          // moves time, fires the markers passed
            for (int k = 0; k < fired.size(); k++) {
                if (fired.kind(k) == FiredEvents.Kind.MARKER) {
                    footstep(fired.name(k));
                }
            }
            fired.clear();
            playback.sample(rest, pose, scratch);                 // the clip (or two, in a cross-fade) over the rest
            instance.applyPose(pose);
            if (frame == frames / 2) {                            // on input
                playback.crossFade(run, AnimationEvents.NONE, PlaybackMode.LOOP, 0.3f);
                playback.speed(-1);                               // backwards
            }
        }
        // [/playback]
        return playback;
    }

    /**
     * A queue of two clips after the one playing now, with loops and ends read from the fired entries.
     *
     * @param playback a playback
     * @param wave the clip to play next
     * @param idle the clip to play after it
     * @param frames frames to play
     * @param dt seconds per frame
     */
    public void queue(Playback playback, AnimationClip wave, AnimationClip idle, int frames, float dt) {
        FiredEvents fired = new FiredEvents();
        // [queue]
        playback.queue(wave, AnimationEvents.NONE, PlaybackMode.CLAMP, 0.2f);   // next, with a 0.2 s cross-fade
        playback.queue(idle, AnimationEvents.NONE, PlaybackMode.LOOP, 0.3f);    // and then this

        for (int frame = 0; frame < frames; frame++) {                           // every frame
            playback.advance(dt, fired);
            for (int k = 0; k < fired.size(); k++) {
                switch (fired.kind(k)) {
                    case MARKER -> footstep(fired.name(k));
                    case LOOP -> cycles += fired.loops(k);              // turns crossed in this advance
                    case END -> finished(fired.clip(k));                // a clip ended (or handed over to the next)
                }
            }
            fired.clear();
        }
        // [/queue]
    }

    /**
     * Layers: the walk, the wave masked to the arm on top, and a breathing clip added at half weight.
     *
     * @param c the character
     * @param breathing an additive clip
     * @param pose receives the layered pose
     * @param frames frames to play
     * @param dt seconds per frame
     * @return the layers, after the frames
     */
    public PoseLayers layers(Character c, AnimationClip breathing, Pose pose, int frames, float dt) {
        GltfModel model = c.model();
        GltfInstance instance = c.instance();
        AnimationClip walk = c.walk();
        AnimationClip wave = c.wave();
        int shoulder = c.shoulder();
        // [layers]
        Pose breatheReference = model.restPose();
        breathing.sample(0, WrapMode.CLAMP, breatheReference);    // the breathing clip's first frame
        PoseLayers layers = new PoseLayers(model.restPose());     // stacked: each layer over the ones below
        int body = layers.addOverride();
        int arm = layers.addOverride();
        int breathe = layers.addAdditive(breatheReference);
        int[] parents = model.animatedParents();                  // each pose target's parent target, -1 at a root
        layers.mask(arm, PoseLayers.subtreeMask(parents, shoulder, 1f));   // shoulder: a pose target
        layers.weight(breathe, 0.5f);

        for (int frame = 0; frame < frames; frame++) {            // every frame: each layer's clip into its pose
            float time = frame * dt;
            walk.sample(time, WrapMode.LOOP, layers.pose(body));
            wave.sample(time, WrapMode.LOOP, layers.pose(arm));
            breathing.sample(time, WrapMode.LOOP, layers.pose(breathe));
            layers.evaluate(pose);
            instance.applyPose(pose);
        }
        // [/layers]
        return layers;
    }

    /**
     * Morph-target weights sampled every frame and copied out as a renderer would.
     *
     * @param path a glTF file with morph targets and an animation of their weights
     * @param hierarchy the hierarchy to build it into
     * @param frames frames to play
     * @param dt seconds per frame
     * @return the weights of the last frame, as copied out
     * @throws IOException if the file cannot be read or is not valid glTF
     */
    public float[] morphWeights(Path path, Hierarchy hierarchy, int frames, float dt) throws IOException {
        // [morph]
        GltfModel model = Gltf.read(path);
        int[] morphed = model.morphNodes();                 // entry k is node morphed[k]; model.morphIndex(node) back
        MorphWeights weights = model.restWeights();         // the file's defaults: node's, else mesh's, else 0
        float[] gpu = new float[weights.size()];
        GltfInstance instance = model.instantiate(hierarchy, model.sceneToShow(), Hierarchy.NULL);
        AnimationClip clip = model.animation(0);

        for (int frame = 0; frame < frames; frame++) {      // every frame
            float time = frame * dt;
            model.copyRestWeights(weights);                 // entries no channel animates keep their defaults
            clip.sampleWeights(time, WrapMode.LOOP, weights);   // STEP, LINEAR or CUBICSPLINE, like the transforms
            instance.applyWeights(weights);                 // kept by the instance: what GltfWriter exports
            weights.copyTo(gpu, 0);                         // node morphed[k]'s weights at gpu[weights.offset(k) ..]
        }
        // [/morph]
        return gpu;
    }

    /**
     * Skinning on the CPU: the character's mesh in its current pose (the hierarchy updated), in the mesh node's
     * space, with its normals.
     *
     * @param c the character
     * @return the posed positions and the skinned normals, 3 floats per vertex each
     * @throws GltfException if the mesh is malformed
     */
    public float[][] skinnedOnCpu(Character c) throws GltfException {
        GltfModel model = c.model();
        int node = -1;
        for (int n = 0; n < model.nodeCount() && node < 0; n++) {
            node = model.mesh(n) >= 0 && model.skinOf(n) >= 0 ? n : -1;
        }
        GltfPrimitive primitive = model.readMesh(model.mesh(node)).primitive(0);
        Skeleton skeleton = c.instance().skeleton(model.skinOf(node));
        Hierarchy hierarchy = c.hierarchy();
        long meshNode = c.instance().handle(node);
        float[] bindNormals = primitive.attribute("NORMAL").floats();
        // [skinning]
        float[] palette = skeleton.writePalette(hierarchy, meshNode, MatrixLayout.COLUMN_MAJOR_3X4,
                new float[CpuSkinning.ENTRY * skeleton.jointCount()], 0);
        float[] posed = CpuSkinning.points(primitive.positions(), primitive.joints(), primitive.weights(), palette,
                new float[primitive.vertexCount() * 3]);                 // in the mesh node's space
        float[] normals = CpuSkinning.directions(bindNormals, primitive.joints(), primitive.weights(), palette,
                new float[bindNormals.length]);                          // not normalised
        // [/skinning]
        return new float[][] {posed, normals};
    }

    /**
     * Root motion by hand: measured over each advance, stripped from the pose, applied to the character's node.
     *
     * @param c the character
     * @param frames frames to play
     * @param dt seconds per frame
     * @return the playback, after the frames
     */
    public Playback rootMotion(Character c, int frames, float dt) {
        GltfModel model = c.model();
        GltfInstance instance = c.instance();
        Hierarchy hierarchy = c.hierarchy();
        AnimationClip walk = c.walk();
        int rootTarget = c.root();
        long characterNode = c.character();
        Playback playback = new Playback(walk, PlaybackMode.LOOP);
        FiredEvents fired = new FiredEvents();
        Pose rest = model.restPose();
        Pose pose = model.restPose();
        Pose scratch = model.restPose();
        // [rootmotion]
        RootMotion motion = new RootMotion(walk, rootTarget, true);   // true: the heading about +Y as well
        float[] delta = new float[4];                                  // dx, dy, dz, heading change

        for (int frame = 0; frame < frames; frame++) {                 // every frame
            double before = playback.position();
            playback.advance(dt, fired);
            motion.delta(playback.mode(), before, playback.position(), delta, 0);
            playback.sample(rest, pose, scratch);
            motion.strip(pose);                        // the root keeps its height, at its starting place and heading
            instance.applyPose(pose);
            motion.apply(hierarchy, characterNode, delta, 0);          // or use delta for your own physics
        }
        // [/rootmotion]
        return playback;
    }

    /**
     * Two-bone IK on the left leg.
     *
     * @param c the character
     * @param footX the target, in world space
     * @param footY the target, in world space
     * @param footZ the target, in world space
     * @return whether the ankle reached the target
     */
    public boolean twoBoneIk(Character c, float footX, float footY, float footZ) {
        Hierarchy hierarchy = c.hierarchy();
        long hip = c.hip();
        long knee = c.knee();
        long ankle = c.ankle();
        // [twobone]
        TwoBoneIk leg = new TwoBoneIk()
                .midAxis(0, 0, 1)        // the knee's hinge, in the knee's own frame
                .pole(0, 0, 1)           // the knee points forwards, in world space
                .soften(0.97f);          // ease the last 3% of the reach
        leg.target(footX, footY, footZ).apply(hierarchy, hip, knee, ankle);
        boolean reached = leg.reached();
        // [/twobone]
        return reached;
    }

    /**
     * An aim chain: the head, the neck and the upper torso share the turn that makes the eyes look at a point.
     *
     * @param c the character
     * @param x the point, in world space
     * @param y the point, in world space
     * @param z the point, in world space
     * @return the head's node
     */
    public long aim(Character c, float x, float y, float z) {
        Hierarchy hierarchy = c.hierarchy();
        long head = c.instance().handle(node(c.model(), "Skeleton_neck_joint_2"));
        long neck = c.instance().handle(node(c.model(), "Skeleton_neck_joint_1"));
        long spine = c.instance().handle(node(c.model(), "torso_joint_3"));
        // [aim]
        AimIk look = new AimIk()
                .forward(0, 0, 1)        // the head's aiming axis, in its own frame
                .up(0, 1, 0)
                .offset(0, 0.1f, 0.08f)  // the eyes, in the head's frame
                .pole(0, 1, 0);          // keep the head upright
        look.target(x, y, z).applyChain(hierarchy, new long[] {head, neck, spine}, new float[] {1, 0.5f, 0.3f});
        // [/aim]
        return head;
    }

    /**
     * A clip turning each joint of a mask about its own x axis from its rest rotation, by the given angles at the
     * given times (LINEAR).
     */
    static AnimationClip armClip(String name, Pose rest, float[] mask, float[] times, float[] angles) {
        AnimationClip.Builder b = AnimationClip.builder(name);
        float[] r = new float[4];
        for (int target = 0; target < mask.length; target++) {
            if (mask[target] != 1f) {
                continue;
            }
            rest.rotation(target, r, 0);
            float[] values = new float[4 * times.length];
            for (int k = 0; k < times.length; k++) {
                Quaternionf key = new Quaternionf(r[0], r[1], r[2], r[3]).rotateX(angles[k]);
                values[4 * k] = key.x;
                values[4 * k + 1] = key.y;
                values[4 * k + 2] = key.z;
                values[4 * k + 3] = key.w;
            }
            b.addChannel(target, TargetPath.ROTATION, Interpolation.LINEAR, times, values);
        }
        return b.build();
    }

    /** The index of the node of that name. */
    static int node(GltfModel model, String name) {
        for (int n = 0; n < model.nodeCount(); n++) {
            if (name.equals(model.nodeName(n))) {
                return n;
            }
        }
        throw new IllegalArgumentException("no node named " + name + " in " + model.sourceName());
    }

    private static List<String> names(List<AnimationClip> clips) {
        List<String> names = new ArrayList<>();
        for (AnimationClip clip : clips) {
            names.add(clip.name());
        }
        return names;
    }
}
