package dev.arbor.animation;

import java.util.Arrays;

/**
 * Layered blending of poses for one instance: <em>override</em> layers, each a pose with a weight and an optional
 * per-target mask, and <em>additive</em> layers, each adding its difference from a reference pose, over the rest pose.
 * Sample each layer's clip into {@link #pose(int)}, set the weights, then {@link #evaluate}. Allocation-free once the
 * layers are made; not thread-safe (one per instance).
 *
 * <p>Per target, with {@code w} a layer's weight times its mask's value for that target, in the
 * {@link OverrideMode} chosen at construction:
 * <ul>
 *   <li><b>{@link OverrideMode#STACKED}</b> (the default): every layer, override or additive, applies in the order
 *   added, over the result of the layers before it (the rest pose before the first). An override layer blends that
 *   result towards its pose by {@code w}: translations and scales {@code r + w (v − r)}, rotations
 *   {@code slerp(r, q, w)} on the shorter arc, computed in double; at {@code w = 1} it replaces the result exactly
 *   (its pose's own floats), at {@code w = 0} it leaves it. So an upper-body layer at weight 1 masked to the arms
 *   over a full-body layer gives the arms the upper-body pose and the rest the full-body one.</li>
 *   <li><b>{@link OverrideMode#AVERAGED}</b>: the override layers give a weighted mean: translations and scales
 *   {@code Σ w·v / W}, rotations the normalised {@code Σ w·q} with each quaternion first turned to the rest
 *   rotation's side (so that every layer takes the shorter way from the rest pose), {@code W = Σ w}. Where
 *   {@code W < 1} the rest pose takes the remaining {@code 1 − W}, so a layer at weight 0.3 moves a target 30% of
 *   the way from rest, and targets no mask covers stay at rest. The mean does not depend on the layers' order. For
 *   two poses it is the normalised linear blend of rotations (nlerp): exact at weight ½, otherwise off slerp's path
 *   by at most 0.27° for rotations 60° apart, 0.92° for 90° and 2.2° for 120°. The additive layers then apply, in
 *   the order added.</li>
 *   <li><b>Additive layers</b> (in either mode): translation {@code t += w (t_layer − t_reference)}, scale
 *   {@code s ×= 1 + w (s_layer / s_reference − 1)}, rotation {@code q ← q × slerp(1, q_reference⁻¹ q_layer, w)}
 *   (the layer's turn from its reference, on the shorter arc, taken in the target's own frame). Quaternion products
 *   do not commute, so additive layers depend on their order.</li>
 * </ul>
 *
 * <p>Morph-target weights ({@link MorphWeights}, when the layers are made with rest weights) are mixed by the same
 * rules, per weight: stacked, each override layer {@code v ← v + w (v_layer − v)} and each additive layer
 * {@code v ← v + w (v_layer − v_reference)} in the order added, from the rest weights; averaged, the override layers'
 * mean {@code Σ w·v / W} with the rest weights taking the remaining {@code 1 − W} where {@code W < 1}, then each
 * additive layer adds {@code w (v_layer − v_reference)}. Their masks are a value per morphed node
 * ({@link #morphMask}); sample each layer's weights channels into {@link #weights(int)}.
 */
public final class PoseLayers {
    private static final int OVERRIDE = 0;
    private static final int ADDITIVE = 1;

    private final Pose rest;
    private final int size;
    private final OverrideMode mode;
    private final MorphWeights restWeights;
    private MorphWeights[] layerWeights = new MorphWeights[0];
    private MorphWeights[] referenceWeights = new MorphWeights[0];
    private float[][] morphMasks = new float[0][];
    private Pose[] poses = new Pose[0];
    private Pose[] references = new Pose[0];
    private int[] kinds = new int[0];
    private float[] weights = new float[0];
    private float[][] masks = new float[0][];
    /** Additive layers among them: none means the second pass over the layers is skipped. */
    private int additives;
    private final float[] q = new float[4];
    private final double[] delta = new double[4];
    private final double[] scratch = new double[4];
    /** The rotation being turned, in double, for the float form of {@link #turn}. */
    private final double[] turned = new double[4];
    /** The stacked result's rotation for the target being evaluated. */
    private final double[] stacked = new double[4];

