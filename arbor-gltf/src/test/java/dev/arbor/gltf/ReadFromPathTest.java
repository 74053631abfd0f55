package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Gltf#read(Path)} reads files of the default file system with a plain stream and others through
 * {@link Files}: the same model either way, a missing file is an {@link IOException} naming it.
 */
class ReadFromPathTest {
    private static String summary(GltfModel m) {
        return m.sourceName() + " " + m.nodeCount() + " nodes, " + m.skinCount() + " skins, " + m.animationCount()
                + " animations, " + m.warnings();
    }

    @Test
    void aFileAndTheSameBytesInAZipReadAlike(@TempDir Path dir) throws Exception {
        Path model = SampleModels.model("CesiumMan");
        byte[] bytes = Files.readAllBytes(model);
        GltfModel fromMemory = Gltf.read(bytes, model.getFileName().toString(), model.getParent());
        GltfModel fromFile = Gltf.read(model);
        assertThat(summary(fromFile)).isEqualTo(summary(fromMemory));

        Path zip = dir.resolve("models.zip");
        try (FileSystem fs = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("create", "true"))) {
            Files.write(fs.getPath("/CesiumMan.glb"), bytes);
        }
        try (FileSystem fs = FileSystems.newFileSystem(zip)) {
            GltfModel fromZip = Gltf.read(fs.getPath("/CesiumMan.glb"));
            assertThat(summary(fromZip)).isEqualTo(summary(fromMemory));
        }
    }

    @Test
    void aStreamIsReadInChunksIntoAnArrayOfItsSizeOrOfWhatItHeld() throws Exception {
        byte[] bytes = new byte[3 * UriSources.READ_CHUNK + 17];
        new java.util.Random(45).nextBytes(bytes);
        int[] largestAsk = {0};
        java.io.InputStream stream = new java.io.ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                largestAsk[0] = Math.max(largestAsk[0], len);
                return super.read(b, off, Math.min(len, 1000)); // short reads, as a pipe gives them
            }
        };
        byte[] all = UriSources.readUpTo(stream, bytes.length);
        assertThat(all).isEqualTo(bytes);
        assertThat(largestAsk[0]).isEqualTo(UriSources.READ_CHUNK);

        byte[] fewer = UriSources.readUpTo(new java.io.ByteArrayInputStream(bytes, 0, 100), 5000);
        assertThat(fewer).hasSize(100).isEqualTo(java.util.Arrays.copyOf(bytes, 100));
    }

    @Test
    void aMissingFileIsAnIoErrorNamingIt(@TempDir Path dir) {
        Path missing = dir.resolve("missing.glb");
        Throwable thrown = catchThrowable(() -> Gltf.read(missing));
        assertThat(thrown).isInstanceOf(NoSuchFileException.class).hasMessageContaining("missing.glb");
    }
}
