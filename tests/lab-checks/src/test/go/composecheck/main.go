// Command composecheck loads a Compose file with its .env through compose-go,
// the library Docker Compose v2 itself uses, so the file is checked against the
// Compose Specification and not only against the older docker-compose 1.29 schema.
// On top of what the loader rejects, it enforces the lab's own compose rules:
// every service has a healthcheck that starts no JVM, waits for its
// dependencies to be healthy, publishes ports on 127.0.0.1 only, and is rebuilt
// at every up when it is built here (pull_policy: build); no KAFKA_OPTS carries
// a Java agent. A one-shot service (restart "no", no healthcheck, no port:
// grafana-init) has no health to wait for: it needs no healthcheck, and what
// depends on it waits for it to exit 0 (service_completed_successfully).
//
// Usage: go run . <path/to/docker-compose.yml>
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: composecheck <docker-compose.yml>")
		os.Exit(2)
	}
	problems, err := check(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "composecheck:", err)
		os.Exit(1)
	}
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, "composecheck:", p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Println("composecheck: OK")
}

func check(file string) ([]string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(abs)
	// The .env next to the file is the only source of variables: the OS
	// environment is left out on purpose so a variable missing from .env fails
	// here instead of being filled in by the machine that runs the check.
	options, err := cli.NewProjectOptions(
		[]string{abs},
		cli.WithWorkingDirectory(dir),
		cli.WithEnvFiles(filepath.Join(dir, ".env")),
		cli.WithDotEnv,
		cli.WithName("kafka-latency-lab"),
	)
	if err != nil {
		return nil, err
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		return nil, err
	}
	return lint(project), nil
}

func lint(project *types.Project) []string {
	var problems []string
	names := project.ServiceNames()
	sort.Strings(names)
	for _, name := range names {
		service := project.Services[name]
		if !oneShot(service) && (service.HealthCheck == nil || service.HealthCheck.Disable || len(service.HealthCheck.Test) == 0) {
			problems = append(problems, fmt.Sprintf("service %s has no healthcheck", name))
		}
		deps := make([]string, 0, len(service.DependsOn))
		for dep := range service.DependsOn {
			deps = append(deps, dep)
		}
		sort.Strings(deps)
		for _, dep := range deps {
			want := types.ServiceConditionHealthy
			if target, ok := project.Services[dep]; ok && oneShot(target) {
				want = types.ServiceConditionCompletedSuccessfully
			}
			if condition := service.DependsOn[dep].Condition; condition != want {
				problems = append(problems, fmt.Sprintf(
					"service %s depends on %s with condition %q, want %s", name, dep, condition, want))
			}
		}
		if service.HealthCheck != nil && startsAJVM(service.HealthCheck.Test) {
			problems = append(problems, fmt.Sprintf(
				"service %s: its healthcheck %q starts a JVM (a Kafka tool or java) every interval, a CPU cost inside every measurement; check a port instead",
				name, strings.Join(service.HealthCheck.Test, " ")))
		}
		if opts := service.Environment["KAFKA_OPTS"]; opts != nil && strings.Contains(*opts, "-javaagent") {
			problems = append(problems, fmt.Sprintf(
				"service %s: KAFKA_OPTS carries a -javaagent, so every admin tool run with 'docker compose exec' starts a second agent on its port; give the agent to the broker's JVM only",
				name))
		}
		if service.Build != nil && service.PullPolicy != types.PullPolicyBuild {
			problems = append(problems, fmt.Sprintf(
				"service %s is built here but has pull_policy %q: 'up' would run a stale image; want pull_policy: build",
				name, service.PullPolicy))
		}
		for _, port := range service.Ports {
			if port.Published != "" && port.HostIP != "127.0.0.1" {
				problems = append(problems, fmt.Sprintf(
					"service %s publishes port %s on %q, want 127.0.0.1", name, port.Published, port.HostIP))
			}
		}
	}
	return problems
}

// oneShot: a service that runs once and exits (restart "no"), with no health
// and no port: nothing is ever to answer on it.
func oneShot(service types.ServiceConfig) bool {
	noHealthcheck := service.HealthCheck == nil || service.HealthCheck.Disable || len(service.HealthCheck.Test) == 0
	return service.Restart == types.RestartPolicyNo && noHealthcheck && len(service.Ports) == 0
}

// startsAJVM: a healthcheck command that runs one of Kafka's shell tools or java.
func startsAJVM(test []string) bool {
	for _, word := range test {
		for _, field := range strings.Fields(word) {
			base := filepath.Base(field)
			if base == "java" || (strings.HasPrefix(base, "kafka-") && strings.HasSuffix(base, ".sh")) {
				return true
			}
		}
	}
	return false
}
