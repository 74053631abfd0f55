package dev.arbor.hierarchy;

import dev.arbor.bounds.Aabb;
import dev.arbor.bounds.Frustum;
import dev.arbor.math.Affine;
import java.util.Arrays;
import org.joml.Matrix4fc;

/**
 * Bounds over a {@link Hierarchy}: per-node content boxes in local space, world boxes per node and per
 * subtree, bounds of a subtree in an ancestor's frame, and box / frustum / ray queries that prune whole subtrees.
 *
 * <h2>What is computed</h2>
 * <ul>
 *   <li>content box: an axis-aligned box in the node's local space, set by the user (or an importer); nodes without
 *       content have none;</li>
 *   <li>world box: the axis-aligned box of the content box transformed by the node's world matrix;</li>
 *   <li>subtree box: the union of the world boxes in the node's subtree (none if no node there has content).</li>
 * </ul>
 *
 * <h2>When it is computed</h2>
 * Lazily and incrementally. This object listens to the hierarchy: each node whose world matrix an
 * {@link Hierarchy#update()} recomputed, and each node whose content changed, gets its world box marked dirty and its
 * ancestors' subtree boxes marked dirty up to the first one already dirty (dirty marks are closed upwards: every
 * ancestor of a dirty node is dirty). Nothing is recomputed until a query or a read needs it;
 * then only the dirty nodes are visited. A static scene recomputes nothing; moving one leaf recomputes its world box
 * and its ancestors' subtree boxes only.
 *
 * <p>Exact at any time, like {@link Hierarchy#getWorld}: no {@link Hierarchy#update()} is needed before a read or a
 * query. The listener hears of changed world matrices only when an update publishes them; between updates the
 * hierarchy's stale and changed bits tell which world matrices changed since the latest update. So, while transforms
 * changed since the latest update, every read of a subtree box and every query first <em>catches up</em>: it marks
 * the nodes whose world matrix changed since the latest update (stale, or recomputed by a read) as the listener would,
 * then recomputes the marked boxes from exact world matrices ({@link Hierarchy#getWorld}, which recomputes a stale
 * chain; nothing is published, so the next update still reports these nodes and their boxes are computed once more).
 * The catch-up costs O(bit words between the first and the last changed node + changed nodes × (1 + their ancestors
 * not already marked)) plus a box per changed node with content, and is repeated by each read until the next update:
 * a caller who reads many times between updates pays it each time; after an update it costs nothing. A single world
 * box ({@link #getWorldBounds}) needs no catch-up: it reads that node's exact world matrix. {@link #getSubtreeBoundsIn}
 * works from the local transforms only.
 *
 * <h2>Storage and cost</h2>
 * Arrays indexed by the hierarchy's slots (stable for a node's life): content, world and subtree boxes (6 floats
 * each) and a flag byte, about 80 bytes per slot, grown as slots appear. Queries write handles into the caller's
 * array and allocate nothing in steady state (scratch stacks grow to the tree's depth and hit count once).
 *
 * <p>Not thread-safe; use it on the hierarchy's thread.
 */
public final class HierarchyBounds {
    private static final int NONE = -1;
    private static final int BOX = Aabb.STRIDE;
    /** The node has a content box. */
    private static final byte HAS_CONTENT = 1;
    /** The world box must be recomputed. */
    private static final byte WORLD_DIRTY = 2;
    /** The subtree box must be recomputed; closed upwards (a dirty node's parent is dirty). */
    private static final byte SUBTREE_DIRTY = 4;
    /** The subtree box is valid and non-empty (some node below has content). */
    private static final byte HAS_SUBTREE = 8;

