// Audits every production kernel of the real-kernel gallery (resources/examples/real/) with
// the built tilelens-audit: the kernels as written pass with no error finding, and each of
// their realistic bugs is caught by the finding kind index.json names.
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "audit_run_util.h"

namespace {

using namespace audit_run;

const fs::path kGallery = kExamples / "real";

struct Entry {
    std::string spec, expect, finding;
};

std::vector<Entry> entries() {
    std::vector<Entry> out;
    const Json index = Json::parse(slurp(kGallery / "index.json"));
    for (const auto& k : index["kernels"])
        out.push_back({k["spec"].get<std::string>(), k["expect"].get<std::string>(),
                       k.value("finding", std::string())});
    return out;
}

void PrintTo(const Entry& e, std::ostream* os) {
    *os << e.spec;
}

class Gallery : public ::testing::TestWithParam<Entry> {};

TEST_P(Gallery, AuditsAsTheIndexSays) {
    const Entry& e = GetParam();
    const RunResult r = audit("check --jobs 2 --json - " + quote((kGallery / e.spec).string()));
    const Json j = Json::parse(r.out);
    std::set<std::string> errors;
    std::string shown;
    for (const auto& f : j["findings"])
        if (f["severity"] == "error") {
            errors.insert(f["kind"].get<std::string>());
            shown += f["message"].get<std::string>() + "\n";
        }
    if (e.expect == "pass") {
        EXPECT_EQ(r.exit_code, 0) << shown << r.err;
        EXPECT_EQ(j["verdict"], "pass");
        EXPECT_TRUE(errors.empty()) << shown;
    } else {
        EXPECT_EQ(r.exit_code, 1) << r.err;
        EXPECT_EQ(j["verdict"], "fail");
        EXPECT_TRUE(errors.count(e.finding)) << "expected " << e.finding << "; got\n" << shown;
    }
}

INSTANTIATE_TEST_SUITE_P(Real, Gallery, ::testing::ValuesIn(entries()), [](const auto& info) {
    std::string n = info.param.spec.substr(0, info.param.spec.find('.'));
    for (auto& c : n) c = c == '-' ? '_' : c;
    return n;
});

TEST(GalleryIndex, ListsEveryFileWithItsSource) {
    std::set<std::string> listed, files;
    int bugs = 0, kernels = 0;
    for (const auto& e : entries()) {
        EXPECT_TRUE(listed.insert(e.spec).second) << e.spec << " is listed twice";
        (e.expect == "fail" ? bugs : kernels)++;
    }
    for (const auto& entry : fs::directory_iterator(kGallery)) {
        const std::string f = entry.path().filename().string();
        if (f.size() < 15 || f.substr(f.size() - 14) != ".tilelens.json") continue;
        files.insert(f);
        const Json spec = Json::parse(slurp(entry.path()));
        const std::string d = spec["description"].get<std::string>();
        // Each spec cites the file and the commit it was written from.
        EXPECT_NE(d.find("Source: jax-ml/jax "), std::string::npos) << f;
        EXPECT_NE(d.find(" at "), std::string::npos) << f;
    }
    EXPECT_EQ(listed, files);
    EXPECT_GE(kernels, 10);
    EXPECT_GE(bugs, 3);
}

}  // namespace
