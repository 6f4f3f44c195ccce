package dev.latencylab.core.control;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * Refuses, with a 403 and its reason, a change of the lab that a web page could have sent ({@link LocalControl}).
 * Plain Servlet API, no Spring: the kernel knows no framework; each app registers it.
 */
public final class LocalControlFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> refusal =
                LocalControl.refusal(request.getMethod(), request.getHeader("Host"), request.getHeader("Origin"));
        if (refusal.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        ErrorResponse.write(response, HttpServletResponse.SC_FORBIDDEN, refusal.get());
    }
}
