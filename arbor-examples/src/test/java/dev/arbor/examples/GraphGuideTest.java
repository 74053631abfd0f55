package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.AnimationGraph;
import dev.arbor.animation.GraphPlayer;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GraphJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Runs the graph of docs/graphs.md, in code and from the page's JSON, on CesiumMan; and that the page shows it. */
class GraphGuideTest {
    private static GltfModel cesium() throws Exception {
        return Gltf.read(Path.of(GraphGuideTest.class.getResource("/models/CesiumMan/CesiumMan.glb").toURI()));
    }

    private static Path page() {
        Path p = Path.of("../docs/graphs.md");
        return Files.exists(p) ? p : Path.of("docs/graphs.md");
    }

    @Test
    void theGraphInCodeWalksRunsAndJumps() throws Exception {
        GltfModel model = cesium();
        GraphGuide guide = new GraphGuide(model.animation(0));
        GraphPlayer player = guide.play(guide.inCode(), model, GraphGuide.instance(model), 400);
        assertThat(guide.states).containsExactly("stand", "move", "jump", "stand");
        assertThat(guide.footsteps).isNotEmpty().allMatch(s -> s.equals("left") || s.equals("right"));
        assertThat(player.state()).isEqualTo("stand");
    }

    @Test
    void thePagesJsonIsTheSameGraph() throws Exception {
        String page = Files.readString(page());
        Matcher json = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(page);
        assertThat(json.find()).isTrue();
        GltfModel model = cesium();
        GraphGuide guide = new GraphGuide(model.animation(0));
        AnimationGraph fromJson = guide.inJson(json.group(1));
        AnimationGraph inCode = guide.inCode();
        assertThat(fromJson.parameters()).isEqualTo(inCode.parameters());
        assertThat(fromJson.motions()).hasSameSizeAs(inCode.motions());
        assertThat(GraphJson.write(fromJson)).isEqualTo(GraphJson.write(inCode));
        GraphPlayer a = guide.play(fromJson, model, GraphGuide.instance(model), 400);
        assertThat(a.state()).isEqualTo("stand");
    }

    @Test
    void thePageShowsTheExamplesCode() throws Exception {
        String page = Files.readString(page());
        String source = Files.readString(Path.of("src/main/java/dev/arbor/examples/GraphGuide.java"));
        for (String part : new String[] {"code", "play"}) {
            Matcher m = Pattern.compile("// --- docs/graphs.md: " + part + " ---\\n(.*?)\\n\\s*// --- end ---",
                    Pattern.DOTALL).matcher(source);
            assertThat(m.find()).as(part).isTrue();
            for (String line : m.group(1).split("\\n")) {
                String code = line.strip();
                if (!code.isEmpty() && !code.startsWith(".interruptible()")) {
                    assertThat(page).as("docs/graphs.md shows: %s", code).contains(code);
                }
            }
        }
    }
}
