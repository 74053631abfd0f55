package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.arbor.kernel.VectorSupport;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The two storage layouts (planes and records) give the same bits through any sequence of operations, and the
 * automatic choice converts to records after single-node work and back to planes on a dense update.
 */
class StorageLayoutTest {

    /** A chain-free forest: {@code roots} roots, each node's parent drawn from the 300 nodes before it. */
    private static long[] forest(Hierarchy h, SplittableRandom random, int n, int roots) {
        long[] handles = new long[n];
        for (int i = 0; i < n; i++) {
            handles[i] = i < roots ? h.createRoot() : h.createChild(handles[random.nextInt(Math.max(0, i - 300), i)]);
            h.setLocalTranslation(handles[i], (float) random.nextDouble(), 0.5f, 0);
        }
        h.update();
        return handles;
    }

    /** Sets node {@code i}'s rotation about y and reads its world matrix (one lazy recompute). */
    private static void setAndGet(Hierarchy h, long handle, float angle, float[] world) {
        h.setLocalRotation(handle, 0, (float) Math.sin(angle / 2), 0, (float) Math.cos(angle / 2));
        h.getWorld(handle, world, 0);
    }

    @Test
    void automaticLayoutTurnsToRecordsAfterSingleNodeWorkAndBackOnceDenseUpdatesPayForIt() {
        Hierarchy h = new Hierarchy();
        SplittableRandom random = new SplittableRandom(5);
        int n = 3000;
        long[] handles = forest(h, random, n, 10);
        assertThat(h.storageLayout()).isEqualTo(StorageLayout.AUTOMATIC);
        assertThat(h.currentStorageLayout()).isEqualTo(StorageLayout.PLANES);
        float[] world = new float[12];
        long threshold = Math.max(Tuning.DEFAULT.recordsMinWork(), (long) Tuning.DEFAULT.recordsWorkFactor() * n);
        // the last node has no children: each set and get recomputes exactly that node, lazily
        long leaf = handles[n - 1];
        assertThat(h.childCount(leaf)).isZero();
        for (long k = 0; k < threshold; k++) {
            setAndGet(h, leaf, k * 1e-3f, world);
        }
        assertThat(h.currentStorageLayout()).as("after %d single-node computations", threshold)
                .isEqualTo(StorageLayout.PLANES);
        setAndGet(h, leaf, 0.5f, world);
        assertThat(h.currentStorageLayout()).isEqualTo(StorageLayout.RECORDS);
        assertThat(h.layoutChoice().layoutChanges).isEqualTo(1);

        // a sparse update stays in records
        h.setLocalRotation(handles[n / 2], 0, 0, 0.6f, 0.8f);
        h.update();
        assertThat(h.currentStorageLayout()).isEqualTo(StorageLayout.RECORDS);

        // a dense one (every node stale) converts back before it is computed, where the vector path runs
        assumeThat(VectorSupport.ENABLED).as("vector path on").isTrue();
        float[] rotations = new float[n * 4];
        for (int i = 0; i < n; i++) {
            rotations[i * 4 + 2] = 0.6f;
            rotations[i * 4 + 3] = 0.8f;
        }
        // each all-dirty update would save about 3 units per node in planes (4 in records against 64 per word of 64);
        // a conversion is worth 8 per node, so the third one converts, before it is computed
        for (int k = 1; k <= 3; k++) {
            rotations[2] = k * 0.1f;
            rotations[3] = (float) Math.sqrt(1 - rotations[2] * rotations[2]);
            h.setLocalRotations(handles, 0, n, rotations, 0);
            h.update();
            assertThat(h.currentStorageLayout()).as("after dense update %d", k)
                    .isEqualTo(k < 3 ? StorageLayout.RECORDS : StorageLayout.PLANES);
            h.checkInvariants();
        }
        assertThat(h.layoutChoice().layoutChanges).isEqualTo(2);
    }

    /**
     * A dense update of a small part of a large hierarchy in records (an animated model in a large scene being
     * edited) does not convert the whole hierarchy at once: what each would save in planes adds up, and the
     * conversion comes when the sum reaches its cost.
     */
    @Test
    void smallDenseUpdatesConvertALargeHierarchyOnlyOnceTheyHavePaidForIt() {
        assumeThat(VectorSupport.ENABLED).as("vector path on").isTrue();
        Hierarchy h = new Hierarchy();
        int n = 20_000;
        long[] handles = new long[n];
        for (int i = 0; i < n; i++) {
            handles[i] = h.createRoot(); // roots only: storage order is creation order
        }
        h.update();
        h.setStorageLayout(StorageLayout.RECORDS);
        h.setStorageLayout(StorageLayout.AUTOMATIC);
        int first = 640;
        int count = 640; // ten whole words of 64: dense, 640 units in planes against 2,560 in records
        long perUpdate = (long) count * Tuning.DEFAULT.recordNodeCost() - count;
        long updates = ((long) Tuning.DEFAULT.planesConversionCost() * n + perUpdate - 1) / perUpdate; // 84
        float[] rotations = new float[count * 4];
        for (int frame = 1; frame <= updates; frame++) {
            for (int k = 0; k < count; k++) {
                rotations[k * 4 + 1] = (float) Math.sin(frame * 0.01);
                rotations[k * 4 + 3] = (float) Math.cos(frame * 0.01);
            }
            h.setLocalRotations(handles, first, count, rotations, 0);
            h.update();
            assertThat(h.currentStorageLayout()).as("after dense update %d of %d", frame, updates)
                    .isEqualTo(frame < updates ? StorageLayout.RECORDS : StorageLayout.PLANES);
        }
        assertThat(h.layoutChoice().layoutChanges).isEqualTo(2);
        h.checkInvariants();
    }

