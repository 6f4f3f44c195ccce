/** Keeping what one thread writes per record off the cache lines another thread writes per record. */
package dev.latencylab.core.cachelines;
