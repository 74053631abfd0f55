package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Pose;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Animation names read from files, and the mapping between nodes, pose targets and channels. */
class AnimationNamesAndTargetsTest {
    @Test
    void clipsCarryTheFilesAnimationNames() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("InterpolationTest"));
        List<String> names = new ArrayList<>();
        for (int a = 0; a < model.animationCount(); a++) {
            names.add(model.animation(a).name());
        }
        assertThat(names).containsExactly("Step Scale", "Linear Scale", "CubicSpline Scale", "Step Rotation",
                "CubicSpline Rotation", "Linear Rotation", "Step Translation", "CubicSpline Translation",
                "Linear Translation");
        assertThat(model.findAnimation("Linear Rotation")).isEqualTo(5);
        // an animation without a name gives a clip named null, which can be renamed
        GltfModel man = Gltf.read(SampleModels.model("CesiumMan"));
        AnimationClip walk = man.animation(0);
        assertThat(walk.name()).isNull();
        AnimationClip named = walk.withName("walk");
        assertThat(named.name()).isEqualTo("walk");
        assertThat(walk.name()).as("the original is unchanged").isNull();
        assertThat(named.channelCount()).isEqualTo(walk.channelCount());
        assertThat(named.endTime()).isEqualTo(walk.endTime());
        Pose a = man.restPose();
        Pose b = man.restPose();
        walk.sample(0.7f, WrapMode.LOOP, a);
        named.sample(0.7f, WrapMode.LOOP, b);
        float[] x = new float[4];
        float[] y = new float[4];
        for (int t = 0; t < a.size(); t++) {
            assertThat(b.rotation(t, y, 0)).containsExactly(a.rotation(t, x, 0));
        }
    }

    @Test
    void everyChannelsTargetLeadsToItsNodeAndBack() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        int[] animated = model.animatedNodes();
        for (int k = 0; k < animated.length; k++) {
            assertThat(model.nodeOfTarget(k)).isEqualTo(animated[k]);
            assertThat(model.targetOf(animated[k])).isEqualTo(k);
        }
        int unanimated = 0;
        for (int node = 0; node < model.nodeCount(); node++) {
            if (model.targetOf(node) < 0) {
                unanimated++;
                assertThat(model.channelsDriving(0, node)).as("node %d", node).isEmpty();
            }
        }
        assertThat(unanimated).isEqualTo(model.nodeCount() - animated.length);
        AnimationClip walk = model.animation(0);
        int found = 0;
        for (int node = 0; node < model.nodeCount(); node++) {
            int[] channels = model.channelsDriving(0, node);
            for (int c : channels) {
                assertThat(model.nodeOfTarget(walk.target(c))).isEqualTo(node);
            }
            // each path at most once per node in this file
            List<TargetPath> paths = new ArrayList<>();
            for (int c : channels) {
                paths.add(walk.path(c));
            }
            assertThat(paths).doesNotHaveDuplicates();
            found += channels.length;
        }
        assertThat(found).as("every channel drives exactly one node").isEqualTo(walk.channelCount());
        assertThatThrownBy(() -> model.nodeOfTarget(animated.length)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> model.targetOf(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> model.channelsDriving(1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void weightsChannelsLeadToTheirMorphedNode() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("SimpleMorph"));
        int[] morphed = model.morphNodes();
        AnimationClip clip = model.animation(0);
        assertThat(clip.weightsChannelCount()).isPositive();
        for (int c = 0; c < clip.weightsChannelCount(); c++) {
            int node = morphed[clip.weightsMorph(c)];
            assertThat(model.weightsChannelsDriving(0, node)).contains(c);
        }
        for (int node = 0; node < model.nodeCount(); node++) {
            if (model.morphIndex(node) < 0) {
                assertThat(model.weightsChannelsDriving(0, node)).as("node %d has no morph targets", node).isEmpty();
            }
        }
    }
}
