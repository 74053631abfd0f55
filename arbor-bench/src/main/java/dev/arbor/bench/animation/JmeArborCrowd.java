package dev.arbor.bench.animation;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.Armature;
import com.jme3.scene.Spatial;
import dev.arbor.jme.ArborCrowdState;

/**
 * jMonkeyEngine 3.9 animated through the {@code arbor-jme} bridge: the models of {@link JmeCrowd} ({@link JmeGrid}:
 * jME's glTF loader, one clone per instance on the grid, meshes emptied), each added to one {@link ArborCrowdState} playing the clip at
 * {@code clock + phase(i)}; jME's {@code SkinningControl}s and {@code Armature}s stay, and read Arbor's palettes.
 *
 * <p>Per frame: sample = per instance {@code crowd.setTime(i, clock + phase)}, then the crowd's whole frame
 * ({@code crowd.update(0)}: sampling, joints, palettes, in one Arbor crowd frame); hierarchy = per instance the
 * skinning control's update (jME's walk of the armature, which the bridge makes do nothing per joint) and the root's
 * {@code updateGeometricState()}, as {@link JmeCrowd} does; palettes = per instance
 * {@link Armature#computeSkinningMatrices()} (each matrix copied from Arbor's palette) put into the buffer as
 * {@link JmeCrowd} puts them. The frame is the three in order: the work a jME application does per frame with the
 * bridge, beside what {@link JmeCrowd} measures without it. The skinned bounds the bridge keeps cost nothing here:
 * the meshes are empty. Not for blend crowds (the bridge's crowd plays one clip per character).
 */
final class JmeArborCrowd extends JmeGrid {
    private final ArborCrowdState state = new ArborCrowdState();

    @Override
    public String id() {
        return "jme-arbor";
    }

    @Override
    public void setThreads(int threads) {
        state.setThreads(threads);
    }

    @Override
    public void build(Crowd crowd) {
        if (crowd.blend()) {
            throw new IllegalArgumentException("jme-arbor plays one clip per character: crowd=" + crowd.id()
                    + " blends two");
        }
        super.build(crowd);
        state.update(0);
    }

    @Override
    void setUpMember(int i, Spatial member, AnimComposer composer, String clip) {
        state.add(member, clip, phases[i]);
    }

    @Override
    public void sample(float clock) {
        for (int i = 0; i < phases.length; i++) {
            state.setTime(i, clock + phases[i]);
        }
        state.update(0);
    }
}
