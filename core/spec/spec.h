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
enum class Semantics { Parallel, Arbitrary };
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
    Json extra = Json::object();  // keys this version does not know, kept on save
    bool operator==(const OperandSpec&) const = default;
};

struct ScalarPrefetchSpec {
    std::string name;
    std::vector<std::int64_t> values;
    bool operator==(const ScalarPrefetchSpec&) const = default;
};

struct KernelSpec {
    std::string body;
    Json options = Json::object();  // every key but "body", as written
    bool operator==(const KernelSpec&) const = default;
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
    Json extra = Json::object();             // unknown top-level keys, kept on save
    bool operator==(const Spec&) const = default;

    std::string target_id() const { return target.value_or("interpret"); }
    Semantics semantics(std::size_t axis) const;
};

std::string_view to_string(Role r);
std::string_view to_string(Semantics s);
std::string_view to_string(Uninitialized u);
std::string_view to_string(Revisit r);

// True when the expression text `text` mentions the identifier `name` (whole words only).
bool mentions_name(std::string_view text, std::string_view name);

}  // namespace tl
