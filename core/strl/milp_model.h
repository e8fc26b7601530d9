#pragma once
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace orrery::strl {

//! A mixed-integer linear program as plain data (maximize c·x subject to row bounds and column
//! bounds), so a compiled STRL program can be inspected and compared with a hand-written one
//! before any solver sees it.
class MilpModel {
public:
    static constexpr double kInfinity = std::numeric_limits<double>::infinity();

    struct Column {
        std::string name;
        double lower = 0.0;
        double upper = 1.0;
        bool integer = true;
        double objective = 0.0;
    };
    struct Row {
        std::string name;
        std::vector<std::pair<int, double>> terms; //!< (column, coefficient), columns ascending
        double lower = -kInfinity;
        double upper = kInfinity;
    };

    int addColumn(std::string name, double lower, double upper, bool integer, double objective = 0.0);
    //! Adds lower <= Σ terms <= upper; terms on the same column are merged, zeros dropped.
    int addRow(std::string name, std::vector<std::pair<int, double>> terms, double lower, double upper);
    void addObjective(int column, double coefficient) { m_columns.at(static_cast<std::size_t>(column)).objective += coefficient; }
    void setUpper(int column, double upper) { m_columns.at(static_cast<std::size_t>(column)).upper = upper; }

    [[nodiscard]] const std::vector<Column>& columns() const { return m_columns; }
    [[nodiscard]] const std::vector<Row>& rows() const { return m_rows; }
    //! The column named `name`, or -1.
    [[nodiscard]] int columnNamed(const std::string& name) const;
    //! An LP-format-like listing: objective, rows, bounds, one per line (for tests and docs).
    [[nodiscard]] std::string toText() const;

private:
    std::vector<Column> m_columns;
    std::vector<Row> m_rows;
};

} // namespace orrery::strl
