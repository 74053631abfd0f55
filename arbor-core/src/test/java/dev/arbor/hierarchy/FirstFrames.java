package dev.arbor.hierarchy;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.Pose;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Random;

/**
 * The first frames of a fresh hierarchy, each frame's allocation counted on this thread
 * ({@code com.sun.management.ThreadMXBean}): a random tree of {@link #NODES} nodes built, then every frame sets every
 * rotation through a node list, samples a clip into a pose and applies it to some joints, updates, writes skinning
 * palettes, the world matrices into a buffer, and reads world matrices and bounds. {@link FirstFramesAllocationTest}
 * runs it in fresh JVMs ({@link #main}, printing one line of bytes per frame) and in its own.
 */
final class FirstFrames {
    /** Nodes of the tree: {@code seed-6000}'s size. */
    static final int NODES = 6000;
    /** Joints per skeleton, and skeletons. */
    private static final int JOINTS = 19;
    private static final int SKELETONS = 20;

    private final Hierarchy h = new Hierarchy();
    private final long[] handles = new long[NODES];
    private final NodeList all;
    private final float[][] rotations = new float[2][4 * NODES];
    private final AnimationClip clip;
    private final Pose pose = new Pose(JOINTS);
    private final NodeList joints;
    private final Skeleton[] skeletons = new Skeleton[SKELETONS];
    private final float[] palettes = new float[SKELETONS * JOINTS * 12];
    private final FloatBuffer upload =
            ByteBuffer.allocateDirect(NODES * 16 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
    private final HierarchyBounds bounds;
    private final float[] box = new float[6];
    private final float[] world = new float[12];
    private final long[] found = new long[NODES];
    private final float[] query = {-5, -5, -5, 5, 5, 5};

    /** Builds the scene: a random tree from {@code seed}, a clip of one channel per joint, skeletons, bounds. */
    FirstFrames(long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < NODES; i++) {
            handles[i] = i < 10 ? h.createRoot() : h.createChild(handles[random.nextInt(i)]);
            h.setLocalTranslation(handles[i], random.nextFloat(), random.nextFloat(), random.nextFloat());
        }
        all = h.nodeList(handles, 0, NODES);
        for (int f = 0; f < 2; f++) {
            for (int i = 0; i < NODES; i++) {
                double angle = random.nextDouble() * Math.PI;
                rotations[f][4 * i + 1] = (float) Math.sin(angle / 2);
                rotations[f][4 * i + 3] = (float) Math.cos(angle / 2);
            }
        }
        AnimationClip.Builder builder = AnimationClip.builder("turns");
        for (int j = 0; j < JOINTS; j++) {
            float[] times = {0f, 0.5f, 1f};
            float[] values = {0, 0, 0, 1, 0, 0.70710677f, 0, 0.70710677f, 0, 1, 0, 0};
            builder.addChannel(j, TargetPath.ROTATION, Interpolation.LINEAR, times, values);
        }
        clip = builder.build();
        joints = h.nodeList(Arrays.copyOfRange(handles, NODES - JOINTS, NODES), 0, JOINTS);
        float[] bind = new float[JOINTS * 12];
        for (int j = 0; j < JOINTS; j++) {
            bind[12 * j] = bind[12 * j + 4] = bind[12 * j + 8] = 1f;
        }
        for (int s = 0; s < SKELETONS; s++) {
            skeletons[s] = new Skeleton(Arrays.copyOfRange(handles, JOINTS * s, JOINTS * s + JOINTS), bind);
        }
        bounds = new HierarchyBounds(h);
        for (int i = 0; i < NODES; i += 10) {
            bounds.setContentBounds(handles[i], -1, -1, -1, 1, 1, 1);
        }
    }

    /** One frame. */
    void frame(int f) {
        h.setLocalRotations(all, rotations[f & 1], 0);
        clip.sample(f / 60f, WrapMode.LOOP, pose);
        pose.applyTo(h, joints);
        h.update();
        for (int s = 0; s < SKELETONS; s++) {
            skeletons[s].writePalette(h, Hierarchy.NULL, MatrixLayout.ROW_MAJOR_3X4, palettes, s * JOINTS * 12);
        }
        h.writeWorldMatrices(handles, 0, NODES, MatrixLayout.COLUMN_MAJOR_4X4, upload);
        h.getWorld(handles[NODES - 1], world, 0);
        bounds.getSubtreeBounds(handles[0], box, 0);
        bounds.queryBox(query, 0, found, 0);
    }

    /**
     * Runs frames 0 to {@code last} and returns each one's allocated bytes.
     *
     * @param last the last frame
     * @return bytes per frame, frame 0 first
     */
    long[] run(int last) {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] bytes = new long[last + 1];
        for (int f = 0; f <= last; f++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            frame(f);
            bytes[f] = threads.getCurrentThreadAllocatedBytes() - before;
        }
        return bytes;
    }

    /** @return the world matrix of the last node, for a check that the frames ran */
    float[] lastWorld() {
        return world.clone();
    }

    /**
     * Runs the frames in this JVM and prints each frame's bytes on one line, separated by spaces.
     *
     * @param args the last frame
     */
    public static void main(String[] args) {
        long[] bytes = new FirstFrames(6000).run(Integer.parseInt(args[0]));
        StringBuilder out = new StringBuilder();
        for (long b : bytes) {
            out.append(b).append(' ');
        }
        System.out.println(out.toString().trim());
    }
}
