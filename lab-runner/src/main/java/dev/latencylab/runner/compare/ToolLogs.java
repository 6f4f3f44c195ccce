package dev.latencylab.runner.compare;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** Numbered files for each tool's output in the results folder (tools/01-topic-describe.txt, ...), in run order. */
final class ToolLogs {

    private final Path dir;
    private final AtomicInteger next = new AtomicInteger(1);

    ToolLogs(Path dir) {
        this.dir = dir;
    }

    Path next(String name) {
        return dir.resolve(String.format("%02d-%s.txt", next.getAndIncrement(), name));
    }
}
