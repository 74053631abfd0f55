package dev.arbor.gltf;

import static dev.arbor.gltf.AcceptedInvalidDocument.INDICES;
import static dev.arbor.gltf.AcceptedInvalidDocument.KEY_TIMES;
import static dev.arbor.gltf.AcceptedInvalidDocument.POSITION;
import static dev.arbor.gltf.AcceptedInvalidDocument.ROTATIONS;
import static dev.arbor.gltf.AcceptedInvalidDocument.TARGET_POSITION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Arbor accepts from a spec-invalid file goes out valid, or not at all. Each kind below is
 * {@link AcceptedInvalidDocument} with one change that the Khronos glTF-Validator reports as an error. Arbor either
 * refuses it when reading (a {@link GltfException} naming it; more such files are in the exception corpus), or reads
 * it, with a warning when something is repaired or dropped, and then either exports it with 0 validator errors (and
 * the export reads back without warnings), or refuses the export with an {@link IllegalStateException} naming the
 * JSON location. {@code docs/gltf.md} ("Export", "Spec-invalid input") has the same list in words.
 */
class AcceptedInvalidExportTest {
    /** What Arbor does with a kind of spec-invalid file. */
    enum Outcome {
        /** {@link Gltf#read} throws a GltfException whose message contains the fragment. */
        REFUSED_AT_READ,
        /** Read with a warning containing the fragment (none when it is empty); exported with 0 validator errors. */
        EXPORTED_VALID,
        /** Read; the export throws an IllegalStateException whose message contains the fragment. */
        EXPORT_REFUSED
    }

    record Kind(String name, Outcome outcome, String fragment, Consumer<AcceptedInvalidDocument> change) {
        @Override
        public String toString() {
            return name;
        }
    }

    @TempDir
    Path temp;