    private final Hierarchy hierarchy;
    private final WorldChangeListener worldListener = (h, handle) -> worldChanged(handle);
    /** Marks a slot whose world matrix changed since the latest update (not yet in a published change set). */
    private final java.util.function.IntConsumer unpublished = this::worldChangedAt;
    private final TopologyListener topologyListener = new TopologyListener() {
        @Override
        public void detaching(Hierarchy h, long handle) {
            int parent = h.parentSlotAt(slot(handle));
            if (parent != NONE) {
                markUp(parent);
            }
            // the node's new ancestors are marked when the update reports its recomputed world matrix
        }
    };
    /** Handle whose slot data is valid; a different handle in the slot means the slot was reused. */
    private long[] owners = new long[0];
    private byte[] flags = new byte[0];
    private float[] contents = new float[0];
    private float[] worldBoxes = new float[0];
    private float[] subtreeBoxes = new float[0];
    /** Nodes with content in each subtree (valid where the subtree box is clean). */
    private int[] contentCounts = new int[0];
    private boolean anyDirty;
    /** Frustum queries answered by a sweep over all boxes instead of the tree walk. */
    long linearQueries;
    /** Work counters for tests of laziness (not timings). */
    long worldBoxesComputed;
    long subtreeBoxesComputed;

    private int[] stack = new int[64];
    private float[] matrices = new float[Affine.STRIDE * 16];
    private final float[] matrix = new float[Affine.STRIDE];
    private final float[] box = new float[BOX];
    private final float[] planes = new float[Frustum.FLOATS];
    private final float[] projView = new float[16];
    private float[] hitDistances = new float[64];

    /**
     * Attaches bounds to a hierarchy: registers a {@link WorldChangeListener} and a {@link TopologyListener} on it.
     * Nodes start without content. O(slots).
     *
     * @param hierarchy the hierarchy to follow
     */
    public HierarchyBounds(Hierarchy hierarchy) {
        this.hierarchy = hierarchy;
        hierarchy.addListener(worldListener);
        hierarchy.addTopologyListener(topologyListener);
        for (int s = 0; s < hierarchy.slotLimit(); s++) {
            if (hierarchy.slotLive(s)) {
                adopt(s, hierarchy.handleAt(s));
                flags[s] |= SUBTREE_DIRTY;
            }
        }
        anyDirty = true;
    }

    /**
     * Stops following the hierarchy (removes the listeners). The object must not be used afterwards.
     */
    public void close() {
        hierarchy.removeListener(worldListener);
        hierarchy.removeTopologyListener(topologyListener);
    }

    // ---- content ----

    /**
     * Sets a node's content box in its local space. O(depth) to mark ancestors (less when they are dirty already).
     *
     * @param handle live handle
     * @param minX box minimum x
     * @param minY box minimum y
     * @param minZ box minimum z
     * @param maxX box maximum x
     * @param maxY box maximum y
     * @param maxZ box maximum z
     * @throws IllegalArgumentException if the handle is stale, a value is not finite, or a minimum exceeds its
     *     maximum (nothing changed)
     */
    public void setContentBounds(long handle, float minX, float minY, float minZ, float maxX, float maxY,
                                 float maxZ) {
        int s = slot(handle);
        float[] b = box;
        b[0] = minX;
        b[1] = minY;
        b[2] = minZ;
        b[3] = maxX;
        b[4] = maxY;
        b[5] = maxZ;
        for (int k = 0; k < BOX; k++) {
            if (!Float.isFinite(b[k])) {
                throw new IllegalArgumentException("content bounds of " + Handles.toString(handle)
                        + " are not finite: " + Arrays.toString(b));
            }
        }
        for (int k = 0; k < 3; k++) {
            if (b[k] > b[k + 3]) {
                throw new IllegalArgumentException("content bounds of " + Handles.toString(handle) + ": min > max on "
                        + "xyz".charAt(k) + " axis: min=" + b[k] + ", max=" + b[k + 3]);
            }
        }
        System.arraycopy(b, 0, contents, s * BOX, BOX);
        flags[s] |= HAS_CONTENT | WORLD_DIRTY;
        markUp(s);
    }

    /**
     * Removes a node's content box. O(depth) like {@link #setContentBounds}.
     *
     * @param handle live handle
     * @throws IllegalArgumentException if the handle is stale
     */
    public void clearContentBounds(long handle) {
        int s = slot(handle);
        flags[s] &= ~HAS_CONTENT;
        flags[s] |= WORLD_DIRTY;
        markUp(s);
    }

