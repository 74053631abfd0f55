package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Names, user ids, enabled flags and a side table through random creates, destroys, reparents, reorders, subtree
 * copies, layout switches and compactions, against a twin reference kept here in plain collections: after every
 * step each live node's attributes, every name lookup, both traversal orders and the invariants agree, and no
 * attribute of a destroyed node ever shows on a reused slot.
 */
class SceneBasicsRandomTest {
    private static final String[] NAMES = {"Hips", "Spine", "Hand", "Hand", "Camera", "Light"};

    /** The reference: the forest and each node's attributes, in plain collections. */
    private static final class Ref {
        final Map<Long, Node> nodes = new HashMap<>();
        final List<Long> roots = new ArrayList<>();

        static final class Node {
            long parent;
            final List<Long> children = new ArrayList<>();
            String name;
            long id;
            boolean enabled = true;
            String value;
        }

        List<Long> siblings(long parent) {
            return parent == Hierarchy.NULL ? roots : nodes.get(parent).children;
        }

        void add(long handle, long parent) {
            Node n = new Node();
            n.parent = parent;
            nodes.put(handle, n);
            siblings(parent).add(handle);
        }

        void preOrder(long x, List<Long> out) {
            out.add(x);
            for (long c : nodes.get(x).children) {
                preOrder(c, out);
            }
        }

        List<Long> preOrder() {
            List<Long> out = new ArrayList<>();
            for (long r : roots) {
                preOrder(r, out);
            }
            return out;
        }

        List<Long> breadthFirst() {
            List<Long> out = new ArrayList<>();
            ArrayDeque<Long> queue = new ArrayDeque<>(roots);
            while (!queue.isEmpty()) {
                long x = queue.poll();
                out.add(x);
                queue.addAll(nodes.get(x).children);
            }
            return out;
        }

        boolean inSubtree(long top, long x) {
            for (long a = x; a != Hierarchy.NULL; a = nodes.get(a).parent) {
                if (a == top) {
                    return true;
                }
            }
            return false;
        }

