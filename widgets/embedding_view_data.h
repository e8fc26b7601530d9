#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orrery::widgets {

//! One embedded item of the Embedding view: an application (or environment) and the vector the
//! meta-learner gave it (seed 001 §5.3.2).
struct EmbeddingPoint {
    std::string id;                                //!< unique key, e.g. "app-0042"
    std::string label;                             //!< shown name; the id when empty
    std::vector<float> vector;                     //!< the embedding; every point the same length
    std::map<std::string, std::string> attributes; //!< categorical attributes to colour by, e.g.
                                                   //!< {"segment mix", "web serving"}, {"resource class", "cpu-bound"}
};

//! One k-shot adaptation curve: reward per episode of one method (AWARE, TL, TL+ …).
struct AdaptationCurve {
    std::string name;
    std::vector<std::pair<double, double>> points; //!< (episode, reward), sorted by episode
};

//! Everything EmbeddingView shows, in plain types so the app can fill it from a project (or a
//! running adaptation) without the view knowing where it came from.
struct EmbeddingViewData {
    std::string title;                      //!< the scatter's title; "Workload embeddings" when empty
    std::vector<EmbeddingPoint> points;
    std::optional<std::string> current;     //!< id of the workload being adapted to, highlighted
    std::vector<AdaptationCurve> adaptation;
    std::string colorAttribute;             //!< attribute to colour by first; the first key when empty
};

} // namespace orrery::widgets
