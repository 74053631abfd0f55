package dev.arbor.animation;

import dev.arbor.animation.AnimationGraph.BlendSpace1D;
import dev.arbor.animation.AnimationGraph.BlendSpace2D;
import dev.arbor.animation.AnimationGraph.ClipMotion;
import dev.arbor.animation.AnimationGraph.Motion;
import dev.arbor.animation.AnimationGraph.ParameterKind;
import dev.arbor.animation.AnimationGraph.StateMachine;
import dev.arbor.animation.GraphNodes.BlendNode;
import dev.arbor.animation.GraphNodes.ClipNode;
import dev.arbor.animation.GraphNodes.MachineNode;
import dev.arbor.animation.GraphNodes.Node;
import dev.arbor.animation.GraphNodes.Site;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.NodeList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One character playing an {@link AnimationGraph}: its parameter values, its motions' times and its state machines'
 * states. Each frame, set the parameters, {@link #advance} the time (markers, loops, ends, states entered and left
 * fired into {@link #fired()} or a listener), then {@link #sample} the pose (or {@link #apply} it to the character's
 * nodes). Allocation-free per frame; not thread-safe (one player per character; a graph is shared).
 *
 * <p><b>Blend spaces.</b> A 1D space blends the two points either side of its parameter's value, by where the value
 * lies between them (beyond the ends, the end point alone). A 2D space weights its points by gradient bands: point
 * i's influence is the least, over every other point j, of {@code 1 − ((p − p_i)·(p_j − p_i)) / |p_j − p_i|²}
 * clamped at 0, and the weights are the influences over their sum; so weights are in [0, 1], sum to 1, change
 * continuously with the parameters, are 1 at a point, and need no triangulation (points may lie anywhere, also on a
 * line or outside the others' hull). Every point's clip plays at the same normalised time, the space's phase, which
 * advances one cycle per weighted mean of the clips' lengths (walk and run keep their feet in step); a space loops.
 * Its markers and loops are those of its leading point, the one of largest weight, so a footstep fires once per
 * cycle whatever the blend. The points' poses are blended in the order of the points, each into the mix of those
 * before it by its share ({@code w_k / (w_0 + … + w_k)}): translations and scales linearly, rotations by the normalised
 * linear blend on the shorter arc (nlerp: exact at shares 0, ½ and 1, within 0.27° of slerp between rotations 60°
 * apart, and much cheaper than slerp's trigonometry); points at weight 0 are not sampled. Cross-fades blend the same
 * way.
 *
 * <p><b>State machines.</b> A machine plays one state; each frame (after its states have advanced) it tries its
 * transitions in order, any-state ones first, and takes the first whose exit time has passed (the state's normalised
 * time: cycles of its motion since it was entered, a clip that does not loop stopping at 1) and whose conditions all
 * hold; taking it clears the triggers it tested. The state entered starts from time 0 and fades in over the
 * transition's duration (weight {@code elapsed / duration}, linear), both states playing meanwhile; when the fade
 * ends the state left is dropped. While a transition fades no other is tried, unless it is interruptible: then the
 * transitions of the state fading in (and any-state ones) are tried too, and one taken fades in a further state over
 * the blend so far (at most {@value GraphNodes#MAX_FADING} states fade at once; a further one drops the oldest). A
 * transition back to a state still fading out does not restart it: that state goes on, fading in again from its share
 * of the pose, so turning back mid-fade is continuous. {@link AnimationEventListener#onStateEnter} fires when a state
 * is entered (before its markers; the initial state on the first advance), {@link AnimationEventListener#onStateExit}
 * when it is dropped; a nested machine starts in its initial state each time its state is entered.
 *
 * <p><b>Root motion</b> ({@link AnimationGraph#rootMotion()}): each clip's root motion is taken out of its pose
 * ({@link RootMotion#strip}), and the frame's motion ({@link #rootMotionDelta}) is the sum over the clips playing of
 * their motion over the advance times their share of the pose, through blend spaces and cross-fades alike.
 *
 * <p>Cost of a frame: O(transitions tried + points) to advance; each clip with a share above 0 is sampled once
 * (a compiled {@link ClipSampler}, cursors kept per place) and blended in O(targets).
 */
public final class GraphPlayer {
    private final AnimationGraph graph;
    private final Pose rest;
    private final Node root;
    private final FiredEvents fired = new FiredEvents();
    /** Parameter values by index (a bool or trigger: 0 or 1). */
    final float[] parameters;
    /**
     * Every slot a node of this player samples or blends into, in planes ({@link GraphNodes#FLOATS}); each place's
     * clip slot starts at the rest pose.
     */
    final float[] planes;
    /** Targets per pose: the rest pose's size. */
    final int size;
    /** The listener of the advance in progress. */
    AnimationEventListener listener;
    /** The clips sampled by the latest {@link #sample}. */
    int sampled;
    /** The root motion of the latest advance: dx, dy, dz, heading. */
    final double[] delta = new double[4];
    final float[] siteDelta = new float[4];

    /**
     * A player at the start: every parameter at its initial value, every machine in its initial state, every time 0.
     * O(size of the graph's motion tree × targets).
     *
     * @param graph the graph
     * @param rest the rest pose of the character's targets (copied): what targets no clip animates keep
     * @throws IllegalArgumentException if the rest pose has fewer targets than the graph's clips animate
     * @throws NullPointerException if an argument is null
     */
    public GraphPlayer(AnimationGraph graph, Pose rest) {
        this.graph = Objects.requireNonNull(graph, "graph");
        if (rest.size() < graph.targetCount()) {
            throw new IllegalArgumentException("rest pose too small: size=" + rest.size() + ", required="
                    + graph.targetCount());
        }
        this.rest = new Pose(rest.size()).copyFrom(rest);
        this.parameters = new float[graph.parameters().size()];
        for (int p = 0; p < parameters.length; p++) {
            parameters[p] = graph.parameters().get(p).initial();
        }
        List<Object> owners = new ArrayList<>();
        this.root = build(graph.motionIndex(graph.root()), owners);
        this.size = rest.size();
        this.planes = new float[Math.multiplyExact(owners.size(), GraphNodes.FLOATS * size)];
        for (int slot = 0; slot < owners.size(); slot++) {
            GraphNodes.toPlanes(this.rest, planes, slot * GraphNodes.FLOATS * size);
        }
        root.reset();
        root.prepare(this);
    }

    /** Makes the node of a motion; every slot it will own is counted in {@code owners}. */
    private Node build(int motion, List<Object> owners) {
        Motion m = graph.motions().get(motion);
        if (m instanceof ClipMotion c) {
            Site site = new Site(graph, c.clip(), c.events(), owners.size());
            owners.add(site);
            return new ClipNode(site, c.loop(), c.speed());
        }
        if (m instanceof BlendSpace1D b) {
            Site[] sites = sites(b.points(), owners);
            owners.add(b);
            return new BlendNode(sites, b.points(), graph.parameterIndex(b.parameter()), -1, owners.size() - 1);
        }
        if (m instanceof BlendSpace2D b) {
            Site[] sites = sites(b.points(), owners);
            owners.add(b);
            return new BlendNode(sites, b.points(), graph.parameterIndex(b.parameterX()),
                    graph.parameterIndex(b.parameterY()), owners.size() - 1);
        }
        StateMachine machine = (StateMachine) m;
        Node[] states = new Node[machine.states().size()];
        for (int s = 0; s < states.length; s++) {
            states[s] = build(graph.motionIndex(machine.states().get(s).motion()), owners);
        }
        owners.add(machine);
        return new MachineNode(graph, machine, states, owners.size() - 1);
    }

    private Site[] sites(List<AnimationGraph.BlendPoint> points, List<Object> owners) {
        Site[] sites = new Site[points.size()];
        for (int k = 0; k < sites.length; k++) {
            sites[k] = new Site(graph, points.get(k).clip(), points.get(k).events(), owners.size());
            owners.add(sites[k]);
        }
        return sites;
    }

    /** @return the graph played */
    public AnimationGraph graph() {
        return graph;
    }

    /**
     * @param name a parameter's name
     * @return its index
     * @throws IllegalArgumentException if the graph has no such parameter
     */
    public int parameter(String name) {
        int p = graph.parameterIndex(name);
        if (p < 0) {
            throw new IllegalArgumentException("unknown parameter: name=" + name + ", parameters="
                    + graph.parameters().size());
        }
        return p;
    }

    /**
     * Sets a float parameter; takes effect at the next advance. O(1).
     *
     * @param parameter its index
     * @param value its value, finite
     * @return this player
     * @throws IllegalArgumentException if the index is out of range, the parameter is not a float or the value is not
     *     finite (nothing changed)
     */
    public GraphPlayer set(int parameter, float value) {
        requireKind(parameter, ParameterKind.FLOAT);
        if (!Float.isFinite(value)) {
            throw new IllegalArgumentException("parameter value is not finite: " + name(parameter) + "=" + value);
        }
        parameters[parameter] = value;
        return this;
    }

    /**
     * Sets a float parameter by name. As {@link #set(int, float)}; a name lookup (a hash) more.
     *
     * @param name its name
     * @param value its value, finite
     * @return this player
     * @throws IllegalArgumentException as {@link #set(int, float)}, or for an unknown name
     */
    public GraphPlayer set(String name, float value) {
        return set(parameter(name), value);
    }

    /**
     * Sets or clears a bool parameter. O(1).
     *
     * @param parameter its index
     * @param value its value
     * @return this player
     * @throws IllegalArgumentException if the index is out of range or the parameter is not a bool
     */
    public GraphPlayer set(int parameter, boolean value) {
        requireKind(parameter, ParameterKind.BOOL);
        parameters[parameter] = value ? 1 : 0;
        return this;
    }

    /**
     * Sets or clears a bool parameter by name.
     *
     * @param name its name
     * @param value its value
     * @return this player
     * @throws IllegalArgumentException as {@link #set(int, boolean)}, or for an unknown name
     */
    public GraphPlayer set(String name, boolean value) {
        return set(parameter(name), value);
    }

    /**
     * Sets a trigger: it stays set until a transition testing it is taken (which clears it) or {@link #reset(int)}.
     *
     * @param parameter its index
     * @return this player
     * @throws IllegalArgumentException if the index is out of range or the parameter is not a trigger
     */
    public GraphPlayer trigger(int parameter) {
        requireKind(parameter, ParameterKind.TRIGGER);
        parameters[parameter] = 1;
        return this;
    }

    /**
     * Sets a trigger by name.
     *
     * @param name its name
     * @return this player
     * @throws IllegalArgumentException as {@link #trigger(int)}, or for an unknown name
     */
    public GraphPlayer trigger(String name) {
        return trigger(parameter(name));
    }

    /**
     * Clears a trigger.
     *
     * @param parameter its index
     * @return this player
     * @throws IllegalArgumentException if the index is out of range or the parameter is not a trigger
     */
    public GraphPlayer reset(int parameter) {
        requireKind(parameter, ParameterKind.TRIGGER);
        parameters[parameter] = 0;
        return this;
    }

    /**
     * @param parameter a parameter's index
     * @return its value (a bool or trigger: 1 set, 0 clear)
     * @throws IllegalArgumentException if the index is out of range
     */
    public float get(int parameter) {
        checkParameter(parameter);
        return parameters[parameter];
    }

    /**
     * Moves time on, firing into {@link #fired()}, which is cleared first. As {@link #advance(float,
     * AnimationEventListener)}.
     *
     * @param seconds the frame's duration, ≥ 0
     * @throws IllegalArgumentException if {@code seconds} is negative or not finite (nothing changed)
     */
    public void advance(float seconds) {
        fired.clear();
        advance(seconds, fired);
    }

    /**
     * Moves time on by {@code seconds}: every motion playing advances (firing its markers, loops and ends), the state
     * machines take their transitions (firing the states entered and left), and the root motion of the advance is
     * summed. Reads the parameters as they are now. Allocation-free (the listener aside).
     *
     * @param seconds the frame's duration, ≥ 0
     * @param listener receives what is passed, in order
     * @throws IllegalArgumentException if {@code seconds} is negative or not finite (nothing changed)
     * @throws NullPointerException if {@code listener} is null
     */
    public void advance(float seconds, AnimationEventListener listener) {
        if (!(seconds >= 0) || Float.isInfinite(seconds)) {
            throw new IllegalArgumentException("advance out of range: seconds=" + seconds + ", allowed=[0, ∞)");
        }
        this.listener = Objects.requireNonNull(listener, "listener");
        try {
            root.advance(seconds, this);
        } finally {
            this.listener = null;
        }
        delta[0] = 0;
        delta[1] = 0;
        delta[2] = 0;
        delta[3] = 0;
        if (graph.rootMotion() != null) {
            root.rootMotion(1, this);
        }
    }

    /** @return what the latest {@link #advance(float)} fired, in firing order */
    public FiredEvents fired() {
        return fired;
    }

    /**
     * Samples and blends the pose at the present times into {@code dest}: every target the graph's clips animate,
     * the others from the rest pose. Allocation-free; samples each clip with a share above 0 once.
     *
     * @param dest the pose, of the rest pose's size
     * @throws IllegalArgumentException if the sizes differ
     */
    public void sample(Pose dest) {
        if (dest.size() != rest.size()) {
            throw new IllegalArgumentException("pose sizes differ: size=" + dest.size() + ", required="
                    + rest.size());
        }
        int slot = evaluate();
        GraphNodes.fromPlanes(planes, slot * GraphNodes.FLOATS * size, size, dest.translations, 0, dest.rotations, 0,
                dest.scales, 0);
    }

    /** Samples and blends into a slot of {@link #planes}; returns it. */
    int evaluate() {
        sampled = 0;
        return root.evaluate(this);
    }

    /**
     * Samples the pose ({@link #sample}) and writes it into the character's nodes (through the list's bulk setters).
     * Call {@link Hierarchy#update()} or write the skinning palettes afterwards.
     *
     * @param hierarchy the character's hierarchy
     * @param nodes one node per target of the rest pose
     * @param scratch a pose of the rest pose's size, the caller's
     * @throws IllegalArgumentException if a size differs, the list belongs to another hierarchy or a node was
     *     destroyed
     */
    public void apply(Hierarchy hierarchy, NodeList nodes, Pose scratch) {
        sample(scratch);
        scratch.applyTo(hierarchy, nodes);
    }

    /**
     * The root motion of the latest advance: dx, dy, dz in the root joint's parent frame and the heading change in
     * radians, summed over the clips playing by their share (zeros when the graph has no root motion).
     *
     * @param dest receives 4 floats at {@code d}
     * @param d offset in {@code dest}
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code dest} has fewer than {@code d + 4} floats
     */
    public float[] rootMotionDelta(float[] dest, int d) {
        if (d < 0 || dest.length - d < 4) {
            throw new IllegalArgumentException("dest too short: length=" + dest.length + ", offset=" + d
                    + ", required=4");
        }
        for (int k = 0; k < 4; k++) {
            dest[d + k] = (float) delta[k];
        }
        return dest;
    }

    /** @return the number of clips the latest {@link #sample} sampled (those with a share above 0) */
    public int sampledClips() {
        return sampled;
    }

    /**
     * @return the name of the state the root machine plays (the newest, during a transition), or null if the root
     *     is not a state machine
     */
    public String state() {
        if (root instanceof MachineNode m) {
            return m.spec.states().get(m.stack[m.depth - 1]).name();
        }
        return null;
    }

    /** @return whether the root machine is fading between states (false if the root is not a machine) */
    public boolean transitioning() {
        return root instanceof MachineNode m && m.depth > 1;
    }

    /** @return the size of the poses sampled (the rest pose's) */
    public int size() {
        return rest.size();
    }

    private void requireKind(int parameter, ParameterKind kind) {
        checkParameter(parameter);
        ParameterKind actual = graph.parameters().get(parameter).kind();
        if (actual != kind) {
            throw new IllegalArgumentException("parameter " + name(parameter) + " is " + actual + ", not " + kind);
        }
    }

    private void checkParameter(int parameter) {
        if (parameter < 0 || parameter >= parameters.length) {
            throw new IllegalArgumentException("parameter out of range: parameter=" + parameter + ", parameters="
                    + parameters.length);
        }
    }

    private String name(int parameter) {
        return graph.parameters().get(parameter).name();
    }
}
