package dev.arbor.hierarchy;

import static dev.arbor.kernel.LocalToWorld.MODE_HOLE;

import dev.arbor.kernel.LocalToWorld;
import dev.arbor.kernel.Palettes;
import java.util.Arrays;

/**
 * A crowd cut into parts that can be brought up to date on separate threads ({@link InstanceNodes#updateWorlds}):
 * part {@code p} is the instances {@code [start(p), start(p + 1))}, whole blocks of {@link Palettes#STRIDE_MULTIPLE}
 * (the last may be shorter), and its runs are ranges of storage positions, ascending, that hold every node of its
 * instances' subtrees and no node of another part's subtrees, widened to whole words of 64 positions where no other
 * part's node lies in the word (so that {@link LocalToWorld#computeStale} takes those words to the vector path; the
 * nodes it recomputes there that are not stale get back the bits they hold). Computing the stale nodes of a part's
 * runs in order therefore computes every parent before its children (the storage keeps parents first, and a subtree
 * node's parent is in the same instance's subtree or outside every one), and two parts never write a node another
 * part computes.
 *
 * <p>Invariant: valid for the storage's layout and the hierarchy's structure at {@link #layoutVersion} and
 * {@link #structureVersion}, and for the thread count and the nodes read and kept fixed it was planned with;
 * {@link #nodes} is the number of nodes the subtrees hold, which is what marking the members stale marks.
 */
final class CrowdParts {
    /** A gap of positions between two nodes of a part up to which the gap is scanned to join them in one run. */
    private static final int JOIN_GAP = 64;
    /** Positions per word of stale bits: {@link LocalToWorld#computeStale} takes whole words to the vector path. */
    private static final int WORD = 64;

    final long layoutVersion;
    final long structureVersion;
    final int threads;
    /** Nodes of every instance's subtrees (the members and their descendants). */
    final int nodes;
    /** Per part its first instance; {@code starts[parts]} is the instance count. */
    private final int[] starts;
    /** Per part, its runs at {@code [runIndex[p], runIndex[p + 1])} of {@link #runs}. */
    private final int[] runIndex;
    /** Run {@code r} is positions {@code [runs[2r], runs[2r + 1])}. */
    private final int[] runs;
    /** The nodes read and the handles kept fixed, as planned: to tell whether a later frame asks for the same. */
    final Object reads;
    final long[] fixed;

    private CrowdParts(long layoutVersion, long structureVersion, int threads, int nodes, int[] starts, int[] runIndex,
                       int[] runs, Object reads, long[] fixed) {
        this.layoutVersion = layoutVersion;
        this.structureVersion = structureVersion;
        this.threads = threads;
        this.nodes = nodes;
        this.starts = starts;
        this.runIndex = runIndex;
        this.runs = runs;
        this.reads = reads;
        this.fixed = fixed;
    }

    /** @return the number of parts */
    int parts() {
        return starts.length - 1;
    }

    /** @return part {@code p}'s first instance ({@code p} up to {@link #parts()}, which gives the instance count) */
    int start(int p) {
        return starts[p];
    }

    /** @return part {@code p}'s first run */
    int firstRun(int p) {
        return runIndex[p];
    }

    /** @return the end of part {@code p}'s runs */
    int endRun(int p) {
        return runIndex[p + 1];
    }

    /** @return run {@code r}'s first position */
    int runFrom(int r) {
        return runs[2 * r];
    }

    /** @return run {@code r}'s end position (exclusive) */
    int runTo(int r) {
        return runs[2 * r + 1];
    }

    /** Whether this plan holds for the given versions and requests. */
    boolean holds(long layout, long structure, int threadCount, Object read, long[] fixedHandles) {
        return layout == layoutVersion && structure == structureVersion && threadCount == threads && read == reads
                && Arrays.equals(fixedHandles, fixed);
    }

    /** @return the part holding instance {@code i} (the starts rise strictly: no part is empty) */
    int partOf(int i) {
        int at = Arrays.binarySearch(starts, i);
        return at >= 0 ? at : -at - 2;
    }

