/**
 * The correctness gate of the benchmarks: a double-precision reference of every scene's world matrices and the
 * check that every implementation matches it before it is timed.
 */
package dev.arbor.bench.check;