    @Test
    void sparseUpdatesCountAsSingleNodeWork() {
        Hierarchy h = new Hierarchy();
        SplittableRandom random = new SplittableRandom(6);
        int n = 4000;
        long[] handles = forest(h, random, n, 40);
        long[] leaves = new long[n];
        int leafCount = 0;
        for (long handle : handles) {
            if (h.childCount(handle) == 0) {
                leaves[leafCount++] = handle;
            }
        }
        int updates = 0;
        while (h.currentStorageLayout() == StorageLayout.PLANES) {
            for (int k = 0; k < 10; k++) { // 10 leaves of 4,000 nodes: far from dense
                h.setLocalTranslation(leaves[random.nextInt(leafCount)], updates, 0, 0);
            }
            h.update();
            updates++;
            assertThat(updates).as("updates before records").isLessThan(10_000);
        }
        assertThat(updates).isGreaterThan(1);
        h.checkInvariants();
    }

    @Test
    void fixedLayoutsNeverChange() {
        SplittableRandom random = new SplittableRandom(7);
        Hierarchy planes = new Hierarchy();
        long[] hp = forest(planes, random, 1000, 5);
        planes.setStorageLayout(StorageLayout.PLANES);
        Hierarchy records = new Hierarchy();
        long[] hr = forest(records, new SplittableRandom(7), 1000, 5);
        records.setStorageLayout(StorageLayout.RECORDS);
        assertThat(records.currentStorageLayout()).isEqualTo(StorageLayout.RECORDS);
        float[] world = new float[12];
        for (int k = 0; k < 20_000; k++) {
            setAndGet(planes, hp[999], k, world);
        }
        float[] rotations = new float[1000 * 4];
        for (int i = 0; i < 1000; i++) {
            rotations[i * 4 + 3] = 1;
        }
        records.setLocalRotations(hr, 0, 1000, rotations, 0);
        records.update();
        assertThat(planes.currentStorageLayout()).isEqualTo(StorageLayout.PLANES);
        assertThat(records.currentStorageLayout()).isEqualTo(StorageLayout.RECORDS);
        assertThat(planes.storageLayout()).isEqualTo(StorageLayout.PLANES);
        assertThat(records.storageLayout()).isEqualTo(StorageLayout.RECORDS);
        assertThat(planes.toString()).endsWith(", layout=planes]");
        assertThat(records.toString()).endsWith(", layout=records]");
        assertThatThrownBy(() -> records.setStorageLayout(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("layout");
        assertThat(records.storageLayout()).isEqualTo(StorageLayout.RECORDS);
    }

    /**
     * Three hierarchies, one per layout policy, take the same random operations: single and bulk sets with reads in
     * between, node lists, reparenting, destruction and creation (so compaction and growth), sparse and dense
     * updates. Every read and every world matrix after each update agrees bit for bit.
     */
    @Test
    void everyLayoutGivesTheSameBits() {
        StorageLayout[] policies = {StorageLayout.PLANES, StorageLayout.RECORDS, StorageLayout.AUTOMATIC};
        Hierarchy[] hs = new Hierarchy[3];
        long[][] handles = new long[3][];
        int n = 2500;
        for (int t = 0; t < 3; t++) {
            // the automatic policy converts within this test, and rewrites its layout for activity whenever that
            // would pack
            hs[t] = new Hierarchy(16, Tuning.DEFAULT.withRecordsWork(0, 300).withActivityPacking(0, 1,
                    Tuning.DEFAULT.packMaxNodes()));
            handles[t] = forest(hs[t], new SplittableRandom(11), n, 25);
            for (int i = 0; i < n; i += 97) {
                hs[t].setLocalMatrix(handles[t][i], new float[] {1, 0, 0, 0.1f, 1, 0, 0, 0, 1, 2, 0, 0}, 0);
            }
            hs[t].setStorageLayout(policies[t]);
            hs[t].setActivityPacking(policies[t] == StorageLayout.AUTOMATIC);
        }
        SplittableRandom random = new SplittableRandom(12);
        float[][] read = new float[3][12];
        for (int frame = 0; frame < 240; frame++) {
            int kind = random.nextInt(6);
            int count = kind == 0 ? n : 1 + random.nextInt(40);
            int[] picked = new int[count];
            float[] values = new float[count * 4];
            for (int k = 0; k < count; k++) {
                picked[k] = kind == 0 ? k : random.nextInt(n);
                double angle = random.nextDouble() * 6;
                values[k * 4] = (float) Math.sin(angle / 2);
                values[k * 4 + 3] = (float) Math.cos(angle / 2);
            }
            for (int t = 0; t < 3; t++) {
                Hierarchy h = hs[t];
                long[] live = new long[count];
                int m = 0;
                for (int k = 0; k < count; k++) {
                    long handle = handles[t][picked[k]];
                    if (h.isAlive(handle) && !h.hasLocalMatrix(handle)) {
                        live[m++] = handle;
                    }
                }
                if (kind <= 1) { // every node, or a few, by one bulk set (a node list for the big one)
                    if (kind == 0) {
                        h.setLocalRotations(h.nodeList(live, 0, m), values, 0);
                    } else {
                        h.setLocalRotations(live, 0, m, values, 0);
                    }
                } else if (kind == 2) { // single sets of all three parts, each followed by a read
                    for (int k = 0; k < m; k++) {
                        h.setLocalTranslation(live[k], values[k * 4], 1, 0);
                        h.setLocalScale(live[k], 1, 1 + values[k * 4 + 3], 1);
                        h.setLocalRotation(live[k], values[k * 4], 0, 0, values[k * 4 + 3]);
                        h.getWorld(live[k], read[t], 0);
                        read[t][0] += h.getWorldTranslation(live[k], new org.joml.Vector3f()).y;
                    }
                } else if (kind == 3) { // topology: reparent, destroy, create
                    for (int k = 0; k + 1 < m; k += 2) {
                        if (!h.isAncestor(live[k], live[k + 1])) {
                            h.reparent(live[k], live[k + 1], k % 4 == 0);
                        }
                    }
                    if (m > 2 && h.childCount(live[0]) == 0) {
                        h.destroy(live[0]);
                    }
                    long child = h.createChild(live[m - 1]);
                    h.setLocalTranslation(child, 0, 0, frame);
                }
                // kinds 4 and 5: sets of translations only, or nothing, before the update
                if (kind == 4) {
                    float[] t3 = new float[m * 3];
                    for (int k = 0; k < m; k++) {
                        t3[k * 3] = values[k * 4];
                    }
                    h.setLocalTranslations(live, 0, m, t3, 0);
                }
            }
            if (kind == 2) {
                assertThat(read[1]).as("frame %d: records read", frame).containsExactly(read[0]);
                assertThat(read[2]).as("frame %d: automatic read", frame).containsExactly(read[0]);
            }
            if (frame % 3 != 1) {
                for (Hierarchy h : hs) {
                    h.update();
                }
                assertSameWorlds(hs, frame);
            }
        }
        for (Hierarchy h : hs) {
            h.update();
            h.checkInvariants();
        }
        assertSameWorlds(hs, -1);
        assertThat(hs[0].layoutChoice().layoutChanges).isZero();
        assertThat(hs[0].packing().activityPackings + hs[1].packing().activityPackings).as("rewrites for activity with packing off").isZero();
        assertThat(hs[2].packing().activityPackings).as("automatic rewrites for activity").isPositive();
        // both ways with the vector path; without it no update is dense, so the automatic one only turns to records
        assertThat(hs[2].layoutChoice().layoutChanges).as("automatic conversions")
                .isGreaterThanOrEqualTo(VectorSupport.ENABLED ? 2 : 1);
    }

    /** Every live node, tree by tree in pre-order. */
    private static long[] all(Hierarchy h) {
        long[] roots = new long[h.size()];
        int rootCount = h.roots(roots, 0);
        long[] nodes = new long[h.size()];
        int at = 0;
        for (int r = 0; r < rootCount; r++) {
            at += h.subtree(roots[r], nodes, at);
        }
        assertThat(at).isEqualTo(h.size());
        return nodes;
    }

    /** Compares every live node's world matrix, tree by tree (new nodes included). */
    private static void assertSameWorlds(Hierarchy[] hs, int frame) {
        long[][] all = new long[3][];
        for (int t = 0; t < 3; t++) {
            all[t] = all(hs[t]);
            assertThat(all[t]).hasSameSizeAs(all[0]);
        }
        float[] expected = new float[12];
        float[] actual = new float[12];
        for (int i = 0; i < all[0].length; i++) {
            hs[0].getWorld(all[0][i], expected, 0);
            for (int t = 1; t < 3; t++) {
                hs[t].getWorld(all[t][i], actual, 0);
                assertThat(actual).as("frame %d, node %d, policy %d", frame, i, t).containsExactly(expected);
            }
        }
    }
}
