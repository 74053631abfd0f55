package dev.arbor.cli;

import static dev.arbor.cli.GltfCommandsTest.run;
import static dev.arbor.cli.GltfCommandsTest.shared;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dump, bounds, export and demo through an animation graph, run as a user would. */
class GraphCommandsTest {
    @TempDir
    Path temp;

    private static final String ONE_POINT = """
            {"parameters": [{"name": "speed", "kind": "float"}, {"name": "go", "kind": "trigger"}],
             "motions": [{"name": "loco", "parameter": "speed", "points": [{"at": 0, "clip": "animation0"}]},
                         {"name": "main", "states": [{"name": "a", "motion": "loco"}, {"name": "b", "motion": "loco"}],
                          "transitions": [{"from": "a", "to": "b", "conditions": [{"parameter": "go",
                                           "test": "triggered"}]}]}]}
            """;

    private Path graph(String text) throws Exception {
        Path file = temp.resolve("graph.json");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void dumpThroughAGraphOfOneClipMatchesTheClipAtTheSameTime() throws Exception {
        String model = shared("CesiumMan", "CesiumMan.glb").toString();
        String g = graph(ONE_POINT).toString();
        String viaGraph = run(0, "dump", model, "--graph", g, "--param", "speed=1.5", "--time", "0.5")[0];
        String viaClip = run(0, "dump", model, "--animation", "0", "--time", "0.5")[0];
        assertThat(viaGraph.lines().findFirst().orElseThrow())
                .isEqualTo("CesiumMan.glb scene 0, graph graph.json at t=0.5 (speed=1.5), state a");
        assertThat(run(0, "dump", model, "--graph", g, "--param", "go=true", "--time", "0.5")[0])
                .startsWith("CesiumMan.glb scene 0, graph graph.json at t=0.5 (go=true), state b");
        // the graph steps 30 frames of 1/60 s to 0.5 s; the clip is sampled at 0.5 directly
        assertThat(viaGraph.lines().skip(1).toList()).isEqualTo(viaClip.lines().skip(1).toList());
        String json = run(0, "dump", model, "--graph", g, "--time", "0.25", "--json")[0];
        assertThat(json).contains("\"graph\":\"" + g.replace("\\", "\\\\") + "\"", "\"state\":\"a\"");
        assertThat(run(0, "bounds", model, "--graph", g, "--time", "0.25")[0]).contains("graph graph.json");
        Path out = temp.resolve("posed.glb");
        assertThat(run(0, "export", model, out.toString(), "--graph", g, "--time", "0.25")[0])
                .contains("posed: graph graph.json at t=0.25");
    }

    @Test
    void badGraphOptionsAreRefusedNamingThem() throws Exception {
        String model = shared("CesiumMan", "CesiumMan.glb").toString();
        String g = graph(ONE_POINT).toString();
        assertThat(run(2, "dump", model, "--graph", g, "--param", "sped=1")[1])
                .contains("--param sped=1: the graph has no such parameter; it has [speed, go]");
        assertThat(run(2, "dump", model, "--graph", g, "--param", "speed=fast")[1])
                .contains("--param speed=fast: a float parameter needs a finite number");
        assertThat(run(2, "dump", model, "--param", "speed=1")[1]).contains("--param speed=1: needs --graph G.json");
        assertThat(run(2, "dump", model, "--graph", g, "--animation", "0")[1])
                .contains("--animation cannot be used with --graph");
        assertThat(run(2, "dump", model, "--graph", g, "--time", "-1")[1])
                .contains("with --graph, must be a finite number of seconds, 0 or more");
        String bad = graph(ONE_POINT.replace("animation0", "Walk")).toString();
        assertThat(run(2, "dump", model, "--graph", bad)[1])
                .contains("motions[0].points[0].clip: unknown clip \"Walk\", clips=[animation0, idle, walk, run]");
    }

    @Test
    void demoRunsAGraphCrowdTimedByPhases() {
        String out = run(0, "demo", "--graph", "--crowd", "50", "--frames", "20", "--warmup", "5",
                "--no-progress")[0];
        assertThat(out).contains("graph crowd: 50 × bundled CesiumMan.glb, graph bundled locomotion.json: 2 parameters,"
                + " 4 motions, root \"main\"");
        assertThat(out).contains("graph (GraphCrowd):", "update():", "skinning palettes:", "whole frame:",
                "states after the last frame:");
    }
}
