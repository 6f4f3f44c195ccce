/**
 * Before every control endpoint of an app: lab-core's filters, no filter of Spring's reading a body ahead of
 * them, and a refused setting as a 400 naming its field.
 */
package dev.latencylab.app.control;
