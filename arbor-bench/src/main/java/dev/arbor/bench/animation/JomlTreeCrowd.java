package dev.arbor.bench.animation;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.TargetPath;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfSkin;
import java.nio.FloatBuffer;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * What a competent JVM developer writes with JOML: an object tree (a node holds its TRS, a local and a world
 * {@link Matrix4f} and its children), per instance a copy of the model's nodes under a grid spot; keys as arrays of
 * {@link Vector3f} / {@link Quaternionf} shared by all instances; per channel a binary search for the key, then
 * {@link Vector3f#lerp} or {@link Quaternionf#slerp} straight into the node (STEP and LINEAR, which is what the
 * crowd models use). The hierarchy phase walks each instance recursively: {@code local = translationRotateScale},
 * {@code world = parent.world × local}. Palettes: {@code invertAffine(meshWorld) × jointWorld × inverseBind} per
 * joint, {@link Matrix4f#get(int, FloatBuffer)} into the buffer. A blend crowd samples both times into per-instance
 * scratch transforms and blends them (lerp, slerp) into the nodes.
 */
final class JomlTreeCrowd implements CrowdSystem {
    /** A scene-graph node. */
    static final class Node {
        final Vector3f translation = new Vector3f();
        final Quaternionf rotation = new Quaternionf();
        final Vector3f scale = new Vector3f(1);
        final Matrix4f local = new Matrix4f();
        final Matrix4f world = new Matrix4f();
        /** Whether {@link #local} was given as a matrix in the file (then it is not recomposed from TRS). */
        boolean fixedLocal;
        Node[] children = new Node[0];

        void update(Matrix4f parentWorld) {
            if (!fixedLocal) {
                local.translationRotateScale(translation, rotation, scale);
            }
            parentWorld.mul(local, world);
            for (Node child : children) {
                child.update(world);
            }
        }
    }

    /** One animation channel: key times and key values as JOML objects. */
    static final class Channel {
        final int node;
        final TargetPath path;
        final boolean step;
        final float[] times;
        final Vector3f[] vectors;
        final Quaternionf[] rotations;

        Channel(AnimationClip clip, int c, int node) {
            this.node = node;
            this.path = clip.path(c);
            if (clip.interpolation(c) == Interpolation.CUBICSPLINE) {
                throw new UnsupportedOperationException("CUBICSPLINE: not used by the crowd models");
            }
            this.step = clip.interpolation(c) == Interpolation.STEP;
            this.times = clip.times(c);
            float[] v = clip.values(c);
            int n = times.length;
            vectors = path == TargetPath.ROTATION ? null : new Vector3f[n];
            rotations = path == TargetPath.ROTATION ? new Quaternionf[n] : null;
            for (int k = 0; k < n; k++) {
                if (rotations != null) {
                    rotations[k] = new Quaternionf(v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
                } else {
                    vectors[k] = new Vector3f(v[3 * k], v[3 * k + 1], v[3 * k + 2]);
                }
            }
        }

        /** The last key at or before t (0 before the first key). */
        int key(float t) {
            int lo = 0;
            int hi = times.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (times[mid] <= t) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo;
        }

        /** Samples into the node's translation, rotation or scale (or the given scratch node). */
        void sample(float t, Node dest) {
            int k = key(t);
            int last = times.length - 1;
            boolean hold = step || k == last || t <= times[0];
            float s = hold ? 0f : (t - times[k]) / (times[k + 1] - times[k]);
            switch (path) {
                case ROTATION:
                    if (hold) {
                        dest.rotation.set(rotations[k]);
                    } else {
                        rotations[k].slerp(rotations[k + 1], s, dest.rotation);
                    }
                    break;
                case TRANSLATION:
                    sampleVector(k, hold, s, dest.translation);
                    break;
                default:
                    sampleVector(k, hold, s, dest.scale);
            }
        }

        private void sampleVector(int k, boolean hold, float s, Vector3f dest) {
            if (hold) {
                dest.set(vectors[k]);
            } else {
                vectors[k].lerp(vectors[k + 1], s, dest);
            }
        }
    }

    /** One crowd member. */
    static final class Instance {
        Node spot;
        Node[] nodes;
        Node[] joints;
        Node mesh;
        /** Per animated node, the second sample of a blend crowd. */
        Node[] second;
    }

    private final Matrix4f identity = new Matrix4f();
    private final Matrix4f meshFromWorld = new Matrix4f();
    private final Matrix4f entry = new Matrix4f();
    private Crowd crowd;
    private Channel[] channels;
    private Matrix4f[] inverseBinds;
    private Instance[] instances;
    private float[] phases;
    private float length;

    @Override
    public String id() {
        return "joml-tree";
    }

    @Override
    public void build(Crowd crowd) {
        this.crowd = crowd;
        GltfModel model = crowd.model();
        AnimationClip clip = crowd.clip();
        int[] animated = model.animatedNodes();
        channels = new Channel[clip.channelCount()];
        for (int c = 0; c < channels.length; c++) {
            channels[c] = new Channel(clip, c, animated[clip.target(c)]);
        }
        GltfSkin skin = model.skin(0);
        float[] binds = skin.inverseBindMatrices();
        inverseBinds = new Matrix4f[skin.jointCount()];
        for (int j = 0; j < inverseBinds.length; j++) {
            inverseBinds[j] = affine(binds, 12 * j);
        }
        length = clip.endTime();
        instances = new Instance[crowd.count()];
        phases = new float[crowd.count()];
        for (int i = 0; i < instances.length; i++) {
            instances[i] = instantiate(model, skin, crowd, i);
            phases[i] = crowd.phase(i);
        }
        hierarchy();
    }

    private static Instance instantiate(GltfModel model, GltfSkin skin, Crowd crowd, int i) {
        Instance in = new Instance();
        in.nodes = new Node[model.nodeCount()];
        float[] trs = new float[10];
        float[] m = new float[12];
        for (int n = 0; n < in.nodes.length; n++) {
            Node node = new Node();
            if (model.hasMatrix(n)) {
                node.fixedLocal = true;
                node.local.set(affine(model.localMatrix(n, m, 0), 0));
            } else {
                model.localTrs(n, trs, 0);
                node.translation.set(trs[0], trs[1], trs[2]);
                node.rotation.set(trs[3], trs[4], trs[5], trs[6]);
                node.scale.set(trs[7], trs[8], trs[9]);
            }
            in.nodes[n] = node;
        }
        for (int n = 0; n < in.nodes.length; n++) {
            int[] children = model.children(n);
            in.nodes[n].children = new Node[children.length];
            for (int c = 0; c < children.length; c++) {
                in.nodes[n].children[c] = in.nodes[children[c]];
            }
        }
        int[] roots = model.sceneRoots(model.sceneToShow());
        in.spot = new Node();
        in.spot.translation.set(crowd.gridX(i), 0, crowd.gridZ(i));
        in.spot.children = new Node[roots.length];
        for (int r = 0; r < roots.length; r++) {
            in.spot.children[r] = in.nodes[roots[r]];
        }
        in.joints = new Node[skin.jointCount()];
        for (int j = 0; j < in.joints.length; j++) {
            in.joints[j] = in.nodes[skin.joint(j)];
        }
        in.mesh = in.nodes[crowd.meshNode()];
        if (crowd.blend()) {
            in.second = new Node[model.nodeCount()];
            for (int n = 0; n < in.second.length; n++) {
                in.second[n] = new Node();
            }
        }
        return in;
    }

    /** A JOML matrix from 12 floats column-major 3×4. */
    static Matrix4f affine(float[] a, int o) {
        return new Matrix4f(a[o], a[o + 1], a[o + 2], 0, a[o + 3], a[o + 4], a[o + 5], 0, a[o + 6], a[o + 7],
                a[o + 8], 0, a[o + 9], a[o + 10], a[o + 11], 1);
    }

    private float wrap(float t) {
        float r = t % length;
        return r < 0 ? r + length : r;
    }

    @Override
    public void sample(float clock) {
        float offset = crowd.blendOffset();
        for (int i = 0; i < instances.length; i++) {
            Instance in = instances[i];
            float t = wrap(clock + phases[i]);
            for (Channel c : channels) {
                c.sample(t, in.nodes[c.node]);
            }
            if (in.second != null) {
                float t2 = wrap(clock + phases[i] + offset);
                for (Channel c : channels) {
                    c.sample(t2, in.second[c.node]);
                }
                for (Channel c : channels) {
                    Node a = in.nodes[c.node];
                    Node b = in.second[c.node];
                    switch (c.path) {
                        case ROTATION:
                            a.rotation.slerp(b.rotation, Crowd.BLEND_WEIGHT);
                            break;
                        case TRANSLATION:
                            a.translation.lerp(b.translation, Crowd.BLEND_WEIGHT);
                            break;
                        default:
                            a.scale.lerp(b.scale, Crowd.BLEND_WEIGHT);
                    }
                }
            }
        }
    }

    @Override
    public void hierarchy() {
        for (Instance in : instances) {
            in.spot.update(identity);
        }
    }

    @Override
    public void palettes(FloatBuffer dest) {
        int index = 0;
        for (Instance in : instances) {
            in.mesh.world.invertAffine(meshFromWorld);
            for (int j = 0; j < in.joints.length; j++) {
                meshFromWorld.mulAffine(in.joints[j].world, entry).mulAffine(inverseBinds[j]);
                entry.get(index, dest);
                index += 16;
            }
        }
    }

    @Override
    public void renderWorld(int instance, float[] dest) {
        instances[instance].mesh.world.get(dest);
    }
}
