package dev.arbor.bench.cold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ColdStartMain's options, parsed and checked without starting a process. */
class ColdStartArgumentsTest {
    @Test
    void defaultsAreTenForksOfFramesZeroToHundredOfEveryImplementationOnBothScenes() {
        ColdStartMain main = ColdStartMain.parse();
        assertThat(main.forks).isEqualTo(10);
        assertThat(main.frames).isEqualTo(100);
        assertThat(main.reads).isEqualTo(10);
        assertThat(main.implementations()).containsExactly(ColdImpl.values());
        assertThat(main.frameConfigs()).hasSize(10).first()
                .isEqualTo(new ColdStartMain.Config(ColdImpl.ARBOR, "seed-6000"));
        assertThat(main.frameConfigs().get(1)).isEqualTo(new ColdStartMain.Config(ColdImpl.ARBOR, "crowd"));
    }

    @Test
    void selectionKeepsTheOrderGiven() {
        ColdStartMain main = ColdStartMain.parse("--forks", "3", "--frames", "1100", "--scenes", "seed-6000",
                "--impls", "joml-tree,ARBOR-scalar");
        assertThat(main.forks).isEqualTo(3);
        assertThat(main.frames).isEqualTo(1100);
        assertThat(main.noGate).isFalse();
        assertThat(ColdStartMain.parse("--no-gate").noGate).isTrue();
        assertThat(main.frameConfigs()).containsExactly(new ColdStartMain.Config(ColdImpl.JOML_TREE, "seed-6000"),
                new ColdStartMain.Config(ColdImpl.ARBOR_SCALAR, "seed-6000"));
    }

    @Test
    void gltfModeDefaultsToArborWithAndWithoutTheVectorModule() {
        ColdStartMain main = ColdStartMain.parse("--gltf", "a.glb", "--gltf", ColdStartMain.GENERATED, "--threejs");
        assertThat(main.gltf).containsExactly("a.glb", "generated");
        assertThat(main.threejs).isTrue();
        assertThat(main.implementations()).containsExactly(ColdImpl.ARBOR, ColdImpl.ARBOR_SCALAR);
    }

    @Test
    void onlyArborHasTheVectorModuleOptionLeftOut() {
        assertThat(ColdImpl.ARBOR.jvmOptions()).contains("--add-modules=jdk.incubator.vector", "-Xss256m");
        assertThat(ColdImpl.ARBOR_SCALAR.jvmOptions()).noneMatch(o -> o.contains("jdk.incubator.vector"));
        assertThat(ColdImpl.JME.jvmOptions()).contains("--add-modules=jdk.incubator.vector");
    }

    @Test
    void badArgumentsNameTheirOption() {
        assertThatThrownBy(() -> ColdStartMain.parse("--forks", "0")).hasMessageContaining("--forks");
        assertThatThrownBy(() -> ColdStartMain.parse("--frames", "-1")).hasMessageContaining("--frames");
        assertThatThrownBy(() -> ColdStartMain.parse("--scenes", "nowhere")).hasMessageContaining("nowhere");
        assertThatThrownBy(() -> ColdStartMain.parse("--impls", "arbor,unity")).hasMessageContaining("unity");
        assertThatThrownBy(() -> ColdStartMain.parse("--gltf", "a.glb", "--impls", "jme"))
                .hasMessageContaining("'jme'");
        assertThatThrownBy(() -> ColdStartMain.parse("--threejs")).hasMessageContaining("--gltf");
        assertThatThrownBy(() -> ColdStartMain.parse("--gltf-all")).hasMessageContaining("--gltf-all needs --gltf");
        assertThatThrownBy(() -> ColdStartMain.parse("--no-gate", "--gltf", "a.glb")).hasMessageContaining("--no-gate");
        assertThatThrownBy(() -> ColdStartMain.parse("--forks", "many")).hasMessageContaining("many");
        assertThatThrownBy(() -> ColdStartMain.parse("--bogus")).hasMessageContaining("--bogus");
    }

    @Test
    void runGivesExitCodeTwoAndAHintOnBadArgumentsAndZeroForHelp() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(ColdStartMain.run(new String[] {"--scenes", "nowhere"}, o, e)).isEqualTo(ColdStartMain.USAGE);
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("ColdStartMain: unknown scene 'nowhere'");
        assertThat(lines.get(1)).contains("--help");
        assertThat(ColdStartMain.run(new String[] {"--help"}, o, e)).isEqualTo(ColdStartMain.OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--forks", "--frames", "--gltf", "--threejs");
    }
}
