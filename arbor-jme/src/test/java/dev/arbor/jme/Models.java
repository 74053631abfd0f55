package dev.arbor.jme;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.SkinningControl;
import com.jme3.anim.tween.action.ClipAction;
import com.jme3.asset.AssetManager;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.math.Matrix4f;
import com.jme3.scene.Spatial;

/** The sample models as jME loads them from the class path, and jME's own skinning matrices of a model. */
final class Models {
    static final String CESIUM_MAN = "dev/arbor/jme/models/CesiumMan/CesiumMan.glb";
    static final String RIGGED_FIGURE = "dev/arbor/jme/models/RiggedFigure/RiggedFigure.glb";
    private static AssetManager assets;

    private Models() {
    }

    /** @return a fresh copy of a model (jME's asset manager clones its cached model) */
    static synchronized Spatial load(String path) {
        if (assets == null) {
            assets = new DesktopAssetManager(true);
        }
        return assets.loadModel(path);
    }

    /** @return the first clip's name of a model's composer */
    static String firstClip(Spatial model) {
        return BridgedModel.find(model, AnimComposer.class).getAnimClipsNames().iterator().next();
    }

    /** jME's own playback of a model: its composer plays one clip with no transition. */
    static final class JmePlayer {
        final AnimComposer composer;
        final SkinningControl skinning;

        JmePlayer(Spatial model, String clip) {
            composer = BridgedModel.find(model, AnimComposer.class);
            skinning = BridgedModel.find(model, SkinningControl.class);
            ((ClipAction) composer.action(clip)).setTransitionLength(0);
            composer.setCurrentAction(clip);
        }

        /** Poses the armature at a time and returns jME's skinning matrices (jME's array). */
        Matrix4f[] at(double time) {
            composer.setTime(AnimComposer.DEFAULT_LAYER, time);
            composer.update(0);
            skinning.update(0);
            return skinning.getArmature().computeSkinningMatrices();
        }
    }

    /**
     * @return the largest element difference between two matrices divided by max(1, largest |element| of want)
     */
    static double error(Matrix4f want, Matrix4f got) {
        double scale = 1;
        double diff = 0;
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                scale = Math.max(scale, Math.abs(want.get(r, c)));
                diff = Math.max(diff, Math.abs(want.get(r, c) - got.get(r, c)));
            }
        }
        return diff / scale;
    }
}
