package dev.arbor.gl;

/**
 * Thrown when no OpenGL context can be had on this machine: the EGL library is missing, EGL has no display, or no
 * configuration offers OpenGL 3.3 core. The message is one line naming what failed and what to install.
 */
public final class GlUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, one line
     * @param cause the underlying error, or {@code null}
     */
    public GlUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
