/**
 * Producer settings, their accepted ranges and the reader that checks them, as the producer's
 * endpoint and the scenario files share them.
 */
package dev.latencylab.api.settings;
