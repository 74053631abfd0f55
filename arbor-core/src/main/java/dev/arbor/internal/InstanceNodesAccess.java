package dev.arbor.internal;

import dev.arbor.hierarchy.InstanceNodes;

/**
 * The crowd jobs' way into the machinery of {@link InstanceNodes} that is not public API: part writes (the crowd cut
 * into parts that threads write and update on their own) and the members' world reads in windows and products, which
 * {@code CrowdAnimator} and {@code CrowdSkin} run. This package is not exported by the module, so the methods are
 * reachable only from Arbor's own packages; {@link InstanceNodes} registers the one implementation when it is
 * initialised. Each method does what the {@link InstanceNodes} method of its name documents.
 */
public abstract class InstanceNodesAccess {
    private static InstanceNodesAccess access;

    /** For {@link InstanceNodes} alone. */
    protected InstanceNodesAccess() {
    }

    /**
     * Registers the implementation; called once, by {@link InstanceNodes}'s initialisation.
     *
     * @param implementation the implementation
     */
    public static synchronized void register(InstanceNodesAccess implementation) {
        if (access != null) {
            throw new IllegalStateException("registered already");
        }
        access = implementation;
    }

    /** @return the implementation, {@link InstanceNodes} initialised first if it was not */
    public static synchronized InstanceNodesAccess get() {
        if (access == null) {
            try {
                Class.forName(InstanceNodes.class.getName(), true, InstanceNodes.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        return access;
    }

    /**
     * Begins a part write ({@code InstanceNodes.beginPartWrites}).
     *
     * @param nodes the nodes written
     * @param reads the nodes read part by part
     * @param fixed nodes the write must not change, or null
     * @param threads the threads that will write
     * @return the parts, or 0 (nothing begun)
     */
    public abstract int beginPartWrites(InstanceNodes nodes, InstanceNodes reads, long[] fixed, int threads);

    /**
     * Lets the hierarchy convert its storage layout where the crowd frames' work has earned it (the frames compute
     * their nodes on their threads, where the storage cannot be converted). Before a frame, on the caller's thread,
     * before anything of the frame reads the storage.
     *
     * @param nodes the nodes
     */
    public abstract void convertLayoutIfEarned(InstanceNodes nodes);

    /**
     * @param nodes the nodes
     * @param part a part
     * @return its first instance
     */
    public abstract int partStart(InstanceNodes nodes, int part);

    /**
     * @param nodes the nodes
     * @param part a part whose instances were all written
     */
    public abstract void updateWorlds(InstanceNodes nodes, int part);

    /**
     * @param nodes the nodes
     * @param part a part to read into the cache ahead of its writes
     */
    public abstract void readAhead(InstanceNodes nodes, int part);

    /**
     * @param nodes the nodes
     * @return whether reading ahead is worth it in the current part write
     */
    public abstract boolean readsAhead(InstanceNodes nodes);

    /**
     * @param nodes the nodes
     * @return the windows of the members' positions, 0 for none
     */
    public abstract int windowCount(InstanceNodes nodes);

    /**
     * @param nodes the nodes
     * @return the version of the windows' layout
     */
    public abstract long windowsVersion(InstanceNodes nodes);

    /**
     * @param nodes the nodes
     * @param window a window
     * @param lane a lane
     * @return the member in that lane, or -1
     */
    public abstract int windowMember(InstanceNodes nodes, int window, int lane);

    /**
     * @param nodes the nodes
     * @param window a window
     * @param lane a lane
     * @return the instance of that lane within its block
     */
    public abstract int windowInstance(InstanceNodes nodes, int window, int lane);

    /**
     * The products {@code left × world × right} of a block's members, window by window.
     *
     * @param nodes the nodes
     * @param from the block's first instance
     * @param left the block's left matrices, 12 planes of 16
     * @param right the right matrices per window lane
     * @param dest destination planes
     * @param planeStride floats per plane of {@code right} and {@code dest}
     * @return whether the block lies in windows (else nothing was written)
     */
    public abstract boolean readWindowProducts(InstanceNodes nodes, int from, float[] left, float[] right,
                                               float[] dest, int planeStride);

    /**
     * The products {@code left × world × right} of instances {@code [from, to)}'s members, gathered, laid out as
     * {@code InstanceNodes.readWorlds} lays the worlds out.
     *
     * @param nodes the nodes
     * @param from first instance
     * @param to end of the instances
     * @param left the instances' left matrices, 12 planes of {@code leftStride}
     * @param leftStride floats per plane of {@code left}
     * @param right the members' right matrices, 12 floats each
     * @param dest destination
     * @param offset index of element 0 of member 0 of instance {@code from}
     * @param memberStride floats from one member's lanes to the next's
     * @param elementStride floats from one element's planes to the next's
     */
    public abstract void readWorldProducts(InstanceNodes nodes, int from, int to, float[] left, int leftStride,
                                           float[] right, float[] dest, int offset, int memberStride,
                                           int elementStride);
}
