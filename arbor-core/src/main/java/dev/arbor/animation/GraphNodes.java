package dev.arbor.animation;

import dev.arbor.animation.AnimationGraph.BlendPoint;
import dev.arbor.animation.AnimationGraph.Condition;
import dev.arbor.animation.AnimationGraph.StateMachine;
import dev.arbor.animation.AnimationGraph.Test;
import dev.arbor.animation.AnimationGraph.Transition;
import java.util.List;

/**
 * One character's running graph: a tree of nodes made from the graph's motions (a motion used in two places is two
 * nodes), each owning its times, states and the pose slots it writes in its player's planes ({@link #FLOATS}). A node's
 * {@link Node#evaluate} returns the slot holding its pose; no node writes another node's slots, so a parent reads its
 * children's slots while it blends.
 */
final class GraphNodes {
    /**
     * Floats per target of a slot: a slot holds its pose in planes, element e (translation x y z, rotation x y z w,
     * scale x y z) of target k at {@code base + e × size + k}, {@code base = slot × FLOATS × size}.
     */
    static final int FLOATS = 10;
    /** Entries of a machine's cross-fade stack: the states fading (out, and the newest in). */
    static final int MAX_FADING = 4;

    private GraphNodes() {
    }

    /** Seconds of a cycle: the clip's length, or 1 s for a clip of no length (a held pose). */
    static double cycleLength(AnimationClip clip) {
        return clip.endTime() > 0 ? clip.endTime() : 1.0;
    }

    /** A node of the running graph. */
    abstract static class Node {
        /** Whether the next advance is the first since the node was (re)started: markers at the start fire. */
        boolean fresh = true;

        /** Starts again from time 0 (a machine: from its initial state). */
        abstract void reset();

        /** Weighs a blend space by the parameters, so that a node started this frame can be sampled before it moves. */
        void prepare(GraphPlayer p) {
        }

        /** Moves time on by {@code seconds}, firing into the player's listener. */
        abstract void advance(double seconds, GraphPlayer p);

        /** Samples and blends; returns the slot of the player's batch holding the pose. */
        abstract int evaluate(GraphPlayer p);

        /** Cycles played since the node was started (a machine: its current state's). */
        abstract double normalizedTime();

        /** Adds {@code weight} times the root motion of the latest advance into the player's sum. */
        abstract void rootMotion(double weight, GraphPlayer p);
    }

    /** One clip sampled in one place of the tree, into its own slot. */
    static final class Site {
        final AnimationClip clip;
        final ClipSampler sampler;
        final AnimationEvents events;
        final RootMotion root;
        final int slot;
        final int[] cursors;
        final double length;
        /** Seconds along the clip, unwrapped, before and after the latest advance. */
        double before;
        double after;

        Site(AnimationGraph graph, AnimationClip clip, AnimationEvents events, int slot) {
            this.clip = clip;
            this.sampler = graph.sampler(clip);
            this.events = events;
            AnimationGraph.RootMotionTarget rm = graph.rootMotion();
            this.root = rm != null && rm.target() < clip.targetCount() ? new RootMotion(clip, rm.target(),
                    rm.heading()) : null;
            this.slot = slot;
            this.cursors = sampler.newCursors(1);
            this.length = cycleLength(clip);
        }

        void moveTo(double fromCycles, double toCycles) {
            before = fromCycles * length;
            after = toCycles * length;
        }

        /** Samples the clip at its time into its slot (in planes, where the sampler's vector loops run), root motion out. */
        int sample(GraphPlayer p, boolean loop) {
            double end = clip.endTime();
            double t = (loop ? PlaybackMode.LOOP : PlaybackMode.CLAMP).timeAt(after, end);
            int size = p.size;
            float[] planes = p.planes;
            int base = slot * FLOATS * size;
            // the player checked the targets against its size; the time is finite; the cursors are the clip's
            sampler.sampleUnchecked((float) t, WrapMode.CLAMP, cursors, 0, planes, base, planes, base + 3 * size,
                    planes, base + 7 * size, size);
            if (root != null) {
                root.stripPlanes(planes, base, size);
            }
            p.sampled++;
            return slot;
        }

