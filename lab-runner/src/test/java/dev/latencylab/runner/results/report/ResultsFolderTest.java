package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results folder is a run's own, even when runs of one scenario start in the same second. */
class ResultsFolderTest {

    private static final Instant T0 = Instant.parse("2026-11-26T21:00:00Z");

    @TempDir
    Path root;

    @Test
    void anExistingFolderGetsTheNextName() throws Exception {
        Files.createDirectories(root.resolve("20261126T210000Z-sweep"));

        assertThat(ResultsWriter.folder(root, T0, "sweep").getFileName().toString())
                .isEqualTo("20261126T210000Z-sweep-2");
    }

    @Test
    void runsStartedTogetherEachGetAFolderOfTheirOwn() throws Exception {
        int runs = 16;
        for (int round = 0; round < 20; round++) {
            Path roundRoot = root.resolve("round-" + round);
            CyclicBarrier start = new CyclicBarrier(runs);
            ExecutorService pool = Executors.newFixedThreadPool(runs);
            try {
                List<Future<Path>> folders = new ArrayList<>();
                Callable<Path> run = () -> {
                    start.await();
                    return ResultsWriter.folder(roundRoot, T0, "sweep");
                };
                for (int i = 0; i < runs; i++) {
                    folders.add(pool.submit(run));
                }
                List<Path> got = new ArrayList<>();
                for (Future<Path> folder : folders) {
                    got.add(folder.get());
                }
                assertThat(got).as("round %d", round).doesNotHaveDuplicates().hasSize(runs);
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
