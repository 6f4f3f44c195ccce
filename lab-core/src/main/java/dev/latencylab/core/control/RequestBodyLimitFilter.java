package dev.latencylab.core.control;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Refuses, with a 413 and its reason, a request body larger than {@link #MAX_BODY_BYTES}. The
 * endpoints read a body whole into a string and then a map before they look at a field, and
 * neither Spring nor Tomcat bounds a JSON body: a client could otherwise fill the heap with one
 * request. A body is read here up to the bound and handed on from memory; one without a declared
 * length (chunked) is stopped at the first byte past it. Plain Servlet API, no Spring: the kernel
 * knows no framework; each app registers it.
 */
public final class RequestBodyLimitFilter extends HttpFilter {

    /** A settings change is a few hundred bytes; a producerConfig of many properties a few KiB. */
    static final int MAX_BODY_BYTES = 64 * 1024;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long declared = request.getContentLengthLong();
        if (declared == 0) {
            chain.doFilter(request, response);
            return;
        }
        if (declared > MAX_BODY_BYTES) {
            refuse(response, "the request body has " + declared + " bytes");
            return;
        }
        byte[] body = request.getInputStream().readNBytes(MAX_BODY_BYTES + 1);
        if (body.length > MAX_BODY_BYTES) {
            refuse(response, "the request body has more than " + MAX_BODY_BYTES + " bytes");
            return;
        }
        chain.doFilter(new ReadBody(request, body), response);
    }

    private static void refuse(HttpServletResponse response, String what) throws IOException {
        ErrorResponse.write(
                response,
                HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                what + "; the lab's control endpoints take at most " + MAX_BODY_BYTES
                        + " (64 KiB): a settings change is a few hundred");
    }

    /** The request with its body, already read, served from memory. */
    private static final class ReadBody extends HttpServletRequestWrapper {

        private final byte[] body;

        ReadBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() throws IOException {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    // For non-blocking reads, which no endpoint of the apps makes.
                    throw new UnsupportedOperationException("the body is read already");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding != null ? Charset.forName(encoding) : StandardCharsets.UTF_8;
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
