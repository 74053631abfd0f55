package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.NodeList;
import java.util.Arrays;
import java.util.Objects;

/**
 * One animated character: its layers, each playing clips through its own {@link Playback} (with markers, loops, ends
 * and a queue) or an animation graph through a {@link GraphPlayer} ({@link #addGraphLayer}), blended by a {@link PoseLayers}, its root motion ({@link RootMotion}) and its IK steps
 * ({@link TwoBoneIk}, {@link AimIk}), applied to the character's nodes in a {@link Hierarchy} by one
 * {@link #update} per frame. The pieces stay reachable ({@link #playback}, {@link #layers}) and public for other
 * arrangements. Made with rest morph-target weights, it blends the clips' weights channels too, into
 * {@link #weights()} (the hierarchy holds no weights: hand them to whatever draws the character); made without,
 * it leaves the weights channels alone. Allocation-free per frame once set up; not thread-safe (one animator per
 * character).
 *
 * <p>A frame ({@link #update}):
 * <ol>
 *   <li>each layer's playback advances, in the order the layers were added, firing into {@link #fired()} (cleared
 *   first) or the caller's listener;</li>
 *   <li>the root-motion layer's motion over that advance is measured ({@link RootMotion#delta}), while its playback
 *   plays the root motion's clip and did not jump (a play, cross-fade, seek or queued start during the advance makes
 *   that frame's motion zero);</li>
 *   <li>each layer with a weight above 0 samples its playback into its pose ({@link Playback#sample}, over the rest
 *   pose, or over its reference for an additive layer); the root motion is stripped from the root-motion layer's
 *   pose while it plays the root motion's clip;</li>
 *   <li>the layers are evaluated ({@link PoseLayers#evaluate}) into {@link #pose()}, which is written into the
 *   nodes;</li>
 *   <li>the root motion moves the character's node ({@link RootMotion#apply}), if one was given;</li>
 *   <li>the IK steps run in the order added, each on the world matrices the steps before it left.</li>
 * </ol>
 * The hierarchy's world matrices are not brought up to date (IK reads them exactly at any time): call
 * {@link Hierarchy#update()} or write the skinning palettes afterwards.
 */
public final class Animator {
    private static final int TWO_BONE = 0;
    private static final int AIM = 1;
    private static final int AIM_CHAIN = 2;

    /** One IK step: a job and the joints it runs on. */
    private static final class Step {
        final int kind;
        final TwoBoneIk twoBone;
        final AimIk aim;
        final long[] joints;
        final float[] weights;

        Step(int kind, TwoBoneIk twoBone, AimIk aim, long[] joints, float[] weights) {
            this.kind = kind;
            this.twoBone = twoBone;
            this.aim = aim;
            this.joints = joints;
            this.weights = weights;
        }
    }

    private final Hierarchy hierarchy;
    private final long[] nodes;
    /** The nodes as a list for the bulk setters, or null when a target has no node. */
    private final NodeList nodeList;
    private final Pose rest;
    private final MorphWeights restWeights;
    private final PoseLayers layers;
    private final Pose pose;
    private final Pose scratch;
    /** The blended morph weights, and scratch for a cross-fade's; null without morphed nodes. */
    private final MorphWeights weights;
    private final MorphWeights weightsScratch;
    private final FiredEvents fired = new FiredEvents();
    private Playback[] playbacks = new Playback[0];
    /** Per layer: the graph it plays, or null for a playback's layer. */
    private GraphPlayer[] graphs = new GraphPlayer[0];
    private final float[] graphDelta = new float[4];
    /** Per layer: the pose its playback samples over (the rest pose, or an additive layer's reference). */
    private Pose[] bases = new Pose[0];
    private Step[] steps = new Step[0];
    private RootMotion rootMotion;
    private AnimationClip rootClip;
    private int rootLayer = -1;
    private long rootNode = Hierarchy.NULL;
    private final float[] delta = new float[4];

    /**
     * An animator whose override layers stack ({@link OverrideMode#STACKED}).
     *
     * @param hierarchy the hierarchy holding the character
     * @param nodes the node each pose target moves, one per target of {@code rest} (copied); {@link Hierarchy#NULL}
     *     leaves a target unapplied
     * @param rest the rest pose of the targets (kept, not copied)
     * @throws IllegalArgumentException if {@code nodes} is not as long as the rest pose or a handle is stale
     * @throws NullPointerException if an argument is null
     */
    public Animator(Hierarchy hierarchy, long[] nodes, Pose rest) {
        this(hierarchy, nodes, rest, OverrideMode.STACKED);
    }

