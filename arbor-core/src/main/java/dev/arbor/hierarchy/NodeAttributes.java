package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What callers attach to a node, by slot (stable for a node's life, so nothing here moves when the storage reorders
 * or compacts): an optional name with an index from names to slots, a {@code long} user id, and an enabled flag.
 * Each array is allocated on first use: a hierarchy that never names, tags or disables a node pays nothing per node.
 *
 * <p>Invariant ({@link #checkInvariants}): a slot that holds no node has no name, user id 0 and is enabled; the
 * index maps each name to exactly the slots that hold it, each once; {@link #disabledCount} counts the disabled
 * slots.
 */
final class NodeAttributes {
    private static final int NONE = -1;

    /** Each slot's name, or null; null until a name is first set. */
    private String[] names;
    /** Name to the slots holding it: {@code [count, slot, slot, ...]}, with room to grow. */
    private final Map<String, int[]> slotsByName = new HashMap<>();
    /** Slots with a name. */
    private int namedCount;
    /** Each slot's user id; null until an id other than 0 is first set. */
    private long[] userIds;
    /** Bits of the disabled slots; null until a node is first disabled. */
    private long[] disabledBits;
    /** Slots disabled. */
    private int disabledCount;

    // ---- names ----

    /** @return the slot's name, or null */
    String name(int slot) {
        return names == null || slot >= names.length ? null : names[slot];
    }

    /** Names a slot ({@code null} clears); O(1) expected, O(slots with the same name) for the index. */
    void setName(int slot, String name, int slotCount) {
        String old = name(slot);
        if (old != null) {
            unindex(old, slot);
            names[slot] = null;
            namedCount--;
        }
        if (name == null) {
            return;
        }
        if (names == null || slot >= names.length) {
            names = Arrays.copyOf(names == null ? new String[0] : names, Math.max(slot + 1, slotCount));
        }
        names[slot] = name;
        namedCount++;
        int[] list = slotsByName.get(name);
        if (list == null) {
            slotsByName.put(name, new int[] {1, slot});
        } else {
            if (list[0] + 1 == list.length) {
                list = Arrays.copyOf(list, list.length * 2);
                slotsByName.put(name, list);
            }
            list[++list[0]] = slot;
        }
    }

    private void unindex(String name, int slot) {
        int[] list = slotsByName.get(name);
        int count = list[0];
        for (int k = 1; k <= count; k++) {
            if (list[k] == slot) {
                list[k] = list[count];
                list[0] = count - 1;
                break;
            }
        }
        if (list[0] == 0) {
            slotsByName.remove(name);
        }
    }

    /**
     * @return the slots named {@code name} as {@code [count, slot, ...]} (valid to index {@code count}; the caller
     *     must not change it), or null when no node has the name
     */
    int[] slotsNamed(String name) {
        return slotsByName.get(name);
    }

    /** @return the number of named slots */
    int namedCount() {
        return namedCount;
    }

    /** @return whether any slot has a name */
    boolean anyNamed() {
        return namedCount > 0;
    }

    /** @return the first slot named {@code name} in pre-order ({@link SlotTable#precedesInPreOrder}), or NONE */
    int find(SlotTable slots, String name, int top) {
        int[] list = slotsByName.get(name);
        int best = NONE;
        for (int k = 1; list != null && k <= list[0]; k++) {
            int s = list[k];
            if ((top == NONE || slots.isAncestorOrSelf(top, s))
                    && (best == NONE || slots.precedesInPreOrder(s, best))) {
                best = s;
            }
        }
        return best;
    }

    /**
     * Follows a path of names, each a child of the one before, from the children of {@code start} (the roots when
     * NONE); the first match in sibling order at each level that leads on.
     *
     * @return the slot at the end of the path, or NONE
     */
    int findPath(SlotTable slots, int start, String[] segments, int from) {
        if (from == segments.length) {
            return start;
        }
        int first = start == NONE ? slots.firstRootSlot : slots.firstChildSlots[start];
        for (int c = first; c != NONE; c = slots.nextSiblingSlots[c]) {
            if (segments[from].equals(name(c))) {
                int end = findPath(slots, c, segments, from + 1);
                if (end != NONE) {
                    return end;
                }
            }
        }
        return NONE;
    }

    /** @return the first named slot at or after {@code from}, or NONE */
    int nextNamed(int from) {
        for (int s = from; names != null && s < names.length; s++) {
            if (names[s] != null) {
                return s;
            }
        }
        return NONE;
    }

    // ---- user ids ----

    /** @return the slot's user id (0 when none was set) */
    long userId(int slot) {
        return userIds == null || slot >= userIds.length ? 0L : userIds[slot];
    }

    void setUserId(int slot, long id, int slotCount) {
        if (userIds == null || slot >= userIds.length) {
            if (id == 0L) {
                return;
            }
            userIds = Arrays.copyOf(userIds == null ? new long[0] : userIds, Math.max(slot + 1, slotCount));
        }
        userIds[slot] = id;
    }

    // ---- enabled flags ----

    /** @return whether the slot's own flag is set (not whether its ancestors are enabled) */
    boolean enabled(int slot) {
        return disabledBits == null || (slot >> 6) >= disabledBits.length
                || (disabledBits[slot >> 6] & 1L << slot) == 0L;
    }

    void setEnabled(int slot, boolean enabled, int slotCount) {
        if (enabled(slot) == enabled) {
            return;
        }
        if (disabledBits == null || (slot >> 6) >= disabledBits.length) {
            disabledBits = Arrays.copyOf(disabledBits == null ? new long[0] : disabledBits,
                    Math.max((slot >> 6) + 1, (slotCount + 63) >> 6));
        }
        disabledBits[slot >> 6] ^= 1L << slot;
        disabledCount += enabled ? -1 : 1;
    }

    /** @return whether any slot is disabled */
    boolean anyDisabled() {
        return disabledCount > 0;
    }

    // ---- lifecycle ----

    /** @return whether any slot has a name, an id or a cleared flag, so that a destroy must clear it */
    boolean anyAttached() {
        return namedCount > 0 || userIds != null || disabledCount > 0;
    }

    /** Clears everything attached to a slot that is about to be freed. */
    void clear(int slot) {
        setName(slot, null, 0);
        if (userIds != null && slot < userIds.length) {
            userIds[slot] = 0L;
        }
        setEnabled(slot, true, 0);
    }

    /** Copies the name, id and flag of {@code from} to the new slot {@code to}. */
    void copy(int from, int to, int slotCount) {
        setName(to, name(from), slotCount);
        setUserId(to, userId(from), slotCount);
        setEnabled(to, enabled(from), slotCount);
    }

    // ---- invariant ----

    /**
     * Checks the invariant of the class comment. O(slots + names).
     *
     * @param slots the handle table, to tell live slots
     * @throws IllegalStateException describing the first violation found
     */
    void checkInvariants(SlotTable slots) {
        int named = 0;
        int disabled = 0;
        int end = Math.max(slots.slotEnd, Math.max(names == null ? 0 : names.length,
                userIds == null ? 0 : userIds.length));
        for (int s = 0; s < end; s++) {
            boolean live = s < slots.slotEnd && slots.nodeOfSlot[s] != NONE;
            String name = name(s);
            if (name != null) {
                check(live, "name on a slot without a node: ", s, "", 0);
                named++;
                int[] list = slotsByName.get(name);
                int found = 0;
                for (int k = 1; list != null && k <= list[0]; k++) {
                    found += list[k] == s ? 1 : 0;
                }
                check(found == 1, "slot ", s, " listed under its name this often: ", found);
            }
            check(live || userId(s) == 0L, "user id on a slot without a node: ", s, "", 0);
            check(live || enabled(s), "disabled slot without a node: ", s, "", 0);
            disabled += enabled(s) ? 0 : 1;
        }
        check(named == namedCount, "named slots ", named, " but namedCount=", namedCount);
        check(disabled == disabledCount, "disabled slots ", disabled, " but disabledCount=", disabledCount);
        int indexed = 0;
        for (Map.Entry<String, int[]> e : slotsByName.entrySet()) {
            int[] list = e.getValue();
            check(list[0] > 0, "empty index entry, slots ", list[0], "", 0);
            for (int k = 1; k <= list[0]; k++) {
                check(e.getKey().equals(name(list[k])), "index lists slot ", list[k], " under another name", 0);
            }
            indexed += list[0];
        }
        check(indexed == namedCount, "index holds ", indexed, " slots but namedCount=", namedCount);
    }
}
