package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link GltfModel#nodesWithSkin} names the skinned mesh nodes the sample models' summaries list for each skin. */
class NodesWithSkinTest {

    @Test
    void theSkinnedMeshNodesOfTheSampleModels() throws Exception {
        assertThat(Gltf.read(SampleModels.model("CesiumMan")).nodesWithSkin(0)).containsExactly(2);
        assertThat(Gltf.read(SampleModels.model("RiggedFigure")).nodesWithSkin(0)).containsExactly(1);
        assertThat(Gltf.read(SampleModels.model("RiggedSimple")).nodesWithSkin(0)).containsExactly(2);
        assertThat(Gltf.read(SampleModels.model("SimpleSkin")).nodesWithSkin(0)).containsExactly(0);
    }

    @Test
    void aSkinNoNodeUsesGivesNoneAndABadIndexThrows() throws Exception {
        GltfModel model = Gltf.read(("{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"name\":\"a\"},{\"name\":\"b\"}],"
                + "\"skins\":[{\"joints\":[0,1]}]}").getBytes(java.nio.charset.StandardCharsets.UTF_8), "t.gltf", null);
        assertThat(model.nodesWithSkin(0)).isEmpty();
        assertThatThrownBy(() -> model.nodesWithSkin(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> model.nodesWithSkin(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        GltfModel animated = Gltf.read(SampleModels.model("AnimatedTriangle"));
        assertThatThrownBy(() -> animated.nodesWithSkin(0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("0");
    }
}
