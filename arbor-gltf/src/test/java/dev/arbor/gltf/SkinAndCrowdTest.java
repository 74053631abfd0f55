package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.Pose;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.math.Affine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Skins at rest agree with their inverse bind matrices; many instances animate independently. */
class SkinAndCrowdTest {

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "RiggedFigure", "RiggedSimple", "SimpleSkin"})
    void atRestEveryJointTimesItsInverseBindGivesTheSameBindShape(String name) throws Exception {
        GltfModel model = Gltf.read(SampleModels.model(name));
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, -1, Hierarchy.NULL);
        h.update();
        assertThat(model.skinCount()).isPositive();
        for (int s = 0; s < model.skinCount(); s++) {
            Skeleton skeleton = instance.skeleton(s);
            assertThat(skeleton).isNotNull();
            float[] first = null;
            float[] world = new float[12];
            float[] ibm = new float[12];
            float[] product = new float[12];
            for (int j = 0; j < skeleton.jointCount(); j++) {
                skeleton.jointWorld(h, j, world, 0);
                skeleton.inverseBindMatrix(j, ibm, 0);
                Affine.multiply(world, 0, ibm, 0, product, 0);
                if (first == null) {
                    first = product.clone();
                } else {
                    assertThat(Affine.maxDifference(product, 0, first, 0)).as("%s joint %d", name, j)
                            .isLessThan(1e-5f);
                }
            }
            // the palette for the skinned mesh node: identical entries (the bind shape in mesh space)
            int meshNode = -1;
            for (int i = 0; i < model.nodeCount(); i++) {
                if (model.skinOf(i) == s) {
                    meshNode = i;
                }
            }
            float[] palette = skeleton.writePalette(h, instance.handle(meshNode), MatrixLayout.COLUMN_MAJOR_3X4,
                    new float[skeleton.jointCount() * 12], 0);
            for (int j = 1; j < skeleton.jointCount(); j++) {
                assertThat(Affine.maxDifference(palette, j * 12, palette, 0)).isLessThan(1e-5f);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "RiggedFigure"})
    void atRestTheirPaletteIsTheIdentity(String name) throws Exception {
        // the summaries report world(joint) × inverseBind equal to the skinned mesh node's world (3e-7, 6e-7)
        GltfModel model = Gltf.read(SampleModels.model(name));
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, -1, Hierarchy.NULL);
        int meshNode = name.equals("CesiumMan") ? 2 : 1;
        float[] palette = instance.skeleton(0).writePalette(h, instance.handle(meshNode),
                MatrixLayout.COLUMN_MAJOR_3X4, new float[19 * 12], 0);
        float[] identity = new float[12];
        Affine.identity(identity, 0);
        for (int j = 0; j < 19; j++) {
            assertThat(Affine.maxDifference(palette, j * 12, identity, 0)).isLessThan(1e-5f);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "BoxAnimated", "RiggedSimple"})
    void aCrowdOfInstancesPlaysOneModelAtDifferentTimes(String name) throws Exception {
        GltfModel model = Gltf.read(SampleModels.model(name));
        int count = 20;
        Hierarchy crowd = new Hierarchy();
        GltfInstance[] members = new GltfInstance[count];
        for (int i = 0; i < count; i++) {
            long spot = crowd.createRoot();
            crowd.setLocalTranslation(spot, i * 2f, 0, 0);
            members[i] = model.instantiate(crowd, model.sceneToShow(), spot);
        }
        Pose pose = model.restPose();
        float length = model.animation(0).endTime();
        for (int i = 0; i < count; i++) {
            members[i].applyAnimation(0, length * i / count, WrapMode.LOOP, pose);
        }
        crowd.update();
        crowd.checkInvariants();
        // each member equals a lone instance posed at its time, shifted by its spot
        float[] inCrowd = new float[12];
        float[] alone = new float[12];
        for (int i = 0; i < count; i += 7) {
            Hierarchy single = new Hierarchy();
            GltfInstance one = model.instantiate(single, model.sceneToShow(), Hierarchy.NULL);
            one.applyAnimation(0, length * i / count, WrapMode.LOOP, pose);
            for (int node = 0; node < model.nodeCount(); node++) {
                if (one.handle(node) == Hierarchy.NULL) {
                    continue;
                }
                crowd.getWorld(members[i].handle(node), inCrowd, 0);
                single.getWorld(one.handle(node), alone, 0);
                alone[9] += i * 2f;
                assertThat(Affine.maxDifference(inCrowd, 0, alone, 0)).as("member %d node %d", i, node)
                        .isLessThan(1e-4f);
                assertThat(members[i].node(members[i].handle(node))).isEqualTo(node);
            }
        }
    }
}
