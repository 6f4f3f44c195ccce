package dev.latencylab.kafka.clientproperties;

import dev.latencylab.api.settings.BadSettingsException;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/**
 * Checks properties against the Kafka client's own definitions ({@code ProducerConfig.configDef()}):
 * a name the client does not know, or a value its type or validator refuses, is refused with the
 * property named, before any producer is made with it. The same check runs in the scenario loader
 * and in the producer's endpoint.
 */
public final class ClientPropertyCheck {

    /** Class-valued properties load code by name: only the Kafka client's own classes are accepted. */
    private static final String KAFKA_PACKAGE = "org.apache.kafka.";

    /**
     * The LIST properties of either client whose items are no class names (hosts, TLS names, an
     * audience, config providers' aliases: a provider's class is a property the definitions do not
     * know, so it is refused as unknown). Every other LIST, like every CLASS, loads what it names
     * ({@code partition.assignment.strategy} too): one a new client adds is under the rule until
     * it is named here.
     */
    private static final Set<String> LISTS_OF_NO_CLASS = Set.of(
            "bootstrap.servers",
            "ssl.cipher.suites",
            "ssl.enabled.protocols",
            "sasl.oauthbearer.expected.audience",
            "config.providers");

    private ClientPropertyCheck() {}

    /** Refuses the first of {@code properties} (shape already checked) that the producer would not take. */
    public static void producer(String field, Map<String, String> properties) {
        check(field, properties, ProducerConfig.configDef(), "producer", "ProducerConfig");
    }

    /** Refuses the first of {@code properties} (shape already checked) that the consumer would not take. */
    public static void consumer(String field, Map<String, String> properties) {
        check(field, properties, ConsumerConfig.configDef(), "consumer", "ConsumerConfig");
    }

    private static void check(
            String field, Map<String, String> properties, ConfigDef definitions, String client, String defined) {
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String name = e.getKey();
            String at = field + "." + name;
            ConfigDef.ConfigKey key = definitions.configKeys().get(name);
            if (key == null) {
                throw new BadSettingsException(
                        at, at + ": the Kafka " + client + " has no property " + name + " (see " + defined + ")");
            }
            Object value;
            try {
                value = ConfigDef.parseType(name, e.getValue(), key.type);
                if (key.validator != null) {
                    key.validator.ensureValid(name, value);
                }
            } catch (ConfigException refused) {
                throw new BadSettingsException(
                        at,
                        at + " must be " + describe(key) + "; got \"" + e.getValue() + "\" (" + refused.getMessage()
                                + ")");
            }
            if (loadsClasses(key) && !onlyKafkaClasses(e.getValue())) {
                throw new BadSettingsException(
                        at,
                        at + " names classes to load: only the Kafka client's own (" + KAFKA_PACKAGE
                                + "...) are accepted; got \"" + e.getValue() + "\"");
            }
        }
    }

    private static String describe(ConfigDef.ConfigKey key) {
        String type =
                switch (key.type) {
                    case INT, SHORT, LONG -> "an integer";
                    case DOUBLE -> "a number";
                    case BOOLEAN -> "true or false";
                    case LIST -> "a comma-separated list";
                    case CLASS -> "a class name";
                    default -> "text";
                };
        return key.validator != null ? type + " in " + key.validator : type;
    }

    private static boolean loadsClasses(ConfigDef.ConfigKey key) {
        return key.type == ConfigDef.Type.CLASS
                || (key.type == ConfigDef.Type.LIST && !LISTS_OF_NO_CLASS.contains(key.name));
    }

    private static boolean onlyKafkaClasses(String value) {
        for (String name : value.split(",")) {
            if (!name.isBlank() && !name.trim().startsWith(KAFKA_PACKAGE)) {
                return false;
            }
        }
        return true;
    }
}
