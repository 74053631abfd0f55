package dev.arbor.gl;

/**
 * The GLSL 3.30 core sources of {@link ModelRenderer}'s program.
 *
 * <p>Vertex stage: a vertex's bind position, normal and tangent are first displaced by the primitive's morph targets
 * ({@code Σₜ weightₜ × deltaₜ}, the weights of instance {@code i} at {@code morphBase + i × morphStride} of the
 * {@code morphWeights} texture buffer, the deltas of target {@code t}, vertex {@code v} at texels
 * {@code 3 × (t × morphVertices + v)} (position), {@code + 1} (normal) and {@code + 2} (tangent) of
 * {@code morphDeltas}), then skinned by the palette entries of its four joints (weights divided by their sum; a
 * vertex whose weights add up to 0, or any vertex when {@code jointCount} is 0, keeps its position), then taken to
 * the world by its {@code worldFromMesh}, times, for a node with {@code EXT_mesh_gpu_instancing}, the copy's
 * {@code meshFromInstance} (so the copies are placed after skinning, in the node's space, as the CPU picture places
 * them). The matrices come from texture buffers of RGBA32F texels, a 4×4 column-major matrix in four consecutive
 * texels (one column each). In a crowd ({@code crowd} true) {@code i = gl_InstanceID} is the member: its palette
 * entry for joint {@code j} is matrix {@code paletteBase + i × jointCount + j} of {@code palettes}, its morph weights
 * start at {@code morphBase + i × morphStride}, its mesh matrix is matrix {@code meshBase + i} of {@code meshes}.
 * Otherwise every copy reads {@code i = 0} there, and copy {@code gl_InstanceID} of an instanced node takes matrix
 * {@code instanceBase + gl_InstanceID} of {@code instanceMatrices} ({@code instanceBase} -1: none).
 * {@code COLOR_0} (location 7; (1, 1, 1, 1) when absent, alpha 1 for RGB) goes to the fragment stage.
 *
 * <p>Fragment stage: glTF's metallic-roughness model under one directional light and a constant ambient term: base
 * colour (factor × sRGB texture decoded to linear × {@code COLOR_0}), metallic and roughness (factors × the texture's blue and green),
 * the normal texture in the tangent frame ({@code TANGENT}, else one made from the screen derivatives of position
 * and UV), the occlusion texture's red channel darkening the ambient term, the emission (factor × strength × sRGB
 * texture) added; a GGX specular lobe with Schlick's Fresnel and the Smith-Schlick visibility, Lambert diffuse; the
 * result encoded to sRGB. {@code KHR_materials_unlit} materials show their base colour. Back faces of single-sided
 * materials are discarded (the winding judged with the sign of the determinant of {@code worldFromBind}, so that
 * mirrored instances keep their front faces); back faces of double-sided ones are lit with the normal reversed.
 * Alpha: {@code OPAQUE} writes 1, {@code MASK} discards fragments below the cut-off and writes 1, {@code BLEND}
 * writes the base colour's alpha.
 */
final class Shaders {
    /** Attribute locations. */
    static final int POSITION = 0;
    static final int NORMAL = 1;
    static final int TEXCOORD_0 = 2;
    static final int JOINTS = 3;
    static final int WEIGHTS = 4;
    static final int TEXCOORD_1 = 5;
    static final int TANGENT = 6;
    static final int COLOR_0 = 7;
    /** Texture units. */
    static final int UNIT_BASE_COLOR = 0;
    static final int UNIT_METALLIC_ROUGHNESS = 1;
    static final int UNIT_PALETTES = 2;
    static final int UNIT_MESHES = 3;
    static final int UNIT_NORMAL = 4;
    static final int UNIT_OCCLUSION = 5;
    static final int UNIT_EMISSIVE = 6;
    static final int UNIT_MORPH_DELTAS = 7;
    static final int UNIT_MORPH_WEIGHTS = 8;
    static final int UNIT_INSTANCES = 9;
    /** Alpha modes, as the {@code alphaMode} uniform takes them. */
    static final int OPAQUE = 0;
    static final int MASK = 1;
    static final int BLEND = 2;
    /** Texels per morph target and vertex in {@code morphDeltas}: position, normal, tangent. */
    static final int MORPH_TEXELS = 3;

    private Shaders() {
    }

    static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            layout(location = 2) in vec2 texcoord0;
            layout(location = 3) in uvec4 joints;
            layout(location = 4) in vec4 weights;
            layout(location = 5) in vec2 texcoord1;
            layout(location = 6) in vec4 tangent;
            layout(location = 7) in vec4 color0;

