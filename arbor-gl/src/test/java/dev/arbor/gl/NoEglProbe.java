package dev.arbor.gl;

/** Run in a JVM of its own by {@link GlContextTest}: opens a context and prints the outcome's first line. */
public final class NoEglProbe {
    private NoEglProbe() {
    }

    /**
     * @param args none
     */
    public static void main(String[] args) {
        try (GlContext gl = GlContext.offscreen(4, 4)) {
            System.out.println("opened " + gl.renderer());
        } catch (GlUnavailableException e) {
            System.out.println("noDisplay=" + e.noDisplay() + " " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
