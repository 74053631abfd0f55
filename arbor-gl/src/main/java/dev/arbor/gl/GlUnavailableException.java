package dev.arbor.gl;

/**
 * Thrown when no OpenGL context can be had on this machine: the EGL library is missing, EGL has no display, or no
 * configuration offers OpenGL 3.3 core. The message is one line naming what failed and what to install;
 * {@link #noDisplay()} tells the first two cases (nothing on this machine can draw) from the last.
 */
public final class GlUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Whether no EGL display could be had at all. */
    private final boolean noDisplay;

    /**
     * @param message what failed, one line
     * @param cause the underlying error, or {@code null}
     * @param noDisplay whether no EGL display could be had (no library, no display, or it cannot be initialized)
     */
    public GlUnavailableException(String message, Throwable cause, boolean noDisplay) {
        super(message, cause);
        this.noDisplay = noDisplay;
    }

    /**
     * @return {@code true} when no EGL display could be had (the EGL library missing, no display, or its
     *     initialization failed); {@code false} when a display was there but offered no OpenGL 3.3 core context
     */
    public boolean noDisplay() {
        return noDisplay;
    }
}
