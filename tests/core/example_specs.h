#pragma once
// The spec files of resources/examples and of the real-kernel gallery, for tests that hold a
// fast path against the slow one on every example.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace tl::test {

inline std::vector<std::string> example_spec_paths() {
    std::vector<std::string> paths;
    for (const char* folder : {"/resources/examples", "/resources/examples/real"})
        for (const auto& entry :
             std::filesystem::directory_iterator(std::string(TILELENS_SOURCE_DIR) + folder))
            if (entry.path().string().ends_with(".tilelens.json"))
                paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

}  // namespace tl::test
