package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.ExactWorlds.U;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What float storage gives: the error of Arbor's world matrices against the same products of the (float) locals in
 * double precision ({@link ExactWorlds}), as a function of depth and of the magnitude of translations, on chains, wide
 * trees and small parts far from the origin. Prints the table of {@code docs/precision.md}:
 *
 * <pre>mvn -B -q -pl arbor-core -am test -Dtest=PrecisionTableTest -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * and asserts only bounds that follow from the arithmetic (rigid locals: every linear part a rotation): for a node at
 * depth {@code d} whose path from the root has translations summing to {@code S}, the linear part is within
 * {@code 32 d u} (Frobenius) and the translation within {@code 32 d u S} (Euclidean), {@code u = 2^-24}.
 */
class PrecisionTableTest {
    private static final float[] MAGNITUDES = {1, 1e3f, 1e5f, 1e6f, 1e7f};

    /** Worst errors over the nodes of one scene. */
    private static final class Errors {
        double translation; // absolute, Euclidean
        double relative; // translation error / |world translation|
        double linear; // Frobenius norm of the linear part's error (columns of length 1)
    }

    @Test
    void printsTheErrorTableAndStaysWithinTheProvableBounds() {
        StringBuilder table = new StringBuilder();
        table.append("| scene | depth | nodes | quantity |");
        for (float m : MAGNITUDES) {
            table.append(String.format(Locale.ROOT, " M = %.0e |", m));
        }
        table.append("\n|---|---:|---:|---|");
        table.append("---:|".repeat(MAGNITUDES.length)).append('\n');
        for (int depth : new int[] {1, 10, 100, 1000}) {
            row(table, "chain, steps of length M", depth, depth, m -> chain(depth, m, m));
        }
        row(table, "wide: 10 children per node, steps of M", 4, 11_111, m -> wide(10, 4, m));
        row(table, "wide: 1,000 leaves under one root, steps of M", 2, 1_001, m -> wide(1000, 2, m));
        for (int depth : new int[] {10, 100}) {
            row(table, "large coordinates: root at distance M, steps of 1", depth + 1, depth + 1,
                    m -> chain(depth + 1, m, 1));
        }
        System.out.println("PrecisionTableTest: float world matrices against double (u = 2^-24 = 5.96e-8)\n" + table);
    }

    private interface Scene {
        Hierarchy build(float magnitude);
    }

    private void row(StringBuilder table, String name, int depth, int nodes, Scene scene) {
        Errors[] errors = new Errors[MAGNITUDES.length];
        for (int i = 0; i < MAGNITUDES.length; i++) {
            errors[i] = measure(scene.build(MAGNITUDES[i]));
        }
        String head = String.format(Locale.ROOT, "| %s | %d | %,d |", name, depth, nodes);
        table.append(head).append(" translation, absolute |");
        for (Errors e : errors) {
            table.append(String.format(Locale.ROOT, " %.1e |", e.translation));
        }
        table.append('\n').append("| | | | translation, relative |");
        for (Errors e : errors) {
            table.append(String.format(Locale.ROOT, " %.1e |", e.relative));
        }
        table.append('\n').append("| | | | linear part |");
        for (Errors e : errors) {
            table.append(String.format(Locale.ROOT, " %.1e |", e.linear));
        }
        table.append('\n');
    }

    /**
     * A chain: the root translated by {@code first}, each node below by {@code step}, in random directions, every
     * node rotated at random (rigid: scale 1).
     */
    private static Hierarchy chain(int depth, float first, float step) {
        SplittableRandom random = new SplittableRandom(depth * 31L + (long) first);
        Hierarchy h = new Hierarchy();
        long node = h.createRoot();
        rigid(h, node, first, random);
        for (int k = 1; k < depth; k++) {
            node = h.createChild(node);
            rigid(h, node, step, random);
        }
        h.update();
        return h;
    }

    /** A tree of {@code levels} levels, {@code fanOut} children per node, every step of length {@code step}. */
    private static Hierarchy wide(int fanOut, int levels, float step) {
        SplittableRandom random = new SplittableRandom(fanOut * 7L + levels);
        Hierarchy h = new Hierarchy();
        List<Long> level = new ArrayList<>();
        long root = h.createRoot();
        rigid(h, root, step, random);
        level.add(root);
        for (int l = 1; l < levels; l++) {
            List<Long> next = new ArrayList<>();
            for (long parent : level) {
                for (int c = 0; c < fanOut; c++) {
                    long child = h.createChild(parent);
                    rigid(h, child, step, random);
                    next.add(child);
                }
            }
            level = next;
        }
        h.update();
        return h;
    }

    private static void rigid(Hierarchy h, long node, float length, SplittableRandom random) {
        double x = random.nextGaussian();
        double y = random.nextGaussian();
        double z = random.nextGaussian();
        double n = Math.sqrt(x * x + y * y + z * z);
        h.setLocalTranslation(node, (float) (x / n * length), (float) (y / n * length), (float) (z / n * length));
        h.setLocalRotation(node, (float) random.nextGaussian(), (float) random.nextGaussian(),
                (float) random.nextGaussian(), (float) random.nextGaussian());
    }

    /** Every node's float world against double; asserts the provable bounds on the way. */
    private static Errors measure(Hierarchy h) {
        Errors e = new Errors();
        for (long root = h.firstRoot(); root != Hierarchy.NULL; root = h.nextSibling(root)) {
            visit(h, root, ExactWorlds.local(h, root), 1, lengthOfTranslation(h, root), e);
        }
        return e;
    }

    private static void visit(Hierarchy h, long node, double[] world, int depth, double pathLength, Errors e) {
        double[] arbor = ExactWorlds.arborWorld(h, node);
        double linear = 0;
        for (int k = 0; k < 9; k++) {
            linear += (arbor[k] - world[k]) * (arbor[k] - world[k]);
        }
        linear = Math.sqrt(linear);
        double[] dt = {arbor[9] - world[9], arbor[10] - world[10], arbor[11] - world[11]};
        double translation = Math.sqrt(dt[0] * dt[0] + dt[1] * dt[1] + dt[2] * dt[2]);
        assertThat(linear).as("linear part at depth %d", depth).isLessThanOrEqualTo(32 * depth * U);
        assertThat(translation).as("translation at depth %d, path length %s", depth, pathLength)
                .isLessThanOrEqualTo(32 * depth * U * pathLength);
        e.linear = Math.max(e.linear, linear);
        e.translation = Math.max(e.translation, translation);
        e.relative = Math.max(e.relative, translation / Math.max(ExactWorlds.columnLength(world, 3), 1e-30));
        for (long c = h.firstChild(node); c != Hierarchy.NULL; c = h.nextSibling(c)) {
            visit(h, c, ExactWorlds.multiply(world, ExactWorlds.local(h, c)), depth + 1,
                    pathLength + lengthOfTranslation(h, c), e);
        }
    }

    private static double lengthOfTranslation(Hierarchy h, long node) {
        return ExactWorlds.columnLength(ExactWorlds.local(h, node), 3);
    }
}
