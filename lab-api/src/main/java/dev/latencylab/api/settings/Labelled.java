package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A choice of the contract whose constants JSON, scenario files and reports spell by their label
 * ({@link EnumLabels}: {@code per-key} for {@code PER_KEY}). Jackson finds the {@link JsonValue} here
 * on every enum that implements it, so every mapper writes the label without a module of its own;
 * a label is read through the settings' reader ({@code FieldReads.labelled}), which names the field
 * and what it accepts. Its enums' {@code toString} is the label too (Java gives an interface no
 * {@code toString} of its own to lend).
 */
public interface Labelled {

    /** The contract's name. */
    @JsonValue
    default String label() {
        return EnumLabels.label((Enum<?>) this);
    }
}