    static List<Kind> kinds() {
        List<Kind> k = new ArrayList<>();
        // repaired on export, with a warning
        k.add(new Kind("node rotation not of unit length", Outcome.EXPORTED_VALID,
                "nodes[0].rotation: length 1.7088008, not 1; it is used normalised, and an export writes it normalised",
                d -> d.node(0).putArray("rotation").add(0).add(0).add(0.6).add(1.6)));
        k.add(new Kind("rotation keys not of unit length", Outcome.EXPORTED_VALID,
                "rotation key 0 of accessor 8 has length 2.0, not 1; it is played normalised, and an export writes"
                + " the keys normalised", d -> d.setFloats(ROTATIONS, 0, 0, 0, 2)));
        k.add(new Kind("key-time min/max missing", Outcome.EXPORTED_VALID,
                "key-time accessor 6 declares no min/max; the export writes min 0.0 max 1.0",
                d -> d.accessorNode(KEY_TIMES).remove(List.of("min", "max"))));
        k.add(new Kind("key-time min/max wrong", Outcome.EXPORTED_VALID,
                "of key-time accessor 6 contradict its key times (first 0.0, last 1.0); the export writes the key"
                + " times' own", d -> d.accessorNode(KEY_TIMES).putArray("min").add(0.5)));
        k.add(new Kind("POSITION min/max missing", Outcome.EXPORTED_VALID, "accessors[0]: POSITION accessor"
                + " (meshes[0].primitives[0].attributes.POSITION) declares no min/max; bounds come from the data",
                d -> d.accessorNode(POSITION).remove(List.of("min", "max"))));
        k.add(new Kind("POSITION min/max wrong", Outcome.EXPORTED_VALID, "accessors[0]: declared min [0.0, 0.0, 0.0]"
                + " max [9.0, 9.0, 9.0] contradict the POSITION data",
                d -> d.accessorNode(POSITION).putArray("max").add(9).add(9).add(9)));
        k.add(new Kind("morph target POSITION min/max missing", Outcome.EXPORTED_VALID, "accessors[4]: POSITION"
                + " accessor (meshes[0].primitives[0].targets[0].POSITION) declares no min/max",
                d -> d.accessorNode(TARGET_POSITION).remove(List.of("min", "max"))));
        k.add(new Kind("morph target POSITION min/max wrong", Outcome.EXPORTED_VALID, "accessors[4]: declared min"
                + " [0.0, 0.0, 1.0] max [0.0, 0.0, 5.0] contradict the POSITION data"
                + " (meshes[0].primitives[0].targets[0].POSITION)",
                d -> d.accessorNode(TARGET_POSITION).putArray("max").add(0).add(0).add(5)));
        // dropped on export, with a warning
        k.add(new Kind("skin on a node without a mesh", Outcome.EXPORTED_VALID, "nodes[3]: has skin 0 but no mesh"
                + " (glTF requires one); the skin has nothing to deform here, and an export leaves this node's skin"
                + " out", d -> d.node(3).put("skin", 0)));
        k.add(new Kind("skin joints without a common root", Outcome.EXPORTED_VALID, "skins[0].joints: joints have"
                + " no common root: node 2 is under root node 0, node 3 under root node 3; an export leaves the skin"
                + " out", d -> {
                    ((ArrayNode) skin(d).get("joints")).add(3);
                    skin(d).remove("inverseBindMatrices");
                }));
        k.add(new Kind("skeleton not a common root of the joints", Outcome.EXPORTED_VALID, "skins[0].skeleton: node 3"
                + " is not an ancestor of joint node 2 (glTF requires a common root of the joints); an export leaves"
                + " skeleton out", d -> skin(d).put("skeleton", 3)));
        k.add(new Kind("two channels with one target", Outcome.EXPORTED_VALID, "animations[0].channels[3].target:"
                + " same node 2 and path \"translation\" as channels[0]; the later channel wins, and an export leaves"
                + " the earlier out", d -> d.animation().withArray("channels").addObject().put("sampler", 0)
                .putObject("target").put("node", 2).put("path", "translation")));
        // tidied on export, nothing lost
        k.add(new Kind("scene with an empty nodes array", Outcome.EXPORTED_VALID, "",
                d -> ((ObjectNode) d.json.get("scenes").get(0)).putArray("nodes")));
        k.add(new Kind("empty top-level arrays", Outcome.EXPORTED_VALID, "", d -> {
            d.json.putArray("extensionsUsed");
            d.json.putArray("samplers");
            ((ObjectNode) d.json.get("textures").get(0)).remove("sampler");
        }));
        k.add(new Kind("extension not declared in extensionsUsed", Outcome.EXPORTED_VALID, "",
                d -> d.node(0).putObject("extensions").putObject("EXT_example")));
        k.add(new Kind("required extension not in extensionsUsed", Outcome.EXPORTED_VALID, "",
                d -> d.json.putArray("extensionsRequired").add("KHR_materials_unlit")));
        // refused on export, naming the problem
        k.add(new Kind("camera index out of range", Outcome.EXPORT_REFUSED,
                "nodes[3].camera: index 5 out of range, cameras.length=1", d -> d.node(3).put("camera", 5)));
        k.add(new Kind("camera znear 0", Outcome.EXPORT_REFUSED, "cameras[0].perspective: needs yfov > 0, znear > 0,",
                d -> perspective(d).put("znear", 0)));
        k.add(new Kind("camera zfar below znear", Outcome.EXPORT_REFUSED, "cameras[0].perspective: needs yfov > 0,",
                d -> perspective(d).put("zfar", 0.05)));
        k.add(new Kind("material index out of range", Outcome.EXPORT_REFUSED,
                "meshes[0].primitives[0].material: index 9 out of range, materials.length=1",
                d -> d.primitive().put("material", 9)));
        k.add(new Kind("texture index out of range", Outcome.EXPORT_REFUSED,
                "materials[0].pbrMetallicRoughness.baseColorTexture.index: index 4 out of range, textures.length=1",
                d -> baseColorTexture(d).put("index", 4)));
        k.add(new Kind("texture source out of range", Outcome.EXPORT_REFUSED,
                "textures[0].source: index 7 out of range, images.length=1", d -> texture(d).put("source", 7)));
        k.add(new Kind("texture sampler out of range", Outcome.EXPORT_REFUSED,
                "textures[0].sampler: index 7 out of range, samplers.length=1", d -> texture(d).put("sampler", 7)));
        k.add(new Kind("texCoord set the primitive lacks", Outcome.EXPORT_REFUSED,
                "meshes[0].primitives[0].material: material 0's baseColorTexture uses TEXCOORD_1, which the"
                + " primitive does not have", d -> baseColorTexture(d).put("texCoord", 1)));
        k.add(new Kind("JOINTS_0 without WEIGHTS_0", Outcome.EXPORT_REFUSED, "meshes[0].primitives[0].attributes:"
                + " JOINTS_0 without WEIGHTS_0", d -> ((ObjectNode) d.primitive().get("attributes"))
                .remove("WEIGHTS_0")));
        k.add(new Kind("byteStride on index data", Outcome.EXPORT_REFUSED, "meshes[0].primitives[0].indices:"
                + " accessor 1 lies in bufferViews[1], which has a byteStride", d -> view(d, INDICES)
                .put("byteStride", 4).put("byteLength", 12)));
        // refused when reading
        k.add(new Kind("mesh weights not one per morph target", Outcome.REFUSED_AT_READ,
                "meshes[0].weights: 2 weights for the 1 morph targets of mesh 0",
                d -> ((ObjectNode) d.json.get("meshes").get(0)).putArray("weights").add(0.5).add(0.5)));
        k.add(new Kind("node weights not one per morph target", Outcome.REFUSED_AT_READ,
                "nodes[1].weights: 2 weights for the 1 morph targets of mesh 0",
                d -> d.node(1).putArray("weights").add(0.1).add(0.2)));
        k.add(new Kind("node weights without morph targets", Outcome.REFUSED_AT_READ,
                "nodes[0].weights: node 0 has weights but no mesh with morph targets",
                d -> d.node(0).putArray("weights").add(1)));
        k.add(new Kind("weights channel on a mesh without morph targets", Outcome.REFUSED_AT_READ,
                "animations[0].channels[2].target.node: node 1 has no morph targets", d -> {
                    d.primitive().remove("targets");
                    ((ObjectNode) d.json.get("meshes").get(0)).remove("weights");
                }));
        k.add(new Kind("key times not increasing", Outcome.REFUSED_AT_READ,
                "key times of accessor 6 are not strictly increasing", d -> d.setFloats(KEY_TIMES, 1, 0)));
        k.add(new Kind("channel on a matrix node", Outcome.REFUSED_AT_READ,
                "node 2 has a matrix and must not be animated", d -> d.node(2).putArray("matrix").add(1).add(0)
                .add(0).add(0).add(0).add(1).add(0).add(0).add(0).add(0).add(1).add(0).add(0).add(0).add(0).add(1)));
        k.add(new Kind("fewer inverse bind matrices than joints", Outcome.REFUSED_AT_READ,
                "skins[0].inverseBindMatrices: accessor 5 has 1 matrices for 2 joints",
                d -> ((ArrayNode) skin(d).get("joints")).add(0)));
        k.add(new Kind("normalized float accessor", Outcome.REFUSED_AT_READ,
                "accessors[0].normalized: true is not allowed for component type 5126",
                d -> d.accessorNode(POSITION).put("normalized", true)));
        k.add(new Kind("sparse count 0", Outcome.REFUSED_AT_READ, "accessors[0].sparse.count: value 0 out of range",
                d -> d.accessorNode(POSITION).putObject("sparse").put("count", 0)));
        return k;
    }

