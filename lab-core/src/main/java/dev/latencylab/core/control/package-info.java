/**
 * What the apps' control endpoints take: who may change the lab (the rule, {@link
 * dev.latencylab.core.control.LocalControl}) and the filters both apps put before every endpoint, on the
 * Servlet API alone (a change only from loopback, a body of at most 64 KiB; beyond loopback, a request only
 * with the token of a file its owner alone may read, {@link dev.latencylab.core.control.BearerTokenFilter}).
 */
package dev.latencylab.core.control;
