package dev.latencylab.core.control;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** Beyond loopback: only health and metrics without the token; anything else with it alone. */
class BearerTokenFilterTest {

    private static final String TOKEN = "0123456789abcdefghij";

    private final BearerTokenFilter filter = new BearerTokenFilter(TOKEN);
    private final MockHttpServletResponse response = new MockHttpServletResponse();
    private final MockFilterChain chain = new MockFilterChain();

    @ParameterizedTest
    @CsvSource({
        "GET, /actuator/health, true",
        "GET, /actuator/health/liveness, true",
        "HEAD, /actuator/prometheus, true",
        "GET, /actuator/healthy, false",
        "GET, /actuator/prometheus/x, false",
        "POST, /actuator/health, false",
        "GET, /actuator/producer, false",
        "GET, /actuator/clock, false",
        "GET, /actuator/info, false",
        "DELETE, /actuator/latency, false",
    })
    void withoutATokenOnlyHealthAndMetricsAreReadable(String method, String path, boolean passes) throws Exception {
        filter.doFilter(request(method, path, null), response, chain);

        assertThat(chain.getRequest() != null).isEqualTo(passes);
        if (!passes) {
            assertThat(response.getStatus()).isEqualTo(401);
            assertThat(response.getHeader("WWW-Authenticate")).isEqualTo("Bearer");
            assertThat(response.getContentType()).startsWith("application/json");
            assertThat(response.getContentAsString()).startsWith("{\"error\":\"this app listens beyond loopback");
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Bearer 0123456789abcdefghij | true",
                "bearer 0123456789abcdefghij | true",
                "Bearer 0123456789abcdefghiJ | false",
                "Bearer 0123456789abcdefghij0 | false",
                "Bearer 0123456789abcdefghi | false",
                "Basic 0123456789abcdefghij | false",
                "0123456789abcdefghij | false",
                "Bearer | false",
            })
    void aWriteReachesTheEndpointWithTheExactTokenOnly(String authorization, boolean passes) throws Exception {
        filter.doFilter(request("POST", "/actuator/producer", authorization), response, chain);

        assertThat(chain.getRequest() != null).isEqualTo(passes);
        assertThat(response.getStatus()).isEqualTo(passes ? 200 : 401);
    }

    @Test
    void aWrongTokenOnAnOpenPathIsNoMatter() throws Exception {
        filter.doFilter(request("GET", "/actuator/prometheus", "Bearer wrong"), response, chain);

        assertThat(chain.getRequest()).isNotNull();
    }

    private static MockHttpServletRequest request(String method, String path, String authorization) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        request.setServletPath(path);
        if (authorization != null) {
            request.addHeader("Authorization", authorization);
        }
        return request;
    }
}
