package dev.arbor.bench.animation;

import dev.arbor.animation.AnimationClip;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * One crowd of the animation benchmark: {@code count} instances of a bundled glTF model, each playing the model's
 * first animation (looped) at its own time, on a grid 1.5 apart. Instance {@code i} plays at {@code clock + phase(i)};
 * in a blend crowd it also samples the clip at {@code clock + phase(i) + blendOffset()} and blends the two poses with
 * weight {@link #BLEND_WEIGHT} (two samples and a blend per joint).
 *
 * <p>Crowd ids: {@code cesium-1000}, {@code cesium-10000}, {@code rigged-1000}, {@code cesium-blend-1000}. The models
 * (with their licence files) are in the benchmarks jar under {@link #FOLDER}: CesiumMan (19 joints, 57 LINEAR
 * channels) and RiggedFigure, both from the Khronos glTF sample models.
 */
public final class Crowd {
    /** Class-path folder of the bundled models, one subfolder per model. */
    public static final String FOLDER = "dev/arbor/bench/models/";
    /** Weight of the second sample in a blend crowd: 0.5, where slerp and jME's nlerp agree exactly. */
    public static final float BLEND_WEIGHT = 0.5f;
    /** Seconds per frame of the benchmark's clock. */
    public static final float FRAME = 1f / 60;
    /** Grid spacing of the instances. */
    static final float SPACING = 1.5f;

    private final String id;
    private final String modelName;
    private final int count;
    private final boolean blend;
    private final GltfModel model;

    private Crowd(String id, String modelName, int count, boolean blend) {
        this.id = id;
        this.modelName = modelName;
        this.count = count;
        this.blend = blend;
        this.model = read(modelName);
    }

    /**
     * @param id a crowd id (see the class comment)
     * @return the crowd, its model read
     * @throws IllegalArgumentException for an unknown id
     */
    public static Crowd of(String id) {
        switch (id) {
            case "cesium-1000":
                return new Crowd(id, "CesiumMan", 1_000, false);
            case "cesium-10000":
                return new Crowd(id, "CesiumMan", 10_000, false);
            case "rigged-1000":
                return new Crowd(id, "RiggedFigure", 1_000, false);
            case "cesium-blend-1000":
                return new Crowd(id, "CesiumMan", 1_000, true);
            default:
                throw new IllegalArgumentException("unknown crowd: " + id);
        }
    }

    private static GltfModel read(String name) {
        String path = "/" + resource(name);
        try (InputStream in = Crowd.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("model missing from the class path: " + path);
            }
            return Gltf.read(in, name + ".glb");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param name model name
     * @return the model file's class-path resource name (no leading slash)
     */
    static String resource(String name) {
        return FOLDER + name + "/" + name + ".glb";
    }

    /** @return the crowd id */
    public String id() {
        return id;
    }

    /** @return the model's name, e.g. {@code CesiumMan} */
    public String modelName() {
        return modelName;
    }

    /** @return the model as Arbor reads it; the peers take the key data from here */
    public GltfModel model() {
        return model;
    }

    /** @return the played clip: the model's first animation */
    public AnimationClip clip() {
        return model.animation(0);
    }

    /** @return the number of instances */
    public int count() {
        return count;
    }

    /** @return whether each instance blends two samples of the clip */
    public boolean blend() {
        return blend;
    }

    /** @return joints per instance (of the model's first skin) */
    public int joints() {
        return model.skin(0).jointCount();
    }

    /** @return the glTF node of the mesh the model's first skin deforms */
    public int meshNode() {
        for (int n = 0; n < model.nodeCount(); n++) {
            if (model.skinOf(n) == 0) {
                return n;
            }
        }
        throw new IllegalStateException(modelName + " has no skinned mesh node");
    }

    /**
     * @param instance instance index
     * @return its time offset into the loop, as in Arbor's crowd demo
     */
    public float phase(int instance) {
        return clip().endTime() * ((instance * 0.618034f) % 1f);
    }

    /** @return the second sample's offset from the first in a blend crowd: 0.37 of the loop */
    public float blendOffset() {
        return 0.37f * clip().endTime();
    }

    /**
     * @param instance instance index
     * @return its x position on the grid (z is {@link #gridZ})
     */
    public float gridX(int instance) {
        return (instance % columns()) * SPACING;
    }

    /**
     * @param instance instance index
     * @return its z position on the grid
     */
    public float gridZ(int instance) {
        return (instance / columns()) * SPACING;
    }

    private int columns() {
        return (int) Math.ceil(Math.sqrt(count));
    }

    @Override
    public String toString() {
        return id + " (" + count + " × " + modelName + ", " + joints() + " joints, " + clip().channelCount()
                + " channels" + (blend ? ", two samples blended" : "") + ")";
    }
}
