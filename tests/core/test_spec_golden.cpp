// Golden folders: tests/golden/spec/valid/<case>.tilelens.json load, save and load again
// unchanged; tests/golden/spec/broken/<case>/spec.tilelens.json give exactly the messages in
// expected.txt (load errors, or the resolve errors of a spec that loads).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <gtest/gtest.h>

#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

const fs::path kGolden = fs::path(TILELENS_SOURCE_DIR) / "tests" / "golden" / "spec";

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> case_names(const fs::path& dir, bool folders) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        const auto name = e.path().filename().string();
        const std::string suffix = ".tilelens.json";
        if (folders && e.is_directory()) out.push_back(name);
        if (!folders && name.size() > suffix.size() &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            out.push_back(name.substr(0, name.size() - suffix.size()));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
    std::string s = info.param;
    for (auto& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

class ValidSpec : public ::testing::TestWithParam<std::string> {};

TEST_P(ValidSpec, LoadSaveLoadIsEqualAndTextIsStable) {
    const auto file = GetParam() + ".tilelens.json";
    const auto first = load_spec(read_text(kGolden / "valid" / file), file);
    ASSERT_TRUE(first.spec) << join(first.errors);
    const std::string saved = save_spec(*first.spec);
    const auto second = load_spec(saved, "saved");
    ASSERT_TRUE(second.spec) << join(second.errors) << "\n" << saved;
    EXPECT_EQ(*first.spec, *second.spec) << saved;
    EXPECT_EQ(save_spec(*second.spec), saved);
    // Every valid case also resolves with its own params.
    const auto inst = resolve(*first.spec);
    EXPECT_TRUE(inst.instance) << join(inst.errors);
}

INSTANTIATE_TEST_SUITE_P(Golden, ValidSpec,
                         ::testing::ValuesIn(case_names(kGolden / "valid", false)), test_name);

class BrokenSpec : public ::testing::TestWithParam<std::string> {};

TEST_P(BrokenSpec, GivesTheExpectedMessages) {
    const auto dir = kGolden / "broken" / GetParam();
    const auto result = load_spec(read_text(dir / "spec.tilelens.json"), "spec.tilelens.json");
    Diagnostics errors = result.errors;
    for (const auto& d : errors) EXPECT_EQ(d.file, "spec.tilelens.json") << d.to_string();
    if (result.spec) {
        errors = resolve(*result.spec).errors;
        ASSERT_FALSE(errors.empty()) << "the spec loads and resolves without error";
    }
    // Compared without the file name, which resolve does not know.
    std::string got;
    for (auto d : errors) {
        d.file.clear();
        got += d.to_string() + "\n";
    }
    // TILELENS_UPDATE_GOLDEN=1 rewrites the expected messages (review the diff before committing).
    if (std::getenv("TILELENS_UPDATE_GOLDEN")) std::ofstream(dir / "expected.txt") << got;
    EXPECT_EQ(got, read_text(dir / "expected.txt"));
}

INSTANTIATE_TEST_SUITE_P(Golden, BrokenSpec,
                         ::testing::ValuesIn(case_names(kGolden / "broken", true)), test_name);

// Every node of every valid case replaced by values of other types, and the files cut
// short: loading must give errors or a spec, never crash, and a spec that loads must resolve
// (or fail cleanly) and save back to an equal spec.
TEST(GoldenFolders, MutatedSpecsNeverCrash) {
    const std::vector<Json> replacements = {nullptr,
                                            -1,
                                            0,
                                            2.5,
                                            "lambda i: (i,)",
                                            "N //",
                                            Json::object(),
                                            Json(std::numeric_limits<std::int64_t>::max()),
                                            Json::array({1, 2, 3, 4, 5})};
    int loaded = 0, total = 0;
    const auto check = [&](const std::string& text) {
        ++total;
        const auto r = load_spec(text, "m");
        EXPECT_EQ(r.spec.has_value(), r.errors.empty());
        if (!r.spec) return;
        ++loaded;
        (void)resolve(*r.spec);
        const auto again = load_spec(save_spec(*r.spec), "saved");
        ASSERT_TRUE(again.spec) << join(again.errors);
        EXPECT_EQ(*again.spec, *r.spec);
    };
    for (const auto& name : case_names(kGolden / "valid", false)) {
        const auto text = read_text(kGolden / "valid" / (name + ".tilelens.json"));
        for (std::size_t cut = 0; cut < text.size(); cut += 11) check(text.substr(0, cut));
        const Json doc = Json::parse(text);
        const Json flat = doc.flatten();
        for (const auto& [pointer, value] : flat.items()) {
            (void)value;
            for (const auto& r : replacements) {
                Json copy = doc;
                copy[Json::json_pointer(pointer)] = r;
                check(copy.dump());
            }
        }
    }
    EXPECT_GT(loaded, 0);
    EXPECT_GT(total, 1000);
    std::printf("%d mutated specs, %d of them valid\n", total, loaded);
}

TEST(GoldenFolders, CoverEnoughCases) {
    EXPECT_GE(case_names(kGolden / "valid", false).size(), 8u);
    EXPECT_GE(case_names(kGolden / "broken", true).size(), 25u);
}

}  // namespace
}  // namespace tl
