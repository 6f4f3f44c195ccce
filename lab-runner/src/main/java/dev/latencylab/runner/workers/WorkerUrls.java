package dev.latencylab.runner.workers;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One app's instances as given, each checked, and a {@code dns+http://NAME:PORT} (or {@code dns+https}) expanded to
 * one URL per address NAME resolves to, sorted (a Kubernetes headless Service's name resolves to its pods).
 */
final class WorkerUrls {

    /** The prefix that asks for a name's every address. */
    static final String DNS_PREFIX = "dns+";

    private WorkerUrls() {}

    /**
     * {@code given} with each DNS form replaced by the URLs of its addresses, in the order given.
     *
     * @param what how the list is named in an error ("--producer", "producers in workers.yaml")
     * @throws IllegalArgumentException naming the URL refused: a scheme other than http or https, user
     *     information, a query or fragment, a name that resolves to no address
     */
    static List<URI> expand(List<URI> given, String what, HostResolver resolver) {
        List<URI> urls = new ArrayList<>();
        for (URI url : given) {
            check(url, what);
            String scheme = url.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.startsWith(DNS_PREFIX)) {
                urls.add(url);
                continue;
            }
            for (InetAddress address : addresses(url, what, resolver)) {
                urls.add(URI.create(scheme.substring(DNS_PREFIX.length()) + "://" + literal(address)
                        + (url.getPort() >= 0 ? ":" + url.getPort() : "")
                        + (url.getRawPath() == null ? "" : url.getRawPath())));
            }
        }
        return List.copyOf(urls);
    }

    private static void check(URI url, String what) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        String bare = scheme.startsWith(DNS_PREFIX) ? scheme.substring(DNS_PREFIX.length()) : scheme;
        if (!bare.equals("http") && !bare.equals("https")) {
            throw new IllegalArgumentException(what + ": " + url + ": the scheme must be http, https, dns+http or"
                    + " dns+https, not '" + url.getScheme() + "'");
        }
        if (url.getHost() == null) {
            throw new IllegalArgumentException(what + ": " + url + ": no host");
        }
        if (url.getRawUserInfo() != null || url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new IllegalArgumentException(what + ": " + url + ": a worker is scheme://host:port[/path],"
                    + " without user, query or fragment");
        }
    }

    /** The name's addresses, sorted (IPv4 before IPv6, then by their bytes), each once. */
    private static List<InetAddress> addresses(URI url, String what, HostResolver resolver) {
        List<InetAddress> found;
        try {
            found = resolver.addresses(url.getHost());
        } catch (UnknownHostException e) {
            found = List.of();
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException(what + ": " + url + ": " + url.getHost()
                    + " resolves to no address (is its Service up, its pods ready?)");
        }
        return found.stream()
                .map(a -> address(a.getAddress()))
                .distinct()
                .sorted(Comparator.comparing(
                        InetAddress::getAddress,
                        Comparator.<byte[]>comparingInt(b -> b.length).thenComparing(Arrays::compareUnsigned)))
                .toList();
    }

    private static InetAddress address(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("an address of " + bytes.length + " bytes", e);
        }
    }

    /** The address as a URL's host: an IPv6 one in brackets. */
    private static String literal(InetAddress address) {
        return address instanceof Inet6Address ? "[" + address.getHostAddress() + "]" : address.getHostAddress();
    }
}
