/**
 * glTF 2.0 import and export: {@link dev.arbor.gltf.Gltf} reads {@code .gltf} and {@code .glb} files into an
 * immutable {@link dev.arbor.gltf.GltfModel} (nodes, scenes, skins, animation clips, mesh bounds), which builds any
 * number of instances in a {@link dev.arbor.hierarchy.Hierarchy} and hands a renderer, on request, mesh attributes,
 * GPU-ready vertex buffers, materials, textures, images, cameras and lights; {@link dev.arbor.gltf.GltfWriter} writes a
 * hierarchy back. Malformed input is always a {@link dev.arbor.gltf.GltfException} naming the JSON location.
 */
package dev.arbor.gltf;