    /**
     * An animator whose override layers combine in the given mode.
     *
     * @param hierarchy the hierarchy holding the character
     * @param nodes the node each pose target moves, one per target of {@code rest} (copied); {@link Hierarchy#NULL}
     *     leaves a target unapplied
     * @param rest the rest pose of the targets (kept, not copied)
     * @param mode how override layers combine
     * @throws IllegalArgumentException if {@code nodes} is not as long as the rest pose or a handle is stale
     * @throws NullPointerException if an argument is null
     */
    public Animator(Hierarchy hierarchy, long[] nodes, Pose rest, OverrideMode mode) {
        this(hierarchy, nodes, rest, new MorphWeights(), mode);
    }

    /**
     * An animator that blends morph-target weights too: each layer samples its clips' weights channels over
     * {@code restWeights}, and the layers' blend is {@link #weights()}.
     *
     * @param hierarchy the hierarchy holding the character
     * @param nodes the node each pose target moves, one per target of {@code rest} (copied); {@link Hierarchy#NULL}
     *     leaves a target unapplied
     * @param rest the rest pose of the targets (kept, not copied)
     * @param restWeights the rest (default) weights of the morphed nodes (kept, not copied), e.g. a glTF model's
     * @param mode how override layers combine
     * @throws IllegalArgumentException if {@code nodes} is not as long as the rest pose or a handle is stale
     * @throws NullPointerException if an argument is null
     */
    public Animator(Hierarchy hierarchy, long[] nodes, Pose rest, MorphWeights restWeights, OverrideMode mode) {
        this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
        Objects.requireNonNull(rest, "rest");
        if (nodes.length != rest.size()) {
            throw new IllegalArgumentException("nodes length does not match the rest pose: length=" + nodes.length
                    + ", required=" + rest.size());
        }
        boolean anyNull = false;
        for (long node : nodes) {
            if (node == Hierarchy.NULL) {
                anyNull = true;
            } else {
                requireAlive(node, "node");
            }
        }
        this.nodes = nodes.clone();
        this.nodeList = anyNull || nodes.length == 0 ? null : hierarchy.nodeList(nodes, 0, nodes.length);
        this.rest = rest;
        this.restWeights = Objects.requireNonNull(restWeights, "restWeights");
        this.layers = new PoseLayers(rest, restWeights, mode);
        this.pose = new Pose(rest.size()).copyFrom(rest);
        this.scratch = new Pose(rest.size());
        if (restWeights.morphCount() > 0) {
            int[] counts = new int[restWeights.morphCount()];
            for (int m = 0; m < counts.length; m++) {
                counts[m] = restWeights.count(m);
            }
            this.weights = new MorphWeights(counts).copyFrom(restWeights);
            this.weightsScratch = new MorphWeights(counts);
        } else {
            this.weights = null;
            this.weightsScratch = null;
        }
    }

    /**
     * Adds an override layer on top of the layers added before it, at weight 1 with no mask, playing a clip from
     * time 0 in a mode. Allocates the layer.
     *
     * @param clip the clip
     * @param mode loop, clamp or back and forth
     * @return the layer's index
     * @throws IllegalArgumentException if the clip has more targets than the rest pose, or (for an animator made with
     *     rest weights) more morph entries than the rest weights (nothing added)
     * @throws NullPointerException if an argument is null
     */
    public int addLayer(AnimationClip clip, PlaybackMode mode) {
        requireFits(clip);
        int layer = layers.addOverride();
        return addPlayback(layer, clip, mode, rest);
    }

    /**
     * Adds an additive layer on top of the layers added before it, at weight 1 with no mask, playing a clip from time
     * 0 in a mode; it adds its difference from {@code reference} (see {@link PoseLayers}). Allocates the layer.
     *
     * @param clip the clip
     * @param mode loop, clamp or back and forth
     * @param reference the pose the difference is taken from (usually the clip's first frame over the rest pose);
     *     kept, not copied; also what the clip is sampled over
     * @return the layer's index
     * @throws IllegalArgumentException if the clip has more targets than the rest pose, or (for an animator made with
     *     rest weights) more morph entries than the rest weights, or the reference's size is not the rest pose's
     *     (nothing added)
     * @throws NullPointerException if an argument is null
     */
    public int addAdditiveLayer(AnimationClip clip, PlaybackMode mode, Pose reference) {
        requireFits(clip);
        int layer = layers.addAdditive(reference);
        return addPlayback(layer, clip, mode, reference);
    }

