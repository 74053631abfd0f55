package dev.arbor.gltf;

/**
 * A {@code KHR_lights_punctual} light. It shines along the local -Z axis of the node that holds it (see
 * {@link GltfModel#nodeLight}). Immutable.
 *
 * @param name the light's name, or {@code null}
 * @param type {@code "directional"}, {@code "point"} or {@code "spot"}
 * @param red linear red of {@code color} (1 when absent)
 * @param green linear green
 * @param blue linear blue
 * @param intensity candela for point and spot lights, lux for directional ones (1 when absent)
 * @param range distance where the light reaches zero, or {@link Float#POSITIVE_INFINITY} when absent
 * @param innerConeAngle spot lights' inner cone angle in radians (0 when absent; 0 for other types)
 * @param outerConeAngle spot lights' outer cone angle in radians (π/4 when absent; 0 for other types)
 */
public record GltfLight(String name, String type, float red, float green, float blue, float intensity, float range,
                        float innerConeAngle, float outerConeAngle) {
}
