/** The Kafka clients' meters, found and refreshed at the scrape interval, released with their client. */
package dev.latencylab.app.metrics;