        void rootMotion(double weight, boolean loop, GraphPlayer p) {
            if (root == null || weight == 0) {
                return;
            }
            float[] d = p.siteDelta;
            root.delta(loop ? PlaybackMode.LOOP : PlaybackMode.CLAMP, before, after, d, 0);
            for (int k = 0; k < 4; k++) {
                p.delta[k] += weight * d[k];
            }
        }

        /**
         * Fires the markers passed from {@code from} to {@code to} cycles (from included on a fresh start), and the
         * loops or the end.
         */
        void fire(double from, double to, boolean fresh, boolean loop, AnimationEventListener listener) {
            int n = events.size();
            if (n > 0) {
                long last = loop ? (long) Math.floor(to) : 0;
                for (long c = (long) Math.floor(from); c <= last; c++) {
                    for (int k = 0; k < n; k++) {
                        double u = c + events.time(k) / length;
                        if ((fresh ? u >= from : u > from) && u <= to) {
                            listener.onEvent(events, k);
                        }
                    }
                }
            }
            if (loop) {
                long turns = (long) Math.floor(to) - (long) Math.floor(from);
                if (turns > 0) {
                    listener.onLoop(clip, (int) Math.min(turns, Integer.MAX_VALUE));
                }
            } else if (from < 1 && to >= 1) {
                listener.onEnd(clip);
            }
        }
    }

    /** A clip on its own. */
    static final class ClipNode extends Node {
        final Site site;
        final boolean loop;
        final double speed;
        double phase;

        ClipNode(Site site, boolean loop, float speed) {
            this.site = site;
            this.loop = loop;
            this.speed = speed;
        }

        @Override
        void reset() {
            phase = 0;
            site.moveTo(0, 0);
            fresh = true;
        }

        @Override
        void advance(double seconds, GraphPlayer p) {
            double from = phase;
            phase += seconds * speed / site.length;
            if (!loop && phase > 1) {
                phase = 1;
            }
            site.moveTo(from, phase);
            site.fire(from, phase, fresh, loop, p.listener);
            fresh = false;
        }

        @Override
        int evaluate(GraphPlayer p) {
            return site.sample(p, loop);
        }

        @Override
        double normalizedTime() {
            return phase;
        }

        @Override
        void rootMotion(double weight, GraphPlayer p) {
            site.rootMotion(weight, loop, p);
        }
    }

    /**
     * A 1D or 2D blend space: every point's clip at the same normalised time (the phase, in cycles), which moves at
     * one cycle per weighted mean of the clips' lengths; the markers, loops of the leading point (largest weight).
     */
    static final class BlendNode extends Node {
        final Site[] sites;
        final float[] xs;
        final float[] ys;
        final int parameterX;
        /** -1 in a 1D space. */
        final int parameterY;
        final float[] weights;
        final int acc;
        double phase;
        int leader;

        BlendNode(Site[] sites, List<BlendPoint> points, int parameterX, int parameterY, int acc) {
            this.sites = sites;
            int n = points.size();
            this.xs = new float[n];
            this.ys = new float[n];
            for (int k = 0; k < n; k++) {
                xs[k] = points.get(k).x();
                ys[k] = points.get(k).y();
            }
            this.parameterX = parameterX;
            this.parameterY = parameterY;
            this.weights = new float[n];
            this.acc = acc;
        }

        void weigh(float[] parameters) {
            if (parameterY < 0) {
                BlendWeights.oneD(xs, parameters[parameterX], weights);
            } else {
                BlendWeights.gradientBand(xs, ys, parameters[parameterX], parameters[parameterY], weights);
            }
            int best = 0;
            for (int k = 1; k < weights.length; k++) {
                if (weights[k] > weights[best]) {
                    best = k;
                }
            }
            leader = best;
        }

        @Override
        void reset() {
            phase = 0;
            for (Site s : sites) {
                s.moveTo(0, 0);
            }
            fresh = true;
        }

        @Override
        void prepare(GraphPlayer p) {
            weigh(p.parameters);
        }

        @Override
        void advance(double seconds, GraphPlayer p) {
            weigh(p.parameters);
            double cycle = 0;
            for (int k = 0; k < sites.length; k++) {
                cycle += weights[k] * sites[k].length;
            }
            double from = phase;
            phase += seconds / cycle;
            for (Site s : sites) {
                s.moveTo(from, phase);
            }
            sites[leader].fire(from, phase, fresh, true, p.listener);
            fresh = false;
        }

