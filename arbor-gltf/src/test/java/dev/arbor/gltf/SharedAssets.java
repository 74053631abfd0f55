package dev.arbor.gltf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Locates the shared glTF sample models ({@code ../shared/data/gltf} beside the repository root). */
final class SharedAssets {
    static final List<String> MODELS = List.of("AnimatedTriangle", "BoxAnimated", "CesiumMan", "InterpolationTest",
            "MetalRoughSpheresNoTextures", "NegativeScaleTest", "RiggedFigure", "RiggedSimple", "SimpleSkin");

    private SharedAssets() {
    }

    /** The shared folder; fails with a clear message when it is missing. */
    static Path dir() {
        String start = System.getProperty("maven.multiModuleProjectDirectory", ".");
        Path p = Path.of(start).toAbsolutePath();
        for (Path q = p; q != null; q = q.getParent()) {
            Path candidate = q.resolve("../shared/data/gltf").normalize();
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("shared glTF assets not found: looked for ../shared/data/gltf above " + p);
    }

    /** The model file (.glb or .gltf) of a named asset. */
    static Path model(String name) {
        Path folder = dir().resolve(name);
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> found = files.filter(f -> f.toString().endsWith(".glb") || f.toString().endsWith(".gltf"))
                    .collect(Collectors.toList());
            if (found.size() != 1) {
                throw new IllegalStateException("expected one model file in " + folder + ", found " + found);
            }
            return found.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path staticWorld(String name) {
        return dir().resolve(name).resolve(name + ".static-world.json");
    }
}
