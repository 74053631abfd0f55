package dev.arbor.scenes;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The generator of the named benchmark scenes. Every scene is built from a fixed seed with {@link SplittableRandom},
 * whose sequence is specified, so the same name and seed give the same scene on every JDK.
 *
 * <table>
 *   <caption>The scenes</caption>
 *   <tr><th>name</th><th>nodes</th><th>shape</th></tr>
 *   <tr><td>{@code seed-6000}</td><td>6000</td><td>3 levels × 2000; a non-root's parent drawn at random from the
 *       level above (the scene of the benchmark published with the sorted-container design; the name is
 *       historical)</td></tr>
 *   <tr><td>{@code game-100k}</td><td>107,700</td><td>100 roots, fan-out 4, 4, 3, 3, 2, 2 (depth 6)</td></tr>
 *   <tr><td>{@code chain-10k}</td><td>10,000</td><td>one chain, depth 9,999</td></tr>
 *   <tr><td>{@code flat-100k}</td><td>100,000</td><td>one root with 99,999 children</td></tr>
 *   <tr><td>{@code crowd}</td><td>65,000</td><td>1000 skeletons × 65 joints (a humanoid-like template)</td></tr>
 *   <tr><td>{@code million}</td><td>1,000,000</td><td>1000 roots, each a random recursive tree of 1000 nodes</td></tr>
 * </table>
 *
 * <p>Rest transforms: translations within ±{@code 2} units, random unit rotations, scales in [0.8, 1.25] (chains and
 * skeletons use scale 1 and short offsets so that world matrices stay well conditioned at any depth).
 */
public final class Scenes {
    /** The seed every named scene uses unless one is given. */
    public static final long DEFAULT_SEED = 0x5EED_A7B0L;

    /** The names accepted by {@link #byName(String)}, in the order the benchmark reports list them. */
    public static final List<String> NAMES =
            List.of("seed-6000", "game-100k", "chain-10k", "flat-100k", "crowd", "million");

    /** Joints in one {@code crowd} skeleton. */
    public static final int CROWD_JOINTS = 65;

    private Scenes() {
    }

    /**
     * Builds a named scene with {@link #DEFAULT_SEED}.
     *
     * @param name one of {@link #NAMES} (case-insensitive)
     * @return the scene
     * @throws IllegalArgumentException if the name is unknown
     */
    public static Scene byName(String name) {
        return byName(name, DEFAULT_SEED);
    }

