/** What every request to the consumer-app passes first: a change of the lab only from scripts and the runner on loopback. */
package dev.latencylab.consumer.web;
