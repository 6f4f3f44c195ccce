/** Request bodies read strictly, as both apps' control endpoints need: a repeated key is a mistake. */
package dev.latencylab.core.requestbody;
