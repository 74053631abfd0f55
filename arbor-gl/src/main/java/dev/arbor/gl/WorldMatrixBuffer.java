package dev.arbor.gl;

import static org.lwjgl.opengl.GL11.glBindTexture;
import static org.lwjgl.opengl.GL11.glDeleteTextures;
import static org.lwjgl.opengl.GL11.glGenTextures;
import static org.lwjgl.opengl.GL15.GL_DYNAMIC_DRAW;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL11.glGetError;
import static org.lwjgl.opengl.GL15.glUnmapBuffer;
import static org.lwjgl.opengl.GL15.nglBufferSubData;
import static org.lwjgl.opengl.GL30.GL_MAP_UNSYNCHRONIZED_BIT;
import static org.lwjgl.opengl.GL30.GL_MAP_WRITE_BIT;
import static org.lwjgl.opengl.GL30.nglMapBufferRange;
import static org.lwjgl.opengl.GL30.GL_RGBA32F;
import static org.lwjgl.opengl.GL31.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL31.GL_COPY_WRITE_BUFFER;
import static org.lwjgl.opengl.GL31.GL_TEXTURE_BUFFER;
import static org.lwjgl.opengl.GL31.glCopyBufferSubData;
import static org.lwjgl.opengl.GL31.glTexBuffer;

import dev.arbor.hierarchy.Handles;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.FloatBuffer;
import org.lwjgl.system.MemoryUtil;

/**
 * Every node's world matrix of a {@link Hierarchy} in one OpenGL buffer, kept in step by uploading only the matrices
 * that changed: {@link #sync()} asks {@link Hierarchy#writeChangedSince} for the world matrices changed since the
 * previous sync and copies each to its place, so a static scene where 1% of the nodes move uploads 1% of the
 * matrices.
 *
 * <h2>Layout</h2>
 * 4×4 column-major matrices ({@code MatrixLayout.COLUMN_MAJOR_4X4}), 64 bytes each, indexed by the node's slot
 * ({@link Handles#slot}, stable for the node's life): node {@code n}'s matrix at byte {@code 64 × slot(n)}. The buffer
 * is also a texture buffer of RGBA32F texels ({@link #texture()}), one column per texel, as {@link ModelRenderer}'s
 * mesh matrices are read: a shader fetches texels {@code 4 × slot} to {@code 4 × slot + 3}. Slots of destroyed nodes
 * keep their last matrix until the slot is reused.
 *
 * <h2>Cost</h2>
 * A sync costs finding the changes ({@link Changes}: {@code writeChangedSince}'s scan of every node's version, or
 * the latest update's change list, O(changed)) and the upload ({@link Upload}: a call per run of changed nodes with
 * consecutive slots, or one mapping), 64 bytes per matrix. The CPU staging holds 64 bytes per node (every node may
 * change in one frame); it and the GPU buffer grow when the hierarchy does (the GPU buffer keeps its contents, copied
 * on the GPU). Allocation-free once grown.
 *
 * <p>Made, synced and closed on the thread where its {@link GlContext} is current.
 */
public final class WorldMatrixBuffer implements AutoCloseable {
    private static final int MATRIX_BYTES = 64;

    /** How a sync finds the changed matrices. */
    public enum Changes {
        /**
         * {@link Hierarchy#writeChangedSince} with the version of the previous sync: every world matrix that changed
         * since, however many updates came between syncs, stale nodes brought up to date. Costs a scan of every
         * node's version (O(the hierarchy's capacity)) each sync, which for a few changes in a large scene is most of
         * the sync.
         */
        SINCE_LAST_SYNC,
        /**
         * The latest update's change list ({@link Hierarchy#changedHandles}) and {@link Hierarchy#writeWorldMatrices}
         * of those nodes (destroyed ones left out): O(changed nodes). Exact when exactly one {@code update()} came
         * between two syncs; when more or none did (or at the first sync), that sync uses
         * {@link #SINCE_LAST_SYNC}, so nothing is missed. Nodes changed since the latest update go up with the next.
         */
        LATEST_UPDATE
    }

