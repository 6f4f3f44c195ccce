/**
 * What the apps' control endpoints take: who may change the lab (the rule, {@link
 * dev.latencylab.core.control.LocalControl}) and the two filters both apps put before every endpoint,
 * on the Servlet API alone (a change only from loopback, a body of at most 64 KiB).
 */
package dev.latencylab.core.control;