    /**
     * Reads a node's content box.
     *
     * @param handle live handle
     * @param dest destination, 6 floats
     * @param offset start in {@code dest}
     * @return {@code true} if the node has content (and {@code dest} was written)
     * @throws IllegalArgumentException if the handle is stale or {@code dest} is too short
     */
    public boolean getContentBounds(long handle, float[] dest, int offset) {
        int s = slot(handle);
        requireRoom(dest, offset, BOX);
        if ((flags[s] & HAS_CONTENT) == 0) {
            return false;
        }
        System.arraycopy(contents, s * BOX, dest, offset, BOX);
        return true;
    }

    // ---- world and subtree boxes ----

    /**
     * Reads a node's world box (its content box transformed by its world matrix), exact at any time (no
     * {@link Hierarchy#update()} needed). O(1) when clean; else one box transform; and while transforms changed since
     * the latest update, the node's exact world matrix is read first ({@link Hierarchy#getWorld}: O(1), or O(stale
     * chain) when it is stale) and its box transformed again, O(1).
     *
     * @param handle live handle
     * @param dest destination, 6 floats
     * @param offset start in {@code dest}
     * @return {@code true} if the node has content (and {@code dest} was written)
     * @throws IllegalArgumentException if the handle is stale or {@code dest} is too short
     */
    public boolean getWorldBounds(long handle, float[] dest, int offset) {
        int s = slot(handle);
        requireRoom(dest, offset, BOX);
        if (hierarchy.hasUnpublishedChanges()) {
            flags[s] |= WORLD_DIRTY; // its world may have changed since the update: read it again, exactly
        }
        refreshWorld(s);
        if ((flags[s] & HAS_CONTENT) == 0) {
            return false;
        }
        System.arraycopy(worldBoxes, s * BOX, dest, offset, BOX);
        return true;
    }

    /**
     * Reads the union of the world boxes in a node's subtree, exact at any time (no {@link Hierarchy#update()}
     * needed). O(dirty part of the tree) on the first read after changes, then O(1); while transforms changed since
     * the latest update, every read first brings the boxes of the nodes changed since then up to date (the
     * catch-up of the class description).
     *
     * @param handle live handle
     * @param dest destination, 6 floats
     * @param offset start in {@code dest}
     * @return {@code true} if some node in the subtree has content (and {@code dest} was written)
     * @throws IllegalArgumentException if the handle is stale or {@code dest} is too short
     */
    public boolean getSubtreeBounds(long handle, float[] dest, int offset) {
        int s = slot(handle);
        requireRoom(dest, offset, BOX);
        refresh();
        if ((flags[s] & HAS_SUBTREE) == 0) {
            return false;
        }
        System.arraycopy(subtreeBoxes, s * BOX, dest, offset, BOX);
        return true;
    }

