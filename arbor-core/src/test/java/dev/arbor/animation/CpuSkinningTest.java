package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link CpuSkinning} by hand: blends, weights that do not add up to 1, directions, and refused arguments. */
class CpuSkinningTest {
    /** Joint 0 moves +2 along x; joint 1 scales by 3. */
    private static final float[] MOVE_AND_SCALE = {1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0,
        0};

    @Test
    void aVertexBetweenTwoJointsIsTheirWeightedBlend() {
        // a vertex at (1, 1, 1) weighted 0.25 / 0.75 (and two unused influences naming joint 0 with weight 0); a
        // second vertex with zero weights keeps its position
        float[] out = CpuSkinning.points(new float[] {1, 1, 1, 5, 6, 7}, new int[] {0, 1, 0, 0, 1, 1, 1, 1},
                new float[] {0.25f, 0.75f, 0, 0, 0, 0, 0, 0}, MOVE_AND_SCALE, new float[6]);
        assertThat(out).containsExactly(0.25f * 3 + 0.75f * 3, 0.25f + 0.75f * 3, 0.25f + 0.75f * 3, 5, 6, 7);
        // weights that do not add up to 1 (quantized) are divided by their sum
        float[] half = CpuSkinning.points(new float[] {1, 1, 1}, new int[] {0, 1, 0, 0},
                new float[] {0.125f, 0.375f, 0, 0}, MOVE_AND_SCALE, new float[3]);
        assertThat(half).containsExactly(out[0], out[1], out[2]);
    }

    @Test
    void directionsAreBlendedByTheLinearPartWithoutTheTranslation() {
        // joint 0 moves +2 along x (a normal keeps its direction), joint 1 turns 90° about +Z (x → y) and moves by
        // (5, 6, 7); the normal (1, 0, 0) weighted 0.5 / 0.5 becomes (0.5, 0.5, 0); with joint 1 alone, (0, 1, 0)
        float[] palette = {1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0, 1, 0, -1, 0, 0, 0, 0, 1, 5, 6, 7};
        float[] out = CpuSkinning.directions(new float[] {1, 0, 0, 1, 0, 0}, new int[] {0, 1, 0, 0, 1, 0, 0, 0},
                new float[] {0.5f, 0.5f, 0, 0, 1, 0, 0, 0}, palette, new float[6]);
        assertThat(out).containsExactly(0.5f, 0.5f, 0, 0, 1, 0);
        // the same vertex as a position does move
        float[] moved = CpuSkinning.points(new float[] {1, 0, 0}, new int[] {1, 0, 0, 0}, new float[] {1, 0, 0, 0},
                palette, new float[3]);
        assertThat(moved).containsExactly(5, 7, 7);
    }

    @Test
    void aWeightedJointBeyondThePaletteIsRefusedByNameAndNothingIsWritten() {
        float[] dest = {9, 9, 9, 9, 9, 9};
        assertThatThrownBy(() -> CpuSkinning.points(new float[6], new int[] {0, 0, 0, 0, 1, 2, 0, 0},
                new float[] {1, 0, 0, 0, 0.5f, 0.5f, 0, 0}, MOVE_AND_SCALE, dest))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("joint index 2 of vertex 1 (influence 1, weight 0.5) is not within the palette's 2 joints");
        assertThat(dest).containsExactly(9, 9, 9, 9, 9, 9);
        // an unweighted influence may name any joint, as exporters pad with joint 0 or garbage
        assertThat(CpuSkinning.points(new float[] {1, 1, 1}, new int[] {0, 7, -1, 99}, new float[] {1, 0, 0, 0},
                MOVE_AND_SCALE, new float[3])).containsExactly(3, 1, 1);
    }

    @Test
    void shortArraysAndAnAliasedDestinationAreRefused() {
        float[] positions = new float[6];
        assertThatThrownBy(() -> CpuSkinning.points(positions, new int[4], new float[8], MOVE_AND_SCALE,
                new float[6])).hasMessage("joints too short: length=4, required=8");
        assertThatThrownBy(() -> CpuSkinning.directions(positions, new int[8], new float[8], new float[13],
                new float[6])).hasMessage("palette length 13 is not a multiple of 12");
        assertThatThrownBy(() -> CpuSkinning.points(positions, new int[8], new float[8], MOVE_AND_SCALE, positions))
                .hasMessageContaining("dest is the source array");
        assertThatThrownBy(() -> CpuSkinning.points(new float[3], new int[8], new float[8], MOVE_AND_SCALE,
                new float[6])).hasMessage("source too short: length=3, required=6");
    }
}
