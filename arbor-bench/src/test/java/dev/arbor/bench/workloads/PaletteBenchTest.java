package dev.arbor.bench.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.bench.peers.ArborSystem;
import dev.arbor.bench.peers.ForwardingSystem;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.peers.Workload;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

class PaletteBenchTest {
    /** 20 skeletons of the crowd's template: the bench's shape, small enough for a test. */
    private static final Scene CROWD = Scenes.crowd("crowd-20", 20, 7);

    @Test
    void everyImplementationsPalettesFollowTheGltfRule() {
        float[] binds = PaletteBench.inverseBinds(CROWD.size(), 3);
        for (String impl : new String[] {"arbor", "gdx", "joml-tree", "jme"}) {
            TransformSystem system = Fixture.create(CROWD, Implementation.byId(impl).create(), Workload.STATIC)
                    .system();
            system.update();
            FloatBuffer upload = ExportBenchTest.directFloats(system.size() * 16);
            PaletteBench.checkPalettes(system, binds, upload);
            // a skeleton's root with an identity bind matrix would map to identity; with the random one, its entry
            // is that bind matrix itself (meshFromWorld × rootWorld = identity): a real value at a known place
            int root = 3 * PaletteBench.JOINTS;
            for (int c = 0; c < 4; c++) {
                for (int r = 0; r < 3; r++) {
                    assertThat(upload.get(16 * root + 4 * c + r)).as("%s column %d row %d", impl, c, r)
                            .isCloseTo(binds[12 * root + 3 * c + r], org.assertj.core.data.Offset.offset(1e-4f));
                }
            }
        }
    }

    @Test
    void aPaletteThatBreaksTheRuleIsRefused() {
        ArborSystem arbor = new ArborSystem();
        arbor.build(CROWD);
        TransformSystem faulty = new ForwardingSystem(arbor) {
            @Override
            public void writePalettes(int joints, float[] inverseBinds, FloatBuffer dest) {
                arbor.writePalettes(joints, inverseBinds, dest);
                dest.put(16 * 700 + 2, dest.get(16 * 700 + 2) + 0.01f); // entry 700, column 0, row 2
            }
        };
        assertThatThrownBy(() -> PaletteBench.checkPalettes(faulty, PaletteBench.inverseBinds(CROWD.size(), 3),
                ExportBenchTest.directFloats(arbor.size() * 16))).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("arbor wrote palette entry 700 column 0 row 2 as ");
    }
}
