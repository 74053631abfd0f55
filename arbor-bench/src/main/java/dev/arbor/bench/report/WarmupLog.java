package dev.arbor.bench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's progress output, passed on to another {@link OutputFormat}, that also keeps the warm-up iterations' scores:
 * a {@link RunResult} holds only the measured iterations, while every iteration's result, warm-up included, reaches
 * the host's output format (from the forks too).
 */
public final class WarmupLog implements OutputFormat {
    private final OutputFormat delegate;
    /** Per benchmark and parameters ({@link BenchmarkParams#id()}): each fork's warm-up scores, in order. */
    private final Map<String, List<List<Double>>> warmups = new HashMap<>();

    /** @param delegate where the progress goes */
    public WarmupLog(OutputFormat delegate) {
        this.delegate = delegate;
    }

    /**
     * @param run a result of a run this log watched
     * @return the run's forks with their warm-up and measured scores, in the benchmark's time unit
     */
    public List<Stability.Fork> forks(RunResult run) {
        List<List<Double>> warm = warmups.getOrDefault(run.getParams().id(), List.of());
        List<Stability.Fork> forks = new ArrayList<>();
        int f = 0;
        Collection<BenchmarkResult> measured = run.getBenchmarkResults();
        // warm-up forks (if any) come first and have no BenchmarkResult: align the last ones
        int skip = Math.max(0, warm.size() - measured.size());
        for (BenchmarkResult fork : measured) {
            int w = skip + f++;
            double[] warmup = w < warm.size() ? scores(warm.get(w)) : new double[0];
            forks.add(new Stability.Fork(warmup, fork.getIterationResults().stream()
                    .mapToDouble(i -> i.getPrimaryResult().getScore()).toArray()));
        }
        return forks;
    }

    private static double[] scores(List<Double> list) {
        return list.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration,
                                IterationResult data) {
        if (params.getType() == IterationType.WARMUP) {
            List<List<Double>> forks = warmups.computeIfAbsent(benchParams.id(), k -> new ArrayList<>());
            if (iteration == 1 || forks.isEmpty()) {
                forks.add(new ArrayList<>());
            }
            forks.get(forks.size() - 1).add(data.getPrimaryResult().getScore());
        }
        delegate.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        delegate.iteration(benchParams, params, iteration);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        delegate.startBenchmark(benchParams);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        delegate.endBenchmark(result);
    }

    @Override
    public void startRun() {
        delegate.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        delegate.endRun(result);
    }

    @Override
    public void print(String s) {
        delegate.print(s);
    }

    @Override
    public void println(String s) {
        delegate.println(s);
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public void verbosePrintln(String s) {
        delegate.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        delegate.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        delegate.write(b);
    }
}
