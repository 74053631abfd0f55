package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Bits#within} against a bit-by-bit reference, for ranges starting before, inside and after a word's start. */
class BitsTest {

    @Test
    void withinKeepsExactlyTheBitsOfTheRange() {
        SplittableRandom random = new SplittableRandom(5);
        int base = 128;
        for (int trial = 0; trial < 200; trial++) {
            long word = random.nextLong();
            for (int from = base - 70; from < base + 64; from++) {
                for (int to = Math.max(from + 1, base + 1); to <= base + 130; to += 1 + random.nextInt(7)) {
                    long expected = 0L;
                    for (int bit = 0; bit < 64; bit++) {
                        int node = base + bit;
                        if (node >= from && node < to) {
                            expected |= word & (1L << bit);
                        }
                    }
                    assertThat(Bits.within(word, base, from, to)).as("from=%d to=%d", from, to).isEqualTo(expected);
                }
            }
        }
    }
}
