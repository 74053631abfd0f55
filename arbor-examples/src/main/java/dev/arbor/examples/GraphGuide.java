package dev.arbor.examples;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.AnimationGraph;
import dev.arbor.animation.AnimationGraphBuilder;
import dev.arbor.animation.FiredEvents;
import dev.arbor.animation.GraphPlayer;
import dev.arbor.animation.Pose;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GraphJson;
import dev.arbor.hierarchy.Hierarchy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The character's graph of {@code docs/graphs.md}, in code and in JSON, played on a model whose first animation is a
 * walk of at least 0.75 s (CesiumMan): the clips idle (its first pose held), walk, run (the walk at 0.6 of its length) and jump (the walk
 * at half its length) are made from it. The code between the marker comments is the documentation's, word for word.
 */
public final class GraphGuide {
    /** The markers passed, in order. */
    public final List<String> footsteps = new ArrayList<>();
    /** The states entered, in order. */
    public final List<String> states = new ArrayList<>();

    private final AnimationClip idle;
    private final AnimationClip walk;
    private final AnimationClip run;
    private final AnimationClip jump;
    private final AnimationEvents walkSteps;
    private final AnimationEvents runSteps;

    /** The player's input: a speed ramp from 0 to 4 m/s and back, a jump at frame 200. */
    public static final class Input {
        int frame;

        float speed() {
            return frame < 150 ? frame / 37.5f : Math.max(0, 4 - (frame - 150) / 25f);
        }

        boolean jumpPressed() {
            return frame == 200;
        }
    }

    /**
     * @param walk a walk cycle (the clips of the graph are made from it)
     */
    public GraphGuide(AnimationClip walk) {
        this.walk = walk.withName("Walk");
        this.idle = walk.heldAt("Idle", 0);
        this.run = walk.retimed("Run", 0.6f);
        this.jump = walk.retimed("Jump", 0.5f);
        this.walkSteps = AnimationEvents.builder(this.walk).add("left", 0.25f).add("right", 0.75f).build();
        this.runSteps = AnimationEvents.builder(run).add("left", 0.15f).add("right", 0.45f).build();
    }

    private void footstep(String name) {
        footsteps.add(name);
    }

    private void entered(String state) {
        states.add(state);
    }

    /** @return the graph of the page, built in code */
    public AnimationGraph inCode() {
        // --- docs/graphs.md: code ---
        AnimationGraphBuilder g = AnimationGraph.builder()
                .floatParameter("speed", 0)
                .trigger("jump");
        g.clip("idle", idle);
        g.clip(new AnimationGraph.ClipMotion("jump", jump, AnimationEvents.NONE, false, 1f));   // played once
        g.blendSpace1D("locomotion", "speed")
                .point(0, idle)
                .point(1.5f, 0, walk, walkSteps)          // walkSteps: AnimationEvents of the walk (footsteps)
                .point(4, 0, run, runSteps);
        AnimationGraphBuilder.Machine main = g.machine("main")
                .state("stand", "idle")
                .state("move", "locomotion")
                .state("jump", "jump");
        main.transition("stand", "move").when("speed", AnimationGraph.Test.GREATER, 0.5f).duration(0.3f)
                .interruptible();
        main.transition("move", "stand").when("speed", AnimationGraph.Test.LESS, 0.3f).duration(0.3f);
        main.transition(AnimationGraph.ANY_STATE, "jump").when("jump", AnimationGraph.Test.TRIGGERED).duration(0.1f);
        main.transition("jump", "stand").exitTime(1f).duration(0.2f);
        AnimationGraph graph = g.root("main").build();
        // --- end ---
        return graph;
    }

    /**
     * Plays a graph on a model's instance for some frames, as the page shows.
     *
     * @param graph the graph
     * @param model the model
     * @param instance its instance
     * @param frames frames of 1/60 s
     * @return the player, after the frames
     */
    public GraphPlayer play(AnimationGraph graph, GltfModel model, GltfInstance instance, int frames) {
        float dt = 1 / 60f;
        Input input = new Input();
        // --- docs/graphs.md: play ---
        GraphPlayer player = new GraphPlayer(graph, model.restPose());
        Pose pose = model.restPose();
        for (int frame = 0; frame < frames; frame++) {             // every frame
            player.set("speed", input.speed());                     // or set(int, float) with graph.parameterIndex("speed")
            if (input.jumpPressed()) {
                player.trigger("jump");
            }
            player.advance(dt);                                     // time, transitions, events
            FiredEvents fired = player.fired();
            for (int k = 0; k < fired.size(); k++) {
                switch (fired.kind(k)) {
                    case MARKER -> footstep(fired.name(k));
                    case ENTER -> entered(fired.stateName(k));      // "move", "jump", …
                    default -> { }
                }
            }
            player.sample(pose);                                    // sample and blend
            instance.applyPose(pose);
        // --- end ---
            input.frame++;
        }
        return player;
    }

    /** @return the clips the page's JSON names */
    public Map<String, AnimationClip> clips() {
        Map<String, AnimationClip> clips = new LinkedHashMap<>();
        for (AnimationClip c : new AnimationClip[] {idle, walk, run, jump}) {
            clips.put(c.name(), c);
        }
        return clips;
    }

    /**
     * Reads the page's JSON form of the graph.
     *
     * @param json the document
     * @return the graph
     * @throws GltfException if the document is not a graph of these clips
     */
    public AnimationGraph inJson(String json) throws GltfException {
        return GraphJson.read(json, clips());
    }

    /**
     * Builds a model's default scene into a new hierarchy.
     *
     * @param model the model
     * @return its instance
     */
    public static GltfInstance instance(GltfModel model) {
        return model.instantiate(new Hierarchy(), model.sceneToShow(), Hierarchy.NULL);
    }
}
