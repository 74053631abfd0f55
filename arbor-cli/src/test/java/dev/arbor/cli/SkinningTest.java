package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CPU skinning {@code render} draws with ({@link MeshScene#update}, {@code CpuSkinning}) against positions computed
 * here in double precision from the file's data: each node's local transform composed from its translation, rotation
 * and scale (the file's, or the animation's sample that the hierarchy holds), world matrices by a walk down the
 * glTF parent links, then {@code Σ w × jointWorld × inverseBind × p / Σ w} — never through Arbor's world matrices or
 * palettes.
 */
class SkinningTest {
    @ParameterizedTest(name = "{0} animation {1} t={2}")
    @CsvSource(delimiterString = " | ", textBlock = """
        CesiumMan/CesiumMan.glb | - | 0
        CesiumMan/CesiumMan.glb | 0 | 0.7
        CesiumMan/CesiumMan.glb | 0 | 1.9
        RiggedFigure/RiggedFigure.glb | - | 0
        RiggedFigure/RiggedFigure.glb | 0 | 0.4
        RiggedSimple/RiggedSimple.glb | 0 | 2.1
        SimpleSkin/SimpleSkin.gltf | 0 | 3.5
        """)
    void skinnedPositionsMatchAnIndependentDoublePrecisionComputation(String asset, String animation, float time) {
        String name = asset.substring(0, asset.indexOf('/'));
        PosedModel posed = PosedModel.load(null, GltfCommandsTest.shared(name, asset.substring(name.length() + 1)),
                null, animation.equals("-") ? null : animation, time, false);
        MeshScene scene = MeshScene.of(posed);
        scene.update(posed);
        double[][] world = referenceWorlds(posed);
        GltfModel model = posed.model;
        int checked = 0;
        double maxError = 0;
        double size = 0;
        for (MeshScene.Part part : scene.parts) {
            float[] partWorld = new float[part.positions.length];
            part.toWorld(0, partWorld, null);
            assertThat(part.skeleton).as("a skinned part").isNotNull();
            float[] ibm = model.skin(model.skinOf(part.node)).inverseBindMatrices();
            int[] joints = model.skin(model.skinOf(part.node)).joints();
            int vertices = part.positions.length / 3;
            for (int v = 0; v < vertices; v++) {
                double[] expected = new double[3];
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    double w = part.weights[4 * v + k];
                    if (w == 0) {
                        continue;
                    }
                    int j = part.joints[4 * v + k];
                    double[] bind = apply(ibm, 12 * j, part.positions, 3 * v);
                    double[] moved = apply(world[joints[j]], bind);
                    for (int c = 0; c < 3; c++) {
                        expected[c] += w * moved[c];
                    }
                    sum += w;
                }
                for (int c = 0; c < 3; c++) {
                    expected[c] /= sum;
                    maxError = Math.max(maxError, Math.abs(expected[c] - partWorld[3 * v + c]));
                    size = Math.max(size, Math.abs(expected[c]));
                }
                checked++;
            }
        }
        assertThat(checked).isPositive();
        System.out.printf("skinning %s animation %s t=%s: %d vertices, max error %.3g (%.3g of the size %.3g)%n",
                name, animation, time, checked, maxError, maxError / size, size);
        assertThat(maxError).isLessThan(2e-6 * Math.max(1, size));
    }

    @Test
    void skinnedNormalsLightTheSkinnedMeshAsTheReferenceDoes() {
        // Cesium Man at 0.7 s: each skinned normal is the weighted sum of its joints' rotation of the bind normal,
        // computed here in double from the palette the scene used; the skinned normal stays nearly unit length
        PosedModel posed = PosedModel.load(null, GltfCommandsTest.shared("CesiumMan", "CesiumMan.glb"), null, "0",
                0.7f, false);
        MeshScene scene = MeshScene.of(posed);
        scene.update(posed);
        MeshScene.Part part = scene.parts.get(0);
        assertThat(part.normals).isNotNull();
        float[] palette = new float[part.skeleton.jointCount() * dev.arbor.animation.CpuSkinning.ENTRY];
        part.skeleton.writePalette(posed.hierarchy, part.handle, dev.arbor.hierarchy.MatrixLayout.COLUMN_MAJOR_3X4,
                palette, 0);
        double maxError = 0;
        double minLength = Double.MAX_VALUE;
        for (int v = 0; v < part.normals.length / 3; v++) {
            double[] expected = new double[3];
            double sum = 0;
            for (int k = 0; k < 4; k++) {
                double w = part.weights[4 * v + k];
                int m = part.joints[4 * v + k] * dev.arbor.animation.CpuSkinning.ENTRY;
                for (int r = 0; r < 3; r++) {
                    expected[r] += w * (palette[m + r] * (double) part.normals[3 * v]
                            + palette[m + 3 + r] * (double) part.normals[3 * v + 1]
                            + palette[m + 6 + r] * (double) part.normals[3 * v + 2]);
                }
                sum += w;
            }
            double length = 0;
            for (int r = 0; r < 3; r++) {
                maxError = Math.max(maxError, Math.abs(expected[r] / sum - part.posedNormals[3 * v + r]));
                length += part.posedNormals[3 * v + r] * part.posedNormals[3 * v + r];
            }
            minLength = Math.min(minLength, Math.sqrt(length));
        }
        assertThat(maxError).isLessThan(1e-5);
        assertThat(minLength).isGreaterThan(0.5);
    }

    /** World matrices (affine 3×4 column-major, double) of every built node, from the local TRS of each. */
    static double[][] referenceWorlds(PosedModel posed) {
        double[][] world = new double[posed.model.nodeCount()][];
        for (int node : posed.builtNodes()) {
            worldOf(node, posed, world);
        }
        return world;
    }

    private static double[] worldOf(int node, PosedModel posed, double[][] world) {
        if (world[node] != null) {
            return world[node];
        }
        long handle = posed.instance.handle(node);
        Hierarchy h = posed.hierarchy;
        double[] local;
        if (h.hasLocalMatrix(handle)) {
            float[] m = h.getLocalMatrix(handle, new float[12], 0);
            local = new double[12];
            for (int i = 0; i < 12; i++) {
                local[i] = m[i];
            }
        } else {
            local = trs(h.getLocalTranslation(handle, new Vector3f()), h.getLocalRotation(handle, new Quaternionf()),
                    h.getLocalScale(handle, new Vector3f()));
        }
        int parent = posed.model.parent(node);
        world[node] = parent < 0 ? local : multiply(worldOf(parent, posed, world), local);
        return world[node];
    }

    /** {@code T × R × S} in double, the quaternion normalised here. */
    static double[] trs(Vector3f t, Quaternionf q, Vector3f s) {
        double n = Math.sqrt((double) q.x * q.x + (double) q.y * q.y + (double) q.z * q.z + (double) q.w * q.w);
        double x = q.x / n;
        double y = q.y / n;
        double z = q.z / n;
        double w = q.w / n;
        double[] r = {
            1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
            2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
            2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)};
        double[] m = new double[12];
        double[] scale = {s.x, s.y, s.z};
        for (int c = 0; c < 3; c++) {
            for (int row = 0; row < 3; row++) {
                m[3 * c + row] = r[3 * c + row] * scale[c];
            }
        }
        m[9] = t.x;
        m[10] = t.y;
        m[11] = t.z;
        return m;
    }

    static double[] multiply(double[] a, double[] b) {
        double[] m = new double[12];
        for (int c = 0; c < 4; c++) {
            for (int row = 0; row < 3; row++) {
                double v = c == 3 ? a[9 + row] : 0;
                for (int k = 0; k < 3; k++) {
                    v += a[3 * k + row] * b[3 * c + k];
                }
                m[3 * c + row] = v;
            }
        }
        return m;
    }

    private static double[] apply(double[] m, double[] p) {
        double[] out = new double[3];
        for (int row = 0; row < 3; row++) {
            out[row] = m[row] * p[0] + m[3 + row] * p[1] + m[6 + row] * p[2] + m[9 + row];
        }
        return out;
    }

    private static double[] apply(float[] m, int at, float[] p, int v) {
        double[] out = new double[3];
        for (int row = 0; row < 3; row++) {
            out[row] = (double) m[at + row] * p[v] + (double) m[at + 3 + row] * p[v + 1]
                    + (double) m[at + 6 + row] * p[v + 2] + m[at + 9 + row];
        }
        return out;
    }
}
