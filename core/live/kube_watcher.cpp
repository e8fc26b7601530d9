#include "live/kube_watcher.h"

#include "live/live_error.h"

#include <algorithm>
#include <thread>

namespace orrery::live {
namespace {

//! Sleeps in short slices so a stop request is honoured quickly.
void sleepUnlessStopped(std::chrono::milliseconds duration, const std::atomic<bool>& stop)
{
    const auto until = std::chrono::steady_clock::now() + duration;
    while (!stop.load() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::min(duration, std::chrono::milliseconds(20)));
}

} // namespace

KubeWatcher::KubeWatcher(KubeClient& client, std::string collectionPath, Options options)
    : m_client(client), m_path(std::move(collectionPath)), m_options(options)
{
}

void KubeWatcher::run(const Handler& handler, const std::atomic<bool>& stop)
{
    std::chrono::milliseconds backoff = m_options.initialBackoff;
    bool needList = true;
    while (!stop.load()) {
        try {
            if (needList) {
                std::vector<std::string> items;
                m_resourceVersion = m_client.listRaw(m_path, m_options.pageSize,
                                                     [&](const std::string& item) { items.push_back(item); });
                ++m_lists;
                needList = false;
                if (handler.onList)
                    handler.onList(items, m_resourceVersion);
            }
            ++m_watches;
            const WatchEnd end = m_client.watch(
                m_path, m_resourceVersion,
                [&](const WatchEvent& event) {
                    if (event.type != WatchEvent::Type::Error && !event.resourceVersion.empty())
                        m_resourceVersion = event.resourceVersion;
                    if (event.type != WatchEvent::Type::Error && handler.onEvent)
                        handler.onEvent(event);
                    return !stop.load();
                },
                &stop, m_options.watchTimeoutSeconds);
            backoff = m_options.initialBackoff; // the server answered: start backing off afresh
            if (end == WatchEnd::Gone)
                needList = true; // our resourceVersion is too old: start over from a fresh list
        } catch (const LiveError& error) {
            if (error.kind() == LiveError::Kind::Http && error.httpStatus() == 410)
                needList = true;
            // A 429/503's Retry-After is the server's own word: wait at least that long, up to maxBackoff.
            const std::chrono::milliseconds wait =
                std::min(std::max(backoff, std::chrono::duration_cast<std::chrono::milliseconds>(error.retryAfter())),
                         std::max(backoff, m_options.maxBackoff));
            if (handler.onError)
                handler.onError(error.what(), wait);
            sleepUnlessStopped(wait, stop);
            backoff = std::min(backoff * 2, m_options.maxBackoff);
        }
    }
}

} // namespace orrery::live
