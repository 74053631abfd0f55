package dev.arbor.jme;

import static org.assertj.core.api.Assertions.assertThat;

import com.jme3.anim.SkinningControl;
import com.jme3.bounding.BoundingBox;
import com.jme3.math.Matrix4f;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.ShortBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * jME's culling sees the animated mesh: after each frame, every vertex skinned with the matrices jME uploads lies
 * in the skinned geometry's model bound, and the geometry's world bound is that box moved by its world transform.
 */
class SkinBoundsTest {
    @ParameterizedTest
    @ValueSource(strings = {Models.CESIUM_MAN, Models.RIGGED_FIGURE})
    void everySkinnedVertexLiesInTheBound(String path) {
        Node scene = new Node("scene");
        Spatial model = Models.load(path);
        model.setLocalTranslation(3, 0, -2);
        scene.attachChild(model);
        ArborAnimation animation = ArborAnimation.attach(model);
        animation.play(Models.firstClip(model));
        SkinningControl skinning = BridgedModel.find(model, SkinningControl.class);
        SkinBounds bounds = animation.bridged().bounds;
        assertThat(bounds.geometryCount()).isPositive();
        Geometry geometry = target(model);
        Vector3f p = new Vector3f();
        Vector3f skinned = new Vector3f();
        Vector3f sum = new Vector3f();
        for (int f = 0; f < 40; f++) {
            animation.update(0.037f);
            scene.updateGeometricState();
            Matrix4f[] matrices = skinning.getArmature().computeSkinningMatrices();
            BoundingBox box = (BoundingBox) geometry.getModelBound();
            Mesh mesh = geometry.getMesh();
            FloatBuffer positions = (FloatBuffer) positions(mesh).getData();
            Buffer indices = mesh.getBuffer(VertexBuffer.Type.BoneIndex).getData();
            FloatBuffer weights = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.BoneWeight).getData();
            int per = mesh.getBuffer(VertexBuffer.Type.BoneWeight).getNumComponents();
            for (int v = 0; v < mesh.getVertexCount(); v++) {
                p.set(positions.get(3 * v), positions.get(3 * v + 1), positions.get(3 * v + 2));
                sum.set(0, 0, 0);
                for (int k = 0; k < per; k++) {
                    float w = weights.get(v * per + k);
                    if (w > 0) {
                        matrices[index(indices, v * per + k)].mult(p, skinned);
                        sum.addLocal(skinned.multLocal(w));
                    }
                }
                float weightSum = 0;
                for (int k = 0; k < per; k++) {
                    weightSum += Math.max(0, weights.get(v * per + k));
                }
                sum.divideLocal(weightSum);
                assertThat(box.intersects(sum) || distanceOutside(box, sum) < 1e-4f)
                        .as("frame %d vertex %d at %s, box %s", f, v, sum, box).isTrue();
            }
            BoundingBox world = (BoundingBox) geometry.getWorldBound();
            Vector3f expected = geometry.getWorldTransform().transformVector(box.getCenter(), new Vector3f());
            assertThat(world.getCenter().distance(expected)).isLessThan(1e-4f);
        }
    }

    private static float distanceOutside(BoundingBox box, Vector3f point) {
        Vector3f min = box.getMin(null);
        Vector3f max = box.getMax(null);
        float d = 0;
        d = Math.max(d, Math.max(min.x - point.x, point.x - max.x));
        d = Math.max(d, Math.max(min.y - point.y, point.y - max.y));
        d = Math.max(d, Math.max(min.z - point.z, point.z - max.z));
        return d;
    }

    private static VertexBuffer positions(Mesh mesh) {
        VertexBuffer bind = mesh.getBuffer(VertexBuffer.Type.BindPosePosition);
        return bind != null ? bind : mesh.getBuffer(VertexBuffer.Type.Position);
    }

    private static int index(Buffer indices, int at) {
        if (indices instanceof ByteBuffer) {
            return ((ByteBuffer) indices).get(at) & 0xff;
        }
        if (indices instanceof ShortBuffer) {
            return ((ShortBuffer) indices).get(at) & 0xffff;
        }
        return ((java.nio.IntBuffer) indices).get(at);
    }

    private static Geometry target(Spatial model) {
        Geometry[] found = new Geometry[1];
        model.depthFirstTraversal(s -> {
            if (found[0] == null && s instanceof Geometry && ((Geometry) s).getMesh().isAnimated()) {
                found[0] = (Geometry) s;
            }
        });
        return found[0];
    }
}
