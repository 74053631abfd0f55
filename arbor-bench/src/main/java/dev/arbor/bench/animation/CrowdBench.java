package dev.arbor.bench.animation;

import dev.arbor.bench.workloads.ForkOptions;
import dev.arbor.hierarchy.Kernels;
import java.nio.FloatBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Animated crowds: {@link Crowd}s of CesiumMan or RiggedFigure instances, each at its own time, posed per frame by
 * each implementation ({@link CrowdSystem}):
 * {@code arbor} (the crowd path: {@link ArborCrowd}, {@code threads} threads, the whole frame in one
 * {@code CrowdAnimator.frame} call), {@code arbor-calls} (the same with the frame's three phases as separate calls),
 * {@code arbor-folded} (the same with channels constant within 1e-6 folded), {@code arbor-pose} (the per-instance
 * API, {@link ArborPoseCrowd}), {@code jme} (jMonkeyEngine 3.9's
 * {@code AnimComposer}, {@code SkinningControl} and {@code Armature} on the same {@code .glb} through its own glTF
 * loader, headless), {@code jme-arbor} (the same jME models animated through the {@code arbor-jme} bridge: one
 * {@code ArborCrowdState} frame, then jME's skinning controls and matrices read from Arbor's palettes,
 * {@link JmeArborCrowd}; not for blend crowds) and {@code joml-tree} (a JOML object tree with a straightforward
 * sampler).
 *
 * <p>Benchmarks, one frame each (the clock advances 1/60 s per call): {@link #frame} = sample + apply, hierarchy
 * update, skinning palettes into one direct buffer; {@link #sample} = sample + apply alone; {@link #sampleAndHierarchy}
 * = the first two phases; {@link #palettes} = the palettes alone (of an up-to-date crowd). The hierarchy phase is
 * {@code sampleAndHierarchy - sample}: alone it would find nothing changed in Arbor and jME. Scores are ns per frame;
 * divide by instances × joints (printed by each fork as {@code # crowd: …}) for ns per joint.
 *
 * <p>Before timing, each fork checks its implementation against Arbor ({@link CrowdCheck}): every palette entry of
 * every instance on two frames within {@link CrowdCheck#tolerance}; a fork that fails stops.
 *
 * <p>libGDX is not among the implementations: its core ({@code com.badlogicgames.gdx:gdx}) reads models only in its
 * own G3D formats ({@code .g3dj}/{@code .g3db}, made by the separate fbx-conv tool), and the glTF loader for libGDX
 * ({@code gdx-gltf}, by mgsx-dev) is not published on Maven Central, so the same {@code .glb} cannot be loaded
 * through libGDX with the artifacts the build may use. Building libGDX's {@code Model}, {@code Node},
 * {@code Animation} and {@code NodeAnimation} objects by hand from the glTF data would work headless (none needs a
 * GL context) but measures a hand conversion, not libGDX's loading, and its {@code AnimationController}
 * extrapolates before a clip's first key (CesiumMan's keys start at 0.0417 s) where glTF holds the first value.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class CrowdBench {
    /** The implementation under test, built and checked alone in this fork, and its palette buffer. */
    @State(Scope.Benchmark)
    public static class Subject {
        /** Crowd id ({@link Crowd#of}). */
        @Param({"cesium-1000", "cesium-10000", "rigged-1000", "cesium-blend-1000"})
        public String crowd;
        /** Implementation id ({@link CrowdSystem#byId}). */
        @Param({"arbor", "arbor-calls", "arbor-folded", "arbor-pose", "jme", "jme-arbor", "joml-tree"})
        public String impl;
        /** Threads of the frame, for the implementations that have the setting (Arbor's crowd path). */
        @Param({"1"})
        public int threads;
        CrowdSystem system;
        FloatBuffer palettes;
        float clock;

        /**
         * Waits for Arbor's vector kernel (so that no measured iteration runs before it, or beside its warm-up thread),
         * builds the implementation, checks it against Arbor and reports the crowd's size.
         */
        @Setup(Level.Trial)
        public void setUp() {
            Kernels.warmUp();
            ForkOptions.announceKernel();
            Crowd c = Crowd.of(crowd);
            system = CrowdSystem.byId(impl);
            system.setThreads(threads);
            system.build(c);
            if (!impl.equals("arbor")) {
                CrowdSystem arbor = CrowdSystem.byId("arbor");
                arbor.build(c);
                CrowdCheck.Result result = CrowdCheck.compare(c, arbor, system);
                System.err.println("# check against arbor: " + result);
                if (result.error() > CrowdCheck.tolerance(impl)) {
                    throw new IllegalStateException(impl + " does not compute the same crowd: " + result);
                }
            }
            palettes = CrowdCheck.paletteBuffer(c.count(), c.joints());
            System.err.println("# crowd: " + c + "; " + c.count() * c.joints() + " joints per frame");
        }

        float nextFrame() {
            clock = clock > 1000 ? 0 : clock + Crowd.FRAME; // keep the clock's float resolution fine
            return clock;
        }
    }

    /**
     * The whole frame.
     *
     * @param s the subject
     * @return a palette value, consumed by JMH
     */
    @Benchmark
    public float frame(Subject s) {
        s.system.frame(s.nextFrame(), s.palettes);
        return s.palettes.get(0);
    }

    /**
     * Sample and apply every instance's pose.
     *
     * @param s the subject
     * @return the clock, consumed by JMH
     */
    @Benchmark
    public float sample(Subject s) {
        float clock = s.nextFrame();
        s.system.sample(clock);
        return clock;
    }

    /**
     * Sample and apply, then bring the hierarchy up to date.
     *
     * @param s the subject
     * @return the clock, consumed by JMH
     */
    @Benchmark
    public float sampleAndHierarchy(Subject s) {
        float clock = s.nextFrame();
        s.system.sample(clock);
        s.system.hierarchy();
        return clock;
    }

    /**
     * Every skinning palette into the buffer.
     *
     * @param s the subject
     * @return a palette value, consumed by JMH
     */
    @Benchmark
    public float palettes(Subject s) {
        s.system.palettes(s.palettes);
        return s.palettes.get(0);
    }
}