        @Override
        int evaluate(GraphPlayer p) {
            int result = -1;
            float sum = 0;
            for (int k = 0; k < sites.length; k++) {
                float w = weights[k];
                if (w == 0) {
                    continue;
                }
                int slot = sites[k].sample(p, true);
                sum += w;
                if (result < 0) {
                    result = slot;
                } else {
                    blend(p, result, slot, w / sum, acc);
                    result = acc;
                }
            }
            return result;
        }

        @Override
        double normalizedTime() {
            return phase;
        }

        @Override
        void rootMotion(double weight, GraphPlayer p) {
            for (int k = 0; k < sites.length; k++) {
                if (weights[k] != 0) {
                    sites[k].rootMotion(weight * weights[k], true, p);
                }
            }
        }
    }

    /**
     * A state machine: a stack of up to {@link #MAX_FADING} states, the newest on top, each fading in over the ones
     * below by its transition's elapsed share of its duration.
     */
    static final class MachineNode extends Node {
        final StateMachine spec;
        final Node[] states;
        final int initial;
        /** Transitions in the order tried (any-state ones first): their index in the spec, from (-1: any), to. */
        final int[] order;
        final int[] from;
        final int[] to;
        final float[] durations;
        final float[] exitTimes;
        final boolean[] interruptibles;
        /** Conditions of transition t at [conditionStart[t], conditionStart[t + 1]). */
        final int[] conditionStart;
        final int[] conditionParameters;
        final Test[] conditionTests;
        final float[] conditionValues;
        final int acc;
        final int[] stack = new int[MAX_FADING];
        final double[] elapsed = new double[MAX_FADING];
        final double[] fades = new double[MAX_FADING];
        int depth;
        boolean topInterruptible;

        MachineNode(AnimationGraph graph, StateMachine spec, Node[] states, int acc) {
            this.spec = spec;
            this.states = states;
            this.acc = acc;
            int initialIndex = 0;
            for (int s = 0; s < spec.states().size(); s++) {
                if (spec.states().get(s).name().equals(spec.initial())) {
                    initialIndex = s;
                }
            }
            this.initial = initialIndex;
            List<Transition> ts = spec.transitions();
            int n = ts.size();
            order = new int[n];
            int o = 0;
            for (int pass = 0; pass < 2; pass++) {
                for (int t = 0; t < n; t++) {
                    if (ts.get(t).from().equals(AnimationGraph.ANY_STATE) == (pass == 0)) {
                        order[o++] = t;
                    }
                }
            }
            from = new int[n];
            to = new int[n];
            durations = new float[n];
            exitTimes = new float[n];
            interruptibles = new boolean[n];
            conditionStart = new int[n + 1];
            int conditions = 0;
            for (Transition t : ts) {
                conditions += t.conditions().size();
            }
            conditionParameters = new int[conditions];
            conditionTests = new Test[conditions];
            conditionValues = new float[conditions];
            int c = 0;
            for (int k = 0; k < n; k++) {
                Transition t = ts.get(order[k]);
                from[k] = t.from().equals(AnimationGraph.ANY_STATE) ? -1 : stateIndex(t.from());
                to[k] = stateIndex(t.to());
                durations[k] = t.duration();
                exitTimes[k] = t.exitTime();
                interruptibles[k] = t.interruptible();
                conditionStart[k] = c;
                for (Condition condition : t.conditions()) {
                    conditionParameters[c] = graph.parameterIndex(condition.parameter());
                    conditionTests[c] = condition.test();
                    conditionValues[c++] = condition.value();
                }
            }
            conditionStart[n] = c;
        }

        private int stateIndex(String name) {
            for (int s = 0; s < spec.states().size(); s++) {
                if (spec.states().get(s).name().equals(name)) {
                    return s;
                }
            }
            throw new IllegalStateException("unknown state: " + name);
        }

        @Override
        void reset() {
            depth = 1;
            stack[0] = initial;
            elapsed[0] = 0;
            fades[0] = 0;
            topInterruptible = false;
            states[initial].reset();
            fresh = true;
        }