    /**
     * Stacked layers ({@link OverrideMode#STACKED}) without morph weights.
     *
     * @param rest the rest pose of the targets (kept, not copied: it is read at every {@link #evaluate})
     * @throws NullPointerException if {@code rest} is null
     */
    public PoseLayers(Pose rest) {
        this(rest, new MorphWeights(), OverrideMode.STACKED);
    }

    /**
     * Layers combined in the given mode, without morph weights.
     *
     * @param rest the rest pose of the targets (kept, not copied: it is read at every {@link #evaluate})
     * @param mode how override layers combine
     * @throws NullPointerException if an argument is null
     */
    public PoseLayers(Pose rest, OverrideMode mode) {
        this(rest, new MorphWeights(), mode);
    }

    /**
     * Stacked layers ({@link OverrideMode#STACKED}) that mix morph-target weights too.
     *
     * @param rest the rest pose of the targets (kept, not copied: it is read at every {@link #evaluate})
     * @param restWeights the rest (default) weights of the morphed nodes, what a layer's weights start as and what
     *     the first layer blends over (kept, not copied)
     * @throws NullPointerException if an argument is null
     */
    public PoseLayers(Pose rest, MorphWeights restWeights) {
        this(rest, restWeights, OverrideMode.STACKED);
    }

    /**
     * Layers combined in the given mode that mix morph-target weights too.
     *
     * @param rest the rest pose of the targets (kept, not copied: it is read at every {@link #evaluate})
     * @param restWeights the rest (default) weights of the morphed nodes, what a layer's weights start as and what
     *     the layers blend over (kept, not copied)
     * @param mode how override layers combine
     * @throws NullPointerException if an argument is null
     */
    public PoseLayers(Pose rest, MorphWeights restWeights, OverrideMode mode) {
        this.rest = java.util.Objects.requireNonNull(rest, "rest");
        this.size = rest.size();
        this.restWeights = java.util.Objects.requireNonNull(restWeights, "restWeights");
        this.mode = java.util.Objects.requireNonNull(mode, "mode");
    }

    /** @return how override layers combine, as chosen at construction */
    public OverrideMode mode() {
        return mode;
    }

    /** @return the number of layers */
    public int layerCount() {
        return poses.length;
    }

    /**
     * Adds an override layer at weight 1 with no mask, on top of the layers added before it (which matters in
     * {@link OverrideMode#STACKED}, where it blends over their result); its pose starts as the rest pose.
     * Allocates the layer's pose and weights.
     *
     * @return the layer's index
     */
    public int addOverride() {
        return add(OVERRIDE, null);
    }

    /**
     * Adds an additive layer at weight 1 with no mask, on top of the layers added before it; its pose starts as the
     * reference, its morph weights as the rest weights, which are also their reference (so its weights add nothing
     * until sampled).
     *
     * @param reference the pose the layer's difference is taken from (usually its clip's first frame); kept, not
     *     copied
     * @return the layer's index
     * @throws IllegalArgumentException if the reference's size is not the rest pose's (nothing added)
     */
    public int addAdditive(Pose reference) {
        return addAdditive(reference, restWeights);
    }

    /**
     * Adds an additive layer at weight 1 with no mask; its pose and weights start as the references.
     *
     * @param reference the pose the layer's difference is taken from (usually its clip's first frame); kept, not
     *     copied
     * @param weightsReference the morph weights the layer's difference is taken from; kept, not copied
     * @return the layer's index
     * @throws IllegalArgumentException if the reference's size is not the rest pose's, or the weights' layout not
     *     the rest weights' (nothing added)
     */
    public int addAdditive(Pose reference, MorphWeights weightsReference) {
        if (reference.size() != size) {
            throw new IllegalArgumentException("reference pose size " + reference.size() + " is not the rest pose's "
                    + size);
        }
        restWeights.requireSameLayout(weightsReference, "weightsReference");
        return add(ADDITIVE, reference, weightsReference);
    }

