package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationGraph;
import dev.arbor.animation.GraphPlayer;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.Pose;
import dev.arbor.animation.TargetPath;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON form of a graph: read, written, read again; bad documents refused at their path. */
class GraphJsonTest {
    private static AnimationClip ramp(String name, float length) {
        return AnimationClip.builder(name).addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR,
                new float[] {0, length}, new float[] {0, 0, 0, length, 0, 0}).build();
    }

    private static final Map<String, AnimationClip> CLIPS = new LinkedHashMap<>();

    static {
        CLIPS.put("Idle", ramp("Idle", 2));
        CLIPS.put("Walk", ramp("Walk", 1));
        CLIPS.put("Run", ramp("Run", 0.6f));
        CLIPS.put("Jump", ramp("Jump", 0.5f));
    }

    static final String DOCUMENT = """
            {
              "parameters": [ {"name": "speed", "kind": "float", "initial": 0.5},
                              {"name": "grounded", "kind": "bool", "initial": true},
                              {"name": "x", "kind": "float"}, {"name": "jump", "kind": "trigger"} ],
              "motions": [
                {"name": "idle", "clip": "Idle"},
                {"name": "jump", "clip": "Jump", "loop": false, "speed": 1.5, "events": [{"name": "land", "time": 0.4}]},
                {"name": "loco", "parameter": "speed",
                 "points": [{"at": 0, "clip": "Idle"}, {"at": 1.5, "clip": "Walk",
                             "events": [{"name": "left", "time": 0.25}, {"name": "right", "time": 0.75}]},
                            {"at": 4, "clip": "Run"}]},
                {"name": "lean", "parameters": ["x", "speed"],
                 "points": [{"at": [0, 0], "clip": "Idle"}, {"at": [1, 0], "clip": "Walk"}, {"at": [0, 1], "clip": "Run"}]},
                {"name": "main", "initial": "move",
                 "states": [{"name": "move", "motion": "loco"}, {"name": "jump", "motion": "jump"},
                            {"name": "lean", "motion": "lean"}],
                 "transitions": [
                   {"from": "*", "to": "jump", "duration": 0.1, "conditions": [{"parameter": "jump", "test": "triggered"}]},
                   {"from": "jump", "to": "move", "exitTime": 1, "duration": 0.2, "interruptible": true},
                   {"from": "move", "to": "lean", "duration": 0.3,
                    "conditions": [{"parameter": "x", "test": "greater", "value": 0.5},
                                   {"parameter": "grounded", "test": "true"}]}
                 ]}
              ],
              "root": "main",
              "rootMotion": {"target": 0, "heading": true}
            }
            """;

    @Test
    void readsWritesAndReadsBackTheSameGraph() throws Exception {
        AnimationGraph graph = GraphJson.read(DOCUMENT, CLIPS);
        assertThat(graph.parameters()).hasSize(4);
        assertThat(graph.parameters().get(1).initial()).isEqualTo(1f);
        assertThat(graph.motions()).hasSize(5);
        assertThat(graph.root()).isEqualTo("main");
        AnimationGraph.StateMachine main = (AnimationGraph.StateMachine) graph.motions().get(4);
        assertThat(main.transitions().get(1).exitTime()).isEqualTo(1f);
        assertThat(main.transitions().get(0).from()).isEqualTo(AnimationGraph.ANY_STATE);
        assertThat(((AnimationGraph.ClipMotion) graph.motions().get(1)).events().name(0)).isEqualTo("land");
        String written = GraphJson.write(graph);
        AnimationGraph again = GraphJson.read(written, CLIPS);
        assertThat(GraphJson.write(again)).isEqualTo(written);
        assertThat(again.parameters()).isEqualTo(graph.parameters());
        assertThat(again.root()).isEqualTo(graph.root());
        assertThat(again.rootMotion()).isEqualTo(graph.rootMotion());
        assertThat(((AnimationGraph.StateMachine) again.motions().get(4)).transitions())
                .isEqualTo(main.transitions());
        // and it plays
        GraphPlayer player = new GraphPlayer(again, new Pose(1));
        player.set("speed", 2).advance(0.1f);
        assertThat(player.state()).isEqualTo("move");
    }

    private static void refused(String from, String to, String message) {
        assertThatThrownBy(() -> GraphJson.read(DOCUMENT.replace(from, to), CLIPS))
                .isInstanceOf(GltfException.class).hasMessage(message);
    }

    @Test
    void badDocumentsAreRefusedNamingThePath() {
        refused("{\"at\": 4, \"clip\": \"Run\"}", "{\"at\": 4, \"clip\": \"Rn\"}",
                "motions[2].points[2].clip: unknown clip \"Rn\", clips=[Idle, Walk, Run, Jump]");
        refused("\"parameter\": \"x\", \"test\": \"greater\"", "\"parameter\": \"y\", \"test\": \"greater\"",
                "motions[4].transitions[2].conditions[0].parameter: unknown parameter \"y\"");
        refused("\"test\": \"triggered\"", "\"test\": \"fired\"",
                "motions[4].transitions[0].conditions[0].test: unknown test \"fired\", expected greater, less, true,"
                        + " false or triggered");
        refused("\"kind\": \"trigger\"", "\"kind\": \"int\"",
                "parameters[3].kind: unknown kind \"int\", expected float, bool or trigger");
        refused("\"duration\": 0.3", "\"duration\": -0.3",
                "motions[4].transitions[2].duration: out of range: duration=-0.3, allowed=[0, ∞)");
        refused("{\"name\": \"land\", \"time\": 0.4}", "{\"name\": \"land\", \"time\": 0.9}",
                "motions[1].events[0]: event time outside the clip: land at time=0.9, allowed=[0, 0.5]");
        refused("{\"at\": [1, 0], \"clip\": \"Walk\"}", "{\"at\": [1], \"clip\": \"Walk\"}",
                "motions[3].points[1].at: expected an array of 2 numbers, found [1]");
        refused("\"root\": \"main\"", "\"root\": \"mian\"", "root: unknown motion \"mian\"");
        refused("{\"name\": \"idle\", \"clip\": \"Idle\"}", "{\"name\": \"idle\"}",
                "motions[0]: a motion needs one of clip, parameter, parameters or states");
        refused("\"interruptible\": true", "\"interruptible\": 1",
                "motions[4].transitions[1].interruptible: expected a boolean, found 1");
        assertThatThrownBy(() -> GraphJson.read("[1]", CLIPS)).isInstanceOf(GltfException.class)
                .hasMessage("json: top level is not an object: [1]");
    }
}
