package dev.arbor.jme;

import static org.assertj.core.api.Assertions.assertThat;

import com.jme3.anim.SkinningControl;
import com.jme3.scene.Node;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bridge allocates nothing per frame: a crowd's frame and the per-character controls' updates (palettes and
 * skinned bounds included), after a first frame that builds the crowd's tables, counted by the JVM's per-thread
 * allocation counter in windows of 20 frames. jME's own work on the same models each frame (its skinning controls'
 * update, the skinning matrices it uploads, the scene's geometric state) is counted apart and only reported.
 */
class BridgeAllocationTest {
    private static final int CROWD = 12;
    private static final int SINGLES = 3;

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2})
    void bridgeFramesAllocateNothing(int threads) {
        com.sun.management.ThreadMXBean counter =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        Node root = new Node("scene");
        ArborCrowdState crowd = new ArborCrowdState().setThreads(threads);
        SkinningControl[] skinnings = new SkinningControl[CROWD + SINGLES];
        ArborAnimation[] singles = new ArborAnimation[SINGLES];
        for (int i = 0; i < CROWD; i++) {
            String path = i % 2 == 0 ? Models.CESIUM_MAN : Models.RIGGED_FIGURE;
            com.jme3.scene.Spatial model = Models.load(path);
            root.attachChild(model);
            crowd.add(model, Models.firstClip(model), i * 0.1f);
            skinnings[i] = BridgedModel.find(model, SkinningControl.class);
        }
        for (int i = 0; i < SINGLES; i++) {
            com.jme3.scene.Spatial model = Models.load(Models.CESIUM_MAN);
            root.attachChild(model);
            singles[i] = ArborAnimation.attach(model);
            singles[i].play(Models.firstClip(model));
            singles[i].crossFade(Models.firstClip(model), 0.5f);
            skinnings[CROWD + i] = BridgedModel.find(model, SkinningControl.class);
        }
        try {
            for (int f = 0; f < 300; f++) {
                frame(crowd, singles);
                jme(skinnings, root);
            }
            long least = Long.MAX_VALUE;
            long total = 0;
            long jmeTotal = 0;
            for (int window = 0; window < 10; window++) {
                long before = counter.getThreadAllocatedBytes(tid);
                for (int f = 0; f < 20; f++) {
                    frame(crowd, singles);
                }
                long bytes = counter.getThreadAllocatedBytes(tid) - before;
                least = Math.min(least, bytes);
                total += bytes;
                before = counter.getThreadAllocatedBytes(tid);
                for (int f = 0; f < 20; f++) {
                    jme(skinnings, root);
                }
                jmeTotal += counter.getThreadAllocatedBytes(tid) - before;
            }
            System.out.printf("# %d thread(s), 200 frames of %d crowd members and %d controls: bridge %d bytes;"
                    + " jME's own skinning controls and geometric state: %d bytes%n", threads, CROWD, SINGLES, total,
                    jmeTotal);
            assertThat(least).as("least bytes of a window of 20 frames (%d in all)", total).isZero();
            assertThat(total).as("bytes of 200 frames").isLessThan(4096);
        } finally {
            crowd.cleanup();
        }
    }

    private static void frame(ArborCrowdState crowd, ArborAnimation[] singles) {
        crowd.update(1f / 60);
        for (ArborAnimation single : singles) {
            single.update(1f / 60);
        }
    }

    private static void jme(SkinningControl[] skinnings, Node root) {
        for (SkinningControl skinning : skinnings) {
            skinning.update(1f / 60);
            skinning.getArmature().computeSkinningMatrices();
        }
        root.updateGeometricState();
    }
}