        boolean enabledInHierarchy(long x) {
            for (long a = x; a != Hierarchy.NULL; a = nodes.get(a).parent) {
                if (!nodes.get(a).enabled) {
                    return false;
                }
            }
            return true;
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void attributesFollowTheirNodesThroughEveryStructuralChange(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Hierarchy h = new Hierarchy(4);
        NodeTable<String> table = new NodeTable<>(h, v -> v + "'");
        Ref ref = new Ref();
        List<Long> dead = new ArrayList<>();
        for (int step = 0; step < 800; step++) {
            List<Long> live = new ArrayList<>(ref.nodes.keySet());
            live.sort(null);
            long x = live.isEmpty() ? Hierarchy.NULL : live.get(random.nextInt(live.size()));
            int op = live.size() < 8 ? random.nextInt(2) : random.nextInt(14);
            switch (op) {
                case 0 -> {
                    long r = h.createRoot();
                    ref.add(r, Hierarchy.NULL);
                }
                case 1 -> {
                    if (x != Hierarchy.NULL) {
                        ref.add(h.createChild(x), x);
                    }
                }
                case 2 -> {
                    List<Long> doomed = new ArrayList<>();
                    ref.preOrder(x, doomed);
                    ref.siblings(ref.nodes.get(x).parent).remove(x);
                    h.destroy(x);
                    for (long d : doomed) {
                        ref.nodes.remove(d);
                    }
                    dead.addAll(doomed);
                }
                case 3 -> {
                    long p = live.get(random.nextInt(live.size()));
                    if (!ref.inSubtree(x, p)) {
                        h.reparent(x, p, random.nextBoolean());
                        ref.siblings(ref.nodes.get(x).parent).remove(x);
                        ref.nodes.get(x).parent = p;
                        ref.nodes.get(p).children.add(x);
                    }
                }
                case 4 -> {
                    List<Long> siblings = ref.siblings(ref.nodes.get(x).parent);
                    int index = random.nextInt(siblings.size());
                    h.moveToIndex(x, index);
                    siblings.remove(x);
                    siblings.add(index, x);
                }
                case 5 -> {
                    long p = random.nextInt(3) == 0 ? Hierarchy.NULL : live.get(random.nextInt(live.size()));
                    List<Long> sources = new ArrayList<>();
                    ref.preOrder(x, sources);
                    if (sources.size() < 40) {
                        long copy = h.copySubtree(x, p);
                        copyInRef(ref, h, x, copy, p);
                    }
                }
                case 6, 7 -> {
                    String name = random.nextInt(5) == 0 ? null : NAMES[random.nextInt(NAMES.length)];
                    h.setName(x, name);
                    ref.nodes.get(x).name = name;
                }
                case 8 -> {
                    long id = random.nextInt(3) == 0 ? 0L : random.nextLong();
                    h.setUserId(x, id);
                    ref.nodes.get(x).id = id;
                }
                case 9 -> {
                    boolean enabled = random.nextInt(3) != 0;
                    h.setEnabled(x, enabled);
                    ref.nodes.get(x).enabled = enabled;
                }
                case 10 -> {
                    String value = random.nextInt(4) == 0 ? null : "v" + step;
                    table.put(x, value);
                    ref.nodes.get(x).value = value;
                }
                case 11 -> h.setStorageLayout(random.nextBoolean() ? StorageLayout.PLANES : StorageLayout.RECORDS);
                case 12 -> h.update();
                default -> {
                    h.detach(x, false);
                    ref.siblings(ref.nodes.get(x).parent).remove(x);
                    ref.nodes.get(x).parent = Hierarchy.NULL;
                    ref.roots.add(x);
                }
            }
            check(h, table, ref, dead, random, step);
        }
    }

    /** Adds to the reference the copy the hierarchy made: same shape, attributes copied, table values primed. */
    private static void copyInRef(Ref ref, Hierarchy h, long source, long copy, long parent) {
        List<Long> sources = new ArrayList<>();
        ref.preOrder(source, sources);
        List<Long> copies = new ArrayList<>();
        // the copy's shape is checked against the source's: walk both in pre-order
        h.forEachInSubtree(copy, copies::add);
        assertThat(copies).hasSize(sources.size());
        Map<Long, Long> copyOf = new HashMap<>();
        for (int k = 0; k < sources.size(); k++) {
            long s = sources.get(k);
            long c = copies.get(k);
            copyOf.put(s, c);
            Ref.Node from = ref.nodes.get(s);
            long p = k == 0 ? parent : copyOf.get(from.parent);
            ref.add(c, p);
            Ref.Node to = ref.nodes.get(c);
            to.name = from.name;
            to.id = from.id;
            to.enabled = from.enabled;
            to.value = from.value == null ? null : from.value + "'";
            assertThat(h.getLocalMatrix(c, new float[12], 0)).isEqualTo(h.getLocalMatrix(s, new float[12], 0));
            assertThat(h.hasLocalMatrix(c)).isEqualTo(h.hasLocalMatrix(s));
        }
    }

    private static void check(Hierarchy h, NodeTable<String> table, Ref ref, List<Long> dead, SplittableRandom random,
                              int step) {
        h.checkInvariants();
        int named = 0;
        int values = 0;
        for (Map.Entry<Long, Ref.Node> e : ref.nodes.entrySet()) {
            long x = e.getKey();
            Ref.Node n = e.getValue();
            assertThat(h.name(x)).as("step %d name", step).isEqualTo(n.name);
            assertThat(h.userId(x)).as("step %d id", step).isEqualTo(n.id);
            assertThat(h.isEnabled(x)).as("step %d enabled", step).isEqualTo(n.enabled);
            assertThat(h.isEnabledInHierarchy(x)).isEqualTo(ref.enabledInHierarchy(x));
            assertThat(table.get(x)).as("step %d table", step).isEqualTo(n.value);
            named += n.name != null ? 1 : 0;
            values += n.value != null ? 1 : 0;
        }
        assertThat(h.namedNodes(null, 0)).isEqualTo(named);
        assertThat(table.size()).isEqualTo(values);
        List<Long> preOrder = ref.preOrder();
        for (String name : NAMES) {
            long expected = preOrder.stream().filter(x -> name.equals(ref.nodes.get(x).name)).findFirst()
                    .orElse(Hierarchy.NULL);
            assertThat(h.find(name)).as("step %d find %s", step, name).isEqualTo(expected);
            if (!preOrder.isEmpty()) {
                long top = preOrder.get(random.nextInt(preOrder.size()));
                long inSubtree = preOrder.stream().filter(x -> ref.inSubtree(top, x)
                        && name.equals(ref.nodes.get(x).name)).findFirst().orElse(Hierarchy.NULL);
                assertThat(h.findInSubtree(top, name)).isEqualTo(inSubtree);
            }
        }
        List<Long> walked = new ArrayList<>();
        h.traverse(Hierarchy.NULL, TraversalOrder.DEPTH_FIRST, (x, depth) -> {
            walked.add(x);
            return NodeVisitor.Visit.CONTINUE;
        });
        assertThat(walked).isEqualTo(preOrder);
        walked.clear();
        h.traverse(Hierarchy.NULL, TraversalOrder.BREADTH_FIRST, (x, depth) -> {
            walked.add(x);
            return NodeVisitor.Visit.CONTINUE;
        });
        assertThat(walked).isEqualTo(ref.breadthFirst());
        for (long d : dead) {
            assertThat(h.isAlive(d)).isFalse();
        }
    }
}
