package dev.arbor.hierarchy;

/** The one way the parts of the hierarchy report a broken invariant from their {@code checkInvariants}. */
final class Invariants {
    private Invariants() {
    }

    /**
     * @param ok the condition that must hold
     * @throws IllegalStateException {@code "invariant violated: " + a + x + b + y} when it does not
     */
    static void check(boolean ok, String a, int x, String b, int y) {
        if (!ok) {
            throw new IllegalStateException("invariant violated: " + a + x + b + y);
        }
    }
}