    /**
     * Adds an override layer on top of the layers added before it, at weight 1 with no mask, playing an animation
     * graph through the given player: each update advances the player (its markers, loops, ends and states entered
     * and left go to the update's listener) and samples it into the layer's pose. The graph's root motion, if it has
     * one, is added to {@link #rootMotionDelta} (and moves the character's node given to {@link #rootMotion}, if
     * any). The player stays the caller's, for its parameters. Allocates the layer.
     *
     * @param player the graph's player, made with a rest pose of this animator's size
     * @return the layer's index
     * @throws IllegalArgumentException if the player's pose size is not the rest pose's (nothing added)
     * @throws NullPointerException if {@code player} is null
     */
    public int addGraphLayer(GraphPlayer player) {
        if (player.size() != rest.size()) {
            throw new IllegalArgumentException("graph player's pose size differs from the rest pose: size="
                    + player.size() + ", required=" + rest.size());
        }
        int layer = layers.addOverride();
        playbacks = Arrays.copyOf(playbacks, layer + 1);
        bases = Arrays.copyOf(bases, layer + 1);
        graphs = Arrays.copyOf(graphs, layer + 1);
        graphs[layer] = player;
        bases[layer] = rest;
        return layer;
    }

    private int addPlayback(int layer, AnimationClip clip, PlaybackMode mode, Pose base) {
        playbacks = Arrays.copyOf(playbacks, layer + 1);
        bases = Arrays.copyOf(bases, layer + 1);
        graphs = Arrays.copyOf(graphs, layer + 1);
        playbacks[layer] = new Playback(clip, mode);
        bases[layer] = base;
        return layer;
    }

    /**
     * @param layer layer index
     * @return the graph player of a layer added by {@link #addGraphLayer}, or null for a clip's layer
     * @throws IllegalArgumentException if the layer does not exist
     */
    public GraphPlayer graph(int layer) {
        return graphs[checkLayer(layer)];
    }

    /** @return the number of layers */
    public int layerCount() {
        return playbacks.length;
    }

    /**
     * @param layer layer index
     * @return the layer's playback: play, cross-fade, queue, speed, seek and markers
     * @throws IllegalArgumentException if the layer does not exist
     * @throws IllegalStateException if the layer plays a graph ({@link #graph(int)})
     */
    public Playback playback(int layer) {
        if (graphs[checkLayer(layer)] != null) {
            throw new IllegalStateException("layer " + layer + " plays a graph, not a playback: use graph(layer)");
        }
        return playbacks[layer];
    }

    /** @return the layers, for their weights, masks and poses (their poses are overwritten by each update) */
    public PoseLayers layers() {
        return layers;
    }

    /**
     * Sets a layer's weight ({@link PoseLayers#weight(int, float)}); a layer at 0 is advanced but not sampled.
     *
     * @param layer layer index
     * @param weight in [0, 1]
     * @return this animator
     * @throws IllegalArgumentException if the layer does not exist or the weight is outside [0, 1] (nothing changed)
     */
    public Animator weight(int layer, float weight) {
        layers.weight(checkLayer(layer), weight);
        return this;
    }

    /**
     * Sets a layer's mask ({@link PoseLayers#mask}).
     *
     * @param layer layer index
     * @param targetWeights one value in [0, 1] per target (copied), or null for none
     * @return this animator
     * @throws IllegalArgumentException if the layer does not exist, or the mask's length or a value is wrong (nothing
     *     changed)
     */
    public Animator mask(int layer, float[] targetWeights) {
        layers.mask(checkLayer(layer), targetWeights);
        return this;
    }

    /**
     * Takes root motion from a layer: while its playback plays {@code motion}'s clip, each update measures the
     * motion over the advance, strips it from the layer's pose and, unless {@code characterNode} is
     * {@link Hierarchy#NULL}, moves that node by it ({@link RootMotion#apply}). {@link #rootMotionDelta} gives it
     * either way. Replaces any root motion set before.
     *
     * @param layer the layer whose playback drives the motion
     * @param motion the root motion of the clip that layer plays
     * @param characterNode the node that carries the character, or {@link Hierarchy#NULL} to only measure
     * @return this animator
     * @throws IllegalArgumentException if the layer does not exist or the handle is stale (nothing changed)
     * @throws IllegalStateException if the layer plays a graph (whose root motion is the graph's own)
     * @throws NullPointerException if {@code motion} is null
     */
    public Animator rootMotion(int layer, RootMotion motion, long characterNode) {
        playback(layer);
        Objects.requireNonNull(motion, "motion");
        if (characterNode != Hierarchy.NULL) {
            requireAlive(characterNode, "characterNode");
        }
        rootMotion = motion;
        rootClip = motion.clip();
        rootLayer = layer;
        rootNode = characterNode;
        return this;
    }

