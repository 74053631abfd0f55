package dev.arbor.gl;

import static org.lwjgl.egl.EGL10.EGL_ALPHA_SIZE;
import static org.lwjgl.egl.EGL10.EGL_BLUE_SIZE;
import static org.lwjgl.egl.EGL10.EGL_DEPTH_SIZE;
import static org.lwjgl.egl.EGL10.EGL_EXTENSIONS;
import static org.lwjgl.egl.EGL10.EGL_GREEN_SIZE;
import static org.lwjgl.egl.EGL10.EGL_NONE;
import static org.lwjgl.egl.EGL10.EGL_NO_CONTEXT;
import static org.lwjgl.egl.EGL10.EGL_NO_DISPLAY;
import static org.lwjgl.egl.EGL10.EGL_NO_SURFACE;
import static org.lwjgl.egl.EGL10.EGL_PBUFFER_BIT;
import static org.lwjgl.egl.EGL10.EGL_RED_SIZE;
import static org.lwjgl.egl.EGL10.EGL_SURFACE_TYPE;
import static org.lwjgl.egl.EGL12.EGL_RENDERABLE_TYPE;
import static org.lwjgl.egl.EGL14.EGL_OPENGL_API;
import static org.lwjgl.egl.EGL14.EGL_OPENGL_BIT;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_MAJOR_VERSION;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_MINOR_VERSION;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_OPENGL_PROFILE_MASK;
import static org.lwjgl.opengl.GL11.GL_RENDERER;
import static org.lwjgl.opengl.GL11.GL_RGBA;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11.GL_VERSION;
import static org.lwjgl.opengl.GL11.glGetString;
import static org.lwjgl.opengl.GL11.glReadPixels;
import static org.lwjgl.opengl.GL11.glViewport;
import static org.lwjgl.opengl.GL11.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11.glPixelStorei;
import static org.lwjgl.opengl.GL30.GL_COLOR_ATTACHMENT0;
import static org.lwjgl.opengl.GL30.GL_DEPTH24_STENCIL8;
import static org.lwjgl.opengl.GL30.GL_DEPTH_STENCIL_ATTACHMENT;
import static org.lwjgl.opengl.GL30.GL_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30.GL_FRAMEBUFFER_COMPLETE;
import static org.lwjgl.opengl.GL30.GL_RENDERBUFFER;
import static org.lwjgl.opengl.GL30.GL_RGBA8;
import static org.lwjgl.opengl.GL30.glBindFramebuffer;
import static org.lwjgl.opengl.GL30.glBindRenderbuffer;
import static org.lwjgl.opengl.GL30.glCheckFramebufferStatus;
import static org.lwjgl.opengl.GL30.glDeleteFramebuffers;
import static org.lwjgl.opengl.GL30.glDeleteRenderbuffers;
import static org.lwjgl.opengl.GL30.glFramebufferRenderbuffer;
import static org.lwjgl.opengl.GL30.glGenFramebuffers;
import static org.lwjgl.opengl.GL30.glGenRenderbuffers;
import static org.lwjgl.opengl.GL30.glRenderbufferStorage;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.lwjgl.PointerBuffer;
import org.lwjgl.egl.EGL;
import org.lwjgl.egl.EGL10;
import org.lwjgl.egl.EGL14;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

/**
 * An OpenGL 3.3 core context without a window, made through EGL, with a framebuffer object of a fixed size (RGBA8
 * colour, 24-bit depth) bound as the draw and read target: what is drawn stays on the GPU until
 * {@link #readPixels} copies it out.
 *
 * <p>The EGL display is Mesa's surfaceless platform ({@code EGL_MESA_platform_surfaceless}, no display server or GPU
 * device needed; software rendering by llvmpipe where there is no GPU) when the EGL library offers it, else EGL's
 * default display. The program sets this up itself: nothing needs exporting. The display is initialized once per
 * process and stays initialized (terminating it would end every other context of the process).
 *
 * <p>Thread-safety: an OpenGL context is current on one thread at a time. {@link #offscreen} makes the new context
 * current on the calling thread; another thread calls {@link #makeCurrent} before any OpenGL call, and the first
 * thread must not use it meanwhile. Every other method of this package that calls OpenGL expects its context current.
 */
