#include "report/embedding_report.h"

#include "analysis/pca.h"
#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"
#include "report/svg_scatter_chart.h"
#include "store/project.h"
#include "store/project_embeddings.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace orrery::app {
namespace {

double cosine(const std::vector<float>& a, const std::vector<float>& b)
{
    double dot = 0, na = 0, nb = 0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        dot += static_cast<double>(a[i]) * b[i];
        na += static_cast<double>(a[i]) * a[i];
        nb += static_cast<double>(b[i]) * b[i];
    }
    return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0.0;
}

std::string fixed(double value, int digits)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

std::string attributeOr(const store::StoredEmbedding& embedding, const std::string& key, const std::string& fallback)
{
    const auto found = embedding.attributes.find(key);
    return found == embedding.attributes.end() ? fallback : found->second;
}

} // namespace

std::string embeddingReportHtml(const store::Project& project, store::ModelId model)
{
    const std::vector<store::StoredEmbedding> embeddings = store::ProjectEmbeddings(project.database()).ofModel(model);
    std::ostringstream html;
    html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Orrery embeddings of meta learner " << model
         << "</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}"
            "table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.2em .6em;text-align:left}"
            "td.n{text-align:right}</style></head><body>\n";
    html << "<h1>Embeddings of meta learner " << model << "</h1>\n";
    if (embeddings.empty()) {
        html << "<p>This model has no embeddings.</p></body></html>\n";
        return html.str();
    }
    std::vector<std::vector<float>> vectors;
    for (const auto& embedding : embeddings)
        vectors.push_back(embedding.vector);
    const analysis::PcaProjection pca = analysis::projectPca(vectors, 2);
    html << "<p>" << embeddings.size() << " environments, " << embeddings.front().vector.size()
         << "-dimensional embeddings (seed 001 §5.3.2), on their first two principal components (PC1 "
         << fixed(100.0 * pca.explainedVarianceRatio.at(0), 1) << " %, PC2 " << fixed(100.0 * pca.explainedVarianceRatio.at(1), 1)
         << " % of the variance). Environments that the meta learner finds alike lie close together.</p>\n";

    // The scatter, one group per class.
    std::map<std::string, ScatterGroup> groups;
    for (std::size_t i = 0; i < embeddings.size(); ++i) {
        const std::string group = attributeOr(embeddings[i], "class", "(none)");
        ScatterGroup& scatter = groups[group];
        scatter.label = group;
        scatter.points.emplace_back(pca.at(i, 0), pca.at(i, 1));
    }
    std::vector<ScatterGroup> ordered;
    for (auto& [name, group] : groups) {
        group.color = seriesColor(ordered.size());
        ordered.push_back(std::move(group));
    }
    html << svgScatterChart(ordered, "PC1", "PC2", 720, 320) << "\n";

    // The table, with each environment's nearest neighbour.
    html << "<h2>Environments</h2>\n<table><tr><th>environment</th><th>class</th><th>segments</th><th>episodes</th>"
            "<th>nearest</th><th>cosine</th></tr>\n";
    for (std::size_t i = 0; i < embeddings.size(); ++i) {
        std::size_t nearest = i;
        double best = -2;
        for (std::size_t j = 0; j < embeddings.size(); ++j) {
            if (j == i)
                continue;
            const double similarity = cosine(embeddings[i].vector, embeddings[j].vector);
            if (similarity > best) {
                best = similarity;
                nearest = j;
            }
        }
        html << "<tr><td>" << htmlEscape(embeddings[i].label) << "</td><td>" << htmlEscape(attributeOr(embeddings[i], "class", ""))
             << "</td><td>" << htmlEscape(attributeOr(embeddings[i], "segments", "")) << "</td><td class=\"n\">"
             << htmlEscape(attributeOr(embeddings[i], "episodes", "")) << "</td><td>"
             << (nearest == i ? std::string("—") : htmlEscape(embeddings[nearest].label)) << "</td><td class=\"n\">"
             << (nearest == i ? std::string("—") : fixed(best, 5)) << "</td></tr>\n";
    }
    html << "</table>\n";

    // Reward per episode of every environment, from the trajectory store.
    std::map<std::string, std::map<std::int32_t, double>> rewards;
    std::map<std::string, bool> wanted;
    for (const auto& embedding : embeddings)
        wanted[embedding.label] = true;
    for (const store::TrajectoryInfo& info : project.trajectories()) {
        if (!wanted.count(info.spec.label))
            continue;
        const store::TrajectoryData data = project.readTrajectory(info.id);
        for (std::size_t i = 0; i < data.size(); ++i)
            rewards[info.spec.label][data.episodes[i]] += data.rewards[i];
    }
    std::vector<ChartLine> lines;
    for (const auto& [label, perEpisode] : rewards) {
        ChartLine line;
        line.label = label;
        line.color = seriesColor(lines.size());
        for (const auto& [episode, reward] : perEpisode)
            line.points.emplace_back(static_cast<double>(episode), reward);
        lines.push_back(std::move(line));
    }
    if (!lines.empty()) {
        html << "<h2>Reward per episode</h2>\n<p>The episodes each environment's embedding was computed from (the "
                "trajectories its trainer recorded).</p>\n"
             << svgLineChart(lines, "episode", "reward", 720, 280) << "\n";
    }
    html << "</body></html>\n";
    return html.str();
}

} // namespace orrery::app