    private int add(int kind, Pose reference) {
        return add(kind, reference, null);
    }

    private int add(int kind, Pose reference, MorphWeights weightsReference) {
        int n = poses.length;
        poses = Arrays.copyOf(poses, n + 1);
        references = Arrays.copyOf(references, n + 1);
        kinds = Arrays.copyOf(kinds, n + 1);
        weights = Arrays.copyOf(weights, n + 1);
        masks = Arrays.copyOf(masks, n + 1);
        layerWeights = Arrays.copyOf(layerWeights, n + 1);
        referenceWeights = Arrays.copyOf(referenceWeights, n + 1);
        morphMasks = Arrays.copyOf(morphMasks, n + 1);
        layerWeights[n] = new MorphWeights(counts(restWeights))
                .copyFrom(weightsReference != null ? weightsReference : restWeights);
        referenceWeights[n] = weightsReference;
        poses[n] = new Pose(size).copyFrom(reference != null ? reference : rest);
        additives += kind == ADDITIVE ? 1 : 0;
        references[n] = reference;
        kinds[n] = kind;
        weights[n] = 1f;
        return n;
    }

    /**
     * @param layer layer index
     * @return the layer's pose, to sample its clip into
     * @throws IllegalArgumentException if the layer does not exist
     */
    public Pose pose(int layer) {
        return poses[checkLayer(layer)];
    }

    /**
     * @param layer layer index
     * @return the layer's morph weights, to sample its clip's weights channels into (same layout as the rest weights)
     * @throws IllegalArgumentException if the layer does not exist
     */
    public MorphWeights weights(int layer) {
        return layerWeights[checkLayer(layer)];
    }

    /**
     * Sets a layer's weight.
     *
     * @param layer layer index
     * @param weight in [0, 1]
     * @return this object
     * @throws IllegalArgumentException if the layer does not exist or the weight is outside [0, 1] (nothing changed)
     */
    public PoseLayers weight(int layer, float weight) {
        checkLayer(layer);
        if (!(weight >= 0 && weight <= 1)) {
            throw new IllegalArgumentException("layer weight out of range: layer=" + layer + ", weight=" + weight
                    + ", allowed=[0, 1]");
        }
        weights[layer] = weight;
        return this;
    }

    /**
     * @param layer layer index
     * @return the layer's weight
     */
    public float weight(int layer) {
        return weights[checkLayer(layer)];
    }

    /**
     * Sets a layer's mask: a weight per target, multiplied with the layer's weight (see {@link #subtreeMask}).
     *
     * @param layer layer index
     * @param targetWeights one value in [0, 1] per target (copied), or null for none (every target 1)
     * @return this object
     * @throws IllegalArgumentException if the layer does not exist, the mask's length is not the number of targets or
     *     a value is outside [0, 1] (nothing changed)
     */
    public PoseLayers mask(int layer, float[] targetWeights) {
        checkLayer(layer);
        masks[layer] = checkedMask(targetWeights, size, "targets", "target");
        return this;
    }

    /** A copy of a mask after checking its length and values, or null for none. */
    private static float[] checkedMask(float[] values, int length, String what, String index) {
        if (values == null) {
            return null;
        }
        if (values.length != length) {
            throw new IllegalArgumentException("mask length " + values.length + " is not the number of " + what + " "
                    + length);
        }
        for (int i = 0; i < length; i++) {
            if (!(values[i] >= 0 && values[i] <= 1)) {
                throw new IllegalArgumentException("mask value out of range: " + index + "=" + i + ", value="
                        + values[i] + ", allowed=[0, 1]");
            }
        }
        return values.clone();
    }