    /**
     * Builds a named scene.
     *
     * @param name one of {@link #NAMES} (case-insensitive)
     * @param seed random seed
     * @return the scene
     * @throws IllegalArgumentException if the name is unknown
     */
    public static Scene byName(String name, long seed) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "seed-6000": return seed6000(seed);
            case "game-100k": return fanOut("game-100k", 100, new int[] {4, 4, 3, 3, 2, 2}, seed);
            case "chain-10k": return chain("chain-10k", 10_000, seed);
            case "flat-100k": return flat("flat-100k", 100_000, seed);
            case "crowd": return crowd("crowd", 1000, seed);
            case "million": return randomForest("million", 1000, 1000, seed);
            default:
                throw new IllegalArgumentException("unknown scene: name=" + name + ", known=" + NAMES);
        }
    }

    /**
     * Builds the scene named {@code seed-6000}: 3 levels of 2000 nodes, each non-root's parent drawn at random from the
     * level above.
     *
     * @param seed random seed
     * @return the scene
     */
    public static Scene seed6000(long seed) {
        return levels("seed-6000", 3, 2000, seed);
    }

    /**
     * Builds {@code levelCount} levels of {@code perLevel} nodes in level order; each node below the first level
     * takes a parent drawn uniformly from the level above.
     *
     * @param name scene name
     * @param levelCount number of levels, at least 1
     * @param perLevel nodes per level, at least 1
     * @param seed random seed
     * @return the scene
     */
    public static Scene levels(String name, int levelCount, int perLevel, long seed) {
        requirePositive("levelCount", levelCount);
        requirePositive("perLevel", perLevel);
        SplittableRandom random = new SplittableRandom(seed);
        Builder b = new Builder(name, Math.multiplyExact(levelCount, perLevel));
        for (int level = 0; level < levelCount; level++) {
            for (int k = 0; k < perLevel; k++) {
                int parent = level == 0 ? -1 : (level - 1) * perLevel + random.nextInt(perLevel);
                b.add(parent, random, 2f, true);
            }
        }
        return b.build();
    }

    /**
     * Builds {@code roots} trees, each with the given fan-out per level, in depth-first (pre-order) order.
     *
     * @param name scene name
     * @param roots number of roots
     * @param fanOut children per node at each depth, e.g. {@code {4, 4, 3, 3, 2, 2}}
     * @param seed random seed
     * @return the scene
     */
    public static Scene fanOut(String name, int roots, int[] fanOut, long seed) {
        requirePositive("roots", roots);
        long perRoot = 1;
        long levelSize = 1;
        for (int f : fanOut) {
            requirePositive("fanOut", f);
            levelSize *= f;
            perRoot += levelSize;
        }
        SplittableRandom random = new SplittableRandom(seed);
        Builder b = new Builder(name, Math.toIntExact(perRoot * roots));
        for (int r = 0; r < roots; r++) {
            addFanOut(b, -1, 0, fanOut, random);
        }
        return b.build();
    }

    private static void addFanOut(Builder b, int parent, int depth, int[] fanOut, SplittableRandom random) {
        int self = b.add(parent, random, 2f, true);
        if (depth < fanOut.length) {
            for (int c = 0; c < fanOut[depth]; c++) {
                addFanOut(b, self, depth + 1, fanOut, random);
            }
        }
    }

    /**
     * Builds one chain: node {@code i}'s parent is {@code i - 1}. Offsets are short and scales 1.
     *
     * @param name scene name
     * @param length number of nodes
     * @param seed random seed
     * @return the scene
     */
    public static Scene chain(String name, int length, long seed) {
        requirePositive("length", length);
        SplittableRandom random = new SplittableRandom(seed);
        Builder b = new Builder(name, length);
        for (int i = 0; i < length; i++) {
            b.add(i - 1, random, 0.05f, false);
        }
        return b.build();
    }

    /**
     * Builds one root with {@code size - 1} children.
     *
     * @param name scene name
     * @param size number of nodes
     * @param seed random seed
     * @return the scene
     */
    public static Scene flat(String name, int size, long seed) {
        requirePositive("size", size);
        SplittableRandom random = new SplittableRandom(seed);
        Builder b = new Builder(name, size);
        for (int i = 0; i < size; i++) {
            b.add(i == 0 ? -1 : 0, random, 2f, true);
        }
        return b.build();
    }

    /**
     * Builds {@code skeletons} copies of a {@value #CROWD_JOINTS}-joint humanoid-like skeleton, each root placed on a
     * grid 2 units apart.
     *
     * @param name scene name
     * @param skeletons number of skeletons
     * @param seed random seed
     * @return the scene
     */
    public static Scene crowd(String name, int skeletons, long seed) {
        requirePositive("skeletons", skeletons);
        int[] template = skeletonTemplate();
        SplittableRandom random = new SplittableRandom(seed);
        Builder b = new Builder(name, Math.multiplyExact(skeletons, template.length));
        for (int s = 0; s < skeletons; s++) {
            int base = b.size();
            for (int j = 0; j < template.length; j++) {
                int parent = template[j] < 0 ? -1 : base + template[j];
                int node = b.add(parent, random, 0.15f, false);
                if (parent < 0) {
                    b.translations[node * 3] = (s % 32) * 2f;
                    b.translations[node * 3 + 1] = 0f;
                    b.translations[node * 3 + 2] = (s / 32) * 2f;
                }
            }
        }
        return b.build();
    }

    /**
     * The parent indices of one crowd skeleton: root, hips, four-joint spine, neck, head with jaw and eyes, two arms with
     * twist joints and five three-joint fingers, two legs with twist joints and toes.
     *
     * @return parent index per joint, {@code -1} for the root ({@value #CROWD_JOINTS} entries)
     */
    public static int[] skeletonTemplate() {
        int[] parents = new int[CROWD_JOINTS];
        int[] n = {0};
        int root = joint(parents, n, -1);
        int hips = joint(parents, n, root);
        int spine = joint(parents, n, hips);
        int spine1 = joint(parents, n, spine);
        int spine2 = joint(parents, n, spine1);
        int spine3 = joint(parents, n, spine2);
        int neck = joint(parents, n, spine3);
        int head = joint(parents, n, neck);
        joint(parents, n, head); // jaw
        joint(parents, n, head); // left eye
        joint(parents, n, head); // right eye
        for (int side = 0; side < 2; side++) {
            int shoulder = joint(parents, n, spine3);
            int arm = joint(parents, n, shoulder);
            joint(parents, n, arm); // upper arm twist
            int forearm = joint(parents, n, arm);
            joint(parents, n, forearm); // forearm twist
            int hand = joint(parents, n, forearm);
            for (int finger = 0; finger < 5; finger++) {
                int f1 = joint(parents, n, hand);
                int f2 = joint(parents, n, f1);
                joint(parents, n, f2);
            }
        }
        for (int side = 0; side < 2; side++) {
            int upLeg = joint(parents, n, hips);
            joint(parents, n, upLeg); // thigh twist
            int leg = joint(parents, n, upLeg);
            int foot = joint(parents, n, leg);
            int toe = joint(parents, n, foot);
            joint(parents, n, toe); // toe end
        }
        if (n[0] != CROWD_JOINTS) {
            throw new AssertionError("skeleton template has " + n[0] + " joints, expected " + CROWD_JOINTS);
        }
        return parents;
    }

    private static int joint(int[] parents, int[] count, int parent) {
        parents[count[0]] = parent;
        return count[0]++;
    }

    /**
     * Builds {@code roots} random recursive trees of {@code perRoot} nodes each: within a tree, every new node's
     * parent is drawn uniformly from the nodes already in that tree (expected depth about {@code e·ln(perRoot)}).
     *
     * @param name scene name
     * @param roots number of trees
     * @param perRoot nodes per tree
     * @param seed random seed
     * @return the scene
     */
    public static Scene randomForest(String name, int roots, int perRoot, long seed) {
        requirePositive("roots", roots);
        requirePositive("perRoot", perRoot);
        SplittableRandom random = new SplittableRandom(seed);
        Builder b = new Builder(name, Math.multiplyExact(roots, perRoot));
        for (int r = 0; r < roots; r++) {
            int base = b.size();
            for (int k = 0; k < perRoot; k++) {
                int parent = k == 0 ? -1 : base + random.nextInt(k);
                b.add(parent, random, 2f, true);
            }
        }
        return b.build();
    }

    private static void requirePositive(String what, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be at least 1: " + what + "=" + value);
        }
    }

    /** Accumulates nodes with random rest transforms. */
    private static final class Builder {
        private final String name;
        private final int[] parents;
        private final float[] translations;
        private final float[] rotations;
        private final float[] scales;
        private final float[] axes;
        private int size;

        Builder(String name, int capacity) {
            this.name = name;
            parents = new int[capacity];
            translations = new float[capacity * 3];
            rotations = new float[capacity * 4];
            scales = new float[capacity * 3];
            axes = new float[capacity * 3];
        }

        int size() {
            return size;
        }

        int add(int parent, SplittableRandom random, float reach, boolean randomScale) {
            int i = size++;
            parents[i] = parent;
            for (int k = 0; k < 3; k++) {
                translations[i * 3 + k] = (float) ((random.nextDouble() * 2 - 1) * reach);
            }
            randomUnitQuaternion(random, rotations, i * 4, randomScale ? 1.0 : 0.3);
            for (int k = 0; k < 3; k++) {
                scales[i * 3 + k] = randomScale ? (float) Math.pow(1.25, random.nextDouble() * 2 - 1) : 1f;
            }
            double ax;
            double ay;
            double az;
            double len;
            do {
                ax = random.nextDouble() * 2 - 1;
                ay = random.nextDouble() * 2 - 1;
                az = random.nextDouble() * 2 - 1;
                len = Math.sqrt(ax * ax + ay * ay + az * az);
            } while (len < 0.1 || len > 1);
            axes[i * 3] = (float) (ax / len);
            axes[i * 3 + 1] = (float) (ay / len);
            axes[i * 3 + 2] = (float) (az / len);
            return i;
        }

        Scene build() {
            if (size != parents.length) {
                throw new AssertionError(name + ": built " + size + " nodes, expected " + parents.length);
            }
            return new Scene(name, parents, translations, rotations, scales, axes);
        }
    }

    /**
     * Writes a random unit quaternion: a rotation by an angle up to {@code π × spread} about a uniform random axis.
     */
    private static void randomUnitQuaternion(SplittableRandom random, float[] dest, int offset, double spread) {
        double ax;
        double ay;
        double az;
        double len;
        do {
            ax = random.nextDouble() * 2 - 1;
            ay = random.nextDouble() * 2 - 1;
            az = random.nextDouble() * 2 - 1;
            len = Math.sqrt(ax * ax + ay * ay + az * az);
        } while (len < 0.1 || len > 1);
        double half = random.nextDouble() * Math.PI * spread * 0.5;
        double s = Math.sin(half) / len;
        double x = ax * s;
        double y = ay * s;
        double z = az * s;
        double w = Math.cos(half);
        double norm = Math.sqrt(x * x + y * y + z * z + w * w);
        dest[offset] = (float) (x / norm);
        dest[offset + 1] = (float) (y / norm);
        dest[offset + 2] = (float) (z / norm);
        dest[offset + 3] = (float) (w / norm);
    }
}
