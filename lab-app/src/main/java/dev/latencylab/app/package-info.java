/**
 * What the producer-app and the consumer-app share as Spring Boot apps: the filters and the error
 * answer before their control endpoints ({@code control}, imported by each app so that its web
 * slices have them), the self-test's endpoint ({@code selftest}) and the Kafka clients' meters
 * refreshed at the scrape interval ({@code metrics}), both through {@link LabAppAutoConfiguration}.
 */
package dev.latencylab.app;
