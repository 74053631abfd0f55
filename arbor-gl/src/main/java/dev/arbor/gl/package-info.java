/**
 * OpenGL drawing of glTF models posed by Arbor: {@link dev.arbor.gl.GlContext} opens an offscreen OpenGL 3.3 core
 * context (EGL, no display needed) with a framebuffer to read back, {@link dev.arbor.gl.GpuModel} holds a model's
 * meshes, materials and textures on the GPU, and {@link dev.arbor.gl.ModelRenderer} draws posed instances, skinned
 * and morphed in the vertex shader from the palettes and weights Arbor writes, a whole crowd with one instanced draw
 * per primitive ({@link dev.arbor.gl.CrowdVisibility} culls it), and {@link dev.arbor.gl.WorldMatrixBuffer} keeps a
 * hierarchy's world matrices on the GPU, uploading only those that changed.
 */
package dev.arbor.gl;
