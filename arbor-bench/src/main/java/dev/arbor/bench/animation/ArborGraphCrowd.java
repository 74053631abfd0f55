package dev.arbor.bench.animation;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationGraph;
import dev.arbor.animation.AnimationGraphBuilder;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdSkin;
import dev.arbor.animation.GraphCrowd;
import dev.arbor.animation.GraphPlayer;
import dev.arbor.animation.Skeleton;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.FloatBuffer;

/**
 * Arbor's graph crowd: every instance plays a state machine of two states, each the 1D blend space of idle (the
 * clip's first pose held), walk (the clip) and run (the clip at 0.6 of its length) by speed, turning from one state to
 * the other with a cross-fade on a trigger ({@link GraphScript}); the whole crowd evaluated by one
 * {@link GraphCrowd#update} per frame, then {@link Hierarchy#update()} and the palettes
 * ({@link CrowdAnimator#writePalettes}).
 */
final class ArborGraphCrowd implements CrowdSystem {
    private Hierarchy h;
    private GraphPlayer[] players;
    private GraphCrowd graphs;
    private CrowdSkin skin;
    private long[] meshes;
    private long frame;
    private final CrowdAnimator animator = new CrowdAnimator();
    private final float[] world = new float[12];

    @Override
    public String id() {
        return "arbor-graph";
    }

    /** The graph of the benchmark, on the crowd's clip. */
    static AnimationGraph graph(AnimationClip clip) {
        AnimationGraphBuilder g = AnimationGraph.builder().floatParameter("speed", 2).trigger("turn");
        g.blendSpace1D("locomotion", "speed")
                .point(GraphScript.POSITIONS[0], clip.heldAt("idle", 0))
                .point(GraphScript.POSITIONS[1], clip.withName("walk"))
                .point(GraphScript.POSITIONS[2], clip.retimed("run", 0.6f));
        AnimationGraphBuilder.Machine m = g.machine("main").state("a", "locomotion").state("b", "locomotion");
        m.transition("a", "b").when("turn", AnimationGraph.Test.TRIGGERED).duration(GraphScript.FADE);
        m.transition("b", "a").when("turn", AnimationGraph.Test.TRIGGERED).duration(GraphScript.FADE);
        return g.build();
    }

    @Override
    public void build(Crowd crowd) {
        GltfModel model = crowd.model();
        int count = crowd.count();
        AnimationGraph graph = graph(crowd.clip());
        h = new Hierarchy(count * (model.nodeCount() + 1));
        players = new GraphPlayer[count];
        Skeleton[] skeletons = new Skeleton[count];
        meshes = new long[count];
        int size = model.animatedNodes().length;
        long[] nodes = new long[count * size];
        for (int i = 0; i < count; i++) {
            long spot = h.createRoot();
            h.setLocalTranslation(spot, crowd.gridX(i), 0, crowd.gridZ(i));
            GltfInstance member = model.instantiate(h, model.sceneToShow(), spot);
            skeletons[i] = member.skeleton(0);
            meshes[i] = member.handle(crowd.meshNode());
            System.arraycopy(member.animatedHandles(), 0, nodes, i * size, size);
            players[i] = new GraphPlayer(graph, model.restPose());
        }
        graphs = new GraphCrowd(h, players, nodes);
        skin = CrowdSkin.of(skeletons, meshes);
        h.update();
    }

    @Override
    public void sample(float clock) {
        long f = frame++;
        for (int i = 0; i < players.length; i++) {
            players[i].set(0, GraphScript.speed(i, f));
            if (GraphScript.turns(i, f)) {
                players[i].trigger(1);
            }
        }
        graphs.update(Crowd.FRAME);
    }

    @Override
    public void hierarchy() {
        h.update();
    }

    @Override
    public void palettes(FloatBuffer dest) {
        animator.writePalettes(h, skin, dest, 0);
    }

    @Override
    public void renderWorld(int instance, float[] dest) {
        ArborCrowd.renderWorld(h, meshes[instance], world, dest);
    }

    /** @return the share of the crowd in a transition after the latest frame */
    double transitioning() {
        int n = 0;
        for (GraphPlayer p : players) {
            n += p.transitioning() ? 1 : 0;
        }
        return (double) n / players.length;
    }
}
