#include "gui/embedding_data.h"

#include "store/project.h"
#include "store/project_embeddings.h"

#include <algorithm>
#include <map>

namespace orrery::app {
namespace {

//! Reward per episode of the trajectories labelled `label` (of `agent`), in episode order.
std::vector<std::pair<double, double>> episodeRewards(const store::Project& project, const std::string& label, const std::string& agent)
{
    std::map<std::int32_t, double> rewards;
    for (const store::TrajectoryInfo& info : project.trajectories()) {
        if (info.spec.label != label || (!agent.empty() && info.spec.agent != agent))
            continue;
        const store::TrajectoryData data = project.readTrajectory(info.id);
        for (std::size_t i = 0; i < data.size(); ++i)
            rewards[data.episodes[i]] += data.rewards[i];
    }
    std::vector<std::pair<double, double>> points;
    for (const auto& [episode, reward] : rewards)
        points.emplace_back(static_cast<double>(episode), reward);
    return points;
}

} // namespace

std::optional<widgets::EmbeddingViewData> loadEmbeddingViewData(const QString& projectPath, const QString& current)
{
    const store::Project project = store::Project::open(projectPath.toStdString());
    store::ProjectEmbeddings embeddings(project.database());
    const std::optional<store::ModelId> model = embeddings.latestModel();
    if (!model)
        return std::nullopt;
    widgets::EmbeddingViewData data;
    data.title = "Embeddings of meta learner " + std::to_string(*model);
    bool hasClass = false;
    std::string agent;
    for (store::StoredEmbedding& stored : embeddings.ofModel(*model)) {
        widgets::EmbeddingPoint point;
        point.id = stored.label;
        point.label = stored.label;
        point.vector = std::move(stored.vector);
        point.attributes = std::move(stored.attributes);
        hasClass = hasClass || point.attributes.count("class") > 0;
        if (const auto found = point.attributes.find("agent"); found != point.attributes.end())
            agent = found->second;
        data.points.push_back(std::move(point));
    }
    if (data.points.empty())
        return std::nullopt;
    data.colorAttribute = hasClass ? "class" : "";
    const std::string wanted = current.toStdString();
    const bool known = std::any_of(data.points.begin(), data.points.end(), [&](const auto& p) { return p.id == wanted; });
    data.current = known ? wanted : data.points.back().id;
    data.adaptation.push_back({*data.current + " (reward per episode)", episodeRewards(project, *data.current, agent)});
    return data;
}

} // namespace orrery::app
