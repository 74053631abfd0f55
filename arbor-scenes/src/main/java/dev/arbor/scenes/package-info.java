/**
 * The named benchmark scenes ({@code seed-6000}, {@code game-100k}, {@code chain-10k}, {@code flat-100k},
 * {@code crowd}, {@code million}) as plain arrays — parent indices in topological order and rest TRS — so that
 * Arbor and every peer in the benchmarks build exactly the same tree from one generator with a fixed
 * pseudo-random sequence.
 */
package dev.arbor.scenes;
