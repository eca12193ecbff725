// The complete specs shown in docs/spec-format.md load and resolve as they are printed, so
// the reference cannot drift from the loader.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

TEST(DocsExamples, EveryCompleteSpecInTheReferenceLoadsAndResolves) {
    std::ifstream in(std::string(TILELENS_SOURCE_DIR) + "/docs/spec-format.md");
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    const std::regex block("```json\\n([\\s\\S]*?)```");
    int specs = 0;
    for (auto it = std::sregex_iterator(doc.begin(), doc.end(), block);
         it != std::sregex_iterator(); ++it) {
        const std::string body = (*it)[1];
        // Whole specs only: fragments of one key are shown too.
        if (body.find("\"tilelens\"") == std::string::npos ||
            body.find("\"operands\"") == std::string::npos)
            continue;
        ++specs;
        const auto r = load_spec(body, "docs/spec-format.md");
        ASSERT_TRUE(r.spec) << join(r.errors) << "\n" << body;
        const auto inst = resolve(*r.spec);
        EXPECT_TRUE(inst.instance) << join(inst.errors);
        // A saved copy reads back the same.
        const auto again = load_spec(save_spec(*r.spec), "saved");
        ASSERT_TRUE(again.spec) << join(again.errors);
        EXPECT_EQ(*again.spec, *r.spec);
    }
    EXPECT_GE(specs, 2);  // a version-1 and a version-2 example at least
}

}  // namespace
}  // namespace tl
