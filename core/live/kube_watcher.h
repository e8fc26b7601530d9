#pragma once
#include "live/kube_client.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace orrery::live {

//! Keeps a collection in sync as client-go's reflector does: list (paginated), then watch from
//! the list's resourceVersion with bookmarks; a closed stream resumes from the last seen
//! resourceVersion, a 410 Gone relists, and transport errors retry with exponential backoff
//! (at least a 429/503's Retry-After, at most maxBackoff). ResourceVersions are opaque (the API
//! says so): events are delivered in the order they arrive, never compared or reordered, and a
//! watch resumes from the last one delivered, as client-go's reflector does.
class KubeWatcher {
public:
    struct Options {
        std::chrono::milliseconds initialBackoff{200};
        std::chrono::milliseconds maxBackoff{30000};
        int pageSize = 500;
        int watchTimeoutSeconds = 300;
    };
    struct Handler {
        //! Every (re)list: the complete set of items (JSON) replaces what was known.
        std::function<void(const std::vector<std::string>& items, const std::string& resourceVersion)> onList;
        //! Added, Modified, Deleted and Bookmark events.
        std::function<void(const WatchEvent&)> onEvent;
        //! A failure that will be retried after `retryIn`.
        std::function<void(const std::string& message, std::chrono::milliseconds retryIn)> onError;
    };

    KubeWatcher(KubeClient& client, std::string collectionPath, Options options);
    KubeWatcher(KubeClient& client, std::string collectionPath) : KubeWatcher(client, std::move(collectionPath), Options{}) {}

    //! Runs until `stop` is set (checked while streaming and while backing off).
    void run(const Handler& handler, const std::atomic<bool>& stop);

    [[nodiscard]] int lists() const { return m_lists; }
    [[nodiscard]] int watches() const { return m_watches; }
    [[nodiscard]] const std::string& resourceVersion() const { return m_resourceVersion; }

private:
    KubeClient& m_client;
    std::string m_path;
    Options m_options;
    std::string m_resourceVersion;
    int m_lists = 0;
    int m_watches = 0;
};

} // namespace orrery::live
