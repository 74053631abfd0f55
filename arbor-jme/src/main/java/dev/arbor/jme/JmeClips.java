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
 * armature (the same object, or a joint of the same name) becomes up to three channels on that joint's index, those
 * the track has: translation and scale LINEAR, rotation CUBICSPLINE (below). Every channel of the clip gets the same
 * key times (the union of the tracks' key times) with the values jME computes there, so that Arbor's compiled clip
 * samples them all on one timeline (a key a channel did not have is a point of its line). Tracks on spatials and
 * morph tracks are left out (jME can keep playing those).
 *
 * <p>Rotations: jME's default interpolator blends rotation keys with nlerp (a normalised straight-line blend), Arbor's
 * LINEAR with slerp; between keys 20–40° apart the two differ by up to 6e-4 in a quaternion component, 1.7e-3 in a
 * skinning matrix. So rotations become CUBICSPLINE channels whose tangents make Arbor's spline, normalised after
 * evaluation as Arbor does, the very curve of jME's nlerp (see {@code nlerpSpline}): no key is added, and the matrices
 * agree with jME's own within float rounding.
 */
public final class JmeClips {
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
                    b.addChannel(jt.target, TargetPath.ROTATION, Interpolation.CUBICSPLINE, times,
                            jt.nlerpSpline(times));
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
         * The track's vectors at the given times as jME computes them: the first key before the first, the last
         * after the last, and between two keys a linear blend.
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
                float fi = 1f - f;
                for (int c = 0; c < components; c++) {
                    out[o + c] = fi * values[components * k + c] + f * values[components * (k + 1) + c];
                }
            }
            return out;
        }

        /**
         * The rotation track at the given times (which hold every key time of the track) as CUBICSPLINE keys whose
         * normalised curve is jME's nlerp: per segment of the given times, within one key interval of the track,
         * {@code L(f) = (1 - f) q[k] + f q[k + 1]} (the keys' signs chosen so that neighbours have a non-negative dot
         * product, which is the flip jME's nlerp makes) is a straight line; a Hermite segment with the normalised
         * values at its ends and the tangents of {@code λ(s) L(s)}, {@code λ} the linear blend of the ends' inverse
         * lengths, is that line times a positive factor, so normalising it gives {@code L(f) / |L(f)|}, the nlerp.
         * Before the first key and after the last, the end key with zero tangents.
         */
        float[] nlerpSpline(float[] at) {
            int keys = times.length;
            double[] q = new double[4 * keys];
            for (int k = 0; k < keys; k++) {
                double dot = 0;
                for (int c = 0; c < 4; c++) {
                    q[4 * k + c] = rotations[4 * k + c];
                    if (k > 0) {
                        dot += q[4 * (k - 1) + c] * q[4 * k + c];
                    }
                }
                if (dot < 0) {
                    for (int c = 0; c < 4; c++) {
                        q[4 * k + c] = -q[4 * k + c];
                    }
                }
            }
            int n = at.length;
            double[] line = new double[4 * n];
            int last = keys - 1;
            int k = 0;
            for (int i = 0; i < n; i++) {
                float t = at[i];
                if (last == 0 || t <= times[0] || t >= times[last]) {
                    int e = last == 0 || t <= times[0] ? 0 : last;
                    System.arraycopy(q, 4 * e, line, 4 * i, 4);
                    continue;
                }
                while (times[k + 1] < t) {
                    k++;
                }
                double f = ((double) t - times[k]) / ((double) times[k + 1] - times[k]);
                for (int c = 0; c < 4; c++) {
                    line[4 * i + c] = (1 - f) * q[4 * k + c] + f * q[4 * (k + 1) + c];
                }
            }
            float[] out = new float[12 * n];
            for (int i = 0; i < n; i++) {
                double inverse = 1 / length(line, i);
                for (int c = 0; c < 4; c++) {
                    out[12 * i + 4 + c] = (float) (line[4 * i + c] * inverse);
                }
            }
            for (int i = 0; i + 1 < n; i++) {
                // a segment between the first and the last key lies in one key interval (the given times hold every
                // key time), both ends on its line
                if (last == 0 || at[i] < times[0] || at[i + 1] > times[last]) {
                    continue; // constant before the first key or after the last: zero tangents
                }
                double td = (double) at[i + 1] - at[i];
                double l0 = 1 / length(line, i);
                double l1 = 1 / length(line, i + 1);
                for (int c = 0; c < 4; c++) {
                    double a = line[4 * i + c];
                    double b = line[4 * (i + 1) + c];
                    // p(s) = ((1 - s) l0 + s l1) (a + s (b - a)); p'(0) and p'(1), per unit of time
                    out[12 * i + 8 + c] = (float) (((l1 - l0) * a + l0 * (b - a)) / td);
                    out[12 * (i + 1) + c] = (float) (((l1 - l0) * b + l1 * (b - a)) / td);
                }
            }
            return out;
        }

        private static double length(double[] q, int i) {
            return Math.sqrt(q[4 * i] * q[4 * i] + q[4 * i + 1] * q[4 * i + 1] + q[4 * i + 2] * q[4 * i + 2]
                    + q[4 * i + 3] * q[4 * i + 3]);
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
}
