#pragma once
// Private to orrery_learn's .cpp files (pulls in LibTorch): the archive layout every learned
// agent's checkpoint shares — named sub-archives for networks and optimisers, and a "dims"
// tensor checked on load so a checkpoint of another shape is refused with both shapes named.
#include <torch/torch.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn::detail {

//! Names for the entries of an agent's dims vector, used in error messages ("state 7, actions 3").
using DimNames = std::span<const char* const>;

//! "state 7, critic extra 12, …": `dims` spelled with `names` (extra values are left out).
std::string dimsText(const std::vector<std::int64_t>& dims, DimNames names);

//! Builds a checkpoint: write networks and optimisers as sub-archives, then bytes().
class CheckpointWriter {
public:
    explicit CheckpointWriter(const std::vector<std::int64_t>& dims);
    void module(const char* key, const torch::nn::Module& net);
    void optimizer(const char* key, const torch::optim::Optimizer& optimizer);
    void tensor(const char* key, const torch::Tensor& value);
    [[nodiscard]] std::string bytes();

private:
    torch::serialize::OutputArchive m_root;
};

//! Opens a checkpoint written by CheckpointWriter. The constructor throws std::runtime_error,
//! prefixed with `agent` ("PpoAgent::loadBytes"), when the bytes are not a checkpoint or their
//! dims differ from `dims`. The readers throw std::runtime_error for a damaged entry.
class CheckpointReader {
public:
    CheckpointReader(std::string_view bytes, std::string agent, const std::vector<std::int64_t>& dims, DimNames names);
    void module(const char* key, torch::nn::Module& net);
    void optimizer(const char* key, torch::optim::Optimizer& optimizer);
    [[nodiscard]] torch::Tensor tensor(const char* key);

private:
    torch::serialize::InputArchive m_root;
    std::string m_agent;
};

} // namespace orrery::learn::detail
