package dev.arbor.animation;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The worker threads of a {@link CrowdAnimator}: created once (daemon, named {@code arbor-crowd-N}), parked between
 * jobs after a short spin, so that a frame creates no thread and allocates nothing. A job is split into fixed ranges,
 * one per thread, the caller taking the first: thread {@code t} of {@code n} takes items
 * {@code [count × t / n, count × (t + 1) / n)}, so which thread computes an item never changes what is computed.
 */
final class CrowdThreads {
    /**
     * Spins of a waiting worker before it parks: few, because a spinning worker takes a core (or a hyperthread's
     * share of one) from the caller's thread, which runs the rest of the frame between two crowd jobs (measured on
     * 2 cores: with 20,000 spins two threads sampled in 1.2 ms what one thread sampled in 0.44 ms).
     */
    private static final int SPIN = 200;
    /** Spins of the caller waiting for the workers before it yields. */
    private static final int CALLER_SPIN = 20_000;

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
    private final AtomicInteger pending = new AtomicInteger();
    private volatile int generation;
    private volatile boolean shutdown;
    private volatile Throwable failure;
    // the current job, written before generation is bumped (the volatile write publishes them)
    private Job job;
    private int count;

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
        if (threads == 1) {
            job.run(0, 0, count);
            return;
        }
        this.job = job;
        this.count = count;
        failure = null;
        pending.set(threads - 1);
        generation = generation + 1;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
        try {
            job.run(0, 0, (int) ((long) count / threads));
        } finally {
            // spin while the workers are likely running; then yield, so that on a machine with more runnable threads
            // than cores the caller does not hold a core a worker is waiting for
            for (int spins = 0; pending.get() != 0; spins++) {
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
            try {
                long n = count;
                job.run(index, (int) (n * index / threads), (int) (n * (index + 1) / threads));
            } catch (Throwable e) {
                failure = e;
            } finally {
                pending.decrementAndGet();
            }
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
