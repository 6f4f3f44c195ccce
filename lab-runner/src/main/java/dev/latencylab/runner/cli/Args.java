package dev.latencylab.runner.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.latencylab.runner.scenario.Durations;

/**
 * A parsed command line: positionals, {@code --name value} / {@code --name=value} options and
 * {@code --flag}s. Each command declares which options and flags it knows; anything else is an error.
 */
final class Args {

    private final List<String> positionals = new ArrayList<>();
    private final Map<String, String> options = new HashMap<>();
    private final Set<String> flags = new HashSet<>();

    private Args() {
    }

    public static Args parse(List<String> argv, Set<String> knownOptions, Set<String> knownFlags) {
        Args a = new Args();
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (!arg.startsWith("--") || arg.equals("--")) {
                a.positionals.add(arg);
                continue;
            }
            String name = arg.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (knownFlags.contains(name)) {
                if (value != null) {
                    throw new UsageException("--" + name + " takes no value");
                }
                a.flags.add(name);
            } else if (knownOptions.contains(name)) {
                if (value == null) {
                    if (i + 1 >= argv.size() || argv.get(i + 1).startsWith("--")) {
                        throw new UsageException("--" + name + " needs a value");
                    }
                    value = argv.get(++i);
                }
                a.options.put(name, value);
            } else {
                throw new UsageException("unknown option --" + name);
            }
        }
        return a;
    }

    public List<String> positionals() {
        return List.copyOf(positionals);
    }

    public boolean flag(String name) {
        return flags.contains(name);
    }

    public String option(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }

    public String option(String name) {
        return options.get(name);
    }

    public Duration duration(String name) {
        String v = options.get(name);
        if (v == null) {
            return null;
        }
        try {
            Duration d = Durations.parse(v);
            if (d.isNegative()) {
                throw new UsageException("--" + name + " must not be negative");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + name + ": " + e.getMessage());
        }
    }
}
