package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.hierarchy.Hierarchy;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Node names from glTF into the hierarchy on instantiation, and from the hierarchy into exports. */
class NodeNamesTest {

    @Test
    void instantiationNamesEveryNodeSoThatTheHandFoundByNameIsTheModelsNode() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        long anchor = h.createRoot();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), anchor);
        for (int node = 0; node < model.nodeCount(); node++) {
            assertThat(h.name(man.handle(node))).isEqualTo(model.nodeName(node));
        }
        assertThat(h.find("Skeleton_arm_joint_L__2_")).isEqualTo(man.handle(19));
        assertThat(h.findPath(anchor, "Z_UP/Armature/Skeleton_torso_joint_1/Skeleton_torso_joint_2/torso_joint_3"))
                .isEqualTo(man.handle(13));
        // a second copy: find gives the first in pre-order, findInSubtree the copy's own
        long second = h.createRoot();
        GltfInstance other = model.instantiate(h, model.sceneToShow(), second);
        assertThat(h.find("Skeleton_arm_joint_L__2_")).isEqualTo(man.handle(19));
        assertThat(h.findInSubtree(second, "Skeleton_arm_joint_L__2_")).isEqualTo(other.handle(19));
    }

    @Test
    void anExportCarriesTheHierarchysNamesForNodesMadeInCodeAndRenamedOnes() throws Exception {
        Hierarchy h = new Hierarchy();
        long robot = h.createRoot();
        h.setName(robot, "Robot");
        long arm = h.createChild(robot);
        h.setName(arm, "Arm");
        h.createChild(arm); // no name
        String json = new String(GltfWriter.encode(h, new long[] {robot}, null, false), StandardCharsets.UTF_8);
        GltfModel back = Gltf.read(json.getBytes(StandardCharsets.UTF_8), "robot.gltf", null);
        assertThat(back.nodeName(0)).isEqualTo("Robot");
        assertThat(back.nodeName(1)).isEqualTo("Arm");
        assertThat(back.nodeName(2)).isNull();

        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy g = new Hierarchy();
        GltfInstance man = model.instantiate(g, model.sceneToShow(), Hierarchy.NULL);
        g.setName(man.handle(19), "LeftHand");
        g.setName(man.handle(2), null);
        GltfModel renamed = Gltf.read(GltfWriter.encode(man, true), "renamed.glb", null);
        assertThat(renamed.nodeName(19)).isEqualTo("LeftHand");
        assertThat(renamed.nodeName(2)).isNull();
        assertThat(renamed.nodeName(3)).isEqualTo("Skeleton_torso_joint_1");
    }
}
