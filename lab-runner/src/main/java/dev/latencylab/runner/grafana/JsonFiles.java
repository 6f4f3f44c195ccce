package dev.latencylab.runner.grafana;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The JSON files of a folder, in name order so that what is read from them and reported is stable. */
final class JsonFiles {

    private JsonFiles() {}

    static List<Path> in(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(f -> f.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        }
    }
}
