package dev.arbor.gltf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.AnimationGraph;
import dev.arbor.animation.AnimationGraph.BlendPoint;
import dev.arbor.animation.AnimationGraph.Condition;
import dev.arbor.animation.AnimationGraph.Motion;
import dev.arbor.animation.AnimationGraph.Parameter;
import dev.arbor.animation.AnimationGraph.ParameterKind;
import dev.arbor.animation.AnimationGraph.State;
import dev.arbor.animation.AnimationGraph.Transition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON form of an {@link AnimationGraph}, read and written: the document a tool writes for a character, clips
 * named (a glTF model's animations by name: {@link #clips}). Its shape is the graph's records':
 * <pre>
 * {
 *   "parameters": [ {"name": "speed", "kind": "float", "initial": 0}, {"name": "jump", "kind": "trigger"} ],
 *   "motions": [
 *     {"name": "idle", "clip": "Idle"},                                   // loop: true, speed: 1 by default
 *     {"name": "jump", "clip": "Jump", "loop": false, "events": [{"name": "land", "time": 0.4}]},
 *     {"name": "loco", "parameter": "speed", "points": [{"at": 0, "clip": "Idle"}, {"at": 1.5, "clip": "Walk"}]},
 *     {"name": "aim", "parameters": ["x", "y"], "points": [{"at": [0, 0], "clip": "AimCentre"}, …]},
 *     {"name": "main", "initial": "move",
 *      "states": [{"name": "move", "motion": "loco"}, {"name": "jump", "motion": "jump"}],
 *      "transitions": [{"from": "*", "to": "jump", "duration": 0.1,
 *                       "conditions": [{"parameter": "jump", "test": "triggered"}]},
 *                      {"from": "jump", "to": "move", "exitTime": 1, "duration": 0.2, "interruptible": true}]}
 *   ],
 *   "root": "main",
 *   "rootMotion": {"target": 0, "heading": false}
 * }
 * </pre>
 * A motion's kind is told by its members: {@code clip} (a clip motion), {@code parameter} (a 1D blend space),
 * {@code parameters} (2D), {@code states} (a state machine). Kinds and tests are spelled in lower case
 * ({@code float}, {@code bool}, {@code trigger}; {@code greater}, {@code less}, {@code true}, {@code false},
 * {@code triggered}). Optional members: {@code initial} (0), {@code loop} (true), {@code speed} (1), {@code events},
 * a point's {@code events}, {@code duration} (0), {@code exitTime} (none), {@code interruptible} (false),
 * {@code conditions}, a machine's {@code initial} (its first state), {@code root} (the last motion),
 * {@code rootMotion} (none).
 *
 * <p>Every error is a {@link GltfException} whose location is the path of the bad value in the document
 * ({@code motions[2].points[1].clip: unknown clip "Rn"}). Thread-safe (stateless).
 */
public final class GraphJson {
    private static final Location PARAMETERS = Location.top("parameters");
    private static final Location MOTIONS = Location.top("motions");

    private GraphJson() {
    }

    /**
     * A model's animations by name, for {@link #read}: a clip without a name, or whose name an earlier clip took,
     * is listed as {@code animation<i>} too (its index in the model).
     *
     * @param model the model
     * @return the clips by name, in the model's order
     */
    public static Map<String, AnimationClip> clips(GltfModel model) {
        Map<String, AnimationClip> clips = new LinkedHashMap<>();
        for (int i = 0; i < model.animationCount(); i++) {
            AnimationClip clip = model.animation(i);
            if (clip.name() != null && !clip.name().isEmpty()) {
                clips.putIfAbsent(clip.name(), clip);
            }
            clips.putIfAbsent("animation" + i, clip);
        }
        return clips;
    }

    /**
     * Reads a graph from a file.
     *
     * @param file the JSON file
     * @param clips the clips the document may name
     * @return the graph
     * @throws GltfException if the file is not a graph document (naming the path of the bad value), or cannot be read
     */
    public static AnimationGraph read(Path file, Map<String, AnimationClip> clips) throws GltfException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new GltfException("json", "cannot read " + file + ": " + e.getMessage(), e);
        }
        return read(bytes, clips);
    }

    /**
     * Reads a graph from JSON text.
     *
     * @param json the document
     * @param clips the clips the document may name
     * @return the graph
     * @throws GltfException if the text is not a graph document, naming the path of the bad value
     */
    public static AnimationGraph read(String json, Map<String, AnimationClip> clips) throws GltfException {
        return read(json.getBytes(StandardCharsets.UTF_8), clips);
    }

    private static AnimationGraph read(byte[] bytes, Map<String, AnimationClip> clips) throws GltfException {
        JsonValue root = Json.parse(bytes, 0, bytes.length);
        List<Parameter> parameters = new ArrayList<>();
        JsonValue ps = Json.optArray(root, Location.ROOT, "parameters");
        for (int p = 0; p < ps.size(); p++) {
            JsonValue n = Json.element(ps, PARAMETERS, p);
            Location at = PARAMETERS.index(p);
            String kind = Json.reqString(n, at, "kind");
            ParameterKind k = switch (kind) {
                case "float" -> ParameterKind.FLOAT;
                case "bool" -> ParameterKind.BOOL;
                case "trigger" -> ParameterKind.TRIGGER;
                default -> throw new GltfException(at.key("kind"), "unknown kind \"" + kind
                        + "\", expected float, bool or trigger");
            };
            float initial = optFloat(n, at, "initial", 0f);
            JsonValue b = n.get("initial");
            if (b != null && b.isBoolean()) {
                initial = b.booleanValue() ? 1 : 0;
            }
            parameters.add(new Parameter(Json.reqString(n, at, "name"), k, initial));
        }
        List<Motion> motions = new ArrayList<>();
        JsonValue ms = Json.reqArray(root, Location.ROOT, "motions", 1);
        for (int m = 0; m < ms.size(); m++) {
            motions.add(motion(Json.element(ms, MOTIONS, m), MOTIONS.index(m), clips));
        }
        String rootName = Json.optString(root, Location.ROOT, "root");
        if (rootName == null) {
            rootName = motions.get(motions.size() - 1).name();
        }
        AnimationGraph.RootMotionTarget rootMotion = null;
        JsonValue rm = Json.optObject(root, Location.ROOT, "rootMotion");
        if (rm != null) {
            Location at = Location.top("rootMotion");
            rootMotion = new AnimationGraph.RootMotionTarget((int) Json.reqInteger(rm, at, "target", 0,
                    Integer.MAX_VALUE), Json.optBoolean(rm, at, "heading"));
        }
        try {
            return new AnimationGraph(parameters, motions, rootName, rootMotion);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            int colon = message.indexOf(": ");
            throw colon > 0 ? new GltfException(message.substring(0, colon), message.substring(colon + 2))
                    : new GltfException("json", message);
        }
    }

    private static Motion motion(JsonValue n, Location at, Map<String, AnimationClip> clips) throws GltfException {
        String name = Json.reqString(n, at, "name");
        if (n.has("clip")) {
            AnimationClip clip = clip(n, at, clips);
            JsonValue loop = n.get("loop");
            boolean loops = loop == null || Json.optBoolean(n, at, "loop");
            return new AnimationGraph.ClipMotion(name, clip, events(n, at, clip), loops, optFloat(n, at, "speed", 1f));
        }
        if (n.has("parameter")) {
            return new AnimationGraph.BlendSpace1D(name, Json.reqString(n, at, "parameter"), points(n, at, clips,
                    false));
        }
        if (n.has("parameters")) {
            JsonValue xy = Json.reqArray(n, at, "parameters", 2);
            if (xy.size() != 2 || !xy.get(0).isString() || !xy.get(1).isString()) {
                throw new GltfException(at.key("parameters"), "expected two parameter names, found "
                        + Json.describe(xy));
            }
            return new AnimationGraph.BlendSpace2D(name, xy.get(0).textValue(), xy.get(1).textValue(),
                    points(n, at, clips, true));
        }
        if (n.has("states")) {
            List<State> states = new ArrayList<>();
            JsonValue ss = Json.reqArray(n, at, "states", 1);
            Location sat = at.key("states");
            for (int s = 0; s < ss.size(); s++) {
                JsonValue state = Json.element(ss, sat, s);
                states.add(new State(Json.reqString(state, sat.index(s), "name"),
                        Json.reqString(state, sat.index(s), "motion")));
            }
            List<Transition> transitions = new ArrayList<>();
            JsonValue ts = Json.optArray(n, at, "transitions");
            Location tat = at.key("transitions");
            for (int t = 0; t < ts.size(); t++) {
                transitions.add(transition(Json.element(ts, tat, t), tat.index(t)));
            }
            String initial = Json.optString(n, at, "initial");
            return new AnimationGraph.StateMachine(name, initial != null ? initial : states.get(0).name(), states,
                    transitions);
        }
        throw new GltfException(at, "a motion needs one of clip, parameter, parameters or states");
    }

    private static Transition transition(JsonValue n, Location at) throws GltfException {
        List<Condition> conditions = new ArrayList<>();
        JsonValue cs = Json.optArray(n, at, "conditions");
        Location cat = at.key("conditions");
        for (int c = 0; c < cs.size(); c++) {
            JsonValue condition = Json.element(cs, cat, c);
            Location here = cat.index(c);
            String test = Json.reqString(condition, here, "test");
            AnimationGraph.Test t;
            try {
                t = AnimationGraph.Test.valueOf(test.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new GltfException(here.key("test"), "unknown test \"" + test
                        + "\", expected greater, less, true, false or triggered");
            }
            conditions.add(new Condition(Json.reqString(condition, here, "parameter"), t,
                    optFloat(condition, here, "value", 0f)));
        }
        return new Transition(Json.reqString(n, at, "from"), Json.reqString(n, at, "to"),
                new AnimationGraph.Timing(optFloat(n, at, "duration", 0f), optFloat(n, at, "exitTime", Float.NaN),
                        Json.optBoolean(n, at, "interruptible")), conditions);
    }

    private static List<BlendPoint> points(JsonValue n, Location at, Map<String, AnimationClip> clips, boolean twoD)
            throws GltfException {
        JsonValue ps = Json.reqArray(n, at, "points", 1);
        Location pat = at.key("points");
        List<BlendPoint> points = new ArrayList<>();
        for (int k = 0; k < ps.size(); k++) {
            JsonValue p = Json.element(ps, pat, k);
            Location here = pat.index(k);
            AnimationClip clip = clip(p, here, clips);
            float x;
            float y = 0;
            if (twoD) {
                float[] xy = Json.optFloats(p, here, "at", 2);
                if (xy == null) {
                    throw new GltfException(here.key("at"), "required array of 2 numbers is missing");
                }
                x = xy[0];
                y = xy[1];
            } else {
                JsonValue v = p.get("at");
                if (v == null) {
                    throw new GltfException(here.key("at"), "required number is missing");
                }
                x = Json.finiteFloat(v, here.key("at"));
            }
            points.add(new BlendPoint(x, y, clip, events(p, here, clip)));
        }
        return points;
    }

    private static AnimationClip clip(JsonValue n, Location at, Map<String, AnimationClip> clips)
            throws GltfException {
        String name = Json.reqString(n, at, "clip");
        AnimationClip clip = clips.get(name);
        if (clip == null) {
            throw new GltfException(at.key("clip"), "unknown clip \"" + name + "\", clips=" + clips.keySet());
        }
        return clip;
    }

    private static AnimationEvents events(JsonValue n, Location at, AnimationClip clip) throws GltfException {
        JsonValue es = Json.optArray(n, at, "events");
        if (es.size() == 0) {
            return AnimationEvents.NONE;
        }
        Location eat = at.key("events");
        AnimationEvents.Builder b = AnimationEvents.builder(clip);
        for (int e = 0; e < es.size(); e++) {
            JsonValue event = Json.element(es, eat, e);
            Location here = eat.index(e);
            String name = Json.reqString(event, here, "name");
            JsonValue time = event.get("time");
            float t = Json.finiteFloat(time, here.key("time"));
            try {
                b.add(name, t);
            } catch (IllegalArgumentException ex) {
                throw new GltfException(here, ex.getMessage());
            }
        }
        return b.build();
    }

    private static float optFloat(JsonValue n, Location at, String key, float def) throws GltfException {
        JsonValue v = n.get(key);
        if (v == null || v.isBoolean()) {
            if (v != null && !key.equals("initial")) {
                throw new GltfException(at.key(key), "expected a number, found " + Json.describe(v));
            }
            return def;
        }
        return Json.finiteFloat(v, at.key(key));
    }

    /**
     * Writes a graph as JSON text (two-space indents), clips by their names: read back with the same clips, it gives
     * an equal graph. Optional members at their defaults are left out.
     *
     * @param graph the graph
     * @return the document
     * @throws IllegalArgumentException if a clip of the graph has no name
     */
    public static String write(AnimationGraph graph) {
        ObjectNode root = JacksonTree.objectNode();
        ArrayNode ps = root.putArray("parameters");
        for (Parameter p : graph.parameters()) {
            ObjectNode n = ps.addObject().put("name", p.name()).put("kind", p.kind().name().toLowerCase(Locale.ROOT));
            if (p.initial() != 0) {
                n.put("initial", p.initial());
            }
        }
        ArrayNode ms = root.putArray("motions");
        for (Motion m : graph.motions()) {
            ObjectNode n = ms.addObject().put("name", m.name());
            if (m instanceof AnimationGraph.ClipMotion c) {
                n.put("clip", name(c.clip()));
                if (!c.loop()) {
                    n.put("loop", false);
                }
                if (c.speed() != 1f) {
                    n.put("speed", c.speed());
                }
                writeEvents(n, c.events());
            } else if (m instanceof AnimationGraph.BlendSpace1D b) {
                n.put("parameter", b.parameter());
                ArrayNode points = n.putArray("points");
                for (BlendPoint p : b.points()) {
                    ObjectNode o = points.addObject().put("at", p.x()).put("clip", name(p.clip()));
                    writeEvents(o, p.events());
                }
            } else if (m instanceof AnimationGraph.BlendSpace2D b) {
                n.putArray("parameters").add(b.parameterX()).add(b.parameterY());
                ArrayNode points = n.putArray("points");
                for (BlendPoint p : b.points()) {
                    ObjectNode o = points.addObject();
                    o.putArray("at").add(p.x()).add(p.y());
                    o.put("clip", name(p.clip()));
                    writeEvents(o, p.events());
                }
            } else {
                AnimationGraph.StateMachine machine = (AnimationGraph.StateMachine) m;
                n.put("initial", machine.initial());
                ArrayNode states = n.putArray("states");
                for (State s : machine.states()) {
                    states.addObject().put("name", s.name()).put("motion", s.motion());
                }
                ArrayNode ts = n.putArray("transitions");
                for (Transition t : machine.transitions()) {
                    writeTransition(ts.addObject(), t);
                }
            }
        }
        root.put("root", graph.root());
        if (graph.rootMotion() != null) {
            root.putObject("rootMotion").put("target", graph.rootMotion().target())
                    .put("heading", graph.rootMotion().heading());
        }
        try {
            return JacksonTree.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeTransition(ObjectNode o, Transition t) {
        o.put("from", t.from()).put("to", t.to());
        if (t.duration() != 0) {
            o.put("duration", t.duration());
        }
        if (!Float.isNaN(t.exitTime())) {
            o.put("exitTime", t.exitTime());
        }
        if (t.interruptible()) {
            o.put("interruptible", true);
        }
        if (!t.conditions().isEmpty()) {
            ArrayNode cs = o.putArray("conditions");
            for (Condition c : t.conditions()) {
                ObjectNode n = cs.addObject().put("parameter", c.parameter())
                        .put("test", c.test().name().toLowerCase(Locale.ROOT));
                if (c.value() != 0) {
                    n.put("value", c.value());
                }
            }
        }
    }

    private static void writeEvents(ObjectNode o, AnimationEvents events) {
        if (events.size() == 0) {
            return;
        }
        ArrayNode es = o.putArray("events");
        for (int k = 0; k < events.size(); k++) {
            es.addObject().put("name", events.name(k)).put("time", events.time(k));
        }
    }

    private static String name(AnimationClip clip) {
        if (clip.name() == null || clip.name().isEmpty()) {
            throw new IllegalArgumentException("a clip of the graph has no name: " + clip);
        }
        return clip.name();
    }
}
