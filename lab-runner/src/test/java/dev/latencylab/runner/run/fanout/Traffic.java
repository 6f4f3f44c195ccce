package dev.latencylab.runner.run.fanout;

import com.sun.net.httpserver.HttpExchange;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What the runner and the app doubles exchanged, counted on the doubles' side: requests, and bytes
 * each way. Bodies are counted exactly; the request line, status line and headers as they appear
 * to the server (HTTP/1.1 framing of the JDK's client and server, about 150 B a request).
 */
public final class Traffic {

    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong toApps = new AtomicLong();
    private final AtomicLong fromApps = new AtomicLong();
    /** Per kind of request (method, path, histograms or not): requests and bytes from the apps. */
    private final Map<String, AtomicLongArray> byKind = new ConcurrentHashMap<>();

    /** Counts one exchange: its request with {@code requestBody} bytes, its answer with {@code answerBody}. */
    void count(HttpExchange ex, long requestBody, long answerBody) {
        requests.incrementAndGet();
        String target = ex.getRequestURI().toString();
        String query = ex.getRequestURI().getRawQuery();
        String kind = ex.getRequestMethod() + " " + ex.getRequestURI().getPath() + (query == null ? "" : "?" + query);
        AtomicLongArray k = byKind.computeIfAbsent(kind, x -> new AtomicLongArray(2));
        k.incrementAndGet(0);
        k.addAndGet(1, answerBody);
        toApps.addAndGet(ex.getRequestMethod().length()
                + 1
                + target.length()
                + " HTTP/1.1\r\n".length()
                + headerBytes(ex.getRequestHeaders())
                + 2
                + requestBody);
        // Status line, Date, Content-type, Content-length as the JDK server writes them.
        fromApps.addAndGet("HTTP/1.1 200 OK\r\n".length()
                + headerBytes(ex.getResponseHeaders())
                + "Date: Sun, 29 Nov 2026 15:00:00 GMT\r\n".length()
                + 2
                + answerBody);
    }

    private static long headerBytes(Map<String, List<String>> headers) {
        long n = 0;
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            for (String v : h.getValue()) {
                n += h.getKey().length() + 2 + v.length() + 2;
            }
        }
        return n;
    }

    public long requests() {
        return requests.get();
    }

    public long bytesToApps() {
        return toApps.get();
    }

    public long bytesFromApps() {
        return fromApps.get();
    }

    /** Per kind of request: {requests, answer body bytes}, by kind's name. */
    public Map<String, long[]> byKind() {
        Map<String, long[]> copy = new TreeMap<>();
        byKind.forEach((kind, v) -> copy.put(kind, new long[] {v.get(0), v.get(1)}));
        return copy;
    }

    public void reset() {
        byKind.clear();
        requests.set(0);
        toApps.set(0);
        fromApps.set(0);
    }
}