    /**
     * Plans the parts of a crowd whose member {@code k} of instance {@code i} lies at storage position
     * {@code members[i × size + k]}, or no parts where the crowd cannot be cut so: two instances share a node or
     * one lies in another's subtree; a node of {@code readNodes} (instance {@code i}'s at
     * {@code [i × readSize, (i + 1) × readSize)}) lies in the subtree of another instance than its own; a node of
     * {@code fixedNodes} lies in any instance's subtree. O(storage positions from the first member + members);
     * allocates a table of the storage's size. A crowd that cannot be cut gets a plan of no parts, which holds as long
     * as a plan would.
     */
    static CrowdParts plan(NodeStorage st, long layoutVersion, long structureVersion, Tuning tuning, int threads,
                           int[] members, int instances, int size, Object reads, int[] readNodes, int readSize,
                           long[] fixed, int[] fixedNodes) {
        CrowdParts none = new CrowdParts(layoutVersion, structureVersion, threads, 0, new int[1], new int[1],
                new int[0], reads, fixed.clone());
        int end = st.nodeEnd;
        int[] owner = new int[end]; // per position the instance whose subtree holds it, or -1
        Arrays.fill(owner, -1);
        int lo = end;
        for (int i = 0; i < instances; i++) {
            for (int k = 0; k < size; k++) {
                int n = members[i * size + k];
                if (owner[n] >= 0 && owner[n] != i) {
                    return none; // two instances share a node
                }
                owner[n] = i;
                lo = Math.min(lo, n);
            }
        }
        int nodes = 0;
        for (int p = lo; p < end; p++) {
            if (st.modes[p] == MODE_HOLE) {
                continue;
            }
            int parent = st.parentNodes[p];
            int up = parent < 0 ? -1 : owner[parent];
            if (owner[p] >= 0) {
                if (up >= 0 && up != owner[p]) {
                    return none; // an instance inside another's subtree
                }
                nodes++;
            } else if (up >= 0) {
                owner[p] = up;
                nodes++;
            }
        }
        for (int x = 0; x < readNodes.length; x++) {
            int o = owner[readNodes[x]];
            if (o >= 0 && o != x / readSize) {
                return none;
            }
        }
        for (int f : fixedNodes) {
            if (owner[f] >= 0) {
                return none;
            }
        }
        int[] starts = cut(owner, lo, end, instances, tuning, threads);
        int parts = starts.length - 1;
        int[] partOf = new int[instances];
        for (int p = 0; p < parts; p++) {
            Arrays.fill(partOf, starts[p], starts[p + 1], p);
        }
        // each part's positions, ascending: a counting sort by part
        int[] index = new int[parts + 1];
        for (int p = lo; p < end; p++) {
            if (owner[p] >= 0) {
                index[partOf[owner[p]] + 1]++;
            }
        }
        for (int p = 0; p < parts; p++) {
            index[p + 1] += index[p];
        }
        int[] positions = new int[nodes];
        int[] fill = Arrays.copyOf(index, parts);
        for (int p = lo; p < end; p++) {
            if (owner[p] >= 0) {
                positions[fill[partOf[owner[p]]]++] = p;
            }
        }
        // runs: consecutive positions, joined across short gaps that hold no other part's node, and widened to whole
        // words where no other part's node lies in them
        int[] runs = new int[16];
        int[] runIndex = new int[parts + 1];
        int count = 0;
        int capacity = st.modes.length;
        for (int part = 0; part < parts; part++) {
            runIndex[part] = count;
            int from = -1;
            int to = -1;
            for (int x = index[part]; x <= index[part + 1]; x++) {
                int p = x < index[part + 1] ? positions[x] : -1;
                if (from >= 0 && (p < 0 || !joins(owner, partOf, part, to, p))) {
                    int wordStart = from & -WORD;
                    int wordEnd = (int) Math.min(((long) to + WORD - 1) & -WORD, capacity);
                    from = clear(owner, partOf, part, wordStart, from) ? wordStart : from;
                    to = clear(owner, partOf, part, to, wordEnd) ? wordEnd : to;
                    if (count > runIndex[part] && from <= runs[2 * count - 1]) {
                        runs[2 * count - 1] = Math.max(runs[2 * count - 1], to); // widened into the run before
                    } else {
                        runs = addRun(runs, count++, from, to);
                    }
                    from = -1;
                }
                if (from < 0) {
                    from = p;
                }
                to = p + 1;
            }
        }
        runIndex[parts] = count;
        return new CrowdParts(layoutVersion, structureVersion, threads, nodes, starts, runIndex,
                Arrays.copyOf(runs, 2 * count), reads, fixed.clone());
    }

