package dev.arbor.bench.animation;

import com.jme3.anim.AnimClip;
import com.jme3.anim.AnimComposer;
import com.jme3.anim.AnimTrack;
import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.anim.TransformTrack;
import com.jme3.anim.tween.action.BlendAction;
import com.jme3.anim.tween.action.BlendableAction;
import com.jme3.anim.tween.action.ClipAction;
import com.jme3.anim.tween.action.LinearBlendSpace;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import java.nio.FloatBuffer;

/**
 * jMonkeyEngine 3.9's graph crowd, the same workload as {@link ArborGraphCrowd}: per instance an {@link AnimComposer}
 * with two {@link BlendAction}s (a and b) over a {@link LinearBlendSpace} of the same three clips (idle: the clip's
 * first pose held over the clip's length; walk; run: the clip's keys at 0.6 of their times), evenly spaced from 0 to
 * 4 as {@link GraphScript#POSITIONS}; each frame the speed is set on the playing action's blend space and the
 * composer advanced by 1/60 s; on a turn the other action becomes current with a transition of
 * {@link GraphScript#FADE} s (jME fades it in over the pose the joints hold). Hierarchy and palettes as
 * {@link JmeCrowd}. Loaded and cloned as there.
 */
final class JmeGraphCrowd implements CrowdSystem {
    private Node root;
    private AnimComposer[] composers;
    private BlendAction[][] actions;
    private int[] playing;
    private SkinningControl[] skinnings;
    private Armature[] armatures;
    private Geometry[] meshes;
    private long frame;

    @Override
    public String id() {
        return "jme-graph";
    }

    @Override
    public void build(Crowd crowd) {
        Spatial model = JmeGrid.loadWithoutMeshes(crowd);
        int count = crowd.count();
        root = new Node("crowd");
        composers = new AnimComposer[count];
        actions = new BlendAction[count][2];
        playing = new int[count];
        skinnings = new SkinningControl[count];
        armatures = new Armature[count];
        meshes = new Geometry[count];
        for (int i = 0; i < count; i++) {
            Spatial member = model.clone();
            member.setLocalTranslation(crowd.gridX(i), 0, crowd.gridZ(i));
            root.attachChild(member);
            AnimComposer composer = JmeGrid.find(member, AnimComposer.class);
            composers[i] = composer;
            skinnings[i] = JmeGrid.find(member, SkinningControl.class);
            armatures[i] = skinnings[i].getArmature();
            meshes[i] = JmeGrid.skinnedGeometry(member);
            AnimClip walk = composer.getAnimClip(composer.getAnimClipsNames().iterator().next());
            AnimClip idle = derived(walk, "idle", 1f, true);
            AnimClip run = derived(walk, "run", 0.6f, false);
            for (int k = 0; k < 2; k++) {
                LinearBlendSpace space = new LinearBlendSpace(GraphScript.POSITIONS[0], GraphScript.POSITIONS[2]);
                BlendAction action = new BlendAction(space, clip(idle), clip(walk), clip(run));
                action.setTransitionLength(GraphScript.FADE);
                composer.addAction(k == 0 ? "a" : "b", action);
                actions[i][k] = action;
            }
            composer.setCurrentAction("a");
        }
        root.updateLogicalState(0);
        root.updateGeometricState();
    }

    private static BlendableAction clip(AnimClip clip) {
        ClipAction action = new ClipAction(clip);
        action.setTransitionLength(0);
        return action;
    }

    /** The clip's keys at {@code factor} times their times, or (held) its first key held over its length. */
    private static AnimClip derived(AnimClip clip, String name, float factor, boolean held) {
        AnimTrack[] tracks = clip.getTracks();
        AnimTrack[] out = new AnimTrack[tracks.length];
        for (int t = 0; t < tracks.length; t++) {
            TransformTrack track = (TransformTrack) tracks[t];
            float[] times = track.getTimes();
            Vector3f[] tr = track.getTranslations();
            Quaternion[] rot = track.getRotations();
            Vector3f[] sc = track.getScales();
            if (held) {
                float end = times[times.length - 1];
                out[t] = new TransformTrack(track.getTarget(), new float[] {0, end},
                        tr == null ? null : new Vector3f[] {tr[0], tr[0]},
                        rot == null ? null : new Quaternion[] {rot[0], rot[0]},
                        sc == null ? null : new Vector3f[] {sc[0], sc[0]});
            } else {
                float[] scaled = new float[times.length];
                for (int k = 0; k < times.length; k++) {
                    scaled[k] = times[k] * factor;
                }
                out[t] = new TransformTrack(track.getTarget(), scaled, tr, rot, sc);
            }
        }
        AnimClip derived = new AnimClip(name);
        derived.setTracks(out);
        return derived;
    }

    @Override
    public void sample(float clock) {
        long f = frame++;
        for (int i = 0; i < composers.length; i++) {
            if (GraphScript.turns(i, f)) {
                playing[i] ^= 1;
                composers[i].setCurrentAction(playing[i] == 0 ? "a" : "b");
            }
            actions[i][playing[i]].getBlendSpace().setValue(GraphScript.speed(i, f));
            composers[i].update(Crowd.FRAME);
        }
    }

    @Override
    public void hierarchy() {
        JmeGrid.hierarchy(skinnings, root);
    }

    @Override
    public void palettes(FloatBuffer dest) {
        JmeGrid.palettes(armatures, dest);
    }

    @Override
    public void renderWorld(int instance, float[] dest) {
        meshes[instance].getWorldMatrix().get(dest, false);
    }
}
