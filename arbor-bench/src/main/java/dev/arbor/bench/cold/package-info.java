/**
 * The cold-start benchmark ({@link dev.arbor.bench.cold.ColdStartMain}): what the first frames and the first glTF
 * read cost in a fresh JVM, for Arbor with and without the vector module and for its peers, beside three.js's first
 * parse in a fresh Node process; each measurement in a new process ({@link dev.arbor.bench.cold.ColdChild}).
 */
package dev.arbor.bench.cold;
