package dev.latencylab.core.control;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.DelegatingServletInputStream;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** A body is bounded whether its length is declared or not, and one within the bound reaches the endpoint whole. */
class RequestBodyLimitFilterTest {

    private static final int MAX = RequestBodyLimitFilter.MAX_BODY_BYTES;

    private final RequestBodyLimitFilter filter = new RequestBodyLimitFilter();
    private final MockHttpServletResponse response = new MockHttpServletResponse();
    private final MockFilterChain chain = new MockFilterChain();

    @Test
    void aDeclaredLengthOverTheBoundIsRefusedBeforeTheBodyIsRead() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/actuator/producer") {
            @Override
            public long getContentLengthLong() {
                return 10L * 1024 * 1024 * 1024;
            }

            @Override
            public ServletInputStream getInputStream() {
                throw new AssertionError("read, though its declared length is over the bound");
            }
        };

        filter.doFilter(request, response, chain);

        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.getContentAsString())
                .isEqualTo("{\"error\":\"the request body has 10737418240 bytes; the lab's control endpoints take at"
                        + " most 65536 (64 KiB): a settings change is a few hundred\"}");
        assertThat(chain.getRequest()).isNull();
    }

    @Test
    void aBodyOfUndeclaredLengthIsStoppedAtTheFirstBytePastTheBound() throws Exception {
        CountingStream endless = new CountingStream(new byte[10 * MAX]);

        filter.doFilter(chunked(endless), response, chain);

        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.getContentAsString()).contains("the request body has more than 65536 bytes");
        assertThat(endless.read).isEqualTo(MAX + 1);
        assertThat(chain.getRequest()).isNull();
    }

    @Test
    void aBodyOfTheBoundReachesTheEndpointWhole() throws Exception {
        byte[] body = new byte[MAX];
        Arrays.fill(body, (byte) 'x');

        filter.doFilter(chunked(new CountingStream(body)), response, chain);

        assertThat(response.getStatus()).isEqualTo(200);
        ServletRequest passed = chain.getRequest();
        assertThat(passed.getInputStream().readAllBytes()).isEqualTo(body);
        assertThat(passed.getContentLengthLong()).isEqualTo(MAX);
    }

    /** A POST without Content-Length (chunked), its body from {@code in}. */
    private static MockHttpServletRequest chunked(InputStream in) {
        return new MockHttpServletRequest("POST", "/actuator/producer") {
            @Override
            public long getContentLengthLong() {
                return -1;
            }

            @Override
            public ServletInputStream getInputStream() {
                return new DelegatingServletInputStream(in);
            }
        };
    }

    /** Counts what was read of it. */
    private static final class CountingStream extends ByteArrayInputStream {

        int read;

        CountingStream(byte[] content) {
            super(content);
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            int n = super.read(b, off, len);
            read += Math.max(n, 0);
            return n;
        }

        @Override
        public synchronized int read() {
            int b = super.read();
            read += b < 0 ? 0 : 1;
            return b;
        }
    }
}
