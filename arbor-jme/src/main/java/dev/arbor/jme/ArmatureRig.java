package dev.arbor.jme;

import com.jme3.anim.Armature;
import com.jme3.anim.Joint;
import com.jme3.math.Matrix4f;
import com.jme3.math.Quaternion;
import com.jme3.math.Transform;
import com.jme3.math.Vector3f;
import dev.arbor.animation.Pose;
import dev.arbor.animation.Skeleton;
import dev.arbor.hierarchy.Hierarchy;
import java.util.Arrays;

/**
 * The Arbor side of a jME {@link Armature}'s shape, read once: per joint (in the armature's joint order, which is
 * also the pose target and palette order) its parent joint, its name, its local transform when read (the rest pose
 * of the channels a clip leaves alone) and its inverse model bind matrix. {@link #instantiate} makes the joints as
 * nodes of a hierarchy; {@link #bind} makes jME read the skinning matrices from Arbor. Immutable after construction
 * except for the jME armature it was read from, which it does not keep.
 */
final class ArmatureRig {
    private final String[] names;
    private final int[] parents;
    /** Joints in an order with every parent before its children, for creating the nodes. */
    private final int[] creationOrder;
    private final Pose rest;
    /** {@code jointFromArmatureAtBind} per joint, 12 floats column-major 3×4 (Arbor's affine layout). */
    private final float[] inverseBinds;

    /**
     * Reads an armature. O(joints).
     *
     * @param armature the armature
     * @throws IllegalArgumentException if it has no joints or a matrix or transform value is not finite
     */
    ArmatureRig(Armature armature) {
        int n = armature.getJointCount();
        if (n == 0) {
            throw new IllegalArgumentException("armature has no joints: jointCount=0");
        }
        names = new String[n];
        parents = new int[n];
        rest = new Pose(n);
        inverseBinds = new float[12 * n];
        float[] t = new float[3];
        float[] r = new float[4];
        float[] s = new float[3];
        for (int j = 0; j < n; j++) {
            Joint joint = armature.getJoint(j);
            names[j] = joint.getName();
            parents[j] = joint.getParent() == null ? -1 : armature.getJointIndex(joint.getParent());
            Transform local = joint.getLocalTransform();
            Vector3f tr = local.getTranslation();
            Quaternion q = local.getRotation();
            Vector3f sc = local.getScale();
            t[0] = tr.x;
            t[1] = tr.y;
            t[2] = tr.z;
            r[0] = q.getX();
            r[1] = q.getY();
            r[2] = q.getZ();
            r[3] = q.getW();
            s[0] = sc.x;
            s[1] = sc.y;
            s[2] = sc.z;
            rest.set(j, t, r, s);
            writeAffine(joint.getInverseModelBindMatrix(), inverseBinds, 12 * j, "inverse model bind matrix of joint "
                    + j);
        }
        creationOrder = parentsFirst(parents);
    }

    private static int[] parentsFirst(int[] parents) {
        int n = parents.length;
        int[] order = new int[n];
        boolean[] placed = new boolean[n];
        int count = 0;
        while (count < n) {
            int before = count;
            for (int j = 0; j < n; j++) {
                if (!placed[j] && (parents[j] < 0 || placed[parents[j]])) {
                    placed[j] = true;
                    order[count++] = j;
                }
            }
            if (count == before) {
                throw new IllegalArgumentException("armature joints form a cycle: joints placed=" + count + ", joints="
                        + n);
            }
        }
        return order;
    }

    /**
     * Writes a jME affine matrix as Arbor's 3×4 column-major affine. Allocation-free.
     *
     * @param m the matrix (its last row is taken to be 0 0 0 1)
     * @param dest destination
     * @param o offset in {@code dest}
     * @param what what the matrix is, for the error message
     * @throws IllegalArgumentException if an element is not finite (naming it and the value)
     */
    static void writeAffine(Matrix4f m, float[] dest, int o, String what) {
        dest[o] = m.m00;
        dest[o + 1] = m.m10;
        dest[o + 2] = m.m20;
        dest[o + 3] = m.m01;
        dest[o + 4] = m.m11;
        dest[o + 5] = m.m21;
        dest[o + 6] = m.m02;
        dest[o + 7] = m.m12;
        dest[o + 8] = m.m22;
        dest[o + 9] = m.m03;
        dest[o + 10] = m.m13;
        dest[o + 11] = m.m23;
        for (int e = 0; e < 12; e++) {
            if (!Float.isFinite(dest[o + e])) {
                throw new IllegalArgumentException(what + " is not finite: element=" + e + ", value=" + dest[o + e]);
            }
        }
    }