    /** How a sync puts the changed matrices into the buffer. */
    public enum Upload {
        /**
         * One {@code glBufferSubData} per run of changed nodes with consecutive slots. Safe with draws in flight (the
         * driver orders the copy after them), but each call has the driver's fixed cost: scattered changes cost one
         * call per matrix.
         */
        SUB_DATA,
        /**
         * The span of the buffer from the first to the last changed slot mapped once, unsynchronized
         * ({@code GL_MAP_UNSYNCHRONIZED_BIT}), each matrix copied to its place, then unmapped: three calls a sync
         * however scattered the changes. The CPU writes 64 bytes per changed matrix, but a driver whose buffers live
         * in GPU memory may transfer the whole mapped span at the unmap (Mesa's llvmpipe writes in place); and the
         * driver does not wait for draws that still read the buffer: sync after the previous frame's draws completed
         * (a fence, or a frame's latency), or a draw in flight may read a matrix of the new frame.
         */
        MAPPED
    }

    private final Hierarchy hierarchy;
    private final Upload upload;
    private final Changes changes;
    private int buffer;
    private final int texture;
    /** Matrices the GPU buffer holds. */
    private int capacity;
    private FloatBuffer staging;
    private long[] handles;
    /** The hierarchy's version at the latest sync; -1 before the first (everything is uploaded then). */
    private long seen = -1;
    private long lastBytes;
    private int lastMatrices;
    private int lastCalls;
    private boolean closed;

    /**
     * Makes the buffer for a hierarchy, finding changes with {@link Changes#SINCE_LAST_SYNC} and uploading with
     * {@link Upload#SUB_DATA}; nothing is uploaded until {@link #sync()}. Its context must be current.
     *
     * @param hierarchy the hierarchy whose world matrices the buffer mirrors
     */
    public WorldMatrixBuffer(Hierarchy hierarchy) {
        this(hierarchy, Changes.SINCE_LAST_SYNC, Upload.SUB_DATA);
    }

    /**
     * Makes the buffer for a hierarchy; nothing is uploaded until {@link #sync()}. Its context must be current.
     *
     * @param hierarchy the hierarchy whose world matrices the buffer mirrors
     * @param changes how a sync finds the changed matrices (see {@link Changes} for the trade-off)
     * @param upload how a sync writes them (see {@link Upload} for the trade-off)
     */
    public WorldMatrixBuffer(Hierarchy hierarchy, Changes changes, Upload upload) {
        this.hierarchy = hierarchy;
        this.changes = changes;
        this.upload = upload;
        this.texture = glGenTextures();
        this.buffer = glGenBuffers();
        this.staging = MemoryUtil.memAllocFloat(16);
        this.handles = new long[1];
    }

    /**
     * Uploads the world matrix of every node whose world changed since the previous sync (every node at the first
     * sync), bringing stale nodes up to date first (as {@link Hierarchy#writeChangedSince} does). Call it after
     * {@link Hierarchy#update()}, once per frame.
     *
     * @return the number of matrices uploaded
     * @throws IllegalStateException if this buffer is closed
     */
    public int sync() {
        if (closed) {
            throw new IllegalStateException("world matrix buffer is closed");
        }
        int nodes = hierarchy.size();
        if (handles.length < nodes) {
            handles = new long[Math.max(nodes, 2 * handles.length)];
            MemoryUtil.memFree(staging);
            staging = MemoryUtil.memAllocFloat(16 * handles.length);
        }
        staging.clear();
        long version = hierarchy.version();
        int count;
        if (changes == Changes.LATEST_UPDATE && seen >= 0 && version == seen + 1) {
            count = latestUpdate();
        } else {
            count = hierarchy.writeChangedSince(seen, MatrixLayout.COLUMN_MAJOR_4X4, staging, handles);
        }
        seen = version;
        int minSlot = Integer.MAX_VALUE;
        int maxSlot = -1;
        for (int i = 0; i < count; i++) {
            int slot = Handles.slot(handles[i]);
            minSlot = Math.min(minSlot, slot);
            maxSlot = Math.max(maxSlot, slot);
        }
        reserve(maxSlot + 1);
        int calls = count == 0 ? 0 : upload == Upload.MAPPED ? mapped(count, minSlot, maxSlot) : subData(count);
        lastMatrices = count;
        lastBytes = (long) count * MATRIX_BYTES;
        lastCalls = calls;
        return count;
    }

    /** The latest update's changed nodes (destroyed ones left out) and their matrices into staging; the count. */
    private int latestUpdate() {
        int listed = hierarchy.changedHandles(handles, 0);
        int count = 0;
        for (int i = 0; i < listed; i++) {
            if (hierarchy.isAlive(handles[i])) {
                handles[count++] = handles[i];
            }
        }
        hierarchy.writeWorldMatrices(handles, 0, count, MatrixLayout.COLUMN_MAJOR_4X4, staging);
        return count;
    }

