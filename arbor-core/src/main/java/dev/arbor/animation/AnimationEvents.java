package dev.arbor.animation;

import java.util.Arrays;

/**
 * Named time markers on a clip's time line (a footstep at 0.3 s, a sound at 1.2 s), fired by a {@link Playback}
 * exactly once each time playback passes them. Immutable; markers are kept sorted by time (equal times in the order
 * added).
 */
public final class AnimationEvents {
    /** No markers. */
    public static final AnimationEvents NONE = new AnimationEvents(new String[0], new float[0]);

    private final String[] names;
    private final float[] times;

    private AnimationEvents(String[] names, float[] times) {
        this.names = names;
        this.times = times;
    }

    /**
     * Starts a set of markers for a clip: each marker's time must lie within the clip, from 0 to its end time.
     *
     * @param clip the clip the markers belong to
     * @return a builder
     */
    public static Builder builder(AnimationClip clip) {
        return new Builder(clip.endTime());
    }

    /** @return the number of markers */
    public int size() {
        return times.length;
    }

    /**
     * @param index marker index, in time order
     * @return the marker's name
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     */
    public String name(int index) {
        return names[index];
    }

    /**
     * @param index marker index, in time order
     * @return the marker's time in seconds
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     */
    public float time(int index) {
        return times[index];
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("AnimationEvents[");
        for (int k = 0; k < times.length; k++) {
            b.append(k == 0 ? "" : ", ").append(names[k]).append('@').append(times[k]);
        }
        return b.append(']').toString();
    }

    /** Collects markers; {@link #build} sorts them. */
    public static final class Builder {
        private final float endTime;
        private String[] names = new String[4];
        private float[] times = new float[4];
        private int count;

        private Builder(float endTime) {
            this.endTime = endTime;
        }

        /**
         * Adds a marker.
         *
         * @param name its name, not empty
         * @param time its time in seconds, from 0 to the clip's end time
         * @return this builder
         * @throws IllegalArgumentException if the name is empty or the time is outside the clip (nothing added)
         * @throws NullPointerException if {@code name} is null
         */
        public Builder add(String name, float time) {
            if (name.isEmpty()) {
                throw new IllegalArgumentException("event name is empty");
            }
            if (!(time >= 0 && time <= endTime)) {
                throw new IllegalArgumentException("event time outside the clip: " + name + " at time=" + time
                        + ", allowed=[0, " + endTime + "]");
            }
            if (count == times.length) {
                names = Arrays.copyOf(names, count * 2);
                times = Arrays.copyOf(times, count * 2);
            }
            names[count] = name;
            times[count++] = time;
            return this;
        }

        /** @return the markers, sorted by time */
        public AnimationEvents build() {
            Integer[] order = new Integer[count];
            for (int k = 0; k < count; k++) {
                order[k] = k;
            }
            Arrays.sort(order, (a, b) -> Float.compare(times[a], times[b])); // stable: equal times keep their order
            String[] sortedNames = new String[count];
            float[] sortedTimes = new float[count];
            for (int k = 0; k < count; k++) {
                sortedNames[k] = names[order[k]];
                sortedTimes[k] = times[order[k]];
            }
            return new AnimationEvents(sortedNames, sortedTimes);
        }
    }
}
