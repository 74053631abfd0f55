package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link InstanceNodes}: writes leave the bits the bulk setters leave (random forests with explicit matrices and
 * non-unit quaternions, both storage layouts), are published by the next update with their subtrees, read back as
 * planes in the documented layout; every misuse with its exception.
 */
class InstanceNodesTest {
    @ParameterizedTest
    @EnumSource(value = StorageLayout.class, names = {"PLANES", "RECORDS"})
    void writesLeaveWhatTheBulkSettersLeave(StorageLayout layout) {
        SplittableRandom random = new SplittableRandom(17);
        for (int round = 0; round < 5; round++) {
            Hierarchy a = new Hierarchy();
            Hierarchy b = new Hierarchy();
            a.setStorageLayout(layout);
            b.setStorageLayout(layout);
            long[][] handles = NodeListTest.build(random, a, b, 800);
            int instances = 1 + random.nextInt(20);
            int size = 1 + random.nextInt(12);
            int count = instances * size;
            int[] picked = distinct(random, 800, count);
            long[] ha = new long[count];
            long[] hb = new long[count + 3];
            for (int k = 0; k < count; k++) {
                ha[k] = handles[0][picked[k]];
                hb[k + 3] = handles[1][picked[k]];
            }
            float[] translations = gaussian(random, 3 * count);
            float[] rotations = gaussian(random, 4 * count); // rarely unit length: normalised on the way
            float[] scales = gaussian(random, 3 * count);
            a.setLocalRotations(ha, 0, count, rotations, 0); // splits explicit matrices first, as beginWrites does
            a.setLocalTranslations(ha, 0, count, translations, 0);
            a.setLocalScales(ha, 0, count, scales, 0);

            InstanceNodes nodes = new InstanceNodes(b, hb, 3, instances, size);
            float[] pose = new float[5 + InstanceNodes.POSE_FLOATS * size];
            nodes.beginWrites();
            for (int i = instances - 1; i >= 0; i--) { // any order
                for (int k = 0; k < size; k++) { // element e of member k at 5 + e × size + k
                    int m = i * size + k;
                    for (int c = 0; c < 3; c++) {
                        pose[5 + c * size + k] = translations[3 * m + c];
                        pose[5 + (7 + c) * size + k] = scales[3 * m + c];
                    }
                    for (int c = 0; c < 4; c++) {
                        pose[5 + (3 + c) * size + k] = rotations[4 * m + c];
                    }
                }
                nodes.writeLocals(i, pose, 5, InstanceNodes.ALL_PATHS);
            }
            nodes.endWrites();
            a.update();
            b.update();
            assertThat(b.changedCount()).isEqualTo(a.changedCount());
            float[] wa = new float[12];
            float[] wb = new float[12];
            for (int n = 0; n < 800; n++) {
                assertThat(b.hasLocalMatrix(handles[1][n])).isEqualTo(a.hasLocalMatrix(handles[0][n]));
                assertThat(b.getWorld(handles[1][n], wb, 0)).as("round %d node %d", round, n)
                        .isEqualTo(a.getWorld(handles[0][n], wa, 0));
            }
            b.checkInvariants();
        }
    }

