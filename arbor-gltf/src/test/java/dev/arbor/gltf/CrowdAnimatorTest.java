package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdJob;
import dev.arbor.animation.CrowdSkin;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseBatch;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.hierarchy.NodeList;
import dev.arbor.hierarchy.StorageLayout;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The crowd path ({@link ClipSampler}, {@link PoseBatch}, {@link CrowdAnimator}, {@link CrowdSkin}) against the
 * per-instance public API ({@link GltfInstance#applyAnimation}, {@link Pose#blend}, {@link Skeleton#writePalette}) on
 * crowds of CesiumMan and RiggedFigure, each instance at its own seeded random time; thread counts 1, 2 and 3 give the
 * same bits; a frame allocates nothing from the first one.
 */
class CrowdAnimatorTest {
    /** Palettes of both paths agree to this, relative to the entry's scale (measured: equal, 0). */
    static final double PALETTE_TOLERANCE = 1e-6;

    /** One crowd in one hierarchy, with both paths' inputs. */
    static final class Crowd {
        final GltfModel model;
        final Hierarchy h;
        final GltfInstance[] members;
        final long[] meshes;
        final NodeList animated;
        final InstanceNodes nodes;
        final CrowdSkin skin;
        final int joints;

        Crowd(String name, int count) throws Exception {
            model = Gltf.read(SampleModels.model(name));
            h = new Hierarchy();
            // a fixed layout: the automatic one may rewrite the storage once for the animated nodes (allocating)
            h.setStorageLayout(StorageLayout.PLANES);
            members = new GltfInstance[count];
            meshes = new long[count];
            int size = model.animatedNodes().length;
            long[] handles = new long[count * size];
            Skeleton[] skeletons = new Skeleton[count];
            int meshNode = -1;
            for (int n = 0; n < model.nodeCount() && meshNode < 0; n++) {
                meshNode = model.skinOf(n) == 0 ? n : -1;
            }
            for (int i = 0; i < count; i++) {
                long spot = h.createRoot();
                h.setLocalTranslation(spot, i * 1.5f, 0, -i);
                members[i] = model.instantiate(h, model.sceneToShow(), spot);
                skeletons[i] = members[i].skeleton(0);
                meshes[i] = members[i].handle(meshNode);
                System.arraycopy(members[i].animatedHandles(), 0, handles, i * size, size);
            }
            animated = h.nodeList(handles, 0, handles.length);
            nodes = new InstanceNodes(h, handles, 0, count, size);
            skin = CrowdSkin.of(skeletons, meshes);
            joints = skeletons[0].jointCount();
            h.update();
        }

        float[] oldPalettes() {
            float[] out = new float[members.length * joints * 16];
            for (int i = 0; i < members.length; i++) {
                members[i].skeleton(0).writePalette(h, meshes[i], MatrixLayout.COLUMN_MAJOR_4X4, out, i * joints * 16);
            }
            return out;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "RiggedFigure"})
    void crowdPathGivesThePalettesOfThePerInstancePath(String name) throws Exception {
        int n = 40;
        Crowd a = new Crowd(name, n);
        Crowd b = new Crowd(name, n);
        AnimationClip clip = a.model.animation(0);
        ClipSampler sampler = ClipSampler.compile(clip);
        Random random = new Random(41);
        float[] times = new float[n];
        int[] cursors = sampler.newCursors(n);
        PoseBatch poses = new PoseBatch(n, a.model.animatedNodes().length).fill(a.model.restPose());
        Pose scratch = a.model.restPose();
        float[] got = new float[n * a.joints * 16];
        FloatBuffer buffer = ByteBuffer.allocateDirect(got.length * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        try (CrowdAnimator animator = new CrowdAnimator()) {
            for (int frame = 0; frame < 30; frame++) {
                for (int i = 0; i < n; i++) {
                    times[i] = frame % 10 == 9 ? random.nextFloat() * -3 : times[i] + random.nextFloat() * 0.1f;
                    b.members[i].applyAnimation(0, times[i], WrapMode.LOOP, scratch);
                }
                animator.sample(sampler, times, WrapMode.LOOP, cursors, poses);
                poses.applyTo(a.h, a.animated);
                a.h.update();
                b.h.update();
                animator.writePalettes(a.h, a.skin, got, 0);
                float[] want = b.oldPalettes();
                assertThat(maxRelativeError(got, want)).as("frame %d", frame).isLessThanOrEqualTo(PALETTE_TOLERANCE);
                animator.writePalettes(a.h, a.skin, buffer, 0);
                float[] fromBuffer = new float[got.length];
                buffer.get(0, fromBuffer);
                assertThat(fromBuffer).isEqualTo(got);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "RiggedFigure"})
    void threadCountsOneTwoAndThreeGiveTheSameBits(String name) throws Exception {
        int n = 53; // not a multiple of the threads or of the palette blocks
        float[][] results = new float[3][];
        float[][] blended = new float[3][];
        for (int threads = 1; threads <= 3; threads++) {
            Crowd c = new Crowd(name, n);
            ClipSampler sampler = ClipSampler.compile(c.model.animation(0));
            Random random = new Random(42);
            float[] times = new float[n];
            float[] second = new float[n];
            int[] cursors = sampler.newCursors(n);
            int[] secondCursors = sampler.newCursors(n);
            int size = c.model.animatedNodes().length;
            PoseBatch poses = new PoseBatch(n, size).fill(c.model.restPose());
            PoseBatch scratch = new PoseBatch(n, size).fill(c.model.restPose());
            float[] palettes = new float[n * c.joints * 16];
            try (CrowdAnimator animator = new CrowdAnimator()) {
                animator.setThreads(threads);
                for (int frame = 0; frame < 20; frame++) {
                    for (int i = 0; i < n; i++) {
                        times[i] += random.nextFloat() * 0.05f;
                        second[i] = times[i] * 1.3f;
                    }
                    animator.sample(sampler, times, WrapMode.LOOP, cursors, poses);
                    poses.applyTo(c.h, c.animated);
                    animator.writePalettes(c.h, c.skin, palettes, 0);
                }
                results[threads - 1] = palettes;
                new CrowdJob(animator).sample(sampler, times, cursors).blend(sampler, second, secondCursors, 0.3f)
                        .wrap(WrapMode.CLAMP).intoPoses(poses, scratch).run();
                blended[threads - 1] = poses.rotations().clone();
            }
        }
        assertThat(results[1]).isEqualTo(results[0]);
        assertThat(results[2]).isEqualTo(results[0]);
        assertThat(blended[1]).isEqualTo(blended[0]);
        assertThat(blended[2]).isEqualTo(blended[0]);
    }

    /**
     * Sampling straight into the nodes ({@link CrowdAnimator#sample(ClipSampler, float[], WrapMode, int[], Pose,
     * InstanceNodes)}) leaves the bits a batch filled with the rest pose and applied by the bulk setters leaves: every
     * node's world matrix and every palette entry, on one and on two threads, with forward steps and backward jumps.
     */
    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "RiggedFigure"})
    void samplingIntoTheNodesGivesTheBitsOfABatchAppliedBySetters(String name) throws Exception {
        int n = 37;
        for (int threads = 1; threads <= 2; threads++) {
            Crowd a = new Crowd(name, n);
            Crowd b = new Crowd(name, n);
            ClipSampler sampler = ClipSampler.compile(a.model.animation(0));
            int size = a.model.animatedNodes().length;
            PoseBatch poses = new PoseBatch(n, size).fill(a.model.restPose());
            float[] times = new float[n];
            int[] cursorsA = sampler.newCursors(n);
            int[] cursorsB = sampler.newCursors(n);
            float[] want = new float[n * a.joints * 16];
            float[] got = new float[want.length];
            Random random = new Random(43);
            try (CrowdAnimator one = new CrowdAnimator(); CrowdAnimator other = new CrowdAnimator()) {
                other.setThreads(threads);
                for (int frame = 0; frame < 25; frame++) {
                    for (int i = 0; i < n; i++) {
                        times[i] = frame % 8 == 7 ? random.nextFloat() * -2 : times[i] + random.nextFloat() * 0.1f;
                    }
                    one.sample(sampler, times, WrapMode.LOOP, cursorsA, poses);
                    poses.applyTo(a.h, a.animated);
                    new CrowdJob(other).sample(sampler, times, cursorsB).intoNodes(b.nodes, b.model.restPose())
                            .run();
                    a.h.update();
                    b.h.update();
                    assertThat(b.h.changedCount()).as("frame %d", frame).isEqualTo(a.h.changedCount());
                    assertSameWorlds(a, b, frame);
                    one.writePalettes(a.h, a.skin, want, 0);
                    other.writePalettes(b.h, b.skin, got, 0);
                    assertThat(got).as("frame %d on %d threads", frame, threads).isEqualTo(want);
                }
            }
        }
    }

    /**
     * {@link CrowdAnimator#frame} (sample, update and palettes a part of the crowd at a time) leaves the bits of the
     * separate calls followed by an update: every animated node's world matrix and version, the change set's size,
     * every palette entry (array and buffer), on 1, 2 and 3 threads, crowds of one part and of several, with forward
     * steps and backward jumps, and a node created and destroyed in between (the parts planned again).
     */
    @ParameterizedTest
    @CsvSource({"CesiumMan, 37, 1", "CesiumMan, 600, 1", "CesiumMan, 600, 2", "RiggedFigure, 53, 3",
            "RiggedFigure, 500, 2"})
    void aFrameByPartsGivesTheBitsOfTheSeparateCalls(String name, int n, int threads) throws Exception {
        Crowd a = new Crowd(name, n);
        Crowd b = new Crowd(name, n);
        ClipSampler sampler = ClipSampler.compile(a.model.animation(0));
        Pose rest = a.model.restPose();
        float[] times = new float[n];
        int[] cursorsA = sampler.newCursors(n);
        int[] cursorsB = sampler.newCursors(n);
        float[] want = new float[n * a.joints * 16];
        float[] got = new float[want.length + 3];
        FloatBuffer buffer = ByteBuffer.allocateDirect(want.length * 4 + 8).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        float[] fromBuffer = new float[want.length];
        Random random = new Random(44 + n);
        try (CrowdAnimator one = new CrowdAnimator(); CrowdAnimator other = new CrowdAnimator()) {
            one.setThreads(threads);
            other.setThreads(threads);
            long extraA = 0;
            long extraB = 0;
            for (int frame = 0; frame < 12; frame++) {
                for (int i = 0; i < n; i++) {
                    times[i] = frame % 5 == 4 ? random.nextFloat() * -2 : times[i] + random.nextFloat() * 0.1f;
                }
                if (frame == 6) { // the structure changes: the parts are planned again
                    extraA = a.h.createChild(a.members[n / 2].handle(0));
                    extraB = b.h.createChild(b.members[n / 2].handle(0));
                } else if (frame == 8) {
                    a.h.destroy(extraA);
                    b.h.destroy(extraB);
                }
                new CrowdJob(one).sample(sampler, times, cursorsA).intoNodes(a.nodes, rest).run();
                a.h.update();
                one.writePalettes(a.h, a.skin, want, 0);
                if (frame % 2 == 0) {
                    new CrowdJob(other).sample(sampler, times, cursorsB).intoNodes(b.nodes, rest)
                            .palettes(b.skin, got, 3).run();
                    assertThat(Arrays.copyOfRange(got, 3, got.length)).as("frame %d", frame).isEqualTo(want);
                } else {
                    new CrowdJob(other).sample(sampler, times, cursorsB).intoNodes(b.nodes, rest)
                            .palettes(b.skin, buffer, 2).run();
                    buffer.get(2, fromBuffer);
                    assertThat(fromBuffer).as("frame %d", frame).isEqualTo(want);
                }
                b.h.update();
                assertThat(b.h.changedCount()).as("frame %d", frame).isEqualTo(a.h.changedCount());
                assertSameWorlds(a, b, frame);
            }
        }
    }

    /**
     * {@link CrowdAnimator#blendFrame} (two samples blended per instance, a part of the crowd at a time) leaves the
     * bits of {@link CrowdAnimator#sampleBlend} over batches filled with the rest pose, applied, updated and skinned:
     * every palette entry, animated node's world matrix and version; crowds of one part and of several, 1 and 2
     * threads, two clips' times apart, forward steps and backward jumps; and a crowd that cannot be cut (a joint as
     * its mesh).
     */
    @ParameterizedTest
    @CsvSource({"CesiumMan, 37, 1, false", "CesiumMan, 600, 2, false", "RiggedFigure, 53, 2, false",
            "CesiumMan, 40, 2, true"})
    void aBlendFrameGivesTheBitsOfSampleBlendAppliedAndSkinned(String name, int n, int threads, boolean jointAsMesh)
            throws Exception {
        Crowd a = new Crowd(name, n);
        Crowd b = new Crowd(name, n);
        CrowdSkin skinA = jointAsMesh ? jointAsMesh(a) : a.skin;
        CrowdSkin skinB = jointAsMesh ? jointAsMesh(b) : b.skin;
        ClipSampler sampler = ClipSampler.compile(a.model.animation(0));
        Pose rest = a.model.restPose();
        int size = a.model.animatedNodes().length;
        PoseBatch poses = new PoseBatch(n, size);
        PoseBatch scratch = new PoseBatch(n, size);
        float[] times = new float[n];
        float[] second = new float[n];
        int[][] cursors = {sampler.newCursors(n), sampler.newCursors(n), sampler.newCursors(n), sampler.newCursors(n)};
        float[] want = new float[n * a.joints * 16];
        float[] got = new float[want.length];
        Random random = new Random(46 + n);
        try (CrowdAnimator one = new CrowdAnimator(); CrowdAnimator other = new CrowdAnimator()) {
            one.setThreads(threads);
            other.setThreads(threads);
            for (int frame = 0; frame < 10; frame++) {
                for (int i = 0; i < n; i++) {
                    times[i] = frame % 4 == 3 ? random.nextFloat() * -2 : times[i] + random.nextFloat() * 0.1f;
                    second[i] = times[i] * 1.3f + 0.4f;
                }
                float weight = frame % 3 == 0 ? 0.5f : 0.3f;
                poses.fill(rest);
                scratch.fill(rest);
                new CrowdJob(one).sample(sampler, times, cursors[0]).blend(sampler, second, cursors[1], weight)
                        .intoPoses(poses, scratch).run();
                poses.applyTo(a.h, a.animated);
                a.h.update();
                one.writePalettes(a.h, skinA, want, 0);
                new CrowdJob(other).sample(sampler, times, cursors[2]).blend(sampler, second, cursors[3], weight)
                        .intoNodes(b.nodes, rest).palettes(skinB, got, 0).run();
                b.h.update();
                assertThat(got).as("frame %d", frame).isEqualTo(want);
                assertThat(b.h.changedCount()).as("frame %d", frame).isEqualTo(a.h.changedCount());
                assertSameWorlds(a, b, frame);
            }
            CrowdJob job = new CrowdJob(other).sample(sampler, times, cursors[2]).intoNodes(b.nodes, rest)
                    .palettes(skinB, got, 0);
            assertThatThrownBy(() -> job.blend(sampler, second, cursors[2], 0.5f).run())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("secondCursors is the cursors array: each clip needs its own");
            assertThatThrownBy(() -> job.blend(sampler, second, cursors[3], Float.NaN).run())
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("weight=NaN is not finite");
            assertThatThrownBy(() -> job.blend(sampler, second, cursors[3], 0.5f).palettes(skinB, new float[5], 0)
                    .run()).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("palettes too short: length=5, offset=0, required=" + got.length);
            times[3] = Float.NaN;
            assertThatThrownBy(job::run).isInstanceOf(IllegalArgumentException.class).hasMessage("times[3]=NaN");
        }
    }

    /**
     * A crowd whose skins take a joint for the mesh (so the mesh moves with the animation and cannot be inverted
     * before the frame) cannot be cut into parts: {@link CrowdAnimator#frame} takes the separate calls, with their
     * bits.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aCrowdThatCannotBeCutTakesTheSeparateCalls(int threads) throws Exception {
        int n = 40;
        Crowd a = new Crowd("CesiumMan", n);
        Crowd b = new Crowd("CesiumMan", n);
        CrowdSkin skinA = jointAsMesh(a);
        CrowdSkin skinB = jointAsMesh(b);
        ClipSampler sampler = ClipSampler.compile(a.model.animation(0));
        Pose rest = a.model.restPose();
        float[] times = new float[n];
        int[] cursorsA = sampler.newCursors(n);
        int[] cursorsB = sampler.newCursors(n);
        float[] want = new float[n * a.joints * 16];
        float[] got = new float[want.length];
        Random random = new Random(45);
        try (CrowdAnimator one = new CrowdAnimator(); CrowdAnimator other = new CrowdAnimator()) {
            one.setThreads(threads);
            other.setThreads(threads);
            for (int frame = 0; frame < 6; frame++) {
                for (int i = 0; i < n; i++) {
                    times[i] += random.nextFloat() * 0.1f;
                }
                new CrowdJob(one).sample(sampler, times, cursorsA).intoNodes(a.nodes, rest).run();
                one.writePalettes(a.h, skinA, want, 0);
                a.h.update();
                new CrowdJob(other).sample(sampler, times, cursorsB).intoNodes(b.nodes, rest).palettes(skinB, got, 0)
                        .run();
                b.h.update();
                assertThat(got).as("frame %d", frame).isEqualTo(want);
                assertThat(b.h.changedCount()).isEqualTo(a.h.changedCount());
                assertSameWorlds(a, b, frame);
            }
        }
    }

    /** The crowd's skins with each instance's joint 1 in the mesh's place. */
    private static CrowdSkin jointAsMesh(Crowd c) {
        Skeleton[] skeletons = new Skeleton[c.members.length];
        long[] meshes = new long[c.members.length];
        for (int i = 0; i < skeletons.length; i++) {
            skeletons[i] = c.members[i].skeleton(0);
            meshes[i] = skeletons[i].joint(1);
        }
        return CrowdSkin.of(skeletons, meshes);
    }

    /**
     * Two hundred frames from the first after the build, in windows of 20: sample and apply, sample-and-blend and
     * apply, or sample into the nodes; update, palettes into an array and a buffer; or every fourth frame the whole
     * frame in one call ({@link CrowdAnimator#frame}, into the array and the buffer) and update. The least window
     * allocates nothing; in all, at most a few hundred bytes have been seen on one thread over a whole run now and
     * then, at no fixed frame (the JVM's, not a path of the frame: every window of the same frames allocates nothing on
     * other runs).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void framesAllocateNothingFromTheFirst(int threads) throws Exception {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeThat(bean).isInstanceOf(com.sun.management.ThreadMXBean.class);
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        counter.setThreadAllocatedMemoryEnabled(true);
        int n = 100;
        Crowd c = new Crowd("CesiumMan", n);
        ClipSampler sampler = ClipSampler.compile(c.model.animation(0));
        float[] times = new float[n];
        float[] second = new float[n];
        int[] cursors = sampler.newCursors(n);
        int[] secondCursors = sampler.newCursors(n);
        int size = c.model.animatedNodes().length;
        PoseBatch poses = new PoseBatch(n, size).fill(c.model.restPose());
        PoseBatch scratch = new PoseBatch(n, size).fill(c.model.restPose());
        float[] palettes = new float[n * c.joints * 16];
        FloatBuffer buffer = ByteBuffer.allocateDirect(palettes.length * 4).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        try (CrowdAnimator animator = new CrowdAnimator()) {
            animator.setThreads(threads);
            // the build: the node list's first use resolves it; the first sample into the nodes and the first palette
            // jobs make the animator's and the skin's scratch for this thread count and hierarchy
            Pose rest = c.model.restPose();
            CrowdJob intoNodes = new CrowdJob(animator).sample(sampler, times, cursors).intoNodes(c.nodes, rest);
            CrowdJob frameIntoArray = new CrowdJob(animator).sample(sampler, times, cursors).intoNodes(c.nodes, rest)
                    .palettes(c.skin, palettes, 0);
            CrowdJob frameIntoBuffer = new CrowdJob(animator).sample(sampler, times, cursors).intoNodes(c.nodes, rest)
                    .palettes(c.skin, buffer, 0);
            CrowdJob blendIntoPoses = new CrowdJob(animator).sample(sampler, times, cursors)
                    .blend(sampler, second, secondCursors, 0.5f).intoPoses(poses, scratch);
            intoNodes.run();
            poses.applyTo(c.h, c.animated);
            c.h.update();
            animator.writePalettes(c.h, c.skin, palettes, 0);
            animator.writePalettes(c.h, c.skin, buffer, 0);
            frameIntoBuffer.run(); // plans the parts
            c.h.update();
            long tid = Thread.currentThread().getId();
            long least = Long.MAX_VALUE;
            long total = 0;
            int frame = 0;
            for (int window = 0; window < 10; window++) {
                long before = counter.getThreadAllocatedBytes(tid);
                for (int f = 0; f < 20; f++, frame++) {
                    for (int i = 0; i < n; i++) {
                        times[i] = frame / 60f + i * 0.01f;
                        second[i] = times[i] + 0.7f;
                    }
                    if (frame % 4 == 3) { // the whole frame in one call, by parts
                        frameIntoArray.run();
                        frameIntoBuffer.run();
                        c.h.update();
                        continue;
                    }
                    if (frame % 4 == 2) {
                        intoNodes.run();
                    } else if (frame % 4 == 0) {
                        animator.sample(sampler, times, WrapMode.LOOP, cursors, poses);
                    } else {
                        blendIntoPoses.run();
                    }
                    poses.applyTo(c.h, c.animated);
                    c.h.update();
                    animator.writePalettes(c.h, c.skin, palettes, 0);
                    animator.writePalettes(c.h, c.skin, buffer, 0);
                }
                long bytes = counter.getThreadAllocatedBytes(tid) - before;
                least = Math.min(least, bytes);
                total += bytes;
            }
            System.out.println("# crowd frames on " + threads + " thread(s): " + total + " bytes in the first 200");
            assertThat(least).as("bytes of the first 200 frames in windows of 20 (least; %d in all) on %d thread(s)",
                    total, threads).isZero();
            assertThat(total).as("bytes of the first 200 frames on %d thread(s)", threads).isLessThan(4096);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan"})
    void badPaletteInputIsRefusedBeforeAnythingIsWritten(String name) throws Exception {
        Crowd c = new Crowd(name, 3);
        float[] dest = new float[3 * c.joints * 16 - 1];
        try (CrowdAnimator animator = new CrowdAnimator()) {
            assertThatThrownBy(() -> animator.writePalettes(c.h, c.skin, dest, 0))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("palette destination too short: length=" + dest.length + ", offset=0, required="
                            + (dest.length + 1));
            assertThat(dest).containsOnly(0f);
            c.h.setLocalScale(c.meshes[1], 0, 0, 0);
            float[] room = new float[3 * c.joints * 16];
            assertThatThrownBy(() -> animator.writePalettes(c.h, c.skin, room, 0))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("mesh world matrix is not invertible: instance=1");
            assertThat(room).containsOnly(0f);
        }
        assertThatThrownBy(() -> new CrowdSkin(new long[5], null, new float[24]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("joints.length=5 is not a multiple of the joint count=2");
    }

    /** Every animated node of {@code b} has the world matrix and version of its counterpart in {@code a}. */
    private static void assertSameWorlds(Crowd a, Crowd b, int frame) {
        float[] worldA = new float[12];
        float[] worldB = new float[12];
        for (int i = 0; i < a.members.length; i++) {
            long[] ha = a.members[i].animatedHandles();
            long[] hb = b.members[i].animatedHandles();
            for (int k = 0; k < ha.length; k++) {
                a.h.getWorld(ha[k], worldA, 0);
                b.h.getWorld(hb[k], worldB, 0);
                assertThat(worldB).as("frame %d, instance %d, node %d", frame, i, k).isEqualTo(worldA);
                assertThat(b.h.worldVersion(hb[k])).as("version, frame %d, instance %d, node %d", frame, i, k)
                        .isEqualTo(a.h.worldVersion(ha[k]));
            }
        }
    }

    private static double maxRelativeError(float[] got, float[] want) {
        double max = 0;
        for (int e = 0; e < got.length; e += 16) {
            double scale = 1;
            for (int k = 0; k < 16; k++) {
                scale = Math.max(scale, Math.abs(want[e + k]));
            }
            for (int k = 0; k < 16; k++) {
                max = Math.max(max, Math.abs(got[e + k] - want[e + k]) / scale);
            }
        }
        return max;
    }
}
