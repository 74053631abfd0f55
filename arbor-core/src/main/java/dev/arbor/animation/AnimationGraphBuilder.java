package dev.arbor.animation;

import dev.arbor.animation.AnimationGraph.BlendPoint;
import dev.arbor.animation.AnimationGraph.Condition;
import dev.arbor.animation.AnimationGraph.Motion;
import dev.arbor.animation.AnimationGraph.Parameter;
import dev.arbor.animation.AnimationGraph.ParameterKind;
import dev.arbor.animation.AnimationGraph.State;
import dev.arbor.animation.AnimationGraph.Test;
import dev.arbor.animation.AnimationGraph.Transition;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects an {@link AnimationGraph} in code: parameters, motions (each added motion's own builder is returned for
 * its points, states and transitions), the root; {@link #build()} checks everything at once and names the place of
 * the first broken rule. Not thread-safe; a builder may build several graphs.
 */
public final class AnimationGraphBuilder {
    private final List<Parameter> parameters = new ArrayList<>();
    private final List<Object> motions = new ArrayList<>();
    private String root;
    private AnimationGraph.RootMotionTarget rootMotion;

    AnimationGraphBuilder() {
    }

    /**
     * Adds a float parameter.
     *
     * @param name its name
     * @param initial its value in a new player
     * @return this builder
     */
    public AnimationGraphBuilder floatParameter(String name, float initial) {
        parameters.add(new Parameter(name, ParameterKind.FLOAT, initial));
        return this;
    }

    /**
     * Adds a bool parameter.
     *
     * @param name its name
     * @param initial its value in a new player
     * @return this builder
     */
    public AnimationGraphBuilder boolParameter(String name, boolean initial) {
        parameters.add(new Parameter(name, ParameterKind.BOOL, initial ? 1 : 0));
        return this;
    }

    /**
     * Adds a trigger parameter, clear in a new player.
     *
     * @param name its name
     * @return this builder
     */
    public AnimationGraphBuilder trigger(String name) {
        parameters.add(new Parameter(name, ParameterKind.TRIGGER, 0));
        return this;
    }

    /**
     * Adds a clip motion: looping, speed 1, no markers.
     *
     * @param name the motion's name
     * @param clip the clip
     * @return this builder
     */
    public AnimationGraphBuilder clip(String name, AnimationClip clip) {
        return clip(new AnimationGraph.ClipMotion(name, clip, AnimationEvents.NONE, true, 1f));
    }

    /**
     * Adds a clip motion as given.
     *
     * @param motion the motion
     * @return this builder
     */
    public AnimationGraphBuilder clip(AnimationGraph.ClipMotion motion) {
        motions.add(motion);
        return this;
    }

    /**
     * Adds a 1D blend space; add its points to the returned builder.
     *
     * @param name the motion's name
     * @param parameter the float parameter it follows
     * @return the space's builder
     */
    public Space blendSpace1D(String name, String parameter) {
        Space space = new Space(name, parameter, null);
        motions.add(space);
        return space;
    }

    /**
     * Adds a 2D blend space; add its points to the returned builder.
     *
     * @param name the motion's name
     * @param parameterX the float parameter along x
     * @param parameterY the float parameter along y
     * @return the space's builder
     */
    public Space blendSpace2D(String name, String parameterX, String parameterY) {
        Space space = new Space(name, parameterX, parameterY);
        motions.add(space);
        return space;
    }

    /**
     * Adds a state machine; add its states and transitions to the returned builder. Its first state is its initial
     * state unless {@link Machine#initial} says otherwise.
     *
     * @param name the motion's name
     * @return the machine's builder
     */
    public Machine machine(String name) {
        Machine machine = new Machine(name);
        motions.add(machine);
        return machine;
    }

    /**
     * Names the motion played (by default the last added).
     *
     * @param motion a motion's name
     * @return this builder
     */
    public AnimationGraphBuilder root(String motion) {
        this.root = motion;
        return this;
    }

    /**
     * Takes root motion out of every clip of the graph.
     *
     * @param target the root joint's target index in the poses
     * @param heading whether its heading about +Y is taken out too
     * @return this builder
     */
    public AnimationGraphBuilder rootMotion(int target, boolean heading) {
        this.rootMotion = new AnimationGraph.RootMotionTarget(target, heading);
        return this;
    }

    /**
     * @return the graph
     * @throws IllegalArgumentException as {@link AnimationGraph#AnimationGraph}, or if there is no motion
     */
    public AnimationGraph build() {
        if (motions.isEmpty()) {
            throw new IllegalArgumentException("motions: a graph needs at least one motion");
        }
        List<Motion> built = new ArrayList<>();
        for (Object m : motions) {
            built.add(m instanceof Motion motion ? motion : m instanceof Space s ? s.build() : ((Machine) m).build());
        }
        String rootName = root != null ? root : built.get(built.size() - 1).name();
        return new AnimationGraph(parameters, built, rootName, rootMotion);
    }

    /** The points of a blend space being added. */
    public static final class Space {
        private final String name;
        private final String parameterX;
        private final String parameterY;
        private final List<BlendPoint> points = new ArrayList<>();

        private Space(String name, String parameterX, String parameterY) {
            this.name = name;
            this.parameterX = parameterX;
            this.parameterY = parameterY;
        }

        /**
         * Adds a point of a 1D space.
         *
         * @param position its position on the parameter
         * @param clip its clip
         * @return this builder
         */
        public Space point(float position, AnimationClip clip) {
            return point(position, 0f, clip, AnimationEvents.NONE);
        }

        /**
         * Adds a point of a 2D space.
         *
         * @param x its x
         * @param y its y
         * @param clip its clip
         * @return this builder
         */
        public Space point(float x, float y, AnimationClip clip) {
            return point(x, y, clip, AnimationEvents.NONE);
        }

        /**
         * Adds a point with markers (fired while the point leads the space: see {@link GraphPlayer}).
         *
         * @param x its position (x in a 2D space)
         * @param y its y (0 in a 1D space)
         * @param clip its clip
         * @param events its clip's markers
         * @return this builder
         */
        public Space point(float x, float y, AnimationClip clip, AnimationEvents events) {
            points.add(new BlendPoint(x, y, clip, events));
            return this;
        }

        private Motion build() {
            return parameterY == null ? new AnimationGraph.BlendSpace1D(name, parameterX, points)
                    : new AnimationGraph.BlendSpace2D(name, parameterX, parameterY, points);
        }
    }

    /** The states and transitions of a machine being added. */
    public static final class Machine {
        private final String name;
        private String initial;
        private final List<State> states = new ArrayList<>();
        private final List<Transition> transitions = new ArrayList<>();

        private Machine(String name) {
            this.name = name;
        }

        /**
         * Adds a state.
         *
         * @param state its name
         * @param motion the motion it plays
         * @return this builder
         */
        public Machine state(String state, String motion) {
            states.add(new State(state, motion));
            return this;
        }

        /**
         * Names the initial state (by default the first added).
         *
         * @param state a state's name
         * @return this builder
         */
        public Machine initial(String state) {
            this.initial = state;
            return this;
        }

        /**
         * Adds a transition; its conditions, duration, exit time and interruption go to the returned builder.
         *
         * @param from the state left, or {@link AnimationGraph#ANY_STATE}
         * @param to the state entered
         * @return the transition's builder
         */
        public TransitionBuilder transition(String from, String to) {
            TransitionBuilder t = new TransitionBuilder(this, from, to);
            transitions.add(null);
            t.slot = transitions.size() - 1;
            t.store();
            return t;
        }

        private Motion build() {
            String first = initial != null ? initial : states.isEmpty() ? "" : states.get(0).name();
            return new AnimationGraph.StateMachine(name, first, states, transitions);
        }
    }

    /** One transition being added: a cross-fade of 0 s, no exit time, not interruptible, no conditions. */
    public static final class TransitionBuilder {
        private final Machine machine;
        private final String from;
        private final String to;
        private final List<Condition> conditions = new ArrayList<>();
        private float duration;
        private float exitTime = Float.NaN;
        private boolean interruptible;
        private int slot;

        private TransitionBuilder(Machine machine, String from, String to) {
            this.machine = machine;
            this.from = from;
            this.to = to;
        }

        private TransitionBuilder store() {
            machine.transitions.set(slot, new Transition(from, to,
                    new AnimationGraph.Timing(duration, exitTime, interruptible), conditions));
            return this;
        }

        /**
         * @param seconds the cross-fade's duration
         * @return this builder
         */
        public TransitionBuilder duration(float seconds) {
            duration = seconds;
            return store();
        }

        /**
         * @param normalizedTime cycles of the state left from which the transition may be taken
         * @return this builder
         */
        public TransitionBuilder exitTime(float normalizedTime) {
            exitTime = normalizedTime;
            return store();
        }

        /**
         * Lets transitions leaving the target state (and any-state ones) interrupt this one while it fades.
         *
         * @return this builder
         */
        public TransitionBuilder interruptible() {
            interruptible = true;
            return store();
        }

        /**
         * Adds a condition.
         *
         * @param parameter the parameter
         * @param test what is asked of it
         * @param value the bound of {@link Test#GREATER} and {@link Test#LESS}
         * @return this builder
         */
        public TransitionBuilder when(String parameter, Test test, float value) {
            conditions.add(new Condition(parameter, test, value));
            return store();
        }

        /**
         * Adds a condition on a bool or trigger parameter.
         *
         * @param parameter the parameter
         * @param test {@link Test#TRUE}, {@link Test#FALSE} or {@link Test#TRIGGERED}
         * @return this builder
         */
        public TransitionBuilder when(String parameter, Test test) {
            return when(parameter, test, 0f);
        }
    }
}