    /**
     * Sets a layer's mask for morph weights: a value per morphed node, multiplied with the layer's weight for every
     * weight of that node. Independent of the pose mask ({@link #mask}), since morphed nodes are usually not pose
     * targets.
     *
     * @param layer layer index
     * @param morphWeights one value in [0, 1] per morphed node (copied), or null for none (every node 1)
     * @return this object
     * @throws IllegalArgumentException if the layer does not exist, the mask's length is not the number of morphed
     *     nodes or a value is outside [0, 1] (nothing changed)
     */
    public PoseLayers morphMask(int layer, float[] morphWeights) {
        checkLayer(layer);
        morphMasks[layer] = checkedMask(morphWeights, restWeights.morphCount(), "morphed nodes", "morph");
        return this;
    }

    /**
     * A mask of one target and everything below it: {@code weight} for {@code target} and its descendants, 0
     * elsewhere.
     *
     * @param parents each target's parent target, or -1 for a root (a parent's index need not be smaller)
     * @param target the subtree's top
     * @param weight its value, in [0, 1]
     * @return a new mask, one value per target
     * @throws IllegalArgumentException if {@code target} or a parent is out of range, the parents form a cycle, or
     *     the weight is outside [0, 1]
     */
    public static float[] subtreeMask(int[] parents, int target, float weight) {
        int n = parents.length;
        if (target < 0 || target >= n) {
            throw new IllegalArgumentException("target out of range: target=" + target + ", targets=" + n);
        }
        if (!(weight >= 0 && weight <= 1)) {
            throw new IllegalArgumentException("mask weight out of range: weight=" + weight + ", allowed=[0, 1]");
        }
        float[] mask = new float[n];
        for (int i = 0; i < n; i++) {
            int steps = 0;
            for (int a = i; a != -1; a = parents[a]) {
                if (a < -1 || a >= n) {
                    throw new IllegalArgumentException("parent out of range: target=" + i + ", parent=" + a
                            + ", targets=" + n);
                }
                if (a == target) {
                    mask[i] = weight;
                    break;
                }
                if (++steps > n) {
                    throw new IllegalArgumentException("parents form a cycle through target " + i);
                }
            }
        }
        return mask;
    }

    /**
     * Writes the layered pose (see the class comment). O(targets × layers), allocation-free.
     *
     * @param dest receives the pose; may not be a layer's own pose
     * @throws IllegalArgumentException if {@code dest}'s size is not the rest pose's
     */
    public void evaluate(Pose dest) {
        if (dest.size() != size) {
            throw new IllegalArgumentException("destination pose size " + dest.size() + " is not the rest pose's "
                    + size);
        }
        if (mode == OverrideMode.STACKED) {
            evaluateStacked(dest);
        } else {
            evaluateAveraged(dest);
        }
    }

