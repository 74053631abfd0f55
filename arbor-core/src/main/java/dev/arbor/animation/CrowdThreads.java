package dev.arbor.animation;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The worker threads of a {@link CrowdAnimator}: created once (daemon, named {@code arbor-crowd-N}), parked between
 * jobs after a short spin, so that a frame creates no thread and allocates nothing. A job's items are cut into
 * chunks of consecutive items ({@link #CHUNKS_PER_THREAD} per thread) that the threads take in turn, the caller
 * first: a worker that wakes late (after a park, or on a machine whose other core is busy) takes fewer chunks
 * instead of holding the caller up for a fixed share. Each item is computed by the same code whichever thread takes
 * it, with that thread's scratch, so which thread computes an item never changes what is computed.
 */
final class CrowdThreads {
    /**
     * Spins of a waiting worker before it parks: few, because a spinning worker takes a core (or a hyperthread's
     * share of one) from the caller's thread, which runs the rest of the frame between two crowd jobs (measured on
     * 2 cores: with 20,000 spins two threads sampled in 1.2 ms what one thread sampled in 0.44 ms; spinning for
     * 50 µs, to span the hierarchy's update between two jobs, made a loaded machine's frame slower too).
     */
    private static final int SPIN = 200;
    /** Spins of the caller waiting for the workers' last chunks before it yields. */
    private static final int CALLER_SPIN = 20_000;
    /** Chunks per thread: enough to even out a late start, few enough that taking one costs nothing. */
    static final int CHUNKS_PER_THREAD = 8;

    /** A job over a range of items. */
    interface Job {
        /**
         * @param thread the thread's index, 0 (the caller's) to threads - 1: which of its scratch to use
         * @param from first item
         * @param to end of the range (exclusive)
         */
        void run(int thread, int from, int to);
    }

    final int threads;
    private final Thread[] workers;
    /** The current job's generation (high 32 bits) and its next chunk (low 32 bits). */
    private final AtomicLong next = new AtomicLong();
    /** Chunks of the current job finished (or failed). */
    private final AtomicInteger done = new AtomicInteger();
    private volatile int generation;
    private volatile boolean shutdown;
    private volatile Throwable failure;
    // the current job, written before generation is bumped (the volatile write publishes them); a worker reads them
    // only while it holds a chunk of that job, and the caller starts no other job before every chunk is done
    private Job job;
    private int count;
    private int chunks;

    CrowdThreads(int threads) {
        this.threads = threads;
        workers = new Thread[threads - 1];
        for (int t = 1; t < threads; t++) {
            int index = t;
            Thread worker = new Thread(() -> loop(index), "arbor-crowd-" + t);
            worker.setDaemon(true);
            workers[t - 1] = worker;
            worker.start();
        }
    }

    /** Runs {@code job} over {@code [0, count)} on all threads and waits; a worker's failure is rethrown here. */
    void run(Job job, int count) {
        if (threads == 1 || count <= 1) {
            job.run(0, 0, count);
            return;
        }
        int g = generation + 1;
        this.job = job;
        this.count = count;
        this.chunks = Math.min(count, threads * CHUNKS_PER_THREAD);
        failure = null;
        done.set(0);
        next.set((long) g << 32);
        generation = g;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
        try {
            work(0, g);
        } finally {
            // spin while the workers finish their last chunks; then yield, so that on a machine with more runnable
            // threads than cores the caller does not hold a core a worker is waiting for
            for (int spins = 0; done.get() < chunks; spins++) {
                if (spins < CALLER_SPIN) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
            this.job = null;
        }
        Throwable t = failure;
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t != null) {
            throw new IllegalStateException("crowd job failed in a worker", t);
        }
    }

    /** Takes chunks of generation {@code g}'s job until none is left (or a newer job has started). */
    private void work(int thread, int g) {
        while (true) {
            long v = next.get();
            if ((int) (v >>> 32) != g) {
                return; // that job is over
            }
            int c = (int) v;
            if (c >= chunks || !next.compareAndSet(v, v + 1)) {
                if (c >= chunks) {
                    return;
                }
                continue;
            }
            // holding chunk c of job g: its fields stay until every chunk is done
            try {
                long n = count;
                job.run(thread, (int) (n * c / chunks), (int) (n * (c + 1) / chunks));
            } catch (Throwable e) {
                failure = e;
            } finally {
                done.incrementAndGet();
            }
        }
    }

    private void loop(int index) {
        int seen = 0;
        while (true) {
            int spins = 0;
            int g;
            while ((g = generation) == seen) {
                if (shutdown) {
                    return;
                }
                if (++spins < SPIN) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            seen = g;
            work(index, g);
        }
    }

    /** Stops the workers (they exit at their next wake-up). */
    void shutdown() {
        shutdown = true;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
    }
}
