#include "report/class_label_colors.h"

#include "report/svg_chart_helpers.h"

namespace orrery::app {

std::string classLabelColor(const std::string& label, std::size_t index)
{
    if (label == "NL")
        return "#009E73"; // green: growing
    if (label == "WL")
        return "#E69F00"; // orange: near convergence
    if (label == "CL")
        return "#0072B2"; // blue: converging
    if (label == "flagged")
        return "#999999";
    return seriesColor(index);
}

std::string classLabelDescription(const std::string& label)
{
    if (label == "NL")
        return "NL: new, growing fast";
    if (label == "WL")
        return "WL: watching, near convergence";
    if (label == "CL")
        return "CL: completing, growing slowly";
    if (label == "flagged")
        return "flagged: reports no evaluation value";
    return label;
}

} // namespace orrery::app