    /**
     * Computes the bounds of a node's subtree in the frame of {@code ancestor} (the node itself or one of its
     * ancestors): the box, in the ancestor's local space, holding every content box of the subtree transformed by
     * the product of local matrices from below the ancestor down to its node. Uses only local transforms, so it is
     * exact at any time, needs no inverse (a singular ancestor is fine) and leaves every cached world matrix and box
     * untouched. O(depth between the two + subtree size).
     *
     * @param handle root of the subtree
     * @param ancestor the frame: {@code handle} itself or an ancestor of it
     * @param dest destination, 6 floats
     * @param offset start in {@code dest}
     * @return {@code true} if some node in the subtree has content (and {@code dest} was written)
     * @throws IllegalArgumentException if a handle is stale, {@code ancestor} is not {@code handle} or an ancestor
     *     of it, or {@code dest} is too short
     */
    public boolean getSubtreeBoundsIn(long handle, long ancestor, float[] dest, int offset) {
        int x = slot(handle);
        int a = slot(ancestor);
        requireRoom(dest, offset, BOX);
        // the chain from x up to (excluding) a, then its product top-down: frameFromX
        int depth = 0;
        int s = x;
        while (s != a) {
            if (s == NONE) {
                throw new IllegalArgumentException(Handles.toString(ancestor) + " is not an ancestor of "
                        + Handles.toString(handle));
            }
            push(depth++, s);
            s = hierarchy.parentSlotAt(s);
        }
        ensureMatrices(1);
        Affine.identity(matrices, 0);
        for (int k = depth - 1; k >= 0; k--) {
            hierarchy.localAt(stack[k], matrix, 0);
            Affine.multiply(matrices, 0, matrix, 0, matrices, 0);
        }
        // walk the subtree with a stack of frameFromNode matrices, indexed by depth below x
        boolean any = false;
        int level = 0;
        s = x;
        while (true) {
            if (s < owners.length && owners[s] == hierarchy.handleAt(s) && (flags[s] & HAS_CONTENT) != 0) {
                Aabb.transform(matrices, level * Affine.STRIDE, contents, s * BOX, box, 0);
                if (any) {
                    Aabb.include(box, 0, dest, offset);
                } else {
                    System.arraycopy(box, 0, dest, offset, BOX);
                    any = true;
                }
            }
            int child = hierarchy.firstChildSlotAt(s);
            if (child != NONE) {
                ensureMatrices(level + 2);
                hierarchy.localAt(child, matrix, 0);
                Affine.multiply(matrices, level * Affine.STRIDE, matrix, 0, matrices, (level + 1) * Affine.STRIDE);
                level++;
                s = child;
                continue;
            }
            while (s != x && hierarchy.nextSiblingSlotAt(s) == NONE) {
                s = hierarchy.parentSlotAt(s);
                level--;
            }
            if (s == x) {
                return any;
            }
            s = hierarchy.nextSiblingSlotAt(s);
            hierarchy.localAt(s, matrix, 0);
            Affine.multiply(matrices, (level - 1) * Affine.STRIDE, matrix, 0, matrices, level * Affine.STRIDE);
        }
    }

    // ---- queries ----

    /**
     * Finds the nodes whose world box intersects a box, pruning every subtree whose subtree box misses it. Handles are
     * written in depth-first order from {@code offset}; when there are more hits than room, the first ones are
     * written and the total is still returned, so the caller can retry with a larger array. Exact at any time: while
     * transforms changed since the latest {@link Hierarchy#update()}, the query first brings the boxes of the nodes
     * changed since then up to date (the catch-up of the class description); then O(visited nodes).
     *
     * @param query 6 floats {@code minX minY minZ maxX maxY maxZ}
     * @param queryOffset start of the box in {@code query}
     * @param out destination for handles
     * @param offset first index to write in {@code out}
     * @return the number of hits (possibly more than were written)
     * @throws IllegalArgumentException if {@code query} is too short or not a valid box
     */
    public int queryBox(float[] query, int queryOffset, long[] out, int offset) {
        requireRoom(query, queryOffset, BOX);
        for (int k = 0; k < 3; k++) {
            if (!(query[queryOffset + k] <= query[queryOffset + k + 3])) {
                throw new IllegalArgumentException("query box invalid on " + "xyz".charAt(k) + " axis: min="
                        + query[queryOffset + k] + ", max=" + query[queryOffset + k + 3]);
            }
        }
        refresh();
        int hits = 0;
        int top = pushRoots();
        while (top > 0) {
            int s = stack[--top];
            if (!hierarchy.enabledSlot(s)) {
                continue; // a disabled node hides its subtree
            }
            if ((flags[s] & HAS_SUBTREE) == 0 || !Aabb.intersects(subtreeBoxes, s * BOX, query, queryOffset)) {
                continue;
            }
            if ((flags[s] & HAS_CONTENT) != 0 && Aabb.intersects(worldBoxes, s * BOX, query, queryOffset)) {
                hits = emit(out, offset, hits, s);
            }
            top = pushChildren(s, top);
        }
        return hits;
    }

