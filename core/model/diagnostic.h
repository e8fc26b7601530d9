#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace orrery::model {

//! Where something was written in an input file (1-based line and column; 0 = unknown).
struct SourceLocation {
    std::string file;
    int line = 0;
    int column = 0;
};

//! One problem found in an input file: where, which field, and what was expected.
struct Diagnostic {
    SourceLocation location;
    std::string fieldPath; //!< e.g. "spec.cluster.pools[1].memory"; empty for file-level problems
    std::string message;   //!< what is wrong and what was expected

    //! "file:line:column: error: fieldPath: message", the form compilers and editors understand.
    [[nodiscard]] std::string format() const;
};

using Diagnostics = std::vector<Diagnostic>;

//! `text` in double quotes as it should appear in a message: newlines, control bytes, quotes
//! and backslashes escaped, and anything past 60 bytes cut off (at a UTF-8 boundary) with "...".
std::string quoteForMessage(std::string_view text);

//! All diagnostics, one per line.
std::string formatAll(const Diagnostics& diagnostics);

} // namespace orrery::model
