package dev.arbor.jme.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.jme3.system.JmeContext;
import org.junit.jupiter.api.Test;

/** The example application runs headless: its crowd is built, animated for its frames, and the application stops. */
class WalkingCrowdTest {
    @Test
    void runsHeadlessAndAnimatesItsCrowd() throws Exception {
        WalkingCrowd app = new WalkingCrowd(20, 40);
        app.setShowSettings(false);
        app.start(JmeContext.Type.Headless, true);
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (app.frames() < 40 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(app.frames()).isGreaterThanOrEqualTo(40);
        assertThat(app.crowd().size()).isEqualTo(20);
        assertThat(app.crowd().time(0)).isPositive();
        app.stop(true);
    }

    @Test
    void badOptionsAreRefused() {
        assertThatThrownBy(() -> WalkingCrowd.main(new String[] {"--count", "0"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--count must be at least 1: value=0");
        assertThatThrownBy(() -> WalkingCrowd.main(new String[] {"--fast"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown option: --fast");
    }
}