            uniform samplerBuffer palettes;
            uniform samplerBuffer meshes;
            uniform samplerBuffer morphDeltas;
            uniform samplerBuffer morphWeights;
            uniform samplerBuffer instanceMatrices;
            // a crowd: gl_InstanceID picks the member's palette, weights and mesh matrix; otherwise every copy
            // drawn shares them and, when instanceBase >= 0, takes its meshFromInstance from instanceMatrices
            uniform bool crowd;
            uniform int instanceBase;
            uniform int jointCount;
            uniform int paletteBase;
            uniform int meshBase;
            uniform int morphTargets;
            uniform int morphVertices;
            uniform int morphBase;
            uniform int morphStride;
            uniform mat4 clipFromWorld;

            out vec3 worldPosition;
            out vec3 worldNormal;
            out vec4 worldTangent;
            out vec2 uv0;
            out vec2 uv1;
            out vec4 vertexColor;
            flat out int mirrored;

            mat4 matrixAt(samplerBuffer buffer, int index) {
                int t = 4 * index;
                return mat4(texelFetch(buffer, t), texelFetch(buffer, t + 1), texelFetch(buffer, t + 2),
                        texelFetch(buffer, t + 3));
            }

            void main() {
                vec3 p = position;
                vec3 n = normal;
                vec3 t = tangent.xyz;
                int member = crowd ? gl_InstanceID : 0;
                int weightBase = morphBase + member * morphStride;
                for (int k = 0; k < morphTargets; k++) {
                    float w = texelFetch(morphWeights, weightBase + k).r;
                    if (w != 0.0) {
                        int d = 3 * (k * morphVertices + gl_VertexID);
                        p += w * texelFetch(morphDeltas, d).xyz;
                        n += w * texelFetch(morphDeltas, d + 1).xyz;
                        t += w * texelFetch(morphDeltas, d + 2).xyz;
                    }
                }
                mat4 meshFromBind = mat4(1.0);
                float sum = dot(weights, vec4(1.0));
                if (jointCount > 0 && sum > 0.0) {
                    int base = paletteBase + member * jointCount;
                    vec4 w = weights / sum;
                    meshFromBind = w.x * matrixAt(palettes, base + int(joints.x))
                            + w.y * matrixAt(palettes, base + int(joints.y))
                            + w.z * matrixAt(palettes, base + int(joints.z))
                            + w.w * matrixAt(palettes, base + int(joints.w));
                }
                mat4 worldFromMesh = matrixAt(meshes, meshBase + member);
                if (instanceBase >= 0) {
                    worldFromMesh = worldFromMesh * matrixAt(instanceMatrices, instanceBase + gl_InstanceID);
                }
                mat4 worldFromBind = worldFromMesh * meshFromBind;
                vec4 world = worldFromBind * vec4(p, 1.0);
                mat3 linear = mat3(worldFromBind);
                // normals by the cofactor matrix, det × inverse transpose: three cross products instead of an
                // inverse; the sign of det turns it back, the length is normalized per pixel
                vec3 c0 = cross(linear[1], linear[2]);
                float det = dot(linear[0], c0);
                mat3 cofactor = mat3(c0, cross(linear[2], linear[0]), cross(linear[0], linear[1]));
                worldPosition = world.xyz;
                worldNormal = (det < 0.0 ? -1.0 : 1.0) * (cofactor * n);
                worldTangent = vec4(linear * t, tangent.w);
                mirrored = det < 0.0 ? 1 : 0;
                uv0 = texcoord0;
                uv1 = texcoord1;
                vertexColor = color0;
                gl_Position = clipFromWorld * world;
            }
            """;

    static final String FRAGMENT = """
            #version 330 core
            in vec3 worldPosition;
            in vec3 worldNormal;
            in vec4 worldTangent;
            in vec2 uv0;
            in vec2 uv1;
            in vec4 vertexColor;
            flat in int mirrored;

            uniform vec4 baseColorFactor;
            uniform float metallicFactor;
            uniform float roughnessFactor;
            uniform vec3 emissiveFactor;
            uniform float normalScale;
            uniform float occlusionStrength;
            uniform bool hasNormals;
            uniform bool hasTangents;
            uniform int alphaMode;
            uniform float alphaCutoff;
            uniform bool doubleSided;
            uniform bool unlit;
            // per texture: whether it is bound, its UV set (0 or 1) and its KHR_texture_transform
            uniform bool hasBaseColorTexture;
            uniform bool hasMetallicRoughnessTexture;
            uniform bool hasNormalTexture;
            uniform bool hasOcclusionTexture;
            uniform bool hasEmissiveTexture;
            uniform ivec4 uvSets;          // base colour, metallic-roughness, normal, occlusion
            uniform int emissiveUvSet;
            uniform mat3 baseColorUv;
            uniform mat3 metallicRoughnessUv;
            uniform mat3 normalUv;
            uniform mat3 occlusionUv;
            uniform mat3 emissiveUv;
            uniform sampler2D baseColorTexture;
            uniform sampler2D metallicRoughnessTexture;
            uniform sampler2D normalTexture;
            uniform sampler2D occlusionTexture;
            uniform sampler2D emissiveTexture;
            uniform vec3 towardLight;
            uniform vec3 lightColor;
            uniform vec3 ambientColor;
            uniform vec3 cameraPosition;
            uniform bool orthographic;
            uniform vec3 viewDirection;

