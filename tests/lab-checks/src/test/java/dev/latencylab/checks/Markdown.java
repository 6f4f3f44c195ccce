package dev.latencylab.checks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What GitHub makes of a Markdown page, as far as links go: its headings' anchors and its links,
 * neither counted inside fenced code blocks or code spans.
 */
final class Markdown {

    /** A link as written: its line (1-based) and its target, `path`, `path#anchor` or `#anchor`. */
    record Link(int line, String target) {}

    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}[ \\t]+(.*?)(?:[ \\t]+#+)?[ \\t]*$");
    /** A code span, on one line or over several lines of one paragraph. */
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)((?:(?!\\n[ \\t]*\\n).)+?)\\1", Pattern.DOTALL);
    /** `[text](target)` and `![alt](target)`, with an optional title after the target. */
    private static final Pattern INLINE_LINK =
            Pattern.compile("\\[[^\\]]*\\]\\(\\s*(<[^>]*>|[^)\\s]+)(?:\\s+(?:\"[^\"]*\"|'[^']*'))?\\s*\\)");
    /** `[label]: target` on a line of its own. */
    private static final Pattern REFERENCE = Pattern.compile("(?m)^ {0,3}\\[[^\\]]+\\]:[ \\t]*(\\S+)");

    private static final Pattern HEADING_LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
    private static final Pattern HTML_TAG = Pattern.compile("<[^>]+>");

    private Markdown() {}

    /** The anchors GitHub gives the page's headings, in order; a repeated one gets -1, -2, .... */
    static Set<String> anchors(String page) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : outsideFences(page).split("\n", -1)) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String slug = slug(m.group(1));
                int n = seen.merge(slug, 1, Integer::sum);
                anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
        }
        return anchors;
    }

    /**
     * GitHub's anchor for a heading: its text as rendered (link targets, code marks and tags
     * dropped; a code span's text kept as it is, `<...>` included), lowercased, every character but letters, digits, marks, '_', '-' and spaces
     * dropped, then every space a '-'.
     */
    static String slug(String heading) {
        StringBuilder text = new StringBuilder();
        Matcher code = CODE_SPAN.matcher(heading);
        int from = 0;
        while (code.find()) {
            text.append(rendered(heading.substring(from, code.start()))).append(code.group(2));
            from = code.end();
        }
        text.append(rendered(heading.substring(from)));
        StringBuilder slug = new StringBuilder();
        text.toString().toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
            if (c == ' ') {
                slug.append('-');
            } else if (c == '-' || c == '_' || Character.isLetterOrDigit(c) || isMark(c)) {
                slug.appendCodePoint(c);
            }
        });
        return slug.toString();
    }

    /** Text outside code as rendered: a link's text without its target, no HTML tags. */
    private static String rendered(String markdown) {
        return HTML_TAG.matcher(HEADING_LINK.matcher(markdown).replaceAll("$1")).replaceAll("");
    }

    /** Every link of the page, outside code, in order. */
    static List<Link> links(String page) {
        String text = blankCodeSpans(outsideFences(page));
        List<Link> links = new ArrayList<>();
        for (Pattern p : List.of(INLINE_LINK, REFERENCE)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("<") && target.endsWith(">")) {
                    target = target.substring(1, target.length() - 1);
                }
                links.add(new Link(lineOf(text, m.start()), target));
            }
        }
        links.sort((a, b) -> Integer.compare(a.line(), b.line()));
        return links;
    }

    /** The page with each line of a fenced code block (fences included) emptied; lines keep their numbers. */
    static String outsideFences(String page) {
        StringBuilder out = new StringBuilder();
        String fence = null;
        for (String line : page.split("\n", -1)) {
            Matcher m = FENCE.matcher(line);
            if (fence == null && m.find()) {
                fence = m.group(1);
                out.append('\n');
            } else if (fence != null) {
                if (closes(line.strip(), fence)) {
                    fence = null;
                }
                out.append('\n');
            } else {
                out.append(line).append('\n');
            }
        }
        return out.substring(0, out.length() - 1);
    }

    /** A closing fence: at least as many of the opening fence's characters, and nothing else. */
    private static boolean closes(String line, String fence) {
        return line.startsWith(fence) && line.chars().allMatch(c -> c == fence.charAt(0));
    }

    private static String blankCodeSpans(String text) {
        Matcher m = CODE_SPAN.matcher(text);
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (m.find()) {
            out.append(text, from, m.start());
            out.append(m.group().replaceAll("[^\\n]", " "));
            from = m.end();
        }
        return out.append(text.substring(from)).toString();
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static boolean isMark(int c) {
        int type = Character.getType(c);
        return type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }
}
