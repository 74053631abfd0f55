package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Animator;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.Playback;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseLayers;
import dev.arbor.animation.RootMotion;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;
import dev.arbor.examples.AnimationGuide.Character;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/** Runs the examples of docs/animation.md on CesiumMan and checks what they computed; and that the page shows them. */
class AnimationGuideTest {
    private static final float DT = 1 / 60f;

    private static Path model(String name, String extension) throws URISyntaxException {
        return Path.of(AnimationGuideTest.class.getResource("/models/" + name + "/" + name + extension).toURI());
    }

    private static Character cesiumMan() throws Exception {
        return Character.of(Gltf.read(model("CesiumMan", ".glb")));
    }

    @Test
    void everyJavaBlockOfTheAnimationPageIsAnExampleOfTheGuideAndEveryExampleIsOnThePage() throws IOException {
        String source = Files.readString(Path.of("src/main/java/dev/arbor/examples/AnimationGuide.java"));
        Map<String, String> regions = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?s)// \\[(\\w+)\\]\\n(.*?)\\n[ ]*// \\[/\\1\\]").matcher(source);
        while (m.find()) {
            regions.put(m.group(1), dedent(m.group(2)));
        }
        assertThat(regions).containsOnlyKeys("animator", "playback", "queue", "layers", "morph", "skinning",
                "rootmotion", "twobone", "aim");
        String page = Files.readString(Path.of("../docs/animation.md"));
        List<String> blocks = new ArrayList<>();
        Matcher b = Pattern.compile("(?s)```java\\n(.*?)\\n```").matcher(page);
        while (b.find()) {
            blocks.add(b.group(1));
        }
        assertThat(blocks).as("the page's java blocks, in the guide's order")
                .containsExactlyElementsOf(regions.values());
    }

    /** The lines without their common indentation and trailing blanks. */
    private static String dedent(String text) {
        String[] lines = text.split("\n", -1);
        int indent = Integer.MAX_VALUE;
        for (String line : lines) {
            if (!line.isBlank()) {
                indent = Math.min(indent, line.length() - line.stripLeading().length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < lines.length; k++) {
            String line = lines[k].isBlank() ? "" : lines[k].substring(indent).stripTrailing();
            out.append(k == 0 ? "" : "\n").append(line);
        }
        return out.toString();
    }

    @Test
    void theMeshSkinnedOnTheCpuIsTheBindMeshAtRestAndMovesWithTheWalk() throws Exception {
        Character c = cesiumMan();
        c.hierarchy().update();
        AnimationGuide guide = new AnimationGuide();
        float[][] rest = guide.skinnedOnCpu(c);
        float[] bind = c.model().readMesh(0).primitive(0).positions();
        // CesiumMan's rest pose is its bind pose: the palette is the identity to float precision
        assertThat(rest[0]).hasSameSizeAs(bind);
        for (int i = 0; i < bind.length; i++) {
            assertThat(rest[0][i]).isCloseTo(bind[i], org.assertj.core.api.Assertions.within(1e-4f));
        }
        Pose walked = c.model().restPose();
        c.walk().sample(0.5f, WrapMode.LOOP, walked);
        c.instance().applyPose(walked);
        c.hierarchy().update();
        float[][] moved = guide.skinnedOnCpu(c);
        float largest = 0;
        for (int i = 0; i < bind.length; i++) {
            largest = Math.max(largest, Math.abs(moved[0][i] - bind[i]));
        }
        assertThat(largest).as("the farthest vertex moved by the walk").isGreaterThan(0.05f);
        // normals: the bind normals at rest; blended between joints they shorten a little (not normalised)
        float[] bindNormals = c.model().readMesh(0).primitive(0).attribute("NORMAL").floats();
        for (int i = 0; i < bindNormals.length; i++) {
            assertThat(rest[1][i]).isCloseTo(bindNormals[i], org.assertj.core.api.Assertions.within(1e-4f));
        }
        double sum = 0;
        double shortest = 1;
        for (int v = 0; v < moved[1].length; v += 3) {
            double length = Math.sqrt(moved[1][v] * moved[1][v] + moved[1][v + 1] * moved[1][v + 1]
                    + moved[1][v + 2] * moved[1][v + 2]);
            sum += length;
            shortest = Math.min(shortest, length);
        }
        assertThat(sum / (moved[1].length / 3)).as("mean length of the walked normals").isBetween(0.95, 1.01);
        assertThat(shortest).as("shortest walked normal").isGreaterThan(0.5);
    }

    @Test
    void theAnimatorRaisesThenWavesTheArmOverTheWalkAndTheLegReachesItsTarget() throws Exception {
        Character c = cesiumMan();
        Vector3f foot = c.hierarchy().getWorldTranslation(c.ankle(), new Vector3f()).add(0, 0.05f, 0.05f);
        AnimationGuide guide = new AnimationGuide();
        Animator animator = guide.animator(c, 120, DT);
        assertThat(guide.finished).containsExactly(c.raise(), c.wave());
        // two seconds in: the wave has ended and holds its last key on the arm; the rest walks (the leg aside)
        GltfModel model = c.model();
        Pose walked = model.restPose();
        c.walk().sample(animator.playback(0).time(), WrapMode.CLAMP, walked);
        Pose waved = model.restPose();
        c.wave().sample(c.wave().endTime(), WrapMode.CLAMP, waved);
        float[] arm = PoseLayers.subtreeMask(model.animatedParents(), c.shoulder(), 1f);
        long[] handles = c.instance().animatedHandles();
        Quaternionf q = new Quaternionf();
        float[] want = new float[4];
        int checked = 0;
        for (int target = 0; target < handles.length; target++) {
            if (handles[target] == c.hip() || handles[target] == c.knee()) {
                continue; // turned by the IK
            }
            Pose expected = arm[target] == 1f ? waved : walked;
            c.hierarchy().getLocalRotation(handles[target], q);
            assertThat(new float[] {q.x, q.y, q.z, q.w}).as("target %d", target)
                    .containsExactly(expected.rotation(target, want, 0));
            checked++;
        }
        assertThat(checked).isEqualTo(handles.length - 2);
        Vector3f ankle = c.hierarchy().getWorldTranslation(c.ankle(), new Vector3f());
        assertThat(ankle.distance(foot)).as("the ankle on its target").isLessThan(1e-4f);
    }

    @Test
    void playbackFiresTheFootstepsAndCrossFadesToTheOtherClipHalfWay() throws Exception {
        Character c = cesiumMan();
        AnimationClip run = c.walk().withName("run");
        AnimationGuide guide = new AnimationGuide();
        Playback playback = guide.playback(c, run, 120, DT);
        // 61 frames of the walk (the cross-fade comes after the 61st): both markers, then none during the fade
        assertThat(guide.footsteps).containsExactly("left foot", "right foot");
        assertThat(playback.clip()).isSameAs(run);
        assertThat(playback.speed()).isEqualTo(-1f);
        assertThat(playback.fading()).isFalse();
        // 59 frames backwards from time 0: wrapped to the end, then back
        assertThat(playback.time()).isCloseTo(run.endTime() - 59 * DT, offset(1e-5f));
    }

    @Test
    void theQueuePlaysTheWaveThenTheIdleAndReportsEachEndAndTheLoops() throws Exception {
        Character c = cesiumMan();
        AnimationClip walk = c.walk();
        AnimationClip idle = walk.withName("idle");
        Playback playback = new Playback(walk, PlaybackMode.LOOP);
        AnimationGuide guide = new AnimationGuide();
        int frames = 600;
        guide.queue(playback, c.wave(), idle, frames, DT);
        double end = walk.endTime();
        // the walk to the end of its turn, the wave for its second, the idle loops for the rest
        assertThat(guide.finished).containsExactly(walk, c.wave());
        assertThat(playback.clip()).isSameAs(idle);
        double idlePlayed = frames * (double) DT - end - c.wave().endTime();
        assertThat(guide.cycles).isEqualTo((int) Math.floor(idlePlayed / end));
        assertThat(guide.cycles).isPositive();
        assertThat(playback.queued()).isZero();
    }

    @Test
    void theLayersGiveTheArmTheWaveAndTheRestTheWalkWithTheBreathAdded() throws Exception {
        Character c = cesiumMan();
        GltfModel model = c.model();
        int chest = model.targetOf(AnimationGuide.node(model, "Skeleton_torso_joint_2"));
        AnimationClip breathing = AnimationClip.builder("breathing")
                .addChannel(chest, TargetPath.SCALE, Interpolation.LINEAR, new float[] {0, 2},
                        new float[] {1, 1, 1, 1.2f, 1, 1.2f})
                .build();
        Pose pose = model.restPose();
        int frames = 90;
        new AnimationGuide().layers(c, breathing, pose, frames, DT);
        float time = (frames - 1) * DT;
        Pose walked = model.restPose();
        c.walk().sample(time, WrapMode.LOOP, walked);
        Pose waved = model.restPose();
        c.wave().sample(time, WrapMode.LOOP, waved);
        float[] arm = PoseLayers.subtreeMask(model.animatedParents(), c.shoulder(), 1f);
        float[] got = new float[4];
        float[] want = new float[4];
        for (int target = 0; target < pose.size(); target++) {
            Pose expected = arm[target] == 1f ? waved : walked;
            assertThat(pose.rotation(target, got, 0)).as("target %d", target)
                    .containsExactly(expected.rotation(target, want, 0));
        }
        // the chest's scale: the walk's times 1 + 0.5 × (breath / breath at 0 − 1) = 1 + 0.5 × 0.2 × time / 2
        float s = walked.scale(chest, want, 0)[0] * (1 + 0.5f * 0.2f * time / 2);
        assertThat(pose.scale(chest, got, 0)[0]).isCloseTo(s, offset(1e-6f));
    }

    @Test
    void theMorphWeightsCopiedOutAreTheClipsAtTheLastFrame() throws Exception {
        Path path = model("SimpleMorph", ".gltf");
        int frames = 50;
        float[] gpu = new AnimationGuide().morphWeights(path, new Hierarchy(), frames, DT);
        GltfModel model = Gltf.read(path);
        MorphWeights expected = model.restWeights();
        model.animation(0).sampleWeights((frames - 1) * DT, WrapMode.LOOP, expected);
        assertThat(gpu).containsExactly(expected.copyTo(new float[expected.size()], 0));
        assertThat(gpu).as("animated away from the defaults")
                .isNotEqualTo(model.restWeights().copyTo(new float[expected.size()], 0));
    }

    @Test
    void rootMotionMovesTheCharacterByTheClipsMotionAndKeepsTheRootInPlace() throws Exception {
        Character c = cesiumMan();
        int frames = 300;
        Playback playback = new AnimationGuide().rootMotion(c, frames, DT);
        // reference: the same positions, each frame's motion turned by the heading so far, then the heading turned
        RootMotion motion = new RootMotion(c.walk(), c.root(), true);
        Vector3f position = new Vector3f();
        Quaternionf heading = new Quaternionf();
        float[] d = new float[4];
        double at = 0;
        for (int frame = 0; frame < frames; frame++) {
            double next = at + DT;
            motion.delta(PlaybackMode.LOOP, at, next, d, 0);
            position.add(heading.transform(new Vector3f(d[0], d[1], d[2])));
            heading.rotateY(d[3]);
            at = next;
        }
        assertThat(playback.position()).isEqualTo(at);
        Vector3f moved = c.hierarchy().getLocalTranslation(c.character(), new Vector3f());
        assertThat(moved.distance(position)).isLessThan(1e-6f);
        Quaternionf turned = c.hierarchy().getLocalRotation(c.character(), new Quaternionf());
        Vector3f side = turned.transform(new Vector3f(1, 0, 0));
        assertThat(side.distance(heading.transform(new Vector3f(1, 0, 0)))).as("%s against %s", turned, heading)
                .isLessThan(1e-5f);
        assertThat(position.length()).as("CesiumMan's walk drifts a little").isGreaterThan(1e-3f);
        // the root joint stands at its starting place across the floor (x and z at time 0)
        Pose start = c.model().restPose();
        c.walk().sample(0, WrapMode.CLAMP, start);
        Vector3f root = c.hierarchy().getLocalTranslation(c.instance().animatedHandles()[c.root()], new Vector3f());
        float[] t = start.translation(c.root(), new float[3], 0);
        assertThat(root.x).isEqualTo(t[0]);
        assertThat(root.z).isEqualTo(t[2]);
    }

    @Test
    void twoBoneIkPutsTheAnkleOnAReachableTarget() throws Exception {
        Character c = cesiumMan();
        Vector3f foot = c.hierarchy().getWorldTranslation(c.ankle(), new Vector3f()).add(0.03f, 0.08f, 0.04f);
        boolean reached = new AnimationGuide().twoBoneIk(c, foot.x, foot.y, foot.z);
        assertThat(reached).isTrue();
        Vector3f ankle = c.hierarchy().getWorldTranslation(c.ankle(), new Vector3f());
        assertThat(ankle.distance(foot)).isLessThan(1e-4f);
    }

    @Test
    void theAimChainPointsTheEyesAtThePoint() throws Exception {
        Character c = cesiumMan();
        Vector3f point = new Vector3f(2, 1.5f, 3);
        long head = new AnimationGuide().aim(c, point.x, point.y, point.z);
        float[] w = c.hierarchy().getWorld(head, new float[12], 0);
        Vector3f x = new Vector3f(w[0], w[1], w[2]).normalize();
        Vector3f y = new Vector3f(w[3], w[4], w[5]).normalize();
        Vector3f z = new Vector3f(w[6], w[7], w[8]).normalize();
        Vector3f eye = new Vector3f(w[9], w[10], w[11]).add(new Vector3f(y).mul(0.1f)).add(new Vector3f(z).mul(0.08f));
        Vector3f toPoint = new Vector3f(point).sub(eye).normalize();
        assertThat(toPoint.dot(z)).as("the head's z axis from the eyes through the point").isGreaterThan(0.99999f);
        assertThat(x.length()).isCloseTo(1f, offset(1e-6f));
    }

    @Test
    void mainPrintsWhatItComputed() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            AnimationGuide.main(new String[] {model("CesiumMan", ".glb").toString()});
        } finally {
            System.setOut(old);
        }
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("animator: 2 layers, 1 IK steps; ended: [raise, wave]");
    }
}
