package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.HierarchyBounds;
import org.junit.jupiter.api.Test;

/** Mesh POSITION min/max become content bounds, in the node's local space. */
class ContentBoundsTest {

    @Test
    void positionMinMaxBecomeContentBoundsOfTheMeshNode() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("InterpolationTest"));
        float[] b = new float[6];
        // node 0 "Cube" holds a unit cube mesh; node 1 "Light" has no mesh
        assertThat(model.contentBounds(0, b, 0)).isTrue();
        assertThat(b[3]).isGreaterThan(b[0]);
        assertThat(model.contentBounds(1, b, 0)).isFalse();

        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        HierarchyBounds bounds = new HierarchyBounds(h);
        int meshes = 0;
        for (int i = 0; i < model.nodeCount(); i++) {
            meshes += model.mesh(i) >= 0 ? 1 : 0;
        }
        assertThat(instance.applyContentBounds(bounds)).isEqualTo(meshes);
        float[] local = new float[6];
        model.contentBounds(4, local, 0);
        float[] copied = new float[6];
        assertThat(bounds.getContentBounds(instance.handle(4), copied, 0)).isTrue();
        assertThat(copied).containsExactly(local);
        bounds.close();
    }
}