    /** Every layer in the order added over the result of those before it, per target; the rotation in double. */
    private void evaluateStacked(Pose dest) {
        float[] rt = rest.translations;
        float[] rr = rest.rotations;
        float[] rs = rest.scales;
        double[] r = stacked;
        int layers = poses.length;
        for (int i = 0; i < size; i++) {
            int t3 = 3 * i;
            int q4 = 4 * i;
            double tx = rt[t3];
            double ty = rt[t3 + 1];
            double tz = rt[t3 + 2];
            double sx = rs[t3];
            double sy = rs[t3 + 1];
            double sz = rs[t3 + 2];
            r[0] = rr[q4];
            r[1] = rr[q4 + 1];
            r[2] = rr[q4 + 2];
            r[3] = rr[q4 + 3];
            boolean copied = true; // r holds a pose's own floats: written back as they are
            for (int l = 0; l < layers; l++) {
                double lw = weights[l] * (masks[l] == null ? 1f : masks[l][i]);
                if (lw == 0) {
                    continue;
                }
                Pose p = poses[l];
                float[] pt = p.translations;
                float[] ps = p.scales;
                float[] pr = p.rotations;
                if (kinds[l] == ADDITIVE) {
                    Pose ref = references[l];
                    tx += lw * (pt[t3] - ref.translations[t3]);
                    ty += lw * (pt[t3 + 1] - ref.translations[t3 + 1]);
                    tz += lw * (pt[t3 + 2] - ref.translations[t3 + 2]);
                    sx *= ratio(ps[t3], ref.scales[t3], lw);
                    sy *= ratio(ps[t3 + 1], ref.scales[t3 + 1], lw);
                    sz *= ratio(ps[t3 + 2], ref.scales[t3 + 2], lw);
                    float[] rq = ref.rotations;
                    if (pr[q4] != rq[q4] || pr[q4 + 1] != rq[q4 + 1] || pr[q4 + 2] != rq[q4 + 2]
                            || pr[q4 + 3] != rq[q4 + 3]) { // else no turn: the rotation below stays as it is
                        turn(rq, pr, q4, lw, r);
                        copied = false;
                    }
                } else if (lw == 1) { // replaces what is below, exactly
                    tx = pt[t3];
                    ty = pt[t3 + 1];
                    tz = pt[t3 + 2];
                    sx = ps[t3];
                    sy = ps[t3 + 1];
                    sz = ps[t3 + 2];
                    r[0] = pr[q4];
                    r[1] = pr[q4 + 1];
                    r[2] = pr[q4 + 2];
                    r[3] = pr[q4 + 3];
                    copied = true;
                } else {
                    tx += lw * (pt[t3] - tx);
                    ty += lw * (pt[t3 + 1] - ty);
                    tz += lw * (pt[t3 + 2] - tz);
                    sx += lw * (ps[t3] - sx);
                    sy += lw * (ps[t3 + 1] - sy);
                    sz += lw * (ps[t3 + 2] - sz);
                    slerpTowards(r, pr, q4, lw);
                    copied = false;
                }
            }
            float[] dt = dest.translations;
            float[] ds = dest.scales;
            float[] dr = dest.rotations;
            dt[t3] = (float) tx;
            dt[t3 + 1] = (float) ty;
            dt[t3 + 2] = (float) tz;
            ds[t3] = (float) sx;
            ds[t3 + 1] = (float) sy;
            ds[t3 + 2] = (float) sz;
            if (copied) {
                dr[q4] = (float) r[0];
                dr[q4 + 1] = (float) r[1];
                dr[q4 + 2] = (float) r[2];
                dr[q4 + 3] = (float) r[3];
            } else {
                Rotations.store(r, dr, q4);
            }
        }
    }

    /**
     * {@code r ← slerp(r, b[o..o+3], w)} on the shorter arc, in double, for {@code 0 < w < 1}: the weights
     * {@code (1 − w) sinc((1 − w) θ)} and {@code w sinc(w θ)} ({@link ClipSampler#sinc}, no sine per target), then
     * normalised, as {@link Pose#blend} computes it. {@code r} is a unit quaternion.
     */
    private static void slerpTowards(double[] r, float[] b, int o, double w) {
        double bx = b[o];
        double by = b[o + 1];
        double bz = b[o + 2];
        double bw = b[o + 3];
        double cos = r[0] * bx + r[1] * by + r[2] * bz + r[3] * bw;
        if (cos < 0) {
            cos = -cos;
            bx = -bx;
            by = -by;
            bz = -bz;
            bw = -bw;
        }
        // the angle between the two (θ ≤ π/2 on the shorter arc, where sinc holds)
        double angle = Math.acos(Math.min(1, cos / Math.sqrt(bx * bx + by * by + bz * bz + bw * bw)));
        double wa = (1 - w) * ClipSampler.sinc((1 - w) * angle);
        double wb = w * ClipSampler.sinc(w * angle);
        double x = wa * r[0] + wb * bx;
        double y = wa * r[1] + wb * by;
        double z = wa * r[2] + wb * bz;
        double q = wa * r[3] + wb * bw;
        double length = Math.sqrt(x * x + y * y + z * z + q * q);
        r[0] = x / length;
        r[1] = y / length;
        r[2] = z / length;
        r[3] = q / length;
    }

