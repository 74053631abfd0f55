package dev.arbor.bench.animation;

import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdJob;
import dev.arbor.animation.CrowdSkin;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseBatch;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.hierarchy.NodeList;
import java.nio.FloatBuffer;

/**
 * Arbor's crowd path, as {@code arbor demo --crowd} uses it: one {@link Hierarchy} holding every instance under its
 * own grid spot; the clip compiled once ({@link ClipSampler}, exact, or folded within {@link #FOLD_TOLERANCE} for the
 * {@code arbor-folded} id). The whole frame is one {@link CrowdJob} with nodes and palettes as outputs (blending or
 * not), in which each thread samples, updates and skins a part of the crowd at a time, and {@link Hierarchy#update()};
 * the phases and the {@code arbor-calls} frame are separate calls: one job sampling all instances
 * into their nodes (or, blending, into a {@link PoseBatch}, applied through one
 * {@link NodeList} per instance, skipping the paths the clip does not animate), {@link Hierarchy#update()}, one
 * {@link CrowdAnimator#writePalettes} of a {@link CrowdSkin} into the buffer. {@link #setThreads} sets the animator's
 * threads.
 */
final class ArborCrowd implements CrowdSystem {
    /** The folding tolerance of {@code arbor-folded}: every value still within 1e-6 of its scale. */
    static final float FOLD_TOLERANCE = 1e-6f;
    private final String id;
    private final float tolerance;
    private final boolean byParts;
    private Crowd crowd;
    private Hierarchy h;
    private GltfInstance[] members;
    private long[] meshes;
    private float[] phases;
    private float[] times;
    private float[] secondTimes;
    private ClipSampler sampler;
    private int[] cursors;
    private int[] secondCursors;
    private PoseBatch poses;
    private PoseBatch second;
    private NodeList animated;
    private NodeList[] lists;
    private InstanceNodes instanceNodes;
    private Pose rest;
    private CrowdSkin skin;
    private boolean translations;
    private boolean rotations;
    private boolean scales;
    private final CrowdAnimator animator = new CrowdAnimator();
    /** Every instance sampled into its nodes. */
    private CrowdJob intoNodes;
    /** Every instance's two samples blended into the pose batch. */
    private CrowdJob blendIntoPoses;
    /** The whole frame, by parts (its palette destination set per call). */
    private CrowdJob frame;
    private final float[] world = new float[12];

    /**
     * @param id implementation id
     * @param tolerance folding tolerance of the compiled clip (0: exact)
     */
    ArborCrowd(String id, float tolerance) {
        this(id, tolerance, true);
    }

    /**
     * @param id implementation id
     * @param tolerance folding tolerance of the compiled clip (0: exact)
     * @param byParts whether the whole frame is one {@link CrowdJob}, else the three phases' calls
     */
    ArborCrowd(String id, float tolerance, boolean byParts) {
        this.id = id;
        this.tolerance = tolerance;
        this.byParts = byParts;
    }

    @Override
    public String id() {
        return id;
    }

    /**
     * Sets the animator's threads. The hierarchy's own update threads stay off: the whole frame's update runs on the
     * animator's threads, each thread updating its part of the crowd, and the phases' {@code update()} on the caller's
     * thread (the hierarchy's workers spin after each update while the animator's run, which on a 2-core machine takes
     * a core from them: measured, sampling 0.23 ms on two threads with both pools, 0.12 ms with the animator's alone).
     */
    @Override
    public void setThreads(int threads) {
        animator.setThreads(threads);
    }