    /**
     * The parts' first instances (then the instance count). A part is whole blocks of 16 instances. Where the storage
     * holds the instances' subtrees in stretches that do not interleave (the clusters of a compacted layout, or trees
     * created one after another), parts end where stretches do: each takes stretches while it holds at most
     * {@link Tuning#partNodes} nodes ({@link Adaptation#partTakes}), at least one. Where that gives fewer parts than
     * threads, the blocks are dealt out evenly to {@code threads} parts (at most one per block), whose runs then meet
     * on every level of the layout.
     */
    private static int[] cut(int[] owner, int lo, int end, int instances, Tuning tuning, int threads) {
        int lanes = Palettes.STRIDE_MULTIPLE;
        int blocks = (instances + lanes - 1) / lanes;
        int[] first = new int[blocks]; // per block, the first and last position of its subtrees
        int[] last = new int[blocks];
        int[] nodes = new int[blocks];
        Arrays.fill(first, Integer.MAX_VALUE);
        Arrays.fill(last, -1);
        for (int p = lo; p < end; p++) {
            if (owner[p] >= 0) {
                int b = owner[p] / lanes;
                first[b] = Math.min(first[b], p);
                last[b] = p;
                nodes[b]++;
            }
        }
        // a stretch ends after block b when every earlier block's nodes lie before every later block's
        int[] laterFirst = new int[blocks + 1];
        laterFirst[blocks] = Integer.MAX_VALUE;
        for (int b = blocks - 1; b >= 0; b--) {
            laterFirst[b] = Math.min(laterFirst[b + 1], first[b]);
        }
        int[] starts = new int[blocks + 1];
        int parts = 0;
        long partNodes = 0;
        long stretchNodes = 0;
        int stretchStart = 0;
        int earlierLast = -1;
        for (int b = 0; b < blocks; b++) {
            earlierLast = Math.max(earlierLast, last[b]);
            stretchNodes += nodes[b];
            if (b + 1 < blocks && earlierLast >= laterFirst[b + 1]) {
                continue; // the stretch goes on
            }
            if (parts == 0 || !Adaptation.partTakes(tuning, partNodes, stretchNodes)) {
                starts[parts++] = stretchStart * lanes;
                partNodes = 0;
            }
            partNodes += stretchNodes;
            stretchNodes = 0;
            stretchStart = b + 1;
        }
        if (parts < Math.min(threads, blocks)) {
            parts = Math.min(threads, blocks);
            for (int p = 0; p < parts; p++) {
                starts[p] = (int) ((long) blocks * p / parts) * lanes;
            }
        }
        starts[parts] = instances;
        return Arrays.copyOf(starts, parts + 1);
    }

    /** Whether positions {@code [to, p)} hold no node of another part than {@code part}, so that a run can go on. */
    private static boolean joins(int[] owner, int[] partOf, int part, int to, int p) {
        return p - to <= JOIN_GAP && clear(owner, partOf, part, to, p);
    }

    /** Whether positions {@code [from, to)} hold no node of another part than {@code part}. */
    private static boolean clear(int[] owner, int[] partOf, int part, int from, int to) {
        for (int q = from; q < Math.min(to, owner.length); q++) {
            if (owner[q] >= 0 && partOf[owner[q]] != part) {
                return false;
            }
        }
        return true;
    }

    private static int[] addRun(int[] runs, int r, int from, int to) {
        int[] out = 2 * r + 2 > runs.length ? Arrays.copyOf(runs, runs.length * 2) : runs;
        out[2 * r] = from;
        out[2 * r + 1] = to;
        return out;
    }
}
