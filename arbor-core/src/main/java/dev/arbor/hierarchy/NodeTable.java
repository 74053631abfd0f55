package dev.arbor.hierarchy;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A side table that keeps one value per node of a {@link Hierarchy} and follows the nodes: a destroyed node's value
 * is dropped (the table listens with {@link NodeListener}), so a reused slot never shows an old value; a copied
 * node's value is copied by the table's copier, if it has one. Values are kept by slot in an array grown as slots
 * appear (a reference and a handle per slot): {@link #get} and {@link #put} are O(1) with the handle checked live.
 *
 * <p>Not thread-safe: use it on the hierarchy's thread. {@link #close()} stops it listening.
 *
 * @param <T> the value type
 */
public final class NodeTable<T> implements AutoCloseable {
    private final Hierarchy hierarchy;
    private final UnaryOperator<T> copier;
    private final NodeListener listener = new NodeListener() {
        @Override
        public void destroying(Hierarchy h, long handle) {
            drop(handle);
        }

        @Override
        public void copied(Hierarchy h, long source, long copy) {
            T value = get(source);
            if (copier != null && value != null) {
                put(copy, copier.apply(value));
            }
        }
    };
    private Object[] values = new Object[0];
    /** The handle each value was put for: a value counts only while its handle is the slot's. */
    private long[] owners = new long[0];
    private int size;

    /**
     * A table whose values are not copied by {@link Hierarchy#copySubtree} (copies start without a value).
     *
     * @param hierarchy the hierarchy whose nodes it follows
     */
    public NodeTable(Hierarchy hierarchy) {
        this(hierarchy, null);
    }

    /**
     * A table whose values are copied by {@link Hierarchy#copySubtree} with {@code copier} (pass
     * {@code v -> v} to share the value with the copy).
     *
     * @param hierarchy the hierarchy whose nodes it follows
     * @param copier makes the copy's value from the source's, or {@code null} not to copy
     */
    public NodeTable(Hierarchy hierarchy, UnaryOperator<T> copier) {
        this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
        this.copier = copier;
        hierarchy.addNodeListener(listener);
    }

    /**
     * Sets a node's value.
     *
     * @param handle live handle
     * @param value the value, or {@code null} to remove it
     * @return the previous value, or {@code null}
     * @throws IllegalArgumentException if {@code handle} is not a live node of the hierarchy
     */
    public T put(long handle, T value) {
        int slot = hierarchy.slotOf(handle);
        if (value == null) {
            return remove(handle);
        }
        if (slot >= values.length) {
            int cap = Math.max(slot + 1, values.length * 3 / 2 + 16);
            values = Arrays.copyOf(values, cap);
            owners = Arrays.copyOf(owners, cap);
        }
        T old = valueAt(slot, handle);
        if (old == null) {
            size++;
        }
        values[slot] = value;
        owners[slot] = handle;
        return old;
    }

    /**
     * @param handle live handle
     * @return the node's value, or {@code null}
     * @throws IllegalArgumentException if {@code handle} is not a live node of the hierarchy
     */
    public T get(long handle) {
        return valueAt(hierarchy.slotOf(handle), handle);
    }

    /**
     * Removes a node's value.
     *
     * @param handle live handle
     * @return the value removed, or {@code null}
     * @throws IllegalArgumentException if {@code handle} is not a live node of the hierarchy
     */
    public T remove(long handle) {
        hierarchy.slotOf(handle);
        return drop(handle);
    }

    /** @return the number of nodes with a value */
    public int size() {
        return size;
    }

    /** Stops following the hierarchy and drops every value. */
    @Override
    public void close() {
        hierarchy.removeNodeListener(listener);
        Arrays.fill(values, null);
        Arrays.fill(owners, 0L);
        size = 0;
    }

    private T drop(long handle) {
        int slot = Handles.slot(handle);
        T old = valueAt(slot, handle);
        if (old != null) {
            values[slot] = null;
            owners[slot] = 0L;
            size--;
        }
        return old;
    }

    @SuppressWarnings("unchecked")
    private T valueAt(int slot, long handle) {
        return slot < values.length && owners[slot] == handle ? (T) values[slot] : null;
    }
}
