/**
 * Arbor's core: the packed transform hierarchy ({@code dev.arbor.hierarchy}), clips, poses, skeletons and skinning
 * palettes ({@code dev.arbor.animation}), boxes and frustums ({@code dev.arbor.bounds}) and affine matrix arithmetic
 * on flat arrays ({@code dev.arbor.math}). The kernels ({@code dev.arbor.kernel}) and the crowd jobs' access to the
 * hierarchy ({@code dev.arbor.internal}) are internal and not exported.
 *
 * <p>The vector kernel needs the incubating Vector API: it is used when the JVM is started with
 * {@code --add-modules jdk.incubator.vector}; without it the scalar kernel runs, with the same results.
 */
module dev.arbor.core {
    requires transitive org.joml;
    requires static jdk.incubator.vector;
    requires static jdk.management;

    exports dev.arbor.hierarchy;
    exports dev.arbor.animation;
    exports dev.arbor.bounds;
    exports dev.arbor.math;
}
