/**
 * The {@code arbor} command-line program (picocli): {@code demo} times a crowd of glTF models or a built-in scene;
 * {@code inspect}, {@code dump}, {@code render} and {@code bounds} read a glTF file and show its tree, world matrices,
 * a picture and bounding boxes. Sits on top of the core, the glTF importer and the scene generator; nothing depends
 * on it.
 */
package dev.arbor.cli;