    /**
     * Finds the nodes whose world box intersects the view frustum of a projection × view matrix (OpenGL clip depth;
     * see {@link Frustum#fromProjectionView}). Subtrees outside a plane are skipped; subtrees entirely inside are
     * taken without further tests. When the roots' subtree boxes leave more than half of the content as candidates,
     * the query sweeps every world box instead (cheaper than a walk that prunes little). Output as
     * {@link #queryBox}, except that the order of the handles is unspecified. Exact at any time, at the cost of
     * {@link #queryBox} (the catch-up when transforms changed since the latest update, then the visited nodes, or
     * every slot for the sweep).
     *
     * @param projectionView the projection × view matrix
     * @param out destination for handles
     * @param offset first index to write in {@code out}
     * @return the number of hits (possibly more than were written)
     */
    public int queryFrustum(Matrix4fc projectionView, long[] out, int offset) {
        JomlCopies.get(projectionView, projView, 0);
        Frustum.fromProjectionView(projView, 0, false, planes, 0);
        return queryFrustum(planes, 0, out, offset);
    }

    /**
     * Finds the nodes whose world box intersects a frustum given as planes (see {@link Frustum}). Output and
     * cost as {@link #queryFrustum(Matrix4fc, long[], int)}; exact at any time.
     *
     * @param frustumPlanes {@link Frustum#FLOATS} floats
     * @param planesOffset start of the planes
     * @param out destination for handles
     * @param offset first index to write in {@code out}
     * @return the number of hits (possibly more than were written)
     * @throws IllegalArgumentException if {@code frustumPlanes} is too short
     */
    public int queryFrustum(float[] frustumPlanes, int planesOffset, long[] out, int offset) {
        requireRoom(frustumPlanes, planesOffset, Frustum.FLOATS);
        refresh();
        int hits = 0;
        // when the roots' subtrees prune little, a sweep over every box beats the walk (no stack, no links)
        long total = 0;
        long candidates = 0;
        for (int r = hierarchy.firstRootSlot(); r != NONE; r = hierarchy.nextSiblingSlotAt(r)) {
            if ((flags[r] & HAS_SUBTREE) != 0) {
                total += contentCounts[r];
                if (Frustum.classify(frustumPlanes, planesOffset, subtreeBoxes, r * BOX) != Frustum.OUTSIDE) {
                    candidates += contentCounts[r];
                }
            }
        }
        if (candidates * 2 > total) {
            linearQueries++;
            int limit = Math.min(hierarchy.slotLimit(), owners.length);
            for (int s = 0; s < limit; s++) {
                if ((flags[s] & HAS_CONTENT) != 0 && owners[s] == hierarchy.handleAt(s) && hierarchy.slotLive(s)
                        && Frustum.classify(frustumPlanes, planesOffset, worldBoxes, s * BOX) != Frustum.OUTSIDE
                        && hierarchy.enabledInHierarchy(s)) {
                    hits = emit(out, offset, hits, s);
                }
            }
            return hits;
        }
        int top = pushRoots();
        while (top > 0) {
            int s = stack[--top];
            if ((flags[s] & HAS_SUBTREE) == 0 || !hierarchy.enabledSlot(s)) {
                continue;
            }
            int where = Frustum.classify(frustumPlanes, planesOffset, subtreeBoxes, s * BOX);
            if (where == Frustum.OUTSIDE) {
                continue;
            }
            if (where == Frustum.INSIDE) {
                hits = emitSubtree(s, top, out, offset, hits);
                continue;
            }
            if ((flags[s] & HAS_CONTENT) != 0
                    && Frustum.classify(frustumPlanes, planesOffset, worldBoxes, s * BOX) != Frustum.OUTSIDE) {
                hits = emit(out, offset, hits, s);
            }
            top = pushChildren(s, top);
        }
        return hits;
    }