        @Override
        void prepare(GraphPlayer p) {
            for (int j = 0; j < depth; j++) {
                states[stack[j]].prepare(p);
            }
        }

        /** The weight of entry j over the entries below it. */
        double weight(int j) {
            if (j == 0) {
                return 1;
            }
            return fades[j] > 0 ? Math.min(1, elapsed[j] / fades[j]) : 1;
        }

        /** Entry k's share of the machine's pose. */
        double contribution(int k) {
            double c = weight(k);
            for (int j = k + 1; j < depth; j++) {
                c *= 1 - weight(j);
            }
            return c;
        }

        @Override
        void advance(double seconds, GraphPlayer p) {
            if (fresh) {
                p.listener.onStateEnter(spec, stack[0]);
                fresh = false;
            }
            for (int j = 0; j < depth; j++) {
                states[stack[j]].advance(seconds, p);
            }
            for (int j = 1; j < depth; j++) {
                elapsed[j] += seconds;
            }
            settle(p);
            if (depth == 1 || topInterruptible) {
                tryTransitions(p);
            }
        }

        /** Drops every entry below the highest one whose fade is complete, telling the listener they were left. */
        private void settle(GraphPlayer p) {
            for (int j = depth - 1; j >= 1; j--) {
                if (weight(j) >= 1) {
                    drop(j, p);
                    return;
                }
            }
        }

        /** Drops the {@code count} lowest entries. */
        private void drop(int count, GraphPlayer p) {
            for (int k = 0; k < count; k++) {
                p.listener.onStateExit(spec, stack[k]);
            }
            remove(0, count);
        }

        private void remove(int at, int count) {
            int keep = depth - at - count;
            System.arraycopy(stack, at + count, stack, at, keep);
            System.arraycopy(elapsed, at + count, elapsed, at, keep);
            System.arraycopy(fades, at + count, fades, at, keep);
            depth -= count;
        }

        private void tryTransitions(GraphPlayer p) {
            int current = stack[depth - 1];
            for (int t = 0; t < order.length; t++) {
                int source = from[t];
                if (source >= 0 ? source != current : to[t] == current) {
                    continue;
                }
                float exit = exitTimes[t];
                if (!Float.isNaN(exit) && states[current].normalizedTime() < exit) {
                    continue;
                }
                if (holds(t, p.parameters)) {
                    take(t, p);
                    return;
                }
            }
        }

        private boolean holds(int t, float[] parameters) {
            for (int c = conditionStart[t]; c < conditionStart[t + 1]; c++) {
                float v = parameters[conditionParameters[c]];
                boolean ok = switch (conditionTests[c]) {
                    case GREATER -> v > conditionValues[c];
                    case LESS -> v < conditionValues[c];
                    case TRUE, TRIGGERED -> v != 0;
                    case FALSE -> v == 0;
                };
                if (!ok) {
                    return false;
                }
            }
            return true;
        }

        private void take(int t, GraphPlayer p) {
            for (int c = conditionStart[t]; c < conditionStart[t + 1]; c++) {
                if (conditionTests[c] == Test.TRIGGERED) {
                    p.parameters[conditionParameters[c]] = 0;
                }
            }
            int target = to[t];
            int at = -1;
            for (int j = 0; j < depth; j++) {
                if (stack[j] == target) {
                    at = j;
                }
            }
            double start = 0;
            if (at >= 0) { // still fading out: it goes on playing and fades back in from its present share
                start = contribution(at);
                remove(at, 1);
            } else {
                if (depth == MAX_FADING) {
                    drop(1, p);
                }
                states[target].reset();
                states[target].prepare(p);
                p.listener.onStateEnter(spec, target);
            }
            stack[depth] = target;
            fades[depth] = durations[t];
            elapsed[depth] = start * durations[t];
            depth++;
            topInterruptible = interruptibles[t];
            settle(p);
        }

        @Override
        int evaluate(GraphPlayer p) {
            int result = states[stack[0]].evaluate(p);
            for (int j = 1; j < depth; j++) {
                int slot = states[stack[j]].evaluate(p);
                blend(p, result, slot, (float) weight(j), acc);
                result = acc;
            }
            return result;
        }

