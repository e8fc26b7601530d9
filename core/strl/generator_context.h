#pragma once
#include "sim/sim_time.h"
#include "strl/equivalence_set_table.h"

#include <string>
#include <vector>

namespace orrery::strl {

//! What the job-type generators need to know: the planning window and the racks.
struct GeneratorContext {
    sim::SimTime now = 0;
    sim::SimTime slotLength = sim::kSecond;
    int windowSlots = 1;                //!< candidate starts: now + i × slotLength, i < windowSlots
    std::vector<std::string> racks;     //!< values of the rack label, in the order to use
    std::string rackLabel = "rack";

    //! Names of the sets the generators define (reserved: they contain ':' and '=').
    static std::string allNodesSet() { return "gen:all"; }
    static std::string gpuNodesSet() { return "gen:gpu"; }
    static std::string rackSet(const std::string& rack) { return "gen:rack=" + rack; }

    //! Defines gen:all, gen:gpu and gen:rack=<r> for every rack in `table`.
    void defineSets(EquivalenceSetTable& table) const;
    //! The distinct values of `rackLabel` among `nodes`, sorted.
    static std::vector<std::string> racksOf(const std::vector<NodeAttributes>& nodes, const std::string& rackLabel = "rack");
};

} // namespace orrery::strl
