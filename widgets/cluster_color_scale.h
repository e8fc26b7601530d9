#pragma once
#include "widgets/cluster_snapshot.h"

#include <QColor>

#include <array>
#include <optional>

namespace orrery::widgets {

//! What ClusterView colours its tiles by.
enum class ClusterMetric { Cpu, Memory, Gpu, Power };

//! A node's utilization under `metric` as a fraction in [0, 1] (allocated / capacity), or
//! nothing where the node has none of that resource or the metric has no data (Power, until
//! the power model lands). Gpu counts every accelerator kind (GPU, ASIC, FPGA); for a node whose
//! GPUs are listed one by one it is the milli-GPU held over the node's GPUs.
[[nodiscard]] std::optional<double> nodeUtilization(const ClusterSnapshot::Node& node, ClusterMetric metric);

//! A sequential colour scale for 0–100 % (dark blue through teal and green to yellow, after
//! viridis), precomputed into a lookup table so a 10,000-tile paint does no interpolation.
class ClusterColorScale {
public:
    static constexpr int kSteps = 256;

    ClusterColorScale();

    //! The colour of `fraction` (clamped to [0, 1]).
    [[nodiscard]] const QColor& color(double fraction) const
    {
        const double clamped = fraction < 0.0 ? 0.0 : (fraction > 1.0 ? 1.0 : fraction);
        return m_table[static_cast<std::size_t>(clamped * (kSteps - 1) + 0.5)];
    }
    [[nodiscard]] const QColor& bottom() const { return m_table.front(); }
    [[nodiscard]] const QColor& top() const { return m_table.back(); }

private:
    std::array<QColor, kSteps> m_table;
};

} // namespace orrery::widgets
