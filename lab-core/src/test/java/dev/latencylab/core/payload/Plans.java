package dev.latencylab.core.payload;

import dev.latencylab.api.payload.SampleFile;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/** Plans made from settings as the producer will make them, and the events' JSON shape. */
final class Plans {

    static final long NOW_MICROS = 1_763_769_600_123_456L;

    private Plans() {}

    static PayloadPlan plan(PayloadKind kind, int payloadBytes, KeyStrategy keys) {
        return PayloadPlan.of(settings(kind, payloadBytes, keys, null), SampleFile::read);
    }

    static PayloadPlan sample(Path file, KeyStrategy keys) {
        return PayloadPlan.of(settings(PayloadKind.SAMPLE, 400, keys, file.toString()), SampleFile::read);
    }

    static ProducerSettings settings(PayloadKind kind, int payloadBytes, KeyStrategy keys, String file) {
        ProducerSettings base = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, payloadBytes, keys);
        return new ProducerSettings(
                base.lingerMs(),
                base.batchSize(),
                base.compression(),
                null,
                base.rate(),
                payloadBytes,
                keys,
                kind,
                file,
                base.acks(),
                0,
                0,
                base.pacing(),
                Map.of());
    }

    /**
     * The whole order event, every string's content matching {@code content}: a value matching it
     * is a valid JSON object (the strings hold no quote or backslash).
     */
    static Pattern orderEventShape(String content) {
        String s = "\"" + content + "\"";
        String item = "\\{\"sku\":" + s + ",\"qty\":\\d+,\"unitPrice\":\\d+\\.\\d\\d\\}";
        return Pattern.compile("\\{\"orderId\":" + s + ",\"customerId\":" + s + ",\"createdAtMicros\":\\d+"
                + ",\"status\":\"NEW\",\"currency\":" + s + ",\"items\":\\[" + item + "(," + item + "){0,2}\\]"
                + ",\"total\":\\d+\\.\\d\\d,\"shipping\":\\{\"country\":" + s + ",\"postcode\":" + s + "\\}"
                + ",\"note\":" + s + "\\}");
    }

    static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
