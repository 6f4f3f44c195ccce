/**
 * Producer settings, their accepted ranges and the reader that checks them, as the producer's
 * endpoint and the scenario files share them; and the sample file a setting may name, read and
 * checked the same way by both.
 */
package dev.latencylab.api.settings;
