package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import java.nio.FloatBuffer;

/**
 * One crowd job: what to sample for every instance, where the poses go and, optionally, where the skinning palettes
 * go, as named inputs and outputs; {@link #validate()} checks them and {@link #run()} does the work on its
 * {@link CrowdAnimator}'s threads. A job is set up once and run every frame: its inputs are the caller's arrays,
 * read when it runs, so a frame only writes the new times into them.
 *
 * <p>What runs depends on the outputs set:
 * <ul>
 *   <li>{@link #intoNodes} and {@link #palettes}: <b>a whole frame</b>. Each thread takes a part of the crowd (whole
 *       blocks of 16 instances, small enough for a core's cache) through sampling into the nodes' local transforms,
 *       the update of their world matrices and their skinning palettes while the part is in that core's cache.
 *       Afterwards the nodes count as computed by the next {@link Hierarchy#update()} (its versions, its change set,
 *       its listeners), which publishes the frame. Where the crowd cannot be cut into parts (two instances share a
 *       node, one instance lies in another's subtree, or a joint or mesh of the skin lies in another instance's
 *       subtree) the steps run one after the other over the whole crowd instead, with the same bits.</li>
 *   <li>{@link #intoNodes} alone: every instance sampled and written into its nodes' local transforms (the paths the
 *       clips animate; the others keep their values), every member then stale for the next update.</li>
 *   <li>{@link #intoPoses}: every instance sampled into pose {@code i} of a {@link PoseBatch}.</li>
 * </ul>
 * With {@link #blend}, each instance's pose is {@code blend(clip at times[i], second at secondTimes[i], weight)} by
 * {@link Pose#blend}'s rule, both sampled over the same values (into nodes: over the rest pose). Results are the same
 * bits whatever the thread count and whichever outputs are chosen. A run allocates nothing, but for scratch the first
 * time a shape or a thread count is seen.
 *
 * <pre>{@code
 * CrowdJob job = new CrowdJob(animator)
 *         .sample(clip, times, cursors)
 *         .intoNodes(nodes, model.restPose())
 *         .palettes(skin, paletteBuffer, 0);
 * job.validate();                 // optional: run() validates too
 * // every frame:
 * fill(times); job.run(); hierarchy.update();
 * }</pre>
 *
 * <p>Not thread-safe; run one job of an animator at a time.
 */
public final class CrowdJob {
    private final CrowdAnimator animator;
    ClipSampler clip;
    float[] times;
    int[] cursors;
    ClipSampler second;
    float[] secondTimes;
    int[] secondCursors;
    float weight;
    WrapMode wrap = WrapMode.LOOP;
    InstanceNodes nodes;
    Pose rest;
    PoseBatch poses;
    PoseBatch scratch;
    CrowdSkin skin;
    float[] paletteArray;
    FloatBuffer paletteBuffer;
    int paletteOffset;

    /**
     * A job with nothing set, run on {@code animator}'s threads.
     *
     * @param animator the threads and scratch the job runs with
     */
    public CrowdJob(CrowdAnimator animator) {
        if (animator == null) {
            throw new IllegalArgumentException("animator is null");
        }
        this.animator = animator;
    }

    /** @return the animator the job runs with */
    public CrowdAnimator animator() {
        return animator;
    }

    /**
     * The clip every instance plays: instance {@code i} at {@code times[i]}, with the cursor state from
     * {@code cursors[i × clip.cursorCount()]}.
     *
     * @param clip the compiled clip
     * @param times per instance its time, none NaN when the job runs
     * @param cursors the instances' cursor state ({@link ClipSampler#newCursors}), owned by this job's instances
     * @return this job
     */
    public CrowdJob sample(ClipSampler clip, float[] times, int[] cursors) {
        this.clip = clip;
        this.times = times;
        this.cursors = cursors;
        return this;
    }

    /**
     * A second clip blended over the first: each instance's pose is {@code blend(first, second, weight)}.
     *
     * @param second the second clip (may be the first)
     * @param secondTimes its time per instance, none NaN when the job runs
     * @param secondCursors its cursor state, not the first clip's array
     * @param weight weight of the second sample, finite
     * @return this job
     */
    public CrowdJob blend(ClipSampler second, float[] secondTimes, int[] secondCursors, float weight) {
        this.second = second;
        this.secondTimes = secondTimes;
        this.secondCursors = secondCursors;
        this.weight = weight;
        return this;
    }

    /**
     * Sets the blend's weight, the other blend inputs kept.
     *
     * @param weight weight of the second sample, finite
     * @return this job
     */
    public CrowdJob blendWeight(float weight) {
        this.weight = weight;
        return this;
    }

    /** @return this job, with no second clip */
    public CrowdJob noBlend() {
        second = null;
        secondTimes = null;
        secondCursors = null;
        weight = 0f;
        return this;
    }

    /**
     * How times outside the clips are read (LOOP by default).
     *
     * @param wrap LOOP or CLAMP
     * @return this job
     */
    public CrowdJob wrap(WrapMode wrap) {
        this.wrap = wrap;
        return this;
    }

    /**
     * Poses go straight into the instances' nodes: member {@code k} of instance {@code i} takes entry {@code k} of
     * its pose, which is {@code rest} with the clip's channels sampled over it.
     *
     * @param nodes the instances' animated nodes, at least the clips' {@code targetCount()} per instance
     * @param rest the pose under the channels (a model's rest pose), of {@code nodes.size()} entries
     * @return this job, its pose batch output cleared
     */
    public CrowdJob intoNodes(InstanceNodes nodes, Pose rest) {
        this.nodes = nodes;
        this.rest = rest;
        this.poses = null;
        this.scratch = null;
        return this;
    }

