package dev.arbor.kernel;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The one vector type of the kernels' vector paths, in one place: the machine's preferred float vector, its lane
 * count, the integer vector of the same shape (parent and lane indices), and the lane permutations and masks that
 * more than one kernel uses. Loaded only when {@link VectorSupport#ENABLED}, by the first vector kernel.
 *
 * <p>Every vector method uses this one float type on every JDK: a second float type in the JVM made the Vector API's
 * shared type profiles see two types, and the bulk kernel then compiled an operation to the API's allocating fallback
 * in some JVM runs ({@link VectorSupport}). The kernels import these constants statically; a static final field is
 * a constant to the JIT wherever it is declared, so their compiled code is what it was with the constants in each
 * kernel.
 */
final class VectorLanes {
    /** The float vector type of every vector kernel: the machine's preferred one. */
    static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    /** Floats per vector. */
    static final int LANES = SPECIES.length();
    /** Parent and lane indices, as many lanes as {@link #SPECIES}. */
    static final VectorSpecies<Integer> INDEX_SPECIES = VectorSpecies.of(int.class, SPECIES.vectorShape());

    /** Lane i takes lane i ^ 1, then i ^ 2: two steps that leave each quaternion's sum in its four lanes. */
    static final VectorShuffle<Float> SWAP_PAIRS = VectorShuffle.fromOp(SPECIES, i -> i ^ 1);
    static final VectorShuffle<Float> SWAP_HALVES = VectorShuffle.fromOp(SPECIES, i -> i ^ 2);
    /** With a second vector: the even (odd) lanes of this one, then those of the second. */
    static final VectorShuffle<Float> EVENS =
            VectorShuffle.fromOp(SPECIES, i -> i < LANES / 2 ? 2 * i : 2 * (i - LANES / 2) + LANES);
    static final VectorShuffle<Float> ODDS =
            VectorShuffle.fromOp(SPECIES, i -> i < LANES / 2 ? 2 * i + 1 : 2 * (i - LANES / 2) + 1 + LANES);
    /** Lanes i with i & 1 set, and with i & 2 set: which vector a blend of two takes each lane from. */
    static final VectorMask<Float> ODD_LANES = VectorMask.fromLong(SPECIES, 0xAAAA_AAAA_AAAA_AAAAL);
    static final VectorMask<Float> HIGH_PAIRS = VectorMask.fromLong(SPECIES, 0xCCCC_CCCC_CCCC_CCCCL);

    private VectorLanes() {
    }

    /** @return floats per vector on this machine */
    static int lanes() {
        return LANES;
    }
}
