package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Part writes ({@link InstanceNodes#beginPartWrites}, {@link InstanceNodes#updateWorlds}): on seeded random crowds of
 * one random shape (members anywhere in the tree, nodes between them, the root a member or not) they leave every
 * node's world matrix and version, the change set and the invariants that a write and an update leave, with the parts
 * written and updated in any order from one thread or from several at once; a part's nodes read right after its update
 * already have their final bits; the parts' runs hold each stale node once, in its instance's part. Crowds that cannot
 * be cut are refused with nothing changed; a failed write leaves its nodes to the next update; every misuse is refused.
 */
class PartWritesTest {
    /** One random crowd, built alike in {@code a} (written by parts) and {@code b} (written and updated). */
    private static final class Twin {
        final Hierarchy a;
        final Hierarchy b;
        final int instances;
        final int size;
        final long[] allA;
        final long[] allB;
        final InstanceNodes partsA;
        final InstanceNodes plainB;
        final InstanceNodes readsA;
        final InstanceNodes readsB;
        final long[] fixedA;
        final long[] membersA;
        final int readSize = 2;

        /**
         * @param clusterTrees trees per cluster of the compacted layout (at least): 64 or more gives clusters of a
         *     multiple of 16 trees, where the parts end
         */
        Twin(SplittableRandom random, int instances, StorageLayout layout, int clusterTrees, int partNodes,
             boolean compact) {
            this.instances = instances;
            int[] shape = new int[3 + random.nextInt(14)];
            Tuning tuning = Tuning.DEFAULT.withClusters((int) Math.min(1 << 30, (long) clusterTrees * shape.length), 0)
                    .withPartNodes(partNodes);
            a = new Hierarchy(16, tuning);
            b = new Hierarchy(16, tuning);
            a.setStorageLayout(layout);
            b.setStorageLayout(layout);
            for (int n = 0; n < shape.length; n++) {
                shape[n] = n == 0 ? -1 : random.nextInt(n);
            }
            boolean rootMember = random.nextInt(4) == 0;
            int[] picked = InstanceNodesTest.distinct(random, shape.length - 1, 1 + random.nextInt(shape.length - 1));
            size = picked.length + (rootMember ? 1 : 0);
            int[] members = new int[size];
            for (int k = 0; k < picked.length; k++) {
                members[k] = picked[k] + 1;
            }
            if (rootMember) {
                members[size - 1] = 0;
            }
            int[] readAt = {random.nextInt(shape.length), random.nextInt(shape.length)};
            allA = new long[instances * shape.length];
            allB = new long[allA.length];
            long seed = random.nextLong();
            build(a, new SplittableRandom(seed), shape, allA);
            build(b, new SplittableRandom(seed), shape, allB);
            if (compact) {
                a.compactNow();
                b.compactNow();
            }
            membersA = pick(allA, shape.length, members);
            partsA = new InstanceNodes(a, membersA, 0, instances, size);
            plainB = new InstanceNodes(b, pick(allB, shape.length, members), 0, instances, size);
            readsA = new InstanceNodes(a, pick(allA, shape.length, readAt), 0, instances, readSize);
            readsB = new InstanceNodes(b, pick(allB, shape.length, readAt), 0, instances, readSize);
            fixedA = rootMember ? null : pick(allA, shape.length, new int[] {0}); // the roots lie above the members
        }

        private void build(Hierarchy h, SplittableRandom random, int[] shape, long[] all) {
            for (int i = 0; i < instances; i++) {
                for (int n = 0; n < shape.length; n++) {
                    long node = shape[n] < 0 ? h.createRoot() : h.createChild(all[i * shape.length + shape[n]]);
                    h.setLocalTranslation(node, (float) random.nextGaussian(), (float) random.nextGaussian(), 1f);
                    h.setLocalRotation(node, 0.6f, 0f, 0f, 0.8f);
                    h.setLocalScale(node, 1f, (float) random.nextDouble(0.5, 2), 1f);
                    all[i * shape.length + n] = node;
                }
            }
            h.update();
        }

        private long[] pick(long[] all, int shapeSize, int[] at) {
            long[] out = new long[instances * at.length];
            for (int i = 0; i < instances; i++) {
                for (int k = 0; k < at.length; k++) {
                    out[i * at.length + k] = all[i * shapeSize + at[k]];
                }
            }
            return out;
        }

        /** Every node of {@code b} and {@code a} alike: world matrices, versions, the change set, the invariants. */
        void assertSame(String what) {
            assertThat(a.changedCount()).as(what).isEqualTo(b.changedCount());
            assertSameWorlds(what, true);
        }

        /** Every node's world matrix alike in {@code a} and {@code b} (and its version, if asked); the invariants. */
        void assertSameWorlds(String what, boolean versions) {
            float[] wa = new float[12];
            float[] wb = new float[12];
            for (int n = 0; n < allA.length; n++) {
                assertThat(a.getWorld(allA[n], wa, 0)).as("%s, node %d", what, n).isEqualTo(b.getWorld(allB[n], wb, 0));
                if (versions) {
                    assertThat(a.worldVersion(allA[n])).as("%s, version of node %d", what, n)
                            .isEqualTo(b.worldVersion(allB[n]));
                }
            }
            a.checkInvariants();
        }
    }

    private static float[] pose(SplittableRandom random, int size) {
        float[] v = new float[InstanceNodes.POSE_FLOATS * size];
        for (int k = 0; k < v.length; k++) {
            v[k] = (float) random.nextGaussian();
        }
        return v;
    }

    @ParameterizedTest
    @CsvSource({"1, PLANES, 1", "15, PLANES, 2", "16, RECORDS, 1", "17, PLANES, 3", "53, AUTOMATIC, 2",
            "200, PLANES, 1", "200, PLANES, 2", "200, RECORDS, 2", "333, PLANES, 3"})
    void partWritesLeaveTheBitsOfAWriteAndAnUpdate(int instances, StorageLayout layout, int threads)
            throws InterruptedException {
        SplittableRandom random = new SplittableRandom(instances * 7L + threads);
        boolean cutFiner = false;
        for (int round = 0; round < 6; round++) {
            // clusters of 20 trees (blocks across clusters), of 64 (a multiple of 16), or one; parts of at most 60
            // nodes (as many as the clusters allow) or unbounded; the layout as created or compacted
            Twin t = new Twin(random, instances, layout, new int[] {20, 64, 1 << 30}[round % 3],
                    round % 2 == 0 ? 60 : 1 << 30, round >= 2);
            for (int frame = 0; frame < 3; frame++) {
                String what = "round " + round + ", frame " + frame;
                float[][] poses = new float[instances][];
                boolean[] scales = new boolean[instances];
                t.plainB.beginWrites();
                for (int i = 0; i < instances; i++) {
                    poses[i] = pose(random, t.size);
                    scales[i] = random.nextInt(4) != 0;
                    t.plainB.writeLocals(i, poses[i], 0, InstanceNodes.TRANSLATIONS | InstanceNodes.ROTATIONS | (scales[i] ? InstanceNodes.SCALES : 0));
                }
                t.plainB.endWrites();
                t.b.update();
                t.readsB.beginReads();
                float[] wantReads = new float[12 * t.readSize * instances];
                t.readsB.readWorlds(0, instances, wantReads, 0, instances);

                InstanceNodes nodes = t.partsA;
                int parts = nodes.beginPartWrites(t.readsA, t.fixedA, threads);
                assertThat(parts).as(what).isGreaterThanOrEqualTo(Math.min(threads, (instances + 15) / 16));
                cutFiner |= parts > threads;
                assertThat(nodes.partStart(0)).isZero();
                assertThat(nodes.partStart(parts)).isEqualTo(instances);
                assertRunsHoldEachStaleNodeInItsPart(t);
                float[] gotReads = new float[wantReads.length];
                AtomicReference<Throwable> failure = new AtomicReference<>();
                List<Thread> workers = new ArrayList<>();
                for (int w = 0; w < threads; w++) {
                    int first = w;
                    Runnable share = () -> {
                        for (int p = parts - 1 - first; p >= 0; p -= threads) { // from the last part backwards
                            int from = nodes.partStart(p);
                            int to = nodes.partStart(p + 1);
                            if (nodes.readsAhead()) {
                                nodes.readAhead(p);
                            }
                            for (int i = to - 1; i >= from; i--) {
                                nodes.writeLocals(i, poses[i], 0, InstanceNodes.TRANSLATIONS | InstanceNodes.ROTATIONS | (scales[i] ? InstanceNodes.SCALES : 0));
                            }
                            nodes.updateWorlds(p);
                            // the part's worlds are final now: read them as a palette job would
                            t.readsA.readWorlds(from, to, gotReads, from, instances);
                        }
                    };
                    Thread worker = new Thread(() -> {
                        try {
                            share.run();
                        } catch (Throwable e) {
                            failure.set(e);
                        }
                    });
                    workers.add(worker);
                    worker.start();
                }
                for (Thread worker : workers) {
                    worker.join();
                }
                assertThat(failure.get()).as(what).isNull();
                nodes.endWrites();
                assertThat(gotReads).as("%s: read after each part's update", what).isEqualTo(wantReads);
                t.a.update();
                t.assertSame(what);
            }
        }
        if (instances >= 200) {
            assertThat(cutFiner).as("some crowd was cut into more parts than threads").isTrue();
        }
    }

    /**
     * Each stale node lies in exactly one run, of the part that holds the instance whose subtree holds it (found by
     * walking up the parent links to a member); a part's runs lie in ascending order; no position lies in two runs.
     */
    private static void assertRunsHoldEachStaleNodeInItsPart(Twin t) {
        NodeStorage st = t.a.bulkSetter().store;
        SlotTable slots = t.a.bulkSetter().slots;
        TrackedBits stale = t.a.bulkSetter().stale;
        CrowdParts cut = t.partsA.parts();
        int[] partOfNode = new int[st.modes.length]; // runs may reach past the last node, to a word's end
        java.util.Arrays.fill(partOfNode, -1);
        for (int p = 0; p < cut.parts(); p++) {
            for (int r = cut.firstRun(p); r < cut.endRun(p); r++) {
                assertThat(r == cut.firstRun(p) || cut.runFrom(r) >= cut.runTo(r - 1)).as("run %d in order", r)
                        .isTrue();
                for (int x = cut.runFrom(r); x < cut.runTo(r); x++) {
                    assertThat(partOfNode[x]).as("position %d in two runs", x).isEqualTo(-1);
                    partOfNode[x] = p;
                }
            }
        }
        int[] memberOf = new int[st.nodeEnd]; // the instance of a member's position, or -1
        java.util.Arrays.fill(memberOf, -1);
        for (int x = 0; x < t.membersA.length; x++) {
            memberOf[slots.nodeOfSlot[slots.liveSlot(t.membersA[x])]] = x / t.size;
        }
        int count = 0;
        for (int node = 0; node < st.nodeEnd; node++) {
            if (!stale.get(node)) {
                continue;
            }
            count++;
            int up = node;
            while (up >= 0 && memberOf[up] < 0) {
                up = st.parentNodes[up];
            }
            assertThat(up).as("stale node %d under no member", node).isNotNegative();
            int instance = memberOf[up];
            assertThat(partOfNode[node]).as("part of stale node %d", node).isEqualTo(cut.partOf(instance));
            assertThat(instance).isGreaterThanOrEqualTo(t.partsA.partStart(partOfNode[node]))
                    .isLessThan(t.partsA.partStart(partOfNode[node] + 1));
        }
        assertThat(count).isEqualTo(cut.nodes);
    }

    @Test
    void crowdsThatCannotBeCutAreRefusedWithNothingChanged() {
        Hierarchy h = new Hierarchy();
        long r0 = h.createRoot();
        long a0 = h.createChild(r0);
        long b0 = h.createChild(a0);
        long r1 = h.createRoot();
        long a1 = h.createChild(r1);
        long b1 = h.createChild(a1);
        h.update();
        InstanceNodes ok = new InstanceNodes(h, new long[] {a0, a1}, 0, 2, 1);
        InstanceNodes readsOwn = new InstanceNodes(h, new long[] {b0, r1}, 0, 2, 1); // own subtree, or outside all
        InstanceNodes readsOther = new InstanceNodes(h, new long[] {b1, b1}, 0, 2, 1); // b1 is instance 1's
        InstanceNodes shared = new InstanceNodes(h, new long[] {a0, a0}, 0, 2, 1);
        InstanceNodes nested = new InstanceNodes(h, new long[] {a0, b0}, 0, 2, 1); // instance 1 inside instance 0
        assertThat(ok.beginPartWrites(readsOwn, new long[] {r0, r1}, 1)).isEqualTo(1);
        ok.endWrites(); // no part updated: the marked nodes stay stale for the update
        h.update();
        assertThat(h.changedCount()).isEqualTo(4);
        assertThat(ok.beginPartWrites(readsOther, null, 1)).isZero();
        assertThat(ok.beginPartWrites(readsOwn, new long[] {b0}, 1)).isZero(); // a fixed node in a subtree
        assertThat(shared.beginPartWrites(shared, null, 2)).isZero();
        assertThat(nested.beginPartWrites(nested, null, 2)).isZero();
        h.update();
        assertThat(h.changedCount()).as("nothing marked by a refusal").isZero();
        ok.beginWrites(); // nothing begun by a refusal
        ok.endWrites();
        h.checkInvariants();
    }

    /**
     * A write that fails in one instance (a value not finite) leaves that instance as it was, and its part's nodes
     * stale for the next update, which gives every node the bits of a write of the other instances. The part write
     * marked every instance's nodes at its beginning, so the instance not written is in the change set too.
     */
    @Test
    void aFailedPartWriteLeavesItsNodesToTheNextUpdate() {
        SplittableRandom random = new SplittableRandom(5);
        Twin t = new Twin(random, 40, StorageLayout.PLANES, 1 << 30, 1 << 30, true);
        float[][] poses = new float[40][];
        InstanceNodes nodes = t.partsA;
        int parts = nodes.beginPartWrites(t.readsA, t.fixedA, 3);
        assertThat(parts).isEqualTo(3);
        t.plainB.beginWrites();
        for (int i = 0; i < 40; i++) {
            poses[i] = pose(random, t.size);
            if (i == 20) {
                poses[i][0] = Float.NaN; // instance 20, in part 1, is refused and keeps its values
                assertThatThrownBy(() -> nodes.writeLocals(20, poses[20], 0, InstanceNodes.ALL_PATHS))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not finite");
                continue;
            }
            nodes.writeLocals(i, poses[i], 0, InstanceNodes.ALL_PATHS);
            t.plainB.writeLocals(i, poses[i], 0, InstanceNodes.ALL_PATHS);
        }
        t.plainB.endWrites();
        nodes.updateWorlds(0);
        assertThatThrownBy(() -> nodes.updateWorlds(1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("instance 20 of part 1 was not written");
        nodes.updateWorlds(2);
        nodes.endWrites();
        t.a.update();
        t.b.update();
        t.assertSameWorlds("after a failed write", false);
        int closure = t.a.changedCount() / 40; // every instance's members and their subtrees, alike
        assertThat(t.a.changedCount()).isEqualTo(40 * closure);
        assertThat(t.b.changedCount()).as("all but instance 20").isEqualTo(39 * closure);
    }

    @Test
    void misuseIsRefused() {
        Hierarchy h = new Hierarchy();
        long[] roots = {h.createRoot(), h.createRoot(), h.createRoot()};
        h.update();
        InstanceNodes nodes = new InstanceNodes(h, roots, 0, 3, 1);
        float[] pose = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
        assertThatThrownBy(() -> nodes.updateWorlds(0)).isInstanceOf(IllegalStateException.class)
                .hasMessage("updateWorlds outside beginPartWrites() and endWrites()");
        assertThatThrownBy(() -> nodes.partStart(0)).isInstanceOf(IllegalStateException.class)
                .hasMessage("partStart outside beginPartWrites() and endWrites()");
        assertThatThrownBy(() -> nodes.beginPartWrites(nodes, null, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads=0 is below 1");
        InstanceNodes fewer = new InstanceNodes(h, roots, 0, 2, 1);
        assertThatThrownBy(() -> nodes.beginPartWrites(fewer, null, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reads must be of the same hierarchy and instances: instances=3, reads.instances=2");
        Hierarchy other = new Hierarchy();
        InstanceNodes elsewhere = new InstanceNodes(other, new long[] {other.createRoot(), other.createRoot(),
                other.createRoot()}, 0, 3, 1);
        assertThatThrownBy(() -> nodes.beginPartWrites(elsewhere, null, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith(", another hierarchy");
        assertThat(nodes.beginPartWrites(nodes, null, 1)).isEqualTo(1);
        assertThatThrownBy(() -> nodes.beginPartWrites(nodes, null, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("beginPartWrites() during a write; expected endWrites() first");
        assertThatThrownBy(() -> nodes.partStart(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> nodes.updateWorlds(1)).isInstanceOf(IndexOutOfBoundsException.class);
        for (int i = 0; i < 3; i++) {
            nodes.writeLocals(i, pose, 0, InstanceNodes.ALL_PATHS);
        }
        nodes.updateWorlds(0);
        assertThatThrownBy(() -> nodes.updateWorlds(0)).isInstanceOf(IllegalStateException.class)
                .hasMessage("part 0 was updated already");
        assertThatThrownBy(() -> nodes.writeLocals(1, pose, 0, InstanceNodes.ALL_PATHS))
                .isInstanceOf(IllegalStateException.class).hasMessage("instance 1 written after its part (0) was"
                        + " updated");
        nodes.endWrites();
        h.update();
        assertThat(h.changedCount()).isEqualTo(3);
        long destroyed = h.createRoot();
        h.destroy(destroyed);
        assertThatThrownBy(() -> nodes.beginPartWrites(nodes, new long[] {destroyed}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stale handle");
        nodes.beginWrites(); // nothing begun
        nodes.endWrites();
        h.checkInvariants();
    }
}
