#pragma once
// Reading the NumPy `.npy` arrays the Python runner writes (docs/python-runner.md): little
// endian bool, integer and float arrays of rank 0-6, C order, as doubles.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tl {

struct NpyArray {
    std::vector<std::int64_t> shape;
    std::vector<double> values;  // row-major
    std::string descr;           // numpy's dtype string, e.g. "<f4"
    std::int64_t size() const { return static_cast<std::int64_t>(values.size()); }
};

// Reads `path`; nullopt with *error set when the file is not such an array or holds more
// than `max_elements` (checked against the header before anything is allocated).
std::optional<NpyArray> read_npy(const std::string& path, std::string* error,
                                 std::int64_t max_elements = std::int64_t{1} << 30);

}  // namespace tl
