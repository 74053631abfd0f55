/**
 * Measurements of the floors under Arbor's figures: the machine's streaming memory bandwidth (large scenes) and the
 * cost of computing one node from planes against records (lazy reads and sparse updates).
 */
package dev.arbor.lab.machine;
