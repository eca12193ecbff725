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

    // Sorts the keys of `obj` that are not in `known`: a likely misspelling of a known key is
    // an error ("did you mean"); any other is copied into *extra, or is an error when
    // `extra` is null (objects whose unknown keys would be lost on save).
    void check_keys(const Json& obj, const std::string& path,
                    const std::vector<std::string_view>& known, Json* extra);
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
    void add_array(const std::string& name, std::vector<std::int64_t> values) {
        env_.arrays.emplace_back(name, std::move(values));
    }
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
    bool roles_read_ = false;
};

// The parts of the document, each in its own file.
void read_operands(SpecReader& r, const Json& list, Spec* spec);
void read_kernel(SpecReader& r, const Json& obj, Spec* spec);

}  // namespace tl::detail
