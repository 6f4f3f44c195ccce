package dev.latencylab.app.control;

import dev.latencylab.core.control.TokenFile;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Whether the app needs a token, and which: on loopback only local users reach it and the Host and Origin
 * rules keep web pages out, as before; beyond loopback any host that reaches the port could drive it, so
 * it refuses to start without a token file only its owner may read.
 */
final class ControlToken {

    private ControlToken() {}

    /**
     * The token every control request must bear, or empty on loopback.
     *
     * @param serverAddress {@code server.address}: null or empty listens on every interface
     * @throws IllegalStateException when a token is needed and none can be read, saying why
     */
    static Optional<String> of(ControlAccess access, String serverAddress) {
        boolean required = access.requireToken() != null ? access.requireToken() : !loopback(serverAddress);
        if (!required) {
            return Optional.empty();
        }
        String where = serverAddress == null || serverAddress.isBlank() ? "every address" : serverAddress;
        if (access.tokenFile() == null) {
            throw new IllegalStateException("this app listens on " + where + ", beyond loopback: set"
                    + " lab.control.token-file to a file readable by you alone (chmod 600) holding the token its"
                    + " control requests must bear");
        }
        try {
            return Optional.of(TokenFile.read(access.tokenFile(), "lab.control.token-file"));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "this app listens on " + where + ", beyond loopback, and needs a" + " token: " + e.getMessage());
        }
    }

    private static boolean loopback(String address) {
        if (address == null || address.isBlank()) {
            return false;
        }
        try {
            return InetAddress.getByName(address.strip()).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new IllegalStateException("server.address " + address + " is no address this host has", e);
        }
    }
}
