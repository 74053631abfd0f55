package dev.arbor.hierarchy;

import java.util.Objects;

/**
 * Which layout the storage is in, planes or records, and under {@link StorageLayout#AUTOMATIC} when to convert
 * between them, from the work the refreshes and lazy reads do ({@link Adaptation#convertsToRecords},
 * {@link Adaptation#convertsToPlanes}). Owns the policy and the work counted since the latest dense or sparse
 * refresh; converts through {@link NodeStorage#convert}.
 *
 * <p>Invariant: under a fixed policy the storage is in that layout and nothing is counted.
 */
final class LayoutChoice {
    private final NodeStorage store;
    private final SlotTable slots;
    private final Tuning tuning;
    /** The layout the user asked for. */
    private StorageLayout policy = StorageLayout.AUTOMATIC;
    /** In planes: the nodes computed one at a time (lazily, or in sparse refreshes) since the latest dense refresh. */
    private long singleNodeWork;
    /** In records: what the dense refreshes since the latest sparse one would have saved in planes. */
    private long denseGain;
    /** Conversions between the plane and the record layout (a count for tests). */
    long layoutChanges;

    LayoutChoice(NodeStorage store, SlotTable slots, Tuning tuning) {
        this.store = store;
        this.slots = slots;
        this.tuning = tuning;
    }

    /** @return the layout asked for */
    StorageLayout policy() {
        return policy;
    }

    /** Takes a new policy; a fixed layout is converted to at once, O(nodes). */
    void setPolicy(StorageLayout layout) {
        policy = Objects.requireNonNull(layout, "layout");
        if (layout != StorageLayout.AUTOMATIC) {
            use(layout == StorageLayout.RECORDS);
        }
        singleNodeWork = 0;
    }

    /**
     * Under {@link StorageLayout#AUTOMATIC}, before a refresh of {@code staleCount} nodes that would cost
     * {@code planesCost} in planes ({@link Adaptation#planesCost} summed over the stale words): a dense refresh, one
     * that would cost less in planes than in records, is computed in planes (from records once dense refreshes have
     * paid for the conversion); a sparse one counts its nodes as single-node work, and in planes converts to records
     * once that work is enough. Without the vector path no refresh is dense: records compute single nodes at least
     * as fast. Where {@code mayConvert} is false (the nodes are computed by a crowd frame's threads, which hold the
     * storage's arrays) the work is counted and the conversion it earned waits for {@link #convertIfEarned}.
     */
    void beforeRefresh(long staleCount, long planesCost, boolean vectorPath, boolean mayConvert) {
        if (policy != StorageLayout.AUTOMATIC) {
            return;
        }
        if (Adaptation.isDense(tuning, vectorPath, staleCount, planesCost)) {
            singleNodeWork = 0;
            if (store.records) {
                denseGain += Adaptation.denseGain(tuning, staleCount, planesCost);
            }
        } else {
            denseGain = 0;
            if (!store.records) {
                singleNodeWork += staleCount;
            }
        }
        if (mayConvert) {
            convertIfEarned();
        }
    }

    /**
     * Converts the storage if the work counted since the latest conversion has earned it: to planes after dense
     * refreshes, to records after single-node work. A crowd frame calls it before its threads start, so that the
     * frames whose worlds its threads compute move the storage as updates computing them would.
     */
    void convertIfEarned() {
        if (policy != StorageLayout.AUTOMATIC) {
            return;
        }
        if (store.records) {
            if (Adaptation.convertsToPlanes(tuning, denseGain, slots.liveCount)) {
                use(false);
            }
        } else {
            convertIfRecordsEarned();
        }
    }

    /** Before a lazy read recomputes single nodes: converts to records if single-node work has earned it. */
    void convertIfRecordsEarned() {
        if (!store.records && policy == StorageLayout.AUTOMATIC
                && Adaptation.convertsToRecords(tuning, singleNodeWork, slots.liveCount)) {
            use(true);
        }
    }

    /** One node was computed alone in planes (a lazy read). */
    void singleNodeComputed() {
        singleNodeWork++;
    }

    /** Converts the storage to records ({@code true}) or planes; nothing if it is in it already. O(nodes). */
    private void use(boolean toRecords) {
        singleNodeWork = 0;
        denseGain = 0;
        if (store.convert(toRecords)) {
            layoutChanges++;
        }
    }
}
