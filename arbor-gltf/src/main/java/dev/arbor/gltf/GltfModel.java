package dev.arbor.gltf;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.Pose;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A parsed glTF document, independent of any hierarchy: nodes (names, local TRS or matrix, children, mesh and skin
 * references, content bounds), scenes, skins and animation clips. Immutable and thread-safe; build any number of
 * copies into hierarchies with {@link #instantiate} — a crowd shares this one model and its clip data.
 *
 * <p>Node indices are the file's glTF node indices. Animation clips target poses whose entries are the
 * {@link #animatedNodes()} in order: pose index {@code k} animates node {@code animatedNodes()[k]}. Their weights
 * channels write {@link MorphWeights} whose entries are the {@link #morphNodes()} in order: entry {@code k} holds the
 * morph-target weights of node {@code morphNodes()[k]}.
 */
public final class GltfModel {
    private final String sourceName;
    private final String generator;
    private final String[] names;
    private final int[] parents;
    private final int[][] children;
    private final boolean[] hasMatrix;
    /** Explicit local matrices, 12 floats per node (affine 3×4), where hasMatrix. */
    private final float[] matrices;
    /** TRS records, {@link Affine#TRS_STRIDE} per node, where !hasMatrix. */
    private final float[] trs;
    private final int[] meshes;
    private final int[] skins;
    private final boolean[] hasBounds;
    private final float[] bounds;
    private final int[][] sceneRoots;
    private final String[] sceneNames;
    private final int defaultScene;
    private final GltfSkin[] skinList;
    private final AnimationClip[] clips;
    private final int[] animatedNodes;
    /** The pose target of each node, or -1 where no animation drives it. */
    private final int[] targetOfNode;
    private final Pose restPose;
    /** Nodes whose mesh has morph targets, ascending; the entry of each node in them, or -1. */
    private final int[] morphNodes;
    private final int[] morphOfNode;
    /** Their default weights (node's, else mesh's, else zeros). */
    private final MorphWeights restWeights;
    private final int[] allRoots;
    private final List<String> warnings;
    /** Accessors read as key times whose first time is negative (the writer refuses to pass them through). */
    private final java.util.Set<Integer> negativeKeyTimes;
    private final SourceDocument source;
    private final Accessors accessors;
    /** The folder of a .gltf read from a file, for images beside it; or null. */
    private final java.nio.file.Path baseDir;

    private GltfModel(Builder b) {
        this.baseDir = b.baseDir;
        this.sourceName = b.sourceName;
        this.generator = b.generator;
        this.names = b.names;
        this.parents = b.parents;
        this.children = b.children;
        this.hasMatrix = b.hasMatrix;
        this.matrices = b.matrices;
        this.trs = b.trs;
        this.meshes = b.meshes;
        this.skins = b.skins;
        this.hasBounds = b.hasBounds;
        this.bounds = b.bounds;
        this.sceneRoots = b.sceneRoots;
        this.sceneNames = b.sceneNames;
        this.defaultScene = b.defaultScene;
        this.skinList = b.skinList;
        this.clips = b.clips;
        this.animatedNodes = b.animatedNodes;
        this.morphNodes = b.morphNodes;
        this.morphOfNode = b.morphOfNode;
        this.restWeights = b.restWeights;
        this.warnings = List.copyOf(b.warnings);
        this.negativeKeyTimes = java.util.Set.copyOf(b.negativeKeyTimes);
        this.source = b.source;
        this.accessors = b.accessors;
        this.targetOfNode = new int[parents.length];
        java.util.Arrays.fill(targetOfNode, -1);
        for (int k = 0; k < animatedNodes.length; k++) {
            targetOfNode[animatedNodes[k]] = k;
        }
        this.restPose = new Pose(animatedNodes.length);
        float[] t = new float[3];
        float[] q = new float[4];
        float[] s = new float[3];
        for (int k = 0; k < animatedNodes.length; k++) {
            int at = animatedNodes[k] * Affine.TRS_STRIDE;
            System.arraycopy(trs, at + Affine.TRS_T, t, 0, 3);
            System.arraycopy(trs, at + Affine.TRS_Q, q, 0, 4);
            System.arraycopy(trs, at + Affine.TRS_S, s, 0, 3);
            restPose.set(k, t, q, s);
        }
        int rootCount = 0;
        for (int parent : parents) {
            rootCount += parent < 0 ? 1 : 0;
        }
        allRoots = new int[rootCount];
        for (int i = 0, r = 0; i < parents.length; i++) {
            if (parents[i] < 0) {
                allRoots[r++] = i;
            }
        }
    }

    /** @return where the model was read from (file name or a caller-given name) */
    public String sourceName() {
        return sourceName;
    }

    /** @return {@code asset.generator}, or {@code null} */
    public String generator() {
        return generator;
    }

    /**
     * What is wrong with the file but did not stop it from loading, one message per problem, each starting with the
     * JSON location: negative key times, POSITION min/max that contradict the data (bounds then come from the
     * data), skins whose joints have no common root, two channels of one animation with the same target (the later
     * wins), channels of extensions Arbor does not apply (skipped), matrices with shear, primitives of one mesh with
     * different numbers of morph targets.
     *
     * @return the warnings, in the order found (unmodifiable; empty for a clean file)
     */
    public List<String> warnings() {
        return warnings;
    }

    /** @return whether accessor {@code accessor} was read as key times starting below 0 (for the writer) */
    boolean negativeKeyTimes(int accessor) {
        return negativeKeyTimes.contains(accessor);
    }

    /** The parsed JSON and buffer bytes, for the writer. */
    SourceDocument source() {
        return source;
    }

    /** @return the number of nodes */
    public int nodeCount() {
        return parents.length;
    }

    /**
     * @param node glTF node index
     * @return the node's name, or {@code null}
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public String nodeName(int node) {
        return names[node];
    }

    /**
     * @param node glTF node index
     * @return the parent's node index, or -1 for a root
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public int parent(int node) {
        return parents[node];
    }

    /**
     * @param node glTF node index
     * @return a copy of the children's node indices, in file order
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public int[] children(int node) {
        return children[node].clone();
    }

    /**
     * @param node glTF node index
     * @return whether the node's local transform is an explicit {@code matrix} (rather than TRS)
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public boolean hasMatrix(int node) {
        return hasMatrix[node];
    }

    /**
     * The node's local TRS record as in the file (defaults filled in, rotation normalised). Meaningless for a
     * matrix node (see {@link #hasMatrix}).
     *
     * @param node glTF node index
     * @param dest receives {@link Affine#TRS_STRIDE} floats: {@code tx ty tz qx qy qz qw sx sy sz}
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if {@code node} is out of range or {@code dest} too short
     */
    public float[] localTrs(int node, float[] dest, int offset) {
        System.arraycopy(trs, node * Affine.TRS_STRIDE, dest, offset, Affine.TRS_STRIDE);
        return dest;
    }

    /**
     * The node's local matrix ({@code parentFromLocal}): the explicit matrix, or {@code T × R × S} composed.
     *
     * @param node glTF node index
     * @param dest receives 12 floats, affine 3×4 column-major
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if {@code node} is out of range or {@code dest} too short
     */
    public float[] localMatrix(int node, float[] dest, int offset) {
        if (hasMatrix[node]) {
            System.arraycopy(matrices, node * Affine.STRIDE, dest, offset, Affine.STRIDE);
        } else {
            Affine.composeTrs(trs, node * Affine.TRS_STRIDE, dest, offset);
        }
        return dest;
    }

    /**
     * @param node glTF node index
     * @return the node's mesh index, or -1
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public int mesh(int node) {
        return meshes[node];
    }

    /**
     * @param node glTF node index
     * @return the node's skin index, or -1
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public int skinOf(int node) {
        return skins[node];
    }

    /**
     * The node's content bounds: the union of its mesh primitives' {@code POSITION} accessor min/max, in the
     * node's local space; for a node with {@code EXT_mesh_gpu_instancing}, the union of that box under every
     * instance's transform (the box of all the copies drawn).
     *
     * @param node glTF node index
     * @param dest receives {@code minX minY minZ maxX maxY maxZ} when the node has bounds
     * @param offset start in {@code dest}
     * @return {@code false} (nothing written) if the node has no mesh or its positions declare no min/max
     * @throws IndexOutOfBoundsException if {@code node} is out of range or {@code dest} too short
     */
    public boolean contentBounds(int node, float[] dest, int offset) {
        if (!hasBounds[node]) {
            return false;
        }
        System.arraycopy(bounds, node * 6, dest, offset, 6);
        return true;
    }

    /** @return the number of meshes ({@code meshes} in the file) */
    public int meshCount() {
        JsonValue meshes = source.json.get("meshes"); // an array: the reader checked it
        return meshes == null ? 0 : meshes.size();
    }

    /**
     * Decodes a mesh's geometry from the file's buffers: per primitive its positions, triangles, {@code JOINTS_0} /
     * {@code WEIGHTS_0} and base colour (see {@link GltfPrimitive}). The model keeps only the bytes, so each call
     * decodes again: O(vertices + indices) time and new arrays; keep the result.
     *
     * @param mesh mesh index, as {@link #mesh(int)} gives for a node
     * @return the decoded mesh
     * @throws IndexOutOfBoundsException if {@code mesh} is out of range
     * @throws GltfException if the mesh's data is malformed (the reader checks only what bounds need): an index or
     *     joint accessor of a wrong type, an index not below the vertex count, JOINTS_0 without WEIGHTS_0, counts
     *     that differ from the POSITION count; the message starts with the JSON location
     */
    public GltfMesh readMesh(int mesh) throws GltfException {
        Objects.checkIndex(mesh, meshCount());
        return GltfMesh.read(source.json, accessors, mesh);
    }

    // ------------------------------------------------------------------------------------------ renderer content
    // Each read from the JSON on the call (the reader checks none of it): cheap, but keep what you use.

    /**
     * @return the number of materials
     * @throws GltfException if {@code materials} is not an array
     */
    public int materialCount() throws GltfException {
        return SceneContent.count(source.json, "materials");
    }

    /**
     * @param material material index, as {@link GltfPrimitive#material()} gives it
     * @return the material, defaults filled in
     * @throws IndexOutOfBoundsException if {@code material} is out of range
     * @throws GltfException if the material is malformed (a factor out of range, a texture index out of range, an
     *     unknown alphaMode …); the message starts with the JSON location
     */
    public GltfMaterial material(int material) throws GltfException {
        return SceneContent.material(source.json, material);
    }

    /**
     * @return the number of textures
     * @throws GltfException if {@code textures} is not an array
     */
    public int textureCount() throws GltfException {
        return SceneContent.count(source.json, "textures");
    }

    /**
     * @param texture texture index, as {@link GltfTextureRef#texture()} gives it
     * @return the texture: its sampler and image sources
     * @throws IndexOutOfBoundsException if {@code texture} is out of range
     * @throws GltfException if a sampler or image index is out of range
     */
    public GltfTexture texture(int texture) throws GltfException {
        return SceneContent.texture(source.json, texture);
    }

    /**
     * @return the number of samplers
     * @throws GltfException if {@code samplers} is not an array
     */
    public int samplerCount() throws GltfException {
        return SceneContent.count(source.json, "samplers");
    }

    /**
     * @param sampler sampler index, or -1 for the default sampler
     * @return the sampler, defaults filled in ({@link GltfSampler#DEFAULT} for -1)
     * @throws IndexOutOfBoundsException if {@code sampler} is out of range
     * @throws GltfException if a filter or wrap value is not one glTF allows
     */
    public GltfSampler sampler(int sampler) throws GltfException {
        return sampler == -1 ? GltfSampler.DEFAULT : SceneContent.sampler(source.json, sampler);
    }

    /**
     * @return the number of images
     * @throws GltfException if {@code images} is not an array
     */
    public int imageCount() throws GltfException {
        return SceneContent.count(source.json, "images");
    }

    /**
     * @param image image index
     * @return the image as declared (its bytes are not read)
     * @throws IndexOutOfBoundsException if {@code image} is out of range
     * @throws GltfException if it has both or neither of uri and bufferView
     */
    public GltfImage image(int image) throws GltfException {
        return SceneContent.image(source.json, image);
    }

    /**
     * The encoded bytes of an image: from its buffer view, its {@code data:} URI, or the file its relative URI names
     * beside a {@code .gltf} read from a file (paths leaving that folder are refused). O(image bytes), a new array
     * each call; a file is read on each call.
     *
     * @param image image index
     * @return the bytes as stored (PNG, JPEG, WebP, KTX2 …)
     * @throws IndexOutOfBoundsException if {@code image} is out of range
     * @throws GltfException if the bytes cannot be had: a missing or refused file, bad base64, a model not read
     *     from a file; the message starts with the JSON location
     */
    public byte[] imageBytes(int image) throws GltfException {
        return SceneContent.imageBytes(source.json, source.buffers, baseDir, image);
    }

    /**
     * Whether {@link #decodeImage} can decode an image: {@code null} when it may (PNG, JPEG), else the reason it
     * does not (WebP: no decoder in the JDK; KTX2 / Basis Universal: needs a transcoder). Reads the image's bytes.
     *
     * @param image image index
     * @return the reason, or {@code null}
     * @throws IndexOutOfBoundsException if {@code image} is out of range
     * @throws GltfException as {@link #imageBytes}
     */
    public String undecodableReason(int image) throws GltfException {
        return ImageDecoding.undecodable(imageBytes(image), image(image).mimeType());
    }

    /**
     * Decodes a PNG or JPEG image to RGBA8 with {@code javax.imageio} (the first call loads those classes, tens of
     * milliseconds). O(pixels); a new buffer each call.
     *
     * @param image image index
     * @return the pixels, rows top to bottom
     * @throws IndexOutOfBoundsException if {@code image} is out of range
     * @throws GltfException if the bytes cannot be had, or are WebP or KTX2 (present but not decoded; the message
     *     says so and why), or cannot be decoded; the message starts with {@code images[i]}
     */
    public GltfPixels decodeImage(int image) throws GltfException {
        return ImageDecoding.decode(imageBytes(image), image(image).mimeType(),
                Json.at(Location.top("images"), image).toString());
    }

    /**
     * @return the number of cameras
     * @throws GltfException if {@code cameras} is not an array
     */
    public int cameraCount() throws GltfException {
        return SceneContent.count(source.json, "cameras");
    }

    /**
     * @param camera camera index
     * @return the camera
     * @throws IndexOutOfBoundsException if {@code camera} is out of range
     * @throws GltfException if the camera is malformed (a missing or out-of-range parameter, an unknown type)
     */
    public GltfCamera camera(int camera) throws GltfException {
        return SceneContent.camera(source.json, camera);
    }

    /**
     * @param node glTF node index
     * @return the index of the camera the node holds, or -1
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     * @throws GltfException if the camera index is out of range
     */
    public int nodeCamera(int node) throws GltfException {
        Objects.checkIndex(node, parents.length);
        return SceneContent.nodeCamera(source.json, node);
    }

    /**
     * @return the number of {@code KHR_lights_punctual} lights (0 without the extension)
     * @throws GltfException if the extension or its {@code lights} is not of the type the extension defines
     */
    public int lightCount() throws GltfException {
        return SceneContent.lightCount(source.json);
    }

    /**
     * @param light light index
     * @return the light, defaults filled in
     * @throws IndexOutOfBoundsException if {@code light} is out of range
     * @throws GltfException if the light is malformed; the message starts with its JSON location
     */
    public GltfLight light(int light) throws GltfException {
        return SceneContent.light(source.json, light);
    }

    /**
     * @param node glTF node index
     * @return the index of the {@code KHR_lights_punctual} light the node holds, or -1
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     * @throws GltfException if the light index is out of range
     */
    public int nodeLight(int node) throws GltfException {
        Objects.checkIndex(node, parents.length);
        return SceneContent.nodeLight(source.json, node);
    }

    /**
     * The node's {@code EXT_mesh_gpu_instancing}, decoded: O(instances).
     *
     * @param node glTF node index
     * @return the instances' TRS arrays, or {@code null} when the node has no such extension
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     * @throws GltfException if the extension is malformed (attribute counts differ, a wrong type, bad values)
     */
    public GltfInstancing nodeInstancing(int node) throws GltfException {
        Objects.checkIndex(node, parents.length);
        return SceneContent.instancing(source.json, accessors, node);
    }

    /** @return the number of scenes */
    public int sceneCount() {
        return sceneRoots.length;
    }

    /**
     * @param scene scene index
     * @return a copy of the scene's root node indices
     * @throws IndexOutOfBoundsException if {@code scene} is out of range
     */
    public int[] sceneRoots(int scene) {
        return sceneRoots[scene].clone();
    }

    /**
     * @param scene scene index
     * @return the scene's name, or {@code null}
     * @throws IndexOutOfBoundsException if {@code scene} is out of range
     */
    public String sceneName(int scene) {
        return sceneNames[scene];
    }

    /** @return the file's default scene ({@code scene}), or -1 when it names none */
    public int defaultScene() {
        return defaultScene;
    }

    /** @return the scene to show when none is chosen: the default scene, else scene 0, else -1 (no scenes) */
    public int sceneToShow() {
        return defaultScene >= 0 ? defaultScene : sceneRoots.length > 0 ? 0 : -1;
    }

    /** @return a copy of every node without a parent, in index order (whether or not a scene lists it) */
    public int[] rootNodes() {
        return allRoots.clone();
    }

    /** @return the number of skins */
    public int skinCount() {
        return skinList.length;
    }

    /**
     * @param skin skin index
     * @return the skin
     * @throws IndexOutOfBoundsException if {@code skin} is out of range
     */
    public GltfSkin skin(int skin) {
        return skinList[skin];
    }

    /**
     * The nodes drawn with a skin: every node whose {@code skin} is {@code skin} (in glTF these are the nodes of the
     * skinned meshes). A skinning palette is computed relative to such a node: pass its handle as the mesh to
     * {@code Skeleton.writePalette}.
     *
     * @param skin skin index
     * @return the node indices, ascending; empty if no node uses the skin
     * @throws IndexOutOfBoundsException if {@code skin} is out of range
     */
    public int[] nodesWithSkin(int skin) {
        Objects.checkIndex(skin, skinList.length);
        int count = 0;
        for (int s : skins) {
            if (s == skin) {
                count++;
            }
        }
        int[] nodes = new int[count];
        for (int node = 0, k = 0; k < count; node++) {
            if (skins[node] == skin) {
                nodes[k++] = node;
            }
        }
        return nodes;
    }

    /** @return the number of animations */
    public int animationCount() {
        return clips.length;
    }

    /**
     * @param animation animation index
     * @return the animation's clip (shared, immutable), named as the file's animation (null where it has no name,
     *     see {@link AnimationClip#withName}); its targets index {@link #animatedNodes()} ({@link #nodeOfTarget})
     * @throws IndexOutOfBoundsException if {@code animation} is out of range
     */
    public AnimationClip animation(int animation) {
        return clips[animation];
    }

    /**
     * Finds an animation by name or, if {@code nameOrIndex} is a decimal number in range, by index.
     *
     * @param nameOrIndex a name or an index
     * @return the animation index, or -1 if none matches
     */
    public int findAnimation(String nameOrIndex) {
        for (int a = 0; a < clips.length; a++) {
            if (nameOrIndex.equals(clips[a].name())) {
                return a;
            }
        }
        try {
            int i = Integer.parseInt(nameOrIndex);
            return i >= 0 && i < clips.length ? i : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The node a pose target (an index into the poses the clips write, and a clip channel's
     * {@link AnimationClip#target}) moves.
     *
     * @param target pose index, in {@code [0, animatedNodes().length)}
     * @return the glTF node index, {@code animatedNodes()[target]} without the copy
     * @throws IndexOutOfBoundsException if {@code target} is out of range
     */
    public int nodeOfTarget(int target) {
        return animatedNodes[target];
    }

    /**
     * The pose target that moves a node: the reverse of {@link #nodeOfTarget}.
     *
     * @param node glTF node index
     * @return its pose index, or -1 if no animation of the file drives the node's translation, rotation or scale
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public int targetOf(int node) {
        return targetOfNode[node];
    }

    /**
     * The channels of an animation that drive a node's translation, rotation or scale. O(channels).
     *
     * @param animation animation index
     * @param node glTF node index
     * @return a new array of the clip's channel indices whose target is the node's, ascending; empty if none
     * @throws IndexOutOfBoundsException if {@code animation} or {@code node} is out of range
     */
    public int[] channelsDriving(int animation, int node) {
        AnimationClip clip = clips[animation];
        int target = targetOfNode[node];
        int count = 0;
        for (int c = 0; c < clip.channelCount(); c++) {
            count += clip.target(c) == target ? 1 : 0;
        }
        int[] result = new int[count];
        for (int c = 0, k = 0; k < count; c++) {
            if (clip.target(c) == target) {
                result[k++] = c;
            }
        }
        return result;
    }

    /**
     * The weights channels of an animation that drive a node's morph-target weights. O(weights channels).
     *
     * @param animation animation index
     * @param node glTF node index
     * @return a new array of the clip's weights channel indices whose entry is the node's
     *     ({@link #morphIndex}), ascending; empty if none
     * @throws IndexOutOfBoundsException if {@code animation} or {@code node} is out of range
     */
    public int[] weightsChannelsDriving(int animation, int node) {
        AnimationClip clip = clips[animation];
        int morph = morphOfNode[node];
        int count = 0;
        for (int c = 0; c < clip.weightsChannelCount(); c++) {
            count += clip.weightsMorph(c) == morph ? 1 : 0;
        }
        int[] result = new int[count];
        for (int c = 0, k = 0; k < count; c++) {
            if (clip.weightsMorph(c) == morph) {
                result[k++] = c;
            }
        }
        return result;
    }

    /** @return a copy of the animated node indices, ascending: pose index k is node {@code animatedNodes()[k]} */
    public int[] animatedNodes() {
        return animatedNodes.clone();
    }

    /**
     * The pose targets' tree, for masks ({@link dev.arbor.animation.PoseLayers#subtreeMask}): for pose index k, the
     * pose index of node {@code animatedNodes()[k]}'s nearest animated ancestor, or -1 where it has none. O(nodes).
     *
     * @return a new array of {@code animatedNodes().length} entries
     */
    public int[] animatedParents() {
        int[] result = new int[animatedNodes.length];
        for (int k = 0; k < animatedNodes.length; k++) {
            int p = parents[animatedNodes[k]];
            while (p >= 0 && targetOfNode[p] < 0) {
                p = parents[p];
            }
            result[k] = p < 0 ? -1 : targetOfNode[p];
        }
        return result;
    }

    /** @return a new pose holding the animated nodes' rest TRS (as in the file) */
    public Pose restPose() {
        return new Pose(animatedNodes.length).copyFrom(restPose);
    }

    /**
     * @return a copy of the morphed nodes (those whose mesh has morph targets), ascending: entry k of the
     *     {@link MorphWeights} the clips' weights channels write is node {@code morphNodes()[k]}
     */
    public int[] morphNodes() {
        return morphNodes.clone();
    }

    /**
     * @param node glTF node index
     * @return the node's entry in {@link #morphNodes()}, or -1 if its mesh has no morph targets (or it has no mesh)
     * @throws IndexOutOfBoundsException if {@code node} is out of range
     */
    public int morphIndex(int node) {
        return morphOfNode[node];
    }

    /**
     * @return new weights holding the morphed nodes' default weights: the node's {@code weights}, else its mesh's,
     *     else zeros; one entry per {@link #morphNodes()} node, as many weights as its mesh has morph targets
     */
    public MorphWeights restWeights() {
        int[] counts = new int[morphNodes.length];
        for (int k = 0; k < counts.length; k++) {
            counts[k] = restWeights.count(k);
        }
        return new MorphWeights(counts).copyFrom(restWeights);
    }

    /**
     * Overwrites {@code dest} with the default weights, without allocating.
     *
     * @param dest weights of the layout {@link #restWeights()} gives
     * @return {@code dest}
     * @throws IllegalArgumentException if the layout differs
     */
    public MorphWeights copyRestWeights(MorphWeights dest) {
        return dest.copyFrom(restWeights);
    }

    /**
     * Overwrites {@code dest} with the rest pose, without allocating.
     *
     * @param dest a pose of {@code animatedNodes().length} entries
     * @return {@code dest}
     * @throws IllegalArgumentException if the size differs
     */
    public Pose copyRestPose(Pose dest) {
        return dest.copyFrom(restPose);
    }

    /**
     * Builds the nodes of a scene (its roots and their subtrees) into a hierarchy, under {@code parent} or as roots.
     * Local transforms are set as in the file (TRS or explicit matrix), and each node's name
     * ({@link Hierarchy#setName}), so that {@link Hierarchy#find} and {@link Hierarchy#findPath} reach the model's
     * nodes. O(nodes).
     *
     * @param hierarchy destination
     * @param scene scene index, or -1 for every root node of the file
     * @param parent node to attach the scene's roots to, or {@link Hierarchy#NULL} to make them roots
     * @return the instance: the node-index ↔ handle mapping, skeletons, and pose application
     * @throws IndexOutOfBoundsException if {@code scene} is out of range
     * @throws IllegalArgumentException if {@code parent} is a stale handle
     */
    public GltfInstance instantiate(Hierarchy hierarchy, int scene, long parent) {
        int[] roots = scene < 0 ? allRoots : sceneRoots[scene];
        long[] handles = Instantiation.build(this, hierarchy, roots, parent);
        return new GltfInstance(this, hierarchy, scene, handles, animatedNodes, skinList);
    }

    /**
     * {@link #instantiate}'s node building, in a class of its own: verifying code that passes JOML's vectors to the
     * hierarchy loads JOML's interfaces, and a model is often read where it is not instantiated yet (a fresh JVM's
     * first read would load them for nothing).
     */
    private static final class Instantiation {
        private Instantiation() {
        }

        /** Creates the nodes of {@code roots} and their subtrees; returns the handle of each node (others 0). */
        static long[] build(GltfModel model, Hierarchy hierarchy, int[] roots, long parent) {
            int[] parents = model.parents;
            int[][] children = model.children;
            boolean[] hasMatrix = model.hasMatrix;
            float[] matrices = model.matrices;
            float[] trs = model.trs;
            long[] handles = new long[parents.length];
            int[] stack = new int[parents.length + 1];
            float[] m = new float[Affine.STRIDE];
            org.joml.Vector3f t = new org.joml.Vector3f();
            org.joml.Quaternionf q = new org.joml.Quaternionf();
            org.joml.Vector3f s = new org.joml.Vector3f();
            for (int root : roots) {
                int top = 0;
                stack[top++] = root;
                while (top > 0) {
                    int node = stack[--top];
                    long p = parents[node] < 0 ? parent : handles[parents[node]];
                    long h = p == Hierarchy.NULL ? hierarchy.createRoot() : hierarchy.createChild(p);
                    handles[node] = h;
                    if (model.names[node] != null) {
                        hierarchy.setName(h, model.names[node]);
                    }
                    if (hasMatrix[node]) {
                        System.arraycopy(matrices, node * Affine.STRIDE, m, 0, Affine.STRIDE);
                        hierarchy.setLocalMatrix(h, m, 0);
                    } else {
                        int at = node * Affine.TRS_STRIDE;
                        t.set(trs[at], trs[at + 1], trs[at + 2]);
                        q.set(trs[at + 3], trs[at + 4], trs[at + 5], trs[at + 6]);
                        s.set(trs[at + 7], trs[at + 8], trs[at + 9]);
                        hierarchy.setLocalTrs(h, t, q, s);
                    }
                    int[] kids = children[node];
                    for (int k = kids.length - 1; k >= 0; k--) {
                        stack[top++] = kids[k];
                    }
                }
            }
            return handles;
        }
    }

    /** Collects the parsed parts; used by the reader only. */
    static final class Builder {
        final String sourceName;
        final String generator;
        String[] names;
        int[] parents;
        int[][] children;
        boolean[] hasMatrix;
        float[] matrices;
        float[] trs;
        int[] meshes;
        int[] skins;
        boolean[] hasBounds;
        float[] bounds;
        int[][] sceneRoots;
        String[] sceneNames;
        int defaultScene = -1;
        GltfSkin[] skinList;
        AnimationClip[] clips;
        int[] animatedNodes;
        int[] morphNodes;
        int[] morphOfNode;
        MorphWeights restWeights;
        final List<String> warnings = new ArrayList<>();
        final java.util.Set<Integer> negativeKeyTimes = new java.util.HashSet<>();
        SourceDocument source;
        Accessors accessors;
        java.nio.file.Path baseDir;

        Builder(String sourceName, String generator) {
            this.sourceName = sourceName;
            this.generator = generator;
        }

        void nodes(int n) {
            names = new String[n];
            parents = new int[n];
            children = new int[n][];
            hasMatrix = new boolean[n];
            matrices = new float[n * Affine.STRIDE];
            trs = new float[n * Affine.TRS_STRIDE];
            meshes = new int[n];
            skins = new int[n];
            hasBounds = new boolean[n];
            bounds = new float[n * 6];
        }

        GltfModel build() {
            return new GltfModel(this);
        }
    }
}