    @Override
    public void build(Crowd crowd) {
        this.crowd = crowd;
        GltfModel model = crowd.model();
        int count = crowd.count();
        h = new Hierarchy(count * (model.nodeCount() + 1));
        members = new GltfInstance[count];
        Skeleton[] skeletons = new Skeleton[count];
        meshes = new long[count];
        phases = new float[count];
        int scene = model.sceneToShow();
        int meshNode = crowd.meshNode();
        int size = model.animatedNodes().length;
        long[] handles = new long[count * size];
        for (int i = 0; i < count; i++) {
            long spot = h.createRoot();
            h.setLocalTranslation(spot, crowd.gridX(i), 0, crowd.gridZ(i));
            members[i] = model.instantiate(h, scene, spot);
            skeletons[i] = members[i].skeleton(0);
            meshes[i] = members[i].handle(meshNode);
            phases[i] = crowd.phase(i);
            System.arraycopy(members[i].animatedHandles(), 0, handles, i * size, size);
        }
        animated = h.nodeList(handles, 0, handles.length);
        instanceNodes = new InstanceNodes(h, handles, 0, count, size);
        rest = model.restPose();
        lists = new NodeList[count];
        for (int i = 0; i < count; i++) {
            lists[i] = h.nodeList(handles, i * size, size);
        }
        sampler = ClipSampler.compile(crowd.clip(), tolerance);
        translations = sampler.animates(TargetPath.TRANSLATION);
        rotations = sampler.animates(TargetPath.ROTATION);
        scales = sampler.animates(TargetPath.SCALE);
        cursors = sampler.newCursors(count);
        secondCursors = sampler.newCursors(count);
        times = new float[count];
        secondTimes = new float[count];
        poses = new PoseBatch(count, size).fill(model.restPose());
        second = new PoseBatch(count, size).fill(model.restPose());
        skin = CrowdSkin.of(skeletons, meshes);
        intoNodes = new CrowdJob(animator).sample(sampler, times, cursors).intoNodes(instanceNodes, rest);
        blendIntoPoses = new CrowdJob(animator).sample(sampler, times, cursors)
                .blend(sampler, secondTimes, secondCursors, Crowd.BLEND_WEIGHT).intoPoses(poses, second);
        frame = new CrowdJob(animator).sample(sampler, times, cursors).intoNodes(instanceNodes, rest);
        if (crowd.blend()) {
            frame.blend(sampler, secondTimes, secondCursors, Crowd.BLEND_WEIGHT);
        }
        // the first frame writes every path; later frames only those the clip moves
        sampleAll(0f);
        poses.applyTo(h, animated);
        h.update();
    }

    private void setTimes(float clock) {
        for (int i = 0; i < times.length; i++) {
            times[i] = clock + phases[i];
        }
    }

    private void setSecondTimes() {
        float offset = crowd.blendOffset();
        for (int i = 0; i < times.length; i++) {
            secondTimes[i] = times[i] + offset;
        }
    }

    private void sampleAll(float clock) {
        setTimes(clock);
        if (!crowd.blend()) {
            animator.sample(sampler, times, WrapMode.LOOP, cursors, poses);
            return;
        }
        setSecondTimes();
        blendIntoPoses.run();
    }

    @Override
    public void sample(float clock) {
        if (!crowd.blend()) {
            setTimes(clock);
            intoNodes.run();
            return;
        }
        sampleAll(clock);
        poses.applyTo(h, lists, translations, rotations, scales);
    }

    @Override
    public void hierarchy() {
        h.update();
    }

    @Override
    public void palettes(FloatBuffer dest) {
        animator.writePalettes(h, skin, dest, 0);
    }

    /**
     * The whole frame: one {@link CrowdJob} into the nodes and the palettes (each thread samples, or samples and
     * blends, updates and skins a part of the crowd at a time), then {@link Hierarchy#update()}, which publishes the
     * changes; {@code arbor-calls} through the three phases' calls.
     */
    @Override
    public void frame(float clock, FloatBuffer dest) {
        if (!byParts) {
            CrowdSystem.super.frame(clock, dest);
            return;
        }
        setTimes(clock);
        if (crowd.blend()) {
            setSecondTimes();
        }
        frame.palettes(skin, dest, 0).run();
        h.update();
    }

    @Override
    public void renderWorld(int instance, float[] dest) {
        renderWorld(h, meshes[instance], world, dest);
    }

    /** A mesh node's world matrix as a column-major 4×4, through a scratch of 12 floats. */
    static void renderWorld(Hierarchy h, long mesh, float[] scratch, float[] dest) {
        h.getWorld(mesh, scratch, 0);
        MatrixLayout.COLUMN_MAJOR_4X4.convert(scratch, 0, 1, dest, 0);
    }
}
