#pragma once
// Shared by the libFuzzer harnesses (tests/fuzz/*_fuzzer.cpp) and the Qt Test suites that replay
// the kept crash inputs (tests/fixtures/fuzz-regressions/<harness>/): each *_invariant.h states
// what must hold for one parser as a function returning the first violation ("" = none), so the
// fuzzer and the normal test suite check exactly the same thing. Header-only: the normal build
// compiles it into the tests without building anything of tests/fuzz.
#include "model/diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace orrery::fuzz {

//! The first problem of a diagnostic from a text parse, or "". It must name a file
//! (`expectedFile`, or another one when `otherFilesAllowed`: a service graph or scenario the text
//! refers to), a line ≥ 1 (no text parser documents a line-0 diagnostic: line 0 is for files that
//! cannot be opened), a column ≥ 0 and a message, and must not be one of the loaders' catch-all
//! "internal error"/"out of memory" reports, which stand for an exception the parser let escape.
inline std::string diagnosticProblem(const model::Diagnostic& diagnostic, const std::string& expectedFile,
                                     bool otherFilesAllowed)
{
    const std::string text = diagnostic.format();
    if (diagnostic.location.file.empty())
        return "diagnostic without a file: " + text;
    if (!otherFilesAllowed && diagnostic.location.file != expectedFile)
        return "diagnostic names another file: " + text;
    if (diagnostic.location.line < 1)
        return "diagnostic without a line: " + text;
    if (diagnostic.location.column < 0)
        return "diagnostic with a negative column: " + text;
    if (diagnostic.message.empty())
        return "diagnostic without a message: " + text;
    if (diagnostic.message.starts_with("internal error") || diagnostic.message.starts_with("out of memory"))
        return "an exception escaped the parser: " + text;
    return {};
}

//! The input as text (libFuzzer hands bytes; every parser here takes text).
inline std::string_view asText(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

} // namespace orrery::fuzz

#ifdef ORRERY_FUZZ_HARNESS
#include <cstdio>
#include <cstdlib>

namespace orrery::fuzz {

//! In a harness: abort with the violation so libFuzzer keeps the input as a crash.
inline void check(std::string_view harness, const std::string& problem)
{
    if (problem.empty())
        return;
    std::fprintf(stderr, "\n[fuzz_%.*s] invariant violated: %s\n", static_cast<int>(harness.size()), harness.data(),
                 problem.c_str());
    std::abort();
}

} // namespace orrery::fuzz
#endif
