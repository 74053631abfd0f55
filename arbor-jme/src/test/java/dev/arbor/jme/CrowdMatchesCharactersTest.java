package dev.arbor.jme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.jme3.anim.SkinningControl;
import com.jme3.math.Matrix4f;
import com.jme3.scene.Spatial;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A crowd of bridged models (CesiumMan and RiggedFigure mixed: two groups) gives, frame after frame, the palettes the
 * same models give one by one through {@link ArborAnimation} at the same times, on one thread and on two; and jME's
 * skinning controls upload exactly the crowd's palettes.
 */
class CrowdMatchesCharactersTest {
    private static final int CHARACTERS = 24;
    private static final float FRAME = 1f / 60;

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2})
    void crowdGivesThePalettesOfTheCharactersOneByOne(int threads) {
        ArborCrowdState crowd = new ArborCrowdState().setThreads(threads);
        Spatial[] crowdModels = new Spatial[CHARACTERS];
        ArborAnimation[] singles = new ArborAnimation[CHARACTERS];
        for (int i = 0; i < CHARACTERS; i++) {
            String path = i % 3 == 2 ? Models.RIGGED_FIGURE : Models.CESIUM_MAN;
            crowdModels[i] = Models.load(path);
            String clip = Models.firstClip(crowdModels[i]);
            float start = 0.137f * i;
            assertThat(crowd.add(crowdModels[i], clip, start)).isEqualTo(i);
            singles[i] = ArborAnimation.attach(Models.load(path));
            singles[i].play(clip).seek(singles[i].clip(clip).wrap(start));
        }
        double worst = 0;
        float[] palette = new float[0];
        try {
            for (int f = 0; f < 150; f++) {
                crowd.update(FRAME);
                for (int i = 0; i < CHARACTERS; i++) {
                    singles[i].update(FRAME);
                    float[] single = singles[i].palette();
                    if (palette.length != single.length) {
                        palette = new float[single.length];
                    }
                    crowd.palette(i, palette, 0);
                    for (int e = 0; e < single.length; e++) {
                        worst = Math.max(worst, Math.abs(single[e] - palette[e]) / Math.max(1, Math.abs(single[e])));
                    }
                    // the same point of the loop (either side of its seam)
                    float length = singles[i].animator().playback(0).clip().endTime();
                    float apart = Math.abs(crowd.time(i) - singles[i].animator().playback(0).time());
                    assertThat(Math.min(apart, length - apart)).isLessThan(2e-4f);
                }
            }
            System.out.printf("# crowd against characters, %d thread(s): largest error %.2e%n", threads, worst);
            assertThat(worst).isLessThanOrEqualTo(1e-5);
            // jME uploads the crowd's palette
            for (int i = 0; i < CHARACTERS; i++) {
                SkinningControl skinning = BridgedModel.find(crowdModels[i], SkinningControl.class);
                Matrix4f[] uploaded = skinning.getArmature().computeSkinningMatrices();
                crowd.palette(i, palette = new float[uploaded.length * 16], 0);
                Matrix4f expected = new Matrix4f();
                for (int j = 0; j < uploaded.length; j++) {
                    ArborJointTransform.read(palette, 16 * j, expected);
                    assertThat(uploaded[j]).isEqualTo(expected);
                }
            }
        } finally {
            crowd.cleanup();
        }
    }

    @Test
    void unknownClipIsRefusedNamingTheClips() {
        ArborCrowdState crowd = new ArborCrowdState();
        assertThatThrownBy(() -> crowd.add(Models.load(Models.CESIUM_MAN), "Dance", 0f))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no clip named Dance").hasMessageContaining("clips=[anim_0]");
        assertThatThrownBy(() -> crowd.time(0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("character=0, characters=0");
    }
}
