package dev.arbor.jme;

import com.jme3.anim.AnimClip;
import com.jme3.anim.AnimTrack;
import com.jme3.anim.Armature;
import com.jme3.anim.Joint;
import com.jme3.anim.TransformTrack;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.TargetPath;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Converts jME animation clips into Arbor clips, once: each {@link TransformTrack} whose target is a joint of the
 * armature (the same object, or a joint of the same name) becomes up to three LINEAR channels (translation,
 * rotation, scale, those the track has) on that joint's index. Every channel of the clip gets the same key times
 * (the union of the tracks' key times and of the rotation keys added below), with the values jME computes there, so
 * that Arbor's compiled clip samples them all on one timeline (keys a channel did not have are exact points of its
 * line, for translations and scales). Tracks on spatials and morph tracks are left out (jME can keep playing those).
 *
 * <p>Rotations: jME's default interpolator blends rotation keys with nlerp (a normalised straight-line blend), Arbor
 * with slerp; between keys 20–40° apart the two differ by up to 6e-4 in a quaternion component, 1.7e-3 in a
 * skinning matrix. So that Arbor plays the curve jME plays, each rotation interval is subdivided where needed: keys
 * are added at jME's nlerp values until slerp between them is within {@link #ROTATION_TOLERANCE} of the nlerp at the
 * quarter points of every piece (at most {@link #MAX_DEPTH} halvings). Translation and scale
 * keys are linear in both and kept as they are.
 */
public final class JmeClips {
    /** Largest quaternion component difference between Arbor's slerp and jME's nlerp left by the subdivision. */
    public static final double ROTATION_TOLERANCE = 1e-6;
    /** Most halvings of one key interval. */
    static final int MAX_DEPTH = 8;

    private JmeClips() {
    }

    /**
     * Converts one clip. O(keys); allocates the clip.
     *
     * @param clip the jME clip
     * @param armature the armature whose joints the channels target (joint index = pose target)
     * @return the Arbor clip, named as the jME clip, its end time the jME clip's length
     * @throws IllegalArgumentException if a joint track has no keys, its key times are not strictly increasing or a
     *     key value is not finite (naming the clip, the joint and the value)
     */
    public static AnimationClip toArbor(AnimClip clip, Armature armature) {
        List<JointTrack> tracks = new ArrayList<>();
        TreeSet<Float> shared = new TreeSet<>();
        for (AnimTrack<?> track : clip.getTracks()) {
            if (!(track instanceof TransformTrack) || !(((TransformTrack) track).getTarget() instanceof Joint)) {
                continue;
            }
            TransformTrack tt = (TransformTrack) track;
            Joint joint = (Joint) tt.getTarget();
            int target = armature.getJointIndex(joint);
            if (target < 0) {
                target = armature.getJointIndex(joint.getName());
            }
            if (target < 0) {
                continue;
            }
            String where = "clip " + clip.getName() + ", joint " + joint.getName();
            JointTrack jt = new JointTrack(target, where, tt);
            tracks.add(jt);
            for (float t : jt.times) {
                shared.add(t);
            }
            if (jt.rotations != null) {
                for (float t : new RotationKeys(jt.times, jt.rotations).times()) {
                    shared.add(t);
                }
            }
        }
        float[] times = new float[shared.size()];
        int n = 0;
        for (float t : shared) {
            times[n++] = t;
        }
        AnimationClip.Builder b = AnimationClip.builder(clip.getName());
        for (JointTrack jt : tracks) {
            try {
                if (jt.translations != null) {
                    b.addChannel(jt.target, TargetPath.TRANSLATION, Interpolation.LINEAR, times,
                            jt.resample(jt.translations, 3, times));
                }
                if (jt.rotations != null) {
                    b.addChannel(jt.target, TargetPath.ROTATION, Interpolation.LINEAR, times,
                            jt.resample(jt.rotations, 4, times));
                }
                if (jt.scales != null) {
                    b.addChannel(jt.target, TargetPath.SCALE, Interpolation.LINEAR, times,
                            jt.resample(jt.scales, 3, times));
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(jt.where + ": " + e.getMessage(), e);
            }
        }
        return b.build();
    }

    /** One joint's track of a jME clip, read into flat arrays, sampled as jME samples it. */
    private static final class JointTrack {
        final int target;
        final String where;
        final float[] times;
        final float[] translations;
        final float[] rotations;
        final float[] scales;

        JointTrack(int target, String where, TransformTrack track) {
            this.target = target;
            this.where = where;
            this.times = track.getTimes();
            if (times == null || times.length == 0) {
                throw new IllegalArgumentException(where + ": no keys");
            }
            for (int k = 0; k < times.length; k++) {
                if (!Float.isFinite(times[k]) || k > 0 && !(times[k] > times[k - 1])) {
                    throw new IllegalArgumentException(where + ": key times not finite and strictly increasing: key="
                            + k + ", time=" + times[k]);
                }
            }
            this.translations = track.getTranslations() == null ? null : vectors(track.getTranslations());
            this.rotations = track.getRotations() == null ? null : quaternions(track.getRotations());
            this.scales = track.getScales() == null ? null : vectors(track.getScales());
        }

        /**
         * The track's values at the given times as jME computes them: the first key before the first, the last
         * after the last, and between two keys a linear blend (vectors) or jME's nlerp (quaternions).
         */
        float[] resample(float[] values, int components, float[] at) {
            float[] out = new float[components * at.length];
            int last = times.length - 1;
            int k = 0;
            for (int i = 0; i < at.length; i++) {
                float t = at[i];
                int o = components * i;
                if (t <= times[0] || last == 0) {
                    System.arraycopy(values, 0, out, o, components);
                    continue;
                }
                if (t >= times[last]) {
                    System.arraycopy(values, components * last, out, o, components);
                    continue;
                }
                while (times[k + 1] < t) {
                    k++;
                }
                float f = (t - times[k]) / (times[k + 1] - times[k]);
                if (components == 4) {
                    RotationKeys.nlerp(values, k, f, out, o);
                } else {
                    float fi = 1f - f;
                    for (int c = 0; c < 3; c++) {
                        out[o + c] = fi * values[3 * k + c] + f * values[3 * (k + 1) + c];
                    }
                }
            }
            return out;
        }
    }

    private static float[] vectors(Vector3f[] v) {
        float[] out = new float[3 * v.length];
        for (int k = 0; k < v.length; k++) {
            out[3 * k] = v[k].x;
            out[3 * k + 1] = v[k].y;
            out[3 * k + 2] = v[k].z;
        }
        return out;
    }

    private static float[] quaternions(Quaternion[] q) {
        float[] out = new float[4 * q.length];
        for (int k = 0; k < q.length; k++) {
            out[4 * k] = q[k].getX();
            out[4 * k + 1] = q[k].getY();
            out[4 * k + 2] = q[k].getZ();
            out[4 * k + 3] = q[k].getW();
        }
        return out;
    }

    /** A rotation channel's keys with the keys added so that slerp between them follows jME's nlerp. */
    private static final class RotationKeys {
        private final float[] keyTimes;
        private final float[] keyValues;
        private float[] times;
        private float[] values;
        private int count;
        private final float[] a = new float[4];
        private final float[] b = new float[4];
        private final float[] m = new float[4];

        RotationKeys(float[] keyTimes, float[] keyValues) {
            this.keyTimes = keyTimes;
            this.keyValues = keyValues;
            int n = keyTimes.length;
            times = new float[Math.max(1, 2 * n)];
            values = new float[4 * times.length];
            for (int k = 0; k + 1 < n; k++) {
                add(keyTimes[k], keyValues, 4 * k);
                nlerp(k, 0f, a);
                nlerp(k, 1f, b);
                subdivide(k, 0f, 1f, a.clone(), b.clone(), 0);
            }
            if (n > 0) {
                add(keyTimes[n - 1], keyValues, 4 * (n - 1));
            }
        }

        float[] times() {
            return java.util.Arrays.copyOf(times, count);
        }

        private void add(float time, float[] q, int o) {
            if (count == times.length) {
                times = java.util.Arrays.copyOf(times, 2 * count);
                values = java.util.Arrays.copyOf(values, 8 * count);
            }
            times[count] = time;
            System.arraycopy(q, o, values, 4 * count, 4);
            count++;
        }

        /** Adds keys strictly inside ({@code f0}, {@code f1}) of interval {@code k} where slerp strays from nlerp. */
        private void subdivide(int k, float f0, float f1, float[] q0, float[] q1, int depth) {
            if (depth >= MAX_DEPTH || withinTolerance(k, f0, f1, q0, q1)) {
                return;
            }
            float fm = (f0 + f1) * 0.5f;
            float t0 = keyTimes[k];
            float tm = t0 + fm * (keyTimes[k + 1] - t0);
            if (!(tm > times[count - 1] && tm < keyTimes[k + 1])) {
                return; // no float time between the neighbours
            }
            float[] qm = new float[4];
            nlerp(k, fm, qm);
            subdivide(k, f0, fm, q0, qm, depth + 1);
            add(tm, qm, 0);
            subdivide(k, fm, f1, qm, q1, depth + 1);
        }

        private boolean withinTolerance(int k, float f0, float f1, float[] q0, float[] q1) {
            for (int i = 1; i <= 3; i++) {
                double s = i * 0.25;
                nlerp(k, (float) (f0 + s * (f1 - f0)), m);
                if (slerpError(q0, q1, s, m) > ROTATION_TOLERANCE) {
                    return false;
                }
            }
            return true;
        }

        private void nlerp(int k, float f, float[] dest) {
            nlerp(keyValues, k, f, dest, 0);
        }

        /** jME's nlerp of interval {@code k} of quaternion keys {@code q} at fraction {@code f}, in float as jME. */
        static void nlerp(float[] q, int k, float f, float[] dest, int d) {
            int o = 4 * k;
            float dot = q[o] * q[o + 4] + q[o + 1] * q[o + 5] + q[o + 2] * q[o + 6] + q[o + 3] * q[o + 7];
            float fi = 1f - f;
            float sign = dot < 0f ? -1f : 1f;
            float x = fi * q[o] + sign * f * q[o + 4];
            float y = fi * q[o + 1] + sign * f * q[o + 5];
            float z = fi * q[o + 2] + sign * f * q[o + 6];
            float w = fi * q[o + 3] + sign * f * q[o + 7];
            float n = x * x + y * y + z * z + w * w;
            if (n != 1f && n != 0f) {
                float inv = (float) (1.0 / Math.sqrt(n));
                x *= inv;
                y *= inv;
                z *= inv;
                w *= inv;
            }
            dest[d] = x;
            dest[d + 1] = y;
            dest[d + 2] = z;
            dest[d + 3] = w;
        }

        /** Largest component difference between slerp(q0, q1, s) (shorter arc, double) and {@code want}, up to sign. */
        private static double slerpError(float[] q0, float[] q1, double s, float[] want) {
            double dot = 0;
            for (int c = 0; c < 4; c++) {
                dot += (double) q0[c] * q1[c];
            }
            double sign = dot < 0 ? -1 : 1;
            dot = Math.min(1, Math.abs(dot));
            double theta = Math.acos(dot);
            double w0;
            double w1;
            if (theta < 1e-9) {
                w0 = 1 - s;
                w1 = s;
            } else {
                double sin = Math.sin(theta);
                w0 = Math.sin((1 - s) * theta) / sin;
                w1 = Math.sin(s * theta) / sin;
            }
            double same = 0;
            double opposite = 0;
            for (int c = 0; c < 4; c++) {
                double v = w0 * q0[c] + w1 * sign * q1[c];
                same = Math.max(same, Math.abs(v - want[c]));
                opposite = Math.max(opposite, Math.abs(v + want[c]));
            }
            return Math.min(same, opposite);
        }
    }
}