    /**
     * Poses go into a batch: pose {@code i} of {@code poses} for instance {@code i}; the entries no channel animates
     * keep their values. A blend samples its second clip into {@code scratch} first; both batches must start from the
     * same values where no clip animates (a rest pose, {@link PoseBatch#fill}).
     *
     * @param poses destination batch
     * @param scratch batch for a blend's second samples, shaped as {@code poses} (may be null without a blend)
     * @return this job, its node output and palettes cleared
     */
    public CrowdJob intoPoses(PoseBatch poses, PoseBatch scratch) {
        this.poses = poses;
        this.scratch = scratch;
        this.nodes = null;
        this.rest = null;
        noPalettes();
        return this;
    }

    /**
     * The skinning palettes of the frame: 4×4 column-major, instance {@code i}'s joint {@code j} at
     * {@code dest[offset + 16 × (i × joints + j)]}. Needs {@link #intoNodes}: the palettes are of the nodes posed.
     *
     * @param skin the instances' skins, as many instances as the nodes, in the nodes' hierarchy
     * @param dest destination
     * @param offset index of the first entry
     * @return this job
     */
    public CrowdJob palettes(CrowdSkin skin, float[] dest, int offset) {
        this.skin = skin;
        this.paletteArray = dest;
        this.paletteBuffer = null;
        this.paletteOffset = offset;
        return this;
    }

    /**
     * The skinning palettes of the frame into a buffer, at absolute float index {@code index} (its position is not
     * changed), laid out as {@link #palettes(CrowdSkin, float[], int)} says.
     *
     * @param skin the instances' skins
     * @param dest destination buffer (a direct buffer is what a renderer uploads)
     * @param index float index of the first entry
     * @return this job
     */
    public CrowdJob palettes(CrowdSkin skin, FloatBuffer dest, int index) {
        this.skin = skin;
        this.paletteArray = null;
        this.paletteBuffer = dest;
        this.paletteOffset = index;
        return this;
    }

    /** @return this job, writing no palettes */
    public CrowdJob noPalettes() {
        skin = null;
        paletteArray = null;
        paletteBuffer = null;
        paletteOffset = 0;
        return this;
    }

    /** @return the number of instances the job covers: the nodes' or the batch's, or 0 with no output set */
    public int instances() {
        return nodes != null ? nodes.instances() : poses != null ? poses.poses() : 0;
    }

    /**
     * Checks every input and output against the others. O(instances) (every time is checked for NaN).
     *
     * @throws IllegalArgumentException naming the first bad field, its value and the bound it breaks
     */
    public void validate() {
        if (clip == null) {
            throw new IllegalArgumentException("clip is not set: call sample(clip, times, cursors)");
        }
        require(times != null, "times is null");
        require(cursors != null, "cursors is null");
        require(wrap != null, "wrap is null");
        if (nodes == null && poses == null) {
            throw new IllegalArgumentException("no output: call intoNodes(nodes, rest) or intoPoses(poses, scratch)");
        }
        int n = instances();
        int size;
        if (nodes != null) {
            require(rest != null, "rest is null");
            size = nodes.size();
            if (rest.size() != size) {
                throw new IllegalArgumentException("rest.size()=" + rest.size() + " differs from nodes.size()="
                        + size);
            }
        } else {
            size = poses.size();
        }
        CrowdAnimator.checkSample(CrowdAnimator.FIRST, clip, times, cursors, n, size);
        if (second != null) {
            require(secondTimes != null, "secondTimes is null");
            require(secondCursors != null, "secondCursors is null");
            CrowdAnimator.checkSample(CrowdAnimator.SECOND, second, secondTimes, secondCursors, n, size);
            if (!Float.isFinite(weight)) {
                throw new IllegalArgumentException("weight=" + weight + " is not finite");
            }
            if (secondCursors == cursors && clip.cursorCount() > 0) {
                throw new IllegalArgumentException("secondCursors is the cursors array: each clip needs its own");
            }
            if (poses != null) {
                require(scratch != null, "scratch is null: a blend into poses needs a scratch batch");
                if (scratch.poses() != poses.poses() || scratch.size() != poses.size()) {
                    throw new IllegalArgumentException("scratch shape " + scratch.poses() + "×" + scratch.size()
                            + " differs from poses shape " + poses.poses() + "×" + poses.size());
                }
            }
        }
        if (skin != null) {
            require(nodes != null, "palettes need intoNodes(nodes, rest): the palettes are of the nodes posed");
            if (skin.instances() != n) {
                throw new IllegalArgumentException("skin.instances()=" + skin.instances() + " differs from "
                        + "nodes.instances()=" + n);
            }
            if (paletteArray != null) {
                CrowdAnimator.checkPaletteRoom("palettes", skin, "length", paletteArray.length, "offset",
                        paletteOffset);
            } else {
                CrowdAnimator.checkPaletteRoom("palettes", skin, "limit", paletteBuffer.limit(), "index",
                        paletteOffset);
            }
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /**
     * Validates the job, then runs it on the animator's threads.
     *
     * @throws IllegalArgumentException as {@link #validate()} does, or if a node was destroyed (nothing written); if
     *     a sampled value is not finite (from a clip whose keys are that large): that instance and those after it in
     *     its chunk are not written (nor, in a frame, their parts' palettes), the other chunks are, and every node
     *     written is brought up to date by the next update
     * @throws IllegalStateException if a node holds an explicit local matrix with shear or a mesh's world matrix is
     *     not invertible (nothing written)
     */
    public void run() {
        validate();
        animator.run(this);
    }
}
