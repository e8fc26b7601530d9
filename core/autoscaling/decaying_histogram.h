#pragma once
#include "sim/sim_time.h"

#include <cstddef>
#include <vector>

namespace orrery::autoscaling {

//! The VPA recommender's usage histogram (autoscaler/vertical-pod-autoscaler/pkg/recommender/util:
//! histogram.go, decaying_histogram.go): exponentially growing buckets (bucket i starts at
//! first·(ratioⁱ − 1)/(ratio − 1)) whose sample weights decay with a half-life, so a sample
//! `halfLife` older than another counts half as much. percentile() returns the end of the bucket
//! where the cumulative weight first reaches p of the total, as VPA does.
class DecayingHistogram {
public:
    DecayingHistogram(double maxValue, double firstBucketSize, double ratio, sim::SimTime halfLife);

    void addSample(double value, double weight, sim::SimTime time);
    //! Removes a sample added earlier with the same value, weight and time (VPA's memory peaks).
    void subtractSample(double value, double weight, sim::SimTime time);
    [[nodiscard]] double percentile(double p) const;
    [[nodiscard]] bool empty() const;

    [[nodiscard]] std::size_t bucketOf(double value) const;
    [[nodiscard]] double bucketStart(std::size_t bucket) const;

private:
    double decayFactor(sim::SimTime time);

    double m_firstBucketSize;
    double m_ratio;
    sim::SimTime m_halfLife;
    std::vector<double> m_weights;
    double m_total = 0;
    bool m_hasReference = false;
    sim::SimTime m_reference = 0; //!< weights are relative to this time
};

} // namespace orrery::autoscaling
