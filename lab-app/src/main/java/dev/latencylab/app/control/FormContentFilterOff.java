package dev.latencylab.app.control;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Turns Spring's {@code FormContentFilter} off in both apps. On by default and ordered before every
 * filter of the lab, it reads the whole body of any form-urlencoded PUT, PATCH or DELETE into a
 * String, on any path: the 64 KiB bound and the Origin check would come after a body that filled
 * the heap. No endpoint of the lab takes a form. The property goes first, over what a properties
 * file or the command line says, so no app can take it back by a setting; listed in lab-app's
 * {@code META-INF/spring.factories}, it reaches an app's whole context and its web slices alike.
 */
public class FormContentFilterOff implements EnvironmentPostProcessor {

    static final String PROPERTY = "spring.mvc.formcontent.filter.enabled";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment
                .getPropertySources()
                .addFirst(new MapPropertySource("labFormContentFilterOff", Map.of(PROPERTY, "false")));
    }
}
