/**
 * The team's measuring instruments, kept out of the product jars: {@link dev.arbor.lab.CompareBuildsMain} (two builds
 * of Arbor taking turns in one JVM), {@link dev.arbor.lab.FrameSplitMain} (a frame split into its bulk set and its
 * update) and the machine floors of {@code dev.arbor.lab.machine}. What they measured is in {@code docs/lab/}.
 */
package dev.arbor.lab;
