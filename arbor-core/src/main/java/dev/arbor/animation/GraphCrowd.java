package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.NodeList;
import java.util.Objects;

/**
 * A crowd of characters, each playing a graph through its own {@link GraphPlayer} (its own parameters, times and
 * states), evaluated and written into their nodes by one {@link #update} per frame: the same poses, bit for bit, as
 * advancing, sampling and applying each player alone. Each instance samples each clip with a share above 0 once.
 * Allocation-free per frame once made; not thread-safe.
 */
public final class GraphCrowd {
    private final Hierarchy hierarchy;
    private final GraphPlayer[] players;
    private final NodeList nodes;
    private final PoseBatch poses;
    private final boolean translations;
    private final boolean rotations;
    private final boolean scales;
    private boolean written;

    /**
     * A crowd over the given players and nodes.
     *
     * @param hierarchy the hierarchy holding every instance
     * @param players one player per instance (kept, not copied; set their parameters between frames), all with
     *     poses of one size
     * @param nodes instance {@code i}'s targets at {@code [i × size, (i + 1) × size)}, {@code size} the players' pose
     *     size (copied)
     * @throws IllegalArgumentException if there is no player, the players' sizes differ, {@code nodes} is not
     *     {@code players × size} long or a handle is stale
     * @throws NullPointerException if an argument or a player is null
     */
    public GraphCrowd(Hierarchy hierarchy, GraphPlayer[] players, long[] nodes) {
        this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
        if (players.length == 0) {
            throw new IllegalArgumentException("a crowd needs at least one player");
        }
        int size = players[0].size();
        boolean t = false;
        boolean r = false;
        boolean s = false;
        for (int i = 0; i < players.length; i++) {
            GraphPlayer p = Objects.requireNonNull(players[i], "players[i]");
            if (p.size() != size) {
                throw new IllegalArgumentException("players[" + i + "] pose size=" + p.size() + ", players[0]="
                        + size);
            }
            for (AnimationGraph.Motion m : p.graph().motions()) {
                for (AnimationClip clip : clips(m)) {
                    ClipSampler sampler = p.graph().sampler(clip);
                    t |= sampler.animates(TargetPath.TRANSLATION);
                    r |= sampler.animates(TargetPath.ROTATION);
                    s |= sampler.animates(TargetPath.SCALE);
                }
            }
        }
        if (nodes.length != (long) players.length * size) {
            throw new IllegalArgumentException("nodes.length=" + nodes.length + ", required=" + players.length * size
                    + " (players=" + players.length + " × size=" + size + ")");
        }
        this.players = players.clone();
        this.nodes = hierarchy.nodeList(nodes, 0, nodes.length);
        this.poses = new PoseBatch(players.length, size);
        this.translations = t;
        this.rotations = r;
        this.scales = s;
    }

    private static AnimationClip[] clips(AnimationGraph.Motion m) {
        if (m instanceof AnimationGraph.ClipMotion c) {
            return new AnimationClip[] {c.clip()};
        }
        java.util.List<AnimationGraph.BlendPoint> points = m instanceof AnimationGraph.BlendSpace1D b ? b.points()
                : m instanceof AnimationGraph.BlendSpace2D b2 ? b2.points() : java.util.List.of();
        AnimationClip[] clips = new AnimationClip[points.size()];
        for (int k = 0; k < clips.length; k++) {
            clips[k] = points.get(k).clip();
        }
        return clips;
    }

    /** @return the number of instances */
    public int instances() {
        return players.length;
    }

    /**
     * @param instance an instance's index
     * @return its player
     * @throws IndexOutOfBoundsException if the index is out of range
     */
    public GraphPlayer player(int instance) {
        return players[instance];
    }

    /**
     * One frame of the whole crowd: each player advances by {@code seconds} (firing into its own
     * {@link GraphPlayer#fired()}), then samples and blends its pose, and every pose is written into the instances'
     * nodes in one pass of the bulk setters (after the first frame, only the paths the graphs' clips animate). Call
     * {@link Hierarchy#update()} or write the skinning palettes afterwards. O(instances × (clips sampled + targets)).
     *
     * @param seconds the frame's duration, ≥ 0
     * @throws IllegalArgumentException if {@code seconds} is negative or not finite (nothing changed), or a node was
     *     destroyed
     */
    public void update(float seconds) {
        if (!(seconds >= 0) || Float.isInfinite(seconds)) {
            throw new IllegalArgumentException("update out of range: seconds=" + seconds + ", allowed=[0, ∞)");
        }
        GraphPlayer[] ps = players;
        int size = poses.size();
        float[] t = poses.translations;
        float[] r = poses.rotations;
        float[] s = poses.scales;
        for (int i = 0; i < ps.length; i++) {
            GraphPlayer p = ps[i];
            p.advance(seconds);
            int slot = p.evaluate();
            GraphNodes.fromPlanes(p.planes, slot * GraphNodes.FLOATS * size, size, t, 3 * i * size, r, 4 * i * size,
                    s, 3 * i * size);
        }
        if (written) {
            poses.applyTo(hierarchy, nodes, translations, rotations, scales);
        } else {
            poses.applyTo(hierarchy, nodes);
            written = true;
        }
    }
}
