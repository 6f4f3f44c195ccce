package dev.latencylab.runner.workers;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** A host name's addresses: the system's lookup, or a fixed answer in tests (no test depends on real DNS). */
@FunctionalInterface
public interface HostResolver {

    HostResolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));

    /**
     * Every address {@code host} resolves to.
     *
     * @throws UnknownHostException when it resolves to none
     */
    List<InetAddress> addresses(String host) throws UnknownHostException;
}
