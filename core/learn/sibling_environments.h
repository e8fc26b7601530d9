#pragma once
#include "learn/rollout_pool.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace orrery::learn {

//! The environments of a trainer's parallel rollouts (docs/learning.md): the one it was given and
//! count − 1 of its siblings (Environment::makeSibling), with the pool that steps them side by
//! side when there is more than one. A template on the environment type (policy::Environment for
//! the control trainers), so orrery_learn needs no policy library.
template <class Environment>
class SiblingEnvironments {
public:
    //! Throws std::invalid_argument, naming `trainer`, when `environment` cannot make siblings.
    SiblingEnvironments(Environment& environment, std::size_t count, std::size_t threads, const std::string& trainer)
        : m_all{&environment}
    {
        for (std::size_t k = 1; k < count; ++k) {
            m_siblings.push_back(environment.makeSibling());
            if (!m_siblings.back())
                throw std::invalid_argument(trainer + ": environments " + std::to_string(count)
                                            + " needs an environment that can run side by side (a simulated one); "
                                              "this one cannot: use environments 1");
            m_all.push_back(m_siblings.back().get());
        }
        if (m_all.size() > 1)
            m_pool.emplace(threads, m_all.size());
    }

    [[nodiscard]] std::size_t size() const { return m_all.size(); }
    //! The first `count` environments (a round shorter than the rest at a run's end).
    [[nodiscard]] std::span<Environment* const> first(std::size_t count) const { return {m_all.data(), count}; }
    //! Null with one environment: the trainer steps it on its own thread.
    [[nodiscard]] RolloutPool* pool() { return m_pool ? &*m_pool : nullptr; }
    //! work(k) for every k in `which`: on the pool's threads (RolloutPool::run), or on the
    //! caller's with one environment.
    void run(const std::vector<std::size_t>& which, const std::function<void(std::size_t)>& work)
    {
        if (m_pool) {
            m_pool->run(which, work);
        } else {
            for (const std::size_t k : which)
                work(k);
        }
    }

private:
    std::vector<std::unique_ptr<Environment>> m_siblings;
    std::vector<Environment*> m_all;
    std::optional<RolloutPool> m_pool;
};

} // namespace orrery::learn
