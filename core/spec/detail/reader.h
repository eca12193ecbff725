#pragma once
// Internal to the spec loader: collects diagnostics while the JSON document is turned into a
// Spec, and compiles each expression as soon as the names it may use are known.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/expr/expr.h"
#include "core/spec/spec.h"

namespace tl::detail {

class SpecReader {
public:
    SpecReader(std::string file, Diagnostics* errors) : file_(std::move(file)), errors_(errors) {
        env_.params = &params_;
    }
    SpecReader(const SpecReader&) = delete;  // env_ points into this object
    SpecReader& operator=(const SpecReader&) = delete;

    void error(const std::string& path, std::string message);
    // An error inside the expression at `path`; keeps the expression's line and column.
    void expr_error(const std::string& path, const expr::Error& e);
    std::size_t error_count() const { return errors_->size(); }

    // Sorts the keys of `obj` that are not in `known` (no key is ignored): a key of `known_v2`
    // is accepted in a format-2 file and named as such in a format-1 file; an "x-" key is the
    // user's annotation, copied into *extra (an error where `extra` is null: nothing would
    // keep it on save); a likely misspelling gets "did you mean"; any other is an error.
    void check_keys(const Json& obj, const std::string& path,
                    const std::vector<std::string_view>& known, Json* extra,
                    const std::vector<std::string_view>& known_v2 = {});
    // In a format-1 file, reports "`what`: set "tilelens": 2" at `path` (what: "'x' is a
    // version-2 key"); returns whether the file is format 2.
    bool need_v2(const std::string& path, std::string_view what);
    void set_version(int v) { version_ = v; }
    int version() const { return version_; }
    // obj[key], or nullptr with a "required key missing" error (left out when a misspelling
    // of that key was already reported).
    const Json* require(const Json& obj, const std::string& path, std::string_view key,
                        std::string_view hint = {});
    // obj[key] or nullptr when absent.
    static const Json* find(const Json& obj, std::string_view key);

    // Typed reads: nullopt (with an error) when `j` is not of the type.
    std::optional<std::int64_t> read_int(const Json& j, const std::string& path);
    std::optional<std::string> read_string(const Json& j, const std::string& path);
    bool expect_object(const Json& j, const std::string& path);
    bool expect_array(const Json& j, const std::string& path);
    // A size: an integer >= min_literal, or an expression text (compiled against the params).
    std::optional<SizeValue> read_size(const Json& j, const std::string& path,
                                       std::int64_t min_literal, std::string_view what);
    // `j` must be a string from `choices`; returns its index.
    std::optional<std::size_t> read_choice(const Json& j, const std::string& path,
                                           const std::vector<std::string_view>& choices);

    // Names visible to expressions: params (and sweep-only names) and prefetch arrays.
    void set_params(std::map<std::string, std::int64_t> params) { params_ = std::move(params); }
    void add_array(const std::string& name, std::vector<std::int64_t> values,
                   std::vector<std::int64_t> shape) {
        env_.arrays.push_back({name, std::move(values), std::move(shape)});
    }
    const std::map<std::string, std::int64_t>& params() const { return params_; }
    const expr::Env& env() const { return env_; }
    // Grid rank for index maps; -1 while the grid is unknown (index maps are then skipped).
    void set_grid_rank(int rank) { grid_rank_ = rank; }
    int grid_rank() const { return grid_rank_; }

    // Whether every operand's role was read (counting inputs and outputs is then meaningful).
    void set_roles_read(bool ok) { roles_read_ = ok; }
    bool roles_read() const { return roles_read_; }

    void check_expression(const std::string& text, const std::string& path);
    void check_index_map(const std::string& text, const std::string& path, int results);

private:
    std::string file_;
    Diagnostics* errors_;
    std::set<std::string> misspelled_;  // paths of known keys that were misspelled
    std::map<std::string, std::int64_t> params_;
    expr::Env env_;
    int grid_rank_ = -1;
    int version_ = 1;
    bool roles_read_ = false;
};

// The parts of the document, each in its own file.
void read_operands(SpecReader& r, const Json& list, Spec* spec);
void read_kernel(SpecReader& r, const Json& obj, Spec* spec);
void read_scratch(SpecReader& r, const Json& list, Spec* spec);
void read_requires(SpecReader& r, const Json& list, Spec* spec);
void read_lesson(SpecReader& r, const Json& obj, Spec* spec);
void read_prefetch(SpecReader& r, const Json& list, Spec* spec);
void read_python(SpecReader& r, const Json& obj, Spec* spec);

// Checks `name` is an identifier and not reserved; errors name it as a `what` name.
bool check_name_token(SpecReader& r, const std::string& name, const std::string& path,
                      std::string_view what);

}  // namespace tl::detail
