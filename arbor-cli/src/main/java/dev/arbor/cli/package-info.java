/**
 * The {@code arbor} command-line program (picocli): {@code demo} animates a built-in scene and times the updates.
 * Sits on top of the core and the scene generator; nothing depends on it.
 */
package dev.arbor.cli;