    /**
     * <pre>
     *   r0 ─ a ─ c        instance 0: (a, c)
     *   r1 ─ b ─ d        instance 1: (b, d)
     * </pre>
     * Instance 1 only is written: b moved by (1, 2, 3) and turned 90° about z, d scaled by 2; the update publishes b
     * and d, nothing of instance 0; the planes read back hold each member's world matrix.
     */
    @Test
    void writtenMembersAndTheirSubtreesArePublishedAndReadBackAsPlanes() {
        Hierarchy h = new Hierarchy();
        long r0 = h.createRoot();
        long r1 = h.createRoot();
        long a = h.createChild(r0);
        long b = h.createChild(r1);
        long c = h.createChild(a);
        long d = h.createChild(b);
        h.setLocalTranslation(d, 0, 1, 0);
        h.update();
        InstanceNodes nodes = new InstanceNodes(h, new long[] {a, c, b, d}, 0, 2, 2);
        float s = (float) Math.sqrt(0.5);
        float[] pose = { // element e of member k (b, d) at e × 2 + k
            1, 0, 2, 1, 3, 0, // translations
            0, 0, 0, 0, s, 0, s, 1, // rotations
            1, 2, 1, 2, 1, 2, // scales
        };
        nodes.beginWrites();
        nodes.writeLocals(1, pose, 0, InstanceNodes.ALL_PATHS);
        nodes.endWrites();
        h.update();
        assertThat(h.changedCount()).isEqualTo(2);
        assertThat(new long[] {h.changedHandle(0), h.changedHandle(1)}).containsExactly(b, d);

        float[] planes = new float[12 * 2 * 2];
        nodes.beginReads();
        nodes.readWorlds(0, 2, planes, 0, 2); // element e of member k of instance i at e × 4 + k × 2 + i
        // b: rotation z 90° (x → y), at (1, 2, 3); d: its child, scaled by 2, one up in b's frame: at (0, 2, 3)
        float[] worldB = {0, 1, 0, -1, 0, 0, 0, 0, 1, 1, 2, 3};
        float[] worldD = {0, 2, 0, -2, 0, 0, 0, 0, 2, 0, 2, 3};
        float[] identity = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        for (int e = 0; e < 12; e++) {
            assertThat(planes[e * 4]).as("a element %d", e).isEqualTo(identity[e]);
            assertThat(planes[e * 4 + 1]).as("b element %d", e).isCloseTo(worldB[e], org.assertj.core.data.Offset
                    .offset(1e-6f));
            assertThat(planes[e * 4 + 2]).as("c element %d", e).isEqualTo(identity[e]);
            assertThat(planes[e * 4 + 3]).as("d element %d", e).isCloseTo(worldD[e], org.assertj.core.data.Offset
                    .offset(1e-6f));
        }
    }

    /**
     * A member given an explicit matrix between two writes is split into TRS by the next {@code beginWrites} (its
     * rotation kept where the write leaves it), and one with shear is refused there, nothing changed: the check of the
     * members for matrices, skipped while no node was given one, runs again after {@code setLocalMatrix}.
     */
    @Test
    void aMatrixGivenToAMemberBetweenWritesIsSplitOrRefusedAtTheNextWrite() {
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long a = h.createChild(root);
        long b = h.createChild(a);
        h.setLocalMatrix(root, new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 0, 0}, 0); // not a member
        InstanceNodes nodes = new InstanceNodes(h, new long[] {a, b}, 0, 1, 2);
        float[] pose = new float[InstanceNodes.POSE_FLOATS * 2];
        for (int k = 0; k < 2; k++) {
            pose[6 * 2 + k] = 1; // rotation w
            pose[7 * 2 + k] = pose[8 * 2 + k] = pose[9 * 2 + k] = 1; // scale
        }
        nodes.beginWrites();
        nodes.writeLocals(0, pose, 0, InstanceNodes.ALL_PATHS);
        nodes.endWrites();
        h.update();
        assertThat(h.hasLocalMatrix(root)).isTrue(); // members only are split

        // b: a quarter turn about z, at (0, 0, 7), as an explicit matrix
        h.setLocalMatrix(b, new float[] {0, 1, 0, -1, 0, 0, 0, 0, 1, 0, 0, 7}, 0);
        assertThat(h.hasLocalMatrix(b)).isTrue();
        pose[2 * 2 + 1] = 3; // b's translation z
        nodes.beginWrites();
        assertThat(h.hasLocalMatrix(b)).isFalse();
        nodes.writeLocals(0, pose, 0, InstanceNodes.TRANSLATIONS); // translations only: b keeps the matrix's rotation
        nodes.endWrites();
        h.update();
        float[] world = h.getWorld(b, new float[12], 0);
        float[] expected = {0, 1, 0, -1, 0, 0, 0, 0, 1, 5, 0, 3};
        for (int e = 0; e < 12; e++) {
            assertThat(world[e]).as("element %d", e).isCloseTo(expected[e], org.assertj.core.data.Offset.offset(1e-6f));
        }

