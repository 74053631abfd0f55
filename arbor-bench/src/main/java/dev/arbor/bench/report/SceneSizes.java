package dev.arbor.bench.report;

import dev.arbor.scenes.Scenes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Node counts of the named scenes, generated once per name on first use. */
public final class SceneSizes {
    private static final Map<String, Integer> SIZES = new ConcurrentHashMap<>();

    private SceneSizes() {
    }

    /**
     * @param scene a name of {@link Scenes#NAMES}
     * @return its node count
     * @throws IllegalArgumentException if the name is unknown
     */
    public static int of(String scene) {
        return SIZES.computeIfAbsent(scene, name -> Scenes.byName(name).size());
    }
}
