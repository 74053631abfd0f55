package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class WorkersTest {
    /** Every item of every job is computed exactly once, whatever the thread count and the chunks. */
    @Test
    void everyItemIsComputedOnce() {
        for (int threads = 1; threads <= 3; threads++) {
            Workers workers = new Workers(threads, Workers.CROWD_SPIN, "test");
            try {
                for (int count : new int[] {0, 1, 2, 7, 100, 1001}) {
                    AtomicIntegerArray seen = new AtomicIntegerArray(Math.max(1, count));
                    workers.run((thread, from, to) -> {
                        assertThat(thread).isBetween(0, workers.threads() - 1);
                        for (int i = from; i < to; i++) {
                            seen.incrementAndGet(i);
                        }
                    }, count);
                    for (int i = 0; i < count; i++) {
                        assertThat(seen.get(i)).as("%d threads, %d items, item %d", workers.threads(), count, i)
                                .isEqualTo(1);
                    }
                }
            } finally {
                workers.shutdown();
            }
        }
    }

    /**
     * A worker held up in its first chunk (here: asleep, as a worker whose core another process has taken) holds up
     * only that chunk: the caller claims every chunk nobody has claimed.
     */
    @Test
    void theCallerTakesTheChunksOfALateWorker() {
        Workers workers = new Workers(2, Workers.CROWD_SPIN, "test");
        try {
            int chunks = 16;
            AtomicIntegerArray byThread = new AtomicIntegerArray(2);
            workers.run((thread, from, to) -> {
                byThread.incrementAndGet(thread);
                if (thread == 1) {
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }, chunks, chunks);
            assertThat(byThread.get(0) + byThread.get(1)).isEqualTo(chunks);
            assertThat(byThread.get(1)).as("chunks the sleeping worker took").isLessThanOrEqualTo(1);
            assertThat(byThread.get(0)).isGreaterThanOrEqualTo(chunks - 1);
        } finally {
            workers.shutdown();
        }
    }

    @Test
    void aWorkersFailureIsRethrownToTheCallerAfterEveryChunkEnded() {
        Workers workers = new Workers(2, Workers.UPDATE_SPIN, "test");
        try {
            AtomicIntegerArray done = new AtomicIntegerArray(1);
            assertThatThrownBy(() -> workers.run((thread, from, to) -> {
                done.incrementAndGet(0);
                if (from == 5) {
                    throw new IllegalStateException("chunk at 5");
                }
            }, 10, 10)).isInstanceOf(IllegalStateException.class).hasMessage("chunk at 5");
            assertThat(done.get(0)).isEqualTo(10);
            // the pool still runs jobs afterwards
            AtomicIntegerArray seen = new AtomicIntegerArray(1);
            workers.run((thread, from, to) -> seen.addAndGet(0, to - from), 40);
            assertThat(seen.get(0)).isEqualTo(40);
        } finally {
            workers.shutdown();
        }
    }

    @Test
    void aPoolOfNoThreadIsRefused() {
        assertThatThrownBy(() -> new Workers(0, Workers.CROWD_SPIN, "test"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("threads=0 is below 1");
    }
}
