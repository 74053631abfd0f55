package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.examples.CharacterScene.Run;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.file.Path;
import org.joml.Matrix4d;
import org.joml.Quaternionf;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the character scene as a user would and checks each thing it did against independent computations. */
class CharacterSceneTest {
    private static Path file;
    private static Run run;

    @BeforeAll
    static void play() throws Exception {
        file = Path.of(CharacterSceneTest.class.getResource("/models/CesiumMan/CesiumMan.glb").toURI());
        run = CharacterScene.run(file);
    }

    @Test
    void theSwordHangsOnTheHandFoundByNameWithItsEntityId() throws Exception {
        Hierarchy h = run.hierarchy();
        long hand = h.parent(run.sword());
        assertThat(h.name(hand)).isEqualTo(CharacterScene.HAND);
        assertThat(run.man().node(hand)).isEqualTo(19); // the file's left hand
        assertThat(h.find("Sword")).isEqualTo(run.sword());
        assertThat(h.userId(h.find("Sword"))).isEqualTo(CharacterScene.SWORD_ENTITY);
        // moved 5 cm up in world space from the hand at rest: its local offset is the hand's rest frame of that
        GltfModel model = Gltf.read(file);
        Hierarchy restH = new Hierarchy();
        GltfInstance rest = model.instantiate(restH, model.sceneToShow(), Hierarchy.NULL);
        Matrix4d handRest = SkinnedCrowdTest.affine(restH.getWorld(rest.handle(19), new float[12], 0));
        Vector3d expected = handRest.invert().transformDirection(new Vector3d(0, 0.05, 0));
        Vector3f local = h.getLocalTranslation(run.sword(), new Vector3f());
        assertThat((double) local.x).isCloseTo(expected.x, within(1e-6));
        assertThat((double) local.y).isCloseTo(expected.y, within(1e-6));
        assertThat((double) local.z).isCloseTo(expected.z, within(1e-6));
        // and it follows the hand: world = hand's world × local, in double
        Matrix4d hand4 = SkinnedCrowdTest.affine(h.getWorld(hand, new float[12], 0));
        Vector3d want = hand4.transformPosition(new Vector3d(local.x, local.y, local.z));
        Vector3f got = h.getWorldTranslation(run.sword(), new Vector3f());
        assertThat((double) got.x).isCloseTo(want.x, within(1e-6));
        assertThat((double) got.y).isCloseTo(want.y, within(1e-6));
        assertThat((double) got.z).isCloseTo(want.z, within(1e-6));
    }

    @Test
    void theCameraLooksAtTheSwordWithItsUpLeaningUp() {
        Hierarchy h = run.hierarchy();
        Vector3f eye = h.getWorldTranslation(run.camera(), new Vector3f());
        Vector3f sword = h.getWorldTranslation(run.sword(), new Vector3f());
        Vector3f toSword = new Vector3f(sword).sub(eye).normalize();
        Vector3f forward = h.localToWorldDirection(run.camera(), new Vector3f(0, 0, -1), new Vector3f());
        assertThat(forward.x).isCloseTo(toSword.x, within(1e-6f));
        assertThat(forward.y).isCloseTo(toSword.y, within(1e-6f));
        assertThat(forward.z).isCloseTo(toSword.z, within(1e-6f));
        Vector3f cameraUp = h.localToWorldDirection(run.camera(), new Vector3f(0, 1, 0), new Vector3f());
        assertThat(cameraUp.y).isPositive();
        assertThat(new Vector3f(cameraUp).cross(forward).y).isCloseTo(0, within(1e-6f)); // no roll
    }

    @Test
    void theArmsPlayTheUpperBodyClipsExactlyAndTheRestTheWalkAndEachEndIsHeardOnce() {
        assertThat(run.ends()).containsExactly("raise@30", "wave@60");
        Hierarchy h = run.hierarchy();
        GltfModel model = run.man().model();
        Pose walked = model.restPose();
        run.animator().playback(run.walkLayer()).clip()
                .sample(run.animator().playback(run.walkLayer()).time(), WrapMode.CLAMP, walked);
        Pose waved = model.restPose();
        assertThat(run.animator().playback(run.armsLayer()).clip().name()).isEqualTo("wave");
        run.animator().playback(run.armsLayer()).clip()
                .sample(run.animator().playback(run.armsLayer()).time(), WrapMode.CLAMP, waved);
        long[] nodes = run.man().animatedHandles();
        float[] want = new float[4];
        Quaternionf q = new Quaternionf();
        int armJoints = 0;
        for (int target = 0; target < nodes.length; target++) {
            boolean arm = run.arms()[target] == 1f;
            armJoints += arm ? 1 : 0;
            (arm ? waved : walked).rotation(target, want, 0);
            h.getLocalRotation(nodes[target], q);
            assertThat(new float[] {q.x, q.y, q.z, q.w}).as("target %d", target).containsExactly(want);
        }
        assertThat(armJoints).isEqualTo(6);
    }
}
