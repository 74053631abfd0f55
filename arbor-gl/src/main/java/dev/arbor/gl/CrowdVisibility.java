package dev.arbor.gl;

import dev.arbor.hierarchy.Handles;
import dev.arbor.hierarchy.HierarchyBounds;
import java.util.Arrays;

/**
 * Which instances of a crowd a camera sees: the instances whose mesh node's world box intersects the camera's view
 * frustum, found with {@link HierarchyBounds#queryFrustum}, as ascending instance indices for
 * {@link ModelRenderer#drawCrowd(GpuModel, int, int[], int, int, java.nio.FloatBuffer, java.nio.FloatBuffer, Camera)}.
 *
 * <p>The caller gives each instance's mesh node a content box in {@code bounds} (mesh space, large enough for every
 * pose the clip reaches: the skinned vertices leave the rest box) and keeps the hierarchy updated; nodes with
 * content that are not one of the crowd's mesh nodes are ignored. Instance {@code i} is mesh node
 * {@code meshNodes[i]}, as in the palettes and mesh matrices {@code drawCrowd} reads.
 *
 * <p>Not thread-safe; use it on the hierarchy's thread. Allocation-free once its hit array has grown to the number
 * of content nodes in view.
 */
public final class CrowdVisibility {
    private final HierarchyBounds bounds;
    private final int instances;
    /** Instance index of each slot, -1 for slots that are no mesh node of the crowd. */
    private final int[] instanceOfSlot;
    private final boolean[] seen;
    private long[] hits;

    /**
     * @param bounds the hierarchy's bounds, a content box set on each mesh node
     * @param meshNodes each instance's mesh node (live handles of the bounds' hierarchy)
     * @param instances the number of instances, at most {@code meshNodes.length}
     * @throws IllegalArgumentException if {@code instances} is negative or beyond {@code meshNodes}
     */
    public CrowdVisibility(HierarchyBounds bounds, long[] meshNodes, int instances) {
        if (instances < 0 || instances > meshNodes.length) {
            throw new IllegalArgumentException("instances out of range: instances=" + instances + ", meshNodes="
                    + meshNodes.length);
        }
        this.bounds = bounds;
        this.instances = instances;
        int slots = 0;
        for (int i = 0; i < instances; i++) {
            slots = Math.max(slots, Handles.slot(meshNodes[i]) + 1);
        }
        instanceOfSlot = new int[slots];
        Arrays.fill(instanceOfSlot, -1);
        for (int i = 0; i < instances; i++) {
            instanceOfSlot[Handles.slot(meshNodes[i])] = i;
        }
        seen = new boolean[instances];
        hits = new long[Math.max(16, instances)];
    }

    /**
     * Finds the instances in the camera's view frustum. O(the frustum query) + O(instances).
     *
     * @param camera the camera
     * @param visible receives the visible instances' indices, ascending, from index 0
     * @return the number of visible instances
     * @throws IllegalArgumentException if {@code visible} is shorter than the crowd
     */
    public int query(Camera camera, int[] visible) {
        if (visible.length < instances) {
            throw new IllegalArgumentException("visible too short: length=" + visible.length + ", required="
                    + instances);
        }
        int count = bounds.queryFrustum(camera.clipFromWorld(), hits, 0);
        if (count > hits.length) {
            hits = new long[Math.max(count, 2 * hits.length)];
            count = bounds.queryFrustum(camera.clipFromWorld(), hits, 0);
        }
        for (int k = 0; k < count; k++) {
            int slot = Handles.slot(hits[k]);
            if (slot < instanceOfSlot.length && instanceOfSlot[slot] >= 0) {
                seen[instanceOfSlot[slot]] = true;
            }
        }
        int n = 0;
        for (int i = 0; i < instances; i++) {
            if (seen[i]) {
                visible[n++] = i;
                seen[i] = false;
            }
        }
        return n;
    }
}
