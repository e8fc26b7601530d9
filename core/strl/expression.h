#pragma once
#include "model/diagnostic.h"
#include "strl/nck_leaf.h"

#include <functional>
#include <string>
#include <vector>

namespace orrery::strl {

//! The STRL operators of seed 003, plus the nCk leaf.
enum class Operator { Nck, Max, Min, Sum, Scale, Barrier };

//! "nCk", "max", "min", "sum", "scale", "barrier".
const char* toString(Operator op);

//! An STRL expression tree: a function from an allocation of space-time resources to a value.
//! max: the best child (at most one is satisfied); min: all children, valued at the smallest;
//! sum: the sum of the children; scale: `parameter` × the child; barrier: `parameter` when the
//! child's value reaches `parameter`, else 0.
struct Expression {
    Operator op = Operator::Nck;
    NckLeaf leaf;                      //!< op == Nck
    double parameter = 0.0;            //!< scale: factor (>= 0); barrier: threshold (> 0)
    std::vector<Expression> children;  //!< max/min/sum: >= 1; scale/barrier: exactly 1
    model::SourceLocation location;    //!< where it was written; empty when generated

    static Expression nck(std::string setName, int k, sim::SimTime start, sim::SimTime duration, double value);
    static Expression max(std::vector<Expression> children);
    static Expression min(std::vector<Expression> children);
    static Expression sum(std::vector<Expression> children);
    static Expression scale(double factor, Expression child);
    static Expression barrier(double threshold, Expression child);

    //! Number of nCk leaves in the tree.
    [[nodiscard]] int leafCount() const;
    //! Calls `visit` on every leaf in pre-order (the order leaf indices refer to).
    void forEachLeaf(const std::function<void(const NckLeaf&)>& visit) const;
    //! The value when exactly the leaves whose pre-order index is set in `satisfied` are
    //! granted, by the operator semantics above (max takes the best child's value).
    [[nodiscard]] double valueOf(const std::vector<bool>& satisfied) const;
    //! A one-line text form: max(nCk(gpu, 2, 0s, 10s, 10), ...), times in seconds.
    [[nodiscard]] std::string toText() const;
};

} // namespace orrery::strl
