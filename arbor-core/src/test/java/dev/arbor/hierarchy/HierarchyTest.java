package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hand-checked behaviour of the facade. The main fixture:
 * <pre>
 * root   T=(10,0,0)
 * └─ arm   T=(0,2,0), R=90° about z
 *    └─ hand  T=(1,0,0), S=2
 * </pre>
 * world(arm) maps x→(0,1,0), y→(−1,0,0) and sits at (10,2,0); world(hand) maps x→(0,2,0), y→(−2,0,0), z→(0,0,2)
 * and sits at (10,2,0) + (0,1,0) = (10,3,0).
 */
class HierarchyTest {
    private static final float H = (float) Math.sqrt(0.5);
    private static final float[] ROOT_WORLD = {1, 0, 0, 0, 1, 0, 0, 0, 1, 10, 0, 0};
    private static final float[] ARM_WORLD = {0, 1, 0, -1, 0, 0, 0, 0, 1, 10, 2, 0};
    private static final float[] HAND_WORLD = {0, 2, 0, -2, 0, 0, 0, 0, 2, 10, 3, 0};

    private Hierarchy h;
    private long root;
    private long arm;
    private long hand;

    @BeforeEach
    void buildFixture() {
        h = new Hierarchy(1);
        root = h.createRoot();
        arm = h.createChild(root);
        hand = h.createChild(arm);
        h.setLocalTranslation(root, 10, 0, 0);
        h.setLocalTranslation(arm, 0, 2, 0);
        h.setLocalRotation(arm, 0, 0, H, H);
        h.setLocalTranslation(hand, 1, 0, 0);
        h.setLocalScale(hand, 2, 2, 2);
    }

    private float[] world(long handle) {
        return h.getWorld(handle, new float[12], 0);
    }

    @Test
    void worldMatricesOfTheFixtureAreTheHandComputedProducts() {
        h.update();
        assertThat(world(root)).containsExactly(ROOT_WORLD, within(1e-6f));
        assertThat(world(arm)).containsExactly(ARM_WORLD, within(1e-6f));
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        h.checkInvariants();
    }

    @Test
    void readingBeforeUpdateIsAlreadyExact() {
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        h.setLocalTranslation(root, 0, 0, 5);
        // the whole chain is stale again; the read recomputes it
        assertThat(world(hand)).containsExactly(new float[] {0, 2, 0, -2, 0, 0, 0, 0, 2, 0, 3, 5}, within(1e-6f));
        h.checkInvariants();
    }

    @Test
    void worldIsReadableAs4x4AndThroughJomlTypes() {
        float[] m4 = h.getWorld4x4(hand, new float[20], 2);
        assertThat(java.util.Arrays.copyOfRange(m4, 2, 18))
                .containsExactly(new float[] {0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, 10, 3, 0, 1}, within(1e-6f));
        assertThat(m4[0]).isZero();
        assertThat(m4[18]).isZero();
        Matrix4f joml4 = h.getWorld(hand, new Matrix4f());
        assertThat(joml4.transformPosition(new Vector3f(1, 0, 0)).distance(10, 5, 0)).isLessThan(1e-6f);
        Matrix4x3f joml43 = h.getWorld(hand, new Matrix4x3f());
        assertThat(joml43.m30()).isEqualTo(10f);
        assertThat(joml43.m31()).isEqualTo(3f);
        assertThat(h.getWorldTranslation(hand, new Vector3f())).isEqualTo(new Vector3f(10, 3, 0));
        Vector3f scale = h.getWorldScale(hand, new Vector3f());
        assertThat(scale.x).isCloseTo(2f, within(1e-6f));
        assertThat(scale.y).isCloseTo(2f, within(1e-6f));
        assertThat(scale.z).isCloseTo(2f, within(1e-6f));
        Quaternionf q = h.getWorldRotation(hand, new Quaternionf());
        assertThat(Math.abs(q.z)).isCloseTo(H, within(1e-6f));
        assertThat(Math.abs(q.w)).isCloseTo(H, within(1e-6f));
    }

