package dev.arbor.bench.animation;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.anim.tween.action.ClipAction;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.math.Matrix4f;
import com.jme3.scene.Mesh;
import com.jme3.scene.Spatial;
import java.nio.FloatBuffer;

/**
 * jMonkeyEngine 3.9: the same {@code .glb} loaded by jME's own glTF loader ({@code jme3-plugins}) through a
 * {@link DesktopAssetManager} with its default desktop configuration (class-path locator; no display or context is
 * created), then cloned once per instance under one root node, each clone moved to its grid spot. Each clone has
 * its own {@link AnimComposer} playing the clip as a {@link ClipAction} with no transition (so a sample is the
 * clip's value, not a cross-fade from the previous frame) and its own {@link SkinningControl} and {@link Armature}.
 *
 * <p>Per frame: sample = per instance {@code composer.setTime(layer, clock + phase)} and {@code composer.update(0)}
 * (the layer interpolates every track into the joints' local transforms); hierarchy = per instance the skinning
 * control's update ({@code armature.update()}: the joints' model transforms) and the root's
 * {@code updateGeometricState()}; palettes = per instance {@link Armature#computeSkinningMatrices()} (the joints' model
 * transforms × their inverse model bind matrices), each matrix put column-major into the buffer with
 * {@link Matrix4f#fillFloatBuffer(FloatBuffer, boolean)}, as jME uploads them. The controls are called directly, not
 * through {@code updateLogicalState}, which would also walk the rest of the scene graph: this is jME at its cheapest.
 * Headless jME never renders, and its skinning control computes the matrices only when rendering, so the benchmark
 * calls {@code computeSkinningMatrices()} itself.
 *
 * <p>A blend crowd plays a second {@link ClipAction} of the same clip on a second layer at the second time, with a
 * constant weight of {@link Crowd#BLEND_WEIGHT} ({@code setMaxTransitionWeight}); jME blends layers with
 * {@code Transform.interpolateTransforms} (nlerp for rotations, equal to slerp at weight 0.5).
 *
 * <p>The meshes' vertex data is dropped from the loaded model before cloning (an empty {@link Mesh} in each
 * geometry): no implementation skins vertices here, and a skinned mesh is deep-copied per clone otherwise
 * (gigabytes for 10,000 instances).
 */
final class JmeCrowd extends JmeGrid {
    private static final String SECOND_LAYER = "second";
    private Crowd crowd;
    private AnimComposer[] composers;

    @Override
    public String id() {
        return "jme";
    }

    @Override
    public void build(Crowd crowd) {
        this.crowd = crowd;
        composers = new AnimComposer[crowd.count()];
        super.build(crowd);
    }

    @Override
    void setUpMember(int i, Spatial member, AnimComposer composer, String clip) {
        composers[i] = composer;
        ((ClipAction) composer.action(clip)).setTransitionLength(0);
        composer.setCurrentAction(clip);
        if (crowd.blend()) {
            ClipAction second = new ClipAction(composer.getAnimClip(clip));
            second.setTransitionLength(0);
            second.setMaxTransitionWeight(Crowd.BLEND_WEIGHT);
            composer.addAction(SECOND_LAYER, second);
            composer.makeLayer(SECOND_LAYER, null);
            composer.setCurrentAction(SECOND_LAYER, SECOND_LAYER);
        }
    }

    @Override
    public void sample(float clock) {
        boolean blend = crowd.blend();
        float offset = crowd.blendOffset();
        for (int i = 0; i < composers.length; i++) {
            AnimComposer composer = composers[i];
            float t = clock + phases[i];
            composer.setTime(AnimComposer.DEFAULT_LAYER, t);
            if (blend) {
                composer.setTime(SECOND_LAYER, t + offset);
            }
            composer.update(0);
        }
    }
}
