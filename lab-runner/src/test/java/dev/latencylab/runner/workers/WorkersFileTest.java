package dev.latencylab.runner.workers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workers file and the DNS form, with a resolver of fixed answers: no test here asks real DNS. */
class WorkersFileTest {

    @TempDir
    Path dir;

    private final List<String> asked = new ArrayList<>();

    /** producer-app.lab.svc: three pods, answered out of order, one twice; nothing else resolves. */
    private final HostResolver dns = host -> {
        asked.add(host);
        Map<String, List<InetAddress>> names = Map.of(
                "producer-app.lab.svc",
                List.of(ip(host, 10, 0, 0, 10), ip(host, 10, 0, 0, 9), ip(host, 10, 0, 0, 10), ip(host, 9, 1, 1, 1)),
                "v6.lab.svc",
                List.of(
                        InetAddress.getByAddress(
                                host, new byte[] {0x20, 1, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
                        ip(host, 10, 0, 0, 1)),
                "empty.lab.svc",
                List.of());
        List<InetAddress> found = names.get(host);
        if (found == null) {
            throw new UnknownHostException(host);
        }
        return found;
    };

    private static InetAddress ip(String host, int a, int b, int c, int d) throws UnknownHostException {
        return InetAddress.getByAddress(host, new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
    }

    private Path file(String yaml) throws IOException {
        return Files.writeString(dir.resolve("workers.yaml"), yaml);
    }

    private static List<URI> urls(String... urls) {
        return java.util.Arrays.stream(urls).map(URI::create).toList();
    }

    @Test
    void namesProducersAndConsumersInTheOrderGivenInYamlOrJson() throws Exception {
        Workers yaml = WorkersFile.read(
                file("producers:\n  - http://10.0.0.5:8080\n  - https://p2.example:8443/lab\n"
                        + "consumers: [http://10.0.0.7:8081]\n"),
                dns);
        Workers json = WorkersFile.read(
                file("{\"producers\": [\"http://10.0.0.5:8080\", \"https://p2.example:8443/lab\"],"
                        + " \"consumers\": [\"http://10.0.0.7:8081\"]}"),
                dns);

        assertThat(yaml.producers()).isEqualTo(urls("http://10.0.0.5:8080", "https://p2.example:8443/lab"));
        assertThat(yaml.consumers()).isEqualTo(urls("http://10.0.0.7:8081"));
        assertThat(json).isEqualTo(yaml);
        assertThat(asked).isEmpty();
    }

    @Test
    void aDnsNameBecomesOneUrlPerAddressSortedEachOnceResolvedOnce() throws Exception {
        Workers w = WorkersFile.read(
                file(
                        "producers: [dns+http://producer-app.lab.svc:8080]\nconsumers: [dns+https://v6.lab.svc:8443/c/]\n"),
                dns);

        assertThat(w.producers())
                .isEqualTo(urls("http://9.1.1.1:8080", "http://10.0.0.9:8080", "http://10.0.0.10:8080"));
        assertThat(w.consumers()).isEqualTo(urls("https://10.0.0.1:8443/c/", "https://[2001:db8:0:0:0:0:0:1]:8443/c/"));
        assertThat(asked).containsExactly("producer-app.lab.svc", "v6.lab.svc");
    }

    @Test
    void theSameFormsWorkOnTheCommandLinesLists() {
        Workers w = Workers.of(
                urls("dns+http://producer-app.lab.svc:8080", "http://10.0.0.20:8080"),
                "--producer",
                urls("HTTP://10.0.0.7:8081"),
                "--consumer",
                dns);

        assertThat(w.producers()).hasSize(4).last().isEqualTo(URI.create("http://10.0.0.20:8080"));
        assertThat(w.all()).hasSize(5);
    }

    @Test
    void aNameWithoutAddressIsRefusedNamingIt() throws Exception {
        Path f = file("producers: [dns+http://empty.lab.svc:8080]\nconsumers: [http://10.0.0.7:8081]\n");
        assertThatThrownBy(() -> WorkersFile.read(f, dns))
                .hasMessage("producers in " + f + ": dns+http://empty.lab.svc:8080: empty.lab.svc resolves to no"
                        + " address (is its Service up, its pods ready?)");
        assertThatThrownBy(() -> Workers.of(
                        urls("dns+http://nowhere.lab.svc:8080"), "--producer", urls("http://a:1"), "--consumer", dns))
                .hasMessageStartingWith("--producer: dns+http://nowhere.lab.svc:8080: nowhere.lab.svc resolves to no");
    }

    @Test
    void anUnknownFieldIsNamed() throws Exception {
        Path f = file("producers: [http://a:8080]\nconsumers: [http://b:8081]\nproducersDns: x\n");
        assertThatThrownBy(() -> WorkersFile.read(f, dns))
                .hasMessage(f + ": producersDns: unknown field (known: consumers, producers)");
    }

    @Test
    void bothListsAreRequiredEachOfUrls() throws Exception {
        Path noConsumers = file("producers: [http://a:8080]\n");
        assertThatThrownBy(() -> WorkersFile.read(noConsumers, dns))
                .hasMessage(noConsumers + ": consumers: a list of one URL or more is required");
        Path number = file("producers: [8080]\nconsumers: [http://b:8081]\n");
        assertThatThrownBy(() -> WorkersFile.read(number, dns))
                .hasMessage(number + ": producers[0]: must be a URL, got 8080");
        Path list = file("- http://a:8080\n");
        assertThatThrownBy(() -> WorkersFile.read(list, dns))
                .hasMessage(list + ": must be a mapping with producers: and consumers:");
        assertThatThrownBy(() -> WorkersFile.read(dir.resolve("missing.yaml"), dns))
                .hasMessageStartingWith(dir.resolve("missing.yaml") + ": cannot be read");
    }

    @Test
    void anInstanceNamedTwiceInAListIsRefusedWhereverTheSecondComesFrom() throws Exception {
        Path twice = file("producers: [http://10.0.0.5:8080, http://10.0.0.5:8080/]\nconsumers: [http://b:8081]\n");
        assertThatThrownBy(() -> WorkersFile.read(twice, dns))
                .hasMessage("producers in " + twice + ": http://10.0.0.5:8080/ is named twice (a name given with dns+"
                        + " counts each address it resolves to)");
        // The default port spelled out, and an address a name resolves to given as well.
        assertThatThrownBy(() -> Workers.of(
                        urls("http://b:8081"),
                        "--producer",
                        urls("http://10.0.0.5", "HTTP://10.0.0.5:80"),
                        "--consumer",
                        dns))
                .hasMessageStartingWith("--consumer: HTTP://10.0.0.5:80 is named twice");
        assertThatThrownBy(() -> Workers.of(
                        urls("dns+http://producer-app.lab.svc:8080", "http://10.0.0.9:8080"),
                        "--producer",
                        urls("http://b:8081"),
                        "--consumer",
                        dns))
                .hasMessageStartingWith("--producer: http://10.0.0.9:8080 is named twice");
        // Another path on one server is another instance (behind one proxy); a producer's URL may be a consumer's.
        assertThat(Workers.of(urls("http://p/a", "http://p/b"), "--producer", urls("http://p/a"), "--consumer", dns)
                        .all())
                .hasSize(3);
    }

    @Test
    void onlyHttpAndHttpsOfPlainAddressesAreTaken() throws Exception {
        for (String bad : List.of("ftp://10.0.0.5:8080", "dns+ftp://producer-app.lab.svc:8080", "file:///tmp/x")) {
            assertThatThrownBy(() -> Workers.of(urls(bad), "--producer", urls("http://b:8081"), "--consumer", dns))
                    .hasMessageContaining(
                            "--producer: " + bad + ": the scheme must be http, https, dns+http or" + " dns+https");
        }
        assertThatThrownBy(() ->
                        Workers.of(urls("http://u:p@a:1"), "--producer", urls("http://b:8081"), "--consumer", dns))
                .hasMessage("--producer: http://u:p@a:1: a worker is scheme://host:port[/path], without user, query or"
                        + " fragment");
        Path f = file("producers: [\"http://a:8080?x=1\"]\nconsumers: [http://b:8081]\n");
        assertThatThrownBy(() -> WorkersFile.read(f, dns)).hasMessageContaining("without user, query or fragment");
    }

    @Test
    void noCapOnHowManyInstances() throws Exception {
        StringBuilder yaml = new StringBuilder("producers:\n");
        for (int i = 1; i <= 40; i++) {
            yaml.append("  - http://10.0.1.").append(i).append(":8080\n");
        }
        yaml.append("consumers: [dns+http://producer-app.lab.svc:8081]\n");

        Workers w = WorkersFile.read(file(yaml.toString()), dns);

        assertThat(w.producers()).hasSize(40);
        assertThat(w.consumers()).hasSize(3);
    }
}