    private static ObjectNode skin(AcceptedInvalidDocument d) {
        return (ObjectNode) d.json.get("skins").get(0);
    }

    private static ObjectNode perspective(AcceptedInvalidDocument d) {
        return (ObjectNode) d.json.get("cameras").get(0).get("perspective");
    }

    private static ObjectNode texture(AcceptedInvalidDocument d) {
        return (ObjectNode) d.json.get("textures").get(0);
    }

    private static ObjectNode baseColorTexture(AcceptedInvalidDocument d) {
        return (ObjectNode) d.json.get("materials").get(0).get("pbrMetallicRoughness").get("baseColorTexture");
    }

    private static ObjectNode view(AcceptedInvalidDocument d, int accessor) {
        return (ObjectNode) d.json.get("bufferViews").get(d.accessorNode(accessor).get("bufferView").asInt());
    }

    @Test
    void everyAcceptedInvalidFileIsExportedValidOrRefusedByName() throws Exception {
        List<Path> sources = new ArrayList<>();
        List<Path> exports = new ArrayList<>();
        List<String> exported = new ArrayList<>();
        Path base = temp.resolve("base.gltf");
        Files.write(base, new AcceptedInvalidDocument().bytes());
        for (Kind kind : kinds()) {
            AcceptedInvalidDocument d = new AcceptedInvalidDocument();
            kind.change().accept(d);
            String file = kind.name().replace(' ', '-').replace("/", "") + ".gltf";
            sources.add(Files.write(temp.resolve("source-" + file), d.bytes()));
            if (kind.outcome() == Outcome.REFUSED_AT_READ) {
                Throwable thrown = catchThrowable(() -> Gltf.read(d.bytes(), file, null));
                assertThat(thrown).as(kind.name()).isInstanceOf(GltfException.class);
                assertThat(thrown.getMessage()).as(kind.name()).contains(kind.fragment());
                continue;
            }
            GltfModel model = Gltf.read(d.bytes(), file, null);
            if (kind.fragment().isEmpty() || kind.outcome() == Outcome.EXPORT_REFUSED) {
                assertThat(model.warnings()).as(kind.name()).isEmpty();
            } else {
                assertThat(model.warnings()).as(kind.name()).singleElement().asString().contains(kind.fragment());
            }
            GltfInstance instance = model.instantiate(new Hierarchy(), model.sceneToShow(), Hierarchy.NULL);
            if (kind.outcome() == Outcome.EXPORT_REFUSED) {
                Throwable thrown = catchThrowable(() -> GltfWriter.encode(instance, false));
                assertThat(thrown).as(kind.name()).isInstanceOf(IllegalStateException.class);
                assertThat(thrown.getMessage()).as(kind.name()).startsWith("cannot write " + file + " valid: ")
                        .contains(kind.fragment()).endsWith("; correct the source file");
                continue;
            }
            byte[] out = GltfWriter.encode(instance, false);
            assertThat(Gltf.read(out, file, null).warnings()).as(kind.name() + ", read back").isEmpty();
            exports.add(Files.write(temp.resolve(file), out));
            exported.add(kind.name());
        }
        List<Path> all = new ArrayList<>(List.of(base));
        all.addAll(sources);
        all.addAll(exports);
        List<KhronosValidator.Report> reports = KhronosValidator.validate(all);
        assertThat(reports.get(0).errorMessages).as("the unchanged document").isEmpty();
        for (int i = 1; i <= sources.size(); i++) {
            // each kind is spec-invalid: the validator finds an error in the source
            assertThat(reports.get(i).errors).as(kinds().get(i - 1).name()).isGreaterThan(0);
        }
        for (int i = 0; i < exports.size(); i++) {
            KhronosValidator.Report r = reports.get(1 + sources.size() + i);
            assertThat(r.errorMessages).as(exported.get(i) + ", exported: " + r).isEmpty();
        }
        assertThat(exported).hasSize(16);
    }

