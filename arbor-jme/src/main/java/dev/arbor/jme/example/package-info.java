/**
 * A complete jME application animated through the bridge: a crowd of Cesium Men walking under a jME camera, in a
 * window or headless.
 */
package dev.arbor.jme.example;
