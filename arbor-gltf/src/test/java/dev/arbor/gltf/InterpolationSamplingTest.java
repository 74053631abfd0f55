package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Khronos InterpolationTest model sampled between keys, against values computed by hand from its keys (listed
 * in each test). Key times are stored as floats: 0.416667 is 0.4166666567, 0.875 exact, 0.833333 is 0.8333333135.
 */
class InterpolationSamplingTest {
    static GltfModel model;

    @BeforeAll
    static void load() throws Exception {
        model = Gltf.read(SampleModels.model("InterpolationTest"));
    }

    private static int animation(String name) {
        int a = model.findAnimation(name);
        assertThat(a).as(name).isNotNegative();
        return a;
    }

    /** Samples an animation at t and returns the pose entry of the given node. */
    private static float[] sample(String name, int node, float t, boolean rotation) {
        Pose pose = model.restPose();
        model.animation(animation(name)).sample(t, WrapMode.CLAMP, pose);
        int target = java.util.Arrays.binarySearch(model.animatedNodes(), node);
        assertThat(target).isNotNegative();
        int path = model.animation(animation(name)).path(0).ordinal();
        if (rotation) {
            return pose.rotation(target, new float[4], 0);
        }
        return path == 0 ? pose.translation(target, new float[3], 0) : pose.scale(target, new float[3], 0);
    }

    @Test
    void stepScaleHoldsThePreviousKey() {
        // keys t = 0.0417, 0.4167, 0.875, 1.25, 1.6667 → scale 1, 0.5, 1, 0.5, 1 (node 0 "Cube")
        assertThat(sample("Step Scale", 0, 0.6f, false)).containsExactly(0.5f, 0.5f, 0.5f);
        assertThat(sample("Step Scale", 0, 1.0f, false)).containsExactly(1f, 1f, 1f);
        assertThat(sample("Step Scale", 0, 0.0f, false)).containsExactly(1f, 1f, 1f); // before the first key
        assertThat(sample("Step Scale", 0, 5.0f, false)).containsExactly(1f, 1f, 1f); // after the last key
    }

    @Test
    void linearScaleInterpolatesStraight() {
        // between 0.4167 (0.5) and 0.875 (1.0): a quarter of the way → 0.625, halfway → 0.75
        float t0 = 0.41666666f;
        float t1 = 0.875f;
        assertThat(sample("Linear Scale", 3, t0 + 0.25f * (t1 - t0), false)[1]).isCloseTo(0.625f, within(1e-5f));
        assertThat(sample("Linear Scale", 3, (t0 + t1) / 2, false)[1]).isCloseTo(0.75f, within(1e-5f));
    }

    @Test
    void cubicSplineScaleWithZeroTangentsIsTheSmoothstep() {
        // tangents are all 0: p = h00 v1 + h01 v2 with v1 = 0.5, v2 = 1.0
        // s = 0.5 → h00 = h01 = 0.5 → 0.75;  s = 0.25 → h00 = 0.84375, h01 = 0.15625 → 0.578125
        float t0 = 0.41666666f;
        float t1 = 0.875f;
        assertThat(sample("CubicSpline Scale", 4, (t0 + t1) / 2, false)[0]).isCloseTo(0.75f, within(1e-5f));
        assertThat(sample("CubicSpline Scale", 4, t0 + 0.25f * (t1 - t0), false)[0])
                .isCloseTo(0.578125f, within(1e-5f));
    }

    @Test
    void stepRotationHoldsThePreviousKey() {
        // key 1 at 0.4167: -45° about z = (0, 0, -0.382683, 0.92388)
        float[] q = sample("Step Rotation", 5, 0.6f, true);
        assertThat(q[2]).isCloseTo(-0.382683f, within(1e-5f));
        assertThat(q[3]).isCloseTo(0.92388f, within(1e-5f));
    }