    /**
     * Finds the nodes whose world box a ray enters within {@code maxDistance}, nearest first (by entry distance,
     * 0 when the origin is inside). Subtrees whose box the ray misses are skipped. Output as {@link #queryBox}; the
     * entry distances (in units of the direction's length) go to {@code distances} at the same indices if it is not
     * null. Exact at any time, at the cost of {@link #queryBox} plus sorting the hits.
     *
     * @param ox origin x
     * @param oy origin y
     * @param oz origin z
     * @param dx direction x
     * @param dy direction y
     * @param dz direction z
     * @param maxDistance farthest entry distance that counts
     * @param out destination for handles
     * @param distances destination for entry distances, or null
     * @param offset first index to write in {@code out} and {@code distances}
     * @return the number of hits (possibly more than were written; the written ones are the nearest)
     * @throws IllegalArgumentException if a value is not finite, the direction is zero, or {@code maxDistance} is
     *     negative
     */
    public int queryRay(float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance, long[] out,
                        float[] distances, int offset) {
        if (!Float.isFinite(ox) || !Float.isFinite(oy) || !Float.isFinite(oz) || !Float.isFinite(dx)
                || !Float.isFinite(dy) || !Float.isFinite(dz)) {
            throw new IllegalArgumentException("ray is not finite: origin=(" + ox + ", " + oy + ", " + oz
                    + "), direction=(" + dx + ", " + dy + ", " + dz + ")");
        }
        if (dx == 0f && dy == 0f && dz == 0f) {
            throw new IllegalArgumentException("ray direction is zero");
        }
        if (!(maxDistance >= 0f)) {
            throw new IllegalArgumentException("maxDistance must be >= 0: maxDistance=" + maxDistance);
        }
        refresh();
        int hits = 0;
        int[] hitSlots = hitSlotScratch;
        int top = pushRoots();
        while (top > 0) {
            int s = stack[--top];
            if ((flags[s] & HAS_SUBTREE) == 0 || !hierarchy.enabledSlot(s)
                    || Aabb.rayEntry(subtreeBoxes, s * BOX, ox, oy, oz, dx, dy, dz, maxDistance) < 0f) {
                continue;
            }
            if ((flags[s] & HAS_CONTENT) != 0) {
                float t = Aabb.rayEntry(worldBoxes, s * BOX, ox, oy, oz, dx, dy, dz, maxDistance);
                if (t >= 0f) {
                    if (hits == hitSlots.length) {
                        hitSlots = hitSlotScratch = Arrays.copyOf(hitSlots, hits * 2);
                        hitDistances = Arrays.copyOf(hitDistances, hits * 2);
                    }
                    hitSlots[hits] = s;
                    hitDistances[hits] = t;
                    hits++;
                }
            }
            top = pushChildren(s, top);
        }
        sortByDistance(hitSlots, hitDistances, hits);
        int room = Math.max(0, Math.min(hits, out.length - offset));
        if (distances != null) {
            room = Math.min(room, Math.max(0, distances.length - offset));
        }
        for (int k = 0; k < room; k++) {
            out[offset + k] = hierarchy.handleAt(hitSlots[k]);
            if (distances != null) {
                distances[offset + k] = hitDistances[k];
            }
        }
        return hits;
    }

    private int[] hitSlotScratch = new int[64];

    // ---- internals ----

    private int slot(long handle) {
        int s = hierarchy.slotOf(handle);
        if (s >= owners.length || owners[s] != handle) {
            adopt(s, handle);
        }
        return s;
    }

    /** Starts tracking a slot for a (new) handle: no content, world dirty. */
    private void adopt(int s, long handle) {
        if (s >= owners.length) {
            int cap = Math.max(s + 1, owners.length * 3 / 2 + 16);
            owners = Arrays.copyOf(owners, cap);
            flags = Arrays.copyOf(flags, cap);
            contents = Arrays.copyOf(contents, cap * BOX);
            worldBoxes = Arrays.copyOf(worldBoxes, cap * BOX);
            subtreeBoxes = Arrays.copyOf(subtreeBoxes, cap * BOX);
            contentCounts = Arrays.copyOf(contentCounts, cap);
        }
        owners[s] = handle;
        flags[s] = WORLD_DIRTY;
        markUp(s);
    }

    private void worldChanged(long handle) {
        int s = Handles.slot(handle);
        worldChangedAt(s, handle);
    }

    private void worldChangedAt(int s) {
        worldChangedAt(s, hierarchy.handleAt(s));
    }

    private void worldChangedAt(int s, long handle) {
        if (s >= owners.length || owners[s] != handle) {
            adopt(s, handle);
        } else {
            flags[s] |= WORLD_DIRTY;
            markUp(s);
        }
    }

