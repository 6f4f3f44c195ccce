package dev.latencylab.app.control;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param ownNames the app's host names besides 127.0.0.1, localhost and ::1 that a request may name in
 *     {@code Host} (compose's Prometheus scrapes {@code producer-app:8080}); none by default
 */
@ConfigurationProperties("lab.control")
public record ControlHosts(@DefaultValue List<String> ownNames) {}
