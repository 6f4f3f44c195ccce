/**
 * The user's own records for payload {@code sample}: the file a setting names, where it may be, and
 * how it is read and cut into records, the same way by the producer-app and the runner's scenario
 * loader.
 */
package dev.latencylab.api.payload;
