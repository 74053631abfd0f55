package dev.arbor.gl;

import org.junit.jupiter.api.Assumptions;

/** What the OpenGL tests share: a context, or the test skipped with the reason when this machine has none. */
final class GlTests {
    private GlTests() {
    }

    /**
     * Opens an offscreen context, or aborts the calling test (JUnit assumption, reason printed) when no EGL display
     * can be had; any other failure fails the test.
     */
    static GlContext context(int width, int height) {
        try {
            return GlContext.offscreen(width, height);
        } catch (GlUnavailableException e) {
            if (!e.noDisplay()) {
                throw e;   // a display without OpenGL 3.3 core is a failure, not a reason to skip
            }
            System.out.println("skipped: " + e.getMessage());
            Assumptions.abort(e.getMessage());
            throw e;
        }
    }
}
