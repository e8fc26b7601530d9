#pragma once
#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>

namespace orrery::serve {

//! The kinds of object a served cluster holds.
enum class ResourceKind : std::uint8_t { Node, Pod, Deployment, ReplicaSet, Event, Lease };
inline constexpr std::size_t kResourceKindCount = 6;

//! One change of an object, as a watch stream sends it.
struct StoredEvent {
    std::uint64_t resourceVersion = 0;
    std::string nameSpace;
    std::string name;
    const char* type = "";  //!< ADDED, MODIFIED or DELETED
    std::string line; //!< `{"type":"MODIFIED","object":{…}}` and a newline
};

//! The objects of a served cluster and their history, as an API server's storage keeps them:
//! every change bumps one global resourceVersion (an increasing integer, rendered as a string in
//! metadata.resourceVersion) and appends an ADDED/MODIFIED/DELETED event to a bounded log per
//! kind, so a watch can resume from any resourceVersion the log still covers; older ones are
//! "too old" (410 Gone).
class ObjectStore {
public:
    explicit ObjectStore(std::size_t eventLogCapacity = 4096);

    //! Adds or replaces an object (keyed by metadata.namespace and name), setting its
    //! metadata.resourceVersion. An object equal to the stored one but for that is no change:
    //! returns false and records nothing.
    bool put(ResourceKind kind, nlohmann::json object);
    //! Deletes an object; false when there was none.
    bool remove(ResourceKind kind, const std::string& nameSpace, const std::string& name);
    [[nodiscard]] const nlohmann::json* find(ResourceKind kind, const std::string& nameSpace, const std::string& name) const;

    //! The latest resourceVersion handed out.
    [[nodiscard]] std::uint64_t resourceVersion() const { return m_resourceVersion; }
    //! Objects of a kind in key (namespace/name) order; `nameSpace` empty = every namespace.
    //! `after` (a key) skips up to and including it; `fn` returns false to stop.
    void forEach(ResourceKind kind, const std::string& nameSpace, const std::string& after,
                 const std::function<bool(const std::string& key, const nlohmann::json&)>& fn) const;
    [[nodiscard]] std::size_t count(ResourceKind kind) const { return m_objects[index(kind)].size(); }

    //! Calls `fn` for each event of `kind` (in `nameSpace`, empty = all) after `resourceVersion`;
    //! false when that version is older than the log covers (the watch must relist: 410).
    bool eventsAfter(ResourceKind kind, std::uint64_t resourceVersion, const std::string& nameSpace,
                     const std::function<void(const StoredEvent&)>& fn) const;
    //! The oldest resourceVersion a watch of `kind` can still start from.
    [[nodiscard]] std::uint64_t oldestWatchable(ResourceKind kind) const { return m_compacted[index(kind)]; }

    static std::string key(const std::string& nameSpace, const std::string& name) { return nameSpace + "/" + name; }

private:
    static std::size_t index(ResourceKind kind) { return static_cast<std::size_t>(kind); }
    void record(ResourceKind kind, const char* type, const std::string& nameSpace, const nlohmann::json& object);

    std::size_t m_capacity;
    std::uint64_t m_resourceVersion = 0;
    std::array<std::map<std::string, nlohmann::json>, kResourceKindCount> m_objects;
    std::array<std::deque<StoredEvent>, kResourceKindCount> m_events;
    std::array<std::uint64_t, kResourceKindCount> m_compacted{}; //!< the last version dropped from each log
};

} // namespace orrery::serve
