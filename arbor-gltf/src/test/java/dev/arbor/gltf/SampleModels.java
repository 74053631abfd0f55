package dev.arbor.gltf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Locates the glTF sample models of the test resources ({@code src/test/resources/models}, one folder per model with
 * its licence files and its independently computed rest-pose world matrices; see the README there).
 */
final class SampleModels {
    static final List<String> MODELS = List.of("AnimatedTriangle", "BoxAnimated", "CesiumMan", "InterpolationTest",
            "MetalRoughSpheresNoTextures", "NegativeScaleTest", "RiggedFigure", "RiggedSimple", "SimpleSkin");

    private SampleModels() {
    }

    /** @return the name of every model of the test assets (each folder beside the README), sorted */
    static List<String> all() {
        try (Stream<Path> folders = Files.list(dir())) {
            return folders.filter(Files::isDirectory).map(f -> f.getFileName().toString()).sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The folder of the sample models on the test class path. */
    static Path dir() {
        URL url = SampleModels.class.getResource("/models/README.md");
        if (url == null) {
            throw new IllegalStateException("sample models not on the test class path: /models/README.md");
        }
        try {
            return Path.of(url.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("sample models folder " + url + " is not a file path", e);
        }
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
