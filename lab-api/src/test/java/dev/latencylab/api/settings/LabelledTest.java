package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every choice the settings' tables hold is written as its label by any mapper, not only by one that
 * writes enums by their toString (Jackson 3's default, which a Spring or runner mapper may turn off),
 * and shows the label as its toString in messages and descriptions.
 */
class LabelledTest {

    private static final List<Class<? extends Enum<?>>> CHOICES = List.of(
            CommitMode.class,
            KeyStrategy.class,
            Pacing.class,
            PayloadKind.class,
            ProcessingOrder.class,
            ListenerType.class,
            WorkKind.class);

    private final JsonMapper byName = JsonMapper.builder()
            .disable(EnumFeature.WRITE_ENUMS_USING_TO_STRING)
            .disable(EnumFeature.READ_ENUMS_USING_TO_STRING)
            .build();

    @Test
    void everyChoiceIsWrittenAndShownAsItsLowercaseDashedLabel() {
        for (Class<? extends Enum<?>> type : CHOICES) {
            for (Enum<?> constant : type.getEnumConstants()) {
                String label = constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
                assertThat(((Labelled) constant).label()).isEqualTo(label);
                assertThat(constant).hasToString(label);
                assertThat(byName.writeValueAsString(constant)).isEqualTo("\"" + label + "\"");
                assertThat(byName.readValue("\"" + label + "\"", type)).isSameAs(constant);
            }
        }
    }

    @Test
    void everyChoiceOfTheTablesIsLabelled() {
        List<RecordComponent> components = new ArrayList<>(List.of(ConsumerSettings.class.getRecordComponents()));
        components.addAll(List.of(ProducerSettings.class.getRecordComponents()));
        for (RecordComponent c : components) {
            // Kafka's own values keep Kafka's spelling.
            if (c.getType().isEnum() && c.getType() != Compression.class && c.getType() != Acks.class) {
                assertThat(CHOICES.contains(c.getType())).as(c.getName()).isTrue();
            }
        }
    }
}
