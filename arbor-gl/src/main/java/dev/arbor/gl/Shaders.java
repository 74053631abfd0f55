package dev.arbor.gl;

/**
 * The GLSL 3.30 core sources of {@link ModelRenderer}'s program.
 *
 * <p>Vertex stage: a vertex's bind position is skinned by the palette entries of its four joints (weights divided by
 * their sum; a vertex whose weights add up to 0, or any vertex when {@code jointCount} is 0, keeps its position), then
 * taken to the world by its instance's {@code worldFromMesh}. Both matrices come from texture buffers of RGBA32F
 * texels, a 4×4 column-major matrix in four consecutive texels (one column each): the palette entry of instance
 * {@code i}, joint {@code j} is matrix {@code paletteBase + i × jointCount + j} of {@code palettes}, instance
 * {@code i}'s mesh matrix is matrix {@code meshBase + i} of {@code meshes}; {@code i} is {@code gl_InstanceID}.
 *
 * <p>Fragment stage: glTF's metallic-roughness model under one directional light and a constant ambient term: base
 * colour (factor × sRGB texture decoded to linear), metallic and roughness (factors × the texture's blue and green),
 * a GGX specular lobe with Schlick's Fresnel and the Smith-Schlick visibility, Lambert diffuse; the result encoded
 * to sRGB. Faces are lit on the side facing the camera; without {@code NORMAL} the face normal is used.
 */
final class Shaders {
    /** Attribute locations. */
    static final int POSITION = 0;
    static final int NORMAL = 1;
    static final int TEXCOORD = 2;
    static final int JOINTS = 3;
    static final int WEIGHTS = 4;
    /** Texture units. */
    static final int UNIT_BASE_COLOR = 0;
    static final int UNIT_METALLIC_ROUGHNESS = 1;
    static final int UNIT_PALETTES = 2;
    static final int UNIT_MESHES = 3;

    private Shaders() {
    }

    static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            layout(location = 2) in vec2 texcoord;
            layout(location = 3) in uvec4 joints;
            layout(location = 4) in vec4 weights;

            uniform samplerBuffer palettes;
            uniform samplerBuffer meshes;
            uniform int jointCount;
            uniform int paletteBase;
            uniform int meshBase;
            uniform mat4 clipFromWorld;
            uniform mat3 uvTransform;

            out vec3 worldPosition;
            out vec3 worldNormal;
            out vec2 uv;

            mat4 matrixAt(samplerBuffer buffer, int index) {
                int t = 4 * index;
                return mat4(texelFetch(buffer, t), texelFetch(buffer, t + 1), texelFetch(buffer, t + 2),
                        texelFetch(buffer, t + 3));
            }

            void main() {
                mat4 meshFromBind = mat4(1.0);
                float sum = dot(weights, vec4(1.0));
                if (jointCount > 0 && sum > 0.0) {
                    int base = paletteBase + gl_InstanceID * jointCount;
                    vec4 w = weights / sum;
                    meshFromBind = w.x * matrixAt(palettes, base + int(joints.x))
                            + w.y * matrixAt(palettes, base + int(joints.y))
                            + w.z * matrixAt(palettes, base + int(joints.z))
                            + w.w * matrixAt(palettes, base + int(joints.w));
                }
                mat4 worldFromBind = matrixAt(meshes, meshBase + gl_InstanceID) * meshFromBind;
                vec4 world = worldFromBind * vec4(position, 1.0);
                worldPosition = world.xyz;
                worldNormal = transpose(inverse(mat3(worldFromBind))) * normal;
                uv = (uvTransform * vec3(texcoord, 1.0)).xy;
                gl_Position = clipFromWorld * world;
            }
            """;

    static final String FRAGMENT = """
            #version 330 core
            in vec3 worldPosition;
            in vec3 worldNormal;
            in vec2 uv;

            uniform vec4 baseColorFactor;
            uniform float metallicFactor;
            uniform float roughnessFactor;
            uniform bool hasBaseColorTexture;
            uniform bool hasMetallicRoughnessTexture;
            uniform bool hasNormals;
            uniform float alphaCutoff;
            uniform sampler2D baseColorTexture;
            uniform sampler2D metallicRoughnessTexture;
            uniform vec3 towardLight;
            uniform vec3 lightColor;
            uniform vec3 ambientColor;
            uniform vec3 cameraPosition;
            uniform bool orthographic;
            uniform vec3 viewDirection;

            out vec4 fragment;

            const float PI = 3.14159265;

            void main() {
                vec4 base = baseColorFactor;
                if (hasBaseColorTexture) {
                    base *= texture(baseColorTexture, uv);
                }
                if (base.a < alphaCutoff) {
                    discard;
                }
                float metallic = metallicFactor;
                float roughness = roughnessFactor;
                if (hasMetallicRoughnessTexture) {
                    vec4 mr = texture(metallicRoughnessTexture, uv);
                    metallic *= mr.b;
                    roughness *= mr.g;
                }
                roughness = clamp(roughness, 0.04, 1.0);
                vec3 v = orthographic ? -viewDirection : normalize(cameraPosition - worldPosition);
                vec3 n = hasNormals ? normalize(worldNormal)
                        : normalize(cross(dFdx(worldPosition), dFdy(worldPosition)));
                if (dot(n, v) < 0.0) {
                    n = -n;
                }
                vec3 l = normalize(towardLight);
                vec3 h = normalize(l + v);
                float nl = max(dot(n, l), 0.0);
                float nv = max(dot(n, v), 1e-4);
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
                vec3 linear = (diffuse + specular) * lightColor * nl + ambientColor * base.rgb;
                vec3 srgb = mix(12.92 * linear, 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055,
                        step(0.0031308, linear));
                fragment = vec4(clamp(srgb, 0.0, 1.0), 1.0);
            }
            """;
}
