package dev.arbor.scenes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScenesTest {

    @Test
    void namedScenesHaveTheirDocumentedShapes() {
        Scene seed = Scenes.byName("seed-6000");
        assertThat(seed.size()).isEqualTo(6000);
        assertThat(seed.rootCount()).isEqualTo(2000);
        assertThat(seed.maxDepth()).isEqualTo(2);

        Scene game = Scenes.byName("game-100k");
        assertThat(game.size()).isEqualTo(100 * (1 + 4 + 16 + 48 + 144 + 288 + 576));
        assertThat(game.rootCount()).isEqualTo(100);
        assertThat(game.maxDepth()).isEqualTo(6);

        Scene chain = Scenes.byName("chain-10k");
        assertThat(chain.size()).isEqualTo(10_000);
        assertThat(chain.maxDepth()).isEqualTo(9_999);

        Scene flat = Scenes.byName("flat-100k");
        assertThat(flat.rootCount()).isEqualTo(1);
        assertThat(flat.childCounts()[0]).isEqualTo(99_999);

        Scene crowd = Scenes.byName("crowd");
        assertThat(crowd.size()).isEqualTo(65_000);
        assertThat(crowd.rootCount()).isEqualTo(1000);

        Scene million = Scenes.byName("million");
        assertThat(million.size()).isEqualTo(1_000_000);
        assertThat(million.rootCount()).isEqualTo(1000);
        assertThat(million.maxDepth()).isBetween(8, 60);
    }

    @Test
    void sameSeedGivesSameSceneAndOtherSeedDiffers() {
        assertThat(Scenes.seed6000(7).contentHash()).isEqualTo(Scenes.seed6000(7).contentHash());
        assertThat(Scenes.seed6000(7).contentHash()).isNotEqualTo(Scenes.seed6000(8).contentHash());
    }

    @Test
    void everyParentPrecedesItsChildAndRotationsAreUnit() {
        for (String name : Scenes.NAMES) {
            Scene s = Scenes.byName(name);
            int[] parents = s.parents();
            for (int i = 0; i < parents.length; i++) {
                assertThat(parents[i]).isBetween(-1, i - 1);
            }
            float[] q = s.animatedRotations(17, new float[s.size() * 4]);
            for (int i = 0; i < s.size(); i += 97) {
                double len = Math.sqrt(q[i * 4] * q[i * 4] + q[i * 4 + 1] * q[i * 4 + 1]
                        + q[i * 4 + 2] * q[i * 4 + 2] + q[i * 4 + 3] * q[i * 4 + 3]);
                assertThat(len).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
            }
        }
    }

    @Test
    void animatedRotationAtFrameZeroIsTheRestRotation() {
        Scene s = Scenes.byName("seed-6000");
        float[] q = new float[4];
        s.animatedRotation(123, 0, q, 0);
        assertThat(q).containsExactly(s.rotations()[123 * 4], s.rotations()[123 * 4 + 1],
                s.rotations()[123 * 4 + 2], s.rotations()[123 * 4 + 3]);
    }

    @Test
    void unknownSceneNameIsRejectedWithTheKnownNames() {
        assertThatThrownBy(() -> Scenes.byName("huge"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("name=huge")
                .hasMessageContaining("seed-6000");
    }

    @Test
    void parentAfterChildIsRejected() {
        assertThatThrownBy(() -> new Scene("bad", new int[] {-1, 2, 0}, new float[9], new float[12],
                new float[9], new float[9]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parents[1]=2 must be -1 or in [0, 1)");
    }
}
