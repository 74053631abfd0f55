package dev.arbor.bench.peers;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/** Runs test code on a thread with a large stack: the recursive peers recurse once per level of chain-10k. */
public final class BigStack {
    private static final long STACK_BYTES = 512L << 20;

    private BigStack() {
    }

    /**
     * Runs {@code task} on a new thread with a 512 MiB stack and returns its result.
     *
     * @param task the code
     * @param <T> result type
     * @return what the task returned
     * @throws Exception whatever the task threw
     */
    public static <T> T call(Callable<T> task) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            try {
                result.set(task.call());
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "big-stack", STACK_BYTES);
        thread.start();
        thread.join();
        Throwable t = failure.get();
        if (t instanceof Exception) {
            throw (Exception) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        return result.get();
    }
}
