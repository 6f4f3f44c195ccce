package dev.latencylab.app.selftest;

import dev.latencylab.api.settings.BadSettingsException;
import java.util.Map;
import java.util.Set;

/** The one fault an app injects for the self-test, of a size the request gives: the endpoint's app-side half. */
public interface SelfTestFault {

    /** A request body that arms it, for the error that answers a malformed one. */
    String example();

    /** The fields a request may give. */
    Set<String> fields();

    /**
     * Arms the fault from a request's fields, or refuses a field's value.
     *
     * @return what was armed, the answer's body
     * @throws BadSettingsException naming the field at fault
     */
    Map<String, Object> arm(Map<String, Object> fields);

    /** What is armed and what was done so far. */
    Map<String, Object> state();
}
