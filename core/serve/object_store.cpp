#include "serve/object_store.h"

#include <algorithm>

namespace orrery::serve {
namespace {

std::string text(const nlohmann::json& object, const char* field)
{
    const auto it = object.find(field);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

ObjectStore::ObjectStore(std::size_t eventLogCapacity)
    : m_capacity(std::max<std::size_t>(1, eventLogCapacity))
{
}

bool ObjectStore::put(ResourceKind kind, nlohmann::json object)
{
    nlohmann::json& metadata = object["metadata"];
    const std::string nameSpace = text(metadata, "namespace");
    const std::string k = key(nameSpace, text(metadata, "name"));
    auto& objects = m_objects[index(kind)];
    const auto existing = objects.find(k);
    if (existing != objects.end()) {
        metadata["resourceVersion"] = existing->second["metadata"]["resourceVersion"];
        if (existing->second == object)
            return false;
    }
    metadata["resourceVersion"] = std::to_string(++m_resourceVersion);
    const char* type = existing == objects.end() ? "ADDED" : "MODIFIED";
    nlohmann::json& stored = objects[k];
    stored = std::move(object);
    record(kind, type, nameSpace, stored);
    return true;
}

bool ObjectStore::remove(ResourceKind kind, const std::string& nameSpace, const std::string& name)
{
    auto& objects = m_objects[index(kind)];
    const auto it = objects.find(key(nameSpace, name));
    if (it == objects.end())
        return false;
    nlohmann::json object = std::move(it->second);
    objects.erase(it);
    object["metadata"]["resourceVersion"] = std::to_string(++m_resourceVersion);
    record(kind, "DELETED", nameSpace, object);
    return true;
}

const nlohmann::json* ObjectStore::find(ResourceKind kind, const std::string& nameSpace, const std::string& name) const
{
    const auto& objects = m_objects[index(kind)];
    const auto it = objects.find(key(nameSpace, name));
    return it == objects.end() ? nullptr : &it->second;
}

void ObjectStore::forEach(ResourceKind kind, const std::string& nameSpace, const std::string& after,
                          const std::function<bool(const std::string&, const nlohmann::json&)>& fn) const
{
    const auto& objects = m_objects[index(kind)];
    auto it = after.empty() ? objects.begin() : objects.upper_bound(after);
    if (!nameSpace.empty() && (after.empty() || after < nameSpace + "/"))
        it = objects.lower_bound(nameSpace + "/");
    for (; it != objects.end(); ++it) {
        if (!nameSpace.empty() && it->first.compare(0, nameSpace.size() + 1, nameSpace + "/") != 0)
            break; // keys are ordered by namespace first
        if (!fn(it->first, it->second))
            return;
    }
}

bool ObjectStore::eventsAfter(ResourceKind kind, std::uint64_t resourceVersion, const std::string& nameSpace,
                              const std::function<void(const StoredEvent&)>& fn) const
{
    if (resourceVersion < m_compacted[index(kind)])
        return false;
    const auto& events = m_events[index(kind)];
    auto it = std::upper_bound(events.begin(), events.end(), resourceVersion,
                               [](std::uint64_t rv, const StoredEvent& event) { return rv < event.resourceVersion; });
    for (; it != events.end(); ++it) {
        if (nameSpace.empty() || it->nameSpace == nameSpace)
            fn(*it);
    }
    return true;
}

void ObjectStore::record(ResourceKind kind, const char* type, const std::string& nameSpace, const nlohmann::json& object)
{
    auto& events = m_events[index(kind)];
    events.push_back({m_resourceVersion, nameSpace, text(object["metadata"], "name"), type,
                      nlohmann::json{{"type", type}, {"object", object}}.dump() + "\n"});
    while (events.size() > m_capacity) {
        m_compacted[index(kind)] = events.front().resourceVersion;
        events.pop_front();
    }
}

} // namespace orrery::serve
