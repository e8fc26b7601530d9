#pragma once
#include <cstddef>
#include <vector>

namespace orrery::plugins {

//! Seed 001 Alg. 6.1 (operator clustering) applied to sensitivity scores: neighbours whose
//! score lies within `relativeThreshold` of the running average of the current cluster join it,
//! a score further away starts a new one. The number of clusters k is therefore not chosen up
//! front: it is how many gaps wider than the threshold the scores have.
class SensitivityClusters {
public:
    explicit SensitivityClusters(double relativeThreshold);

    //! Alg. 6.1 over all scores at once: sorts them and walks the sorted list. Returns, per
    //! input score (in input order), its cluster index; clusters are numbered from the least
    //! sensitive.
    [[nodiscard]] static std::vector<int> clusterSorted(const std::vector<double>& scores, double relativeThreshold);

    //! The online form, for replicas that arrive one at a time: `score` joins the cluster whose
    //! average is nearest, if within the threshold, else starts a new one. Returns its index.
    int assign(double score);

    [[nodiscard]] std::size_t count() const { return m_sums.size(); }
    [[nodiscard]] double mean(int cluster) const;

    //! Whether `score` is within `relativeThreshold` of `average` (relative to the larger magnitude).
    [[nodiscard]] static bool near(double score, double average, double relativeThreshold);

private:
    double m_threshold;
    std::vector<double> m_sums;
    std::vector<int> m_counts;
};

} // namespace orrery::plugins
