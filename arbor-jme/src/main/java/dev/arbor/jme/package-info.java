/**
 * Arbor inside jMonkeyEngine 3.9: {@link dev.arbor.jme.ArborAnimation} animates one model's {@code Armature} with
 * Arbor, {@link dev.arbor.jme.ArborCrowdState} animates many as one Arbor crowd per frame, and
 * {@link dev.arbor.jme.SpatialFollowsNode} and {@link dev.arbor.jme.NodeFollowsSpatial} tie jME spatials and Arbor nodes
 * together. jME keeps its scene graph, materials, lights, culling and renderer; Arbor computes the skinning matrices
 * jME's {@code SkinningControl} uploads.
 */
package dev.arbor.jme;
