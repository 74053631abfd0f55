package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;

/**
 * A port of seed 001's container (a derivative of BitSquid's flat transform arrays): per node a parent link, a local
 * and a world matrix and a dirty flag, in allocation order. Any write marks the node dirty and the links "dirty";
 * the next update then rebuilds the topological order — (parent, child) pairs sorted by parent with a quicksort,
 * then a breadth-first walk from the roots that finds each node's children by binary search, propagates dirty flags
 * downwards and keeps only dirty nodes — and finally multiplies {@code world = world[link] × local} along that list.
 *
 * <p>As in the seed, an update with no write since the last one skips the sort but re-multiplies the last active
 * list. Deviations: the quicksort takes the middle element as pivot (the seed's first-element pivot degrades to
 * quadratic time and deep recursion on the already-sorted parent arrays of chains); a reparent also marks the moved
 * node dirty (the seed's {@code attach} forgets to); the handle indirection used for deletion is left out (nothing is
 * deleted here); {@link #getWorld} updates when any write is pending rather than only when the node itself is dirty,
 * so that a descendant of a changed node is never read stale.
 */
public final class SortedContainerSystem implements TransformSystem {
    private static final int S = Affine.STRIDE;

    private int[] links;
    private LocalTrs trs;
    private float[] localPoses;
    private float[] worldPoses;
    private boolean[] dirty;
    /** Node per position of the last topological sort; the first {@code activeCount} are transformed. */
    private int[] topological;
    private int activeCount;
    /** Scratch: (parent, child) pairs, two ints per node. */
    private int[] pairs;
    private int[] queue;
    private boolean linksDirty;

    @Override
    public String id() {
        return "sort-container";
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        links = scene.parents().clone();
        trs = new LocalTrs(scene);
        localPoses = new float[n * S];
        worldPoses = new float[n * S];
        dirty = new boolean[n];
        topological = new int[n];
        pairs = new int[n * 2];
        queue = new int[n];
        for (int i = 0; i < n; i++) {
            trs.compose(i, localPoses, i * S);
            dirty[i] = true;
        }
        linksDirty = true;
        update();
    }

    @Override
    public int size() {
        return links.length;
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        trs.setRotation(node, x, y, z, w);
        write(node);
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        trs.setTranslation(node, x, y, z);
        write(node);
    }

    /** The seed's {@code TransformWrite}: store the local matrix, mark the node and the links dirty. */
    private void write(int node) {
        trs.compose(node, localPoses, node * S);
        dirty[node] = true;
        linksDirty = true;
    }

    @Override
    public void update() {
        if (linksDirty) {
            sortTopologically();
            linksDirty = false;
        }
        int[] topological = this.topological;
        int[] links = this.links;
        float[] localPoses = this.localPoses;
        float[] worldPoses = this.worldPoses;
        // Invariant: the breadth-first sort puts every parent before its children.
        for (int i = 0; i < activeCount; i++) {
            int node = topological[i];
            int parent = links[node];
            if (parent < 0) {
                Affine.copy(localPoses, node * S, worldPoses, node * S);
            } else {
                Affine.multiply(worldPoses, parent * S, localPoses, node * S, worldPoses, node * S);
            }
        }
    }

    private void sortTopologically() {
        int n = links.length;
        int[] pairs = this.pairs;
        for (int i = 0; i < n; i++) {
            pairs[i * 2] = links[i];
            pairs[i * 2 + 1] = i;
        }
        quickSort(pairs, 0, n - 1);
        int[] queue = this.queue;
        int head = 0;
        int tail = 0;
        int firstChildPair = 0;
        while (firstChildPair < n && pairs[firstChildPair * 2] < 0) {
            queue[tail++] = pairs[firstChildPair * 2 + 1];
            firstChildPair++;
        }
        int active = 0;
        while (head < tail) {
            int node = queue[head++];
            boolean isDirty = dirty[node];
            dirty[node] = false;
            if (isDirty) {
                topological[active++] = node;
            }
            for (int k = lowerBound(pairs, firstChildPair, n, node); k < n && pairs[k * 2] == node; k++) {
                int child = pairs[k * 2 + 1];
                dirty[child] |= isDirty;
                queue[tail++] = child;
            }
        }
        activeCount = active;
    }

    /** First pair index in {@code [from, to)} whose parent is at least {@code key}. */
    private static int lowerBound(int[] pairs, int from, int to, int key) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (pairs[mid * 2] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Hoare-partition quicksort of (parent, child) pairs by parent. */
    private static void quickSort(int[] pairs, int left, int right) {
        while (left < right) {
            int pivot = pairs[((left + right) >>> 1) * 2];
            int i = left - 1;
            int j = right + 1;
            while (true) {
                do {
                    i++;
                } while (pairs[i * 2] < pivot);
                do {
                    j--;
                } while (pairs[j * 2] > pivot);
                if (i >= j) {
                    break;
                }
                int p = pairs[i * 2];
                int c = pairs[i * 2 + 1];
                pairs[i * 2] = pairs[j * 2];
                pairs[i * 2 + 1] = pairs[j * 2 + 1];
                pairs[j * 2] = p;
                pairs[j * 2 + 1] = c;
            }
            // recurse into the smaller half, loop on the larger: stack depth stays logarithmic
            if (j - left < right - j - 1) {
                quickSort(pairs, left, j);
                left = j + 1;
            } else {
                quickSort(pairs, j + 1, right);
                right = j;
            }
        }
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        if (linksDirty) {
            update();
        }
        Affine.copy(worldPoses, node * S, dest, offset);
        return dest;
    }

    @Override
    public void reparent(int node, int newParent) {
        links[node] = newParent;
        dirty[node] = true;
        linksDirty = true;
    }
}
