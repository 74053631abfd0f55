package dev.arbor.gltf;

import java.io.IOException;

/**
 * A glTF file that cannot be read: malformed JSON or binary container, a value outside what the specification
 * allows, a reference out of range, data outside its buffer, a required extension Arbor does not support, or a
 * buffer URI that leaves the file's folder. The message starts with the JSON location of the bad value and names
 * it, for example {@code nodes[7].children[2]: index 42 out of range, nodes.length=40}; file-level problems use
 * {@code glb.*} or {@code json} as the location.
 */
public final class GltfException extends IOException {
    private static final long serialVersionUID = 1L;

    /** JSON path or file-level location of the problem. */
    private final String location;

    /**
     * Creates an exception for a bad value at a JSON location.
     *
     * @param location JSON path such as {@code nodes[3].matrix}, or {@code glb.header}
     * @param problem what is wrong, naming the bad value
     */
    public GltfException(String location, String problem) {
        super(location + ": " + problem);
        this.location = location;
    }

    /**
     * Creates an exception with a cause (an I/O or parser failure).
     *
     * @param location JSON path or file-level location
     * @param problem what is wrong
     * @param cause the underlying failure
     */
    public GltfException(String location, String problem, Throwable cause) {
        super(location + ": " + problem, cause);
        this.location = location;
    }

    /** A bad value at a JSON location, spelled out here. */
    GltfException(Location location, String problem) {
        this(location.toString(), problem);
    }

    /** A failure at a JSON location, spelled out here. */
    GltfException(Location location, String problem, Throwable cause) {
        this(location.toString(), problem, cause);
    }

    /** @return the JSON location (or file-level location) of the problem */
    public String location() {
        return location;
    }
}
