package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The stale closure as {@link StaleMarking} keeps and checks it. */
class StaleMarkingTest {
    @Test
    void markingASubtreeMarksEveryDescendantAndNothingElse() {
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long a = h.createChild(root);
        long a1 = h.createChild(a);
        long a2 = h.createChild(a1);
        long b = h.createChild(root);
        h.update();
        StaleMarking marking = h.marking();
        assertThat(marking.bits.isEmpty()).isTrue();
        h.setLocalTranslation(a, 1, 2, 3);
        assertThat(stale(h, root, a, a1, a2, b)).containsExactly(false, true, true, true, false);
        marking.checkInvariants();
        h.update();
        assertThat(marking.bits.count()).isZero();
    }

    @Test
    void aStaleParentOverAnUpToDateChildBreaksTheInvariant() {
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long child = h.createChild(root);
        h.update();
        int rootNode = h.slotsForTests().nodeOfSlot[Handles.slot(root)];
        int childNode = h.slotsForTests().nodeOfSlot[Handles.slot(child)];
        h.marking().bits.set(rootNode);
        assertThatThrownBy(() -> h.marking().checkInvariants())
                .hasMessage("invariant violated: up-to-date node " + childNode + " under stale parent " + rootNode);
    }

    private static boolean[] stale(Hierarchy h, long... handles) {
        boolean[] result = new boolean[handles.length];
        for (int k = 0; k < handles.length; k++) {
            result[k] = h.marking().isStale(h.slotsForTests().nodeOfSlot[Handles.slot(handles[k])]);
        }
        return result;
    }
}
