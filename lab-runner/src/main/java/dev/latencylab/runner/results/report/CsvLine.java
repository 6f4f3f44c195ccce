package dev.latencylab.runner.results.report;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One record of an RFC 4180 CSV file: fields separated by commas, a field holding a comma, a
 * double quote, a line break or a space at either end quoted, its quotes doubled; lines end in
 * CRLF, as the RFC and spreadsheets expect.
 */
final class CsvLine {

    static final String END = "\r\n";

    private CsvLine() {}

    static String of(List<String> fields) {
        return fields.stream().map(CsvLine::field).collect(Collectors.joining(",")) + END;
    }

    /** A null is an empty field: a value the run could not measure, never a zero. */
    static String field(String value) {
        if (value == null) {
            return "";
        }
        boolean quoted = value.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r')
                // Spreadsheets trim unquoted fields: a name's own spaces survive only inside quotes.
                || !value.equals(value.strip());
        return quoted ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
}