    /**
     * Marks a slot's subtree box dirty and walks up until an already-dirty ancestor (dirty marks are closed
     * upwards, so everything above it is dirty too).
     */
    private void markUp(int s) {
        flags[s] |= SUBTREE_DIRTY;
        anyDirty = true;
        int p = hierarchy.parentSlotAt(s);
        while (p != NONE) {
            if (p >= owners.length || owners[p] != hierarchy.handleAt(p)) {
                adopt(p, hierarchy.handleAt(p));
                return;
            }
            if ((flags[p] & SUBTREE_DIRTY) != 0) {
                return;
            }
            flags[p] |= SUBTREE_DIRTY;
            p = hierarchy.parentSlotAt(p);
        }
    }

    /**
     * Between updates, marks every node whose world matrix changed since the latest update (stale, or recomputed by
     * a read): the change listener hears of them only at the next update. O(bit words of the changed range + changed
     * nodes × their unmarked ancestors); nothing when no transform changed since the latest update.
     */
    private void catchUp() {
        if (hierarchy.hasUnpublishedChanges()) {
            hierarchy.forEachUnpublishedSlot(unpublished);
        }
    }

    private void refreshWorld(int s) {
        if ((flags[s] & WORLD_DIRTY) == 0) {
            return;
        }
        if ((flags[s] & HAS_CONTENT) != 0) {
            if (hierarchy.hasUnpublishedChanges()) {
                hierarchy.getWorld(owners[s], matrix, 0); // exact: recomputes a stale chain, as any read does
            } else {
                hierarchy.worldAt(s, matrix, 0); // the published world is the exact one
            }
            Aabb.transform(matrix, 0, contents, s * BOX, worldBoxes, s * BOX);
            worldBoxesComputed++;
        }
        flags[s] &= ~WORLD_DIRTY;
    }

    /**
     * Recomputes every dirty subtree box: a pre-order walk that descends only into dirty nodes, then the visited
     * nodes in reverse order (children before parents).
     */
    private void refresh() {
        catchUp();
        if (!anyDirty) {
            return;
        }
        int count = 0;
        for (int r = hierarchy.firstRootSlot(); r != NONE; r = hierarchy.nextSiblingSlotAt(r)) {
            if ((flags[r] & SUBTREE_DIRTY) == 0) {
                continue;
            }
            // iterative pre-order over the dirty part of this tree
            int s = r;
            while (true) {
                push(count++, s);
                int next = firstDirtyChild(s);
                if (next != NONE) {
                    s = next;
                    continue;
                }
                while (s != r && nextDirtySibling(s) == NONE) {
                    s = hierarchy.parentSlotAt(s);
                }
                if (s == r) {
                    break;
                }
                s = nextDirtySibling(s);
            }
        }
        subtreeBoxesComputed += count;
        for (int k = count - 1; k >= 0; k--) {
            int s = stack[k];
            refreshWorld(s);
            boolean any = (flags[s] & HAS_CONTENT) != 0;
            int contentBelow = any ? 1 : 0;
            if (any) {
                System.arraycopy(worldBoxes, s * BOX, subtreeBoxes, s * BOX, BOX);
            }
            for (int c = hierarchy.firstChildSlotAt(s); c != NONE; c = hierarchy.nextSiblingSlotAt(c)) {
                if ((flags[c] & HAS_SUBTREE) == 0) {
                    continue;
                }
                contentBelow += contentCounts[c];
                if (any) {
                    Aabb.include(subtreeBoxes, c * BOX, subtreeBoxes, s * BOX);
                } else {
                    System.arraycopy(subtreeBoxes, c * BOX, subtreeBoxes, s * BOX, BOX);
                    any = true;
                }
            }
            flags[s] = (byte) ((flags[s] & ~(SUBTREE_DIRTY | HAS_SUBTREE)) | (any ? HAS_SUBTREE : 0));
            contentCounts[s] = contentBelow;
        }
        anyDirty = false;
    }

    private int firstDirtyChild(int s) {
        int c = hierarchy.firstChildSlotAt(s);
        while (c != NONE && (flags[c] & SUBTREE_DIRTY) == 0) {
            c = hierarchy.nextSiblingSlotAt(c);
        }
        return c;
    }

