/** An app's wall clock on the wire ({@code GET /actuator/clock}), read by the runner to estimate its offset. */
package dev.latencylab.api.clock;
