#pragma once
#include "policy/queued_request.h"

namespace orrery::policy {

//! Decision point "queue" (docs/architecture.md §4): the order in which a device serves the requests
//! waiting for it. A queue policy gives each arriving request a priority — lower is served
//! first, ties in order of arrival — and learns from completed requests (what only running
//! them reveals, e.g. the number of output tokens, for predictors and caches). Without a queue
//! policy, kinds serve first come, first served.
class QueuePolicy {
public:
    virtual ~QueuePolicy() = default;
    //! Called once per request on arrival; the value is kept while the request waits.
    virtual double priority(const QueuedRequest& request) = 0;
    //! Called once per request when it completes, with outputTokens filled in.
    virtual void completed(const QueuedRequest& request) { (void)request; }
};

} // namespace orrery::policy
