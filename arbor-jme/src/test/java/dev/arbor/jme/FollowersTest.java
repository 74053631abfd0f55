package dev.arbor.jme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.jme3.anim.Joint;
import com.jme3.anim.SkinningControl;
import com.jme3.math.FastMath;
import com.jme3.math.Matrix4f;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import dev.arbor.hierarchy.Hierarchy;
import org.junit.jupiter.api.Test;

/**
 * Spatials that follow Arbor nodes and Arbor nodes that follow spatials: a sword on CesiumMan's hand stays where jME's
 * own attachment node of that joint is on an unbridged copy playing the same clip (for a control and for a crowd
 * member); an Arbor node under a parent follows a jME node moved and turned under its own parent.
 */
class FollowersTest {
    private static final String HAND = "Skeleton_arm_joint_R__3_";

    @Test
    void swordOnTheHandFollowsTheJointAsJmesAttachmentNodeDoes() {
        Node scene = new Node("scene");
        Spatial reference = Models.load(Models.CESIUM_MAN);
        Spatial bridged = Models.load(Models.CESIUM_MAN);
        Spatial crowdMember = Models.load(Models.CESIUM_MAN);
        for (Spatial s : new Spatial[] {reference, bridged, crowdMember}) {
            s.setLocalTranslation(2, 0, 5);
            s.setLocalRotation(new Quaternion().fromAngles(0, FastMath.HALF_PI, 0));
            scene.attachChild(s);
        }
        String clip = Models.firstClip(reference);
        Models.JmePlayer jme = new Models.JmePlayer(reference, clip);
        Node handOfJme = jme.skinning.getAttachmentsNode(HAND);
        ArborAnimation animation = ArborAnimation.attach(bridged);
        animation.play(clip);
        Node sword = new Node("sword");
        SpatialFollowsNode follower = animation.attachToJoint(sword, HAND);
        ArborCrowdState crowd = new ArborCrowdState();
        crowd.add(crowdMember, clip, 0f);
        Node crowdSword = new Node("crowd sword");
        crowd.attachToJoint(0, crowdSword, HAND);
        assertThat(follower.node()).isEqualTo(animation.joint(HAND));
        float time = 0;
        for (int f = 0; f < 30; f++) {
            time += 0.061f;
            jme.at(time);
            animation.update(0.061f);
            crowd.update(0.061f);
            scene.updateLogicalState(0);
            scene.updateGeometricState();
            Vector3f want = handOfJme.getWorldTranslation();
            assertThat(sword.getWorldTranslation().distance(want)).as("frame %d", f).isLessThan(1e-4f);
            assertThat(crowdSword.getWorldTranslation().distance(want)).as("frame %d", f).isLessThan(1e-4f);
            Quaternion q = sword.getWorldRotation();
            assertThat(Math.abs(q.dot(handOfJme.getWorldRotation()))).isGreaterThan(1 - 1e-5f);
        }
        assertThatThrownBy(() -> animation.attachToJoint(new Node(), "tail"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no joint named tail");
        crowd.cleanup();
    }

    @Test
    void arborNodeFollowsAMovingSpatial() {
        Node scene = new Node("scene");
        Node carrier = new Node("carrier");
        Node target = new Node("target");
        scene.attachChild(carrier);
        carrier.attachChild(target);
        carrier.setLocalTranslation(1, 2, 3);
        carrier.setLocalRotation(new Quaternion().fromAngles(0.3f, 0.2f, 0.1f));
        carrier.setLocalScale(2f);
        Hierarchy h = new Hierarchy();
        long parent = h.createRoot();
        h.setLocalTranslation(parent, -4, 0, 1);
        h.setLocalRotation(parent, 0, (float) Math.sin(0.4), 0, (float) Math.cos(0.4));
        long node = h.createChild(parent);
        NodeFollowsSpatial control = new NodeFollowsSpatial(h, node, null);
        target.addControl(control);
        Matrix4f want = new Matrix4f();
        org.joml.Matrix4f got = new org.joml.Matrix4f();
        for (int f = 0; f < 10; f++) {
            target.setLocalTranslation(f * 0.5f, 1, -f);
            target.setLocalRotation(new Quaternion().fromAngles(f * 0.2f, 0, f * 0.1f));
            scene.updateLogicalState(0);
            target.getWorldTransform().toTransformMatrix(want);
            h.getWorld(node, got);
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 4; c++) {
                    assertThat(got.get(c, r)).as("frame %d (%d, %d)", f, r, c)
                            .isCloseTo(want.get(r, c), org.assertj.core.data.Offset.offset(1e-4f));
                }
            }
        }
        assertThatThrownBy(() -> new NodeFollowsSpatial(h, Hierarchy.NULL, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("node is not a live handle: node=0");
    }

    @Test
    void jointModelTransformsAreReadFromArborsPalette() {
        Spatial reference = Models.load(Models.RIGGED_FIGURE);
        Spatial bridged = Models.load(Models.RIGGED_FIGURE);
        String clip = Models.firstClip(reference);
        Models.JmePlayer jme = new Models.JmePlayer(reference, clip);
        ArborAnimation animation = ArborAnimation.attach(bridged);
        animation.play(clip).seek(0.4f);
        animation.update(0);
        jme.at(0.4f);
        SkinningControl skinning = BridgedModel.find(bridged, SkinningControl.class);
        for (int j = 0; j < skinning.getArmature().getJointCount(); j++) {
            Joint want = jme.skinning.getArmature().getJoint(j);
            Joint got = skinning.getArmature().getJoint(j);
            assertThat(got.getModelTransform().getTranslation().distance(want.getModelTransform().getTranslation()))
                    .as("joint %d", j).isLessThan(1e-4f);
        }
    }
}
