package dev.arbor.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.bench.animation.Crowd;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The alternating-rounds timer runs every implementation it is given and prints one line each; bad options fail. */
class CrowdRoundsMainTest {
    @Test
    void printsALinePerImplementation() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        double[] result = CrowdRoundsMain.run(Crowd.of("rigged-1000"), new String[] {"jme", "jme-arbor"}, 3, 1, true,
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("jme-arbor").contains("least ratio to jme").contains("jme-arbor  palettes");
        assertThat(result).hasSize(4);
        for (double v : result) {
            assertThat(v).isPositive();
        }
    }

    @Test
    void badOptionsAreRefused() {
        assertThatThrownBy(() -> CrowdRoundsMain.main(new String[] {"--rounds", "2"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--rounds must be at least 3: value=2");
        assertThatThrownBy(() -> CrowdRoundsMain.main(new String[] {"--fast"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown option: --fast");
    }
}
