/**
 * OpenGL drawing of glTF models posed by Arbor: {@link dev.arbor.gl.GlContext} opens an offscreen OpenGL 3.3 core
 * context (EGL, no display needed) with a framebuffer to read back, {@link dev.arbor.gl.GpuModel} holds a model's
 * meshes, materials and textures on the GPU, and {@link dev.arbor.gl.ModelRenderer} draws posed instances, skinned
 * in the vertex shader from the palettes Arbor writes, a whole crowd with one instanced draw per primitive.
 */
package dev.arbor.gl;
