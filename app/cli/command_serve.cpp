// `orrery serve SCENARIO`: the simulator served as a cluster — a Kubernetes API and a Prometheus
// /metrics on 127.0.0.1 over a running simulation of the scenario's Microservices workload
// (docs/live-clusters.md, "The simulator served as a cluster").
#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "ops/plugin_setup.h"
#include "ops/scenario_check.h"

#include "model/units.h"
#include "serve/serve_http_server.h"
#include "serve/served_cluster.h"

#include <atomic>
#include <chrono>
#include <charconv>
#include <cmath>
#include <csignal>
#include <iostream>
#include <sstream>

namespace orrery::app {
namespace {

constexpr const char* kServeUsage = R"(usage: orrery serve SCENARIO.yaml [OPTIONS]

  --port N              listen on 127.0.0.1:N (default 0: a free port, printed)
  --speed X             simulated seconds per wall-clock second (default 1; e.g. 10)
  --namespace NS        the namespace of the Deployments and Pods (default social-network)
  --seed S              the simulation's seed (default: the scenario's)
  --period D            simulated time per step, e.g. 1s (default 1s)
  --workload NAME       which Microservices workload (default: the first)
  --kubeconfig-out F    write a kubeconfig (context orrery-serve) for orrery live and kubectl
  --prometheus-config-out F
                        write a prometheus.yml scraping this endpoint every second, for
                        `prometheus --config.file=F` (docs/live-clusters.md, "Walkthrough")
  --duration D          stop after D of wall-clock time (default: until Ctrl-C or SIGTERM)
  --fixed-clock         stamp objects from 2024-01-01T00:00:00Z rather than from now, so the
                        same seed serves the same objects bit for bit (ages then read ~2y)

Serves the Kubernetes API (nodes, pods, deployments, replicasets, events, leases: list, watch,
get, as objects or as the Tables kubectl get prints, short names po/deploy/no/rs/ev; PATCH of
deployments' replicas and cpu/memory limits and requests, dryRun=All; pods created pending for a
scheduler, bound and deleted) and /metrics (Prometheus text format; counters divided by the speed
so rate() reads in simulated units).
)";

std::atomic<bool> g_stop{false};

extern "C" void onStopSignal(int) { g_stop.store(true); }

double parseSpeed(const std::string& text)
{
    std::string number = text;
    if (!number.empty() && number.back() == 'x')
        number.pop_back();
    else if (number.size() >= 2 && number.compare(number.size() - 2, 2, "\xc3\x97") == 0) // ×
        number.resize(number.size() - 2);
    double value = 0;
    const auto result = std::from_chars(number.data(), number.data() + number.size(), value);
    if (number.empty() || result.ec != std::errc() || result.ptr != number.data() + number.size() || !(value > 0) ||
        !std::isfinite(value) || value > 1e6)
        throw UsageError{"orrery serve: --speed: expected a positive number such as 1, 10 or 60, got \"" + text + "\""};
    return value;
}

sim::SimTime parseDurationOption(const CommandLine& line, const std::string& option, sim::SimTime fallback)
{
    const std::optional<std::string> text = line.value(option);
    if (!text)
        return fallback;
    std::string why;
    const std::optional<sim::SimTime> value = model::parseDuration(*text, &why);
    if (!value || *value <= 0)
        throw UsageError{"orrery serve: --" + option + ": expected a positive duration such as 1s or 10m, got \"" + *text + "\"" +
                         (why.empty() ? "" : " (" + why + ")")};
    return *value;
}

std::string speedText(double speed)
{
    std::ostringstream out;
    out << speed;
    return out.str();
}

std::string kubeconfig(const std::string& server, const std::string& nameSpace)
{
    return "# Written by orrery serve: a kubeconfig for the served simulation (the token is a placeholder;\n"
           "# the served cluster checks none).\n"
           "apiVersion: v1\n"
           "kind: Config\n"
           "clusters:\n"
           "  - name: orrery-serve\n"
           "    cluster:\n"
           "      server: " + server + "\n"
           "contexts:\n"
           "  - name: orrery-serve\n"
           "    context:\n"
           "      cluster: orrery-serve\n"
           "      namespace: " + nameSpace + "\n"
           "      user: orrery-serve\n"
           "current-context: orrery-serve\n"
           "users:\n"
           "  - name: orrery-serve\n"
           "    user:\n"
           "      token: orrery-serve-placeholder\n";
}

} // namespace

int runServeCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"port", "speed", "namespace", "seed", "period", "workload", "kubeconfig-out",
                                  "prometheus-config-out", "duration"},
                           {"help", "fixed-clock"});
    if (line.flag("help")) {
        std::cout << kServeUsage;
        return kExitOk;
    }
    if (line.positionals().size() != 1)
        throw UsageError{std::string("orrery serve: expected one scenario file\n") + kServeUsage};
    serve::ServeOptions options;
    if (const auto ns = line.value("namespace"))
        options.nameSpace = *ns;
    if (const auto speed = line.value("speed"))
        options.speed = parseSpeed(*speed);
    if (const auto seed = line.unsignedValue("seed"))
        options.seed = *seed;
    if (const auto workload = line.value("workload"))
        options.workload = *workload;
    options.controlPeriod = parseDurationOption(line, "period", sim::kSecond);
    if (!line.flag("fixed-clock")) // simulated time 0 is now, so kubectl's AGE reads as on a real cluster
        options.epochSeconds = static_cast<std::int64_t>(
            std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count());
    const sim::SimTime duration = parseDurationOption(line, "duration", sim::kSecond); // used only when given
    const std::uint64_t port = line.unsignedValue("port").value_or(0);
    if (port > 65535)
        throw UsageError{"orrery serve: --port: expected 0 to 65535"};

    const std::string& path = line.positionals().front();
    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    const CheckedScenario checked = checkScenarioFile(path, registry);
    if (!checked.scenario) {
        std::cerr << model::formatAll(checked.diagnostics);
        return kExitBadInput;
    }
    std::unique_ptr<serve::ServedCluster> cluster;
    try {
        cluster = std::make_unique<serve::ServedCluster>(*checked.scenario, options);
    } catch (const std::invalid_argument& error) {
        std::cerr << path << ": " << error.what() << '\n';
        return kExitBadInput;
    }
    ServeHttpServer::Options serverOptions;
    serverOptions.port = static_cast<std::uint16_t>(port);
    std::unique_ptr<ServeHttpServer> server;
    try {
        server = std::make_unique<ServeHttpServer>(*cluster, serverOptions);
    } catch (const std::runtime_error& error) {
        std::cerr << "orrery serve: " << error.what() << '\n';
        return kExitRunFailed;
    }
    const std::string url = "http://127.0.0.1:" + std::to_string(server->port());
    if (const auto out = line.value("kubeconfig-out")) {
        if (const std::string error = writeFileAtomically(*out, kubeconfig(url, options.nameSpace)); !error.empty()) {
            std::cerr << "orrery serve: --kubeconfig-out: " << error << '\n';
            return kExitBadInput;
        }
    }
    if (const auto out = line.value("prometheus-config-out")) {
        // One scrape a second: rate() over a few seconds then has samples at any speed.
        const std::string config = "# Written by `orrery serve`: scrape the served cluster's /metrics every second.\n"
                                   "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                                   "scrape_configs:\n  - job_name: orrery-serve\n    static_configs:\n      - targets: ['127.0.0.1:"
            + std::to_string(server->port()) + "']\n";
        if (const std::string error = writeFileAtomically(*out, config); !error.empty()) {
            std::cerr << "orrery serve: --prometheus-config-out: " << error << '\n';
            return kExitBadInput;
        }
    }
    std::cout << "serving " << path << " as namespace " << options.nameSpace << " at " << url << " (speed "
              << speedText(options.speed) << "\xc3\x97)" << std::endl;

    g_stop.store(false);
    struct sigaction action{};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    struct sigaction previousInt{}, previousTerm{};
    sigaction(SIGINT, &action, &previousInt);
    sigaction(SIGTERM, &action, &previousTerm);
    std::optional<std::chrono::steady_clock::time_point> until;
    if (line.value("duration"))
        until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(duration);
    int exitCode = kExitOk;
    try {
        server->run(g_stop, until);
    } catch (const std::exception& error) {
        std::cerr << "orrery serve: " << error.what() << '\n';
        exitCode = kExitRunFailed;
    }
    sigaction(SIGINT, &previousInt, nullptr);
    sigaction(SIGTERM, &previousTerm, nullptr);
    const ServeHttpServer::Counters& counters = server->counters();
    std::cerr << "orrery serve: stopped after " << counters.periods << " periods (" << sim::toSeconds(cluster->now())
              << " s simulated), " << counters.requests << " requests, " << counters.watchEvents << " watch events";
    if (counters.latePeriods > 0)
        std::cerr << "; the simulation fell behind the speed " << counters.latePeriods << " times";
    std::cerr << '\n';
    return exitCode;
}

} // namespace orrery::app
