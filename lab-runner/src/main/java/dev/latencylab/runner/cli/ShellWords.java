package dev.latencylab.runner.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A control command's words, split as a POSIX shell splits a command (quotes and backslashes, no
 * expansion): scripts/lab hands over its own path, which may hold a blank ("/home/me/my lab"), in
 * single quotes. Split on blanks alone, such a path was two words and no fault step could run.
 */
final class ShellWords {

    private ShellWords() {}

    /**
     * The words of {@code command}: blanks separate words; {@code '...'} keeps everything in it as
     * it is; in {@code "..."} a backslash keeps a following {@code "}, {@code \}, {@code $} or
     * {@code `}; elsewhere a backslash keeps the character after it.
     *
     * @throws UsageException when a quote is left open or the command ends in a lone backslash
     */
    static List<String> split(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < command.length()) {
            char c = command.charAt(i++);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                continue;
            }
            inWord = true;
            if (c == '\'') {
                int end = command.indexOf('\'', i);
                if (end < 0) {
                    throw open(command, "a single quote");
                }
                word.append(command, i, end);
                i = end + 1;
            } else if (c == '"') {
                i = doubleQuoted(command, i, word);
            } else if (c == '\\') {
                if (i == command.length()) {
                    throw open(command, "a backslash");
                }
                word.append(command.charAt(i++));
            } else {
                word.append(c);
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** Reads a double-quoted part starting after its quote into {@code word}; the index after its closing quote. */
    private static int doubleQuoted(String command, int start, StringBuilder word) {
        int i = start;
        while (i < command.length()) {
            char c = command.charAt(i++);
            if (c == '"') {
                return i;
            }
            if (c == '\\' && i < command.length() && "\"\\$`".indexOf(command.charAt(i)) >= 0) {
                c = command.charAt(i++);
            }
            word.append(c);
        }
        throw open(command, "a double quote");
    }

    private static UsageException open(String command, String what) {
        return new UsageException("the control command " + command + " leaves " + what
                + " open: quote it as a shell would (scripts/lab puts its own path in single quotes)");
    }
}
