/**
 * The producer-app and consumer-app instances a command drives, by address: the URLs given on the command line
 * or in a workers file, a name that resolves to several addresses expanded to one URL each, and Prometheus'
 * scrape targets written for the same list.
 */
package dev.latencylab.runner.workers;
