/**
 * Entry points of the benchmark module: {@link dev.arbor.bench.BenchMain} (JMH runs, ns/node tables and CSV),
 * {@link dev.arbor.bench.MemoryMain} (bytes per node) and {@link dev.arbor.bench.ChartMain} (PNG charts from JMH
 * JSON). Nothing else in Arbor depends on this module.
 */
package dev.arbor.bench;
