#pragma once
// A `python` spec from what a user types: the kernel file, the wrapper, argument types such as
// float32[300,256], keyword arguments k=v and params (docs/spec-format.md, "Python kernels").
// `tilelens-audit import` and the GUI's "open a .py file" both build their spec here.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/spec/spec.h"

namespace tl {

struct ImportRequest {
    std::string file;      // the kernel file, as given
    std::string spec_dir;  // the folder the spec will be saved in (python.file is relative to it)
    std::string call;
    std::vector<std::string> args;  // "float32[300,256]", "int32[4]", "None"
    std::vector<std::pair<std::string, std::string>> kwargs;  // k, v as typed
    std::vector<std::pair<std::string, std::int64_t>> params;
    std::optional<std::string> reference;
    std::optional<std::string> target;
    std::optional<std::int64_t> entry;
};

// One argument as typed: "DTYPE[D0,D1,...]" (a dimension may name a param), that followed by
// "=v0,v1,..." for literal values (row-major), or "None".
std::variant<PythonArg, std::string> parse_python_arg(std::string_view text);

// The keyword argument's JSON value: JSON as typed (128, true, "x", [1, 2]); a bare word
// that is a param becomes {"expr": word}; any other bare word stays a string.
Json parse_python_kwarg(std::string_view value,
                        const std::vector<std::pair<std::string, std::int64_t>>& params);

// The spec, or one message saying what is wrong with which part. Argument dimensions equal to
// a param's value become that param's name (the first such param), so the sweep can vary them.
std::variant<Spec, std::string> python_spec_from_import(const ImportRequest& request);

}  // namespace tl