    /** @return the number of joints */
    int jointCount() {
        return names.length;
    }

    /**
     * @param name a joint name
     * @return its joint index, or -1
     */
    int jointIndex(String name) {
        for (int j = 0; j < names.length; j++) {
            if (names[j].equals(name)) {
                return j;
            }
        }
        return -1;
    }

    /** @return the rest pose, one target per joint (shared: do not change it) */
    Pose rest() {
        return rest;
    }

    /** @return parent joint per joint, -1 for a root (a copy) */
    int[] parents() {
        return parents.clone();
    }

    /**
     * Whether another armature read the same way has this shape: joint count, parents and inverse bind matrices.
     *
     * @param other the other rig
     * @return true if both give equal palettes for equal poses
     */
    boolean sameShape(ArmatureRig other) {
        return Arrays.equals(parents, other.parents) && Arrays.equals(inverseBinds, other.inverseBinds);
    }

    /**
     * Creates the joints as nodes: each joint under its parent joint, root joints under {@code root} (or as roots of
     * the hierarchy for {@link Hierarchy#NULL}), each at its rest pose, named as in jME. O(joints); allocates.
     *
     * @param hierarchy the hierarchy
     * @param root the node the armature's space is, or {@link Hierarchy#NULL} for the world
     * @return the joint handles in joint order
     */
    long[] instantiate(Hierarchy hierarchy, long root) {
        long[] handles = new long[names.length];
        float[] t = new float[3];
        float[] r = new float[4];
        float[] s = new float[3];
        for (int j : creationOrder) {
            long parent = parents[j] < 0 ? root : handles[parents[j]];
            long node = parent == Hierarchy.NULL ? hierarchy.createRoot() : hierarchy.createChild(parent);
            rest.translation(j, t, 0);
            rest.rotation(j, r, 0);
            rest.scale(j, s, 0);
            hierarchy.setLocalTranslation(node, t[0], t[1], t[2]);
            hierarchy.setLocalRotation(node, r[0], r[1], r[2], r[3]);
            hierarchy.setLocalScale(node, s[0], s[1], s[2]);
            if (names[j] != null) {
                hierarchy.setName(node, names[j]);
            }
            handles[j] = node;
        }
        return handles;
    }

    /**
     * @param joints the joint handles from {@link #instantiate}
     * @return the skeleton over them with the armature's inverse bind matrices
     */
    Skeleton skeleton(long[] joints) {
        return new Skeleton(joints, inverseBinds);
    }

    /** @return the inverse bind matrices, 12 floats column-major per joint (a copy) */
    float[] inverseBinds() {
        return inverseBinds.clone();
    }

    /**
     * Makes jME read the armature's skinning matrices from a new binding: sets the armature's model transform class
     * to {@link ArborJointTransform}. O(joints); allocates.
     *
     * @param armature the armature this rig was read from (or one of the same shape)
     * @return the binding, with its own palette array at the bind pose until Arbor writes one
     */
    PaletteBinding bind(Armature armature) {
        int n = armature.getJointCount();
        if (n != names.length) {
            throw new IllegalArgumentException("armature jointCount=" + n + ", rig joints=" + names.length);
        }
        Matrix4f[] bindModels = new Matrix4f[n];
        for (int j = 0; j < n; j++) {
            bindModels[j] = armature.getJoint(j).getInverseModelBindMatrix().invert();
        }
        PaletteBinding binding = new PaletteBinding(bindModels);
        for (int j = 0; j < n; j++) {
            int o = j * PaletteBinding.ENTRY_FLOATS;
            binding.palettes[o] = 1;
            binding.palettes[o + 5] = 1;
            binding.palettes[o + 10] = 1;
            binding.palettes[o + 15] = 1;
        }
        binding.install(() -> armature.setModelTransformClass(ArborJointTransform.class));
        return binding;
    }

    /**
     * Gives an armature back to jME: its joints' model transforms become jME's default again.
     *
     * @param armature a bound armature
     */
    static void unbind(Armature armature) {
        armature.setModelTransformClass(com.jme3.anim.SeparateJointModelTransform.class);
        armature.update();
    }
}
