package dev.arbor.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.bench.peers.ForwardingSystem;
import dev.arbor.bench.peers.NestedSetSystem;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FrameSplitMainTest {
    @Test
    void printsSetUpdateAndFramePerImplementation() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = FrameSplitMain.run(new String[] {"--scene", "seed-6000", "--impls", "arbor,nested-set", "--frames",
            "7"}, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(code).isZero();
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).contains("median of the last 4 of 7 frames");
        for (int k = 1; k < 3; k++) {
            String[] cells = lines[k].trim().split("\\s+");
            assertThat(cells[0]).isEqualTo("seed-6000");
            assertThat(cells[1]).isEqualTo(k == 1 ? "arbor" : "nested-set");
            double set = Double.parseDouble(cells[2]);
            double update = Double.parseDouble(cells[3]);
            double frame = Double.parseDouble(cells[4]);
            assertThat(set).isPositive();
            assertThat(update).isPositive();
            // every frame's sum is at least its set and its update, so the medians are ordered the same way
            assertThat(frame).isGreaterThanOrEqualTo(set);
            assertThat(frame).isGreaterThanOrEqualTo(update);
        }
    }

    @Test
    void splitChecksTheWorldsAfterTheLastFrame() {
        Scene scene = Scenes.byName("seed-6000");
        assertThat(FrameSplitMain.split(new NestedSetSystem(), scene, 3)).hasSize(3);
        // a system that drops the new rotations is caught by the reference comparison
        NestedSetSystem inner = new NestedSetSystem();
        TransformSystem deaf = new ForwardingSystem(inner) {
            @Override
            public String id() {
                return "deaf";
            }

            @Override
            public void setLocalRotation(int node, float x, float y, float z, float w) {
                // dropped
            }
        };
        assertThatThrownBy(() -> FrameSplitMain.split(deaf, scene, 3)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void refusesBadArgumentsWithUsage() {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(FrameSplitMain.run(new String[] {"--frames", "1"}, out)).isEqualTo(2);
        assertThat(FrameSplitMain.run(new String[] {"--frames", "1000001"}, out)).isEqualTo(2);
        assertThat(FrameSplitMain.run(new String[] {"--frames", "x"}, out)).isEqualTo(2);
        assertThat(FrameSplitMain.run(new String[] {"--scene", "nowhere"}, out)).isEqualTo(2);
        assertThat(FrameSplitMain.run(new String[] {"--impls", "nobody"}, out)).isEqualTo(2);
        assertThat(FrameSplitMain.run(new String[] {"--frobnicate"}, out)).isEqualTo(2);
        assertThat(FrameSplitMain.run(new String[] {"--scene"}, out)).isEqualTo(2); // no value
    }
}
