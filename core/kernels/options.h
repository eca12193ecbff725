#pragma once
// Reading a built-in body's `kernel` options with errors at `kernel.<name>`: one reader for
// the interpreter and the benchmark-script emitter, so both accept and refuse the same.
#include <initializer_list>
#include <string>
#include <string_view>

#include "core/base/diagnostic.h"
#include "core/spec/spec.h"

namespace tl {

// Reads kernel options with errors at `kernel.<name>`.
class OptionReader {
public:
    OptionReader(const Json& options, int grid_rank, Diagnostics& errors)
        : options_(options), grid_rank_(grid_rank), errors_(errors) {}
    // A grid axis (0 .. grid rank - 1), or `fallback` when absent (-1 = none).
    int axis(std::string_view name, int fallback);
    bool flag(std::string_view name, bool fallback);
    double number(std::string_view name, double fallback);
    std::string choice(std::string_view name, std::initializer_list<std::string_view> choices,
                       std::string_view fallback);

private:
    const Json* find(std::string_view name) const;
    void error(std::string_view name, const std::string& message);
    const Json& options_;
    int grid_rank_;
    Diagnostics& errors_;
};

}  // namespace tl
