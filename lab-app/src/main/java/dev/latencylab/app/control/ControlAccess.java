package dev.latencylab.app.control;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who may drive an app that listens beyond loopback ({@link ControlToken}).
 *
 * @param tokenFile the file of the token every control request must bear when the app listens beyond loopback
 *     (readable by its owner alone); none by default
 * @param requireToken null (the default): a token is required exactly when {@code server.address} (what
 *     {@code lab.control.bind-address} sets) is not a loopback address; true forces it (tests), false waives it
 *     (compose: the container listens on 0.0.0.0 of its own network and compose publishes the port on
 *     127.0.0.1 only)
 */
@ConfigurationProperties("lab.control")
public record ControlAccess(Path tokenFile, Boolean requireToken) {}
