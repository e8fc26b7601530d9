#include "learn/checkpoint_archive.h"

#include <sstream>
#include <stdexcept>

namespace orrery::learn::detail {

std::string dimsText(const std::vector<std::int64_t>& dims, DimNames names)
{
    std::string out;
    for (std::size_t i = 0; i < dims.size() && i < names.size(); ++i)
        out += (out.empty() ? "" : ", ") + std::string(names[i]) + " " + std::to_string(dims[i]);
    return out;
}

CheckpointWriter::CheckpointWriter(const std::vector<std::int64_t>& dims)
{
    m_root.write("dims", torch::tensor(dims, torch::kLong));
}

void CheckpointWriter::module(const char* key, const torch::nn::Module& net)
{
    torch::serialize::OutputArchive sub;
    net.save(sub);
    m_root.write(key, sub);
}

void CheckpointWriter::optimizer(const char* key, const torch::optim::Optimizer& optimizer)
{
    torch::serialize::OutputArchive sub;
    optimizer.save(sub);
    m_root.write(key, sub);
}

void CheckpointWriter::tensor(const char* key, const torch::Tensor& value)
{
    m_root.write(key, value);
}

std::string CheckpointWriter::bytes()
{
    std::ostringstream out;
    m_root.save_to(out);
    return std::move(out).str();
}

CheckpointReader::CheckpointReader(std::string_view bytes, std::string agent, const std::vector<std::int64_t>& dims,
                                   DimNames names)
    : m_agent(std::move(agent))
{
    torch::Tensor saved;
    try {
        m_root.load_from(bytes.data(), bytes.size());
        m_root.read("dims", saved);
    } catch (const std::exception& error) {
        throw std::runtime_error(m_agent + ": not a checkpoint of this agent: " + error.what());
    }
    const std::vector<std::int64_t> savedDims(saved.data_ptr<std::int64_t>(), saved.data_ptr<std::int64_t>() + saved.numel());
    if (savedDims != dims)
        throw std::runtime_error(m_agent + ": the checkpoint has " + dimsText(savedDims, names) + "; this agent has "
                                 + dimsText(dims, names));
}

void CheckpointReader::module(const char* key, torch::nn::Module& net)
{
    try {
        torch::serialize::InputArchive sub;
        m_root.read(key, sub);
        net.load(sub);
    } catch (const c10::Error& error) {
        throw std::runtime_error(m_agent + ": damaged checkpoint (" + key + "): " + error.what_without_backtrace());
    }
}

void CheckpointReader::optimizer(const char* key, torch::optim::Optimizer& optimizer)
{
    try {
        torch::serialize::InputArchive sub;
        m_root.read(key, sub);
        optimizer.load(sub);
    } catch (const c10::Error& error) {
        throw std::runtime_error(m_agent + ": damaged checkpoint (" + key + "): " + error.what_without_backtrace());
    }
}

torch::Tensor CheckpointReader::tensor(const char* key)
{
    torch::Tensor value;
    try {
        m_root.read(key, value);
    } catch (const c10::Error& error) {
        throw std::runtime_error(m_agent + ": damaged checkpoint (" + key + "): " + error.what_without_backtrace());
    }
    return value;
}

} // namespace orrery::learn::detail
