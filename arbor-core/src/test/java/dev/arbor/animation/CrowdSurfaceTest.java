package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.hierarchy.InstanceNodes;
import java.lang.reflect.Executable;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The crowd path's public surface stays small: no public method or constructor takes more than five parameters, and
 * {@link InstanceNodes} offers a user only the writes and reads (the part writes and window reads are the jobs'
 * alone).
 */
class CrowdSurfaceTest {
    private static final Class<?>[] CROWD_PATH = {Crowd.class, Crowd.Builder.class, CrowdJob.class,
        CrowdAnimator.class, CrowdSkin.class, ClipSampler.class, PoseBatch.class, InstanceNodes.class};

    @Test
    void noPublicMethodOfTheCrowdPathTakesMoreThanFiveParameters() {
        List<String> long_ = new ArrayList<>();
        for (Class<?> c : CROWD_PATH) {
            Stream.concat(Stream.of(c.getDeclaredMethods()), Stream.of(c.getDeclaredConstructors()))
                    .filter(e -> Modifier.isPublic(e.getModifiers()))
                    .filter(e -> e.getParameterCount() > 5)
                    .map(e -> c.getSimpleName() + "." + name(e) + " (" + e.getParameterCount() + ")")
                    .forEach(long_::add);
        }
        assertThat(long_).isEmpty();
    }

    @Test
    void instanceNodesOffersTheWritesAndReadsAlone() {
        List<String> methods = new ArrayList<>();
        for (var m : InstanceNodes.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers())) {
                methods.add(m.getName());
            }
        }
        assertThat(methods).containsExactlyInAnyOrder("instances", "size", "hierarchy", "beginWrites", "writeLocals",
                "endWrites", "beginReads", "readWorlds");
    }

    private static String name(Executable e) {
        return e instanceof java.lang.reflect.Constructor ? "<init>" : e.getName();
    }
}
