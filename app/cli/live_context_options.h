#pragma once
#include "cli/command_line.h"
#include "live/http_client.h"
#include "live/resolved_context.h"

namespace orrery::app {

//! The context of `--kubeconfig` / `--context` (kubeconfig: --kubeconfig, else KUBECONFIG, else
//! ~/.kube/config); its warnings go to stderr. Throws live::LiveError(Config).
live::ResolvedContext resolveLiveContext(const CommandLine& line);

//! The request timeouts of `--timeout` (default 10s; connecting: 5 s at most). Throws UsageError.
live::HttpTimeouts liveTimeouts(const CommandLine& line);

} // namespace orrery::app