        @Override
        double normalizedTime() {
            return states[stack[depth - 1]].normalizedTime();
        }

        @Override
        void rootMotion(double weight, GraphPlayer p) {
            for (int k = 0; k < depth; k++) {
                double c = contribution(k);
                if (c > 0) {
                    states[stack[k]].rootMotion(weight * c, p);
                }
            }
        }
    }

    /**
     * Slot {@code dest} = blend of slots {@code a} and {@code b} by {@code weight}: translations and scales
     * {@code a + (b - a) × weight}, rotations by the normalised linear blend (nlerp) on the shorter arc, in double,
     * rounded once. Against slerp, nlerp is exact at weights 0, ½ and 1 and off its path by at most 0.27° between
     * rotations 60° apart (0.92° at 90°), with no trigonometry: a blend of a pose costs less than sampling it.
     * {@code dest} may be {@code a}. Over planes: each loop runs along one element of every target.
     */
    static void blend(GraphPlayer p, int a, int b, float weight, int dest) {
        int size = p.size;
        float[] v = p.planes;
        int pa = a * FLOATS * size;
        int pb = b * FLOATS * size;
        int pd = dest * FLOATS * size;
        for (int i = 0; i < 3 * size; i++) { // translations
            v[pd + i] = v[pa + i] + (v[pb + i] - v[pa + i]) * weight;
        }
        for (int i = 7 * size; i < 10 * size; i++) { // scales
            v[pd + i] = v[pa + i] + (v[pb + i] - v[pa + i]) * weight;
        }
        double w = weight;
        double k0 = 1 - w;
        int x = 3 * size;
        int y = 4 * size;
        int z = 5 * size;
        int q = 6 * size;
        for (int k = 0; k < size; k++) {
            double x0 = v[pa + x + k];
            double y0 = v[pa + y + k];
            double z0 = v[pa + z + k];
            double w0 = v[pa + q + k];
            double x1 = v[pb + x + k];
            double y1 = v[pb + y + k];
            double z1 = v[pb + z + k];
            double w1 = v[pb + q + k];
            double k1 = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1 < 0 ? -w : w; // the shorter arc
            double rx = k0 * x0 + k1 * x1;
            double ry = k0 * y0 + k1 * y1;
            double rz = k0 * z0 + k1 * z1;
            double rw = k0 * w0 + k1 * w1;
            double len2 = rx * rx + ry * ry + rz * rz + rw * rw;
            if (!(len2 > 1e-12)) { // opposite rotations at weight ½: keep the first
                rx = x0;
                ry = y0;
                rz = z0;
                rw = w0;
                len2 = 1;
            }
            double inv = 1 / Math.sqrt(len2);
            v[pd + x + k] = (float) (rx * inv);
            v[pd + y + k] = (float) (ry * inv);
            v[pd + z + k] = (float) (rz * inv);
            v[pd + q + k] = (float) (rw * inv);
        }
    }

    /** A pose into a slot's planes (the rest pose into every slot when a player is made). */
    static void toPlanes(Pose pose, float[] planes, int base) {
        int size = pose.size();
        for (int k = 0; k < size; k++) {
            for (int c = 0; c < 3; c++) {
                planes[base + c * size + k] = pose.translations[3 * k + c];
                planes[base + (7 + c) * size + k] = pose.scales[3 * k + c];
            }
            for (int c = 0; c < 4; c++) {
                planes[base + (3 + c) * size + k] = pose.rotations[4 * k + c];
            }
        }
    }

    /**
     * A slot's planes out into interleaved arrays: target k's translation at {@code tr[tb + 3k]}, rotation at
     * {@code rot[rb + 4k]}, scale at {@code sc[sb + 3k]}.
     */
    static void fromPlanes(float[] planes, int base, int size, float[] tr, int tb, float[] rot, int rb, float[] sc,
                           int sb) {
        for (int k = 0; k < size; k++) {
            for (int c = 0; c < 3; c++) {
                tr[tb + 3 * k + c] = planes[base + c * size + k];
                sc[sb + 3 * k + c] = planes[base + (7 + c) * size + k];
            }
            for (int c = 0; c < 4; c++) {
                rot[rb + 4 * k + c] = planes[base + (3 + c) * size + k];
            }
        }
    }
}
