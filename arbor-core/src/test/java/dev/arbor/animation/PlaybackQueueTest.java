package dev.arbor.animation;

import static dev.arbor.animation.PlaybackTest.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Playback's queue and its loop and end notifications, against counts of the wraps and ends passed. */
class PlaybackQueueTest {
    /** A clip of one translation channel from 0 to {@code end} seconds, x going from 0 to {@code x}. */
    private static AnimationClip clip(String name, float end, float x) {
        return AnimationClip.builder(name)
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, end},
                        new float[] {0, 0, 0, x, 0, 0})
                .build();
    }

    @Test
    void aClampClipReportsItsEndOnceAndAgainOnlyAfterLeavingIt() {
        AnimationClip wave = clip("wave", 2, 10);
        Playback p = new Playback(wave, PlaybackMode.CLAMP);
        FiredEvents fired = new FiredEvents();
        p.advance(1.5f, fired);
        assertThat(fired.size()).isZero();
        assertThat(p.ended()).isFalse();
        p.advance(0.5f, fired); // exactly onto the end
        assertThat(names(fired)).containsExactly("END wave");
        assertThat(p.ended()).isTrue();
        fired.clear();
        for (int k = 0; k < 5; k++) {
            p.advance(1, fired);
        }
        assertThat(fired.size()).as("holding at the end reports nothing more").isZero();
        p.speed(-1).advance(0.5f, fired);
        assertThat(p.ended()).isFalse();
        p.advance(3, fired);
        assertThat(names(fired)).as("backwards, 0 is the end it plays towards").containsExactly("END wave");
        // a clip of no length ends on its first advance
        AnimationClip still = AnimationClip.builder("still").addChannel(0, TargetPath.TRANSLATION,
                Interpolation.STEP, new float[] {0}, new float[] {1, 2, 3}).build();
        fired.clear();
        new Playback(still, PlaybackMode.CLAMP).advance(0, fired);
        assertThat(names(fired)).containsExactly("END still");
    }

    @Test
    void oneAdvanceAcrossSeveralTurnsReportsOneLoopWithTheirCount() {
        AnimationClip walk = clip("walk", 2, 10);
        FiredEvents fired = new FiredEvents();
        Playback loop = new Playback(walk, PlaybackMode.LOOP);
        loop.advance(7.5f, fired); // 0 → 7.5: wraps at 2, 4, 6
        assertThat(names(fired)).containsExactly("LOOP×3 walk");
        fired.clear();
        loop.advance(0.5f, fired); // onto 8: time 0 again, a wrap
        assertThat(names(fired)).containsExactly("LOOP×1 walk");
        fired.clear();
        loop.advance(1.5f, fired);
        assertThat(fired.size()).isZero();
        Playback bounce = new Playback(walk, PlaybackMode.PING_PONG);
        bounce.advance(5, fired); // turns at 2 and 4
        assertThat(names(fired)).containsExactly("LOOP×2 walk");
        assertThat(bounce.time()).isEqualTo(1f);
    }

    @Test
    void loopCountsAddUpToTheTurnsPassedWhateverTheSteps() {
        Random random = new Random(44);
        for (PlaybackMode mode : new PlaybackMode[] {PlaybackMode.LOOP, PlaybackMode.PING_PONG}) {
            for (int round = 0; round < 40; round++) {
                float end = (1 + random.nextInt(32)) / 8f;
                AnimationClip c = clip("c", end, 1);
                Playback p = new Playback(c, mode);
                FiredEvents fired = new FiredEvents();
                double position = 0;
                long expected = 0;
                long reported = 0;
                for (int step = 0; step < 200; step++) {
                    if (random.nextInt(10) == 0) {
                        p.speed(-p.speed());
                    }
                    float dt = random.nextInt(40) / 8f;
                    double to = position + p.speed() * dt;
                    // the multiples of the length reached going forwards, left going backwards
                    expected += to >= position ? (long) (Math.floor(to / end) - Math.floor(position / end))
                            : (long) (Math.floor(position / end) - Math.floor(to / end));
                    fired.clear();
                    p.advance(dt, fired);
                    int loops = 0;
                    for (int k = 0; k < fired.size(); k++) {
                        assertThat(fired.kind(k)).isEqualTo(FiredEvents.Kind.LOOP);
                        reported += fired.loops(k);
                        loops++;
                    }
                    assertThat(loops).as("at most one loop entry per advance").isLessThanOrEqualTo(1);
                    position = to;
                }
                assertThat(reported).as("%s, round %d", mode, round).isEqualTo(expected);
            }
        }
    }

    @Test
    void aQueuedClipStartsWhenTheLoopEndsItsTurnAndPlaysTheRestOfTheAdvance() {
        AnimationClip walk = clip("walk", 2, 10);
        AnimationClip wave = clip("wave", 1, 50);
        AnimationEvents walkMarks = AnimationEvents.builder(walk).add("start", 0).add("end", 2).build();
        AnimationEvents waveMarks = AnimationEvents.builder(wave).add("up", 0.25f).build();
        FiredEvents fired = new FiredEvents();
        Playback p = new Playback(walk, PlaybackMode.LOOP).play(walk, walkMarks, PlaybackMode.LOOP);
        p.advance(1.5f, fired);
        p.queue(wave, waveMarks, PlaybackMode.CLAMP, 0);
        assertThat(p.queued()).isEqualTo(1);
        fired.clear();
        p.advance(0.75f, fired); // walk 1.5 → 2 (its end), wave 0 → 0.25
        assertThat(names(fired)).as("the walk's end marker, its end (not a loop, not its start again), the wave's")
                .containsExactly("end", "END walk", "up");
        assertThat(p.clip()).isSameAs(wave);
        assertThat(p.time()).isEqualTo(0.25f);
        assertThat(p.queued()).isZero();
        assertThat(p.fading()).isFalse();
        fired.clear();
        p.advance(1, fired);
        assertThat(names(fired)).containsExactly("END wave");
        assertThat(p.ended()).isTrue();
    }

    @Test
    void aQueuedCrossFadeStartsAtTheEndAndRunsOverItsDuration() {
        AnimationClip wave = clip("wave", 1, 10);
        AnimationClip idle = AnimationClip.builder("idle").addChannel(0, TargetPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0, 4}, new float[] {100, 0, 0, 100, 0, 0}).build();
        Playback p = new Playback(wave, PlaybackMode.CLAMP);
        p.queue(idle, AnimationEvents.NONE, PlaybackMode.LOOP, 0.5f);
        FiredEvents fired = new FiredEvents();
        p.advance(1.25f, fired); // wave ends at 1; the fade has run 0.25 of 0.5
        assertThat(names(fired)).containsExactly("END wave");
        assertThat(p.clip()).isSameAs(idle);
        assertThat(p.fading()).isTrue();
        assertThat(p.weight()).isEqualTo(0.5f);
        Pose rest = new Pose(1);
        Pose pose = new Pose(1);
        Pose scratch = new Pose(1);
        p.sample(rest, pose, scratch);
        // the wave holds its last pose (x = 10) while it fades out; idle at 100
        assertThat(pose.translation(0, new float[3], 0)[0]).isCloseTo(55f, offset(1e-4f));
        fired.clear();
        p.advance(0.25f, fired);
        assertThat(p.fading()).isFalse();
        assertThat(fired.size()).as("the wave, held at its end, does not end again").isZero();
    }

    @Test
    void aLoopCutByAQueuedFadeFiresTheMarkersOfItsNextTurnOnceAsItPlaysOn() {
        AnimationClip walk = clip("walk", 1, 10);
        AnimationClip idle = clip("idle", 4, 1);
        AnimationEvents marks = AnimationEvents.builder(walk).add("start", 0).add("mid", 0.5f).add("end", 1).build();
        Playback p = new Playback(walk, PlaybackMode.LOOP).play(walk, marks, PlaybackMode.LOOP);
        FiredEvents fired = new FiredEvents();
        p.advance(0.75f, fired);
        assertThat(names(fired)).containsExactly("start", "mid");
        p.queue(idle, AnimationEvents.NONE, PlaybackMode.LOOP, 0.8f);
        fired.clear();
        // the walk to its end (its end marker, not the next turn's start), then fading out over the next turn
        p.advance(0.5f, fired);
        assertThat(names(fired)).containsExactly("end", "END walk", "start");
        fired.clear();
        p.advance(0.5f, fired);
        assertThat(names(fired)).containsExactly("mid");
        assertThat(p.fading()).isTrue();
        fired.clear();
        p.advance(0.25f, fired); // the fade ends in this advance, which the walk plays to its wrap at 2 s
        assertThat(names(fired)).containsExactly("end", "start", "LOOP×1 walk");
        assertThat(p.fading()).isFalse();
        fired.clear();
        p.advance(2, fired);
        assertThat(fired.size()).as("the walk no longer plays; the idle's 4 s turn goes on").isZero();
    }

    @Test
    void aClipQueuedAfterAClampClipHasEndedStartsOnTheNextAdvanceWithoutASecondEnd() {
        AnimationClip wave = clip("wave", 1, 10);
        AnimationClip idle = clip("idle", 2, 1);
        Playback p = new Playback(wave, PlaybackMode.CLAMP);
        FiredEvents fired = new FiredEvents();
        p.advance(3, fired);
        assertThat(names(fired)).containsExactly("END wave");
        fired.clear();
        p.queue(idle, AnimationEvents.NONE, PlaybackMode.CLAMP, 0);
        p.advance(0.5f, fired);
        assertThat(fired.size()).as("the wave ended before; the idle plays the whole advance").isZero();
        assertThat(p.clip()).isSameAs(idle);
        assertThat(p.time()).isEqualTo(0.5f);
        // play() leaves the queue: a clip queued now waits for the one played
        p.queue(wave, AnimationEvents.NONE, PlaybackMode.CLAMP, 0).play(idle, AnimationEvents.NONE,
                PlaybackMode.CLAMP);
        assertThat(p.queued()).isEqualTo(1);
        p.advance(2.5f, fired); // the idle's 2 s, then half the wave
        assertThat(names(fired)).containsExactly("END idle");
        assertThat(p.clip()).isSameAs(wave);
        assertThat(p.time()).isEqualTo(0.5f);
    }

    @Test
    void oneAdvanceMayPassThroughSeveralShortQueuedClipsInOrder() {
        AnimationClip first = clip("first", 0.5f, 1);
        Playback p = new Playback(first, PlaybackMode.CLAMP);
        for (int k = 0; k < 6; k++) { // more than the queue's first capacity
            p.queue(clip("q" + k, 0.25f, 1), AnimationEvents.NONE, PlaybackMode.CLAMP, 0);
        }
        FiredEvents fired = new FiredEvents();
        p.advance(1.125f, fired); // first ends at 0.5, q0 at 0.75, q1 at 1.0; q2 at 0.125
        assertThat(names(fired)).containsExactly("END first", "END q0", "END q1");
        assertThat(p.clip().name()).isEqualTo("q2");
        assertThat(p.time()).isEqualTo(0.125f);
        assertThat(p.queued()).isEqualTo(3);
        fired.clear();
        p.advance(10, fired);
        assertThat(names(fired)).containsExactly("END q2", "END q3", "END q4", "END q5");
        assertThat(p.queued()).isZero();
        assertThat(p.ended()).isTrue();
    }

    @Test
    void aLoopCutAtItsEndBackwardsEndsAtTimeZeroAndTheQueueWaitsWhileTheSpeedIsZero() {
        AnimationClip walk = clip("walk", 2, 10);
        AnimationEvents marks = AnimationEvents.builder(walk).add("start", 0).add("end", 2).build();
        Playback p = new Playback(walk, PlaybackMode.LOOP).play(walk, marks, PlaybackMode.LOOP);
        FiredEvents fired = new FiredEvents();
        p.seek(1).advance(0, fired);
        p.queue(clip("next", 1, 1), AnimationEvents.NONE, PlaybackMode.CLAMP, 0);
        p.speed(0).advance(100, fired);
        assertThat(p.clip()).isSameAs(walk);
        fired.clear();
        p.speed(-1).advance(1.5f, fired); // 1 → 0: the walk's start, its end; next from 0 at speed −1: ends at once
        assertThat(names(fired)).containsExactly("start", "END walk", "END next");
        assertThat(p.speed()).isEqualTo(-1f);
    }

    @Test
    void queuedClipsEndOnTheAdvanceThatReachesTheirScheduleWhateverTheSteps() {
        Random random = new Random(4402);
        for (int round = 0; round < 100; round++) {
            int count = 2 + random.nextInt(5);
            AnimationClip[] clips = new AnimationClip[count];
            PlaybackMode[] modes = new PlaybackMode[count];
            double[] starts = new double[count + 1];
            for (int k = 0; k < count; k++) {
                // lengths and steps in sixteenths of a second: every sum exact in float and double
                clips[k] = clip("c" + k, (1 + random.nextInt(32)) / 16f, 1);
                modes[k] = random.nextBoolean() ? PlaybackMode.LOOP : PlaybackMode.CLAMP;
                // queued before it starts, a loop plays one turn; a clamp clip its length
                starts[k + 1] = starts[k] + clips[k].endTime();
            }
            Playback p = new Playback(clips[0], modes[0]);
            for (int k = 1; k < count; k++) {
                p.queue(clips[k], AnimationEvents.NONE, modes[k], 0);
            }
            FiredEvents fired = new FiredEvents();
            double now = 0;
            int ended = 0;
            for (int step = 0; step < 60; step++) {
                float dt = random.nextInt(24) / 16f;
                double next = now + dt;
                fired.clear();
                p.advance(dt, fired);
                for (int k = 0; k < fired.size(); k++) {
                    if (fired.kind(k) != FiredEvents.Kind.END) {
                        continue;
                    }
                    assertThat(ended).as("round %d: more ends than clips", round).isLessThan(count);
                    assertThat(fired.clip(k)).as("round %d step %d", round, step).isSameAs(clips[ended]);
                    assertThat(starts[ended + 1]).as("round %d: clip %d ends in this advance", round, ended)
                            .isGreaterThan(ended == 0 && now == 0 ? -1 : now).isLessThanOrEqualTo(next);
                    ended++;
                }
                // every clip whose scheduled end has come has ended (the last one only if it clamps)
                int due = 0;
                while (due < count - 1 && starts[due + 1] <= next) {
                    due++;
                }
                if (due == count - 1 && modes[count - 1] == PlaybackMode.CLAMP && starts[count] <= next) {
                    due = count;
                }
                assertThat(ended).as("round %d step %d", round, step).isEqualTo(due);
                int playing = Math.min(due, count - 1);
                assertThat(p.clip()).isSameAs(clips[playing]);
                double expectedTime = Math.min(next - starts[playing], modes[playing] == PlaybackMode.CLAMP
                        ? clips[playing].endTime() : Double.MAX_VALUE);
                if (modes[playing] == PlaybackMode.LOOP) {
                    expectedTime = expectedTime % clips[playing].endTime();
                }
                assertThat((double) p.time()).as("round %d step %d", round, step).isEqualTo(expectedTime);
                now = next;
            }
        }
    }

    @Test
    void clearQueueKeepsTheClipPlayingNowAndBadInputIsRefusedWithNothingQueued() {
        AnimationClip walk = clip("walk", 2, 10);
        Playback p = new Playback(walk, PlaybackMode.LOOP);
        assertThatThrownBy(() -> p.queue(walk, AnimationEvents.NONE, PlaybackMode.LOOP, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("queued fade out of range: fadeSeconds=-1.0, allowed=[0, ∞)");
        assertThatThrownBy(() -> p.queue(walk, AnimationEvents.NONE, PlaybackMode.LOOP, Float.NaN))
                .isInstanceOf(IllegalArgumentException.class);
        AnimationEvents tooLate = AnimationEvents.builder(clip("long", 5, 1)).add("late", 4).build();
        assertThatThrownBy(() -> p.queue(walk, tooLate, PlaybackMode.LOOP, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("late at time=4.0");
        assertThat(p.queued()).isZero();
        p.queue(walk, AnimationEvents.NONE, PlaybackMode.CLAMP, 0).clearQueue();
        FiredEvents fired = new FiredEvents();
        p.advance(3, fired);
        assertThat(names(fired)).containsExactly("LOOP×1 walk");
        assertThatThrownBy(() -> fired.name(0)).isInstanceOf(IllegalStateException.class)
                .hasMessage("fired entry is not a marker: k=0, kind=LOOP");
        assertThatThrownBy(() -> fired.loops(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void advancingThroughQueuedClipsAllocatesNothingOnceWarm() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.assertj.core.api.Assumptions.assumeThat(bean).isInstanceOf(com.sun.management.ThreadMXBean.class);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        long thread = Thread.currentThread().getId();
        AnimationClip walk = clip("walk", 1, 10);
        AnimationClip wave = clip("wave", 0.5f, 10);
        AnimationEvents marks = AnimationEvents.builder(walk).add("step", 0.5f).build();
        Playback p = new Playback(walk, PlaybackMode.LOOP).play(walk, marks, PlaybackMode.LOOP);
        FiredEvents fired = new FiredEvents();
        Pose rest = new Pose(1);
        Pose pose = new Pose(1);
        Pose scratch = new Pose(1);
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 25 && least > 0; window++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int frame = 0; frame < 2000; frame++) {
                if (p.queued() == 0) {
                    p.queue(frame % 2 == 0 ? wave : walk, frame % 2 == 0 ? AnimationEvents.NONE : marks,
                            frame % 3 == 0 ? PlaybackMode.CLAMP : PlaybackMode.LOOP, frame % 4 == 0 ? 0 : 0.2f);
                }
                p.advance(1 / 30f, fired);
                p.sample(rest, pose, scratch);
                fired.clear();
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(thread) - before);
        }
        assertThat(least).as("bytes allocated by 2,000 frames (least of up to 25 windows)").isZero();
    }
}
