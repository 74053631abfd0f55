package dev.arbor.animation;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A character's animation graph: named parameters, and named motions (clips, 1D and 2D blend spaces, state machines)
 * of which one, the root, is played. Immutable and shared by every {@link GraphPlayer} that plays it (each player
 * holds one character's parameters, times and states). Made in code through {@link #builder()} or from the records
 * directly, and read or written as JSON by {@code dev.arbor.gltf.GraphJson}, whose document has the shape of the records
 * (a transition's {@link Timing} members stand in the transition itself): every error names the place in that shape
 * ({@code motions[2].points[1].clip}).
 *
 * <p>Rules checked when a graph is made: names are unique and not empty; a blend space names a parameter of kind
 * {@link ParameterKind#FLOAT}, has at least one point, and its points differ (a 1D space's positions strictly
 * increase); a state machine has at least one state, its initial state is one of them, each state plays a motion of
 * the graph, transitions join two different states of the machine (or {@link #ANY_STATE} to a state) and test
 * parameters of the graph as their kind allows; no machine contains itself, directly or through another machine;
 * the root is a motion of the graph. Each distinct clip is compiled once ({@link ClipSampler}) when the graph is made.
 */
public final class AnimationGraph {
    /** The {@code from} of a transition that may leave any state of its machine. */
    public static final String ANY_STATE = "*";

    /** What a parameter holds. */
    public enum ParameterKind {
        /** A number, set by the caller each frame (a speed, a direction). */
        FLOAT,
        /** A flag. */
        BOOL,
        /** A flag that a transition testing it clears when it is taken (a jump request). */
        TRIGGER
    }

    /** What a transition's condition asks of its parameter. */
    public enum Test {
        /** A float parameter above the value. */
        GREATER,
        /** A float parameter below the value. */
        LESS,
        /** A bool parameter set. */
        TRUE,
        /** A bool parameter clear. */
        FALSE,
        /** A trigger set; taking the transition clears it. */
        TRIGGERED
    }

    /**
     * A parameter.
     *
     * @param name its name, unique in the graph
     * @param kind what it holds
     * @param initial its value in a new player (a bool or trigger: 0 clear, 1 set)
     */
    public record Parameter(String name, ParameterKind kind, float initial) {
        /** @throws NullPointerException if the name or kind is null */
        public Parameter {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(kind, "kind");
        }
    }

    /** A motion: what a state plays or the graph's root is. */
    public sealed interface Motion permits ClipMotion, BlendSpace1D, BlendSpace2D, StateMachine {
        /** @return the motion's name, unique in the graph */
        String name();
    }

    /**
     * One clip played on its own.
     *
     * @param name the motion's name
     * @param clip the clip
     * @param events its markers ({@link AnimationEvents#NONE} for none)
     * @param loop whether it loops (else it plays once and holds its last pose)
     * @param speed its speed, finite and ≥ 0
     */
    public record ClipMotion(String name, AnimationClip clip, AnimationEvents events, boolean loop, float speed)
            implements Motion {
        /** @throws NullPointerException if an argument is null */
        public ClipMotion {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(clip, "clip");
            Objects.requireNonNull(events, "events");
        }
    }

    /**
     * A point of a blend space: a clip at a place in the parameters' space.
     *
     * @param x its position (a 1D space's only coordinate)
     * @param y its second coordinate (0 in a 1D space)
     * @param clip the clip
     * @param events its markers ({@link AnimationEvents#NONE} for none)
     */
    public record BlendPoint(float x, float y, AnimationClip clip, AnimationEvents events) {
        /** @throws NullPointerException if the clip or events are null */
        public BlendPoint {
            Objects.requireNonNull(clip, "clip");
            Objects.requireNonNull(events, "events");
        }
    }

    /**
     * Clips at positions along one float parameter; the two points either side of the parameter's value are blended
     * by where it lies between them (beyond the ends, the end point alone). The clips play in step, looping.
     *
     * @param name the motion's name
     * @param parameter the float parameter
     * @param points the points, positions strictly increasing
     */
    public record BlendSpace1D(String name, String parameter, List<BlendPoint> points) implements Motion {
        /** @throws NullPointerException if an argument is null */
        public BlendSpace1D {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(parameter, "parameter");
            points = List.copyOf(points);
        }
    }

    /**
     * Clips at points of the plane of two float parameters, weighted by gradient bands (see {@link GraphPlayer}).
     * The clips play in step, looping.
     *
     * @param name the motion's name
     * @param parameterX the parameter along x
     * @param parameterY the parameter along y
     * @param points the points, no two at the same place
     */
    public record BlendSpace2D(String name, String parameterX, String parameterY, List<BlendPoint> points)
            implements Motion {
        /** @throws NullPointerException if an argument is null */
        public BlendSpace2D {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(parameterX, "parameterX");
            Objects.requireNonNull(parameterY, "parameterY");
            points = List.copyOf(points);
        }
    }

    /**
     * A state of a machine.
     *
     * @param name its name, unique in the machine
     * @param motion the motion it plays (a clip, a blend space or another machine)
     */
    public record State(String name, String motion) {
        /** @throws NullPointerException if an argument is null */
        public State {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(motion, "motion");
        }
    }

    /**
     * A condition of a transition.
     *
     * @param parameter the parameter tested
     * @param test what is asked of it
     * @param value the bound of {@link Test#GREATER} and {@link Test#LESS} (else 0)
     */
    public record Condition(String parameter, Test test, float value) {
        /** @throws NullPointerException if the parameter or test is null */
        public Condition {
            Objects.requireNonNull(parameter, "parameter");
            Objects.requireNonNull(test, "test");
        }
    }

    /**
     * When and how a transition is taken.
     *
     * @param duration the cross-fade in seconds, ≥ 0 (0: at once)
     * @param exitTime the normalised time of the state left (cycles of its motion since it was entered) from which
     *     the transition may be taken, ≥ 0, or NaN for any time
     * @param interruptible whether, while it fades, transitions leaving its target state (and any-state ones) may be
     *     taken
     */
    public record Timing(float duration, float exitTime, boolean interruptible) {
    }

    /**
     * A transition between two states of a machine.
     *
     * @param from the state it leaves, or {@link #ANY_STATE}
     * @param to the state it enters
     * @param timing its cross-fade, exit time and interruption
     * @param conditions what must all hold for it to be taken (none: only the exit time counts)
     */
    public record Transition(String from, String to, Timing timing, List<Condition> conditions) {
        /** @throws NullPointerException if an argument is null */
        public Transition {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(timing, "timing");
            conditions = List.copyOf(conditions);
        }

        /** @return the cross-fade in seconds ({@link Timing#duration()}) */
        public float duration() {
            return timing.duration();
        }

        /** @return the exit time, or NaN for none ({@link Timing#exitTime()}) */
        public float exitTime() {
            return timing.exitTime();
        }

        /** @return whether the transition may be interrupted ({@link Timing#interruptible()}) */
        public boolean interruptible() {
            return timing.interruptible();
        }
    }

    /**
     * A state machine: one state plays at a time, and during a transition the states it joins are cross-faded.
     *
     * @param name the motion's name
     * @param initial the state entered first
     * @param states the states
     * @param transitions the transitions, tried in this order (any-state ones first)
     */
    public record StateMachine(String name, String initial, List<State> states, List<Transition> transitions)
            implements Motion {
        /** @throws NullPointerException if an argument is null */
        public StateMachine {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(initial, "initial");
            states = List.copyOf(states);
            transitions = List.copyOf(transitions);
        }
    }

    /**
     * Root motion of a graph: the joint whose ground motion is taken out of every clip and summed by weight.
     *
     * @param target the root joint's target index in the poses
     * @param heading whether the heading about +Y is taken out too
     */
    public record RootMotionTarget(int target, boolean heading) {
    }

    private final List<Parameter> parameters;
    private final List<Motion> motions;
    private final String root;
    private final RootMotionTarget rootMotion;
    private final Map<String, Integer> parameterIndex = new HashMap<>();
    private final Map<String, Integer> motionIndex = new HashMap<>();
    private final Map<AnimationClip, ClipSampler> samplers = new IdentityHashMap<>();
    private final int targetCount;

    /**
     * Makes a graph, checking every rule of the class comment.
     *
     * @param parameters the parameters
     * @param motions the motions
     * @param root the name of the motion played
     * @param rootMotion the root motion, or null for none
     * @throws IllegalArgumentException if a rule is broken, naming the place ({@code motions[1].parameter}) and the
     *     value
     * @throws NullPointerException if a list, an element or the root is null
     */
    public AnimationGraph(List<Parameter> parameters, List<Motion> motions, String root, RootMotionTarget rootMotion) {
        this.parameters = List.copyOf(parameters);
        this.motions = List.copyOf(motions);
        this.root = Objects.requireNonNull(root, "root");
        this.rootMotion = rootMotion;
        for (int p = 0; p < this.parameters.size(); p++) {
            Parameter parameter = this.parameters.get(p);
            String at = "parameters[" + p + "]";
            requireName(at, parameter.name());
            if (parameterIndex.putIfAbsent(parameter.name(), p) != null) {
                throw new IllegalArgumentException(at + ".name: duplicate parameter \"" + parameter.name() + "\"");
            }
            if (!Float.isFinite(parameter.initial())) {
                throw new IllegalArgumentException(at + ".initial: not finite: " + parameter.initial());
            }
        }
        for (int m = 0; m < this.motions.size(); m++) {
            Motion motion = this.motions.get(m);
            requireName("motions[" + m + "]", motion.name());
            if (motionIndex.putIfAbsent(motion.name(), m) != null) {
                throw new IllegalArgumentException("motions[" + m + "].name: duplicate motion \"" + motion.name()
                        + "\"");
            }
        }
        int targets = 0;
        for (int m = 0; m < this.motions.size(); m++) {
            targets = Math.max(targets, check(m, this.motions.get(m)));
        }
        this.targetCount = targets;
        if (!motionIndex.containsKey(root)) {
            throw new IllegalArgumentException("root: unknown motion \"" + root + "\"");
        }
        for (int m = 0; m < this.motions.size(); m++) {
            checkNoCycle(m, new boolean[this.motions.size()], new boolean[this.motions.size()]);
        }
        if (rootMotion != null && (rootMotion.target() < 0 || rootMotion.target() >= targets)) {
            throw new IllegalArgumentException("rootMotion.target: out of range: target=" + rootMotion.target()
                    + ", targets=" + targets);
        }
    }

    /** @return a builder of a graph in code */
    public static AnimationGraphBuilder builder() {
        return new AnimationGraphBuilder();
    }

    /** @return the parameters, in order (a parameter's index is its place here) */
    public List<Parameter> parameters() {
        return parameters;
    }

    /** @return the motions, in order */
    public List<Motion> motions() {
        return motions;
    }

    /** @return the name of the motion played */
    public String root() {
        return root;
    }

    /** @return the root motion, or null for none */
    public RootMotionTarget rootMotion() {
        return rootMotion;
    }

    /**
     * @param name a parameter's name
     * @return its index, or -1 if the graph has no such parameter
     */
    public int parameterIndex(String name) {
        Integer p = parameterIndex.get(name);
        return p == null ? -1 : p;
    }

    /**
     * @param name a motion's name
     * @return its index in {@link #motions()}, or -1 if the graph has no such motion
     */
    public int motionIndex(String name) {
        Integer m = motionIndex.get(name);
        return m == null ? -1 : m;
    }

    /** @return the number of pose targets the graph's clips animate (the largest clip's target count) */
    public int targetCount() {
        return targetCount;
    }

    /** The compiled form of a clip of this graph, made once when the graph was made. */
    ClipSampler sampler(AnimationClip clip) {
        return samplers.get(clip);
    }

    // ---- checks ----

    private static void requireName(String at, String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException(at + ".name: empty name");
        }
    }

    /** Checks one motion; returns the target count of its clips. */
    private int check(int m, Motion motion) {
        String at = "motions[" + m + "]";
        if (motion instanceof ClipMotion c) {
            if (!(c.speed() >= 0) || Float.isInfinite(c.speed())) {
                throw new IllegalArgumentException(at + ".speed: out of range: speed=" + c.speed()
                        + ", allowed=[0, ∞)");
            }
            return compile(c.clip());
        }
        if (motion instanceof BlendSpace1D b) {
            requireFloat(at + ".parameter", b.parameter());
            return checkPoints(at, b.points(), true);
        }
        if (motion instanceof BlendSpace2D b) {
            requireFloat(at + ".parameters[0]", b.parameterX());
            requireFloat(at + ".parameters[1]", b.parameterY());
            return checkPoints(at, b.points(), false);
        }
        StateMachine machine = (StateMachine) motion;
        if (machine.states().isEmpty()) {
            throw new IllegalArgumentException(at + ".states: a machine needs at least one state");
        }
        Map<String, Integer> states = new HashMap<>();
        for (int s = 0; s < machine.states().size(); s++) {
            State state = machine.states().get(s);
            String sat = at + ".states[" + s + "]";
            requireName(sat, state.name());
            if (state.name().equals(ANY_STATE)) {
                throw new IllegalArgumentException(sat + ".name: \"" + ANY_STATE + "\" is reserved for any state");
            }
            if (states.putIfAbsent(state.name(), s) != null) {
                throw new IllegalArgumentException(sat + ".name: duplicate state \"" + state.name() + "\"");
            }
            if (!motionIndex.containsKey(state.motion())) {
                throw new IllegalArgumentException(sat + ".motion: unknown motion \"" + state.motion() + "\"");
            }
        }
        if (!states.containsKey(machine.initial())) {
            throw new IllegalArgumentException(at + ".initial: unknown state \"" + machine.initial() + "\"");
        }
        for (int t = 0; t < machine.transitions().size(); t++) {
            checkTransition(at + ".transitions[" + t + "]", machine.transitions().get(t), states);
        }
        return 0;
    }

    private void checkTransition(String at, Transition t, Map<String, Integer> states) {
        if (!t.from().equals(ANY_STATE) && !states.containsKey(t.from())) {
            throw new IllegalArgumentException(at + ".from: unknown state \"" + t.from() + "\"");
        }
        if (!states.containsKey(t.to())) {
            throw new IllegalArgumentException(at + ".to: unknown state \"" + t.to() + "\"");
        }
        if (t.from().equals(t.to())) {
            throw new IllegalArgumentException(at + ".to: a transition joins two different states: \"" + t.to()
                    + "\"");
        }
        if (!(t.duration() >= 0) || Float.isInfinite(t.duration())) {
            throw new IllegalArgumentException(at + ".duration: out of range: duration=" + t.duration()
                    + ", allowed=[0, ∞)");
        }
        if (!Float.isNaN(t.exitTime()) && !(t.exitTime() >= 0 && Float.isFinite(t.exitTime()))) {
            throw new IllegalArgumentException(at + ".exitTime: out of range: exitTime=" + t.exitTime()
                    + ", allowed=[0, ∞) or none");
        }
        for (int c = 0; c < t.conditions().size(); c++) {
            Condition condition = t.conditions().get(c);
            String cat = at + ".conditions[" + c + "]";
            Integer p = parameterIndex.get(condition.parameter());
            if (p == null) {
                throw new IllegalArgumentException(cat + ".parameter: unknown parameter \"" + condition.parameter()
                        + "\"");
            }
            ParameterKind kind = parameters.get(p).kind();
            boolean fits = switch (condition.test()) {
                case GREATER, LESS -> kind == ParameterKind.FLOAT;
                case TRUE, FALSE -> kind == ParameterKind.BOOL;
                case TRIGGERED -> kind == ParameterKind.TRIGGER;
            };
            if (!fits) {
                throw new IllegalArgumentException(cat + ".test: " + condition.test() + " does not apply to "
                        + kind + " parameter \"" + condition.parameter() + "\"");
            }
            if (!Float.isFinite(condition.value())) {
                throw new IllegalArgumentException(cat + ".value: not finite: " + condition.value());
            }
        }
    }

    private void requireFloat(String at, String parameter) {
        Integer p = parameterIndex.get(parameter);
        if (p == null) {
            throw new IllegalArgumentException(at + ": unknown parameter \"" + parameter + "\"");
        }
        if (parameters.get(p).kind() != ParameterKind.FLOAT) {
            throw new IllegalArgumentException(at + ": parameter \"" + parameter + "\" is "
                    + parameters.get(p).kind() + ", a blend space needs FLOAT");
        }
    }

    private int checkPoints(String at, List<BlendPoint> points, boolean oneD) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException(at + ".points: a blend space needs at least one point");
        }
        int targets = 0;
        for (int k = 0; k < points.size(); k++) {
            BlendPoint p = points.get(k);
            String pat = at + ".points[" + k + "]";
            if (!Float.isFinite(p.x()) || !Float.isFinite(p.y())) {
                throw new IllegalArgumentException(pat + ".at: not finite: x=" + p.x() + ", y=" + p.y());
            }
            if (oneD && k > 0 && !(p.x() > points.get(k - 1).x())) {
                throw new IllegalArgumentException(pat + ".at: positions must increase: " + p.x() + " after "
                        + points.get(k - 1).x());
            }
            for (int j = 0; j < k && !oneD; j++) {
                if (points.get(j).x() == p.x() && points.get(j).y() == p.y()) {
                    throw new IllegalArgumentException(pat + ".at: same place as points[" + j + "]: (" + p.x() + ", "
                            + p.y() + ")");
                }
            }
            targets = Math.max(targets, compile(p.clip()));
        }
        return targets;
    }

    private int compile(AnimationClip clip) {
        samplers.computeIfAbsent(clip, ClipSampler::compile);
        return clip.targetCount();
    }

    /** Depth-first search of the machines' state motions: a motion on the current path again is a cycle. */
    private void checkNoCycle(int m, boolean[] onPath, boolean[] done) {
        if (done[m]) {
            return;
        }
        if (onPath[m]) {
            throw new IllegalArgumentException("motions[" + m + "]: machine \"" + motions.get(m).name()
                    + "\" contains itself");
        }
        onPath[m] = true;
        if (motions.get(m) instanceof StateMachine machine) {
            for (State state : machine.states()) {
                checkNoCycle(motionIndex.get(state.motion()), onPath, done);
            }
        }
        onPath[m] = false;
        done[m] = true;
    }
}
