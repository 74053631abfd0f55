package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * Names and paths, destroy notifications, traversal with skip and stop, handles of another hierarchy, listeners
 * that destroy nodes, and disabled subtrees in the bounds queries.
 *
 * <pre>
 * Armature
 * ├── Hips
 * │   ├── Spine ── Hand (a)
 * │   └── Leg
 * └── Hips
 *     └── Spine ── Hand (b)
 * </pre>
 */
class SceneBasicsTest {
    private final Hierarchy h = new Hierarchy();
    private final long armature = named(Hierarchy.NULL, "Armature");
    private final long hips1 = named(armature, "Hips");
    private final long spine1 = named(hips1, "Spine");
    private final long handA = named(spine1, "Hand");
    private final long leg = named(hips1, "Leg");
    private final long hips2 = named(armature, "Hips");
    private final long spine2 = named(hips2, "Spine");
    private final long handB = named(spine2, "Hand");

    private long named(long parent, String name) {
        long x = parent == Hierarchy.NULL ? h.createRoot() : h.createChild(parent);
        h.setName(x, name);
        return x;
    }

    @Test
    void findTakesTheFirstInPreOrderAndPathsFollowChildren() {
        assertThat(h.find("Hand")).isEqualTo(handA);
        assertThat(h.findInSubtree(hips2, "Hand")).isEqualTo(handB);
        assertThat(h.findInSubtree(leg, "Hand")).isEqualTo(Hierarchy.NULL);
        assertThat(h.find("Nobody")).isEqualTo(Hierarchy.NULL);
        assertThat(h.findPath(Hierarchy.NULL, "Armature/Hips/Spine/Hand")).isEqualTo(handA);
        assertThat(h.findPath(Hierarchy.NULL, "Armature/Hips/Leg")).isEqualTo(leg);
        assertThat(h.findPath(hips2, "Spine/Hand")).isEqualTo(handB);
        assertThat(h.findPath(Hierarchy.NULL, "Hips")).isEqualTo(Hierarchy.NULL); // not a root
        h.moveToIndex(hips2, 0); // now the second Hips comes first
        assertThat(h.find("Hand")).isEqualTo(handB);
        assertThat(h.findPath(Hierarchy.NULL, "Armature/Hips/Leg")).isEqualTo(leg); // the first Hips has no Leg
        h.setName(handB, null);
        assertThat(h.find("Hand")).isEqualTo(handA);
        assertThat(h.namedNodes(new long[8], 0)).isEqualTo(7);
        assertThatThrownBy(() -> h.findPath(Hierarchy.NULL, "Armature//Hips"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("path has an empty segment: path=\"Armature//Hips\"");
        assertThatThrownBy(() -> h.findPath(Hierarchy.NULL, "")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void destroyTellsListenersParentsFirstWhileTheHandlesAreLiveThenClearsTheNames() {
        List<String> told = new ArrayList<>();
        NodeListener listener = (hierarchy, x) -> told.add(hierarchy.name(x) + "@" + hierarchy.depth(x));
        h.addNodeListener(listener);
        NodeTable<String> entities = new NodeTable<>(h);
        entities.put(spine1, "entity-7");
        h.setUserId(spine1, 7);
        h.destroy(hips1);
        assertThat(told).containsExactly("Hips@1", "Spine@2", "Hand@3", "Leg@2");
        assertThat(entities.size()).isZero();
        long reused = h.createChild(armature); // takes a freed slot: nothing of the old node shows
        assertThat(h.name(reused)).isNull();
        assertThat(h.userId(reused)).isZero();
        assertThat(entities.get(reused)).isNull();
        assertThat(h.find("Leg")).isEqualTo(Hierarchy.NULL);
        assertThat(h.removeNodeListener(listener)).isTrue();
        h.destroy(reused);
        assertThat(told).hasSize(4);
        assertThatThrownBy(() -> entities.get(spine1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("stale handle");
        entities.close();
        h.checkInvariants();
    }

    @Test
    void traversalVisitsInBothOrdersAndHonoursSkipAndStop() {
        List<String> seen = new ArrayList<>();
        assertThat(h.traverse(armature, TraversalOrder.DEPTH_FIRST, (x, depth) -> {
            seen.add(h.name(x) + depth);
            return x == spine1 ? NodeVisitor.Visit.SKIP_SUBTREE : NodeVisitor.Visit.CONTINUE;
        })).isTrue();
        assertThat(seen).containsExactly("Armature0", "Hips1", "Spine2", "Leg2", "Hips1", "Spine2", "Hand3");
        seen.clear();
        assertThat(h.traverse(Hierarchy.NULL, TraversalOrder.BREADTH_FIRST, (x, depth) -> {
            seen.add(h.name(x) + depth);
            return x == leg ? NodeVisitor.Visit.STOP : NodeVisitor.Visit.CONTINUE;
        })).isFalse();
        assertThat(seen).containsExactly("Armature0", "Hips1", "Hips1", "Spine2", "Leg2");
        seen.clear();
        h.traverse(hips2, TraversalOrder.BREADTH_FIRST, (x, depth) -> { // a traversal inside another
            h.traverse(x, TraversalOrder.BREADTH_FIRST, (y, d) -> {
                seen.add(h.name(x) + ">" + h.name(y));
                return NodeVisitor.Visit.CONTINUE;
            });
            return NodeVisitor.Visit.CONTINUE;
        });
        assertThat(seen).containsExactly("Hips>Hips", "Hips>Spine", "Hips>Hand", "Spine>Spine", "Spine>Hand",
                "Hand>Hand");
        assertThatThrownBy(() -> h.traverse(armature, TraversalOrder.DEPTH_FIRST, (x, depth) -> {
            if (x == leg) {
                h.createChild(leg);
            }
            return NodeVisitor.Visit.CONTINUE;
        })).isInstanceOf(IllegalStateException.class).hasMessageStartingWith("the tree changed shape");
    }

    @Test
    void copySubtreeCopiesShapeTransformsAndAttributesAndTellsTheTables() {
        h.setLocalTranslation(spine1, 1, 2, 3);
        h.setLocalMatrix(handA, new float[] {1, 0, 0, 0.5f, 1, 0, 0, 0, 1, 4, 5, 6}, 0);
        h.setUserId(handA, 42);
        h.setEnabled(leg, false);
        NodeTable<String> shared = new NodeTable<>(h, v -> v);
        NodeTable<String> notCopied = new NodeTable<>(h);
        shared.put(handA, "mesh");
        notCopied.put(handA, "physics");
        long copy = h.copySubtree(hips1, hips1); // into the source itself: the copy holds it as it was
        assertThat(h.parent(copy)).isEqualTo(hips1);
        long[] nodes = new long[8];
        assertThat(h.subtree(copy, nodes, 0)).isEqualTo(4);
        assertThat(h.name(nodes[0])).isEqualTo("Hips");
        assertThat(h.name(nodes[2])).isEqualTo("Hand");
        assertThat(h.getLocalTranslation(nodes[1], new Vector3f())).isEqualTo(new Vector3f(1, 2, 3));
        assertThat(h.getLocalMatrix(nodes[2], new float[12], 0)).isEqualTo(h.getLocalMatrix(handA, new float[12], 0));
        assertThat(h.hasLocalMatrix(nodes[2])).isTrue();
        assertThat(h.userId(nodes[2])).isEqualTo(42);
        assertThat(h.isEnabled(nodes[3])).isFalse();
        assertThat(shared.get(nodes[2])).isEqualTo("mesh");
        assertThat(notCopied.get(nodes[2])).isNull();
        h.update();
        float[] a = h.getWorld(handA, new float[12], 0);
        float[] b = h.getWorld(nodes[2], new float[12], 0);
        float[] hips = h.getWorld(hips1, new float[12], 0);
        assertThat(hips[9]).isZero();
        assertThat(b).isEqualTo(a); // hips1's local is the identity: the copy sits where the source does
        h.checkInvariants();
    }

    @Test
    void aHandleOfAnotherHierarchyIsRefusedWithAnErrorThatSaysSo() {
        Hierarchy other = new Hierarchy();
        long root = other.createRoot();
        assertThat(Handles.slot(root)).isEqualTo(Handles.slot(armature));
        assertThat(h.isAlive(root)).isFalse();
        assertThatThrownBy(() -> h.getWorldTranslation(root, new Vector3f()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("handle of another hierarchy: slot=0 generation=1 hierarchy=" + Handles.hierarchyTag(root)
                        + " this hierarchy=" + Handles.hierarchyTag(armature));
        assertThat(Handles.hierarchyTag(root)).isNotEqualTo(Handles.hierarchyTag(armature));
    }

    @Test
    void aListenerThatDestroysASiblingIsNotHandedItsStaleHandleAfterwards() {
        h.update();
        h.setLocalTranslation(hips1, 1, 0, 0);
        h.setLocalTranslation(hips2, 2, 0, 0);
        List<Long> told = new ArrayList<>();
        WorldChangeListener destroyer = (hierarchy, x) -> {
            told.add(x);
            if (x == hips1 && hierarchy.isAlive(hips2)) {
                hierarchy.destroy(hips2);
            }
        };
        List<Long> second = new ArrayList<>();
        h.addListener(destroyer);
        h.addListener((hierarchy, x) -> {
            assertThat(hierarchy.isAlive(x)).isTrue();
            second.add(x);
        });
        h.update();
        assertThat(told).containsExactlyInAnyOrder(hips1, spine1, handA, leg); // storage order: parents first
        assertThat(second).isEqualTo(told);
        assertThat(h.changedCount()).isEqualTo(7); // the change set still names every recomputed node, hips2 too
        h.checkInvariants();
    }

    @Test
    void disabledSubtreesAreSkippedByEveryQueryLikeABruteForceOverEnabledNodes() {
        SplittableRandom random = new SplittableRandom(9);
        Hierarchy g = new Hierarchy();
        HierarchyBounds bounds = new HierarchyBounds(g);
        List<Long> nodes = new ArrayList<>();
        for (int k = 0; k < 400; k++) {
            long x = nodes.isEmpty() || random.nextInt(8) == 0 ? g.createRoot()
                    : g.createChild(nodes.get(random.nextInt(nodes.size())));
            g.setLocalTranslation(x, (float) random.nextDouble(-4, 4), (float) random.nextDouble(-4, 4),
                    (float) random.nextDouble(-4, 4));
            bounds.setContentBounds(x, -0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f);
            nodes.add(x);
        }
        for (int round = 0; round < 30; round++) {
            long x = nodes.get(random.nextInt(nodes.size()));
            g.setEnabled(x, !g.isEnabled(x));
            if (round % 3 == 0) {
                g.update();
            }
            float[] box = {-6, -6, -6, 6, 6, 6};
            long[] out = new long[nodes.size()];
            Set<Long> expected = new HashSet<>();
            float[] wb = new float[6];
            for (long n : nodes) {
                bounds.getWorldBounds(n, wb, 0);
                if (g.isEnabledInHierarchy(n) && wb[0] <= box[3] && wb[3] >= box[0] && wb[1] <= box[4]
                        && wb[4] >= box[1] && wb[2] <= box[5] && wb[5] >= box[2]) {
                    expected.add(n);
                }
            }
            int hits = bounds.queryBox(box, 0, out, 0);
            assertThat(asSet(out, hits)).isEqualTo(expected);
            Set<Long> everyEnabled = new HashSet<>();
            for (long n : nodes) {
                if (g.isEnabledInHierarchy(n)) {
                    everyEnabled.add(n);
                }
            }
            Matrix4f wide = new Matrix4f().ortho(-1000, 1000, -1000, 1000, -1000, 1000); // every box: the sweep
            hits = bounds.queryFrustum(wide, out, 0);
            assertThat(asSet(out, hits)).isEqualTo(everyEnabled);
            Matrix4f narrow = new Matrix4f().ortho(-2, 2, -2, 2, -1000, 1000); // prunes: the walk
            hits = bounds.queryFrustum(narrow, out, 0);
            Set<Long> inNarrow = new HashSet<>();
            for (long n : nodes) {
                bounds.getWorldBounds(n, wb, 0);
                if (g.isEnabledInHierarchy(n) && wb[0] <= 2 && wb[3] >= -2 && wb[1] <= 2 && wb[4] >= -2) {
                    inNarrow.add(n);
                }
            }
            assertThat(asSet(out, hits)).isEqualTo(inNarrow);
            hits = bounds.queryRay(-100, 0, 0, 1, 0, 0, 1000, out, null, 0);
            for (int k = 0; k < hits; k++) {
                assertThat(g.isEnabledInHierarchy(out[k])).isTrue();
            }
        }
        bounds.close();
    }

    private static Set<Long> asSet(long[] out, int count) {
        Set<Long> set = new HashSet<>();
        for (int k = 0; k < count; k++) {
            set.add(out[k]);
        }
        return set;
    }
}
