/** The app's wall clock on the control API, for the runner's clock-offset estimate. */
package dev.latencylab.app.clock;
