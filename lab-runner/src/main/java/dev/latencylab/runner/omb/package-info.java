/**
 * OpenMessaging Benchmark workloads brought to the lab: a workload file read, what maps onto a
 * scenario mapped, every field that does not named, a workload the mapping would misrepresent
 * refused with the reason.
 */
package dev.latencylab.runner.omb;