public final class GlContext implements AutoCloseable {
    /** {@code EGL_PLATFORM_SURFACELESS_MESA}, from {@code EGL_MESA_platform_surfaceless}. */
    static final int EGL_PLATFORM_SURFACELESS_MESA = 0x31DD;
    /** The largest width or height accepted, in pixels. */
    public static final int MAX_SIZE = 16384;

    private static long display = EGL_NO_DISPLAY;
    private static String displayKind;

    private final int width;
    private final int height;
    private final long context;
    private final GLCapabilities capabilities;
    private final int framebuffer;
    private final int colorBuffer;
    private final int depthBuffer;
    private boolean closed;

    private GlContext(int width, int height, long context, GLCapabilities capabilities, int framebuffer,
                      int colorBuffer, int depthBuffer) {
        this.width = width;
        this.height = height;
        this.context = context;
        this.capabilities = capabilities;
        this.framebuffer = framebuffer;
        this.colorBuffer = colorBuffer;
        this.depthBuffer = depthBuffer;
    }

    /**
     * Opens an OpenGL 3.3 core context with a {@code width × height} framebuffer, makes it current on the calling
     * thread, binds the framebuffer and sets the viewport to it.
     *
     * @param width framebuffer width in pixels, 1 to {@link #MAX_SIZE}
     * @param height framebuffer height in pixels, 1 to {@link #MAX_SIZE}
     * @return the context, current on this thread
     * @throws IllegalArgumentException if a size is out of range
     * @throws GlUnavailableException if there is no EGL library, no EGL display or no OpenGL 3.3 core configuration
     */
    public static GlContext offscreen(int width, int height) {
        if (width < 1 || width > MAX_SIZE) {
            throw new IllegalArgumentException("width out of range: width=" + width + ", range=[1, " + MAX_SIZE + "]");
        }
        if (height < 1 || height > MAX_SIZE) {
            throw new IllegalArgumentException("height out of range: height=" + height + ", range=[1, " + MAX_SIZE
                    + "]");
        }
        long dpy = display();
        long context;
        try (MemoryStack stack = MemoryStack.stackPush()) {
            PointerBuffer configs = stack.mallocPointer(1);
            int[] count = new int[1];
            int[] attributes = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                    EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_DEPTH_SIZE, 24,
                    EGL_NONE};
            if (!EGL10.eglChooseConfig(dpy, attributes, configs, count) || count[0] == 0) {
                throw new GlUnavailableException("OpenGL unavailable: EGL (" + displayKind + ") has no configuration"
                        + " with the OpenGL and pbuffer bits (eglChooseConfig error=0x"
                        + Integer.toHexString(EGL10.eglGetError()) + ")", null, false);
            }
            if (!EGL14.eglBindAPI(EGL_OPENGL_API)) {
                throw new GlUnavailableException("OpenGL unavailable: eglBindAPI(EGL_OPENGL_API) failed, error=0x"
                        + Integer.toHexString(EGL10.eglGetError()), null, false);
            }
            int[] contextAttributes = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
            context = EGL10.eglCreateContext(dpy, configs.get(0), EGL_NO_CONTEXT, contextAttributes);
            if (context == EGL_NO_CONTEXT) {
                throw new GlUnavailableException("OpenGL unavailable: no OpenGL 3.3 core context from EGL ("
                        + displayKind + "), eglCreateContext error=0x" + Integer.toHexString(EGL10.eglGetError()),
                        null, false);
            }
        }
        if (!EGL10.eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
            int error = EGL10.eglGetError();
            EGL10.eglDestroyContext(dpy, context);
            throw new GlUnavailableException("OpenGL unavailable: eglMakeCurrent without a surface failed, error=0x"
                    + Integer.toHexString(error), null, false);
        }
        GLCapabilities capabilities = GL.createCapabilities();
        int framebuffer = glGenFramebuffers();
        int color = glGenRenderbuffers();
        int depth = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, color);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
        glBindRenderbuffer(GL_RENDERBUFFER, depth);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
        glBindRenderbuffer(GL_RENDERBUFFER, 0);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth);
        int status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        GlContext created = new GlContext(width, height, context, capabilities, framebuffer, color, depth);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            created.close();
            throw new IllegalStateException("framebuffer incomplete: status=0x" + Integer.toHexString(status)
                    + ", width=" + width + ", height=" + height);
        }
        glViewport(0, 0, width, height);
        return created;
    }

    /** The process's EGL display, initialized on first use. */
    private static synchronized long display() {
        if (display != EGL_NO_DISPLAY) {
            return display;
        }
        try {
            // bind OpenGL's entry points through eglGetProcAddress, not GLX
            Configuration.OPENGL_CONTEXT_API.set("EGL");
        } catch (NoClassDefFoundError e) {
            throw new IllegalStateException("LWJGL is not on the class path (org.lwjgl:lwjgl, lwjgl-egl, lwjgl-opengl"
                    + " and their natives are arbor-gl's dependencies): " + e, e);
        }
        try {
            EGL.getCapabilities();
        } catch (LinkageError | IllegalStateException e) {   // UnsatisfiedLinkError, or the initialization wrapping it
            throw new GlUnavailableException("OpenGL unavailable: no EGL display: cannot load the EGL library"
                    + " (libEGL.so.1; on Debian or Ubuntu: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri): " + e,
                    e, true);
        }
        String clientExtensions = EGL10.eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
        long dpy = EGL_NO_DISPLAY;
        String kind = "default display";
        long getPlatformDisplay = EGL.getCapabilities().eglGetPlatformDisplayEXT;
        if (clientExtensions != null && clientExtensions.contains("EGL_MESA_platform_surfaceless")
                && getPlatformDisplay != 0L) {
            // called directly: the surfaceless platform takes EGL_DEFAULT_DISPLAY (0), which LWJGL's wrapper refuses
            try (MemoryStack stack = MemoryStack.stackPush()) {
                dpy = JNI.callPPP(EGL_PLATFORM_SURFACELESS_MESA, 0L, MemoryUtil.memAddress(stack.ints(EGL_NONE)),
                        getPlatformDisplay);
            }
            kind = "Mesa surfaceless platform";
        }
        if (dpy == EGL_NO_DISPLAY) {
            dpy = EGL10.eglGetDisplay(0L);
            kind = "default display";
        }
        if (dpy == EGL_NO_DISPLAY) {
            throw new GlUnavailableException("OpenGL unavailable: no EGL display: neither Mesa's surfaceless"
                    + " platform nor a default display", null, true);
        }
        int[] major = new int[1];
        int[] minor = new int[1];
        if (!EGL10.eglInitialize(dpy, major, minor)) {
            throw new GlUnavailableException("OpenGL unavailable: no EGL display: eglInitialize failed on the"
                    + " EGL " + kind + ", error=0x" + Integer.toHexString(EGL10.eglGetError()) + " (on Debian or"
                    + " Ubuntu: apt-get install libegl-mesa0 libgl1-mesa-dri)", null, true);
        }
        EGL.createDisplayCapabilities(dpy, major[0], minor[0]);
        display = dpy;
        displayKind = kind + ", EGL " + major[0] + "." + minor[0];
        return dpy;
    }

    /** @return the framebuffer's width in pixels */
    public int width() {
        return width;
    }

    /** @return the framebuffer's height in pixels */
    public int height() {
        return height;
    }

    /** @return {@code GL_RENDERER}, such as {@code llvmpipe (LLVM 15.0.6, 256 bits)}; the context must be current */
    public String renderer() {
        requireOpen();
        return glGetString(GL_RENDERER);
    }

    /** @return {@code GL_VERSION}, such as {@code 4.5 (Core Profile) Mesa 22.3.6}; the context must be current */
    public String version() {
        requireOpen();
        return glGetString(GL_VERSION);
    }

    /** @return the EGL display used: the platform and EGL's version */
    public static synchronized String displayKind() {
        return displayKind;
    }

    /**
     * Makes this context current on the calling thread and binds its framebuffer and viewport.
     *
     * @throws IllegalStateException if the context is closed or EGL refuses (it is current on another thread)
     */
    public void makeCurrent() {
        requireOpen();
        if (!EGL10.eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
            throw new IllegalStateException("eglMakeCurrent failed: error=0x"
                    + Integer.toHexString(EGL10.eglGetError()));
        }
        GL.setCapabilities(capabilities);
        bindFramebuffer();
    }

    /** Binds this context's framebuffer as the draw and read target and sets the viewport to all of it. */
    public void bindFramebuffer() {
        requireOpen();
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glViewport(0, 0, width, height);
    }

    /** @return the OpenGL name of the framebuffer object */
    public int framebuffer() {
        return framebuffer;
    }

    /**
     * Copies the framebuffer's pixels into {@code dest}: RGBA, one byte per channel, {@code width × height × 4}
     * bytes, rows from the <em>bottom</em> of the picture up (OpenGL's order), from {@code dest}'s position (which is
     * not changed). Waits for the drawing to finish. Allocation-free.
     *
     * @param dest a direct buffer with at least {@code width × height × 4} bytes remaining
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code dest} is not direct or too short
     * @throws IllegalStateException if the context is closed
     */
    public ByteBuffer readPixels(ByteBuffer dest) {
        requireOpen();
        int required = width * height * 4;
        if (!dest.isDirect()) {
            throw new IllegalArgumentException("dest must be a direct buffer: isDirect=false");
        }
        if (dest.remaining() < required) {
            throw new IllegalArgumentException("dest too short: remaining=" + dest.remaining() + ", required="
                    + required);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, MemoryUtil.memAddress(dest));
        return dest;
    }

    /**
     * Reads the framebuffer into a new picture, top row first. Allocates the picture and a pixel buffer.
     *
     * @return an RGB picture of {@code width × height} pixels (alpha dropped)
     * @throws IllegalStateException if the context is closed
     */
    public BufferedImage readImage() {
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 4);
        try {
            readPixels(pixels);
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < height; y++) {
                int row = (height - 1 - y) * width * 4;
                for (int x = 0; x < width; x++) {
                    int i = row + 4 * x;
                    int rgb = (pixels.get(i) & 0xFF) << 16 | (pixels.get(i + 1) & 0xFF) << 8 | pixels.get(i + 2) & 0xFF;
                    image.setRGB(x, y, rgb);
                }
            }
            return image;
        } finally {
            MemoryUtil.memFree(pixels);
        }
    }

    /**
     * Writes the framebuffer as a PNG file ({@link #readImage}, then ImageIO).
     *
     * @param file the file to write; its directory must exist, an existing file is replaced
     * @throws IOException if the file cannot be written
     * @throws IllegalStateException if the context is closed
     */
    public void writePng(Path file) throws IOException {
        BufferedImage image = readImage();
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }

    /**
     * Deletes the framebuffer and destroys the context; the context must be current on this thread. Does nothing
     * when already closed.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteFramebuffers(framebuffer);
        glDeleteRenderbuffers(colorBuffer);
        glDeleteRenderbuffers(depthBuffer);
        EGL10.eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        GL.setCapabilities(null);
        EGL10.eglDestroyContext(display, context);
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("GL context is closed");
        }
    }
}
