/** Who may change the lab through its control endpoints: the rule both apps' request filters apply. */
package dev.latencylab.core.control;
