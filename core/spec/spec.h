#pragma once
// The spec as written in a `*.tilelens.json` file (docs/spec-format.md), before any expression
// is evaluated. Equality compares everything, so load -> save -> load can be checked.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/dtype.h"

namespace tl {

using Json = nlohmann::ordered_json;

// A size as written: an integer literal or an expression text.
using SizeValue = std::variant<std::int64_t, std::string>;

enum class Role { Input, Output };
// core_parallel and subcore_parallel (format 2) are parallel axes for every rule.
enum class Semantics { Parallel, Arbitrary, CoreParallel, SubcoreParallel };
inline bool is_parallel(Semantics s) {
    return s != Semantics::Arbitrary;
}
// Where an operand lives (format 2). Vmem is the default on TPU targets: blocked, pipelined.
// Any and Hbm: the body gets the whole array in HBM and moves data itself.
enum class MemorySpace { Vmem, Smem, Any, Hbm };
inline bool is_manual(MemorySpace m) {
    return m == MemorySpace::Any || m == MemorySpace::Hbm;
}
// What the numerics stage fills an input with.
enum class InputData { Random, Zeros, Ones, Iota };
// How an output block may be revisited: Immediate is the TPU pipeline rule; Any restores the
// block from HBM on each revisit (pl.Buffered(n, revisit=pl.RevisitMode.ANY)).
enum class OutputRevisit { Immediate, Any };
enum class Uninitialized { Nan, Zero, Sentinel };
enum class Revisit { Tpu, Ideal };

struct BlockDim {
    enum class Kind { Blocked, Squeezed, Element };
    Kind kind = Kind::Blocked;
    SizeValue size = std::int64_t{1};  // unused for Squeezed
    std::int64_t pad_lo = 0;           // Element only
    std::int64_t pad_hi = 0;
    bool operator==(const BlockDim&) const = default;
};

// A block consumed in inner steps (format 2, operand key "inner"): the body walks the block in
// tiles (emit_pipeline, Mosaic GPU's tile_k, flash attention's block_kv_compute, Triton's
// block_k). `tile` has one entry per block dimension, nullopt where a tile spans the whole
// block. With `buffers`, the block is streamed through that many tiles and never held whole;
// without, the block is held whole and only the compute steps are smaller.
struct InnerSpec {
    std::vector<std::optional<SizeValue>> tile;
    std::optional<int> buffers;
    bool operator==(const InnerSpec&) const = default;
};

struct OperandSpec {
    std::string name;
    Role role = Role::Input;
    std::vector<SizeValue> shape;
    DType dtype = DType::Float32;
    std::optional<std::vector<BlockDim>> block_shape;  // nullopt = the whole array
    std::optional<std::string> index_map;              // nullopt = all zeros
    int buffer_count = 2;
    // Optional key "unread": "zero": the generated data is zero where no program reads (a
    // block-sparse operand whose skipped blocks are zero by design); default "random".
    bool zero_unread = false;
    // Format 2 keys; nullopt / defaults when not written (so saving writes them back only
    // when they were given).
    std::optional<MemorySpace> memory_space;
    std::optional<std::string> alias_of;  // outputs: the input whose buffer this one shares
    bool discard = false;                 // outputs: values thrown away by the caller
    OutputRevisit revisit = OutputRevisit::Immediate;
    InputData data = InputData::Random;
    std::optional<InnerSpec> inner;
    Json extra = Json::object();  // the user's "x-" annotations, kept verbatim on save

