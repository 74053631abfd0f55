package dev.arbor.cli;

/**
 * What the keys of {@code arbor view} change, kept apart from the window so that it can be tested without one: play
 * or pause (space), the clip (number keys 1 to 9: clip 0 to 8, where the file has it), the crowd's size (+ doubles it
 * up to {@link #MAX_CROWD}, - halves it down to 1), and the clock, which runs while playing. Key codes are GLFW's
 * ({@code GLFW_KEY_*}: the ASCII code for space, digits, '=' and '-'; 333 and 334 for the keypad's - and +).
 */
final class ViewerControls {
    static final int KEY_SPACE = 32;
    static final int KEY_MINUS = 45;
    static final int KEY_1 = 49;
    static final int KEY_9 = 57;
    /** '=', the key that carries '+' on most layouts. */
    static final int KEY_EQUAL = 61;
    static final int KEY_KP_SUBTRACT = 333;
    static final int KEY_KP_ADD = 334;
    /** The largest crowd the viewer draws. */
    static final int MAX_CROWD = 1024;

    private final int clipCount;
    private boolean playing = true;
    private int clip;
    private int crowd;
    private float time;

    /**
     * @param clipCount the file's animations, at least 0
     * @param crowd the first crowd size, 1 to {@link #MAX_CROWD}
     * @throws IllegalArgumentException if a value is out of range
     */
    ViewerControls(int clipCount, int crowd) {
        if (clipCount < 0) {
            throw new IllegalArgumentException("clipCount out of range: clipCount=" + clipCount + ", required >= 0");
        }
        if (crowd < 1 || crowd > MAX_CROWD) {
            throw new IllegalArgumentException("crowd out of range: crowd=" + crowd + ", range=[1, " + MAX_CROWD
                    + "]");
        }
        this.clipCount = clipCount;
        this.crowd = crowd;
    }

    /**
     * Handles a key press.
     *
     * @param key the GLFW key code
     * @return whether the state changed (a number key of a clip the file lacks, + at the largest crowd and - at one
     *     change nothing)
     */
    boolean press(int key) {
        if (key == KEY_SPACE) {
            playing = !playing;
            return true;
        }
        if (key >= KEY_1 && key <= KEY_9) {
            int chosen = key - KEY_1;
            if (chosen >= clipCount || chosen == clip) {
                return false;
            }
            clip = chosen;
            time = 0;
            return true;
        }
        if (key == KEY_EQUAL || key == KEY_KP_ADD) {
            int grown = Math.min(MAX_CROWD, 2 * crowd);
            boolean changed = grown != crowd;
            crowd = grown;
            return changed;
        }
        if (key == KEY_MINUS || key == KEY_KP_SUBTRACT) {
            int shrunk = Math.max(1, crowd / 2);
            boolean changed = shrunk != crowd;
            crowd = shrunk;
            return changed;
        }
        return false;
    }

    /**
     * Advances the clock while playing.
     *
     * @param seconds the time since the previous frame, at least 0
     */
    void advance(float seconds) {
        if (playing) {
            time += seconds;
        }
    }

    boolean playing() {
        return playing;
    }

    /** @return the clip shown, 0 when the file has none */
    int clip() {
        return clip;
    }

    int crowd() {
        return crowd;
    }

    /** @return seconds played of the clip */
    float time() {
        return time;
    }

    /** @return the window title's status: clip (counted from 1), crowd size, paused */
    String status() {
        return "clip " + (clipCount == 0 ? 0 : clip + 1) + " of " + clipCount + ", crowd " + crowd
                + (playing ? "" : ", paused");
    }
}
