package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Dockerfile's build stage keeps Maven's downloads in a layer of their own (issue #29): made from the
 * build files alone, so a source change reuses it, and followed by an offline build, so a dependency that
 * layer missed fails the build instead of being fetched again at every source change. A module added to
 * the parent pom without its pom in that layer would stop the image build (Maven reads every listed module);
 * a source file copied before it would make every source change download everything again.
 */
class DockerfileLayersTest {

    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final String SOURCES = "COPY . .";

    @Test
    void everyModulePomIsCopiedBeforeTheSources() {
        List<String> before = instructionsBeforeSources();
        Matcher m = MODULE.matcher(Repo.read("pom.xml"));
        List<String> modules = new ArrayList<>();
        while (m.find()) {
            modules.add(m.group(1).trim());
        }
        assertThat(modules).as("modules of pom.xml").isNotEmpty();
        for (String module : modules) {
            assertThat(before)
                    .as("Dockerfile copies %s/pom.xml into the dependency layer, before '%s'", module, SOURCES)
                    .contains("COPY " + module + "/pom.xml " + module + "/");
        }
    }

    @Test
    void nothingButBuildFilesIsCopiedBeforeTheSources() {
        for (String instruction : instructionsBeforeSources()) {
            if (!instruction.startsWith("COPY ")) {
                continue;
            }
            String[] parts = instruction.split("\\s+");
            for (int i = 1; i < parts.length - 1; i++) {
                assertThat(parts[i])
                        .as("source of '%s': only the build files go into the dependency layer", instruction)
                        .matches("mvnw|pom\\.xml|\\.mvn/|([a-z0-9-]+/)+pom\\.xml");
            }
        }
    }

    @Test
    void theBuildAfterTheSourcesRunsMavenOffline() {
        List<String> build = instructionsOfBuildStage();
        List<String> after = build.subList(sourcesIndex() + 1, build.size());
        List<String> mavenRuns = after.stream()
                .filter(i -> i.startsWith("RUN "))
                .flatMap(i -> List.of(i.split("&&")).stream())
                .map(String::strip)
                .filter(c -> c.startsWith("./mvnw") || c.startsWith("RUN ./mvnw"))
                .toList();
        assertThat(mavenRuns).as("Maven runs after '%s'", SOURCES).isNotEmpty();
        assertThat(mavenRuns)
                .as("Maven runs after '%s' are offline (-o)", SOURCES)
                .allSatisfy(c -> assertThat(c.split("\\s+")).contains("-o"));
    }

    private static List<String> instructionsBeforeSources() {
        return instructionsOfBuildStage().subList(0, sourcesIndex());
    }

    private static int sourcesIndex() {
        int index = instructionsOfBuildStage().indexOf(SOURCES);
        assertThat(index)
                .as("the build stage copies the sources with '%s'", SOURCES)
                .isNotNegative();
        return index;
    }

    /** The build stage's instructions, continuation lines joined, comments and blank lines left out. */
    private static List<String> instructionsOfBuildStage() {
        List<String> instructions = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inBuild = false;
        for (String raw : Repo.read("stack/Dockerfile").split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            boolean continued = line.endsWith("\\");
            current.append(continued ? line.substring(0, line.length() - 1) : line)
                    .append(' ');
            if (continued) {
                continue;
            }
            String instruction = current.toString().strip().replaceAll("\\s+", " ");
            current.setLength(0);
            if (instruction.startsWith("FROM ")) {
                inBuild = instruction.endsWith(" AS build");
            } else if (inBuild) {
                instructions.add(instruction);
            }
        }
        assertThat(instructions).as("the Dockerfile's 'AS build' stage").isNotEmpty();
        return instructions;
    }
}
