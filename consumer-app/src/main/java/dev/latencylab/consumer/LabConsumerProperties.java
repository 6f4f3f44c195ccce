package dev.latencylab.consumer;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * @param topics the pattern of the topics to measure: the lab topic and the topics phases write
 *     (a partition count, a codec's size on disk); a topic created later is read once the
 *     consumer's metadata sees it (metadata.max.age.ms)
 * @param lossGrace how long a gap in a producer's sequence may stay open before it counts as
 *     lost: long enough for the slowest partition to catch up, short enough to report loss
 *     while a run is still going
 * @param ledgerDir where the group's offset ledger file lives: every instance of the group on
 *     this host must see the same directory, so it survives any one instance (a SIGKILL included)
 * @param settingsFile where this instance keeps the consumer settings in effect, one file per
 *     instance: a restart rejoins the group with the settings it had, not the defaults (null: none
 *     kept, every start uses the defaults)
 */
@Validated
@ConfigurationProperties("lab.consumer")
public record LabConsumerProperties(
        @DefaultValue("lab\\.orders(\\..+)?") @NotBlank String topics,
        @DefaultValue("10s") Duration lossGrace,
        @NotNull Path ledgerDir,
        Path settingsFile) {}
