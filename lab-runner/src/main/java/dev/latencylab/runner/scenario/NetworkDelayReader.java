package dev.latencylab.runner.scenario;

import static dev.latencylab.runner.scenario.ScenarioFields.unknownFields;

import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Reads a phase's {@code network} block: the round trip the lab adds between clients and brokers. */
final class NetworkDelayReader {

    static final Set<String> FIELDS = Set.of("rttMs", "jitterMs", "lossPercent", "receiveBufferBytes");

    private NetworkDelayReader() {}

    /** {@code network: {rttMs: 50, jitterMs: 0, lossPercent: 0, receiveBufferBytes: 102400}}; null when absent. */
    static NetworkDelay read(JsonNode node, String field, ScenarioProblems problems) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(field, "must be a mapping such as {rttMs: 50}");
            return null;
        }
        unknownFields(node, FIELDS, problems, field);
        JsonNode buffer = node.path("receiveBufferBytes");
        int receiveBuffer = NetworkDelay.BROKER_RECEIVE_BUFFER;
        if (!buffer.isMissingNode()) {
            if (buffer.isIntegralNumber()
                    && (buffer.asInt() == -1 || (buffer.asInt() >= 1024 && buffer.asInt() <= 64 * 1024 * 1024))) {
                receiveBuffer = buffer.asInt();
            } else {
                problems.add(
                        field + ".receiveBufferBytes",
                        "must be -1 (the kernel tunes it) or 1024..67108864, got " + buffer);
            }
        }
        double rtt = number(node.path("rttMs"), 0, NetworkDelay.MAX_RTT_MS, field + ".rttMs", problems);
        double jitter = number(node.path("jitterMs"), 0, NetworkDelay.MAX_RTT_MS, field + ".jitterMs", problems);
        double loss = number(node.path("lossPercent"), 0, 100, field + ".lossPercent", problems);
        if (jitter > rtt) {
            problems.add(field + ".jitterMs", "must not exceed rttMs");
            return null;
        }
        return new NetworkDelay(rtt, jitter, loss, receiveBuffer);
    }

    private static double number(JsonNode v, double min, double max, String field, ScenarioProblems problems) {
        if (v.isMissingNode()) {
            return 0;
        }
        if (!v.isNumber() || v.asDouble() < min || v.asDouble() > max) {
            problems.add(field, "must be a number from " + (long) min + " to " + (long) max + ", got " + v);
            return 0;
        }
        return v.asDouble();
    }
}
