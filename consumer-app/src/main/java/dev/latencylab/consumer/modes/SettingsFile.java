package dev.latencylab.consumer.modes;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.core.requestbody.StrictJsonBody;
import dev.latencylab.kafka.clientproperties.ClientPropertyCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The consumer settings in effect, kept in a file ({@code lab.consumer.settings-file}) so that an
 * instance killed mid-run and started again rejoins its group with the settings it had (its peers'
 * group protocol among them), not the defaults. Without a file nothing is kept or read.
 */
public final class SettingsFile {

    private static final Logger log = LoggerFactory.getLogger(SettingsFile.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final SettingsFile NONE = new SettingsFile(null);

    private final Path file;

    private SettingsFile(Path file) {
        this.file = file;
    }

    /** No file: every start uses the defaults. */
    public static SettingsFile none() {
        return NONE;
    }

    public static SettingsFile at(Path file) {
        return new SettingsFile(file);
    }

    /**
     * The settings an instance starts with: the stored ones over the defaults, else the defaults.
     *
     * @throws IllegalStateException naming the file when it cannot be read or its settings are
     *     refused: starting with the defaults instead would put this instance in its group with
     *     other settings than its peers, which is what the file is there to prevent
     */
    public ConsumerSettings initial() {
        if (file == null || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return ConsumerSettings.DEFAULTS;
        }
        ConsumerSettings stored;
        try {
            stored = read();
        } catch (IOException | BadSettingsException e) {
            throw new IllegalStateException(
                    "the consumer settings file " + file + " cannot be used: " + e.getMessage()
                            + "; delete it to start with the default settings",
                    e);
        }
        log.info("Consumer starts with the settings stored in {}: {}", file, stored.describe());
        return stored;
    }

    private ConsumerSettings read() throws IOException {
        refuseLinkOrFolder();
        // Read as the settings' JSON is: a file written before the fetch settings went into
        // consumerConfig still starts the instance with them.
        ConsumerSettings stored = ConsumerSettings.fromJson(
                StrictJsonBody.fields(Files.readString(file, StandardCharsets.UTF_8), "{\"maxPollRecords\": 50}"));
        // What the endpoint checks before it applies a change: a file is no way around it.
        ClientPropertyCheck.consumer("consumerConfig", stored.consumerConfig());
        return stored;
    }

    /**
     * Stores {@code settings}, if there is a file; a failure is logged, not thrown: the change is in
     * effect whether or not it could be kept.
     */
    void keep(ConsumerSettings settings) {
        if (file == null) {
            return;
        }
        try {
            write(settings);
        } catch (IOException | RuntimeException e) {
            log.warn(
                    "Consumer settings not stored in {} ({}): a restart of this instance starts with older ones",
                    file,
                    e.toString());
        }
    }

    /**
     * Whole or not at all: a temporary file in the same folder moved over the old one, so a kill
     * mid-write leaves the previous settings, never half of them. Whether the consumer reads is not
     * stored: a started instance always reads.
     */
    void write(ConsumerSettings settings) throws IOException {
        refuseLinkOrFolder();
        Path folder = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(folder, "." + file.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, JSON.writeValueAsString(ConsumerChange.to(settings)), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A link would have this process read or replace another file; a folder is not ours to replace. */
    private void refuseLinkOrFolder() throws IOException {
        if (Files.isSymbolicLink(file)) {
            throw new IOException("refusing " + file + ": it is a symbolic link");
        }
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("refusing " + file + ": it is a directory");
        }
    }

    @Override
    public String toString() {
        return file == null ? "no settings file" : file.toString();
    }
}
