#include "sensitivity_clusters.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace orrery::plugins {

SensitivityClusters::SensitivityClusters(double relativeThreshold)
    : m_threshold(relativeThreshold)
{
}

bool SensitivityClusters::near(double score, double average, double relativeThreshold)
{
    return std::abs(score - average) <= relativeThreshold * std::max(std::abs(score), std::abs(average));
}

std::vector<int> SensitivityClusters::clusterSorted(const std::vector<double>& scores, double relativeThreshold)
{
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return scores[a] < scores[b]; });
    std::vector<int> cluster(scores.size(), 0);
    int current = -1;
    double sum = 0;
    int members = 0;
    for (const std::size_t i : order) {
        // Alg. 6.1 L7: join while |score − average(current cluster)| is below THRES.
        if (members > 0 && near(scores[i], sum / members, relativeThreshold)) {
            sum += scores[i];
            ++members;
        } else {
            ++current; // L11–L12: close the cluster, open a new one with this score
            sum = scores[i];
            members = 1;
        }
        cluster[i] = current;
    }
    return cluster;
}

int SensitivityClusters::assign(double score)
{
    int best = -1;
    double bestDistance = 0;
    for (std::size_t c = 0; c < m_sums.size(); ++c) {
        const double average = m_sums[c] / m_counts[c];
        const double distance = std::abs(score - average);
        if (near(score, average, m_threshold) && (best < 0 || distance < bestDistance)) {
            best = static_cast<int>(c);
            bestDistance = distance;
        }
    }
    if (best < 0) {
        m_sums.push_back(0);
        m_counts.push_back(0);
        best = static_cast<int>(m_sums.size() - 1);
    }
    m_sums[static_cast<std::size_t>(best)] += score;
    ++m_counts[static_cast<std::size_t>(best)];
    return best;
}

double SensitivityClusters::mean(int cluster) const
{
    const auto c = static_cast<std::size_t>(cluster);
    return m_counts[c] > 0 ? m_sums[c] / m_counts[c] : 0;
}

} // namespace orrery::plugins
