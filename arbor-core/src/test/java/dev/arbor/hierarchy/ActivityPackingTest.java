package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Under the automatic layout, a hierarchy that changes the same few scattered nodes frame after frame is rewritten
 * once so that they and their subtrees share a few vector words; one whose changes move around is left alone. The
 * rewrite changes where nodes are stored, never a result or the order of children.
 */
class ActivityPackingTest {

    /** {@code seed-6000}'s shape at a smaller size: three levels of {@code perLevel}, parents drawn from the level above. */
    private static long[] threeLevels(Hierarchy h, SplittableRandom random, int perLevel) {
        long[] handles = new long[3 * perLevel];
        for (int i = 0; i < handles.length; i++) {
            int level = i / perLevel;
            handles[i] = level == 0 ? h.createRoot()
                    : h.createChild(handles[(level - 1) * perLevel + random.nextInt(perLevel)]);
            h.setLocalTranslation(handles[i], 1 + i % 7, 0.5f, 0);
        }
        h.update();
        return handles;
    }

    private static int[] distinct(SplittableRandom random, int n, int count) {
        boolean[] taken = new boolean[n];
        int[] picked = new int[count];
        for (int k = 0; k < count; ) {
            int i = random.nextInt(n);
            if (!taken[i]) {
                taken[i] = true;
                picked[k++] = i;
            }
        }
        return picked;
    }

    /** @return the handles at the given indices */
    private static long[] pick(long[] handles, int[] indices) {
        long[] picked = new long[indices.length];
        for (int k = 0; k < indices.length; k++) {
            picked[k] = handles[indices[k]];
        }
        return picked;
    }

    private static float[] rotations(int count, int frame) {
        float[] q = new float[count * 4];
        for (int k = 0; k < count; k++) {
            double angle = 0.01 * frame + k;
            q[k * 4 + 1] = (float) Math.sin(angle / 2);
            q[k * 4 + 3] = (float) Math.cos(angle / 2);
        }
        return q;
    }

    private static long[] children(Hierarchy h, long parent) {
        long[] dest = new long[h.childCount(parent)];
        h.children(parent, dest, 0);
        return dest;
    }

    @Test
    void aFixedScatteredSubsetIsPackedOnceIntoFewWordsWithTheSameResults() {
        int perLevel = 1000;
        int n = 3 * perLevel;
        Hierarchy packed = new Hierarchy();
        Hierarchy planes = new Hierarchy();
        planes.setStorageLayout(StorageLayout.PLANES);
        planes.setActivityPacking(false);
        long[] a = threeLevels(packed, new SplittableRandom(3), perLevel);
        long[] b = threeLevels(planes, new SplittableRandom(3), perLevel);
        long[][] childrenBefore = new long[n][];
        for (int i = 0; i < n; i++) {
            childrenBefore[i] = children(packed, a[i]);
        }
        int[] subset = distinct(new SplittableRandom(4), n, 30);
        long[] ha = pick(a, subset);
        long[] hb = pick(b, subset);
        NodeList listA = packed.nodeList(ha, 0, ha.length);
        NodeList listB = planes.nodeList(hb, 0, hb.length);
        int wordsBefore = 0;
        int wordsAfter = 0;
        // a window is 16 × 3,000 computed nodes; the subset and its subtrees make 30–90 stale nodes per frame
        int frames = 4 * Tuning.DEFAULT.activityWindowFactor() * n / subset.length;
        float[] wa = new float[12];
        float[] wb = new float[12];
        for (int f = 0; f < frames; f++) {
            float[] q = rotations(subset.length, f);
            packed.setLocalRotations(listA, q, 0);
            planes.setLocalRotations(listB, q, 0);
            if (f == 1) {
                wordsBefore = packed.staleWords();
            }
            wordsAfter = packed.staleWords();
            packed.update();
            planes.update();
            for (int k = 0; k < subset.length; k += 7) {
                assertThat(packed.getWorld(ha[k], wa, 0)).as("frame %d, node %d", f, subset[k])
                        .containsExactly(planes.getWorld(hb[k], wb, 0));
            }
        }
        packed.checkInvariants();
        assertThat(packed.packing().activityPackings).as("rewrites for activity").isEqualTo(1);
        assertThat(planes.packing().activityPackings).as("with packing off, never rewritten for activity").isZero();
        assertThat(wordsBefore).as("stale words before the rewrite").isGreaterThanOrEqualTo(25);
        assertThat(wordsAfter).as("stale words after the rewrite (were %d)", wordsBefore).isLessThanOrEqualTo(6);
        for (int i = 0; i < n; i++) {
            assertThat(packed.getWorld(a[i], wa, 0)).as("node %d", i).containsExactly(planes.getWorld(b[i], wb, 0));
            assertThat(children(packed, a[i])).as("children of node %d, in sibling order", i)
                    .containsExactly(childrenBefore[i]);
        }
    }