    bool is_manual_dma() const { return memory_space && is_manual(*memory_space); }
    bool operator==(const OperandSpec&) const = default;
};

struct ScalarPrefetchSpec {
    std::string name;
    std::vector<std::int64_t> values;  // row-major
    std::vector<std::int64_t> shape;   // empty: one dimension, as in format 1
    DType dtype = DType::Int32;        // for the SMEM budget
    bool operator==(const ScalarPrefetchSpec&) const = default;
};

// A per-core buffer that lives for the whole grid (scratch_shapes): counted once in the
// VMEM or SMEM budget. A semaphore array takes no memory there.
struct ScratchSpec {
    enum class Semaphore { None, Dma, Regular };
    std::string name;
    std::vector<SizeValue> shape;  // rank 0-6
    DType dtype = DType::Float32;
    MemorySpace memory_space = MemorySpace::Vmem;  // Vmem or Smem
    Semaphore semaphore = Semaphore::None;
    bool operator==(const ScratchSpec&) const = default;
};

struct KernelSpec {
    std::string body;
    Json options = Json::object();  // every key but "body", as written
    bool operator==(const KernelSpec&) const = default;
};

// One array argument of a Python kernel's wrapper (format 2, `python.args`).
struct PythonArg {
    bool none = false;  // written as null: the wrapper receives None
    std::vector<SizeValue> shape;
    DType dtype = DType::Float32;
    InputData data = InputData::Random;
    std::vector<double> values;  // row-major literal values (group sizes, lengths); empty: `data`
    bool operator==(const PythonArg&) const = default;
};

// A spec whose grid, operands and body come from a Pallas kernel file (format 2, `python`).
struct PythonSpec {
    std::string file;  // relative to the spec file's folder
    std::string call;  // the wrapper that calls pl.pallas_call
    std::vector<PythonArg> args;
    Json kwargs = Json::object();  // JSON values; {"expr": "..."} evaluated over the params
    std::optional<std::string> reference;
    std::optional<std::int64_t> entry;  // which pallas_call, when the wrapper makes several
    bool operator==(const PythonSpec&) const = default;
};

struct Tolerance {
    double rtol = 0;
    double atol = 0;
    bool operator==(const Tolerance&) const = default;
};

struct SweepSpec {
    enum class Kind { Auto, Off, Params };
    enum class Mode { Product, Zip };
    Kind kind = Kind::Auto;
    std::vector<std::pair<std::string, std::vector<std::int64_t>>> params;  // file order
    Mode mode = Mode::Product;
    bool operator==(const SweepSpec&) const = default;
};

struct Spec {
    int version = 1;
    std::string name;
    std::optional<std::string> description;
    std::vector<std::pair<std::string, std::int64_t>> params;  // file order
    std::vector<SizeValue> grid;
    std::optional<std::vector<Semantics>> dimension_semantics;  // nullopt = all arbitrary
    std::vector<ScalarPrefetchSpec> scalar_prefetch;
    std::vector<OperandSpec> operands;
    std::optional<KernelSpec> kernel;
    std::optional<std::string> target;  // nullopt = "interpret"
    Uninitialized uninitialized = Uninitialized::Nan;
    Revisit revisit = Revisit::Tpu;
    std::optional<Tolerance> tolerance;
    std::int64_t seed = 0;
    SweepSpec sweep;
    Json target_overrides = Json::object();  // optional: figures that replace the profile's
    std::vector<ScratchSpec> scratch;        // format 2
    std::vector<std::string> preconditions;  // format 2: boolean expressions over params
    std::optional<Json> lesson;              // format 2: a guided walk, checked on load
    // Format 2: the kernel is a Python file; grid, operands, tables and body are recorded from
    // it (core/pyrun) rather than written here.
    std::optional<PythonSpec> python;
    Json extra = Json::object();  // the user's "x-" annotations, kept on save
    bool operator==(const Spec&) const = default;

    std::string target_id() const { return target.value_or("interpret"); }
    Semantics semantics(std::size_t axis) const;
};

std::string_view to_string(Role r);
std::string_view to_string(Semantics s);
std::string_view to_string(Uninitialized u);
std::string_view to_string(Revisit r);
std::string_view to_string(MemorySpace m);
std::string_view to_string(InputData d);
std::string_view to_string(OutputRevisit r);

// The lowest format version that can hold `spec`: 2 when any format-2 key is used.
int required_version(const Spec& spec);

// Names the expression language reserves; a param, operand or table so named could never be
// referred to.
bool is_reserved_word(std::string_view s);

// True when the expression text `text` mentions the identifier `name` (whole words only).
bool mentions_name(std::string_view text, std::string_view name);

}  // namespace tl
