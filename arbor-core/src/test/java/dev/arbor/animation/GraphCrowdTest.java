package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.NodeList;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The crowd's one call against each character evaluated alone, and the frame's allocation. */
class GraphCrowdTest {
    private static final int INSTANCES = 60;

    /** Seeded random speeds and jumps per instance; the same script drives both sides. */
    private static void script(Random random, GraphPlayer a, GraphPlayer b) {
        if (random.nextInt(8) == 0) {
            float speed = random.nextInt(4) == 0 ? 0 : 4 * random.nextFloat();
            a.set(0, speed);
            b.set(0, speed);
        }
        if (random.nextInt(40) == 0) {
            a.trigger(1);
            b.trigger(1);
        }
    }

    @Test
    void crowdFrameIsBitIdenticalToEachCharacterAlone() {
        AnimationGraph graph = GraphClips.locomotion();
        Hierarchy crowdH = new Hierarchy();
        Hierarchy aloneH = new Hierarchy();
        GraphPlayer[] crowdPlayers = new GraphPlayer[INSTANCES];
        GraphPlayer[] alonePlayers = new GraphPlayer[INSTANCES];
        long[] crowdNodes = new long[INSTANCES * GraphClips.TARGETS];
        NodeList[] aloneLists = new NodeList[INSTANCES];
        long[][] aloneNodes = new long[INSTANCES][];
        for (int i = 0; i < INSTANCES; i++) {
            crowdPlayers[i] = new GraphPlayer(graph, GraphClips.rest());
            alonePlayers[i] = new GraphPlayer(graph, GraphClips.rest());
            System.arraycopy(GraphClips.character(crowdH), 0, crowdNodes, i * GraphClips.TARGETS, GraphClips.TARGETS);
            aloneNodes[i] = GraphClips.character(aloneH);
            aloneLists[i] = aloneH.nodeList(aloneNodes[i], 0, GraphClips.TARGETS);
        }
        GraphCrowd crowd = new GraphCrowd(crowdH, crowdPlayers, crowdNodes);
        Pose scratch = GraphClips.rest();
        Random random = new Random(46);
        float[] a = new float[12];
        float[] b = new float[12];
        int transitions = 0;
        for (int frame = 0; frame < 400; frame++) {
            for (int i = 0; i < INSTANCES; i++) {
                script(random, crowdPlayers[i], alonePlayers[i]);
            }
            float dt = (1 + random.nextInt(3)) / 60f;
            crowd.update(dt);
            for (int i = 0; i < INSTANCES; i++) {
                alonePlayers[i].advance(dt);
                alonePlayers[i].apply(aloneH, aloneLists[i], scratch);
                transitions += alonePlayers[i].transitioning() ? 1 : 0;
            }
            crowdH.update();
            aloneH.update();
            for (int i = 0; i < INSTANCES; i++) {
                assertThat(crowdPlayers[i].state()).isEqualTo(alonePlayers[i].state());
                for (int t = 0; t < GraphClips.TARGETS; t++) {
                    crowdH.getWorld(crowdNodes[i * GraphClips.TARGETS + t], a, 0);
                    aloneH.getWorld(aloneNodes[i][t], b, 0);
                    for (int e = 0; e < 12; e++) {
                        assertThat(Float.floatToRawIntBits(a[e])).as("frame %d instance %d target %d element %d",
                                frame, i, t, e).isEqualTo(Float.floatToRawIntBits(b[e]));
                    }
                }
                assertThat(crowdPlayers[i].sampledClips()).isEqualTo(alonePlayers[i].sampledClips());
            }
        }
        assertThat(transitions).as("instance-frames spent in a transition").isGreaterThan(500);
    }

    @Test
    void badCrowdsAreRefused() {
        AnimationGraph graph = GraphClips.locomotion();
        Hierarchy h = new Hierarchy();
        GraphPlayer[] players = {new GraphPlayer(graph, GraphClips.rest()), new GraphPlayer(graph, new Pose(3))};
        assertThatThrownBy(() -> new GraphCrowd(h, players, new long[4])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("players[1] pose size=3, players[0]=2");
        GraphPlayer[] two = {players[0], new GraphPlayer(graph, GraphClips.rest())};
        assertThatThrownBy(() -> new GraphCrowd(h, two, new long[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nodes.length=3, required=4 (players=2 × size=2)");
        long[] nodes = GraphClips.character(h);
        GraphCrowd crowd = new GraphCrowd(h, new GraphPlayer[] {players[0]}, nodes);
        assertThatThrownBy(() -> crowd.update(Float.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("update out of range: seconds=NaN, allowed=[0, ∞)");
    }

    @Test
    void framesAllocateNothingOnceWarm() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.assertj.core.api.Assumptions.assumeThat(bean).isInstanceOf(com.sun.management.ThreadMXBean.class);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        long thread = Thread.currentThread().getId();
        AnimationGraph graph = GraphClips.locomotion();
        Hierarchy h = new Hierarchy();
        GraphPlayer[] players = new GraphPlayer[8];
        long[] nodes = new long[players.length * GraphClips.TARGETS];
        for (int i = 0; i < players.length; i++) {
            players[i] = new GraphPlayer(graph, GraphClips.rest());
            System.arraycopy(GraphClips.character(h), 0, nodes, i * GraphClips.TARGETS, GraphClips.TARGETS);
        }
        GraphCrowd crowd = new GraphCrowd(h, players, nodes);
        AnimationGraphBuilder rooted = AnimationGraph.builder().floatParameter("speed", 0).rootMotion(0, true);
        rooted.blendSpace2D("plane", "speed", "speed").point(0, 0, GraphClips.WALK).point(1, 0, GraphClips.RUN)
                .point(0, 1, GraphClips.IDLE);
        GraphPlayer alone = new GraphPlayer(rooted.build(), GraphClips.rest());
        Pose pose = GraphClips.rest();
        float[] delta = new float[4];
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 25 && least > 0; window++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int frame = 0; frame < 2000; frame++) {
                for (int i = 0; i < players.length; i++) {
                    players[i].set(0, ((frame + 37 * i) % 200) / 50f);
                    if ((frame + i) % 97 == 0) {
                        players[i].trigger(1);
                    }
                }
                crowd.update(1 / 60f);
                h.update();
                alone.set(0, (frame % 100) / 100f);
                alone.advance(1 / 60f);
                alone.sample(pose);
                alone.rootMotionDelta(delta, 0);
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(thread) - before);
        }
        assertThat(least).as("bytes allocated by 2,000 frames (least of up to 25 windows)").isZero();
    }
}
