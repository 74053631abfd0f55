package dev.arbor.bench.peers;

/**
 * Children lists of a forest given by parent indices, in compressed form: the children of node {@code p} are
 * {@code list[first[p] .. first[p + 1])} in increasing index order, and the roots are {@code roots}.
 */
final class Children {
    final int[] first;
    final int[] list;
    final int[] roots;

    private Children(int[] first, int[] list, int[] roots) {
        this.first = first;
        this.list = list;
        this.roots = roots;
    }

    /**
     * Groups nodes by parent with a counting sort.
     *
     * @param parents parent index per node, {@code -1} for roots (any order)
     * @return the children lists
     */
    static Children of(int[] parents) {
        int n = parents.length;
        int[] first = new int[n + 1];
        int rootCount = 0;
        for (int p : parents) {
            if (p < 0) {
                rootCount++;
            } else {
                first[p + 1]++;
            }
        }
        for (int i = 0; i < n; i++) {
            first[i + 1] += first[i];
        }
        int[] fill = new int[n];
        int[] list = new int[n - rootCount];
        int[] roots = new int[rootCount];
        int r = 0;
        for (int i = 0; i < n; i++) {
            int p = parents[i];
            if (p < 0) {
                roots[r++] = i;
            } else {
                list[first[p] + fill[p]++] = i;
            }
        }
        return new Children(first, list, roots);
    }

    /**
     * Lists the nodes depth-first, each parent before its subtree (pre-order), and records each subtree's extent.
     *
     * @param order destination: node per pre-order position ({@code n} entries)
     * @param position destination: pre-order position per node
     * @param span destination: subtree size per node (itself included)
     */
    void preOrder(int[] order, int[] position, int[] span) {
        int n = order.length;
        int[] stack = new int[n];
        int top = 0;
        int next = 0;
        for (int r = roots.length - 1; r >= 0; r--) {
            stack[top++] = roots[r];
        }
        while (top > 0) {
            int node = stack[--top];
            position[node] = next;
            order[next++] = node;
            for (int c = first[node + 1] - 1; c >= first[node]; c--) {
                stack[top++] = list[c];
            }
        }
        // subtree sizes: walk the pre-order backwards, each node adds its size to its parent
        for (int i = 0; i < n; i++) {
            span[i] = 1;
        }
        for (int k = n - 1; k >= 0; k--) {
            int node = order[k];
            for (int c = first[node]; c < first[node + 1]; c++) {
                span[node] += span[list[c]];
            }
        }
    }
}
