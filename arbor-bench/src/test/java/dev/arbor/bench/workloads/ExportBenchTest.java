package dev.arbor.bench.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.bench.peers.ArborSystem;
import dev.arbor.bench.peers.ForwardingSystem;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.peers.Workload;
import dev.arbor.scenes.Scenes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

class ExportBenchTest {

    @Test
    void everyExportOfTheBenchMatchesItsOwnWorldMatrices() {
        for (String impl : new String[] {"arbor", "gdx", "joml-tree", "jme"}) {
            TransformSystem system = Fixture.create(Scenes.byName("seed-6000"), implementation(impl),
                    Workload.STATIC).system();
            system.update();
            FloatBuffer upload = directFloats(system.size() * 16);
            ExportBench.checkExport(system, upload);
            // a real value at a known place: node 17's translation, after its three axis columns
            float[] world = system.getWorld(17, new float[12], 0);
            assertThat(upload.get(16 * 17 + 12)).as(impl).isEqualTo(world[9]);
            assertThat(upload.get(16 * 17 + 15)).as(impl).isEqualTo(1f);
        }
    }

    @Test
    void anExportThatDiffersFromTheWorldMatricesIsRefused() {
        ArborSystem arbor = new ArborSystem();
        arbor.build(Scenes.byName("seed-6000"));
        TransformSystem faulty = new ForwardingSystem(arbor) {
            @Override
            public void exportWorlds(FloatBuffer dest) {
                arbor.exportWorlds(dest);
                dest.put(16 * 5000 + 13, dest.get(16 * 5000 + 13) + 1f); // node 5000's translation y
            }
        };
        assertThatThrownBy(() -> ExportBench.checkExport(faulty, directFloats(arbor.size() * 16)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("arbor exported node 5000 column 3 row 1 as ");
    }

    private static TransformSystem implementation(String id) {
        return Implementation.byId(id).create();
    }

    /** A direct buffer, as a GPU upload uses: JOML's own buffer code (its Unsafe path) writes only into those. */
    static FloatBuffer directFloats(int floats) {
        return ByteBuffer.allocateDirect(floats * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }
}
