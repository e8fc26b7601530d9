#pragma once
// The C ABI between Orrery and a policy plugin library (docs/architecture.md §4).
//
// A plugin library exports exactly one symbol, `orrery_plugin`, returning a pointer to a
// static OrreryPluginDescriptor. Strings are UTF-8 and owned by the plugin (static storage).
// The factories return C++ policy objects; the matching destroy function frees them inside the
// plugin, so allocation and deallocation happen in the same library.
#include <cstdint>

namespace orrery::policy {
class BatchPlacementPolicy;
class ControlPolicy;
class Environment;
class PlacementPolicy;
struct ControlTrainingConfig;
struct ControlTrainingProgress;
struct PolicyContext;
class QueuePolicy;
struct PlacementTrainingSet;
struct TrainingResult;
} // namespace orrery::policy

extern "C" {

//! Bumped with the policy API's major version (the rule below); before 1.5 with every layout change (4: TargetObservation::group, ControlEpisodeReport's agent rewards; 5: ControlTrainingConfig::threads and ::resume, Environment::resumeAfter, TargetObservation::node, nodeCores and evaluation; 6: ControlPolicy::targetLabels; 7: createBatchPlacement/destroyBatchPlacement, BatchPlacementPolicy; 8: queue policies (createQueue/destroyQueue), ControlResource::GpuFrequency, TargetObservation and PendingUnit features; 9: BatchJob::request, a job's own STRL; 10: PlacementPolicy::admit, the scheduling queue; 11: StepResult::truncated).
#define ORRERY_PLUGIN_ABI_VERSION 11u
//! The policy API version (major.minor) this Orrery provides; a plugin's compatVersion names the
//! API version it needs: same major, and a minor no newer than the host's.
//!
//! The compatibility rule, from 1.5 (ABI 11, the first release of the plugin SDK; see
//! docs/writing-a-policy.md). A plugin built against any 1.x SDK loads in every later 1.y host:
//!  - A minor version only adds what no plugin built earlier can see: fields at the end of
//!    OrreryPluginDescriptor (the host reads one only when the plugin's structSize covers it),
//!    virtual functions after the last one of an interface (the host calls one only on plugins
//!    whose compatVersion names that minor or later), new headers and free functions.
//!  - Anything else a plugin sees (the size or layout of a type it reads or writes, a signature,
//!    the meaning of a field or an enum value) is a new major version and a new
//!    ORRERY_PLUGIN_ABI_VERSION; the host then refuses older plugins with a message naming both.
//! tests/core/policy/tst_policy_api_layout.cpp fails when a type's layout moves within an ABI.
//! 1.2 added the control decision point (ControlPolicy, createControl/destroyControl).
//! 1.3 added batch placement (BatchPlacementPolicy, createBatchPlacement/destroyBatchPlacement).
//! 1.4 added the queue decision point (QueuePolicy, createQueue/destroyQueue) and GPU-frequency control.
//! 1.5 added the scheduling queue of the placement decision point (PlacementPolicy::admit).
//! 1.6 added GPU sharing: model::SharedGpus, GpuClusterView, PlacementPolicy::placeOnGpus and
//!     ::expectWorkload (called only on plugins whose compatVersion is 1.6 or later).
//! 1.7 added model-serving partition plans: PlacementPolicy::planServing and policy/serving_plan.h
//!     (called only on plugins whose compatVersion is 1.7 or later).
//! 1.8 added parallel rollouts: policy::Environment::makeSibling (a plugin calls it only with a
//!     compatVersion of 1.8 or later).
#define ORRERY_POLICY_API_VERSION "1.8"

enum OrreryPolicyKind : std::uint32_t {
    ORRERY_KIND_PLACEMENT = 1u << 0,
    ORRERY_KIND_BATCH_PLACEMENT = 1u << 1,
    ORRERY_KIND_CONTROL = 1u << 2,
    ORRERY_KIND_QUEUE = 1u << 3,
};

enum OrreryParamType : std::uint32_t {
    ORRERY_PARAM_INT = 0,
    ORRERY_PARAM_DOUBLE = 1,
    ORRERY_PARAM_BOOL = 2,
    ORRERY_PARAM_STRING = 3,
    ORRERY_PARAM_ENUM = 4,     //!< one of `choices`, '|'-separated
    ORRERY_PARAM_DURATION = 5, //!< a duration with unit ("250ms"); min/max in seconds
};

struct OrreryParamSpec {
    const char* name;
    std::uint32_t type;        //!< OrreryParamType
    const char* defaultValue;  //!< as it would be written in YAML
    double minValue;           //!< inclusive; ignored for bool/string/enum
    double maxValue;           //!< inclusive; ignored for bool/string/enum
    const char* choices;       //!< ENUM only
    const char* help;
};

struct OrreryPluginDescriptor {
    std::uint32_t abiVersion;  //!< ORRERY_PLUGIN_ABI_VERSION the plugin was built with
    std::uint32_t structSize;  //!< sizeof(OrreryPluginDescriptor) as the plugin saw it
    const char* id;            //!< stable identifier used in scenario files, e.g. "first-fit"
    const char* displayName;
    const char* version;       //!< the plugin's own version
    const char* compatVersion; //!< the ORRERY_POLICY_API_VERSION it was written against
    const char* description;
    std::uint32_t kinds;       //!< OR of OrreryPolicyKind
    const OrreryParamSpec* params;
    std::uint32_t paramCount;
    orrery::policy::PlacementPolicy* (*createPlacement)(const orrery::policy::PolicyContext* context);
    void (*destroyPlacement)(orrery::policy::PlacementPolicy* policy);
    //! ABI 2. Trainable placement policies learn from observed executions and fill `result`
    //! (model bytes, metrics, report; or `error`). Null for policies that do not learn.
    //! Returns false on failure. The trained model reaches createPlacement in PolicyContext::model.
    bool (*trainPlacement)(const orrery::policy::PlacementTrainingSet* data,
                           const orrery::policy::PolicyContext* context, orrery::policy::TrainingResult* result);
    //! ABI 3. Control policies (kind ORRERY_KIND_CONTROL): called every control period with an
    //! Observation. Null for plugins without that kind. The default member initialisers let
    //! placement-only descriptors written for ABI 2 leave them out of their designated initialisers.
    orrery::policy::ControlPolicy* (*createControl)(const orrery::policy::PolicyContext* context) = nullptr;
    void (*destroyControl)(orrery::policy::ControlPolicy* policy) = nullptr;
    //! Optional, added within ABI 3 (the host accepts descriptors whose structSize ends before it
    //! and then treats it as null; see trainControlOf). Trainable control policies learn by acting
    //! in `environment` (policy/control_training.h) and fill `result` (model bytes, metrics such
    //! as the reward per episode, report; or `error`), reporting episodes and checkpoints through
    //! `progress`. Returns false on failure. The model reaches createControl in PolicyContext::model.
    bool (*trainControl)(orrery::policy::Environment* environment,
                         const orrery::policy::ControlTrainingConfig* config,
                         const orrery::policy::PolicyContext* context,
                         orrery::policy::ControlTrainingProgress* progress,
                         orrery::policy::TrainingResult* result) = nullptr;
    //! ABI 7. Batch placement policies (kind ORRERY_KIND_BATCH_PLACEMENT, e.g. TetriSched): called
    //! every scheduling cycle with all pending jobs at once; they serve the "placement" decision
    //! point of workload kinds that accept a batch policy. Null for plugins without that kind.
    orrery::policy::BatchPlacementPolicy* (*createBatchPlacement)(const orrery::policy::PolicyContext* context) = nullptr;
    void (*destroyBatchPlacement)(orrery::policy::BatchPlacementPolicy* policy) = nullptr;
    //! ABI 8. Queue policies (kind ORRERY_KIND_QUEUE, e.g. speculative shortest-job-first):
    //! they order the requests waiting for a device in kinds that serve requests (model serving).
    orrery::policy::QueuePolicy* (*createQueue)(const orrery::policy::PolicyContext* context) = nullptr;
    void (*destroyQueue)(orrery::policy::QueuePolicy* policy) = nullptr;
};

typedef const OrreryPluginDescriptor* (*OrreryPluginEntryPoint)(void);

} // extern "C"
