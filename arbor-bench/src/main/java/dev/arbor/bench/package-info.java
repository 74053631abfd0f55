/**
 * Entry points of the benchmark module: {@link dev.arbor.bench.BenchMain} (JMH runs, ns/node tables and CSV),
 * {@link dev.arbor.bench.MemoryMain} (bytes per node) and {@link dev.arbor.bench.ChartMain} (PNG charts from JMH
 * JSON). Only {@code arbor-cli}'s {@code bench} command depends on this module.
 */
package dev.arbor.bench;
