package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Markdown pages hold together: every relative link of README.md, docs/ and every other page of
 * the repository leads to a file or folder of the repository, and every anchor to a heading of its
 * page, by GitHub's rule. A section moved to another page, or renamed, breaks a link here, not in a
 * reader's browser. Web links (http, https, mailto) are not fetched.
 */
class DocLinksTest {

    /** Folders that hold no page of the repository: build output, runs' results, the lab's state. */
    private static final Set<String> NOT_PAGES = Set.of(".git", "target", "results", ".lab", "node_modules", ".idea");

    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    @Test
    void everyRelativeLinkLeadsIntoTheRepositoryAndEveryAnchorToAHeading() {
        List<Path> pages = pages();
        assertThat(pages)
                .as("the pages checked")
                .contains(Repo.path("README.md"), Repo.path("docs/contracts.md"), Repo.path("stack/podman/README.md"));

        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (Markdown.Link link : Markdown.links(read(page))) {
                String target = link.target();
                if (SCHEME.matcher(target).find()) {
                    continue;
                }
                checked++;
                String where = Repo.ROOT.relativize(page) + ":" + link.line() + ": " + target + ": ";
                int hash = target.indexOf('#');
                String path = decode(hash < 0 ? target : target.substring(0, hash));
                String anchor = hash < 0 ? "" : decode(target.substring(hash + 1));
                Path file = path.isEmpty()
                        ? page
                        : (path.startsWith("/") ? Repo.ROOT.resolve(path.substring(1)) : page.resolveSibling(path))
                                .normalize();
                if (!file.startsWith(Repo.ROOT)) {
                    broken.add(where + "leads outside the repository");
                } else if (!Files.exists(file)) {
                    broken.add(where + "no such file or folder");
                } else if (!anchor.isEmpty() && isPage(file)) {
                    Set<String> headings = anchors.computeIfAbsent(file, f -> Markdown.anchors(read(f)));
                    if (!headings.contains(anchor)) {
                        broken.add(where + "no heading with anchor #" + anchor + " in " + Repo.ROOT.relativize(file));
                    }
                }
            }
        }

        assertThat(checked).as("relative links found").isGreaterThan(50);
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void anchorsFollowGitHubsSlugRule() {
        assertThat(Markdown.slug("Ports (127.0.0.1 in local mode; published on 127.0.0.1 by compose)"))
                .isEqualTo("ports-127001-in-local-mode-published-on-127001-by-compose");
        assertThat(Markdown.slug("The producer's ceiling, the latency floor and the publish delay (`compare`)"))
                .isEqualTo("the-producers-ceiling-the-latency-floor-and-the-publish-delay-compare");
        assertThat(Markdown.slug("Results (`results/<UTC start>-<scenario>/`, git-ignored)"))
                .isEqualTo("results-resultsutc-start-scenario-git-ignored");
        assertThat(Markdown.slug("Kafka Latency Lab — overview, [e2e](x.md) and µs"))
                .isEqualTo("kafka-latency-lab--overview-e2e-and-µs");
        assertThat(Markdown.slug("snake_case and `lab.orders`")).isEqualTo("snake_case-and-laborders");

        String page = "# Title\n\n```bash\n# not a heading\n```\n\n## Limits\n\n### Limits\n\n## Limits #\n";
        assertThat(Markdown.anchors(page)).containsExactly("title", "limits", "limits-1", "limits-2");
    }

    @Test
    void linksInCodeAreNotLinks() {
        String page =
                """
                [one](a.md) and `[not](b.md)` and ![two](img/c.png "title")
                ```
                [not](d.md)
                ```
                [three]: <e.md#x>
                """;
        assertThat(Markdown.links(page))
                .extracting(Markdown.Link::target)
                .containsExactly("a.md", "img/c.png", "e.md#x");
        assertThat(Markdown.links(page)).extracting(Markdown.Link::line).containsExactly(1, 1, 5);
    }

    /** Every Markdown page of the repository outside build output, results and the lab's state. */
    private static List<Path> pages() {
        List<Path> pages = new ArrayList<>();
        try {
            Files.walkFileTree(Repo.ROOT, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return NOT_PAGES.contains(dir.getFileName().toString()) && !dir.equals(Repo.ROOT)
                            ? FileVisitResult.SKIP_SUBTREE
                            : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && isPage(file)) {
                        pages.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        pages.sort(null);
        return pages;
    }

    private static boolean isPage(Path file) {
        return file.getFileName().toString().endsWith(".md") && Files.isRegularFile(file);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
