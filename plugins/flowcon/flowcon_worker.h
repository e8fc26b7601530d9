#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::plugins {

//! FlowCon's class of a container (seed 004 §5.2).
enum class FlowConClass : std::uint8_t {
    New,        //!< NL: young and growing fast
    Watching,   //!< WL: near convergence
    Completing, //!< CL: converging, growing slowly
};

//! One worker's executor in FlowCon (seed 004 Algs. 1 and 3): the NL/WL/CL lists, the adaptive
//! threshold α and the resulting limits as shares of the worker (1 = no limit).
class FlowConWorker {
public:
    struct Container {
        FlowConClass cls = FlowConClass::New;
        std::optional<double> growth; //!< G (Eq. 2) over the last interval; empty until measured
        double limitShare = 1.0;      //!< L: share of the worker's cores; 1 = unlimited
        bool reportsEvaluation = true; //!< false: bad input, kept at fair share and flagged
    };

    //! `floorFactor`: a CL container's limit is at least floorFactor / n (Alg. 1 line 22).
    explicit FlowConWorker(double floorFactor = 0.5)
        : m_floorFactor(floorFactor)
    {
    }

    //! Alg. 2: new containers join NL, gone ones leave every list. True when anything changed.
    bool syncMembers(const std::vector<std::string>& names);
    [[nodiscard]] Container& container(const std::string& name) { return m_containers.at(name); }
    [[nodiscard]] const std::map<std::string, Container>& containers() const { return m_containers; }

    //! Alg. 3: α from the current lists and growth values (−1 = every container is in CL).
    //! Unchanged when no container of NL or WL has been measured yet.
    double updateThreshold();
    //! Alg. 1: re-classifies by α (unless α = −1) and sets every limit. Returns true when every
    //! container is in CL (free competition: the caller doubles its interval).
    bool updateLimits();

    [[nodiscard]] double threshold() const { return m_alpha; }
    void setThreshold(double alpha) { m_alpha = alpha; }
    [[nodiscard]] std::size_t count(FlowConClass cls) const;
    //! Σ G of the measured containers in `cls` (Alg. 4's D).
    [[nodiscard]] double growthSum(FlowConClass cls) const;
    [[nodiscard]] bool allCompleting() const;

private:
    std::map<std::string, Container> m_containers;
    double m_alpha = -1.0;
    double m_floorFactor = 0.5;
};

} // namespace orrery::plugins