    @Test
    void inverseMapsWorldBackToLocalAndIsRecomputedAfterAMove() {
        float[] inv = h.getWorldInverse(hand, new float[12], 0);
        // localFromWorld of hand: (10,5,0) is hand's local (1,0,0)
        assertThat(transform(inv, 10, 5, 0)).containsExactly(new float[] {1, 0, 0}, within(1e-6f));
        h.setLocalTranslation(root, 0, 0, 0);
        inv = h.getWorldInverse(hand, new float[12], 0);
        assertThat(transform(inv, 0, 5, 0)).containsExactly(new float[] {1, 0, 0}, within(1e-6f));
        Matrix4x3f joml = h.getWorldInverse(hand, new Matrix4x3f());
        assertThat(joml.transformPosition(new Vector3f(0, 5, 0)).distance(1, 0, 0)).isLessThan(1e-6f);
        h.checkInvariants();
    }

    @Test
    void inverseOfASingularWorldMatrixIsAClearError() {
        h.setLocalScale(hand, 1, 0, 1);
        assertThatThrownBy(() -> h.getWorldInverse(hand, new float[12], 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is not invertible: determinant=0.0");
    }

    @Test
    void updatePublishesExactlyTheRecomputedNodesParentsFirst() {
        h.update();
        assertThat(changed()).containsExactly(root, arm, hand);
        assertThat(h.worldVersion(hand)).isEqualTo(h.version());
        long v1 = h.version();

        h.update(); // nothing moved
        assertThat(h.changedCount()).isZero();
        assertThat(h.version()).isEqualTo(v1 + 1);
        assertThat(h.worldVersion(hand)).isEqualTo(v1);

        h.setLocalScale(hand, 3, 3, 3);
        h.update();
        assertThat(changed()).containsExactly(hand);

        h.setLocalTranslation(arm, 0, 0, 1);
        world(hand); // read lazily in between: still published by the next update
        h.update();
        assertThat(changed()).containsExactly(arm, hand);
    }

    @Test
    void listenersSeeTheChangeListInOrderAndMayNotUpdate() {
        List<Long> seen = new ArrayList<>();
        WorldChangeListener listener = (hierarchy, handle) -> seen.add(handle);
        h.addListener(listener);
        h.update();
        assertThat(seen).containsExactly(root, arm, hand);
        h.addListener((hierarchy, handle) -> hierarchy.update());
        h.setLocalTranslation(hand, 0, 0, 0);
        assertThatThrownBy(h::update).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("update() called from a WorldChangeListener");
        assertThat(h.removeListener(listener)).isTrue();
        assertThat(h.removeListener(listener)).isFalse();
    }

    @Test
    void reparentKeepingLocalMovesTheWorldAndKeepingWorldDoesNot() {
        long other = h.createRoot();
        h.setLocalTranslation(other, 0, 100, 0);
        h.reparent(hand, other, false);
        assertThat(world(hand)).containsExactly(new float[] {2, 0, 0, 0, 2, 0, 0, 0, 2, 1, 100, 0}, within(1e-6f));
        assertThat(h.parent(hand)).isEqualTo(other);

        h.reparent(hand, arm, true);
        assertThat(world(hand)).containsExactly(new float[] {2, 0, 0, 0, 2, 0, 0, 0, 2, 1, 100, 0}, within(1e-5f));
        // its new local undoes arm's quarter turn and offset
        assertThat(h.getLocalTranslation(hand, new Vector3f()).distance(98, 9, 0)).isLessThan(1e-4f);
        assertThat(h.hasLocalMatrix(hand)).isFalse();
        h.checkInvariants();
    }

    @Test
    void reparentUnderALaterNodeMovesTheSubtreeAndKeepsEverythingConsistent() {
        long later = h.createRoot();
        long leaf = h.createChild(later);
        h.setLocalTranslation(later, 5, 5, 5);
        h.update();
        h.reparent(arm, leaf, false); // arm (and hand) come before leaf in the packed order
        h.checkInvariants();
        h.update();
        assertThat(changed()).containsExactly(arm, hand);
        assertThat(world(hand)).containsExactly(new float[] {0, 2, 0, -2, 0, 0, 0, 0, 2, 5, 8, 5}, within(1e-6f));
        assertThat(h.depth(hand)).isEqualTo(3);
        assertThat(h.root(hand)).isEqualTo(later);
    }

    @Test
    void detachMakesARootKeepingTheWorldPoseOnRequest() {
        h.detach(hand, true);
        assertThat(h.parent(hand)).isEqualTo(Hierarchy.NULL);
        assertThat(h.rootCount()).isEqualTo(2);
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-5f));
        h.detach(arm, false);
        assertThat(world(arm)).containsExactly(new float[] {0, 1, 0, -1, 0, 0, 0, 0, 1, 0, 2, 0}, within(1e-6f));
        long[] roots = new long[3];
        assertThat(h.roots(roots, 0)).isEqualTo(3);
        assertThat(roots).containsExactly(root, hand, arm);
        h.checkInvariants();
    }

