package dev.arbor.bench.animation;

import java.nio.FloatBuffer;

/**
 * One implementation of the animated crowd: the same {@link Crowd} built in its own data structures, posed per frame
 * in three phases. Palettes go into one direct buffer, column-major 4×4, instance {@code i}'s joint {@code j} at
 * float {@code (i × joints + j) × 16}. Not thread-safe.
 */
public interface CrowdSystem {
    /** @return the implementation id used by the benchmark's {@code impl} parameter */
    String id();

    /**
     * Sets the threads of the implementation's frame, where it has such a setting (Arbor); before or after
     * {@link #build}. The default ignores it.
     *
     * @param threads thread count, ≥ 1
     */
    default void setThreads(int threads) {
    }

    /**
     * Builds the crowd (instances on their grid, each at rest). Not timed.
     *
     * @param crowd the crowd
     */
    void build(Crowd crowd);

    /**
     * Phase 1: samples every instance's clip at {@code clock + phase(i)} (and blends the second sample in a blend
     * crowd) and writes the results into the instances' local transforms.
     *
     * @param clock seconds
     */
    void sample(float clock);

    /** Phase 2: brings the world matrices (or joint model matrices) up to date. */
    void hierarchy();

    /**
     * Phase 3: writes every instance's skinning palette.
     *
     * @param dest direct buffer of {@code count × joints × 16} floats
     */
    void palettes(FloatBuffer dest);

    /**
     * The matrix a renderer applies to a skinned vertex after the palette entry (the mesh's world matrix, or for
     * libGDX the instance's): {@code renderWorld × palette[j]} is the same world-space skinning matrix
     * {@code worldFromJoint × jointFromBind} for every implementation. For the correctness check only.
     *
     * @param instance instance index
     * @param dest receives 16 floats, column-major
     */
    void renderWorld(int instance, float[] dest);

    /**
     * The whole frame: {@link #sample}, {@link #hierarchy}, {@link #palettes}.
     *
     * @param clock seconds
     * @param dest palette buffer
     */
    default void frame(float clock, FloatBuffer dest) {
        sample(clock);
        hierarchy();
        palettes(dest);
    }

    /**
     * @param id {@code arbor}, {@code arbor-calls}, {@code arbor-folded}, {@code arbor-pose}, {@code jme},
     *     {@code jme-arbor} or {@code joml-tree}
     * @return a new, unbuilt implementation
     * @throws IllegalArgumentException for an unknown id
     */
    static CrowdSystem byId(String id) {
        switch (id) {
            case "arbor":
                return new ArborCrowd("arbor", 0f);
            case "arbor-calls":
                return new ArborCrowd("arbor-calls", 0f, false);
            case "arbor-folded":
                return new ArborCrowd("arbor-folded", ArborCrowd.FOLD_TOLERANCE);
            case "arbor-pose":
                return new ArborPoseCrowd();
            case "jme":
                return new JmeCrowd();
            case "jme-arbor":
                return new JmeArborCrowd();
            case "joml-tree":
                return new JomlTreeCrowd();
            default:
                throw new IllegalArgumentException("unknown crowd implementation: " + id);
        }
    }
}