    @Test
    void linearRotationIsSlerp() {
        // keys -45° and -90° about z; halfway (t = 0.645833) slerp gives -67.5°: (0, 0, -sin 33.75°, cos 33.75°)
        float[] q = sample("Linear Rotation", 7, 0.64583333f, true);
        assertThat(q[2]).isCloseTo(-0.5555702f, within(1e-5f));
        assertThat(q[3]).isCloseTo(0.8314696f, within(1e-5f));
        // keys -135° and -180° (stored as (0,0,-1,-0)); halfway (t = 1.479167) → -157.5°
        q = sample("Linear Rotation", 7, 1.4791667f, true);
        assertThat(q[2]).isCloseTo(-0.9807853f, within(1e-5f));
        assertThat(q[3]).isCloseTo(0.1950903f, within(1e-5f));
    }

    @Test
    void cubicSplineRotationUsesTheTangentsThenNormalises() {
        // segment [0.4167, 0.875], td = 0.4583333, s = 0.5: h00 = .5, h10 = .125, h01 = .5, h11 = -.125
        // v1 = (0,0,-0.382683,0.92388), out1 = (0,0,-0.047891,0.998853),
        // in2 = (0,0,-0.035464,0.999371), v2 = (0,0,-0.707107,0.707107)
        // z = .5(-.382683) + td(.125)(-.047891) + .5(-.707107) + td(-.125)(-.035464) = -0.545607
        // w = .5(.92388) + td(.125)(.998853) + .5(.707107) + td(-.125)(.999371) = 0.815464
        // normalised: (0, 0, -0.556086, 0.831125)
        float[] q = sample("CubicSpline Rotation", 6, 0.64583333f, true);
        assertThat(q[2]).isCloseTo(-0.5560858f, within(1e-5f));
        assertThat(q[3]).isCloseTo(0.8311249f, within(1e-5f));
    }

    @Test
    void translationsStepLinearAndCubic() {
        // step: keys y = 6.665, 10, 6, 10, 6 at 0, 0.4583, 0.8333, 1.2917, 1.7083
        assertThat(sample("Step Translation", 8, 0.5f, false)[1]).isEqualTo(10f);
        assertThat(sample("Step Translation", 8, 1.0f, false)[1]).isEqualTo(6f);
        // linear: keys y = 6.621015 (t 0) and 10 (t 0.4167); halfway → 8.310507
        assertThat(sample("Linear Translation", 10, 0.20833333f, false)[1]).isCloseTo(8.310507f, within(1e-4f));
        // cubic with zero tangents: y from 10 (t 0.4167) to 6 (t 0.8333); s = 0.5 → 8; s = 0.25 → 9.375
        assertThat(sample("CubicSpline Translation", 9, 0.625f, false)[1]).isCloseTo(8f, within(1e-4f));
        assertThat(sample("CubicSpline Translation", 9, 0.52083333f, false)[1]).isCloseTo(9.375f, within(1e-4f));
    }

    @Test
    void sampledPoseReachesTheHierarchyAndLoopWraps() {
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        Pose pose = model.restPose();
        int a = animation("CubicSpline Translation");
        instance.applyAnimation(a, 0.625f, WrapMode.CLAMP, pose);
        Vector3f p = h.getWorldTranslation(instance.handle(9), new Vector3f());
        assertThat(p.y).isCloseTo(8f, within(1e-4f));
        assertThat(p.x).isCloseTo(3.30518f, within(1e-4f));
        // loop: end time 1.6667; t = 1.6667 + 0.625 wraps to 0.625
        float end = model.animation(a).endTime();
        instance.applyAnimation(a, end + 0.625f, WrapMode.LOOP, pose);
        assertThat(h.getWorldTranslation(instance.handle(9), new Vector3f()).y).isCloseTo(8f, within(1e-3f));
        // nodes animated by other clips kept their rest pose
        Quaternionf rest = h.getLocalRotation(instance.handle(6), new Quaternionf());
        assertThat(rest.z).isCloseTo(-0.006683697f, within(1e-6f));
    }
}
