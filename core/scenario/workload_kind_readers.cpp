#include "scenario/workload_kind_readers.h"

#include <algorithm>
#include <cctype>
#include <mutex>

namespace orrery::scenario {
namespace {

struct ReaderTable {
    std::mutex mutex;
    std::vector<std::unique_ptr<WorkloadKindReader>> readers; //!< never erased, so pointers stay valid
};

ReaderTable& table()
{
    static ReaderTable instance;
    return instance;
}

bool sameKind(const std::string& a, const std::string& b)
{
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

void registerWorkloadKindReader(WorkloadKindReader reader)
{
    ReaderTable& t = table();
    const std::lock_guard lock(t.mutex);
    const auto it = std::find_if(t.readers.begin(), t.readers.end(),
                                 [&](const auto& r) { return sameKind(r->kind, reader.kind); });
    if (it != t.readers.end())
        **it = std::move(reader);
    else
        t.readers.push_back(std::make_unique<WorkloadKindReader>(std::move(reader)));
}

const WorkloadKindReader* findWorkloadKindReader(const std::string& kind)
{
    ReaderTable& t = table();
    const std::lock_guard lock(t.mutex);
    for (const auto& reader : t.readers) {
        if (sameKind(reader->kind, kind))
            return reader.get();
    }
    return nullptr;
}

std::vector<std::string> registeredWorkloadKinds()
{
    ReaderTable& t = table();
    const std::lock_guard lock(t.mutex);
    std::vector<std::string> kinds;
    for (const auto& reader : t.readers)
        kinds.push_back(reader->kind);
    std::sort(kinds.begin(), kinds.end());
    return kinds;
}

} // namespace orrery::scenario
