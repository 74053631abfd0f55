/**
 * glTF 2.0 import and export for Arbor: {@code .gltf} and {@code .glb} files read into immutable models, instantiated
 * into a {@code Hierarchy}, and written back.
 */
module dev.arbor.gltf {
    requires transitive dev.arbor.core;
    requires com.fasterxml.jackson.databind;
    requires java.desktop;

    exports dev.arbor.gltf;
}
