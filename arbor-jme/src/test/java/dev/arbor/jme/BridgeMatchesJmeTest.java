package dev.arbor.jme;

import static org.assertj.core.api.Assertions.assertThat;

import com.jme3.anim.SkinningControl;
import com.jme3.math.Matrix4f;
import com.jme3.scene.Spatial;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The skinning matrices jME uploads for a bridged model are the ones jME computes with its own AnimComposer and
 * SkinningControl on an unbridged copy: every joint, 50 times of the first clip, among them both sides of the loop
 * seam (reached by playing across it), within 1e-5 (largest element difference over max(1, largest element)).
 */
class BridgeMatchesJmeTest {
    static final double TOLERANCE = 1e-5;

    @ParameterizedTest
    @ValueSource(strings = {Models.CESIUM_MAN, Models.RIGGED_FIGURE})
    void bridgedSkinningMatricesMatchJmesOwn(String path) {
        Spatial reference = Models.load(path);
        Spatial bridged = Models.load(path);
        String clip = Models.firstClip(reference);
        Models.JmePlayer jme = new Models.JmePlayer(reference, clip);
        ArborAnimation animation = ArborAnimation.attach(bridged);
        animation.play(clip);
        SkinningControl skinning = BridgedModel.find(bridged, SkinningControl.class);
        float length = animation.clip(clip).endTime();
        assertThat((double) length).isEqualTo(jme.composer.getAnimClip(clip).getLength(), org.assertj.core.data.Offset.offset(1e-6));
        double worst = 0;
        String where = "";
        int frames = 0;
        for (int k = 0; k < 50; k++) {
            float jmeTime;
            if (k < 44) {
                // evenly over the clip, its end included, from a seek
                jmeTime = k * length / 43;
                animation.animator().playback(0).seek(jmeTime);
                animation.update(0);
            } else {
                // across the seam: from just before the end, played forward past it
                float before = length - 0.001f * (k - 43);
                float step = 0.002f * (k - 43);
                animation.animator().playback(0).seek(before);
                animation.update(step);
                jmeTime = before + step - length;
                assertThat(animation.animator().playback(0).time()).isCloseTo(jmeTime,
                        org.assertj.core.data.Offset.offset(1e-6f));
            }
            Matrix4f[] want = jme.at(jmeTime);
            skinning.update(0);
            Matrix4f[] got = skinning.getArmature().computeSkinningMatrices();
            assertThat(got).hasSameSizeAs(want);
            for (int j = 0; j < want.length; j++) {
                double e = Models.error(want[j], got[j]);
                if (e > worst) {
                    worst = e;
                    where = String.format(Locale.ROOT, "time %.4f joint %d", jmeTime, j);
                }
            }
            frames++;
        }
        System.out.printf(Locale.ROOT, "# %s: %d times, largest error %.2e at %s%n", path, frames, worst, where);
        assertThat(worst).as(where).isLessThanOrEqualTo(TOLERANCE);
    }
}
