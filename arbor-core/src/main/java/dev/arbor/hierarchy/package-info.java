/**
 * The facade: {@link dev.arbor.hierarchy.Hierarchy} owns the packed node arrays, speaks generational handles and
 * JOML types, tracks what changed and exports world matrices for rendering. Everything above (importers, tools)
 * goes through it.
 */
package dev.arbor.hierarchy;
