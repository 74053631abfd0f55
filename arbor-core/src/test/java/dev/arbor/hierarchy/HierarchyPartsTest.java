package dev.arbor.hierarchy;

import static dev.arbor.kernel.LocalToWorld.MODE_MATRIX;
import static dev.arbor.kernel.LocalToWorld.MODE_TRS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.math.Affine;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The hierarchy's parts asked directly: each part's decision or invariant on hand-made inputs. */
class HierarchyPartsTest {
    @Test
    void layoutChoiceConvertsToRecordsAfterSparseWorkAndBackAfterDenseWork() {
        NodeStorage store = new NodeStorage(128, false);
        SlotTable slots = new SlotTable(128, 1);
        slots.liveCount = 100;
        LayoutChoice choice = new LayoutChoice(store, slots, Tuning.DEFAULT);
        // sparse: 1,000 stale nodes costing 8 each in planes against 4 in records; the conversion needs 2,048
        choice.beforeRefresh(1000, 8000, true, true);
        choice.beforeRefresh(1000, 8000, true, true);
        assertThat(store.records).as("2,000 of 2,048 units of single-node work").isFalse();
        choice.beforeRefresh(1000, 8000, true, true);
        assertThat(store.records).isTrue();
        assertThat(choice.layoutChanges).isEqualTo(1);
        // dense: a full word costs 64 in planes against 256 in records; 192 saved per word, 800 needed
        choice.beforeRefresh(256, 256, true, true);
        assertThat(store.records).as("768 of 800 saved").isTrue();
        choice.beforeRefresh(64, 64, true, true);
        assertThat(store.records).isFalse();
        assertThat(choice.layoutChanges).isEqualTo(2);
        // without the vector path nothing is dense: the same refreshes count towards records again
        for (int k = 0; k < 100; k++) {
            choice.beforeRefresh(256, 256, false, true);
        }
        assertThat(store.records).isTrue();
    }

    @Test
    void aFixedLayoutIsConvertedAtOnceAndNeverByTheWork() {
        NodeStorage store = new NodeStorage(128, false);
        SlotTable slots = new SlotTable(128, 1);
        slots.liveCount = 10;
        LayoutChoice choice = new LayoutChoice(store, slots, Tuning.DEFAULT);
        choice.setPolicy(StorageLayout.RECORDS);
        assertThat(store.records).isTrue();
        for (int k = 0; k < 100; k++) {
            choice.beforeRefresh(64, 64, true, true);
            choice.singleNodeComputed();
            choice.convertIfRecordsEarned();
        }
        assertThat(store.records).isTrue();
        assertThat(choice.layoutChanges).isEqualTo(1);
        assertThatThrownBy(() -> choice.setPolicy(null)).isInstanceOf(NullPointerException.class);
        assertThat(choice.policy()).isEqualTo(StorageLayout.RECORDS);
    }