    /**
     * Adds an IK step that runs {@link TwoBoneIk#apply} on three joints after the pose is applied; the job is kept,
     * so its target and settings may change between updates.
     *
     * @param job the job
     * @param start the start joint (a hip, a shoulder)
     * @param mid the middle joint, a descendant of {@code start}
     * @param end the end joint, a descendant of {@code mid}
     * @return the step's index
     * @throws IllegalArgumentException if a handle is stale (nothing added)
     * @throws NullPointerException if {@code job} is null
     */
    public int addTwoBoneIk(TwoBoneIk job, long start, long mid, long end) {
        Objects.requireNonNull(job, "job");
        requireAlive(start, "start");
        requireAlive(mid, "mid");
        requireAlive(end, "end");
        return addStep(new Step(TWO_BONE, job, null, new long[] {start, mid, end}, null));
    }

    /**
     * Adds an IK step that aims one joint ({@link AimIk#apply}) after the pose is applied; the job is kept.
     *
     * @param job the job
     * @param joint the aimed joint
     * @return the step's index
     * @throws IllegalArgumentException if the handle is stale (nothing added)
     * @throws NullPointerException if {@code job} is null
     */
    public int addAimIk(AimIk job, long joint) {
        Objects.requireNonNull(job, "job");
        requireAlive(joint, "joint");
        return addStep(new Step(AIM, null, job, new long[] {joint}, null));
    }

    /**
     * Adds an IK step that aims a chain ({@link AimIk#applyChain}) after the pose is applied; the job is kept, the
     * arrays copied.
     *
     * @param job the job
     * @param joints the chain, aimed joint first, each next one an ancestor of the one before
     * @param weights one per joint, each in [0, 1]
     * @return the step's index
     * @throws IllegalArgumentException if the arrays' lengths differ or are 0, a weight is outside [0, 1] or a handle
     *     is stale (nothing added)
     * @throws NullPointerException if an argument is null
     */
    public int addAimIk(AimIk job, long[] joints, float[] weights) {
        Objects.requireNonNull(job, "job");
        if (joints.length == 0 || joints.length != weights.length) {
            throw new IllegalArgumentException("joints and weights must be as long and not empty: joints="
                    + joints.length + ", weights=" + weights.length);
        }
        for (int k = 0; k < joints.length; k++) {
            requireAlive(joints[k], "joints[" + k + "]");
            Rotations.requireWeight("weights[" + k + "]", weights[k]);
        }
        return addStep(new Step(AIM_CHAIN, null, job, joints.clone(), weights.clone()));
    }

    private int addStep(Step step) {
        steps = Arrays.copyOf(steps, steps.length + 1);
        steps[steps.length - 1] = step;
        return steps.length - 1;
    }

    /** @return the number of IK steps */
    public int ikStepCount() {
        return steps.length;
    }

    /**
     * Plays one frame into {@link #fired()} (cleared first): see the class comment.
     *
     * @param seconds the frame's duration, ≥ 0
     * @throws IllegalArgumentException if {@code seconds} is negative or not finite (nothing changed), a node was
     *     destroyed or a bone of an IK step has zero length
     * @throws IllegalStateException if a node has an explicit local matrix with shear
     */
    public void update(float seconds) {
        fired.clear();
        update(seconds, fired);
    }

