package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import dev.arbor.hierarchy.ReferenceHierarchy.Node;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Hierarchy} compared with the slow, obvious {@link ReferenceHierarchy} on random forests and on random
 * operation sequences (fixed seeds, {@link SplittableRandom}), with {@link Hierarchy#checkInvariants()} after every
 * step.
 *
 * <h2>Tolerance</h2>
 * Arbor computes in float, the reference in double. Each node carries an <em>allowance</em>: the relative error its
 * local transform may carry. A local set directly from float inputs gets {@link #LOCAL_REL} = 16u (u = 2⁻²⁴, the
 * float unit roundoff): composing T × R × S from a float quaternion costs a few roundings per element, Arbor keeps a
 * quaternion as given when its squared length is within 1e-6 of 1 (our float-rounded unit quaternions are off by at
 * most ~4u), and each matrix product in the chain adds at most ~4u relative to the operands. The allowance of a
 * world matrix is the sum of the allowances along its chain (errors of a product of moderately conditioned factors
 * add up to first order), measured against the largest element magnitude M found on the chain (root to node): the
 * partial products are what get rounded, and a child whose world is small because a translation cancels its
 * parent's still inherits the parent's absolute rounding. So for a world matrix we require, element by element,
 *
 * <pre>  |arbor − reference| ≤ Σ(allowances on the chain) · max(1, M)</pre>
 *
 * which for directly set locals is 16u·(depth + 1)·max(1, M): about 1e-4 relative at depth 100. A local computed
 * by a keep-world operation ({@code inverse(parentWorld) × world}) inherits the errors of both operands amplified by
 * the parent's condition number κ (Frobenius estimate), so it gets LOCAL_REL + κ·(allowance(parent chain) +
 * allowance(world) + LOCAL_REL), plus the TRS round-trip error when it is stored as TRS. Operations that would need
 * κ above {@link #CONDITION_LIMIT} are not issued (a float answer there is not meaningful to compare); they are
 * counted as skipped. The largest observed error/tolerance ratio is printed at the end of the class.
 */
class RandomizedHierarchyTest {
    @AfterAll
    static void report() {
        System.out.printf("RandomizedHierarchyTest: %d operations (%d skipped as too ill-conditioned), %d rewrites for "
                        + "activity; worst error/tolerance: world %.3f, local %.3f, inverse %.3f%n", RandomizedHarness.totalOperations,
                RandomizedHarness.totalSkipped, RandomizedHarness.totalPackings, RandomizedHarness.worstWorldRatio, RandomizedHarness.worstLocalRatio, RandomizedHarness.worstInverseRatio);
    }

    // =================================================================================================
    // Random forests, compared node by node
    // =================================================================================================

    @Test
    void worldMatricesOfRandomForestsMatchTheReferenceAfterUpdateAndOnLazyReadsBetweenUpdates() {
        long[] seeds = {0x5EED_0001L, 0x5EED_0002L, 0x5EED_0003L, 0x5EED_0004L, 0x5EED_0005L};
        String[] shapes = {"wide", "deep chain", "forest", "bushy", "deep tree"};
        for (int k = 0; k < seeds.length; k++) {
            RandomizedHarness t = new RandomizedHarness(seeds[k], 100_000);
            SplittableRandom rnd = t.rnd;
            switch (shapes[k]) {
                case "wide": // 3 roots, 600 children under the first, a few grandchildren
                    for (int r = 0; r < 3; r++) {
                        t.createRoot();
                    }
                    for (int c = 0; c < 600; c++) {
                        t.createChild(t.ref.roots().get(0), rnd.nextInt(8) == 0 ? 0 : ReferenceHierarchy.APPEND);
                    }
                    for (int c = 0; c < 100; c++) {
                        t.createChild(t.randomLive(), ReferenceHierarchy.APPEND);
                    }
                    break;
                case "deep chain": { // one chain 300 levels deep, with a side twig every 10 levels
                    Node n = t.createRoot();
                    for (int d = 1; d < 300; d++) {
                        n = t.createChild(n, ReferenceHierarchy.APPEND);
                        if (d % 10 == 0) {
                            t.createChild(n, ReferenceHierarchy.APPEND);
                        }
                    }
                    break;
                }
                case "forest": // 80 roots, random trees
                    for (int r = 0; r < 80; r++) {
                        t.createRoot();
                    }
                    for (int c = 0; c < 700; c++) {
                        Node p = t.randomLive();
                        t.createChild(p, rnd.nextInt(p.children.size() + 1));
                    }
                    break;
                case "bushy": // one root, each new node under a random earlier one
                    t.createRoot();
                    for (int c = 0; c < 800; c++) {
                        t.createChild(t.randomLive(), ReferenceHierarchy.APPEND);
                    }
                    break;
                default: // "deep tree": new nodes mostly under the most recent ones, depth up to ~150
                    t.createRoot();
                    for (int c = 0; c < 600; c++) {
                        List<Node> live = t.live;
                        Node p = live.get(Math.max(0, live.size() - 1 - rnd.nextInt(4)));
                        t.createChild(p, ReferenceHierarchy.APPEND);
                    }
                    break;
            }
            for (Node n : t.live) {
                t.setRandomLocal(n, false);
            }
            t.checkInvariants();
            t.update();
            int maxDepth = 0;
            for (Node n : t.live) {
                maxDepth = Math.max(maxDepth, t.ref.depth(n));
            }
            assertThat(maxDepth).as(shapes[k] + " depth").isGreaterThanOrEqualTo(shapes[k].startsWith("deep") ? 100 : 1);
            for (int round = 0; round < 6; round++) {
                // change ~5% of the locals, read ~10% of the nodes lazily, then update and compare everything
                for (int c = 0; c < t.live.size() / 20 + 1; c++) {
                    t.setRandomLocal(t.randomLive(), false);
                }
                for (int c = 0; c < t.live.size() / 10 + 1; c++) {
                    t.compareWorld(t.randomLive());
                }
                t.checkInvariants();
                t.update();
            }
            t.finish();
        }
    }

    // =================================================================================================
    // Random operation sequences
    // =================================================================================================

    @Test
    void randomTransformEditsMatchTheReferenceWithInvariantsAfterEveryStep() {
        runSequence(0xA11CE_0001L, 25_000, RandomizedHarness.Mix.TRANSFORMS, 12, 40, 250);
    }

    @Test
    void randomTopologyChangesMatchTheReferenceThroughSlotReuseAndCompaction() {
        runSequence(0xA11CE_0002L, 25_000, RandomizedHarness.Mix.TOPOLOGY, 12, 20, 300);
    }

    @Test
    void changeSetsListenersAndVersionsAgreeWithTheReferenceAfterEveryUpdate() {
        RandomizedHarness t = runSequence(0xA11CE_0003L, 15_000, RandomizedHarness.Mix.UPDATES, 10, 20, 150);
        assertThat(t.updates).isGreaterThan(1_000);
        assertThat(t.changedPublished).isGreaterThan(10_000);
    }

    @Test
    void misuseIsRejectedWithTheDocumentedExceptionAndChangesNothing() {
        RandomizedHarness t = runSequence(0xA11CE_0004L, 15_000, RandomizedHarness.Mix.MISUSE, 12, 20, 200);
        assertThat(t.rejectedStale).as("stale-handle calls rejected").isGreaterThan(300);
        assertThat(t.rejectedCycle).as("reparent under own descendant rejected").isGreaterThan(100);
        assertThat(t.rejectedIndex).as("out-of-range indices rejected").isGreaterThan(100);
        assertThat(t.rejectedValue).as("non-finite or zero-quaternion inputs rejected").isGreaterThan(100);
        assertThat(t.rejectedShear).as("rotation/scale on a sheared matrix rejected").isGreaterThan(20);
    }

    @Test
    void keepWorldReparentAndSetWorldKeepTheWorldMatrixOrThrowForASingularParent() {
        RandomizedHarness t = runSequence(0xA11CE_0005L, 15_000, RandomizedHarness.Mix.KEEP_WORLD, 12, 20, 200, 0.2);
        assertThat(t.keptWorld).as("keep-world operations checked").isGreaterThan(3_000);
        assertThat(t.rejectedSingular).as("keep-world operations under a singular parent rejected")
                .isGreaterThan(20);
        assertThat(t.rejectedSingularInverse).as("inverse of a singular world rejected").isGreaterThan(5);
    }

    @Test
    void exportsAndWriteChangedSinceAgreeWithGetWorldAndTheChangeHistory() {
        RandomizedHarness t = runSequence(0xA11CE_0006L, 10_000, RandomizedHarness.Mix.EXPORT, 12, 20, 200);
        assertThat(t.exports).isGreaterThan(500);
        assertThat(t.changedSinceChecks).isGreaterThan(500);
    }

    @Test
    void staleHandlesAreRejectedAfterDestroyAndSlotReuse() {
        RandomizedHarness t = new RandomizedHarness(0xDEAD_0001L, 1_000);
        List<Long> dead = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
            for (int c = 0; c < 20; c++) {
                if (t.live.isEmpty() || t.rnd.nextInt(4) == 0) {
                    t.createRoot();
                } else {
                    t.createChild(t.randomLive(), ReferenceHierarchy.APPEND);
                }
            }
            for (int c = 0; c < 3 && !t.live.isEmpty(); c++) {
                Node victim = t.randomLive();
                for (Node x : t.ref.subtree(victim)) {
                    dead.add(x.handle);
                }
                t.destroy(victim);
            }
            t.checkInvariants();
        }
        // slots were reused: some dead handle shares its slot with a live node
        Set<Integer> liveSlots = new HashSet<>();
        for (Node n : t.live) {
            liveSlots.add(Handles.slot(n.handle));
        }
        long reused = dead.stream().filter(h -> liveSlots.contains(Handles.slot(h))).count();
        assertThat(reused).isGreaterThan(50);
        for (long h : dead) {
            assertThat(t.arbor.isAlive(h)).isFalse();
            t.expectStale(h, () -> t.arbor.parent(h));
            t.expectStale(h, () -> t.arbor.getWorld(h, new float[12], 0));
            t.expectStale(h, () -> t.arbor.setLocalTranslation(h, 1, 2, 3));
            t.expectStale(h, () -> t.arbor.destroy(h));
            t.expectStale(h, () -> t.arbor.createChild(h));
            t.expectStale(h, () -> t.arbor.worldVersion(h));
        }
        t.compareAll(t.ref.allWorlds());
        t.finish();
    }

    // =================================================================================================
    // The harness: one Hierarchy and one ReferenceHierarchy driven in lockstep
    // =================================================================================================


    private static RandomizedHarness runSequence(long seed, int operations, RandomizedHarness.Mix mix, int maxDepth, int minNodes,
                                       int maxNodes) {
        return runSequence(seed, operations, mix, maxDepth, minNodes, maxNodes, 0.05);
    }

    private static RandomizedHarness runSequence(long seed, int operations, RandomizedHarness.Mix mix, int maxDepth, int minNodes,
                                       int maxNodes, double zeroScaleChance) {
        RandomizedHarness t = new RandomizedHarness(seed, maxNodes);
        t.zeroScaleChance = zeroScaleChance;
        t.maxDepth = maxDepth;
        t.minNodes = minNodes;
        while (t.operations < operations) {
            t.step(mix);
            t.checkInvariants();
        }
        t.update();
        t.finish();
        return t;
    }

}
