/**
 * Grafana as the lab uses it: the dashboards' panels and queries checked against Prometheus,
 * annotations, and dashboard snapshots (files always, Grafana's API when it answers).
 */
package dev.latencylab.runner.grafana;
