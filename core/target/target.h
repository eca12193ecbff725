#pragma once
// Target profiles (resources/targets.json): datasheet figures and the rule set of each target
// the contract check knows. Figures are never measurements; every one can be overridden per
// spec with `target_overrides`.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/base/dtype.h"
#include "core/base/format.h"
#include "core/base/names.h"
#include "core/spec/spec.h"

namespace tl {

enum class TargetKind { Tpu, Gpu, Interpret };
enum class GpuBackend { None, Mosaic, Triton };

std::string_view to_string(TargetKind k);
std::string_view to_string(GpuBackend b);

struct TargetProfile {
    std::string id;            // "tpu-v5e"
    std::string display_name;  // "TPU v5e"
    TargetKind kind = TargetKind::Interpret;
    GpuBackend backend = GpuBackend::None;  // GPUs only

    std::map<DType, double> peak_flops;            // per second, dense; a dtype absent = no figure
    std::optional<double> hbm_bytes_per_s;         // nullopt = no figure
    std::optional<std::int64_t> vmem_bytes;        // physical VMEM per core (GPU: smem per SM)
    std::optional<std::int64_t> vmem_limit_bytes;  // the budget blocks must fit
    bool vmem_limit_default = false;  // the limit is a compiler default the user can change
    // target_overrides.vmem_limit_bytes written as an expression of the params (a kernel that
    // computes its limit from its block sizes): each instance's limit, replacing the one above.
    std::string vmem_limit_expr;
    std::optional<int> cores;  // TensorCores per chip; nullopt for GPUs
    bool megacore = false;     // leading parallel axes split across two cores
    // The pipeline's fixed cost per grid step (TPU), and the MXU's side: blocks whose matmul
    // dimensions are not multiples of it leave part of the MXU idle. nullopt = no figure.
    std::optional<double> grid_step_s;
    std::optional<int> mxu_size;
    // A GPU's smallest tensor-core tile, [m, n, k]: a block dimension below (or not a multiple
    // of) it leaves part of each instruction idle, as an MXU side does on TPU.
    std::optional<std::array<int, 3>> mma_shape;
    // A GPU's shared-memory bandwidth, all SMs together: the tensor cores read their tiles
    // from it, so tiles too small for their FLOPs wait on it.
    std::optional<double> smem_bytes_per_s;
    // Exponentials and the like per second on the chip's special-function units (a GPU's
    // SFUs, a TPU's EUP): softmax's exp runs there, apart from the matmul units.
    std::optional<double> transcendentals_per_s;
    // What the datasheet says of the device itself (GPUs): its memory and its SMs (NVIDIA) or
    // compute units (AMD). Not used by the roofline; they tell a timing file's GPU apart from a
    // variant with other figures (an H100 PCIe has 114 SMs, the SXM profile 132).
    std::optional<std::int64_t> memory_bytes;
    std::optional<int> compute_units;
    // A GPU's L2 cache, shared by all SMs: blocks that concurrently running programs share are
    // read from HBM once while every array fits in it (the time model's memory term).
    std::optional<std::int64_t> l2_bytes;
    std::vector<DType> dtypes;                   // supported
    std::map<std::string, std::string> sources;  // figure group ("compute", ...) -> where from
    std::vector<std::string> overridden;         // keys replaced by target_overrides

    bool supports(DType d) const;
    std::optional<double> peak(DType d) const;
    // "VMEM" on TPU, "shared memory" on GPU: the word the messages use for the budget.
    std::string_view scratch_memory_name() const;
};

// GPU programs run concurrently: every grid axis counts as parallel for races.
inline bool runs_grid_concurrently(const TargetProfile& t) {
    return t.kind == TargetKind::Gpu;
}

// Peak ÷ bandwidth in FLOP per byte: the arithmetic intensity where a kernel stops being
// memory bound. nullopt when either figure is missing.
std::optional<double> ridge_point(const TargetProfile& t, DType d = DType::BFloat16);

class TargetCatalog {
public:
    TargetCatalog() = default;
    explicit TargetCatalog(std::vector<TargetProfile> targets, std::vector<std::string> notes = {})
        : targets_(std::move(targets)), notes_(std::move(notes)) {}

    // nullptr for an unknown id.
    const TargetProfile* find(std::string_view id) const;
    const std::vector<TargetProfile>& targets() const { return targets_; }
    const std::vector<std::string>& notes() const { return notes_; }
    std::vector<std::string> ids() const;
    // "unknown target 'tpu-v5'; known: tpu-v4, ...; did you mean 'tpu-v5e' or 'tpu-v5p'?"
    std::string unknown_target_message(std::string_view id) const;

private:
    std::vector<TargetProfile> targets_;
    std::vector<std::string> notes_;
};

// The profiles compiled in from resources/targets.json (parsed once).
const TargetCatalog& builtin_targets();
// The embedded text of resources/targets.json.
std::string_view builtin_targets_json();

// Parses a targets file (the format of resources/targets.json). Errors carry the JSON path
// (e.g. "targets[2].hbm_bytes_per_s") or, for malformed JSON, line and column; nullopt then.
std::optional<TargetCatalog> load_targets(std::string_view json, Diagnostics* errors);

// `base` with the figures of `overrides` (the spec's `target_overrides` object) replacing its
// own. Known keys: see known_override_keys(). An unknown key, a value of the wrong type or a
// vmem_limit_bytes above the physical VMEM is an error at "target_overrides.<key>"; keys in
// error are left as they were in `base`.
TargetProfile apply_overrides(const TargetProfile& base, const Json& overrides,
                              Diagnostics* errors);
std::string_view known_override_keys();

// The profile an instance is checked against: a vmem_limit_expr evaluated with its params
// (true), or the message of why it cannot be (false, `profile` unchanged).
bool limit_for_params(TargetProfile& profile, const std::map<std::string, std::int64_t>& params,
                      std::string* error);

// find() + apply_overrides(): the profile a spec is checked against. An unknown id is an
// error at `path` ("target") with the known ids and a did-you-mean; nullopt then.
std::optional<TargetProfile> resolve_target(const TargetCatalog& catalog, std::string_view id,
                                            const Json& overrides, Diagnostics* errors,
                                            std::string_view path = "target");

}  // namespace tl
