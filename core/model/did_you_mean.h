#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace orrery::model {

//! Edit distance (insert, delete, substitute, transpose adjacent) between two ASCII words,
//! compared case-insensitively.
int editDistance(std::string_view a, std::string_view b);

//! The candidate closest to `word` if it is close enough to be a plausible typo (distance at most
//! a third of the word's length, minimum 1), else empty.
std::string closestMatch(std::string_view word, const std::vector<std::string>& candidates);

//! " (did you mean 'x'?)" or "" — ready to append to a message.
std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates);

} // namespace orrery::model
