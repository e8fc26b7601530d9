// `orrery export-traces --project P --run ID --out FILE [--format otlp|jaeger|zipkin]`: the spans a
// simulated run recorded, as a trace file that Jaeger, the OpenTelemetry Collector, Zipkin or
// `orrery analyze` opens (docs/trace-analysis.md, "Formats").
#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "ops/project_run_traces.h"
#include "store/store_error.h"
#include "trace/jaeger_writer.h"
#include "trace/otlp_writer.h"
#include "trace/zipkin_writer.h"

#include <iostream>

namespace orrery::app {

int runExportTracesCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"project", "run", "out", "format"}, {});
    const auto projectPath = line.value("project");
    const auto runId = line.unsignedValue("run");
    const auto out = line.value("out");
    if (!projectPath || !runId || !out || !line.positionals().empty())
        throw UsageError{"usage: orrery export-traces --project P --run ID --out FILE.json [--format otlp|jaeger|zipkin]"};
    const std::string format = line.value("format").value_or("otlp");
    if (format != "otlp" && format != "jaeger" && format != "zipkin")
        throw UsageError{"--format must be otlp, jaeger or zipkin, not '" + format + "'"};

    std::optional<trace::TraceSet> traces;
    std::string error;
    try {
        traces = projectRunTraces(*projectPath, *runId, error);
    } catch (const store::StoreError& failure) {
        std::cerr << "error: " << failure.what() << '\n';
        return kExitBadInput;
    }
    if (!traces) {
        std::cerr << "error: " << error << '\n';
        return kExitBadInput;
    }
    const std::string text = format == "otlp" ? trace::writeOtlpJson(*traces)
        : format == "jaeger"                  ? trace::writeJaegerJson(*traces)
                                              : trace::writeZipkinJson(*traces);
    if (const std::string failure = writeFileAtomically(*out, text); !failure.empty()) {
        std::cerr << "error: " << failure << '\n';
        return kExitRunFailed;
    }
    std::cout << "wrote " << *out << ": " << traces->traces.size() << " traces, " << traces->spanCount() << " spans of run " << *runId
              << " as " << format << " JSON\n";
    return kExitOk;
}

} // namespace orrery::app
