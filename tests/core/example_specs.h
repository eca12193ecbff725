#pragma once
// The spec files of resources/examples and of the real-kernel gallery, for tests that hold a
// fast path against the slow one on every example.
#include <algorithm>
#include <cctype>
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

// A test name for one of them: "real_" for the gallery, then the file's name without
// ".tilelens.json", with every character but letters and digits as '_'.
inline std::string example_test_name(const std::string& path) {
    const std::filesystem::path p(path);
    std::string stem = p.filename().string();
    stem = stem.substr(0, stem.size() - std::string(".tilelens.json").size());
    if (p.parent_path().filename() == "real") stem = "real_" + stem;
    std::replace_if(
        stem.begin(), stem.end(),
        [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return stem;
}

}  // namespace tl::test
