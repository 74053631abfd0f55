package dev.arbor.kernel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A pool of worker threads for the hierarchy's parallel update, its parallel bulk setters and the crowd jobs: the
 * caller's thread and {@code threads - 1} workers, created once (daemon threads named {@code arbor-NAME-N}) and
 * parked between jobs after a spin, so that running a job creates no thread and allocates nothing.
 *
 * <p>A job covers items {@code [0, count)}, cut into chunks of consecutive items that the threads claim one at a
 * time from a shared counter, the caller's thread first. A worker that wakes late (after a park, or on a machine whose
 * other core is busy) claims fewer chunks or none: the caller computes what nobody has claimed, so a late worker
 * never holds the caller up for more than the chunk it is in. Each chunk is computed by the same code whichever thread
 * claims it, with scratch chosen by the thread's index, so which thread computes an item never changes a result.
 *
 * <p>Invariant: between jobs no chunk is held and the pool holds no reference to a job. Not thread-safe: one caller
 * at a time.
 */
public final class Workers {
    /**
     * Spins of a waiting worker before it parks, for the hierarchy's update threads: long enough to span the gap
     * between two updates' jobs on a frame loop, so that a worker is awake when the next update starts.
     */
    public static final int UPDATE_SPIN = 20_000;
    /**
     * Spins of a waiting worker before it parks, for the crowd jobs: few, because a spinning worker takes a core from
     * the caller's thread, which runs the rest of the frame between two crowd jobs (measured on 2 cores: with 20,000
     * spins two threads sampled in 1.2 ms what one thread sampled in 0.44 ms).
     */
    public static final int CROWD_SPIN = 200;
    /** Spins of the caller waiting for the workers' last chunks before it yields its core. */
    private static final int CALLER_SPIN = 20_000;
    /** Chunks per thread when the job does not choose: enough to even out a late start, few enough to cost nothing. */
    public static final int CHUNKS_PER_THREAD = 8;

    /** A job over a range of items. */
    public interface Job {
        /**
         * Computes items {@code [from, to)}.
         *
         * @param thread the claiming thread's index, 0 (the caller's) to {@code threads - 1}: which scratch to use
         * @param from first item
         * @param to end of the range (exclusive)
         */
        void run(int thread, int from, int to);
    }

    private final int threads;
    private final int spin;
    private final Thread[] workers;
    /** The current job's generation (high 32 bits) and its next unclaimed chunk (low 32 bits). */
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

    /**
     * Starts {@code threads - 1} workers.
     *
     * @param threads the caller's thread and the workers, at least 1
     * @param spin spins of a waiting worker before it parks ({@link #UPDATE_SPIN}, {@link #CROWD_SPIN})
     * @param name the workers' name between {@code arbor-} and their number
     */
    public Workers(int threads, int spin, String name) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads=" + threads + " is below 1");
        }
        this.threads = threads;
        this.spin = spin;
        workers = new Thread[threads - 1];
        for (int t = 1; t < threads; t++) {
            int index = t;
            Thread worker = new Thread(() -> loop(index), "arbor-" + name + "-" + t);
            worker.setDaemon(true);
            workers[t - 1] = worker;
            worker.start();
        }
    }

    /** @return the caller's thread and the workers */
    public int threads() {
        return threads;
    }

    /**
     * Runs {@code job} over {@code [0, count)} in {@link #CHUNKS_PER_THREAD} chunks per thread (at most one per item)
     * and waits for every chunk.
     *
     * @param job the job
     * @param count the items
     * @throws RuntimeException a worker's failure, rethrown here once every chunk has ended
     */
    public void run(Job job, int count) {
        run(job, count, Math.min(count, threads * CHUNKS_PER_THREAD));
    }

    /**
     * Runs {@code job} over {@code [0, count)} in {@code chunks} chunks of near-equal size (chunk {@code c} is
     * {@code [count × c / chunks, count × (c + 1) / chunks)}) and waits for every chunk. On one thread, or for one
     * chunk, the caller runs the whole range in one call.
     *
     * @param job the job
     * @param count the items
     * @param chunks the chunks, 1 to {@code count} (or 0 when {@code count} is 0)
     * @throws RuntimeException a worker's failure, rethrown here once every chunk has ended
     */
    public void run(Job job, int count, int chunks) {
        if (threads == 1 || chunks <= 1) {
            job.run(0, 0, count);
            return;
        }
        int g = generation + 1;
        this.job = job;
        this.count = count;
        this.chunks = chunks;
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
            // spin while the workers finish the chunks they hold; then yield, so that on a machine with more runnable
            // threads than cores the caller does not hold a core a worker needs
            for (int spins = 0; done.get() < this.chunks; spins++) {
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
        if (t instanceof Error) {
            throw (Error) t;
        }
        if (t != null) {
            throw new IllegalStateException("a job failed in a worker", t);
        }
    }

    /** Claims chunks of generation {@code g}'s job until none is left (or a newer job has started). */
    private void work(int thread, int g) {
        while (true) {
            long v = next.get();
            if ((int) (v >>> 32) != g) {
                return; // that job is over
            }
            int c = (int) v;
            if (c >= chunks) {
                return;
            }
            if (!next.compareAndSet(v, v + 1)) {
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
                if (++spins < spin) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            seen = g;
            work(index, g);
        }
    }

    /** Stops the workers (they exit at their next wake-up); the pool then must not run jobs. */
    public void shutdown() {
        shutdown = true;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
    }
}
