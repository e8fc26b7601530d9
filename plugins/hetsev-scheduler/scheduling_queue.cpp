#include "scheduling_queue.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <string>

namespace orrery::plugins::hetsev {
namespace {

using Point = std::vector<double>;

double l1(const Point& a, const Point& b)
{
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        sum += std::abs(a[i] - b[i]);
    return sum;
}

//! [memory / largest memory, one-hot model]
std::vector<Point> featuresOf(const std::vector<policy::PendingUnit>& pending)
{
    std::map<std::string, std::size_t> models;
    double largest = 0;
    for (const auto& unit : pending) {
        models.try_emplace(unit.service, models.size());
        largest = std::max(largest, static_cast<double>(unit.request.memoryBytes));
    }
    std::vector<Point> points;
    points.reserve(pending.size());
    for (const auto& unit : pending) {
        Point p(1 + models.size(), 0.0);
        p[0] = largest > 0 ? static_cast<double>(unit.request.memoryBytes) / largest : 0.0;
        p[1 + models.at(unit.service)] = 1.0;
        points.push_back(std::move(p));
    }
    return points;
}

std::size_t nearest(const Point& p, const std::vector<Point>& centres)
{
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < centres.size(); ++c) {
        const double d = l1(p, centres[c]);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
}

} // namespace

std::vector<std::size_t> kMeansQueues(const std::vector<policy::PendingUnit>& pending, std::size_t k)
{
    std::vector<std::size_t> queue(pending.size(), 0);
    if (pending.empty() || k <= 1)
        return queue;
    const std::vector<Point> points = featuresOf(pending);
    // Farthest-point seeding: deterministic, and never two seeds on one point.
    std::vector<Point> centres{points.front()};
    while (centres.size() < k) {
        std::size_t farthest = 0;
        double farthestDistance = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            double d = std::numeric_limits<double>::infinity();
            for (const Point& c : centres)
                d = std::min(d, l1(points[i], c));
            if (d > farthestDistance) {
                farthestDistance = d;
                farthest = i;
            }
        }
        if (farthestDistance <= 0)
            break; // fewer distinct points than k
        centres.push_back(points[farthest]);
    }
    for (int iteration = 0; iteration < 50; ++iteration) {
        bool moved = false;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const std::size_t c = nearest(points[i], centres);
            moved = moved || (iteration == 0 || c != queue[i]);
            queue[i] = c;
        }
        if (!moved)
            break;
        std::vector<Point> sums(centres.size(), Point(points.front().size(), 0.0));
        std::vector<double> counts(centres.size(), 0.0);
        for (std::size_t i = 0; i < points.size(); ++i) {
            for (std::size_t f = 0; f < points[i].size(); ++f)
                sums[queue[i]][f] += points[i][f];
            counts[queue[i]] += 1;
        }
        for (std::size_t c = 0; c < centres.size(); ++c) {
            if (counts[c] > 0) // an emptied queue keeps its centre
                for (std::size_t f = 0; f < sums[c].size(); ++f)
                    centres[c][f] = sums[c][f] / counts[c];
        }
    }
    // Number the queues by their oldest replica, so that numbering does not depend on seeding.
    std::vector<std::size_t> firstSeen(centres.size(), pending.size());
    for (std::size_t i = 0; i < pending.size(); ++i)
        firstSeen[queue[i]] = std::min(firstSeen[queue[i]], i);
    std::vector<std::size_t> byFirst(centres.size());
    for (std::size_t c = 0; c < byFirst.size(); ++c)
        byFirst[c] = c;
    std::sort(byFirst.begin(), byFirst.end(), [&](std::size_t a, std::size_t b) { return firstSeen[a] < firstSeen[b]; });
    std::vector<std::size_t> renumber(centres.size());
    for (std::size_t r = 0; r < byFirst.size(); ++r)
        renumber[byFirst[r]] = r;
    for (std::size_t& q : queue)
        q = renumber[q];
    return queue;
}

std::vector<std::size_t> weightedFairOrder(const std::vector<policy::PendingUnit>& pending, sim::SimTime now,
                                           std::size_t queues, std::size_t batch)
{
    const std::vector<std::size_t> queueOf = kMeansQueues(pending, std::max<std::size_t>(1, queues));
    std::size_t count = 0;
    for (const std::size_t q : queueOf)
        count = std::max(count, q + 1);
    std::vector<std::deque<std::size_t>> waiting(count);
    std::vector<std::size_t> byAge(pending.size());
    for (std::size_t i = 0; i < byAge.size(); ++i)
        byAge[i] = i;
    std::stable_sort(byAge.begin(), byAge.end(), [&](std::size_t a, std::size_t b) {
        return pending[a].submittedAt != pending[b].submittedAt ? pending[a].submittedAt < pending[b].submittedAt
                                                                : pending[a].id < pending[b].id;
    });
    for (const std::size_t i : byAge)
        waiting[queueOf[i]].push_back(i);

    const auto weightOf = [&](const std::deque<std::size_t>& q) {
        if (q.empty())
            return 0.0;
        std::vector<double> waits;
        waits.reserve(q.size());
        for (const std::size_t i : q)
            waits.push_back(sim::toSeconds(std::max<sim::SimTime>(0, now - pending[i].submittedAt)));
        std::nth_element(waits.begin(), waits.begin() + static_cast<std::ptrdiff_t>(waits.size() / 2), waits.end());
        return static_cast<double>(q.size()) * (waits[waits.size() / 2] + 1e-3);
    };
    std::vector<std::size_t> order;
    order.reserve(pending.size());
    const std::size_t beta = std::max<std::size_t>(1, batch);
    while (order.size() < pending.size()) {
        std::vector<double> weight(count);
        for (std::size_t q = 0; q < count; ++q)
            weight[q] = weightOf(waiting[q]);
        std::vector<double> picks(count, 0.0);
        for (std::size_t slot = 0; slot < beta && order.size() < pending.size(); ++slot) {
            std::size_t best = count;
            double bestScore = -1;
            for (std::size_t q = 0; q < count; ++q) {
                if (waiting[q].empty())
                    continue;
                const double score = weight[q] / (picks[q] + 1.0);
                if (score > bestScore) {
                    bestScore = score;
                    best = q;
                }
            }
            order.push_back(waiting[best].front());
            waiting[best].pop_front();
            picks[best] += 1;
        }
    }
    return order;
}

} // namespace orrery::plugins::hetsev
