package dev.arbor.animation;

/**
 * What a clip does with a time outside its keys.
 */
public enum WrapMode {
    /**
     * Times before a channel's first key take the first key's value, times after its last key the last key's
     * value (the glTF 2.0 rule). The time is used as given.
     */
    CLAMP,
    /**
     * The time is first wrapped into {@code [0, endTime)} of the clip ({@code t mod endTime}, also for negative
     * times), then sampled as with {@link #CLAMP}. The loop starts at time 0, not at the first key, because glTF
     * time lines start at 0; a clip whose end time is 0 behaves as with {@link #CLAMP}.
     */
    LOOP
}
