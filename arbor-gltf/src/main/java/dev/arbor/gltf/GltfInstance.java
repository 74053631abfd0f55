package dev.arbor.gltf;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.Pose;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.HierarchyBounds;
import dev.arbor.hierarchy.NodeList;
import java.util.HashMap;
import java.util.Map;

/**
 * One copy of a {@link GltfModel} built into a {@link Hierarchy}: the two-way mapping between glTF node indices and
 * handles, one {@link Skeleton} per skin whose joints were all built, the handles a pose is applied to, and the
 * morph-target weights of its morphed nodes ({@link #applyWeights}: what {@link GltfWriter} exports and a renderer
 * may read), which start as the model's defaults.
 *
 * <p>Not thread-safe (like the hierarchy it writes). Many instances of one model may live in one hierarchy; they
 * share the model's clips, and each keeps only its handles and skeletons.
 */
public final class GltfInstance {
    private final GltfModel model;
    private final Hierarchy hierarchy;
    private final int scene;
    private final long[] handles;
    private final long[] animatedHandles;
    /** The animated nodes as a node list, made on the first pose applied (when none of them is missing). */
    private NodeList animatedList;
    private final Skeleton[] skeletons;
    private final Map<Long, Integer> nodeOfHandle;
    /** The current morph-target weights, entries as {@link GltfModel#morphNodes()}. */
    private final MorphWeights weights;

    GltfInstance(GltfModel model, Hierarchy hierarchy, int scene, long[] handles, int[] animatedNodes,
            GltfSkin[] skins) {
        this.model = model;
        this.hierarchy = hierarchy;
        this.scene = scene;
        this.handles = handles;
        this.animatedHandles = new long[animatedNodes.length];
        for (int k = 0; k < animatedNodes.length; k++) {
            animatedHandles[k] = handles[animatedNodes[k]];
        }
        this.weights = model.restWeights();
        this.skeletons = new Skeleton[skins.length];
        for (int s = 0; s < skins.length; s++) {
            GltfSkin skin = skins[s];
            long[] joints = new long[skin.jointCount()];
            boolean complete = true;
            for (int j = 0; j < joints.length; j++) {
                joints[j] = handles[skin.joint(j)];
                complete &= joints[j] != Hierarchy.NULL;
            }
            skeletons[s] = complete ? new Skeleton(joints, skin.inverseBindMatricesShared()) : null;
        }
        this.nodeOfHandle = new HashMap<>(handles.length * 2);
        for (int i = 0; i < handles.length; i++) {
            if (handles[i] != Hierarchy.NULL) {
                nodeOfHandle.put(handles[i], i);
            }
        }
    }

    /** @return the model this instance was built from */
    public GltfModel model() {
        return model;
    }

    /** @return the scene this instance was built from, or -1 when every root node of the file was built */
    public int scene() {
        return scene;
    }

    /** @return the hierarchy holding the instance's nodes */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /**
     * @param node glTF node index
     * @return the node's handle, or {@link Hierarchy#NULL} if the node was not built (not in the scene)
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public long handle(int node) {
        return handles[node];
    }

    /**
     * @param handle a handle
     * @return the glTF node index of the handle, or -1 if it is not a node of this instance. O(1) expected.
     */
    public int node(long handle) {
        Integer n = nodeOfHandle.get(handle);
        return n == null ? -1 : n;
    }

    /** @return a copy of the handle of every node by glTF index ({@link Hierarchy#NULL} where not built) */
    public long[] handles() {
        return handles.clone();
    }

    /** @return a copy of the handles of {@link GltfModel#animatedNodes()}, in pose order (NULL where not built) */
    public long[] animatedHandles() {
        return animatedHandles.clone();
    }

    /**
     * @param skin skin index
     * @return the skeleton over this instance's joints, or {@code null} if some joint was not built
     * @throws IndexOutOfBoundsException if {@code skin} is out of range
     */
    public Skeleton skeleton(int skin) {
        return skeletons[skin];
    }

    /**
     * Gives every built node that has a mesh its content bounds ({@link GltfModel#contentBounds}: the union of its
     * primitives' {@code POSITION} min/max, in local space, under every instance of
     * {@code EXT_mesh_gpu_instancing}). O(nodes).
     *
     * @param bounds bounds tracker of this instance's hierarchy
     * @return the number of nodes that received bounds
     * @throws IllegalArgumentException if a node was destroyed
     */
    public int applyContentBounds(HierarchyBounds bounds) {
        float[] b = new float[6];
        int count = 0;
        for (int i = 0; i < handles.length; i++) {
            if (handles[i] != Hierarchy.NULL && model.contentBounds(i, b, 0)) {
                bounds.setContentBounds(handles[i], b[0], b[1], b[2], b[3], b[4], b[5]);
                count++;
            }
        }
        return count;
    }

    /**
     * Writes a pose (sized {@code model().animatedNodes().length}) into this instance's nodes. See
     * {@link Pose#applyTo}. O(animated nodes) plus marking subtrees stale.
     *
     * @param pose the pose
     * @throws IllegalArgumentException if the pose has the wrong size or a node was destroyed
     */
    public void applyPose(Pose pose) {
        if (pose.size() != animatedHandles.length) {
            throw new IllegalArgumentException("pose size " + pose.size() + " does not match the model's "
                    + animatedHandles.length + " animated nodes");
        }
        if (animatedList == null && noneNull(animatedHandles)) {
            animatedList = hierarchy.nodeList(animatedHandles, 0, animatedHandles.length);
        }
        if (animatedList != null) {
            pose.applyTo(hierarchy, animatedList);
        } else {
            pose.applyTo(hierarchy, animatedHandles, 0);
        }
    }

    /**
     * Sets this instance's morph-target weights (copied; the layout of {@link GltfModel#restWeights()}). The
     * hierarchy does not hold weights: the instance keeps them for the writer and for whoever draws it. O(weights),
     * allocation-free.
     *
     * @param weights the weights, e.g. sampled by {@link AnimationClip#sampleWeights} over the rest weights
     * @throws IllegalArgumentException if the layout differs (nothing changed)
     */
    public void applyWeights(MorphWeights weights) {
        this.weights.copyFrom(weights);
    }

    /**
     * Reads this instance's morph-target weights. O(weights), allocation-free.
     *
     * @param dest weights of the layout of {@link GltfModel#restWeights()}
     * @return {@code dest}
     * @throws IllegalArgumentException if the layout differs
     */
    public MorphWeights weights(MorphWeights dest) {
        return dest.copyFrom(weights);
    }

    private static boolean noneNull(long[] handles) {
        for (long h : handles) {
            if (h == Hierarchy.NULL) {
                return false;
            }
        }
        return true;
    }

    /**
     * Poses this instance at a time of one animation: {@code scratch} is reset to the rest pose, the clip sampled
     * into it and the result applied. Allocation-free. O(channels × log keys + animated nodes).
     *
     * @param animation animation index
     * @param time time in seconds
     * @param wrap clamp or loop
     * @param scratch a pose of the model's size, overwritten
     * @throws IndexOutOfBoundsException if {@code animation} is out of range
     * @throws IllegalArgumentException if the pose has the wrong size, the time is NaN or a node was destroyed
     */
    public void applyAnimation(int animation, float time, WrapMode wrap, Pose scratch) {
        AnimationClip clip = model.animation(animation);
        model.copyRestPose(scratch);
        clip.sample(time, wrap, scratch);
        applyPose(scratch);
    }
}
