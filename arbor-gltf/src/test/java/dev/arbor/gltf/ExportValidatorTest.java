package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every export the suite makes is checked by the Khronos glTF-Validator ({@link KhronosValidator}): each sample model
 * of {@code src/test/resources/models} as {@code .gltf} and {@code .glb}, and hierarchies built and edited through
 * the API (nodes created, destroyed, reparented, given matrices; seeded random edits). Each must give 0 errors, and
 * reading it back must give the world matrices the hierarchy had.
 */
class ExportValidatorTest {
    @TempDir
    Path temp;

    private final List<Path> written = new ArrayList<>();

    static List<String> allSampleModels() throws IOException {
        try (Stream<Path> dirs = Files.list(SampleModels.dir())) {
            return dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted()
                    .collect(Collectors.toList());
        }
    }

    @Test
    void everyExportHasNoValidatorErrors() throws Exception {
        List<String> models = allSampleModels();
        assertThat(models).contains("CesiumMan", "SimpleMorph");
        for (String name : models) {
            GltfModel model = Gltf.read(SampleModels.model(name));
            // the writer passes relative image URIs through: the images beside a .gltf travel with the export
            try (Stream<Path> files = Files.list(SampleModels.model(name).getParent())) {
                for (Path image : files.filter(f -> f.toString().endsWith(".png") || f.toString().endsWith(".jpg"))
                        .collect(Collectors.toList())) {
                    Files.copy(image, temp.resolve(image.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Hierarchy h = new Hierarchy();
            GltfInstance instance = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
            export(instance, name);
        }
        posedSimpleMorph();
        editedCesiumMan();
        editedBoxAnimated();
        apiOnly();
        randomEdits();
        copiesOfCesiumMan();
        // a document whose default scene is not 0, with an extension channel, exported after an edit
        GltfModel twoScenes = Gltf.read(ExportDocuments.TWO_SCENES.getBytes(StandardCharsets.UTF_8), "two.gltf",
                null);
        Hierarchy h = new Hierarchy();
        GltfInstance i = twoScenes.instantiate(h, twoScenes.sceneToShow(), Hierarchy.NULL);
        export(i, "two-scenes");
        h.destroy(i.handle(2));
        export(i, "two-scenes-destroyed");

        List<KhronosValidator.Report> reports = KhronosValidator.validate(written);
        assertThat(reports).hasSize(written.size());
        int warnings = 0;
        java.util.Set<String> codes = new java.util.TreeSet<>();
        for (KhronosValidator.Report r : reports) {
            assertThat(r.errorMessages).as(r.toString()).isEmpty();
            warnings += r.warnings;
            r.messages.forEach(m -> codes.add(m.substring(0, m.indexOf(' '))));
        }
        System.out.printf("glTF-Validator: %d exported files, 0 errors, %d warnings; codes seen: %s%n",
                reports.size(), warnings, codes);
    }

    /** SimpleMorph with its weights posed half-way through its animation: written as the node's weights. */
    private void posedSimpleMorph() throws IOException {
        GltfModel model = Gltf.read(SampleModels.model("SimpleMorph"));
        GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        dev.arbor.animation.MorphWeights weights = model.restWeights();
        model.animation(0).sampleWeights(1.5f, dev.arbor.animation.WrapMode.CLAMP, weights);
        instance.applyWeights(weights);
        export(instance, "SimpleMorph-posed");
    }

    /** Writes an instance as .gltf and .glb, reads each back and compares world matrices. */
    private void export(GltfInstance instance, String label) throws IOException {
        for (String ext : new String[] {".gltf", ".glb"}) {
            Path file = temp.resolve(label + ext);
            long[] handles = GltfWriter.write(instance, file);
            written.add(file);
            assertSameWorlds(instance.hierarchy(), handles, Gltf.read(file), label + ext);
        }
    }

    private void export(Hierarchy h, long[] roots, String label) throws IOException {
        for (String ext : new String[] {".gltf", ".glb"}) {
            Path file = temp.resolve(label + ext);
            long[] handles = GltfWriter.write(h, roots, null, file);
            written.add(file);
            assertSameWorlds(h, handles, Gltf.read(file), label + ext);
        }
    }

    static void assertSameWorlds(Hierarchy h, long[] handles, GltfModel copy, String label) {
        assertThat(copy.nodeCount()).as(label).isEqualTo(handles.length);
        Hierarchy h2 = new Hierarchy();
        GltfInstance again = copy.instantiate(h2, -1, Hierarchy.NULL);
        float[] a = new float[12];
        float[] b = new float[12];
        for (int o = 0; o < handles.length; o++) {
            if (handles[o] == Hierarchy.NULL) {
                continue;
            }
            h.getWorld(handles[o], a, 0);
            h2.getWorld(again.handle(o), b, 0);
            float scale = 1f;
            for (float f : a) {
                scale = Math.max(scale, Math.abs(f));
            }
            assertThat(Affine.maxDifference(a, 0, b, 0)).as("%s node %d", label, o).isLessThanOrEqualTo(2e-5f * scale);
        }
    }

    private void editedCesiumMan() throws IOException {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        // created: a prop under the torso joint, and a child of it with a (shear-free) matrix
        long prop = h.createChild(man.handle(3));
        h.setLocalTranslation(prop, 0.1f, 0.2f, 0.3f);
        long tip = h.createChild(prop);
        h.setLocalMatrix(tip, trsMatrix(new Vector3f(0, 1, 0), new Quaternionf().rotateXYZ(0.3f, -0.7f, 1.1f),
                new Vector3f(2, 2, 0.5f)), 0);
        export(man, "cesium-created");
        // an animated joint given a matrix: written as TRS (glTF forbids animating matrix nodes)
        h.setLocalMatrix(man.handle(5), trsMatrix(new Vector3f(0.1f, 0, 0), new Quaternionf().rotateY(0.4f),
                new Vector3f(1, 1, 1)), 0);
        export(man, "cesium-matrix-on-animated-joint");
        // reparented: a leg moved to the top (a new scene root) and the mesh node moved under a joint
        h.detach(man.handle(4), true);
        h.reparent(man.handle(2), man.handle(3), false);
        export(man, "cesium-reparented");
        // destroyed: a leaf joint (the skin loses a joint and is dropped) and a new node
        h.destroy(man.handle(7));
        h.destroy(tip);
        export(man, "cesium-destroyed-joint");
    }

    private void editedBoxAnimated() throws IOException {
        GltfModel model = Gltf.read(SampleModels.model("BoxAnimated"));
        Hierarchy h = new Hierarchy();
        GltfInstance box = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        h.destroy(box.handle(2)); // a channel's target: the channel and its sampler go
        export(box, "box-destroyed-animated");
        h.destroy(box.handle(0)); // the other channel's target: the animation goes
        export(box, "box-destroyed-all-animated");
        h.destroy(box.handle(3)); // nothing left: the scene keeps its name, without nodes
        export(box, "box-empty");
    }

    /** Three CesiumMan under anchors, one moved and posed, written with {@link GltfWriter#writeCopies}. */
    private void copiesOfCesiumMan() throws IOException {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        List<GltfInstance> copies = new ArrayList<>();
        long[] anchors = new long[3];
        for (int k = 0; k < 3; k++) {
            anchors[k] = h.createRoot();
            h.setLocalTranslation(anchors[k], k, 0, 0);
            copies.add(model.instantiate(h, model.sceneToShow(), anchors[k]));
        }
        copies.get(1).applyAnimation(0, 0.8f, dev.arbor.animation.WrapMode.LOOP, model.restPose());
        for (String ext : new String[] {".gltf", ".glb"}) {
            Path file = temp.resolve("copies" + ext);
            long[] handles = GltfWriter.writeCopies(h, anchors, copies, file);
            written.add(file);
            assertSameWorlds(h, handles, Gltf.read(file), "copies" + ext);
        }
    }

    private void apiOnly() throws IOException {
        Hierarchy empty = new Hierarchy();
        export(empty, new long[0], "api-empty");
        Hierarchy h = new Hierarchy();
        long a = h.createRoot();
        long b = h.createChild(a);
        long c = h.createChild(b);
        h.setLocalTranslation(b, 1, 2, 3);
        h.setLocalRotation(b, 0.1f, 0.2f, 0.3f, 0.9f);
        h.setLocalScale(c, -1, 2, 2);
        h.setLocalMatrix(a, trsMatrix(new Vector3f(5, 0, 0), new Quaternionf().rotateZ(1f), new Vector3f(3, 3, 3)),
                0);
        long d = h.createRoot();
        h.reparent(c, d, false);
        export(h, new long[] {a, d}, "api-built");
    }

    /** Seeded random creations, destructions, reparentings and transforms on RiggedFigure; every step exported. */
    private void randomEdits() throws IOException {
        GltfModel model = Gltf.read(SampleModels.model("RiggedFigure"));
        SplittableRandom random = new SplittableRandom(0xA4B0);
        Hierarchy h = new Hierarchy();
        GltfInstance figure = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        List<Long> alive = new ArrayList<>();
        for (int step = 0; step < 6; step++) {
            alive.clear();
            for (long r : GltfWriter.instanceRoots(figure)) {
                h.forEachInSubtree(r, alive::add);
            }
            for (int e = 0; e < 4 && !alive.isEmpty(); e++) {
                long node = alive.get(random.nextInt(alive.size()));
                switch (random.nextInt(4)) {
                    case 0:
                        h.setLocalTranslation(h.createChild(node), (float) random.nextDouble(), 0, 1);
                        break;
                    case 1:
                        if (h.parent(node) != Hierarchy.NULL && figure.node(node) >= 0) {
                            h.destroy(node);
                            alive.removeIf(x -> !h.isAlive(x));
                        }
                        break;
                    case 2: {
                        long target = alive.get(random.nextInt(alive.size()));
                        if (target != node && !h.isAncestor(node, target)) {
                            h.reparent(node, target, random.nextBoolean());
                        }
                        break;
                    }
                    default:
                        h.setLocalRotation(node, new Quaternionf().rotateXYZ((float) random.nextDouble(), 0.2f, 0));
                        break;
                }
            }
            export(figure, "random-" + step);
        }
    }

    static float[] trsMatrix(Vector3f t, Quaternionf q, Vector3f s) {
        float[] trs = {t.x, t.y, t.z, q.x, q.y, q.z, q.w, s.x, s.y, s.z};
        float[] m = new float[Affine.STRIDE];
        Affine.composeTrs(trs, 0, m, 0);
        return m;
    }
}
