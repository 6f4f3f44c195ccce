package dev.latencylab.app.control;

import dev.latencylab.core.control.LocalControlFilter;
import dev.latencylab.core.control.RequestBodyLimitFilter;
import java.util.Set;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * lab-core's two filters before every endpoint of an app, in a fixed order: a change from a web
 * page, or any request addressed to a name not the app's ({@link ControlHosts}), is refused (403)
 * before a byte of its body is read, then a body over 64 KiB (413). Both run
 * after Spring Boot's own filters, as they did as components. Each app's application class imports
 * this, so the {@code @WebMvcTest} slices, which scan no configuration, have the filters too.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ControlHosts.class)
public class ControlFilters {

    @Bean
    FilterRegistrationBean<LocalControlFilter> localControlFilter(ControlHosts hosts) {
        FilterRegistrationBean<LocalControlFilter> registration =
                new FilterRegistrationBean<>(new LocalControlFilter(Set.copyOf(hosts.ownNames())));
        registration.setOrder(Ordered.LOWEST_PRECEDENCE - 1);
        return registration;
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter() {
        FilterRegistrationBean<RequestBodyLimitFilter> registration =
                new FilterRegistrationBean<>(new RequestBodyLimitFilter());
        registration.setOrder(Ordered.LOWEST_PRECEDENCE);
        return registration;
    }
}
