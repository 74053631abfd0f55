/**
 * The JMH benchmark classes, one per workload family, and the {@link dev.arbor.bench.workloads.Fixture} that builds
 * one implementation from one scene, gates it on correctness and holds the precomputed inputs of a workload.
 */
package dev.arbor.bench.workloads;
