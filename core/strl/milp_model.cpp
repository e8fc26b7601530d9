#include "strl/milp_model.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace orrery::strl {

int MilpModel::addColumn(std::string name, double lower, double upper, bool integer, double objective)
{
    m_columns.push_back(Column{std::move(name), lower, upper, integer, objective});
    return static_cast<int>(m_columns.size()) - 1;
}

int MilpModel::addRow(std::string name, std::vector<std::pair<int, double>> terms, double lower, double upper)
{
    std::map<int, double> merged;
    for (const auto& [column, coefficient] : terms)
        merged[column] += coefficient;
    Row row{std::move(name), {}, lower, upper};
    for (const auto& [column, coefficient] : merged) {
        if (coefficient != 0.0)
            row.terms.emplace_back(column, coefficient);
    }
    m_rows.push_back(std::move(row));
    return static_cast<int>(m_rows.size()) - 1;
}

int MilpModel::columnNamed(const std::string& name) const
{
    const auto it = std::find_if(m_columns.begin(), m_columns.end(), [&name](const Column& c) { return c.name == name; });
    return it == m_columns.end() ? -1 : static_cast<int>(it - m_columns.begin());
}

namespace {

void writeTerm(std::ostringstream& out, double coefficient, const std::string& name, bool first)
{
    if (coefficient < 0)
        out << (first ? "-" : " - ");
    else if (!first)
        out << " + ";
    if (std::abs(coefficient) != 1.0)
        out << std::abs(coefficient) << ' ';
    out << name;
}

} // namespace

std::string MilpModel::toText() const
{
    std::ostringstream out;
    out << "maximize";
    bool first = true;
    for (const Column& column : m_columns) {
        if (column.objective != 0.0) {
            out << (first ? " " : "");
            writeTerm(out, column.objective, column.name, first);
            first = false;
        }
    }
    out << '\n';
    for (const Row& row : m_rows) {
        out << row.name << ": ";
        if (row.lower != -kInfinity && row.lower != row.upper)
            out << row.lower << " <= ";
        for (std::size_t i = 0; i < row.terms.size(); ++i)
            writeTerm(out, row.terms[i].second, m_columns[static_cast<std::size_t>(row.terms[i].first)].name, i == 0);
        if (row.lower == row.upper)
            out << " = " << row.upper;
        else if (row.upper != kInfinity)
            out << " <= " << row.upper;
        out << '\n';
    }
    for (const Column& column : m_columns) {
        out << column.name << " in [" << column.lower << ", ";
        if (column.upper == kInfinity)
            out << "inf";
        else
            out << column.upper;
        out << ']' << (column.integer ? " integer" : "") << '\n';
    }
    return out.str();
}

} // namespace orrery::strl
