/**
 * The runner's one HTTP layer: a JSON client with errors that name the part of the lab that
 * failed, URL helpers, and the Prometheus query client built on it.
 */
package dev.latencylab.runner.endpoint;
