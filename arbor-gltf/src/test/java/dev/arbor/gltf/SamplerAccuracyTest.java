package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.Pose;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Every value {@link AnimationClip#sample} writes, against the double-precision {@link ReferenceSampler}: seeded
 * random clips of all three interpolations, and every clip of the glTF sample models, sampled along a script of
 * times (see {@link #script}) that covers frame-by-frame playback, jumps backwards and forwards, times before the
 * first key and after the last, times on and next to the keys, and times around the loop's end, each with
 * {@link WrapMode#CLAMP} and {@link WrapMode#LOOP}, into one pose per clip that is never reset (so that a sampler that
 * remembers where it was is exercised).
 *
 * <p>The error of a value is its largest component difference divided by the channel's scale
 * ({@link ReferenceSampler#scale}). Every value is within {@link #TARGET} of the reference, per interpolation and wrap
 * mode ({@link #RANDOM_BOUNDS}, {@link #MODEL_BOUNDS}, {@link #SEAM_BOUNDS}, each with its measured maximum beside it):
 * the clip samples through its exact {@code ClipSampler}, which wraps the time and computes the fraction in double.
 * Each run prints the maxima found and where ({@code # sampler accuracy, …}). The ReferenceSampler lives in this
 * module (not arbor-core's tests, which cannot read glTF files) because arbor-core publishes no test jar, so both
 * parts of this test share the one copy.
 */
class SamplerAccuracyTest {
    /** The target for every interpolation: relative to the value's scale. */
    static final double TARGET = 1e-6;
    /** The bounds on the random clips, per interpolation and wrap mode (measured maximum in the comment). */
    static final Map<String, Double> RANDOM_BOUNDS = Map.of(
            "STEP CLAMP", TARGET, // 2.96e-8
            "STEP LOOP", TARGET, // 2.96e-8
            "LINEAR CLAMP", TARGET, // 2.24e-7: translations interpolated in float
            "LINEAR LOOP", TARGET, // 2.24e-7
            "CUBICSPLINE CLAMP", TARGET, // 7.20e-7: a spline rotation normalised where it passes near zero length
            "CUBICSPLINE LOOP", TARGET); // 8.61e-7: the same
    /** The bounds on the sample models' clips (measured maximum in the comment). */
    static final Map<String, Double> MODEL_BOUNDS = Map.of(
            "STEP CLAMP", TARGET, // 2.46e-8
            "STEP LOOP", TARGET, // 2.46e-8
            "LINEAR CLAMP", TARGET, // 1.5e-7
            "LINEAR LOOP", TARGET, // 1.5e-7
            "CUBICSPLINE CLAMP", TARGET, // 4.74e-8
            "CUBICSPLINE LOOP", TARGET); // 4.76e-8
    /**
     * The bound at the loop's seam, for random and model clips alike: LOOP times whose exact wrap lies within a
     * float's rounding below the end time (such as -1.4E-45, or the float just below a multiple of the end). There
     * the loop is just below its end, so the values are those the clip approaches at its end (the reference takes
     * the limit from below). Measured: at most 2.95e-8.
     */
    static final Map<String, Double> SEAM_BOUNDS = Map.of(
            "STEP LOOP", TARGET, "LINEAR LOOP", TARGET, "CUBICSPLINE LOOP", TARGET);

    private static final Map<String, Tally> TALLIES = new HashMap<>();

    /** The largest error seen per interpolation, and where. */
    static final class Tally {
        final Map<String, Double> bounds;
        final Map<String, Double> max = new TreeMap<>();
        final Map<String, String> where = new TreeMap<>();
        long values;

        Tally(Map<String, Double> bounds) {
            this.bounds = bounds;
        }

        void add(String kind, double error, String at) {
            values++;
            if (error > max.getOrDefault(kind, -1.0)) {
                max.put(kind, error);
                where.put(kind, at);
            }
        }

        void assertWithinBounds() {
            for (Map.Entry<String, Double> e : max.entrySet()) {
                assertThat(e.getValue()).as("max error of %s at %s", e.getKey(), where.get(e.getKey()))
                        .isLessThanOrEqualTo(bounds.get(e.getKey()));
            }
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(values + " values;");
            max.forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s max %.3g at %s;", k, v, where.get(k))));
            return b.toString();
        }
    }

    @AfterAll
    static void report() {
        TALLIES.forEach((name, tally) -> System.out.println("# sampler accuracy, " + name + ": " + tally));
    }

    /** The reference itself, on values worked out by hand. */
    @Test
    void referenceGivesHandComputedValues() {
        float h = (float) Math.sqrt(0.5);
        AnimationClip clip = AnimationClip.builder("hand")
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {1, 3},
                        new float[] {0, 0, 0, 10, -4, 2})
                // identity to 90° about z, the second key stored in the other hemisphere
                .addChannel(0, TargetPath.ROTATION, Interpolation.LINEAR, new float[] {0, 2},
                        new float[] {0, 0, 0, 1, 0, 0, -h, -h})
                // per key: in-tangent, value, out-tangent; the clip's end time is 4
                .addChannel(0, TargetPath.SCALE, Interpolation.CUBICSPLINE, new float[] {0, 4},
                        new float[] {9, 9, 9, 1, 1, 1, 8, 8, 8, 2, 2, 2, 3, 3, 3, 9, 9, 9})
                .addChannel(1, TargetPath.SCALE, Interpolation.STEP, new float[] {0.5f, 1},
                        new float[] {2, 2, 2, 3, 3, 3})
                .build();
        ReferenceSampler reference = new ReferenceSampler(clip);
        assertThat(reference.sample(0, 2f, WrapMode.CLAMP)).containsExactly(5, -2, 1);
        assertThat(reference.sample(0, 0f, WrapMode.CLAMP)).containsExactly(0, 0, 0); // before the first key
        assertThat(reference.sample(0, 6f, WrapMode.LOOP)).containsExactly(5, -2, 1); // 6 mod 4 = 2
        assertThat(reference.sample(0, -2f, WrapMode.LOOP)).containsExactly(5, -2, 1); // -2 mod 4 = 2
        assertThat(reference.sample(0, 6f, WrapMode.CLAMP)).containsExactly(10, -4, 2); // after the last key
        // halfway along the shorter arc: 45° about z
        assertThat(reference.sample(1, 1f, WrapMode.CLAMP)).usingComparatorWithPrecision(1e-15)
                .containsExactly(0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8));
        // s = 1/2, td = 4: 1/2 × 1 + 4 × 1/8 × 8 + 1/2 × 3 - 4 × 1/8 × 2 = 5
        assertThat(reference.sample(2, 2f, WrapMode.CLAMP)).containsExactly(5, 5, 5);
        assertThat(reference.sample(3, 0.75f, WrapMode.CLAMP)).containsExactly(2, 2, 2);
        assertThat(reference.sample(3, 1f, WrapMode.CLAMP)).containsExactly(3, 3, 3);
    }

    @Test
    void randomClipsMatchTheReference() {
        Tally tally = new Tally(RANDOM_BOUNDS);
        Tally seams = new Tally(SEAM_BOUNDS);
        for (long seed = 1; seed <= 300; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L);
            check(randomClip(random, "random-" + seed), random, tally, seams);
        }
        TALLIES.put("random clips", tally);
        TALLIES.put("random clips at the loop seam", seams);
        assertThat(tally.max).hasSize(6);
        tally.assertWithinBounds();
        seams.assertWithinBounds();
    }

    @Test
    void sampleModelClipsMatchTheReference() throws Exception {
        Tally tally = new Tally(MODEL_BOUNDS);
        Tally seams = new Tally(SEAM_BOUNDS);
        SplittableRandom random = new SplittableRandom(0xC1A55L);
        int clips = 0;
        for (String name : SampleModels.MODELS) {
            GltfModel model = Gltf.read(SampleModels.model(name));
            for (int a = 0; a < model.animationCount(); a++) {
                check(model.animation(a), random, tally, seams);
                clips++;
            }
        }
        TALLIES.put("sample models' " + clips + " clips", tally);
        TALLIES.put("sample models' clips at the loop seam", seams);
        assertThat(clips).isGreaterThanOrEqualTo(10);
        tally.assertWithinBounds();
        seams.assertWithinBounds();
    }

    /** Samples the clip along a script of times with both wrap modes and tallies every value's error. */
    private static void check(AnimationClip clip, SplittableRandom random, Tally tally, Tally seams) {
        ReferenceSampler reference = new ReferenceSampler(clip);
        int[] last = lastChannelPerEntry(clip);
        float[] script = script(clip, random);
        float[] got = new float[4];
        for (WrapMode wrap : WrapMode.values()) {
            Pose pose = new Pose(clip.targetCount());
            for (float time : script) {
                clip.sample(time, wrap, pose);
                boolean seam = wrap == WrapMode.LOOP && (float) reference.wrap(time, wrap) == clip.endTime();
                for (int c : last) {
                    int target = clip.target(c);
                    switch (clip.path(c)) {
                        case TRANSLATION:
                            pose.translation(target, got, 0);
                            break;
                        case ROTATION:
                            pose.rotation(target, got, 0);
                            break;
                        default:
                            pose.scale(target, got, 0);
                    }
                    double[] want = reference.sample(c, time, wrap);
                    double error = 0;
                    double negated = 0; // q and -q are the same rotation: compare a quaternion up to its sign
                    for (int i = 0; i < want.length; i++) {
                        error = Math.max(error, Math.abs(got[i] - want[i]));
                        negated = Math.max(negated, Math.abs(got[i] + want[i]));
                    }
                    if (clip.path(c) == TargetPath.ROTATION) {
                        error = Math.min(error, negated);
                    }
                    (seam ? seams : tally).add(clip.interpolation(c) + " " + wrap, error / reference.scale(c), String.format(Locale.ROOT,
                            "%s channel %d (%s, %d keys) t=%s %s", clip.name(), c, clip.path(c),
                            clip.times(c).length, Float.toString(time), wrap));
                }
            }
        }
    }

    /** The channels whose values a sample leaves in the pose: the last one per (target, path). */
    private static int[] lastChannelPerEntry(AnimationClip clip) {
        Map<Long, Integer> last = new HashMap<>();
        for (int c = 0; c < clip.channelCount(); c++) {
            last.put(clip.target(c) * 4L + clip.path(c).ordinal(), c);
        }
        return last.values().stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    /**
     * Times to sample, in this order: frame-by-frame playback from a random start before the first key through the
     * end and past it; random jumps over [-2 end, 3 end] (backwards about half the time); each key time of the
     * first channel and its float neighbours; multiples of the end time and their float neighbours (the loop's seam);
     * short backwards steps; and a second playback from a random start.
     */
    static float[] script(AnimationClip clip, SplittableRandom random) {
        float end = Math.max(clip.endTime(), 1f / 60);
        float[] keys = clip.channelCount() == 0 ? new float[0] : clip.times(0);
        int frames = (int) Math.min(400, Math.ceil((end + 1) * 60));
        float[] times = new float[2 * frames + 200 + 3 * keys.length + 30 + 100];
        int i = 0;
        float start = (float) random.nextDouble(-0.5, 0.1);
        for (int f = 0; f < frames; f++) {
            times[i++] = start + f / 60f;
        }
        for (int j = 0; j < 200; j++) {
            times[i++] = (float) random.nextDouble(-2 * end, 3 * end);
        }
        for (float k : keys) {
            times[i++] = k;
            times[i++] = Math.nextDown(k);
            times[i++] = Math.nextUp(k);
        }
        for (int m = -4; m <= 5; m++) {
            float t = m * end;
            times[i++] = t;
            times[i++] = Math.nextDown(t);
            times[i++] = Math.nextUp(t);
        }
        float t = (float) random.nextDouble(0, 2 * end);
        for (int j = 0; j < 100; j++) {
            t -= (float) random.nextDouble(0, 0.2);
            times[i++] = t;
        }
        start = (float) random.nextDouble(-end, 2 * end);
        for (int f = 0; f < frames; f++) {
            times[i++] = start + f / 60f;
        }
        return times;
    }

    /**
     * A random clip: 1 to 8 targets, each with translation, rotation and scale channels (each present with
     * probability 0.8) of random interpolation; 1 to 60 keys at intervals from 1 ms to 0.5 s starting at 0 or later,
     * consecutive channels often sharing their key times; translations of magnitude 0.01 to 1000; rotations a
     * random walk with steps from tiny (below slerp's linear threshold) to near-opposite, now and then stored in the
     * other hemisphere.
     */
    static AnimationClip randomClip(SplittableRandom random, String name) {
        AnimationClip.Builder b = AnimationClip.builder(name);
        int targets = 1 + random.nextInt(8);
        float[] previousTimes = null;
        for (int target = 0; target < targets; target++) {
            for (TargetPath path : TargetPath.values()) {
                if (random.nextDouble() > 0.8) {
                    continue;
                }
                Interpolation interpolation = Interpolation.values()[random.nextInt(3)];
                float[] keyTimes = previousTimes != null && random.nextBoolean() ? previousTimes.clone()
                        : randomTimes(random);
                previousTimes = keyTimes;
                b.addChannel(target, path, interpolation, keyTimes, randomValues(random, path, interpolation,
                        keyTimes.length));
            }
        }
        if (previousTimes == null) { // every channel skipped: one linear translation
            float[] keyTimes = randomTimes(random);
            b.addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, keyTimes,
                    randomValues(random, TargetPath.TRANSLATION, Interpolation.LINEAR, keyTimes.length));
        }
        return b.build();
    }

    private static float[] randomTimes(SplittableRandom random) {
        double p = random.nextDouble();
        int n = p < 0.05 ? 1 : p < 0.15 ? 2 : 3 + random.nextInt(58);
        float[] times = new float[n];
        double t = random.nextBoolean() ? 0 : random.nextDouble(0, 1);
        for (int k = 0; k < n; k++) {
            times[k] = (float) t;
            t += random.nextDouble() < 0.1 ? random.nextDouble(1e-3, 1e-2) : random.nextDouble(1.0 / 60, 0.5);
        }
        return times;
    }

    private static float[] randomValues(SplittableRandom random, TargetPath path, Interpolation interpolation,
                                        int keys) {
        int components = path.components();
        int perKey = interpolation.valuesPerKey() * components;
        int mid = interpolation == Interpolation.CUBICSPLINE ? components : 0;
        float[] values = new float[keys * perKey];
        double magnitude = path == TargetPath.TRANSLATION ? Math.pow(10, random.nextDouble(-2, 3))
                : path == TargetPath.SCALE ? 3 : 1;
        double[] q = randomUnitQuaternion(random);
        for (int k = 0; k < keys; k++) {
            int v = k * perKey;
            if (path == TargetPath.ROTATION) {
                q = step(random, q);
                double sign = random.nextDouble() < 0.2 ? -1 : 1;
                for (int i = 0; i < 4; i++) {
                    values[v + mid + i] = (float) (sign * q[i]);
                }
            } else {
                for (int i = 0; i < components; i++) {
                    values[v + mid + i] = (float) random.nextDouble(-magnitude, magnitude);
                }
            }
            if (mid > 0) {
                for (int i = 0; i < components; i++) {
                    values[v + i] = (float) random.nextDouble(-2 * magnitude, 2 * magnitude);
                    values[v + 2 * components + i] = (float) random.nextDouble(-2 * magnitude, 2 * magnitude);
                }
            }
        }
        return values;
    }

    private static double[] randomUnitQuaternion(SplittableRandom random) {
        double[] q = new double[4];
        double len2;
        do {
            len2 = 0;
            for (int i = 0; i < 4; i++) {
                q[i] = random.nextDouble(-1, 1);
                len2 += q[i] * q[i];
            }
        } while (len2 < 0.01 || len2 > 1);
        double len = Math.sqrt(len2);
        for (int i = 0; i < 4; i++) {
            q[i] /= len;
        }
        return q;
    }

    /** Rotates q by a random angle about a random axis: tiny (below 2°) a third of the time, else up to 340°. */
    private static double[] step(SplittableRandom random, double[] q) {
        double angle = random.nextDouble() < 1.0 / 3 ? random.nextDouble(0, Math.toRadians(2))
                : random.nextDouble(0, Math.toRadians(340));
        double[] axis = randomUnitQuaternion(random);
        double len = Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
        double s = Math.sin(angle / 2) / len;
        double rx = axis[0] * s;
        double ry = axis[1] * s;
        double rz = axis[2] * s;
        double rw = Math.cos(angle / 2);
        return new double[] {
            rw * q[0] + rx * q[3] + ry * q[2] - rz * q[1],
            rw * q[1] - rx * q[2] + ry * q[3] + rz * q[0],
            rw * q[2] + rx * q[1] - ry * q[0] + rz * q[3],
            rw * q[3] - rx * q[0] - ry * q[1] - rz * q[2]};
    }
}
