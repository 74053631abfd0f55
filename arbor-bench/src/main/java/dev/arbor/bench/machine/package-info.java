/** Measurements of the machine itself (memory bandwidth), the floors under Arbor's figures on large scenes. */
package dev.arbor.bench.machine;