    @Test
    void localFormsSplitAMatrixWithoutShearAndRefuseOneWithShear() {
        NodeStorage store = new NodeStorage(64, false);
        store.nodeEnd = 2;
        LocalForms forms = new LocalForms(store);
        float[] trs = {1, 2, 3, 0, 0, (float) Math.sin(0.3), (float) Math.cos(0.3), 2, 2, 2};
        float[] rotated = new float[12];
        Affine.composeTrs(trs, 0, rotated, 0);
        forms.writeLocal(0, MODE_MATRIX, rotated);
        forms.requireTrsLocal(0, Handles.of(0, 1));
        assertThat(store.modes[0]).isEqualTo(MODE_TRS);
        float[] back = forms.localTrs(0);
        for (int k = 0; k < 10; k++) {
            assertThat(back[k]).as("element %d", k).isCloseTo(trs[k], org.assertj.core.data.Offset.offset(1e-6f));
        }
        float[] sheared = {1, 0, 0, 0.5f, 1, 0, 0, 0, 1, 0, 0, 0};
        forms.writeLocal(1, MODE_MATRIX, sheared);
        assertThatThrownBy(() -> forms.requireTrsLocal(1, Handles.of(1, 1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("has an explicit local matrix with shear");
        assertThat(store.modes[1]).as("unchanged").isEqualTo(MODE_MATRIX);
        float[] matrix = new float[12];
        forms.localMatrix(1, matrix, 0);
        assertThat(matrix).containsExactly(sheared);
        assertThat(forms.chooseLocalForm(MODE_TRS, sheared, new float[12])).isEqualTo(MODE_MATRIX);
        assertThat(forms.chooseLocalForm(MODE_MATRIX, rotated, new float[12])).as("a node that prefers matrices")
                .isEqualTo(MODE_MATRIX);
    }

    @Test
    void argumentsNameTheValueAndTheBound() {
        assertThatThrownBy(() -> Arguments.requireRoom("dest", 10, 4, 7))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dest").hasMessageContaining("10");
        assertThatThrownBy(() -> Arguments.requireRotation(Handles.of(3, 1), 0, 0, 0, 0))
                .hasMessageContaining("zero quaternion");
        assertThatThrownBy(() -> Arguments.requireFinite3("scale", Handles.of(3, 1), 1, Float.NaN, 1))
                .hasMessageContaining("scale of").hasMessageContaining("NaN");
        float[] q = new float[4];
        Arguments.normalizeInto(0, 0, 0, 2, q, 0, 1);
        assertThat(q).containsExactly(0, 0, 0, 1);
        Arguments.normalizeInto(0, 0, 0.6f, 0.8f, q, 0, 1);
        assertThat(q).as("unit within the tolerance: stored as given").containsExactly(0, 0, 0.6f, 0.8f);
    }

    @Test
    void aRewriteLeavesNoHolesAndEveryNodesChildrenInItsRange() {
        Hierarchy h = new Hierarchy();
        Random random = new Random(11);
        long[] nodes = new long[400];
        nodes[0] = h.createRoot();
        for (int i = 1; i < nodes.length; i++) {
            nodes[i] = h.createChild(nodes[random.nextInt(i)]);
        }
        for (int i = nodes.length - 1; i > 0; i -= 3) {
            if (h.isAlive(nodes[i]) && h.childCount(nodes[i]) == 0) {
                h.destroy(nodes[i]);
            }
        }
        long before = h.relayout().compactions;
        h.compactNow();
        assertThat(h.relayout().compactions).isEqualTo(before + 1);
        assertThat(h.relayout().clusters).isEqualTo(1);
        assertThat(h.marking().marksByLevels()).isTrue();
        for (int node = 0; node < h.size(); node++) {
            assertThat(h.handleAtStorage(node)).as("position %d", node).isNotEqualTo(Hierarchy.NULL);
        }
        assertThat(h.handleAtStorage(h.size())).isEqualTo(Hierarchy.NULL);
        h.relayout().checkInvariants();
        h.checkInvariants();
        // breadth-first: depth never decreases along the storage
        int previous = 0;
        for (int node = 0; node < h.size(); node++) {
            int depth = h.depth(h.handleAtStorage(node));
            assertThat(depth).as("depth at position %d", node).isGreaterThanOrEqualTo(previous);
            previous = depth;
        }
    }

    @Test
    void activityPackingIsOnByDefaultAndOffDropsItsWindow() {
        Hierarchy h = new Hierarchy();
        assertThat(h.activityPacking()).isTrue();
        h.setActivityPacking(false);
        assertThat(h.activityPacking()).isFalse();
        ActivityPacking packing = h.packing();
        assertThat(packing.windowBits(2, 0)).as("off: no window").isNull();
        packing.addWork(1 << 20);
        assertThat(packing.toPack(128, 1.0 / 16, 8, 0)).as("off: never packs").isNull();
        h.setActivityPacking(true);
        long[] window = packing.windowBits(2, 0);
        window[0] = 0b1011L; // 3 of 8 live nodes active, in one word: nothing to gain by packing
        packing.addWork(16 * 8);
        assertThat(packing.toPack(64, 1.0 / 16, 8, 0)).isNull();
        assertThat(packing.windowBits(2, 0)).as("a new window").containsOnly(0L);
    }
}
