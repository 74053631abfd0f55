package dev.arbor.animation;

/**
 * How the override layers of a {@link PoseLayers} combine, per target, with {@code w} a layer's weight times its
 * mask's value for the target.
 */
public enum OverrideMode {
    /**
     * Each layer, in the order added, blends over the result of the layers below it (the rest pose below the first):
     * translations and scales {@code r + w (v − r)}, rotations {@code slerp(r, q, w)} on the shorter arc. A layer at
     * weight 1 replaces what is below it exactly, where its mask is 1; additive layers apply at their place in the
     * order. What game engines' animation layers do, and the default.
     */
    STACKED,
    /**
     * The layers' weighted mean, which does not depend on their order: translations and scales
     * {@code Σ w·v / Σ w}, rotations the normalised {@code Σ w·q} (each quaternion first turned to the rest rotation's
     * side), with the rest pose taking the remaining {@code 1 − Σ w} where the weights add up to less than 1. Two
     * layers at weight 1 on the same target give their half-and-half mix. Additive layers apply after the mean, in the
     * order added.
     */
    AVERAGED
}
