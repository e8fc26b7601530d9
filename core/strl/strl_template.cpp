#include "strl/strl_template.h"

#include "strl/job_generators.h"

#include <algorithm>
#include <cmath>

namespace orrery::strl {

namespace {

using Bindings = std::map<std::string, double>;

double evaluate(const TemplateNumber& number, const Bindings& bindings)
{
    if (number.isLiteral())
        return number.literal;
    const auto lookup = [&](const std::string& name) {
        const auto it = bindings.find(name);
        return it == bindings.end() ? 0.0 : it->second; // the reader rejects unknown names
    };
    double value = lookup(number.param) * number.factor;
    if (!number.factorParam.empty())
        value *= lookup(number.factorParam);
    return value + number.literal;
}

sim::SimTime toTime(double ns)
{
    return static_cast<sim::SimTime>(std::llround(ns));
}

//! Instantiates `t`; nullopt when it has nothing left (see RequestTemplate::forWindow).
std::optional<Expression> instantiate(const ExpressionTemplate& t, const Bindings& bindings, const RequestTemplate& request,
                                      const GeneratorContext& context)
{
    std::optional<Expression> result;
    switch (t.op) {
    case Operator::Nck: {
        const double k = std::round(evaluate(t.k, bindings));
        sim::SimTime start = toTime(evaluate(t.start, bindings));
        if (t.start.isLiteral())
            start += request.submittedAt;
        const sim::SimTime duration = toTime(evaluate(t.duration, bindings));
        if (k < 1.0 || k > 1e6 || duration < 1)
            return std::nullopt;
        const sim::SimTime completion = start + duration;
        if (request.deadline && completion > *request.deadline)
            return std::nullopt;
        double value = 0.0;
        if (t.value.uses("worth")) {
            JobTypeSpec spec;
            spec.value = 1.0;
            spec.deadline = request.deadline;
            const auto it = bindings.find("value");
            spec.value = it == bindings.end() ? 1.0 : it->second;
            Bindings withWorth = bindings;
            withWorth["worth"] = completionValue(spec, context, completion).value_or(0.0);
            value = evaluate(t.value, withWorth);
        } else {
            value = evaluate(t.value, bindings);
        }
        result = Expression::nck(t.setName, static_cast<int>(k), start, duration, std::max(0.0, value));
        break;
    }
    case Operator::Max:
    case Operator::Sum:
    case Operator::Min: {
        std::vector<Expression> children;
        for (const ExpressionTemplate& child : t.children) {
            auto e = instantiate(child, bindings, request, context);
            if (!e && t.op == Operator::Min)
                return std::nullopt;
            if (e)
                children.push_back(std::move(*e));
        }
        if (children.empty())
            return std::nullopt;
        result = t.op == Operator::Max ? Expression::max(std::move(children))
               : t.op == Operator::Sum ? Expression::sum(std::move(children))
                                       : Expression::min(std::move(children));
        break;
    }
    case Operator::Scale:
    case Operator::Barrier: {
        if (t.children.size() != 1)
            return std::nullopt;
        auto child = instantiate(t.children.front(), bindings, request, context);
        if (!child)
            return std::nullopt;
        const double parameter = evaluate(t.parameter, bindings);
        if (t.op == Operator::Scale)
            result = Expression::scale(std::max(0.0, parameter), std::move(*child));
        else if (parameter > 0.0)
            result = Expression::barrier(parameter, std::move(*child));
        break;
    }
    }
    if (result)
        result->location = t.location;
    return result;
}

int nodesOf(const Expression& e)
{
    switch (e.op) {
    case Operator::Nck: return e.leaf.k;
    case Operator::Max: {
        int most = 0;
        for (const Expression& child : e.children)
            most = std::max(most, nodesOf(child));
        return most;
    }
    case Operator::Min:
    case Operator::Sum: {
        int total = 0;
        for (const Expression& child : e.children)
            total += nodesOf(child);
        return total;
    }
    case Operator::Scale:
    case Operator::Barrier: return e.children.empty() ? 0 : nodesOf(e.children.front());
    }
    return 0;
}

} // namespace

bool ExpressionTemplate::uses(const std::string& name) const
{
    if (k.uses(name) || start.uses(name) || duration.uses(name) || value.uses(name) || parameter.uses(name))
        return true;
    return std::any_of(children.begin(), children.end(), [&](const ExpressionTemplate& child) { return child.uses(name); });
}

ExpressionTemplate ExpressionTemplate::ofExpression(const Expression& expression)
{
    ExpressionTemplate t;
    t.op = expression.op;
    t.location = expression.location;
    t.setName = expression.leaf.setName;
    t.k = TemplateNumber::of(expression.leaf.k);
    t.start = TemplateNumber::of(static_cast<double>(expression.leaf.start));
    t.duration = TemplateNumber::of(static_cast<double>(expression.leaf.duration));
    t.value = TemplateNumber::of(expression.leaf.value);
    t.parameter = TemplateNumber::of(expression.parameter);
    for (const Expression& child : expression.children)
        t.children.push_back(ofExpression(child));
    return t;
}

std::optional<Expression> ExpressionTemplate::literalExpression() const
{
    for (const TemplateNumber* number : {&k, &start, &duration, &value, &parameter})
        if (!number->isLiteral())
            return std::nullopt;
    std::optional<Expression> result;
    switch (op) {
    case Operator::Nck:
        result = Expression::nck(setName, static_cast<int>(std::llround(k.literal)), toTime(start.literal), toTime(duration.literal), value.literal);
        break;
    case Operator::Max:
    case Operator::Min:
    case Operator::Sum: {
        std::vector<Expression> operands;
        for (const ExpressionTemplate& child : children) {
            auto e = child.literalExpression();
            if (!e)
                return std::nullopt;
            operands.push_back(std::move(*e));
        }
        result = op == Operator::Max ? Expression::max(std::move(operands))
               : op == Operator::Min ? Expression::min(std::move(operands))
                                     : Expression::sum(std::move(operands));
        break;
    }
    case Operator::Scale:
    case Operator::Barrier: {
        if (children.size() != 1)
            return std::nullopt;
        auto child = children.front().literalExpression();
        if (!child)
            return std::nullopt;
        result = op == Operator::Scale ? Expression::scale(parameter.literal, std::move(*child))
                                       : Expression::barrier(parameter.literal, std::move(*child));
        break;
    }
    }
    result->location = location;
    return result;
}

const std::vector<std::string>& builtinTemplateParameters()
{
    static const std::vector<std::string> kNames = {"start", "now", "submit", "k", "duration", "slowdown", "value", "deadline", "worth"};
    return kNames;
}

Expression RequestTemplate::forWindow(const GeneratorContext& context) const
{
    if (!expression)
        return Expression::max({});
    Bindings bindings = this->bindings;
    bindings["now"] = static_cast<double>(context.now);
    bindings["submit"] = static_cast<double>(submittedAt);
    if (deadline)
        bindings["deadline"] = static_cast<double>(*deadline);
    if (!expression->uses("start")) {
        auto e = instantiate(*expression, bindings, *this, context);
        return e ? std::move(*e) : Expression::max({});
    }
    std::vector<Expression> options;
    for (int slot = 0; slot < context.windowSlots; ++slot) {
        bindings["start"] = static_cast<double>(context.now + static_cast<sim::SimTime>(slot) * context.slotLength);
        auto e = instantiate(*expression, bindings, *this, context);
        if (!e)
            continue;
        if (e->op == Operator::Max) {
            for (Expression& child : e->children)
                options.push_back(std::move(child));
        } else {
            options.push_back(std::move(*e));
        }
    }
    return Expression::max(std::move(options));
}

int RequestTemplate::maxNodes(const GeneratorContext& context) const
{
    return nodesOf(forWindow(context));
}

} // namespace orrery::strl