    @Test
    void changesThatMoveAroundEveryFrameLeaveTheLayoutAlone() {
        int perLevel = 1000;
        int n = 3 * perLevel;
        Hierarchy h = new Hierarchy();
        long[] handles = threeLevels(h, new SplittableRandom(5), perLevel);
        SplittableRandom random = new SplittableRandom(6);
        long compactionsBefore = h.relayout().compactions;
        int frames = 4 * Tuning.DEFAULT.activityWindowFactor() * n / 30;
        for (int f = 0; f < frames; f++) {
            int[] subset = distinct(random, n, 30);
            long[] picked = pick(handles, subset);
            h.setLocalRotations(picked, 0, picked.length, rotations(picked.length, f), 0);
            h.update();
        }
        assertThat(h.packing().activityPackings).isZero();
        assertThat(h.relayout().compactions).isEqualTo(compactionsBefore);
    }

    /**
     * The same activity as the test above in a hierarchy larger than the packing's size limit (lowered here to 2,999
     * nodes): no rewrite, so no pause, and the same results.
     */
    @Test
    void aHierarchyAboveThePackingsSizeLimitIsNeverRewrittenForActivity() {
        int perLevel = 1000;
        int n = 3 * perLevel;
        Tuning limited = Tuning.DEFAULT;
        Hierarchy large = new Hierarchy(64, limited.withActivityPacking(limited.activityWindowFactor(),
                limited.activeShareMax(), n - 1));
        Hierarchy limitFree = new Hierarchy();
        long[] a = threeLevels(large, new SplittableRandom(3), perLevel);
        long[] b = threeLevels(limitFree, new SplittableRandom(3), perLevel);
        int[] subset = distinct(new SplittableRandom(4), n, 30);
        long[] ha = pick(a, subset);
        long[] hb = pick(b, subset);
        NodeList listA = large.nodeList(ha, 0, ha.length);
        NodeList listB = limitFree.nodeList(hb, 0, hb.length);
        long compactionsBefore = large.relayout().compactions;
        int frames = 4 * Tuning.DEFAULT.activityWindowFactor() * n / subset.length;
        for (int f = 0; f < frames; f++) {
            float[] q = rotations(subset.length, f);
            large.setLocalRotations(listA, q, 0);
            limitFree.setLocalRotations(listB, q, 0);
            large.update();
            limitFree.update();
        }
        assertThat(limitFree.packing().activityPackings).as("the same activity under the limit").isEqualTo(1);
        assertThat(large.packing().activityPackings).isZero();
        assertThat(large.relayout().compactions).isEqualTo(compactionsBefore);
        float[] wa = new float[12];
        float[] wb = new float[12];
        for (int i = 0; i < n; i++) {
            assertThat(large.getWorld(a[i], wa, 0)).as("node %d", i).containsExactly(limitFree.getWorld(b[i], wb, 0));
        }
        large.checkInvariants();
    }

    @Test
    void aFixedSubsetAboveAThirtySecondOfTheNodesIsLeftAlone() {
        int perLevel = 1000;
        int n = 3 * perLevel;
        Hierarchy h = new Hierarchy();
        long[] handles = threeLevels(h, new SplittableRandom(9), perLevel);
        // 60 nodes set: with their subtrees about 120 stale per frame, above 3,000 / 32 = 93
        int[] subset = distinct(new SplittableRandom(10), n, 60);
        long[] picked = pick(handles, subset);
        NodeList list = h.nodeList(picked, 0, picked.length);
        h.setLocalRotations(list, rotations(picked.length, 0), 0);
        long computedBefore = h.refresh().recomputedNodes;
        h.update();
        int stale = (int) (h.refresh().recomputedNodes - computedBefore);
        assertThat(stale * Tuning.DEFAULT.activeShareMax()).as("stale nodes per frame × 32").isGreaterThan(n);
        long compactionsBefore = h.relayout().compactions;
        int frames = 4 * Tuning.DEFAULT.activityWindowFactor() * n / stale;
        for (int f = 0; f < frames; f++) {
            h.setLocalRotations(list, rotations(picked.length, f), 0);
            h.update();
        }
        assertThat(h.packing().activityPackings).isZero();
        assertThat(h.relayout().compactions).isEqualTo(compactionsBefore);
    }

    @Test
    void aSubsetThatChangesAfterThePackingIsPackedAgain() {
        int perLevel = 1000;
        int n = 3 * perLevel;
        Hierarchy h = new Hierarchy();
        long[] handles = threeLevels(h, new SplittableRandom(7), perLevel);
        SplittableRandom random = new SplittableRandom(8);
        int frames = 3 * Tuning.DEFAULT.activityWindowFactor() * n / 30;
        for (int phase = 1; phase <= 2; phase++) {
            int[] subset = distinct(random, n, 30);
            long[] picked = pick(handles, subset);
            NodeList list = h.nodeList(picked, 0, picked.length);
            for (int f = 0; f < frames; f++) {
                h.setLocalRotations(list, rotations(picked.length, f), 0);
                h.update();
            }
            h.setLocalRotations(list, rotations(picked.length, -1), 0);
            assertThat(h.staleWords()).as("phase %d: stale words after the rewrite", phase).isLessThanOrEqualTo(6);
            h.update();
            assertThat(h.packing().activityPackings).as("phase %d", phase).isEqualTo(phase);
            h.checkInvariants();
        }
    }
}
