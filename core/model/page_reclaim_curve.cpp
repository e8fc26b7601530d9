#include "model/page_reclaim_curve.h"

#include <algorithm>

namespace orrery::model {

PageReclaimCurve::PageReclaimCurve(std::vector<std::pair<double, double>> points) : m_points(std::move(points)) {}

const PageReclaimCurve& PageReclaimCurve::measured()
{
    // Gu et al., "Efficient Memory Disaggregation with Infiniswap", NSDI 2017, Figure 1b and §2.2:
    // Memcached (Facebook's GET-dominated ETC mix) in a container holding x % of its working set,
    // the rest paged to local disk: 95.83, 44.92 and 23.76 thousand ops/s at 100, 75 and 50 %, so
    // 2.13× and 4.03× slower ("2.1×" and "4×" in the text). Chosen over VoltDB (5.5×, 24×) and
    // Memcached SYS (7.6×, 17.5×) as the closest to a request-serving microservice with a skewed
    // hot set. ASSUMPTIONS (docs/model.md, "Memory"): the paper pages all memory, here only the
    // file-backed part is reclaimable and pays the same refault cost; below 50 % the last segment
    // is extrapolated to 7.83× at 0 (no measurement).
    static const PageReclaimCurve curve({{0.0, 7.83}, {0.5, 95.83 / 23.76}, {0.75, 95.83 / 44.92}});
    return curve;
}

double PageReclaimCurve::slowdown(double residentFraction) const
{
    if (m_points.empty() || residentFraction >= 1.0)
        return 1.0;
    if (residentFraction <= m_points.front().first)
        return m_points.front().second;
    // The segment whose right end is the first point above the fraction; (1, 1) closes the curve.
    for (std::size_t i = 0; i <= m_points.size(); ++i) {
        const auto right = i < m_points.size() ? m_points[i] : std::pair<double, double>{1.0, 1.0};
        if (residentFraction <= right.first) {
            const auto& left = m_points[i - 1];
            const double t = (residentFraction - left.first) / (right.first - left.first);
            return left.second + t * (right.second - left.second);
        }
    }
    return 1.0;
}

} // namespace orrery::model