    /** One glBufferSubData per run of consecutive slots (staging holds a run's matrices side by side); the calls. */
    private int subData(int count) {
        glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        long base = MemoryUtil.memAddress(staging, 0);
        int calls = 0;
        int i = 0;
        while (i < count) {
            int first = Handles.slot(handles[i]);
            int end = runEnd(i, count);
            nglBufferSubData(GL_TEXTURE_BUFFER, (long) first * MATRIX_BYTES, (long) (end - i) * MATRIX_BYTES,
                    base + (long) i * MATRIX_BYTES);
            calls++;
            i = end;
        }
        glBindBuffer(GL_TEXTURE_BUFFER, 0);
        return calls;
    }

    /** Slots [minSlot, maxSlot] mapped once, each run of matrices copied to its place, unmapped; the calls (3). */
    private int mapped(int count, int minSlot, int maxSlot) {
        glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        long from = (long) minSlot * MATRIX_BYTES;
        long mapped = nglMapBufferRange(GL_TEXTURE_BUFFER, from, (long) (maxSlot + 1 - minSlot) * MATRIX_BYTES,
                GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT);
        if (mapped == 0) {
            glBindBuffer(GL_TEXTURE_BUFFER, 0);
            throw new IllegalStateException("glMapBufferRange failed: GL error " + glGetError());
        }
        long base = MemoryUtil.memAddress(staging, 0);
        int i = 0;
        while (i < count) {
            int first = Handles.slot(handles[i]);
            int end = runEnd(i, count);
            MemoryUtil.memCopy(base + (long) i * MATRIX_BYTES, mapped + (long) first * MATRIX_BYTES - from,
                    (long) (end - i) * MATRIX_BYTES);
            i = end;
        }
        glUnmapBuffer(GL_TEXTURE_BUFFER);
        glBindBuffer(GL_TEXTURE_BUFFER, 0);
        return 3;
    }

    /** The end (exclusive) of the run of matrices from {@code i} whose slots follow each other. */
    private int runEnd(int i, int count) {
        int first = Handles.slot(handles[i]);
        int end = i + 1;
        while (end < count && Handles.slot(handles[end]) == first + (end - i)) {
            end++;
        }
        return end;
    }

    /** Grows the GPU buffer to hold at least {@code matrices}, keeping what it holds. */
    private void reserve(int matrices) {
        if (matrices <= capacity) {
            return;
        }
        int grown = Math.max(matrices, Math.max(16, 2 * capacity));
        int next = glGenBuffers();
        glBindBuffer(GL_COPY_WRITE_BUFFER, next);
        glBufferData(GL_COPY_WRITE_BUFFER, (long) grown * MATRIX_BYTES, GL_DYNAMIC_DRAW);
        if (capacity > 0) {
            glBindBuffer(GL_COPY_READ_BUFFER, buffer);
            glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, (long) capacity * MATRIX_BYTES);
            glBindBuffer(GL_COPY_READ_BUFFER, 0);
        }
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        glDeleteBuffers(buffer);
        buffer = next;
        capacity = grown;
        glBindTexture(GL_TEXTURE_BUFFER, texture);
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer);
        glBindTexture(GL_TEXTURE_BUFFER, 0);
    }

    /** @return the bytes the latest {@link #sync()} uploaded: 64 per matrix */
    public long lastUploadBytes() {
        return lastBytes;
    }

    /** @return the matrices the latest {@link #sync()} uploaded */
    public int lastUploadMatrices() {
        return lastMatrices;
    }

    /**
     * @return the OpenGL calls that carried the latest {@link #sync()}'s matrices: one {@code glBufferSubData} per
     *     run of consecutive slots ({@link Upload#SUB_DATA}), or bind, map and unmap ({@link Upload#MAPPED})
     */
    public int lastUploadCalls() {
        return lastCalls;
    }

    /** @return the OpenGL buffer's name (it changes when the buffer grows) */
    public int buffer() {
        return buffer;
    }

    /** @return the texture-buffer texture (RGBA32F) over the buffer, for {@code texelFetch} in a shader */
    public int texture() {
        return texture;
    }

    /** @return the matrices the GPU buffer holds now */
    public int capacity() {
        return capacity;
    }

    /** Deletes the buffer and texture and frees the staging memory; its context must be current. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        glDeleteTextures(texture);
        glDeleteBuffers(buffer);
        MemoryUtil.memFree(staging);
    }
}
