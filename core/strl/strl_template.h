#pragma once
#include "model/diagnostic.h"
#include "strl/expression.h"
#include "strl/generator_context.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace orrery::strl {

//! A number in an expression template (docs/strl.md, "User generators and hand-written
//! expressions"): a literal, or `$p`, `$p * <number>`, `$p * $q`, each optionally `+ <literal>`.
//! Times are in nanoseconds; a literal start is relative to the job's submission.
struct TemplateNumber {
    double literal = 0.0;      //!< the value when `param` is empty; else the `+` offset
    std::string param;         //!< `$param` without the `$`
    std::string factorParam;   //!< `* $factorParam`
    double factor = 1.0;       //!< `* factor`

    static TemplateNumber of(double value) { return TemplateNumber{value, {}, {}, 1.0}; }
    [[nodiscard]] bool isLiteral() const { return param.empty(); }
    [[nodiscard]] bool uses(const std::string& name) const { return param == name || factorParam == name; }
};

//! An STRL expression whose leaf fields and operator parameters may name parameters.
struct ExpressionTemplate {
    Operator op = Operator::Nck;
    std::string setName;                 //!< nCk
    TemplateNumber k, start, duration, value; //!< nCk
    TemplateNumber parameter;            //!< scale: factor; barrier: threshold
    std::vector<ExpressionTemplate> children;
    model::SourceLocation location;

    //! Whether any field names `$name`.
    [[nodiscard]] bool uses(const std::string& name) const;
    //! A literal expression as a template (no parameters; leaf starts are taken as written).
    static ExpressionTemplate ofExpression(const Expression& expression);
    //! The expression itself when no field names a parameter (the inverse of ofExpression: leaf
    //! starts as written, nothing pruned); nullopt when one does.
    [[nodiscard]] std::optional<Expression> literalExpression() const;
};

//! The parameters every job's template may use (docs/strl.md): start (the candidate start; a
//! template using it is expanded over the window's starts), now, submit, k, duration, slowdown,
//! value, deadline (absolute; only for jobs with one) and worth (a leaf's value: the job's value
//! for completing at the leaf's end, as the built-in generators value it).
const std::vector<std::string>& builtinTemplateParameters();

//! A user generator (YAML `generators:`): a named template with its own parameters (and their
//! defaults) beside the built-in ones.
struct StrlGenerator {
    std::string name;
    std::vector<std::pair<std::string, std::optional<double>>> params; //!< name, default
    std::shared_ptr<const ExpressionTemplate> expression;
    model::SourceLocation location;
};

//! One job's request as a template and the values of its parameters: what a batch policy is
//! given for a job with a user generator or a hand-written expression (policy::BatchJob::request).
struct RequestTemplate {
    std::string label;                               //!< the generator's name, or "expression"
    std::shared_ptr<const ExpressionTemplate> expression;
    std::map<std::string, double> bindings;          //!< k, duration, slowdown, value, user parameters
    sim::SimTime submittedAt = 0;
    std::optional<sim::SimTime> deadline;            //!< absolute

    //! The expression for one planning window. A template using `$start` becomes a max over the
    //! candidate starts now + i × slot (a root max's options are spliced in, as the built-in
    //! generators do); one that does not is instantiated once. Literal starts are relative to the
    //! submission. Leaves completing after the deadline, with k < 1 or a duration < 1 ns are left
    //! out (a max or sum keeps its other operands; min, scale and barrier go with them); nothing
    //! left gives an empty max, worth 0.
    [[nodiscard]] Expression forWindow(const GeneratorContext& context) const;
    //! The largest number of nodes the expression for `context` can be granted (Σ over sum, max
    //! over max): the node cap for assigning its leaves.
    [[nodiscard]] int maxNodes(const GeneratorContext& context) const;
};

} // namespace orrery::strl
