#include "strl/expression.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <sstream>

namespace orrery::strl {

const char* toString(Operator op)
{
    switch (op) {
    case Operator::Nck: return "nCk";
    case Operator::Max: return "max";
    case Operator::Min: return "min";
    case Operator::Sum: return "sum";
    case Operator::Scale: return "scale";
    case Operator::Barrier: return "barrier";
    }
    return "?";
}

Expression Expression::nck(std::string setName, int k, sim::SimTime start, sim::SimTime duration, double value)
{
    Expression e;
    e.op = Operator::Nck;
    e.leaf = NckLeaf{std::move(setName), k, start, duration, value};
    return e;
}

namespace {

Expression withChildren(Operator op, std::vector<Expression> children, double parameter = 0.0)
{
    Expression e;
    e.op = op;
    e.parameter = parameter;
    e.children = std::move(children);
    return e;
}

void collectLeaves(const Expression& e, const std::function<void(const NckLeaf&)>& visit)
{
    if (e.op == Operator::Nck) {
        visit(e.leaf);
        return;
    }
    for (const Expression& child : e.children)
        collectLeaves(child, visit);
}

double valueAt(const Expression& e, const std::vector<bool>& satisfied, std::size_t& next)
{
    if (e.op == Operator::Nck) {
        const std::size_t index = next++;
        return index < satisfied.size() && satisfied[index] ? e.leaf.value : 0.0;
    }
    std::vector<double> values;
    values.reserve(e.children.size());
    for (const Expression& child : e.children)
        values.push_back(valueAt(child, satisfied, next));
    switch (e.op) {
    case Operator::Max: return values.empty() ? 0.0 : *std::max_element(values.begin(), values.end());
    case Operator::Min: return values.empty() ? 0.0 : *std::min_element(values.begin(), values.end());
    case Operator::Sum: {
        double total = 0.0;
        for (double v : values)
            total += v;
        return total;
    }
    case Operator::Scale: return values.empty() ? 0.0 : e.parameter * values.front();
    case Operator::Barrier: return !values.empty() && values.front() >= e.parameter ? e.parameter : 0.0;
    case Operator::Nck: break;
    }
    return 0.0;
}

void writeText(const Expression& e, std::ostringstream& out)
{
    out << toString(e.op) << '(';
    if (e.op == Operator::Nck) {
        out << e.leaf.setName << ", " << e.leaf.k << ", " << sim::toSeconds(e.leaf.start) << "s, "
            << sim::toSeconds(e.leaf.duration) << "s, " << e.leaf.value << ')';
        return;
    }
    if (e.op == Operator::Scale || e.op == Operator::Barrier)
        out << e.parameter << ", ";
    for (std::size_t i = 0; i < e.children.size(); ++i) {
        if (i > 0)
            out << ", ";
        writeText(e.children[i], out);
    }
    out << ')';
}

} // namespace

Expression Expression::max(std::vector<Expression> children)
{
    return withChildren(Operator::Max, std::move(children));
}

Expression Expression::min(std::vector<Expression> children)
{
    return withChildren(Operator::Min, std::move(children));
}

Expression Expression::sum(std::vector<Expression> children)
{
    return withChildren(Operator::Sum, std::move(children));
}

Expression Expression::scale(double factor, Expression child)
{
    std::vector<Expression> children;
    children.push_back(std::move(child));
    return withChildren(Operator::Scale, std::move(children), factor);
}

Expression Expression::barrier(double threshold, Expression child)
{
    std::vector<Expression> children;
    children.push_back(std::move(child));
    return withChildren(Operator::Barrier, std::move(children), threshold);
}

int Expression::leafCount() const
{
    int count = 0;
    forEachLeaf([&count](const NckLeaf&) { ++count; });
    return count;
}

void Expression::forEachLeaf(const std::function<void(const NckLeaf&)>& visit) const
{
    collectLeaves(*this, visit);
}

double Expression::valueOf(const std::vector<bool>& satisfied) const
{
    std::size_t next = 0;
    return valueAt(*this, satisfied, next);
}

std::string Expression::toText() const
{
    std::ostringstream out;
    writeText(*this, out);
    return out.str();
}

} // namespace orrery::strl
