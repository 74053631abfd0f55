package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.ThreadMXBean;
import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.Crowd;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdJob;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseBatch;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@link Crowd} and {@link GltfCrowd}: the crowd object a user sets up in a few lines, and its job's checks. */
class CrowdTest {
    /**
     * A crowd's frame gives every copy the palette its own skeleton writes after the copy is posed alone at its time
     * (within the crowd path's documented tolerance of the per-instance path), on one and two threads, with the
     * copies placed by their roots.
     */
    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "RiggedFigure"})
    void aCrowdFrameGivesEachCopyThePaletteOfItsOwnPose(String name) throws Exception {
        GltfModel model = Gltf.read(SampleModels.model(name));
        for (int threads = 1; threads <= 2; threads++) {
            Hierarchy h = new Hierarchy();
            int n = 21;
            try (Crowd crowd = GltfCrowd.of(model, h, n)) {
                crowd.setThreads(threads);
                assertThat(crowd.instances()).isEqualTo(n);
                assertThat(crowd.jointCount()).isEqualTo(model.skin(0).jointCount());
                assertThat(crowd.palettes().capacity()).isEqualTo(n * crowd.jointCount() * 16);
                Random random = new Random(7 + threads);
                for (int i = 0; i < n; i++) {
                    h.setLocalTranslation(crowd.root(i), 1.5f * i, 0, -0.5f * i);
                    crowd.times()[i] = random.nextFloat() * 3f;
                }
                for (int frame = 0; frame < 5; frame++) {
                    crowd.advance(1 / 30f);
                    crowd.frame();
                    h.update();
                }
                // the reference: each copy posed alone in a hierarchy of its own, at the same place
                int meshNode = model.nodesWithSkin(0)[0];
                float[] want = new float[16 * crowd.jointCount()];
                Pose scratch = model.restPose();
                double worst = 0;
                for (int i = 0; i < n; i++) {
                    Hierarchy alone = new Hierarchy();
                    long root = alone.createRoot();
                    alone.setLocalTranslation(root, 1.5f * i, 0, -0.5f * i);
                    GltfInstance copy = model.instantiate(alone, model.sceneToShow(), root);
                    copy.applyAnimation(0, crowd.times()[i], WrapMode.LOOP, scratch);
                    alone.update();
                    copy.skeleton(0).writePalette(alone, copy.handle(meshNode), MatrixLayout.COLUMN_MAJOR_4X4, want,
                            0);
                    for (int k = 0; k < want.length; k++) {
                        float got = crowd.palettes().get(16 * i * crowd.jointCount() + k);
                        worst = Math.max(worst, Math.abs(got - want[k]) / Math.max(1, Math.abs(want[k])));
                    }
                }
                assertThat(worst).as("%s, %d threads", name, threads)
                        .isLessThan(CrowdAnimatorTest.PALETTE_TOLERANCE);
            }
        }
    }

    /** The crowd's frame is its job: the same bits as a job a user sets up by hand over the same arrays. */
    @Test
    void theCrowdsFrameHasTheBitsOfItsJobSetUpByHand() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        int n = 40;
        Hierarchy a = new Hierarchy();
        Hierarchy b = new Hierarchy();
        try (Crowd crowd = GltfCrowd.of(model, a, n); Crowd other = GltfCrowd.of(model, b, n);
             CrowdAnimator animator = new CrowdAnimator()) {
            ClipSampler clip = ClipSampler.compile(model.animation(0));
            crowd.blend(clip, 0.4f);
            FloatBuffer got = crowd.palettes();
            float[] want = new float[got.capacity()];
            CrowdJob byHand = new CrowdJob(animator).sample(other.clip(), other.times(), clip.newCursors(n))
                    .blend(clip, other.secondTimes(), clip.newCursors(n), 0.4f)
                    .intoNodes(other.nodes(), model.restPose()).palettes(other.skin(), want, 0);
            for (int frame = 0; frame < 6; frame++) {
                for (int i = 0; i < n; i++) {
                    crowd.times()[i] = other.times()[i] = 0.05f * i + frame / 60f;
                    crowd.secondTimes()[i] = other.secondTimes()[i] = 0.5f + 0.03f * i + frame / 40f;
                }
                crowd.frame();
                byHand.run();
                a.update();
                b.update();
                float[] fromCrowd = new float[want.length];
                got.get(0, fromCrowd);
                assertThat(fromCrowd).as("frame %d", frame).isEqualTo(want);
            }
            crowd.stopBlend();
            byHand.noBlend();
            crowd.frame();
            byHand.run();
            float[] fromCrowd = new float[want.length];
            got.get(0, fromCrowd);
            assertThat(fromCrowd).isEqualTo(want);
        }
    }

    @Test
    void framesAllocateNothingAfterTheFirst() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        ThreadMXBean counter = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (Crowd crowd = GltfCrowd.of(model, h, 64)) {
            crowd.setThreads(2);
            crowd.frame();
            h.update();
            long tid = Thread.currentThread().getId();
            long least = Long.MAX_VALUE;
            for (int window = 0; window < 5; window++) {
                long before = counter.getThreadAllocatedBytes(tid);
                for (int f = 0; f < 20; f++) {
                    crowd.advance(1 / 60f);
                    crowd.frame();
                    h.update();
                }
                least = Math.min(least, counter.getThreadAllocatedBytes(tid) - before);
            }
            assertThat(least).as("bytes of 20 frames (least of 5 windows)").isZero();
        }
    }

    @Test
    void badSetUpsAreRefusedNamingTheValueAndTheBound() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        GltfInstance copy = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        Crowd.Builder builder = Crowd.builder(h, model.restPose());
        assertThatThrownBy(() -> builder.add(Hierarchy.NULL, new long[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("animatedNodes.length=3 differs from the rest pose's size "
                        + model.animatedNodes().length);
        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class).hasMessage("no instance added");
        builder.add(Hierarchy.NULL, copy.animatedHandles(), copy.skeleton(0), copy.handle(model.nodesWithSkin(0)[0]));
        assertThatThrownBy(() -> builder.add(Hierarchy.NULL, copy.animatedHandles()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("instance 1 has no skeleton: a crowd's instances are all skinned or none");
        assertThatThrownBy(() -> GltfCrowd.of(model, h, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count=0 is below 1");
        try (Crowd crowd = builder.build()) {
            assertThatThrownBy(crowd::frame).isInstanceOf(IllegalStateException.class)
                    .hasMessage("no clip plays: call play(clip) first");
            assertThatThrownBy(() -> crowd.root(1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("instance=1 is outside [0, 1)");
            assertThatThrownBy(() -> crowd.advance(Float.NaN)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("seconds=NaN is not finite");
            ClipSampler clip = ClipSampler.compile(model.animation(0));
            assertThatThrownBy(() -> crowd.blend(clip, Float.POSITIVE_INFINITY))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("weight=Infinity is not finite");
            crowd.play(clip);
            crowd.times()[0] = Float.NaN;
            assertThatThrownBy(crowd::frame).isInstanceOf(IllegalArgumentException.class).hasMessage("times[0]=NaN");
        }
    }

    /** A job's {@code validate()} names the first bad field and the bound, and a refused job writes nothing. */
    @Test
    void aJobsValidationNamesTheField() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        int n = 4;
        try (Crowd crowd = GltfCrowd.of(model, h, n); CrowdAnimator animator = new CrowdAnimator()) {
            ClipSampler clip = crowd.clip();
            int size = model.animatedNodes().length;
            CrowdJob job = new CrowdJob(animator);
            assertThatThrownBy(job::validate).hasMessage("clip is not set: call sample(clip, times, cursors)");
            job.sample(clip, new float[n], clip.newCursors(n));
            assertThatThrownBy(job::validate)
                    .hasMessage("no output: call intoNodes(nodes, rest) or intoPoses(poses, scratch)");
            job.intoNodes(crowd.nodes(), new Pose(size - 1));
            assertThatThrownBy(job::validate).hasMessage("rest.size()=" + (size - 1) + " differs from nodes.size()="
                    + size);
            job.intoNodes(crowd.nodes(), model.restPose()).sample(clip, new float[n - 1], clip.newCursors(n));
            assertThatThrownBy(job::validate).hasMessage("times too short: length=3, required=4");
            job.sample(clip, new float[n], new int[1]);
            assertThatThrownBy(job::validate).hasMessage("cursors too short: length=1, required="
                    + n * clip.cursorCount());
            job.sample(clip, new float[n], clip.newCursors(n)).blend(clip, new float[2], clip.newCursors(n), 0.5f);
            assertThatThrownBy(job::validate).hasMessage("secondTimes too short: length=2, required=4");
            job.noBlend().palettes(crowd.skin(), new float[16], 0);
            assertThatThrownBy(job::validate).hasMessage("palettes too short: length=16, offset=0, required="
                    + 16 * n * crowd.jointCount());
            PoseBatch poses = new PoseBatch(n, size);
            job.intoPoses(poses, null).blend(clip, new float[n], clip.newCursors(n), 0.5f);
            assertThatThrownBy(job::validate)
                    .hasMessage("scratch is null: a blend into poses needs a scratch batch");
            job.intoPoses(poses, new PoseBatch(n + 1, size));
            assertThatThrownBy(job::validate).hasMessage("scratch shape 5×" + size + " differs from poses shape 4×"
                    + size);
            float[] before = poses.rotations().clone();
            job.intoPoses(poses, new PoseBatch(n, size)).blend(clip, new float[] {0, 0, Float.NaN, 0},
                    clip.newCursors(n), 0.5f);
            assertThatThrownBy(job::run).hasMessage("secondTimes[2]=NaN");
            assertThat(poses.rotations()).isEqualTo(before);
            assertThatThrownBy(() -> new CrowdJob(null)).hasMessage("animator is null");
        }
    }

    /**
     * A program that runs only crowd frames gets the storage an update computing the same nodes would give it: the
     * frames' own work converts the storage to planes once the vector kernel runs (before, it stayed in records for
     * good, and the frame ran 1.5–1.9× slower than after an update had seen the work).
     */
    @Test
    void crowdFramesAloneMoveTheStorageToPlanesForTheVectorKernel() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        try (Crowd crowd = GltfCrowd.of(model, h, 300)) {
            org.junit.jupiter.api.Assumptions.assumeTrue(dev.arbor.hierarchy.Kernels.warmUp(),
                    "the vector kernel is off in this JVM");
            // records, as a hierarchy starts, and then the automatic choice again
            h.setStorageLayout(dev.arbor.hierarchy.StorageLayout.RECORDS);
            h.setStorageLayout(dev.arbor.hierarchy.StorageLayout.AUTOMATIC);
            crowd.frame();
            h.update();
            assertThat(h.currentStorageLayout()).isEqualTo(dev.arbor.hierarchy.StorageLayout.RECORDS);
            for (int f = 0; f < 60; f++) {
                crowd.advance(1 / 60f);
                crowd.frame();
                h.update();
            }
            assertThat(h.currentStorageLayout()).isEqualTo(dev.arbor.hierarchy.StorageLayout.PLANES);
        }
    }
}
