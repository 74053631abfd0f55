package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code arbor view} where no window can be opened (one line, exit code 1), and the window's keys without a window
 * ({@link ViewerControls}). The window itself needs a display and is not tested here.
 */
class ViewCommandTest {
    /** Runs {@code view} with the given environment; stdout and stderr. */
    static String[] view(Map<String, String> environment, int expectedExit, String... args) {
        CommandLine cmd = ArborMain.commandLine();
        ((ViewCommand) cmd.getSubcommands().get("view").getCommand()).environment = environment;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "view";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = cmd.execute(all);
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void withoutADisplayViewSaysSoAndExitsWithOne() {
        String model = GltfCommandsTest.shared("CesiumMan", "CesiumMan.glb").toString();
        String[] r = view(Map.of(), 1, model);
        assertThat(r[0]).isEmpty();
        assertThat(r[1].split("\\R")).containsExactly("arbor: view: no display: view opens a window, and DISPLAY and"
                + " WAYLAND_DISPLAY are unset; render --gpu FILE -o out.png draws offscreen", "try 'arbor view --help'");
        assertThat(ViewCommand.hasDisplay(Map.of("DISPLAY", " "))).isFalse();
        assertThat(ViewCommand.hasDisplay(Map.of("DISPLAY", ":0"))).isTrue();
        assertThat(ViewCommand.hasDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0"))).isTrue();
    }

    @Test
    void crowdOutOfRangeIsAUsageError() {
        String model = GltfCommandsTest.shared("CesiumMan", "CesiumMan.glb").toString();
        String[] r = view(Map.of(), 2, model, "--crowd", "0");
        assertThat(r[1]).startsWith("arbor: view: --crowd 0: out of range, 1 to 1024");
    }

    @Test
    void keysPlayPauseChooseTheClipAndSizeTheCrowd() {
        ViewerControls c = new ViewerControls(2, 1);
        assertThat(c.playing()).isTrue();
        c.advance(0.5f);
        assertThat(c.time()).isEqualTo(0.5f);
        assertThat(c.press(ViewerControls.KEY_SPACE)).isTrue();
        assertThat(c.playing()).isFalse();
        c.advance(0.5f);
        assertThat(c.time()).as("paused: the clock stands").isEqualTo(0.5f);
        assertThat(c.status()).isEqualTo("clip 1 of 2, crowd 1, paused");
        // number keys: 2 chooses clip 1 and restarts it; 3 names a clip the file lacks
        assertThat(c.press(ViewerControls.KEY_1 + 1)).isTrue();
        assertThat(c.clip()).isEqualTo(1);
        assertThat(c.time()).isZero();
        assertThat(c.press(ViewerControls.KEY_1 + 2)).isFalse();
        assertThat(c.press(ViewerControls.KEY_1 + 1)).as("the clip shown already").isFalse();
        // + doubles up to 1024, - halves down to 1
        for (int k = 0; k < 10; k++) {
            assertThat(c.press(k % 2 == 0 ? ViewerControls.KEY_EQUAL : ViewerControls.KEY_KP_ADD)).isTrue();
        }
        assertThat(c.crowd()).isEqualTo(1024);
        assertThat(c.press(ViewerControls.KEY_EQUAL)).isFalse();
        assertThat(c.press(ViewerControls.KEY_MINUS)).isTrue();
        assertThat(c.crowd()).isEqualTo(512);
        for (int k = 0; k < 9; k++) {
            c.press(ViewerControls.KEY_KP_SUBTRACT);
        }
        assertThat(c.crowd()).isEqualTo(1);
        assertThat(c.press(ViewerControls.KEY_MINUS)).isFalse();
        assertThat(c.press('Q')).as("other keys").isFalse();
        assertThat(new ViewerControls(0, 3).status()).isEqualTo("clip 0 of 0, crowd 3");
    }

    @Test
    void controlsRefuseValuesOutOfRange() {
        assertThatThrownBy(() -> new ViewerControls(-1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("clipCount out of range: clipCount=-1, required >= 0");
        assertThatThrownBy(() -> new ViewerControls(1, 1025)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("crowd out of range: crowd=1025, range=[1, 1024]");
    }
}