    /** The weighted mean of the override layers, then the additive layers, per target. */
    private void evaluateAveraged(Pose dest) {
        float[] rt = rest.translations;
        float[] rr = rest.rotations;
        float[] rs = rest.scales;
        int layers = poses.length;
        for (int i = 0; i < size; i++) {
            double w = 0;
            double tx = 0;
            double ty = 0;
            double tz = 0;
            double sx = 0;
            double sy = 0;
            double sz = 0;
            double qx = 0;
            double qy = 0;
            double qz = 0;
            double qw = 0;
            int t3 = 3 * i;
            int q4 = 4 * i;
            for (int l = 0; l < layers; l++) {
                if (kinds[l] != OVERRIDE) {
                    continue;
                }
                double lw = weights[l] * (masks[l] == null ? 1f : masks[l][i]);
                if (lw == 0) {
                    continue;
                }
                Pose p = poses[l];
                w += lw;
                tx += lw * p.translations[t3];
                ty += lw * p.translations[t3 + 1];
                tz += lw * p.translations[t3 + 2];
                sx += lw * p.scales[t3];
                sy += lw * p.scales[t3 + 1];
                sz += lw * p.scales[t3 + 2];
                float[] pr = p.rotations;
                double side = (double) pr[q4] * rr[q4] + (double) pr[q4 + 1] * rr[q4 + 1]
                        + (double) pr[q4 + 2] * rr[q4 + 2] + (double) pr[q4 + 3] * rr[q4 + 3] < 0 ? -lw : lw;
                qx += side * pr[q4];
                qy += side * pr[q4 + 1];
                qz += side * pr[q4 + 2];
                qw += side * pr[q4 + 3];
            }
            if (w < 1) { // the rest pose takes what the layers leave
                double left = 1 - w;
                tx += left * rt[t3];
                ty += left * rt[t3 + 1];
                tz += left * rt[t3 + 2];
                sx += left * rs[t3];
                sy += left * rs[t3 + 1];
                sz += left * rs[t3 + 2];
                qx += left * rr[q4];
                qy += left * rr[q4 + 1];
                qz += left * rr[q4 + 2];
                qw += left * rr[q4 + 3];
                w = 1;
            }
            double length = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
            if (length < 1e-12) { // opposite rotations cancelled: keep the rest rotation
                qx = rr[q4];
                qy = rr[q4 + 1];
                qz = rr[q4 + 2];
                qw = rr[q4 + 3];
                length = 1;
            }
            q[0] = (float) (qx / length);
            q[1] = (float) (qy / length);
            q[2] = (float) (qz / length);
            q[3] = (float) (qw / length);
            double inverse = w == 1 ? 1 : 1 / w;
            double ox = tx * inverse;
            double oy = ty * inverse;
            double oz = tz * inverse;
            double px = sx * inverse;
            double py = sy * inverse;
            double pz = sz * inverse;
            for (int l = 0; additives > 0 && l < layers; l++) {
                if (kinds[l] != ADDITIVE) {
                    continue;
                }
                double lw = weights[l] * (masks[l] == null ? 1f : masks[l][i]);
                if (lw == 0) {
                    continue;
                }
                Pose p = poses[l];
                Pose ref = references[l];
                ox += lw * (p.translations[t3] - ref.translations[t3]);
                oy += lw * (p.translations[t3 + 1] - ref.translations[t3 + 1]);
                oz += lw * (p.translations[t3 + 2] - ref.translations[t3 + 2]);
                px *= ratio(p.scales[t3], ref.scales[t3], lw);
                py *= ratio(p.scales[t3 + 1], ref.scales[t3 + 1], lw);
                pz *= ratio(p.scales[t3 + 2], ref.scales[t3 + 2], lw);
                turn(ref.rotations, p.rotations, q4, lw);
            }
            dest.translations[t3] = (float) ox;
            dest.translations[t3 + 1] = (float) oy;
            dest.translations[t3 + 2] = (float) oz;
            dest.scales[t3] = (float) px;
            dest.scales[t3 + 1] = (float) py;
            dest.scales[t3 + 2] = (float) pz;
            System.arraycopy(q, 0, dest.rotations, q4, 4);
        }
    }