    @Test
    void whatTheExportRepairsIsWrittenAsArborUsesIt() throws Exception {
        AcceptedInvalidDocument d = new AcceptedInvalidDocument();
        d.node(0).putArray("rotation").add(0).add(0).add(0.6).add(1.6);
        d.accessorNode(TARGET_POSITION).remove(List.of("min", "max"));
        d.node(0).putObject("extensions").putObject("EXT_example");
        d.json.putArray("samplers");
        texture(d).remove("sampler");
        GltfModel model = Gltf.read(d.bytes(), "repaired.gltf", null);
        var out = AcceptedInvalidDocument.parse(GltfWriter.encode(model.instantiate(new Hierarchy(), 0,
                Hierarchy.NULL), false));
        double length = Math.hypot(0.6, 1.6);
        assertThat(out.at("/nodes/0/rotation/2").doubleValue()).isCloseTo(0.6 / length, within());
        assertThat(out.at("/nodes/0/rotation/3").doubleValue()).isCloseTo(1.6 / length, within());
        assertThat(out.at("/accessors/4/min").toString()).isEqualTo("[0.0,0.0,1.0]");
        assertThat(out.at("/accessors/4/max").toString()).isEqualTo("[0.0,0.0,1.0]");
        assertThat(out.get("extensionsUsed").toString()).isEqualTo("[\"EXT_example\"]");
        assertThat(out.has("samplers")).isFalse();
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-7);
    }
}