    /**
     * Plays one frame, firing markers, loops and ends into a listener of the caller's: see the class comment.
     * Allocation-free (the listener aside); O(layers × targets) plus the clips' sampling and the IK steps.
     *
     * @param seconds the frame's duration, ≥ 0
     * @param listener receives what the playbacks pass, layer after layer
     * @throws IllegalArgumentException if {@code seconds} is negative or not finite (nothing changed), a node was
     *     destroyed or a bone of an IK step has zero length
     * @throws IllegalStateException if a node has an explicit local matrix with shear
     * @throws NullPointerException if {@code listener} is null
     */
    public void update(float seconds, AnimationEventListener listener) {
        if (!(seconds >= 0) || Float.isInfinite(seconds)) {
            throw new IllegalArgumentException("update out of range: seconds=" + seconds + ", allowed=[0, ∞)");
        }
        Objects.requireNonNull(listener, "listener");
        // 1, 2: advance; the root motion over the advance
        double before = 0;
        int jumps = 0;
        AnimationClip clipBefore = null;
        if (rootLayer >= 0) {
            Playback p = playbacks[rootLayer];
            before = p.position();
            jumps = p.jumps();
            clipBefore = p.clip();
        }
        delta[0] = 0;
        delta[1] = 0;
        delta[2] = 0;
        delta[3] = 0;
        for (int l = 0; l < playbacks.length; l++) {
            if (graphs[l] != null) {
                graphs[l].advance(seconds, listener);
                graphs[l].rootMotionDelta(graphDelta, 0);
                for (int k = 0; k < 4; k++) {
                    delta[k] += graphDelta[k];
                }
            } else {
                playbacks[l].advance(seconds, listener);
            }
        }
        boolean rooted = false;
        if (rootLayer >= 0) {
            Playback p = playbacks[rootLayer];
            if (p.clip() == rootClip && clipBefore == rootClip && p.jumps() == jumps) {
                rootMotion.delta(p.mode(), before, p.position(), graphDelta, 0);
                for (int k = 0; k < 4; k++) {
                    delta[k] += graphDelta[k];
                }
            }
            rooted = p.clip() == rootClip;
        }
        // 3: sample each layer
        for (int l = 0; l < playbacks.length; l++) {
            if (layers.weight(l) == 0) {
                continue;
            }
            Pose layerPose = layers.pose(l);
            if (graphs[l] != null) {
                graphs[l].sample(layerPose);
                continue;
            }
            playbacks[l].sample(bases[l], layerPose, scratch);
            if (weights != null) {
                playbacks[l].sampleWeights(restWeights, layers.weights(l), weightsScratch);
            }
            if (rooted && l == rootLayer) {
                rootMotion.strip(layerPose);
            }
        }
        // 4: blend and apply
        if (weights != null) {
            layers.evaluate(pose, weights);
        } else {
            layers.evaluate(pose);
        }
        if (nodeList != null) {
            pose.applyTo(hierarchy, nodeList);
        } else if (nodes.length > 0) {
            pose.applyTo(hierarchy, nodes, 0);
        }
        // 5: root motion
        if (rootNode != Hierarchy.NULL) {
            rootMotion.apply(hierarchy, rootNode, delta, 0);
        }
        // 6: IK
        for (Step step : steps) {
            long[] j = step.joints;
            switch (step.kind) {
                case TWO_BONE:
                    step.twoBone.apply(hierarchy, j[0], j[1], j[2]);
                    break;
                case AIM:
                    step.aim.apply(hierarchy, j[0]);
                    break;
                default:
                    step.aim.applyChain(hierarchy, j, step.weights);
            }
        }
    }

    /** @return what the latest {@link #update(float)} fired (markers, loops, ends), in firing order */
    public FiredEvents fired() {
        return fired;
    }

    /**
     * @return the pose the latest update wrote into the nodes (before the IK steps), the animator's own (read it,
     *     do not keep it across updates); the rest pose before the first update
     */
    public Pose pose() {
        return pose;
    }

    /**
     * @return the morph-target weights the latest update blended (the rest weights before the first), the animator's
     *     own (read or copy them, e.g. into a glTF instance's {@code applyWeights}, do not keep them across updates);
     *     an empty holder when the animator was made without rest weights
     */
    public MorphWeights weights() {
        return weights != null ? weights : restWeights;
    }

    /**
     * The root motion of the latest update: dx, dy, dz in the root joint's parent frame and the heading change in
     * radians (zeros without root motion, or on a frame where the root-motion layer's clip changed or jumped).
     *
     * @param dest receives 4 floats at {@code d}
     * @param d offset in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code dest} has fewer than {@code d + 4} floats
     */
    public float[] rootMotionDelta(float[] dest, int d) {
        if (d < 0 || dest.length - d < 4) {
            throw new IllegalArgumentException("dest too short: length=" + dest.length + ", offset=" + d
                    + ", required=4");
        }
        System.arraycopy(delta, 0, dest, d, 4);
        return dest;
    }

    private void requireFits(AnimationClip clip) {
        if (clip.targetCount() > rest.size()) {
            throw new IllegalArgumentException("clip has more targets than the rest pose: clip=" + clip.name()
                    + ", targets=" + clip.targetCount() + ", allowed=" + rest.size());
        }
        if (weights != null && clip.morphCount() > restWeights.morphCount()) {
            throw new IllegalArgumentException("clip has more morph entries than the rest weights: clip="
                    + clip.name() + ", morphCount=" + clip.morphCount() + ", allowed=" + restWeights.morphCount());
        }
    }

    private void requireAlive(long handle, String what) {
        if (!hierarchy.isAlive(handle)) {
            throw new IllegalArgumentException("stale handle: " + what + "=" + handle);
        }
    }

    private int checkLayer(int layer) {
        if (layer < 0 || layer >= playbacks.length) {
            throw new IllegalArgumentException("layer out of range: layer=" + layer + ", layers=" + playbacks.length);
        }
        return layer;
    }
}
