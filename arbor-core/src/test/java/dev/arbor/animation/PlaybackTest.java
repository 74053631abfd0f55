package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Playback: times in each mode, cross-fades, and markers fired exactly once against a count of the passings. */
class PlaybackTest {
    /** A clip of one translation channel from 0 to {@code end} seconds, x going from 0 to 10. */
    private static AnimationClip clip(String name, float end) {
        return AnimationClip.builder(name)
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, end},
                        new float[] {0, 0, 0, 10, 0, 0})
                .build();
    }

    @Test
    void timeLoopsClampsAndGoesBackAndForth() {
        AnimationClip c = clip("walk", 2);
        AnimationEventListener ignore = (e, i) -> { };
        Playback loop = new Playback(c, PlaybackMode.LOOP);
        loop.advance(2.5f, ignore);
        assertThat(loop.time()).isEqualTo(0.5f);
        assertThat(loop.normalizedTime()).isEqualTo(0.25f);
        loop.speed(-1).advance(1, ignore);
        assertThat(loop.time()).isEqualTo(1.5f);
        Playback clamp = new Playback(c, PlaybackMode.CLAMP);
        clamp.advance(3, ignore);
        assertThat(clamp.time()).isEqualTo(2f);
        clamp.speed(-0.5f).advance(1, ignore);
        assertThat(clamp.time()).as("back from the end at once").isEqualTo(1.5f);
        Playback pingPong = new Playback(c, PlaybackMode.PING_PONG);
        pingPong.advance(2.5f, ignore);
        assertThat(pingPong.time()).isEqualTo(1.5f);
        pingPong.advance(2, ignore);
        assertThat(pingPong.time()).isEqualTo(0.5f);
    }

    @Test
    void aCrossFadeBlendsByElapsedTimeAndEnds() {
        AnimationClip walk = clip("walk", 2);
        AnimationClip run = AnimationClip.builder("run")
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {100, 0, 0, 100, 0, 0})
                .build();
        Playback p = new Playback(walk, PlaybackMode.LOOP);
        AnimationEventListener ignore = (e, i) -> { };
        p.advance(1, ignore); // walk at x = 5
        p.crossFade(run, AnimationEvents.NONE, PlaybackMode.LOOP, 0.5f);
        p.advance(0.25f, ignore); // walk at 1.25 (x = 6.25), run at 100; halfway through the fade
        assertThat(p.fading()).isTrue();
        assertThat(p.weight()).isEqualTo(0.5f);
        Pose rest = new Pose(1);
        Pose pose = new Pose(1);
        Pose scratch = new Pose(1);
        p.sample(rest, pose, scratch);
        assertThat(pose.translation(0, new float[3], 0)[0]).isCloseTo((6.25f + 100) / 2, offset(1e-4f));
        p.advance(0.25f, ignore);
        assertThat(p.fading()).isFalse();
        assertThat(p.clip()).isSameAs(run);
        p.sample(rest, pose, scratch);
        assertThat(pose.translation(0, new float[3], 0)[0]).isEqualTo(100f);
    }

    @Test
    void markersFireInOrderOnLoopsAndEnds() {
        AnimationClip c = clip("walk", 1);
        AnimationEvents events = AnimationEvents.builder(c).add("right", 0.75f).add("start", 0).add("left", 0.25f)
                .add("end", 1).build();
        FiredEvents fired = new FiredEvents();
        Playback p = new Playback(c, PlaybackMode.LOOP).play(c, events, PlaybackMode.LOOP);
        p.advance(0.25f, fired);
        assertThat(names(fired)).containsExactly("start", "left");
        fired.clear();
        p.advance(1, fired); // 0.25 → 1.25: right, end and start at 1.0, left again
        assertThat(names(fired)).containsExactly("right", "end", "start", "left", "LOOP×1 walk");
        fired.clear();
        p.seek(0.5f).advance(0, fired);
        assertThat(fired.size()).as("a seek fires nothing; the position itself holds no marker").isZero();
        p.speed(-1).advance(0.5f, fired); // 0.5 → 0 backwards: left, then start at 0, where the turn before ends
        assertThat(names(fired)).containsExactly("left", "start", "end");
        fired.clear();
        p.advance(0.25f, fired); // on into the turn before, from its end: nothing fires twice
        assertThat(names(fired)).as("leaving time 0 backwards wraps").containsExactly("right", "LOOP×1 walk");
        Playback bounce = new Playback(c, PlaybackMode.PING_PONG).play(c, events, PlaybackMode.PING_PONG);
        fired.clear();
        bounce.advance(2, fired); // out and back: every marker on both ways, the ends once
        assertThat(names(fired)).containsExactly("start", "left", "right", "end", "right", "left", "start",
                "LOOP×2 walk");
    }

    @Test
    void everyMarkerFiresOncePerPassingWhateverTheSteps() {
        Random random = new Random(26);
        for (PlaybackMode mode : PlaybackMode.values()) {
            for (int round = 0; round < 40; round++) {
                float end = (1 + random.nextInt(64)) / 16f;
                AnimationClip c = clip("c", end);
                AnimationEvents.Builder b = AnimationEvents.builder(c);
                int markers = 1 + random.nextInt(5);
                for (int k = 0; k < markers; k++) {
                    b.add("m" + k, random.nextInt((int) (end * 16) + 1) / 16f);
                }
                AnimationEvents events = b.build();
                Playback p = new Playback(c, mode).play(c, events, mode);
                FiredEvents fired = new FiredEvents();
                long[] expected = new long[markers];
                double position = 0;
                boolean inclusive = true;
                for (int step = 0; step < 200; step++) {
                    int op = random.nextInt(20);
                    if (op == 0) { // a jump
                        float t = random.nextInt((int) (end * 16) + 1) / 16f;
                        p.seek(t);
                        position = t;
                        inclusive = true;
                        continue;
                    }
                    if (op == 1) {
                        p.speed(-p.speed());
                    }
                    float dt = random.nextInt(48) / 16f;
                    double to = position + p.speed() * dt;
                    if (mode == PlaybackMode.CLAMP) {
                        to = Math.max(0, Math.min(end, to));
                    }
                    count(events, mode, end, position, to, inclusive, expected);
                    fired.clear();
                    p.advance(dt, fired);
                    for (int k = 0; k < fired.size(); k++) {
                        if (fired.kind(k) == FiredEvents.Kind.MARKER) {
                            expected[indexOf(events, fired, k)]--;
                        }
                    }
                    inclusive = false;
                    position = to;
                }
                assertThat(expected).as("%s, round %d, %s on a clip of %s s", mode, round, events, end)
                        .containsOnly(0L);
            }
        }
    }

    /** Adds the passings of each marker in (from, to] (or [from, to]), in either direction, to {@code counts}. */
    private static void count(AnimationEvents events, PlaybackMode mode, double end, double from, double to,
                              boolean inclusive, long[] counts) {
        double lo = Math.min(from, to);
        double hi = Math.max(from, to);
        for (int i = 0; i < events.size(); i++) {
            double m = events.time(i);
            if (mode == PlaybackMode.CLAMP) {
                counts[i] += passes(m, lo, hi, from, inclusive) ? 1 : 0;
                continue;
            }
            double period = mode == PlaybackMode.LOOP ? end : 2 * end;
            for (long k = (long) Math.floor(lo / period) - 1; k <= (long) Math.floor(hi / period) + 1; k++) {
                // the starting position counts for the markers of its own period: a loop's marker at the end time
                // belongs to the turn before
                boolean own = k == (long) Math.floor(from / period);
                counts[i] += passes(k * period + m, lo, hi, from, inclusive && own) ? 1 : 0;
                if (mode == PlaybackMode.PING_PONG && m > 0 && m < end) {
                    counts[i] += passes(k * period + 2 * end - m, lo, hi, from, inclusive && own) ? 1 : 0;
                }
            }
        }
    }

    private static boolean passes(double at, double lo, double hi, double from, boolean inclusive) {
        return at >= lo && at <= hi && (at != from || inclusive);
    }

    /** Which marker of {@code events} the k-th fired one is (markers of equal time and name are interchangeable). */
    private static int indexOf(AnimationEvents events, FiredEvents fired, int k) {
        for (int i = 0; i < events.size(); i++) {
            if (events.name(i).equals(fired.name(k)) && events.time(i) == fired.time(k)) {
                return i;
            }
        }
        throw new AssertionError("unknown marker " + fired.name(k));
    }

    /** Each entry: a marker's name, {@code LOOP×n clip} or {@code END clip}. */
    static String[] names(FiredEvents fired) {
        String[] names = new String[fired.size()];
        for (int k = 0; k < names.length; k++) {
            switch (fired.kind(k)) {
                case MARKER:
                    names[k] = fired.name(k);
                    break;
                case LOOP:
                    names[k] = "LOOP×" + fired.loops(k) + " " + fired.clip(k).name();
                    break;
                default:
                    names[k] = "END " + fired.clip(k).name();
            }
        }
        return names;
    }

    @Test
    void advancingAndSamplingAllocateNothingOnceWarm() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.assertj.core.api.Assumptions.assumeThat(bean).isInstanceOf(com.sun.management.ThreadMXBean.class);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        long thread = Thread.currentThread().getId();
        AnimationClip walk = clip("walk", 1);
        AnimationClip run = clip("run", 0.5f);
        AnimationEvents events = AnimationEvents.builder(walk).add("step", 0.25f).add("step", 0.75f).build();
        AnimationEvents runEvents = AnimationEvents.builder(run).add("step", 0.25f).build();
        Playback p = new Playback(walk, PlaybackMode.LOOP).play(walk, events, PlaybackMode.LOOP);
        FiredEvents fired = new FiredEvents();
        Pose rest = new Pose(1);
        Pose pose = new Pose(1);
        Pose scratch = new Pose(1);
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 25 && least > 0; window++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int frame = 0; frame < 2000; frame++) {
                if (frame % 500 == 0) {
                    boolean toRun = frame % 1000 == 0;
                    p.crossFade(toRun ? run : walk, toRun ? runEvents : events, PlaybackMode.PING_PONG, 0.3f);
                }
                p.advance(1 / 60f, fired);
                p.sample(rest, pose, scratch);
                fired.clear();
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(thread) - before);
        }
        assertThat(least).as("bytes allocated by 2,000 frames (least of up to 25 windows)").isZero();
    }

    @Test
    void badInputIsRefusedWithTheValueNamed() {
        AnimationClip c = clip("walk", 2);
        assertThatThrownBy(() -> AnimationEvents.builder(c).add("late", 2.5f))
                .hasMessage("event time outside the clip: late at time=2.5, allowed=[0, 2.0]");
        Playback p = new Playback(c, PlaybackMode.LOOP);
        assertThatThrownBy(() -> p.seek(-1)).hasMessage("seek time outside the clip: time=-1.0, allowed=[0, 2.0]");
        assertThatThrownBy(() -> p.speed(Float.NaN)).hasMessage("speed is not finite: speed=NaN");
        assertThatThrownBy(() -> p.advance(-0.1f, (e, i) -> { }))
                .hasMessage("advance out of range: seconds=-0.1, allowed=[0, ∞)");
        assertThatThrownBy(() -> p.crossFade(c, AnimationEvents.NONE, PlaybackMode.LOOP, Float.NaN))
                .hasMessage("cross-fade duration out of range: duration=NaN, allowed=[0, ∞)");
        AnimationClip shorter = clip("short", 1);
        AnimationEvents late = AnimationEvents.builder(c).add("late", 1.5f).build();
        assertThatThrownBy(() -> p.play(shorter, late, PlaybackMode.LOOP))
                .hasMessage("event time outside the clip short: late at time=1.5, allowed=[0, 1.0]");
        assertThat(p.time()).as("unchanged").isZero();
        assertThat(p.clip()).isSameAs(c);
    }
}