    @Test
    void reparentUnderItselfOrADescendantIsRefusedAndChangesNothing() {
        assertThatThrownBy(() -> h.reparent(arm, hand, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot reparent " + Handles.toString(arm) + " under its own descendant "
                        + Handles.toString(hand));
        assertThatThrownBy(() -> h.reparent(arm, arm, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot reparent " + Handles.toString(arm) + " under itself");
        assertThat(h.parent(arm)).isEqualTo(root);
        assertThat(h.parent(hand)).isEqualTo(arm);
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        h.checkInvariants();
    }

    @Test
    void keepWorldUnderASingularParentIsRefusedAndChangesNothing() {
        long flat = h.createRoot();
        h.setLocalScale(flat, 0, 1, 1);
        assertThatThrownBy(() -> h.reparent(hand, flat, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot keep the world pose")
                .hasMessageContaining("not invertible");
        assertThat(h.parent(hand)).isEqualTo(arm);
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        h.reparent(hand, flat, false); // keeping the local is fine
        assertThat(world(hand)[0]).isEqualTo(0f);
        h.checkInvariants();
    }

    @Test
    void siblingOrderFollowsInsertIndexAndMoves() {
        long a = h.createChild(root);
        long b = h.createChild(root, 0);
        long c = h.createChild(root, 1);
        // children now: b, c, arm, a
        assertThat(children(root)).containsExactly(b, c, arm, a);
        h.moveToIndex(b, 3);
        assertThat(children(root)).containsExactly(c, arm, a, b);
        assertThat(h.childAt(root, 2)).isEqualTo(a);
        assertThat(h.indexInParent(b)).isEqualTo(3);
        assertThat(h.firstChild(root)).isEqualTo(c);
        assertThat(h.lastChild(root)).isEqualTo(b);
        assertThat(h.nextSibling(arm)).isEqualTo(a);
        assertThat(h.previousSibling(arm)).isEqualTo(c);
        assertThat(h.nextSibling(b)).isEqualTo(Hierarchy.NULL);
        h.reparent(hand, root, 0, false);
        assertThat(children(root)).containsExactly(hand, c, arm, a, b);
        assertThatThrownBy(() -> h.moveToIndex(b, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index out of range: index=5, allowed=[0, 4]");
        assertThatThrownBy(() -> h.createChild(root, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index out of range: index=-1, allowed=[0, 5]");
        assertThatThrownBy(() -> h.childAt(root, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("child index out of range: index=5, childCount=5");
        h.checkInvariants();
    }

    @Test
    void subtreeAncestorsDepthAndRootAreReported() {
        long sibling = h.createChild(root);
        long[] out = new long[8];
        assertThat(h.subtree(root, out, 1)).isEqualTo(4);
        assertThat(out).containsExactly(0, root, arm, hand, sibling, 0, 0, 0);
        assertThat(h.ancestors(hand, out, 0)).isEqualTo(2);
        assertThat(out[0]).isEqualTo(arm);
        assertThat(out[1]).isEqualTo(root);
        assertThat(h.depth(hand)).isEqualTo(2);
        assertThat(h.depth(root)).isZero();
        assertThat(h.root(hand)).isEqualTo(root);
        assertThat(h.subtreeSize(arm)).isEqualTo(2);
        assertThat(h.isAncestor(root, hand)).isTrue();
        assertThat(h.isAncestor(hand, root)).isFalse();
        List<Long> visited = new ArrayList<>();
        h.forEachInSubtree(root, visited::add);
        assertThat(visited).containsExactly(root, arm, hand, sibling);
        visited.clear();
        h.forEachAncestor(hand, visited::add);
        assertThat(visited).containsExactly(arm, root);
        visited.clear();
        h.forEachChild(root, visited::add);
        assertThat(visited).containsExactly(arm, sibling);
        assertThatThrownBy(() -> h.subtree(root, new long[3], 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=3, required=4");
    }

    @Test
    void destroyRemovesTheSubtreeAndItsHandlesGoStaleEvenAfterSlotReuse() {
        long sibling = h.createChild(root);
        h.destroy(arm);
        assertThat(h.size()).isEqualTo(2);
        assertThat(h.isAlive(arm)).isFalse();
        assertThat(h.isAlive(hand)).isFalse();
        assertThat(h.isAlive(sibling)).isTrue();
        assertThat(children(root)).containsExactly(sibling);
        long reused = h.createChild(sibling);
        long reused2 = h.createChild(sibling);
        assertThat(Handles.slot(reused) == Handles.slot(arm) || Handles.slot(reused2) == Handles.slot(arm)).isTrue();
        assertThat(h.isAlive(arm)).isFalse();
        assertThatThrownBy(() -> h.getWorld(arm, new float[12], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stale handle: slot=" + Handles.slot(arm) + " generation=1 current=2");
        assertThatThrownBy(() -> h.setLocalTranslation(hand, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("stale handle: slot=" + Handles.slot(hand) + " generation=1 current=2");
        h.checkInvariants();
    }

    @Test
    void unknownAndNullHandlesAreRejectedAndIsAliveNeverThrows() {
        assertThat(h.isAlive(Hierarchy.NULL)).isFalse();
        assertThat(h.isAlive(-1L)).isFalse();
        assertThat(h.isAlive(Handles.of(999, 1))).isFalse();
        assertThatThrownBy(() -> h.parent(Hierarchy.NULL)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("null handle: handle(null)");
        long unknown = Handles.of(999, Handles.word(Handles.hierarchyTag(root), 1));
        assertThatThrownBy(() -> h.parent(unknown)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown handle: slot=999 generation=1 slots=3");
    }

    @Test
    void nonFiniteInputIsRejectedAndLeavesTheNodeUnchanged() {
        h.update();
        assertThatThrownBy(() -> h.setLocalTranslation(hand, Float.NaN, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("translation of " + Handles.toString(hand) + " is not finite: (NaN, 0.0, 0.0)");
        assertThatThrownBy(() -> h.setLocalScale(hand, 1, Float.POSITIVE_INFINITY, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scale of");
        assertThatThrownBy(() -> h.setLocalRotation(hand, 0, Float.NaN, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rotation of");
        float[] bad = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, Float.NaN, 0};
        assertThatThrownBy(() -> h.setLocalMatrix(hand, bad, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("local matrix of " + Handles.toString(hand) + " is not finite: element 10 = NaN");
        assertThatThrownBy(() -> h.setWorld(hand, bad, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.setWorldTranslation(hand, 0, 0, Float.NEGATIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
        h.update();
        assertThat(h.changedCount()).isZero();
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        assertThat(h.getLocalTranslation(hand, new Vector3f())).isEqualTo(new Vector3f(1, 0, 0));
    }

    @Test
    void nonUnitQuaternionsAreNormalisedAndTheZeroQuaternionIsRejected() {
        h.setLocalRotation(arm, 0, 0, 3, 3);
        assertThat(h.getLocalRotation(arm, new Quaternionf()))
                .isEqualTo(new Quaternionf(0, 0, H, H));
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        assertThatThrownBy(() -> h.setLocalRotation(arm, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rotation of " + Handles.toString(arm) + " is the zero quaternion: (0.0, 0.0, 0.0, 0.0)");
        h.checkInvariants();
    }

    @Test
    void explicitMatricesWithShearAreKeptAndPartialTrsEditsOnThemAreRefused() {
        // shear: x' = x + y
        float[] shear = {1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0};
        h.setLocalMatrix(hand, shear, 0);
        assertThat(h.hasLocalMatrix(hand)).isTrue();
        // world(hand) = world(arm) × shear: x→(0,1,0), y→(0,1,0)+(−1,0,0)
        assertThat(world(hand)).containsExactly(new float[] {0, 1, 0, -1, 1, 0, 0, 0, 1, 10, 2, 0}, within(1e-6f));
        assertThatThrownBy(() -> h.setLocalRotation(hand, 0, 0, 0, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("explicit local matrix with shear");
        h.setLocalTranslation(hand, 1, 2, 3); // replaces the translation column
        assertThat(h.getLocalMatrix(hand, new float[12], 0)).containsExactly(1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 2, 3);
        // a shear-free matrix can be edited piecewise and turns into TRS
        h.setLocalMatrix(hand, new float[] {2, 0, 0, 0, 2, 0, 0, 0, 2, 1, 0, 0}, 0);
        h.setLocalRotation(hand, 0, 0, 0, 1);
        assertThat(h.hasLocalMatrix(hand)).isFalse();
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        h.checkInvariants();
    }

    @Test
    void glTfStyle4x4MatricesMustBeAffine() {
        float[] m = new Matrix4f().translation(1, 0, 0).scale(2).get(new float[16]);
        h.setLocalMatrix4x4(hand, m, 0);
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        float[] projective = new Matrix4f().perspective(1, 1, 0.1f, 10).get(new float[16]);
        assertThatThrownBy(() -> h.setLocalMatrix4x4(hand, projective, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not affine: last row = (0.0, 0.0, -1.0, 0.0), required (0, 0, 0, 1)");
        assertThatThrownBy(() -> h.setLocalMatrix(hand, new Matrix4f().perspective(1, 1, 0.1f, 10)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void setWorldDerivesTheLocalFromTheParent() {
        h.setWorld(hand, new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 8, 9}, 0);
        assertThat(world(hand)).containsExactly(new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 8, 9}, within(1e-5f));
        assertThat(h.hasLocalMatrix(hand)).isFalse();
        h.setWorldTranslation(arm, 0, 0, 0);
        assertThat(h.getWorldTranslation(arm, new Vector3f())).isEqualTo(new Vector3f(0, 0, 0));
        assertThat(h.getLocalTranslation(arm, new Vector3f())).isEqualTo(new Vector3f(-10, 0, 0));
        h.setWorld(root, new Matrix4x3f().translation(1, 1, 1));
        assertThat(world(root)).containsExactly(1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1);
        h.checkInvariants();
    }

    @Test
    void exportWritesRequestedMatricesInEveryLayout() {
        long[] handles = {hand, root};
        FloatBuffer fb = ByteBuffer.allocateDirect(64 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        fb.position(3);
        assertThat(h.writeWorldMatrices(handles, 0, 2, MatrixLayout.COLUMN_MAJOR_4X4, fb)).isEqualTo(32);
        assertThat(fb.position()).isEqualTo(3);
        assertThat(fb.get(3 + 12)).isEqualTo(10f);
        assertThat(fb.get(3 + 13)).isEqualTo(3f);
        assertThat(fb.get(3 + 15)).isEqualTo(1f);
        assertThat(fb.get(3 + 16 + 12)).isEqualTo(10f);

        fb.position(0);
        h.writeWorldMatrices(handles, 0, 1, MatrixLayout.ROW_MAJOR_3X4, fb);
        float[] rows = new float[12];
        fb.get(0, rows);
        // rows of hand's world: (0,-2,0,10) (2,0,0,3) (0,0,2,0)
        assertThat(rows).containsExactly(new float[] {0, -2, 0, 10, 2, 0, 0, 3, 0, 0, 2, 0}, within(1e-6f));

        ByteBuffer bb = ByteBuffer.allocateDirect(48).order(ByteOrder.BIG_ENDIAN);
        assertThat(h.writeWorldMatrices(handles, 0, 1, MatrixLayout.COLUMN_MAJOR_3X4, bb)).isEqualTo(48);
        assertThat(bb.getFloat(9 * 4)).isEqualTo(10f);
        assertThat(bb.getFloat(10 * 4)).isEqualTo(3f);
        assertThatThrownBy(() -> h.writeWorldMatrices(handles, 0, 2, MatrixLayout.COLUMN_MAJOR_3X4, bb))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=48, required=96");
    }

    @Test
    void writeChangedSinceUploadsOnlyWhatMovedAfterAVersion() {
        h.update();
        long uploaded = h.version();
        h.setLocalTranslation(hand, 0, 0, 0);
        h.update();
        FloatBuffer fb = FloatBuffer.allocate(48);
        long[] which = new long[3];
        assertThat(h.writeChangedSince(uploaded, MatrixLayout.COLUMN_MAJOR_3X4, fb, which)).isEqualTo(1);
        assertThat(which[0]).isEqualTo(hand);
        assertThat(h.writeChangedSince(-1, MatrixLayout.COLUMN_MAJOR_3X4, fb, which)).isEqualTo(3);
        assertThat(which).containsExactly(root, arm, hand);
        h.setLocalTranslation(arm, 0, 0, 0); // not updated yet: still exported, as pending
        assertThat(h.writeChangedSince(h.version(), MatrixLayout.COLUMN_MAJOR_3X4, fb, which)).isEqualTo(2);
        assertThat(which[0]).isEqualTo(arm);
        assertThat(which[1]).isEqualTo(hand);
    }

    @Test
    void shortArraysAreRejectedAtEntry() {
        assertThatThrownBy(() -> h.getWorld(hand, new float[4], 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=4, required=12");
        assertThatThrownBy(() -> h.getWorld(hand, new float[12], 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=12, required=14 (offset=2)");
        assertThatThrownBy(() -> h.setLocalRotations(new long[] {hand}, 0, 1, new float[3], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rotations too short: length=3, required=4");
    }

    @Test
    void bulkSettersCheckEverythingBeforeWritingAnything() {
        h.update();
        long[] handles = {arm, hand};
        float[] rotations = {0, 0, 0, 1, 0, 0, 0, 0};
        assertThatThrownBy(() -> h.setLocalRotations(handles, 0, 2, rotations, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("zero quaternion");
        assertThat(h.getLocalRotation(arm, new Quaternionf())).isEqualTo(new Quaternionf(0, 0, H, H));
        rotations[7] = 2;
        h.setLocalRotations(handles, 0, 2, rotations, 0);
        assertThat(h.getLocalRotation(hand, new Quaternionf())).isEqualTo(new Quaternionf(0, 0, 0, 1));
        h.setLocalTranslations(handles, 1, 1, new float[] {0, 0, 4}, 0);
        h.update();
        assertThat(changed()).containsExactly(arm, hand);
        assertThat(world(hand)).containsExactly(new float[] {2, 0, 0, 0, 2, 0, 0, 0, 2, 10, 2, 4}, within(1e-6f));
    }

    @Test
    void bulkScalesAreCheckedFirstAndSplitShearFreeMatrices() {
        h.update();
        long[] handles = {arm, hand};
        assertThatThrownBy(() -> h.setLocalScales(handles, 0, 2, new float[] {1, 1, 1, 1, Float.NaN, 1}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("scale of " + Handles.toString(hand) + " is not finite: (1.0, NaN, 1.0)");
        assertThat(h.getLocalScale(arm, new Vector3f())).isEqualTo(new Vector3f(1, 1, 1));
        h.setLocalMatrix(arm, new float[] {1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 2, 0}, 0); // shear
        assertThatThrownBy(() -> h.setLocalScales(handles, 0, 2, new float[] {2, 2, 2, 1, 1, 1}, 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("explicit local matrix with shear");
        assertThat(h.getLocalScale(hand, new Vector3f())).isEqualTo(new Vector3f(2, 2, 2));
        h.setLocalMatrix(arm, new float[] {0, 1, 0, -1, 0, 0, 0, 0, 1, 0, 2, 0}, 0); // a pure quarter turn
        h.setLocalScales(handles, 0, 2, new float[] {1, 1, 1, 2, 2, 2}, 0);
        assertThat(h.hasLocalMatrix(arm)).isFalse();
        assertThat(world(hand)).containsExactly(HAND_WORLD, within(1e-6f));
        h.update();
        assertThat(changed()).containsExactly(arm, hand);
        h.checkInvariants();
    }

    @Test
    void largeBulkBatchesCloseStalenessBySweepAndMatchOneByOneSetters() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(12);
        Hierarchy bulk = new Hierarchy();
        Hierarchy single = new Hierarchy();
        int n = 3000;
        long[] a = new long[n];
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            int parent = i < 5 ? -1 : random.nextInt(i);
            a[i] = parent < 0 ? bulk.createRoot() : bulk.createChild(a[parent]);
            b[i] = parent < 0 ? single.createRoot() : single.createChild(b[parent]);
            bulk.setLocalTranslation(a[i], 0.5f, 0, 0);
            single.setLocalTranslation(b[i], 0.5f, 0, 0);
        }
        bulk.update();
        single.update();
        for (int round = 0; round < 5; round++) {
            int count = 400 + random.nextInt(2000); // large enough for the sweep
            long[] pickA = new long[count];
            long[] pickB = new long[count];
            float[] q = new float[count * 4];
            float[] t = new float[count * 3];
            for (int k = 0; k < count; k++) {
                int i = random.nextInt(n);
                pickA[k] = a[i];
                pickB[k] = b[i];
                double[] g = {random.nextGaussian(), random.nextGaussian(), random.nextGaussian(),
                    random.nextGaussian()};
                // even rounds: unit quaternions, so the bulk setter's copy-only path runs; odd rounds: normalised
                double norm = round % 2 == 0 ? Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2] + g[3] * g[3]) : 1;
                for (int c = 0; c < 4; c++) {
                    q[k * 4 + c] = (float) (g[c] / norm);
                }
                t[k * 3 + 1] = (float) random.nextDouble();
            }
            bulk.setLocalRotations(pickA, 0, count, q, 0);
            bulk.setLocalTranslations(pickA, 0, count, t, 0);
            bulk.setLocalScales(pickA, 0, count, new float[count * 3 + 3], 3); // zero scales are allowed
            bulk.checkInvariants();
            for (int k = 0; k < count; k++) {
                single.setLocalRotation(pickB[k], q[k * 4], q[k * 4 + 1], q[k * 4 + 2], q[k * 4 + 3]);
                single.setLocalTranslation(pickB[k], t[k * 3], t[k * 3 + 1], t[k * 3 + 2]);
                single.setLocalScale(pickB[k], 0, 0, 0);
            }
            bulk.update();
            single.update();
            assertThat(bulk.changedCount()).isEqualTo(single.changedCount());
            for (int i = 0; i < n; i++) {
                assertThat(bulk.getWorld(a[i], new float[12], 0)).containsExactly(single.getWorld(b[i], new float[12], 0));
            }
            bulk.checkInvariants();
        }
    }

    @Test
    void independentHierarchiesShareNothing() {
        Hierarchy other = new Hierarchy();
        long otherRoot = other.createRoot();
        other.setLocalTranslation(otherRoot, 1, 1, 1);
        other.update();
        h.update();
        assertThat(world(root)).containsExactly(ROOT_WORLD);
        assertThat(other.getWorldTranslation(otherRoot, new Vector3f())).isEqualTo(new Vector3f(1, 1, 1));
        assertThat(other.size()).isEqualTo(1);
        assertThat(h.size()).isEqualTo(3);
    }

    @Test
    void capacityGrowsAndHolesAreCompactedAway() {
        Hierarchy big = new Hierarchy(0);
        long top = big.createRoot();
        long[] kids = new long[10_000];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = big.createChild(i == 0 ? top : kids[(i - 1) / 3]);
            big.setLocalTranslation(kids[i], 0, 1, 0);
        }
        big.checkInvariants();
        for (int i = kids.length - 1; i >= 1000; i -= 2) {
            if (big.isAlive(kids[i])) {
                big.destroy(kids[i]);
            }
        }
        big.checkInvariants();
        big.update();
        big.checkInvariants();
        // kids[0] at depth 1; kids[3] is a child of kids[0]... kids[39]: 39 -> 12 -> 3 -> 0: depth 4
        assertThat(big.getWorldTranslation(kids[39], new Vector3f())).isEqualTo(new Vector3f(0, 4, 0));
        assertThat(big.depth(kids[39])).isEqualTo(4);
    }

    @Test
    void staticUpdateAfterASettledFrameChangesNothing() {
        h.update();
        h.update();
        assertThat(h.changedCount()).isZero();
        assertThat(h.changedHandles(new long[0], 0)).isZero();
        assertThatThrownBy(() -> h.changedHandle(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("change index out of range: index=0, changedCount=0");
    }

    private long[] changed() {
        long[] out = new long[h.changedCount()];
        h.changedHandles(out, 0);
        return out;
    }

    private long[] children(long parent) {
        long[] out = new long[h.childCount(parent)];
        h.children(parent, out, 0);
        return out;
    }

    private static float[] transform(float[] m, float x, float y, float z) {
        return new float[] {
            m[0] * x + m[3] * y + m[6] * z + m[9],
            m[1] * x + m[4] * y + m[7] * z + m[10],
            m[2] * x + m[5] * y + m[8] * z + m[11]
        };
    }
}
