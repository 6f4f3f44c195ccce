/** How every module waits for a condition: {@link dev.latencylab.api.wait.Wait}, one poll loop for all. */
package dev.latencylab.api.wait;
