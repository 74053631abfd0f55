package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * A crowd: many instances of one animated model in one {@link Hierarchy}, each at its own time of the clip they play,
 * with their skinning palettes in one direct buffer a renderer uploads as it is. The crowd owns what the crowd path
 * needs (the instances' nodes, their skins, the times, the clips' cursor state, the palette buffer and the worker
 * threads) so that a frame is:
 *
 * <pre>{@code
 * Crowd crowd = GltfCrowd.of(model, hierarchy, 1000);   // or Crowd.builder(hierarchy, rest).add(...).build()
 * // every frame:
 * crowd.advance(1 / 60f);      // or write crowd.times() yourself
 * crowd.frame();               // sample, pose, world matrices and palettes, a part of the crowd at a time
 * hierarchy.update();          // publishes the frame (change set, listeners, bounds)
 * upload(crowd.palettes());    // instance i, joint j: 16 floats at 16 × (i × jointCount() + j)
 * }</pre>
 *
 * <p>{@link #frame()} runs a {@link CrowdJob} set up from the crowd's state ({@link #job()} shows it); the results
 * are the bits of the job, whatever the thread count. Invariant: {@link #times()} and {@link #secondTimes()} have one
 * entry per instance, the cursors belong to the clips playing, and the job's inputs are the crowd's own arrays. A
 * frame allocates nothing. Not thread-safe: one caller at a time.
 */
public final class Crowd implements AutoCloseable {
    private final Hierarchy hierarchy;
    private final long[] roots;
    private final InstanceNodes nodes;
    private final Pose rest;
    private final CrowdSkin skin;
    private final FloatBuffer palettes;
    private final CrowdAnimator animator = new CrowdAnimator();
    private final CrowdJob job = new CrowdJob(animator);
    private final float[] times;
    private final float[] secondTimes;
    private ClipSampler clip;

    private Crowd(Builder b) {
        int n = b.count;
        int size = b.rest.size();
        hierarchy = b.hierarchy;
        roots = Arrays.copyOf(b.roots, n);
        rest = new Pose(size).copyFrom(b.rest);
        nodes = new InstanceNodes(hierarchy, Arrays.copyOf(b.animated, n * size), 0, n, size);
        times = new float[n];
        secondTimes = new float[n];
        if (b.skinned) {
            skin = CrowdSkin.of(Arrays.copyOf(b.skeletons, n), Arrays.copyOf(b.meshes, n));
            int floats = skin.entryCount() * MatrixLayout.COLUMN_MAJOR_4X4.floats();
            palettes = ByteBuffer.allocateDirect(floats * Float.BYTES).order(ByteOrder.nativeOrder())
                    .asFloatBuffer();
            job.palettes(skin, palettes, 0);
        } else {
            skin = null;
            palettes = ByteBuffer.allocateDirect(0).order(ByteOrder.nativeOrder()).asFloatBuffer();
        }
        job.intoNodes(nodes, rest);
    }

    /**
     * Starts a crowd of instances whose animated nodes take the entries of {@code rest}.
     *
     * @param hierarchy the hierarchy holding every instance
     * @param rest the model's rest pose: the values under the clips' channels, entry {@code k} for each instance's
     *     animated node {@code k}
     * @return a builder to add the instances to
     */
    public static Builder builder(Hierarchy hierarchy, Pose rest) {
        if (hierarchy == null || rest == null) {
            throw new IllegalArgumentException((hierarchy == null ? "hierarchy" : "rest") + " is null");
        }
        return new Builder(hierarchy, rest);
    }

    /** Collects a crowd's instances: all skinned or none. */
    public static final class Builder {
        private final Hierarchy hierarchy;
        private final Pose rest;
        private long[] roots = new long[16];
        private long[] animated;
        private Skeleton[] skeletons = new Skeleton[16];
        private long[] meshes = new long[16];
        private int count;
        private boolean skinned;

        private Builder(Hierarchy hierarchy, Pose rest) {
            this.hierarchy = hierarchy;
            this.rest = rest;
            this.animated = new long[16 * rest.size()];
        }

        /**
         * Adds an instance with no skin (a crowd of rigid animated models).
         *
         * @param root the instance's root, which places it ({@link Hierarchy#NULL} if it has none)
         * @param animatedNodes its animated nodes, entry {@code k} of the rest pose for node {@code k}; copied
         * @return this builder
         * @throws IllegalArgumentException if the length differs from the rest pose's size, or instances with skins
         *     were added (nothing added)
         */
        public Builder add(long root, long[] animatedNodes) {
            return add(root, animatedNodes, null, Hierarchy.NULL);
        }

        /**
         * Adds a skinned instance.
         *
         * @param root the instance's root, which places it ({@link Hierarchy#NULL} if it has none)
         * @param animatedNodes its animated nodes, entry {@code k} of the rest pose for node {@code k}; copied
         * @param skeleton its skeleton, the same joint count as the other instances'
         * @param mesh the node of the skinned mesh, whose inverse world matrix the palette includes
         *     ({@link Hierarchy#NULL}: none, the palette is in world space)
         * @return this builder
         * @throws IllegalArgumentException if the length differs from the rest pose's size, or some instances have a
         *     skin and others not (nothing added)
         */
        public Builder add(long root, long[] animatedNodes, Skeleton skeleton, long mesh) {
            int size = rest.size();
            if (animatedNodes.length != size) {
                throw new IllegalArgumentException("animatedNodes.length=" + animatedNodes.length
                        + " differs from the rest pose's size " + size);
            }
            if (count > 0 && skinned != (skeleton != null)) {
                throw new IllegalArgumentException("instance " + count + (skeleton == null ? " has no skeleton" :
                        " has a skeleton") + ": a crowd's instances are all skinned or none");
            }
            if (count == roots.length) {
                int grown = 2 * count;
                roots = Arrays.copyOf(roots, grown);
                skeletons = Arrays.copyOf(skeletons, grown);
                meshes = Arrays.copyOf(meshes, grown);
                animated = Arrays.copyOf(animated, grown * size);
            }
            skinned = skeleton != null;
            roots[count] = root;
            skeletons[count] = skeleton;
            meshes[count] = mesh;
            System.arraycopy(animatedNodes, 0, animated, count * size, size);
            count++;
            return this;
        }

        /**
         * Builds the crowd: its palette buffer, its skins and its instances' nodes. O(instances × (size + joints)).
         *
         * @return the crowd, playing nothing yet ({@link Crowd#play})
         * @throws IllegalArgumentException if no instance was added, a handle is stale, or the skeletons' joint
         *     counts differ
         */
        public Crowd build() {
            if (count == 0) {
                throw new IllegalArgumentException("no instance added");
            }
            return new Crowd(this);
        }
    }

    /** @return the number of instances */
    public int instances() {
        return times.length;
    }

    /** @return the hierarchy holding the instances */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /**
     * @param instance 0 to {@code instances() - 1}
     * @return the instance's root, which places it (or {@link Hierarchy#NULL})
     */
    public long root(int instance) {
        checkInstance(instance);
        return roots[instance];
    }

    /** @return the instances' animated nodes, as the crowd's job writes them */
    public InstanceNodes nodes() {
        return nodes;
    }

    /** @return the instances' skins, or null for a crowd without skins */
    public CrowdSkin skin() {
        return skin;
    }

    /** @return the joints of each instance's skeleton (0 without skins) */
    public int jointCount() {
        return skin == null ? 0 : skin.jointCount();
    }

    /**
     * The palettes of the last frame: 4×4 column-major matrices, instance {@code i}'s joint {@code j} at float
     * {@code 16 × (i × jointCount() + j)}; a direct buffer in native order, its position 0 (a crowd without skins:
     * empty).
     *
     * @return the crowd's own buffer, written by every frame
     */
    public FloatBuffer palettes() {
        return palettes;
    }

    /**
     * Plays {@code clip} on every instance from its current time. The clip's cursor state is made here (allocates).
     *
     * @param clip the compiled clip
     * @throws IllegalArgumentException if the clip animates more entries than the rest pose has (nothing changed)
     */
    public void play(ClipSampler clip) {
        checkTargets("clip", clip);
        this.clip = clip;
        job.sample(clip, times, clip.newCursors(times.length));
    }

    /** @return the clip playing, or null before {@link #play} */
    public ClipSampler clip() {
        return clip;
    }

    /**
     * Blends a second clip over the first, each instance at its own {@link #secondTimes()}: every instance's pose is
     * {@code blend(clip, second, weight)} by {@link Pose#blend}'s rule.
     *
     * @param second the second clip (may be the first)
     * @param weight weight of the second clip, finite
     * @throws IllegalArgumentException if the weight is not finite or the clip animates more entries than the rest
     *     pose has (nothing changed)
     */
    public void blend(ClipSampler second, float weight) {
        checkTargets("second", second);
        if (!Float.isFinite(weight)) {
            throw new IllegalArgumentException("weight=" + weight + " is not finite");
        }
        job.blend(second, secondTimes, second.newCursors(times.length), weight);
    }

    /** Stops blending: the first clip alone poses the instances. */
    public void stopBlend() {
        job.noBlend();
    }

    /**
     * How times outside the clip are read: LOOP (the default) or CLAMP.
     *
     * @param wrap the wrap mode
     */
    public void setWrap(WrapMode wrap) {
        if (wrap == null) {
            throw new IllegalArgumentException("wrap is null");
        }
        job.wrap(wrap);
    }

    /**
     * Every instance's time of the first clip, in seconds: the crowd's own array, read by every frame. Write into it
     * to set the times (none NaN).
     *
     * @return the live array, one entry per instance
     */
    public float[] times() {
        return times;
    }

    /** @return every instance's time of the blended second clip: the crowd's own array, read by every frame */
    public float[] secondTimes() {
        return secondTimes;
    }

    /**
     * Moves every instance's times (both clips') on by {@code seconds}. O(instances).
     *
     * @param seconds finite, may be negative
     * @throws IllegalArgumentException if {@code seconds} is not finite (nothing changed)
     */
    public void advance(float seconds) {
        if (!Float.isFinite(seconds)) {
            throw new IllegalArgumentException("seconds=" + seconds + " is not finite");
        }
        for (int i = 0; i < times.length; i++) {
            times[i] += seconds;
            secondTimes[i] += seconds;
        }
    }

    /**
     * Sets the threads a frame uses (the caller's and {@code threads - 1} workers); results do not depend on it.
     *
     * @param threads 1 to {@link CrowdAnimator#MAX_THREADS}
     * @throws IllegalArgumentException if out of range (nothing changed)
     */
    public void setThreads(int threads) {
        animator.setThreads(threads);
    }

    /** @return the threads a frame uses */
    public int threads() {
        return animator.threads();
    }

    /**
     * One frame: every instance sampled at its time into its nodes, their world matrices brought up to date and, with
     * skins, every palette written into {@link #palettes()}, a part of the crowd at a time on the crowd's threads
     * ({@link CrowdJob}). Then {@link Hierarchy#update()} publishes the frame. O(instances × (channels + nodes +
     * joints)); allocates nothing.
     *
     * @throws IllegalStateException if no clip plays, a node holds an explicit local matrix with shear, or a mesh's
     *     world matrix is not invertible
     * @throws IllegalArgumentException if a time is NaN or a node was destroyed (nothing written)
     */
    public void frame() {
        if (clip == null) {
            throw new IllegalStateException("no clip plays: call play(clip) first");
        }
        job.run();
    }

    /**
     * The job {@link #frame()} runs, over the crowd's own arrays, for a variant of the frame (palettes into another
     * buffer, no palettes, another wrap mode). Changing it changes the crowd's frames.
     *
     * @return the crowd's job
     */
    public CrowdJob job() {
        return job;
    }

    /** Stops the crowd's worker threads (frames then run on the caller's thread). */
    @Override
    public void close() {
        animator.close();
    }

    private void checkTargets(String name, ClipSampler c) {
        if (c == null) {
            throw new IllegalArgumentException(name + " is null");
        }
        if (c.targetCount() > rest.size()) {
            throw new IllegalArgumentException(name + ".targetCount()=" + c.targetCount() + " exceeds the rest pose's"
                    + " size " + rest.size());
        }
    }

    private void checkInstance(int instance) {
        if (instance < 0 || instance >= times.length) {
            throw new IllegalArgumentException("instance=" + instance + " is outside [0, " + times.length + ")");
        }
    }
}