    /**
     * Writes the layered pose and morph weights (see the class comment). O((targets + weights) × layers),
     * allocation-free.
     *
     * @param dest receives the pose; may not be a layer's own pose
     * @param destWeights receives the weights; may not be a layer's own weights
     * @throws IllegalArgumentException if {@code dest}'s size is not the rest pose's or {@code destWeights}' layout
     *     not the rest weights' (nothing written)
     */
    public void evaluate(Pose dest, MorphWeights destWeights) {
        restWeights.requireSameLayout(destWeights, "destWeights");
        evaluate(dest);
        float[] out = destWeights.values;
        float[] restValues = restWeights.values;
        int[] offsets = restWeights.offsets;
        int layers = poses.length;
        boolean stack = mode == OverrideMode.STACKED;
        for (int m = 0; m < offsets.length - 1; m++) {
            for (int i = offsets[m]; i < offsets[m + 1]; i++) {
                double v;
                if (stack) {
                    v = restValues[i];
                    for (int l = 0; l < layers; l++) {
                        double lw = weights[l] * (morphMasks[l] == null ? 1f : morphMasks[l][m]);
                        double value = layerWeights[l].values[i];
                        if (kinds[l] == ADDITIVE) {
                            v += lw * (value - referenceWeights[l].values[i]);
                        } else {
                            v = lw == 1 ? value : v + lw * (value - v);
                        }
                    }
                    out[i] = (float) v;
                    continue;
                }
                double w = 0;
                v = 0;
                for (int l = 0; l < layers; l++) {
                    if (kinds[l] != OVERRIDE) {
                        continue;
                    }
                    double lw = weights[l] * (morphMasks[l] == null ? 1f : morphMasks[l][m]);
                    w += lw;
                    v += lw * layerWeights[l].values[i];
                }
                if (w < 1) { // the rest weights take what the layers leave
                    v += (1 - w) * restValues[i];
                } else if (w > 1) {
                    v /= w;
                }
                for (int l = 0; additives > 0 && l < layers; l++) {
                    if (kinds[l] == ADDITIVE) {
                        double lw = weights[l] * (morphMasks[l] == null ? 1f : morphMasks[l][m]);
                        v += lw * ((double) layerWeights[l].values[i] - referenceWeights[l].values[i]);
                    }
                }
                out[i] = (float) v;
            }
        }
    }

    private static int[] counts(MorphWeights weights) {
        int[] counts = new int[weights.morphCount()];
        for (int m = 0; m < counts.length; m++) {
            counts[m] = weights.count(m);
        }
        return counts;
    }

    /** {@code 1 + w (layer / reference − 1)}; 1 where the reference scale is 0 (no ratio to take). */
    private static double ratio(float layer, float reference, double w) {
        return reference == 0 ? 1 : 1 + w * ((double) layer / reference - 1);
    }

    /** {@code q ← q × slerp(1, conj(reference) × layer, w)}, on the shorter arc; {@link #q} holds the rotation. */
    private void turn(float[] reference, float[] layer, int o, double w) {
        double[] r = turned;
        for (int k = 0; k < 4; k++) {
            r[k] = q[k];
        }
        turn(reference, layer, o, w, r);
        Rotations.store(r, q, 0);
    }

    /** {@code r ← r × slerp(1, conj(reference) × layer, w)}, on the shorter arc, with {@code r} in double. */
    private void turn(float[] reference, float[] layer, int o, double w, double[] r) {
        double[] d = delta;
        double[] b = scratch;
        d[0] = -reference[o];
        d[1] = -reference[o + 1];
        d[2] = -reference[o + 2];
        d[3] = reference[o + 3];
        for (int k = 0; k < 4; k++) {
            b[k] = layer[o + k];
        }
        Rotations.multiply(d, b, d); // conj(reference) × layer
        Rotations.weighted(d, w);
        Rotations.multiply(r, d, r);
    }

    private int checkLayer(int layer) {
        if (layer < 0 || layer >= poses.length) {
            throw new IllegalArgumentException("layer out of range: layer=" + layer + ", layers=" + poses.length);
        }
        return layer;
    }
}
