#pragma once
#include "learn/flash_fit_report.h"
#include "learn/flash_query.h"
#include "learn/flash_regressor_config.h"

#include <cstddef>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! FLASH for a supervised task (seed 001 §5.6.1, Listing 5.1's SLModel): a meta learner that
//! turns k labelled data samples of one application into an embedding, and a shared base
//! learner, a fully connected ReLU regressor over (input ‖ embedding), pretrained across the
//! applications of a pool and used k-shot on new ones by computing their embedding from k
//! samples — no retraining. With embeddingDim 0 it is the plain base learner (the baseline).
//!
//! Listing 5.1 → here: RegisterBaseLearner(name, F, P) is the constructor (task, inputDim,
//! sampleDim = |F| + |P|); InsertDataSamples is insertDataSamples() (one buffer per
//! application); GetEmbedding is embedding() for a buffer or embed() for any k samples;
//! ToggleMetaModelUpdate is setMetaModelUpdate(): when off, fit() trains only the base learner
//! and the meta learner's parameters stay fixed (the paper's adaptation stage).
//!
//! Meta learner: a set encoder (DeepSets): each sample through Linear → ReLU → Linear → ReLU,
//! the mean over the samples, then Linear → ReLU → Linear to the embedding — the structure
//! MetaLearner has when every episode is one step (its per-episode GRU state averaged over the
//! bundle, then two FC layers), without the recurrence a single step does not need; so the
//! embedding does not depend on the samples' order. It is trained end to end with the base
//! learner's loss, as §5.6.1 "Pretraining" says (docs/learning.md, "FLASH").
//!
//! Inputs, samples and (for MSE) labels are standardised with statistics of the first fit()'s
//! data; with MAPE the network predicts the standardised log label. Deterministic for a seed on
//! one thread (call makeTorchDeterministic first); the header includes no LibTorch (pimpl).
//! Bad arguments throw std::invalid_argument naming what is wrong. Not thread-safe.
class FlashRegressor {
public:
    explicit FlashRegressor(const FlashRegressorConfig& config);
    ~FlashRegressor();
    FlashRegressor(FlashRegressor&&) noexcept;
    FlashRegressor& operator=(FlashRegressor&&) noexcept;

    //! InsertDataSamples: appends sampleDim-float samples (F ‖ P) to `application`'s buffer.
    void insertDataSamples(const std::string& application, std::span<const std::vector<float>> samples);
    //! The samples buffered for `application` (empty when none).
    [[nodiscard]] const std::vector<std::vector<float>>& dataSamples(const std::string& application) const;
    [[nodiscard]] std::vector<std::string> applications() const;

    //! GetEmbedding: the embedding of the newest bundleSize samples of `application`'s buffer.
    //! Throws when the buffer is empty or there is no meta learner.
    [[nodiscard]] std::vector<float> embedding(const std::string& application) const;
    //! The embedding of 1 to bundleSize samples (k-shot), order-independent.
    [[nodiscard]] std::vector<float> embed(std::span<const std::vector<float>> samples) const;

    //! ToggleMetaModelUpdate: whether fit() also trains the meta learner (default on).
    void setMetaModelUpdate(bool on);
    [[nodiscard]] bool metaModelUpdate() const;

    //! Trains for config.epochs passes over `queries` (minibatches in a seeded shuffled order),
    //! the meta learner too when metaModelUpdate(). The first call fixes the standardisation.
    FlashFitReport fit(std::span<const FlashQuery> queries);
    //! The prediction for each query (its context from the buffers, as in fit()).
    [[nodiscard]] std::vector<float> predict(std::span<const FlashQuery> queries) const;
    //! The prediction for one input given an embedding (embeddingDim floats; empty without a
    //! meta learner).
    [[nodiscard]] float predict(std::span<const float> input, std::span<const float> embedding) const;

    //! The loss of the queries under the current parameters (MAPE or standardised MSE).
    [[nodiscard]] double loss(std::span<const FlashQuery> queries) const;

    [[nodiscard]] const FlashRegressorConfig& config() const;
    [[nodiscard]] bool hasMetaLearner() const { return config().embeddingDim > 0; }

    //! The trained model as bytes (LibTorch's archive format): the meta learner's and the base
    //! learner's parameters, the standardisation and whether fit() has fixed it yet, the
    //! meta-model-update flag, and the dimensions loadBytes() checks (input, sample, embedding,
    //! encoder hidden, hidden units, hidden layers, loss). Not saved: the data buffers, which are
    //! data rather than model (a loaded model embeds applications from the samples inserted, or
    //! given to embed(), after loading); the optimiser, since each fit() starts a fresh Adam, so
    //! a loaded model fine-tunes exactly as the saved one would; and the configuration that
    //! shapes no weight (task name, bundleSize, epochs, batch size, learning rate, weight decay,
    //! seed), which stays the loading regressor's own.
    [[nodiscard]] std::string saveBytes() const;
    //! Restores what saveBytes() wrote, replacing the parameters, standardisation and
    //! meta-model-update flag; this regressor's data buffers and configuration are kept. Throws
    //! std::runtime_error, and leaves this regressor unchanged, when the bytes are not a
    //! checkpoint of a FlashRegressor, are damaged, or its dimensions differ from this
    //! regressor's (naming both).
    void loadBytes(std::string_view bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::learn