    private int nextDirtySibling(int s) {
        int c = hierarchy.nextSiblingSlotAt(s);
        while (c != NONE && (flags[c] & SUBTREE_DIRTY) == 0) {
            c = hierarchy.nextSiblingSlotAt(c);
        }
        return c;
    }

    private int pushRoots() {
        int top = 0;
        for (int r = hierarchy.firstRootSlot(); r != NONE; r = hierarchy.nextSiblingSlotAt(r)) {
            push(top++, r);
        }
        reverse(top);
        return top;
    }

    /** Pushes the children so that the first child is popped first (depth-first, sibling order). */
    private int pushChildren(int s, int top) {
        int start = top;
        for (int c = hierarchy.firstChildSlotAt(s); c != NONE; c = hierarchy.nextSiblingSlotAt(c)) {
            push(top++, c);
        }
        for (int i = start, j = top - 1; i < j; i++, j--) {
            int t = stack[i];
            stack[i] = stack[j];
            stack[j] = t;
        }
        return top;
    }

    private void reverse(int count) {
        for (int i = 0, j = count - 1; i < j; i++, j--) {
            int t = stack[i];
            stack[i] = stack[j];
            stack[j] = t;
        }
    }

    /**
     * Emits every node with content in a subtree known to lie inside the query, without further tests, using the
     * stack above {@code top}.
     */
    private int emitSubtree(int x, int top, long[] out, int offset, int hits) {
        int end = top;
        push(end++, x);
        while (end > top) {
            int s = stack[--end];
            if ((flags[s] & HAS_CONTENT) != 0) {
                hits = emit(out, offset, hits, s);
            }
            for (int c = hierarchy.firstChildSlotAt(s); c != NONE; c = hierarchy.nextSiblingSlotAt(c)) {
                if ((flags[c] & HAS_SUBTREE) != 0 && hierarchy.enabledSlot(c)) {
                    push(end++, c);
                }
            }
        }
        return hits;
    }

    private int emit(long[] out, int offset, int hits, int s) {
        if (offset + hits < out.length) {
            out[offset + hits] = hierarchy.handleAt(s);
        }
        return hits + 1;
    }

    private void push(int index, int s) {
        if (index == stack.length) {
            stack = Arrays.copyOf(stack, stack.length * 2);
        }
        stack[index] = s;
    }

    private void ensureMatrices(int count) {
        if (count * Affine.STRIDE > matrices.length) {
            matrices = Arrays.copyOf(matrices, Math.max(count, matrices.length / Affine.STRIDE * 2) * Affine.STRIDE);
        }
    }

    private static void sortByDistance(int[] slots, float[] keys, int count) {
        // insertion sort for short lists, else a simple heap sort; both allocation-free
        if (count < 32) {
            for (int i = 1; i < count; i++) {
                float k = keys[i];
                int v = slots[i];
                int j = i - 1;
                while (j >= 0 && keys[j] > k) {
                    keys[j + 1] = keys[j];
                    slots[j + 1] = slots[j];
                    j--;
                }
                keys[j + 1] = k;
                slots[j + 1] = v;
            }
            return;
        }
        for (int i = count / 2 - 1; i >= 0; i--) {
            siftDown(slots, keys, i, count);
        }
        for (int end = count - 1; end > 0; end--) {
            swap(slots, keys, 0, end);
            siftDown(slots, keys, 0, end);
        }
    }

    private static void siftDown(int[] slots, float[] keys, int i, int n) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) {
                return;
            }
            int m = l + 1 < n && keys[l + 1] > keys[l] ? l + 1 : l;
            if (keys[i] >= keys[m]) {
                return;
            }
            swap(slots, keys, i, m);
            i = m;
        }
    }

    private static void swap(int[] slots, float[] keys, int a, int b) {
        float k = keys[a];
        keys[a] = keys[b];
        keys[b] = k;
        int v = slots[a];
        slots[a] = slots[b];
        slots[b] = v;
    }

    private static void requireRoom(float[] array, int offset, int required) {
        if (offset < 0 || offset + required > array.length) {
            throw new IllegalArgumentException("array too short: length=" + array.length + ", required="
                    + (offset + required) + (offset != 0 ? " (offset=" + offset + ")" : ""));
        }
    }
}
