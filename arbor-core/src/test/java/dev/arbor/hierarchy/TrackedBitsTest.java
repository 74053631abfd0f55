package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bit set with its tracked word range, against {@link BitSet} on random operations. */
class TrackedBitsTest {
    @Test
    void setsAndRangesAgreeWithABitSetAndKeepTheRangeAroundEverySetBit() {
        Random random = new Random(20261126L);
        for (int round = 0; round < 200; round++) {
            int capacity = 1 + random.nextInt(700);
            TrackedBits bits = new TrackedBits(capacity);
            BitSet expected = new BitSet();
            for (int op = 0; op < 50; op++) {
                int from = random.nextInt(capacity);
                switch (random.nextInt(3)) {
                    case 0 -> {
                        bits.set(from);
                        expected.set(from);
                    }
                    case 1 -> {
                        int to = from + 1 + random.nextInt(capacity - from);
                        boolean anyClear = expected.get(from, to).cardinality() < to - from;
                        assertThat(bits.setRange(from, to)).as("setRange(%d, %d) reports a clear bit", from, to)
                                .isEqualTo(anyClear);
                        expected.set(from, to);
                    }
                    default -> {
                        bits.clear(from);
                        expected.clear(from);
                    }
                }
                bits.checkInvariants("test");
            }
            for (int i = 0; i < capacity; i++) {
                assertThat(bits.get(i)).as("bit %d", i).isEqualTo(expected.get(i));
            }
            assertThat(bits.count()).isEqualTo(expected.cardinality());
            if (!expected.isEmpty()) {
                assertThat(bits.loWord).isLessThanOrEqualTo(expected.nextSetBit(0) >>> 6);
                assertThat(bits.hiWord).isGreaterThan((expected.length() - 1) >>> 6);
            }
            bits.clearAll();
            assertThat(bits.isEmpty()).isTrue();
            assertThat(bits.words).containsOnly(0L);
        }
    }

    @Test
    void aBitOutsideTheRangeBreaksTheInvariant() {
        TrackedBits bits = new TrackedBits(256);
        bits.set(70);
        assertThat(bits.loWord).isEqualTo(1);
        assertThat(bits.hiWord).isEqualTo(2);
        bits.words[3] = 1L; // set behind the range's back
        assertThatThrownBy(() -> bits.checkInvariants("stale"))
                .hasMessage("invariant violated: stale bit set in word 3 outside the tracked words ending at 2");
    }

    @Test
    void resizeKeepsTheBitsAndReplaceTakesAnotherSet() {
        TrackedBits bits = new TrackedBits(64);
        bits.set(5);
        bits.resize(1000);
        assertThat(bits.words).hasSize(16);
        assertThat(bits.get(5)).isTrue();
        TrackedBits other = new TrackedBits(1000);
        other.set(999);
        bits.replace(other);
        assertThat(bits.get(5)).isFalse();
        assertThat(bits.get(999)).isTrue();
        assertThat(bits.loWord).isEqualTo(15);
        assertThat(bits.hiWord).isEqualTo(16);
    }
}
