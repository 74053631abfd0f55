/**
 * OpenGL 3.3 drawing for Arbor: an offscreen context through EGL, glTF models uploaded to the GPU, and skinning from
 * Arbor's palettes in the vertex shader, one instanced draw per primitive for a crowd.
 */
module dev.arbor.gl {
    requires transitive dev.arbor.gltf;
    requires org.lwjgl;
    requires org.lwjgl.egl;
    requires org.lwjgl.opengl;
    requires java.desktop;

    exports dev.arbor.gl;
}
