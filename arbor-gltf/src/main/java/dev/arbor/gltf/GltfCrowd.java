package dev.arbor.gltf;

import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.Crowd;
import dev.arbor.hierarchy.Hierarchy;

/**
 * Crowds of a glTF model: copies of its scene in one hierarchy, made into a {@link Crowd} that plays the model's
 * first animation with the first skin's palettes.
 *
 * <pre>{@code
 * Crowd crowd = GltfCrowd.of(model, hierarchy, 1000);
 * for (int i = 0; i < crowd.instances(); i++) {
 *     hierarchy.setLocalTranslation(crowd.root(i), 1.5f * (i % 32), 0, 1.5f * (i / 32));
 *     crowd.times()[i] = 0.618f * i;      // each copy at its own point of the clip
 * }
 * }</pre>
 */
public final class GltfCrowd {
    private GltfCrowd() {
    }

    /**
     * Makes {@code count} copies of the model's scene ({@link GltfModel#sceneToShow()}), each under a new root of
     * its own ({@link Crowd#root}), and a crowd of them. O(count × nodes).
     *
     * @param model the model
     * @param hierarchy the hierarchy to add the copies to
     * @param count the copies, at least 1
     * @return the crowd, playing the model's first animation if it has one, all times 0
     * @throws IllegalArgumentException if {@code count} is below 1 (nothing added)
     */
    public static Crowd of(GltfModel model, Hierarchy hierarchy, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count=" + count + " is below 1");
        }
        GltfInstance[] copies = new GltfInstance[count];
        int scene = model.sceneToShow();
        for (int i = 0; i < count; i++) {
            copies[i] = model.instantiate(hierarchy, scene, hierarchy.createRoot());
        }
        return of(copies);
    }

    /**
     * A crowd of copies already made, each placed by whatever holds it: instance {@code i} is {@code copies[i]}, its
     * root the parent of the copy's first scene root ({@link Hierarchy#NULL} if the copy is at the top). Skinned when
     * the model has a skin used by a node: the first skin, relative to the first node that uses it.
     * O(copies × (nodes + joints)).
     *
     * @param copies copies of one model, in one hierarchy, at least one
     * @return the crowd, playing the model's first animation if it has one, all times 0
     * @throws IllegalArgumentException if there is no copy, or the copies are of different models or hierarchies
     */
    public static Crowd of(GltfInstance... copies) {
        if (copies.length == 0) {
            throw new IllegalArgumentException("no copy given");
        }
        GltfModel model = copies[0].model();
        Hierarchy hierarchy = copies[0].hierarchy();
        int[] skinned = model.skinCount() > 0 ? model.nodesWithSkin(0) : new int[0];
        int meshNode = skinned.length > 0 ? skinned[0] : -1;
        Crowd.Builder builder = Crowd.builder(hierarchy, model.restPose());
        for (int i = 0; i < copies.length; i++) {
            GltfInstance copy = copies[i];
            if (copy.model() != model || copy.hierarchy() != hierarchy) {
                throw new IllegalArgumentException("copies[" + i + "] is of another " + (copy.model() != model
                        ? "model" : "hierarchy") + " than copies[0]");
            }
            int[] roots = model.sceneRoots(copy.scene());
            long root = roots.length == 0 ? Hierarchy.NULL : hierarchy.parent(copy.handle(roots[0]));
            if (meshNode >= 0) {
                builder.add(root, copy.animatedHandles(), copy.skeleton(0), copy.handle(meshNode));
            } else {
                builder.add(root, copy.animatedHandles());
            }
        }
        Crowd crowd = builder.build();
        if (model.animationCount() > 0) {
            crowd.play(ClipSampler.compile(model.animation(0)));
        }
        return crowd;
    }
}