            out vec4 fragment;

            const float PI = 3.14159265;

            vec2 uvOf(int set, mat3 transform) {
                return (transform * vec3(set == 1 ? uv1 : uv0, 1.0)).xy;
            }

            void main() {
                bool front = gl_FrontFacing != (mirrored == 1);
                if (!doubleSided && !front) {
                    discard;
                }
                vec4 base = baseColorFactor;
                if (hasBaseColorTexture) {
                    base *= texture(baseColorTexture, uvOf(uvSets.x, baseColorUv));
                }
                base *= vertexColor;
                if (alphaMode == 1 && base.a < alphaCutoff) {
                    discard;
                }
                float alpha = alphaMode == 2 ? base.a : 1.0;
                vec3 linear;
                if (unlit) {
                    linear = base.rgb;
                } else {
                    float metallic = metallicFactor;
                    float roughness = roughnessFactor;
                    if (hasMetallicRoughnessTexture) {
                        vec4 mr = texture(metallicRoughnessTexture, uvOf(uvSets.y, metallicRoughnessUv));
                        metallic *= mr.b;
                        roughness *= mr.g;
                    }
                    roughness = clamp(roughness, 0.04, 1.0);
                    vec3 v = orthographic ? -viewDirection : normalize(cameraPosition - worldPosition);
                    vec3 n;
                    if (hasNormals) {
                        n = normalize(worldNormal);
                        if (!front) {
                            n = -n;
                        }
                    } else {
                        n = normalize(cross(dFdx(worldPosition), dFdy(worldPosition)));
                        if (dot(n, v) < 0.0) {
                            n = -n;
                        }
                    }
                    if (hasNormalTexture) {
                        vec2 uv = uvOf(uvSets.z, normalUv);
                        vec3 t;
                        float handedness = 1.0;
                        if (hasTangents) {
                            t = worldTangent.xyz;
                            handedness = worldTangent.w < 0.0 ? -1.0 : 1.0;
                            if (!front) {
                                t = -t;
                            }
                        } else {
                            vec2 uvDx = dFdx(uv);
                            vec2 uvDy = dFdy(uv);
                            float det = uvDx.x * uvDy.y - uvDy.x * uvDx.y;
                            t = (uvDy.y * dFdx(worldPosition) - uvDx.y * dFdy(worldPosition)) / (det == 0.0 ? 1.0 : det);
                        }
                        t = t - n * dot(n, t);
                        if (dot(t, t) > 1e-12) {
                            t = normalize(t);
                            vec3 b = cross(n, t) * handedness;
                            vec3 s = texture(normalTexture, uv).xyz * 2.0 - 1.0;
                            s.xy *= normalScale;
                            n = normalize(mat3(t, b, n) * s);
                        }
                    }
                    vec3 l = normalize(towardLight);
                    vec3 h = normalize(l + v);
                    float nl = max(dot(n, l), 0.0);
                    float nv = max(abs(dot(n, v)), 1e-4);
                    float nh = max(dot(n, h), 0.0);
                    float vh = max(dot(v, h), 0.0);
                    float a = roughness * roughness;
                    float a2 = a * a;
                    float d = nh * nh * (a2 - 1.0) + 1.0;
                    float distribution = a2 / (PI * d * d);
                    float k = a / 2.0;
                    float visibility = 0.25 / ((nl * (1.0 - k) + k) * (nv * (1.0 - k) + k));
                    vec3 f0 = mix(vec3(0.04), base.rgb, metallic);
                    vec3 fresnel = f0 + (1.0 - f0) * pow(1.0 - vh, 5.0);
                    vec3 diffuse = (1.0 - fresnel) * (1.0 - metallic) * base.rgb / PI;
                    vec3 specular = fresnel * distribution * visibility;
                    float occlusion = 1.0;
                    if (hasOcclusionTexture) {
                        occlusion += occlusionStrength
                                * (texture(occlusionTexture, uvOf(uvSets.w, occlusionUv)).r - 1.0);
                    }
                    linear = (diffuse + specular) * lightColor * nl + ambientColor * base.rgb * occlusion;
                }
                vec3 emission = emissiveFactor;
                if (hasEmissiveTexture) {
                    emission *= texture(emissiveTexture, uvOf(emissiveUvSet, emissiveUv)).rgb;
                }
                linear += emission;
                vec3 srgb = mix(12.92 * linear, 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055,
                        step(0.0031308, linear));
                fragment = vec4(clamp(srgb, 0.0, 1.0), alpha);
            }
            """;
}
