package dev.arbor.gltf;

/**
 * A JSON location such as {@code nodes[3].matrix}, kept as its parent and last step and spelled out only when a
 * message needs it ({@link #toString()}): the reader passes a location to every value it reads, and building each
 * as a string took a third of a warm read, for errors that almost never happen.
 */
final class Location {
    /** The document itself: its keys are spelled without a leading dot. */
    static final Location ROOT = new Location(null, null, -1);

    private final Location parent;
    /** The key of this step, or null for an array index. */
    private final String key;
    private final int index;

    private Location(Location parent, String key, int index) {
        this.parent = parent;
        this.key = key;
        this.index = index;
    }

    /** @return the location of a key of the document, e.g. {@code nodes} */
    static Location top(String name) {
        return ROOT.key(name);
    }

    /** @return the location of {@code key} in the object here */
    Location key(String name) {
        return new Location(this, name, -1);
    }

    /** @return the location of element {@code i} of the array here */
    Location index(int i) {
        return new Location(this, null, i);
    }

    @Override
    public String toString() {
        if (parent == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        append(out);
        return out.toString();
    }

    private void append(StringBuilder out) {
        if (parent == null) {
            return;
        }
        parent.append(out);
        if (key == null) {
            out.append('[').append(index).append(']');
        } else {
            if (parent.parent != null) {
                out.append('.');
            }
            out.append(key);
        }
    }
}
