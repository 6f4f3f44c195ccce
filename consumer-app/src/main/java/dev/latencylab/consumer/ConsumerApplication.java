package dev.latencylab.consumer;

import dev.latencylab.app.control.BadSettingsHandler;
import dev.latencylab.app.control.ControlFilters;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableScheduling;

@SpringBootApplication
@ConfigurationPropertiesScan
@Import({ControlFilters.class, BadSettingsHandler.class})
@EnableScheduling
public class ConsumerApplication {

    /**
     * The app reads consumer-app.yml rather than application.yml, so both apps can run in one JVM
     * (the integration tests) without one's configuration shadowing the other's.
     */
    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(ConsumerApplication.class).properties("spring.config.name=consumer-app");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
