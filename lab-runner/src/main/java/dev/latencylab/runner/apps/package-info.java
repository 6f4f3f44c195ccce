/**
 * The lab's two apps as the runner drives them: the producer's and consumer's endpoints (lab-api
 * types), the preflight of every part, and the one "drained" rule.
 */
package dev.latencylab.runner.apps;
