package dev.arbor.bench.bounds;

import com.jme3.bounding.BoundingBox;
import com.jme3.bounding.BoundingVolume;
import com.jme3.math.Vector3f;
import com.jme3.renderer.Camera;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import dev.arbor.bench.peers.JmeSystem;
import dev.arbor.bounds.Aabb;
import dev.arbor.scenes.Scene;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * jMonkeyEngine 3.9's bounds and culling over a {@link JmeSystem}: under every scene node a {@link Geometry} whose
 * mesh carries the content box as its {@link BoundingBox} model bound (no vertex data: nothing else is needed).
 * {@code updateGeometricState()} recomputes the world bounds of what moved and merges them up the tree; the scene
 * bounds are the root node's {@code getWorldBound()}. Culling walks the tree as jME's {@code RenderManager} does
 * before queueing geometries: {@code checkCulling(camera)} per spatial (jME's {@code Camera.contains}, with its
 * plane-state mask so that a subtree inside a plane skips that plane), children only of spatials not outside.
 *
 * <p>Differences from Arbor's test, so the counts may differ slightly: jME composes decomposed transforms (no shear,
 * see {@link dev.arbor.bench.peers.Composition#DECOMPOSED_TRS}), so its world boxes differ where a non-uniform scale
 * sits under a rotation; and it builds its planes from the camera frame rather than from the projection × view
 * matrix, which rounds differently.
 */
public final class JmeBounds implements BoundsSystem {
    /** jME's {@code RenderManager} resets the camera's plane state to 0 at the top of each scene. */
    private static final int ALL_PLANES_TO_TEST = 0;
    private final JmeSystem transforms = new JmeSystem();
    private final Vector3f corner = new Vector3f();
    private Geometry[] geometries;
    private Geometry[] hits;
    private Camera camera;

    @Override
    public String id() {
        return "jme";
    }

    @Override
    public void build(BoundsScene boundsScene) {
        Scene scene = boundsScene.scene();
        transforms.build(scene);
        int n = scene.size();
        float[] c = boundsScene.contents();
        geometries = new Geometry[n];
        for (int i = 0; i < n; i++) {
            int o = i * Aabb.STRIDE;
            Mesh mesh = new Mesh();
            mesh.setBound(new BoundingBox(new Vector3f(c[o], c[o + 1], c[o + 2]),
                    new Vector3f(c[o + 3], c[o + 4], c[o + 5])));
            Geometry g = new Geometry("content", mesh);
            transforms.node(i).attachChild(g);
            geometries[i] = g;
        }
        transforms.update();
        hits = new Geometry[n];
        camera = new Camera(1920, 1080);
        camera.setFrustumPerspective(BoundsScene.FOV_Y_DEGREES, BoundsScene.ASPECT, BoundsScene.NEAR,
                BoundsScene.FAR);
        camera.setLocation(new Vector3f(BoundsScene.EYE[0], BoundsScene.EYE[1], BoundsScene.EYE[2]));
        camera.lookAt(new Vector3f(BoundsScene.TARGET[0], BoundsScene.TARGET[1], BoundsScene.TARGET[2]),
                Vector3f.UNIT_Y);
    }

    @Override
    public void moveAndBound(int[] nodes, float[] xyzw, float[] sceneBox) {
        for (int k = 0; k < nodes.length; k++) {
            int q = k * 4;
            transforms.setLocalRotation(nodes[k], xyzw[q], xyzw[q + 1], xyzw[q + 2], xyzw[q + 3]);
        }
        transforms.update();
        write((BoundingBox) transforms.rootNode().getWorldBound(), sceneBox);
    }

    private void write(BoundingBox b, float[] dest) {
        b.getMin(corner);
        dest[0] = corner.x;
        dest[1] = corner.y;
        dest[2] = corner.z;
        b.getMax(corner);
        dest[3] = corner.x;
        dest[4] = corner.y;
        dest[5] = corner.z;
    }

    @Override
    public int cull(BoundsScene scene) {
        camera.setPlaneState(ALL_PLANES_TO_TEST);
        return cull(transforms.rootNode(), 0);
    }

    private int cull(Spatial spatial, int count) {
        if (!spatial.checkCulling(camera)) {
            return count;
        }
        if (spatial instanceof Node) {
            int planeState = camera.getPlaneState();
            List<Spatial> children = ((Node) spatial).getChildren();
            for (int i = 0, n = children.size(); i < n; i++) {
                camera.setPlaneState(planeState);
                count = cull(children.get(i), count);
            }
            return count;
        }
        hits[count] = (Geometry) spatial;
        return count + 1;
    }

    @Override
    public int[] visibleNodes(BoundsScene scene) {
        int count = cull(scene);
        Map<Geometry, Integer> nodeOf = new IdentityHashMap<>();
        for (int i = 0; i < geometries.length; i++) {
            nodeOf.put(geometries[i], i);
        }
        int[] nodes = new int[count];
        for (int k = 0; k < count; k++) {
            nodes[k] = nodeOf.get(hits[k]);
        }
        Arrays.sort(nodes);
        return nodes;
    }

    @Override
    public float[] worldBox(int node, float[] dest) {
        BoundingVolume bound = geometries[node].getWorldBound();
        write((BoundingBox) bound, dest);
        return dest;
    }

    @Override
    public float[] worldMatrix(int node, float[] dest) {
        return transforms.getWorld(node, dest, 0);
    }
}