        float[] sheared = {1, 0, 0, 0.5f, 1, 0, 0, 0, 1, 0, 0, 0};
        h.setLocalMatrix(a, sheared, 0);
        assertThatThrownBy(nodes::beginWrites).isInstanceOf(IllegalStateException.class);
        assertThat(h.hasLocalMatrix(a)).isTrue();
        assertThat(h.getLocalMatrix(a, new float[12], 0)).containsExactly(sheared);
    }

    /**
     * A bad value in an instance is refused before any of that instance is written, naming the member; instances
     * written before it are published. Two instances of two members: a and b, then c and d.
     */
    @Test
    void aBadValueLeavesItsInstanceAsItWasAndWhatWasWrittenIsStillPublished() {
        Hierarchy h = new Hierarchy();
        long a = h.createRoot();
        long b = h.createRoot();
        long c = h.createRoot();
        long d = h.createRoot();
        h.setLocalTranslation(c, 7, 0, 0);
        h.update();
        InstanceNodes nodes = new InstanceNodes(h, new long[] {a, b, c, d}, 0, 2, 2);
        // planes of 2 members: tx tx, ty ty, tz tz, qx qx, qy qy, qz qz, qw qw, sx sx, sy sy, sz sz
        float[] good = {5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
        nodes.beginWrites();
        nodes.writeLocals(0, good, 0, InstanceNodes.ALL_PATHS);
        float[] badTranslation = good.clone();
        badTranslation[1] = Float.NaN; // member 1 (d); member 0 (c) is fine, and must not be written either
        assertThatThrownBy(() -> nodes.writeLocals(1, badTranslation, 0, InstanceNodes.ALL_PATHS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("translation of " + Handles.toString(d) + " is not finite: (NaN, 0.0, 0.0)");
        float[] zeroRotation = good.clone();
        zeroRotation[13] = 0; // member 1's w
        assertThatThrownBy(() -> nodes.writeLocals(1, zeroRotation, 0, InstanceNodes.ROTATIONS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Handles.toString(d));
        nodes.endWrites();
        h.update();
        assertThat(h.changedCount()).isEqualTo(2);
        assertThat(h.getWorld(a, new float[12], 0)[9]).isEqualTo(5f);
        assertThat(h.getWorld(b, new float[12], 0)[9]).isEqualTo(6f);
        assertThat(h.getLocalTranslation(c, new org.joml.Vector3f()).x).isEqualTo(7f);
        assertThat(h.getLocalTranslation(d, new org.joml.Vector3f()).x).isEqualTo(0f);
        h.checkInvariants();
    }

    @Test
    void misuseIsRefused() {
        Hierarchy h = new Hierarchy();
        long a = h.createRoot();
        InstanceNodes nodes = new InstanceNodes(h, new long[] {a}, 0, 1, 1);
        float[] pose = new float[10];
        assertThatThrownBy(() -> nodes.writeLocals(0, pose, 0, InstanceNodes.ALL_PATHS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("writeLocals outside beginWrites() and endWrites()");
        assertThatThrownBy(nodes::endWrites).isInstanceOf(IllegalStateException.class)
                .hasMessage("endWrites() without beginWrites()");
        assertThatThrownBy(() -> nodes.readWorlds(0, 1, new float[12], 0, 1))
                .isInstanceOf(IllegalStateException.class).hasMessage("readWorlds without beginReads()");
        nodes.beginWrites();
        assertThatThrownBy(nodes::beginWrites).isInstanceOf(IllegalStateException.class)
                .hasMessage("beginWrites() twice; expected endWrites() first");
        assertThatThrownBy(nodes::beginReads).isInstanceOf(IllegalStateException.class)
                .hasMessage("beginReads() during a write; expected endWrites() first");
        assertThatThrownBy(() -> nodes.writeLocals(1, pose, 0, InstanceNodes.ALL_PATHS))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("instance=1 is out of range, instances=1");
        assertThatThrownBy(() -> nodes.writeLocals(0, new float[9], 0, InstanceNodes.ALL_PATHS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("pose too short");
        nodes.endWrites();
        nodes.beginReads();
        assertThatThrownBy(() -> nodes.readWorlds(0, 1, new float[11], 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("bad world planes: from=0");
        assertThatThrownBy(() -> nodes.writeLocals(0, pose, 0, 8)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("paths=8 is not a combination of TRANSLATIONS, ROTATIONS and SCALES");
        assertThatThrownBy(() -> new InstanceNodes(h, new long[] {a}, 0, -1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("negative shape: instances=-1, size=1");
        h.destroy(a);
        assertThatThrownBy(nodes::beginWrites).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("node list position 0: stale handle");
    }

    /** A crowd of one random shape: {@code instances} trees of {@code shape.length} nodes, members picked. */
    static long[] crowd(Hierarchy h, SplittableRandom random, int[] shape, int[] members, int instances) {
        long[] handles = new long[instances * members.length];
        for (int i = 0; i < instances; i++) {
            long[] nodes = new long[shape.length];
            for (int n = 0; n < shape.length; n++) {
                nodes[n] = shape[n] < 0 ? h.createRoot() : h.createChild(nodes[shape[n]]);
                h.setLocalTranslation(nodes[n], (float) random.nextGaussian(), (float) random.nextGaussian(), 1f);
                h.setLocalRotation(nodes[n], 0.6f, 0f, 0f, 0.8f);
                h.setLocalScale(nodes[n], 1f, (float) random.nextDouble(0.5, 2), 1f);
            }
            for (int k = 0; k < members.length; k++) {
                handles[i * members.length + k] = nodes[members[k]];
            }
        }
        h.update();
        return handles;
    }

    /**
     * Windows: in a crowd of one random shape (nodes between the members, members in any order), laid out instance
     * after instance and then breadth-first (in one cluster, or in clusters of 40 instances, where the blocks that
     * span two clusters are refused and the others read), every member of every instance of a block read by windows
     * lies in exactly one window lane, and readWindowProducts gives each the two products of readWorldProducts bit for
     * bit.
     */
    @Test
    void windowsHoldEveryMemberOfAWholeBlockOnceWithItsProducts() {
        SplittableRandom random = new SplittableRandom(21);
        for (int round = 0; round < 8; round++) {
            boolean clustered = round >= 5;
            int[] shape = new int[4 + random.nextInt(12)];
            for (int n = 0; n < shape.length; n++) {
                shape[n] = n == 0 ? -1 : random.nextInt(n);
            }
            Hierarchy h = clustered ? new Hierarchy(16, Tuning.DEFAULT.withClusters(40 * shape.length, 0))
                    : new Hierarchy();
            h.setStorageLayout(StorageLayout.PLANES);
            int size = shape.length - random.nextInt(shape.length / 4 + 1); // dense enough for windows
            int[] members = distinct(random, shape.length, size);
            int instances = clustered ? 200 : 16 + random.nextInt(40);
            long[] handles = crowd(h, random, shape, members, instances);
            InstanceNodes crowd = new InstanceNodes(h, handles, 0, instances, size);
            for (boolean breadthFirst : new boolean[] {false, true}) {
                if (breadthFirst) {
                    h.compactNow();
                }
                crowd.beginReads();
                int windows = crowd.windowCount();
                assertThat(windows).as("round %d, breadth-first %s", round, breadthFirst).isGreaterThan(0);
                float[] left = new float[12 * 16];
                for (int i = 0; i < left.length; i++) {
                    left[i] = (float) random.nextDouble(-2, 2);
                }
                float[] right = new float[12 * size];
                for (int i = 0; i < right.length; i++) {
                    right[i] = (float) random.nextDouble(-2, 2);
                }
                int stride = 16 * windows;
                float[] windowRight = new float[12 * stride];
                for (int w = 0; w < windows; w++) {
                    for (int r = 0; r < 16; r++) {
                        int k = crowd.windowMember(w, r);
                        for (int e = 0; e < 12 && k >= 0; e++) {
                            windowRight[e * stride + 16 * w + r] = right[12 * k + e];
                        }
                    }
                }
                float[] byMember = new float[12 * size * 16];
                float[] byWindow = new float[12 * stride];
                int refused = 0;
                int spanning = 0;
                for (int from = 0; from + 16 <= instances; from += 16) {
                    crowd.readWorldProducts(from, from + 16, left, 16, right, byMember, 0, 16, size * 16);
                    boolean spans = from / 40 != (from + 15) / 40; // across two clusters
                    spanning += spans ? 1 : 0;
                    if (!crowd.readWindowProducts(from, left, windowRight, byWindow, stride)) {
                        assertThat(clustered && spans).as("block at %d refused", from).isTrue();
                        refused++;
                        continue;
                    }
                    int[] seen = new int[16 * size];
                    for (int w = 0; w < windows; w++) {
                        for (int r = 0; r < 16; r++) {
                            int k = crowd.windowMember(w, r);
                            if (k < 0) {
                                continue;
                            }
                            int i = crowd.windowInstance(w, r);
                            seen[i * size + k]++;
                            for (int e = 0; e < 12; e++) {
                                assertThat(Float.floatToRawIntBits(byWindow[e * stride + 16 * w + r]))
                                        .as("block at %d, member %d of instance %d, element %d", from, k, i, e)
                                        .isEqualTo(Float.floatToRawIntBits(byMember[e * size * 16 + k * 16 + i]));
                            }
                        }
                    }
                    assertThat(seen).as("every member of the block once").containsOnly(1);
                }
                if (clustered && breadthFirst) {
                    assertThat(refused).as("blocks across clusters").isEqualTo(spanning).isEqualTo(2); // 32, 112
                }
            }
        }
    }

    /**
     * No windows where they do not serve: instances of different shapes, the records layout, a member named twice,
     * fewer than 16 instances, and members too sparse among their instances' nodes (two windows per member at most).
     */
    @Test
    void crowdsThatDoNotRepeatOnePatternHaveNoWindows() {
        SplittableRandom random = new SplittableRandom(22);
        int[] chain = {-1, 0, 1, 2};
        Hierarchy h = new Hierarchy();
        h.setStorageLayout(StorageLayout.PLANES);
        long[] handles = crowd(h, random, chain, new int[] {1, 2, 3}, 20);
        h.compactNow();
        assertThat(windows(h, handles, 20, 3)).isEqualTo(3); // breadth-first: one level, one window per member
        assertThat(windows(h, handles, 15, 3)).isZero();
        long[] twice = handles.clone();
        twice[4] = twice[3]; // instance 1 names its member 0 twice
        for (int i = 0; i < 20; i++) {
            twice[3 * i + 1] = twice[3 * i];
        }
        assertThat(windows(h, twice, 20, 3)).isZero();
        long[] uneven = handles.clone();
        uneven[3 * 7] = h.createChild(handles[0]); // one instance's member elsewhere
        h.update();
        assertThat(windows(h, uneven, 20, 3)).isZero();
        Hierarchy stars = new Hierarchy();
        stars.setStorageLayout(StorageLayout.PLANES);
        long[] star = crowd(stars, random, new int[] {-1, 0, 0, 0, 0}, new int[] {1, 2}, 20);
        stars.compactNow();
        assertThat(windows(stars, star, 20, 2)).isEqualTo(4); // four children per instance: four windows, two members
        long[] one = new long[20];
        for (int i = 0; i < 20; i++) {
            one[i] = star[2 * i];
        }
        assertThat(windows(stars, one, 20, 1)).isZero(); // four windows for one member: gathered instead
        Hierarchy records = new Hierarchy();
        records.setStorageLayout(StorageLayout.RECORDS);
        long[] inRecords = crowd(records, random, chain, new int[] {1, 2, 3}, 20);
        assertThat(windows(records, inRecords, 20, 3)).isZero();
    }

    private static int windows(Hierarchy h, long[] handles, int instances, int size) {
        InstanceNodes crowd = new InstanceNodes(h, handles, 0, instances, size);
        crowd.beginReads();
        return crowd.windowCount();
    }

    static int[] distinct(SplittableRandom random, int n, int count) {
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(n - i);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return java.util.Arrays.copyOf(all, count);
    }

    private static float[] gaussian(SplittableRandom random, int count) {
        float[] v = new float[count];
        for (int k = 0; k < count; k++) {
            v[k] = (float) random.nextGaussian();
        }
        return v;
    }
}
