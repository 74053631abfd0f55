package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Several copies of one model written into one document: every copy keeps its mesh, its own skin and its own
 * animation channels, so the file read back draws and plays each copy as the hierarchy did. Copies of different
 * models: see {@link ExportModelsTest}.
 */
class ExportCopiesTest {

    @Test
    void everyCopyKeepsItsMeshSkinAnimationAndNames() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        List<GltfInstance> copies = new ArrayList<>();
        long[] anchors = new long[2];
        for (int k = 0; k < 2; k++) {
            anchors[k] = h.createRoot();
            h.setLocalTranslation(anchors[k], 2 * k, 0, 0);
            copies.add(model.instantiate(h, model.sceneToShow(), anchors[k]));
        }
        byte[] glb = GltfWriter.encodeCopies(h, anchors, copies, true);
        GltfModel back = Gltf.read(glb, "copies.glb", null);
        int n = model.nodeCount();
        assertThat(back.nodeCount()).isEqualTo(2 * n + 2);
        // each copy's nodes follow the file's order, copy after copy; names carried
        for (int i = 0; i < n; i++) {
            assertThat(back.nodeName(i)).isEqualTo(model.nodeName(i));
            assertThat(back.nodeName(n + i)).isEqualTo(model.nodeName(i));
        }
        int skinned = model.nodesWithSkin(0)[0];
        assertThat(back.nodesWithSkin(0)).containsExactly(skinned);
        assertThat(back.nodesWithSkin(1)).containsExactly(n + skinned);
        assertThat(back.animation(0).channelCount()).isEqualTo(2 * model.animation(0).channelCount());

        // played back from the file, both copies move as the originals do at the same time
        Hierarchy g = new Hierarchy();
        GltfInstance again = back.instantiate(g, back.sceneToShow(), Hierarchy.NULL);
        for (float t : new float[] {0.3f, 1.1f}) {
            for (GltfInstance copy : copies) {
                copy.applyAnimation(0, t, WrapMode.LOOP, model.restPose());
            }
            again.applyAnimation(0, t, WrapMode.LOOP, back.restPose());
            for (int k = 0; k < 2; k++) {
                for (int i = 0; i < n; i++) {
                    float[] want = h.getWorld(copies.get(k).handle(i), new float[12], 0);
                    float[] got = g.getWorld(again.handle(k * n + i), new float[12], 0);
                    for (int e = 0; e < 12; e++) {
                        assertThat(got[e]).as("t=%s copy %d node %d element %d", t, k, i, e)
                                .isCloseTo(want[e], org.assertj.core.data.Offset.offset(1e-5f));
                    }
                }
            }
        }
    }

    @Test
    void repeatedEmptyOrForeignSourcesAreRefused() throws Exception {
        GltfModel man = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        GltfInstance a = man.instantiate(h, man.sceneToShow(), Hierarchy.NULL);
        long[] roots = GltfWriter.instanceRoots(a);
        assertThatThrownBy(() -> GltfWriter.encodeCopies(h, roots, List.of(a, a), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sources[1] is sources[0] again");
        assertThatThrownBy(() -> GltfWriter.encodeCopies(h, roots, List.of(), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sources is empty: give at least one copy of a model");
        GltfInstance elsewhere = man.instantiate(new Hierarchy(), man.sceneToShow(), Hierarchy.NULL);
        assertThatThrownBy(() -> GltfWriter.encodeCopies(h, roots, List.of(a, elsewhere), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sources[1] lives in another hierarchy");
    }
}
