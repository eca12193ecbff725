// The lesson library (resources/lessons/) walked step by step without a window: every lesson
// loads, is numbered in order, and every step's x-expect claim is what the audit finds at that
// step (docs/spec-format.md, "Checked claims: `x-expect`").
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/audit/lesson_walk.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

std::vector<std::string> lesson_files() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TILELENS_SOURCE_DIR) +
                                                                 "/resources/lessons"))
        if (entry.path().string().ends_with(".tilelens.json"))
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

Spec load_lesson(const std::string& name) {
    auto loaded = load_spec_file(std::string(TILELENS_SOURCE_DIR) + "/resources/lessons/" + name);
    std::string errors;
    for (const auto& e : loaded.errors) errors += e.message + "\n";
    EXPECT_TRUE(loaded.spec.has_value()) << name << ":\n" << errors;
    return loaded.spec ? *loaded.spec : Spec{};
}

TEST(LessonLibrary, TenLessonsOrderedOneToN) {
    const auto files = lesson_files();
    ASSERT_GE(files.size(), 10u);
    std::set<std::int64_t> orders;
    for (std::size_t i = 0; i < files.size(); ++i) {
        SCOPED_TRACE(files[i]);
        const auto lesson = read_lesson(load_lesson(files[i]));
        ASSERT_TRUE(lesson.has_value());
        EXPECT_FALSE(lesson->title.empty());
        EXPECT_GE(lesson->steps.size(), 4u);
        EXPECT_LE(lesson->steps.size(), 8u);
        ASSERT_TRUE(lesson->order.has_value());
        EXPECT_TRUE(orders.insert(*lesson->order).second) << "order " << *lesson->order << " twice";
        // The file name's number is the order, so a folder listing shows the lessons in order.
        EXPECT_EQ(std::stoll(files[i].substr(0, 2)), *lesson->order);
    }
    EXPECT_EQ(*orders.begin(), 1);
    EXPECT_EQ(*orders.rbegin(), static_cast<std::int64_t>(files.size()));
}

TEST(LessonLibrary, QtResourceListsEveryLesson) {
    std::ifstream in(std::string(TILELENS_SOURCE_DIR) + "/resources/tilelens.qrc");
    std::stringstream qrc;
    qrc << in.rdbuf();
    for (const auto& name : lesson_files())
        EXPECT_NE(qrc.str().find(">lessons/" + name + "</file>"), std::string::npos) << name;
}

class LessonSteps : public testing::TestWithParam<std::string> {};

// Every step claims something, its params resolve and keep the spec's requires, its program
// lies inside the grid, and each claim holds.
TEST_P(LessonSteps, EveryClaimHolds) {
    const Spec spec = load_lesson(GetParam());
    const auto lesson = read_lesson(spec);
    ASSERT_TRUE(lesson.has_value());
    for (std::size_t i = 0; i < lesson->steps.size(); ++i) {
        const LessonStep& step = lesson->steps[i];
        SCOPED_TRACE("step " + std::to_string(i + 1) + ": " + step.text.substr(0, 60));
        EXPECT_TRUE(step.expect.has_value()) << "a step without x-expect claims nothing checkable";
        for (const auto& p : step.problems) ADD_FAILURE() << p;
        if (!step.problems.empty()) continue;
        const AuditResult result = audit_lesson_step(spec, step, 2);
        for (const auto& claim : unmet_expectations(step, result)) ADD_FAILURE() << claim;
    }
}

INSTANTIATE_TEST_SUITE_P(Library, LessonSteps, testing::ValuesIn(lesson_files()),
                         [](const testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param.substr(0, info.param.find('.'));
                             std::replace(name.begin(), name.end(), '-', '_');
                             return "L" + name;
                         });

// A small spec with a lesson, for the walker's own rules.
Spec lesson_spec(const std::string& steps) {
    const std::string text = R"J({"tilelens": 2, "name": "t", "params": {"N": 512, "b": 128},
      "grid": ["cdiv(N, b)"], "target": "tpu-v5e",
      "operands": [
        {"name": "x", "role": "input", "shape": ["N"], "dtype": "float32",
         "block_shape": ["b"], "index_map": "lambda i: (i,)"},
        {"name": "o", "role": "output", "shape": ["N"], "dtype": "float32",
         "block_shape": ["b"], "index_map": "lambda i: (i,)"}],
      "kernel": {"body": "copy"},
      "lesson": {"title": "t", "order": 1, "steps": )J" +
                             steps + "}}";
    auto loaded = load_spec(text, "t.tilelens.json");
    for (const auto& e : loaded.errors) ADD_FAILURE() << e.path << ": " << e.message;
    return loaded.spec ? *loaded.spec : Spec{};
}

TEST(LessonWalk, StepParamsReplaceTheSpecsOwnAndProgramCarriesOver) {
    const Spec spec = lesson_spec(R"([
      {"text": "a", "params": {"N": 1024}, "program": [7]},
      {"text": "b", "params": {"b": 256}},
      {"text": "c"}])");
    const auto lesson = read_lesson(spec);
    ASSERT_TRUE(lesson.has_value());
    ASSERT_EQ(lesson->steps.size(), 3u);
    EXPECT_EQ(lesson->steps[0].params.at("N"), 1024);
    EXPECT_EQ(lesson->steps[0].grid, std::vector<std::int64_t>{8});
    EXPECT_TRUE(lesson->steps[0].problems.empty());
    // Step 2 does not inherit N = 1024: N is the spec's 512, so the grid has 2 programs and
    // the program 7 kept from step 1 lies outside it.
    EXPECT_EQ(lesson->steps[1].params.at("N"), 512);
    EXPECT_EQ(lesson->steps[1].params.at("b"), 256);
    EXPECT_EQ(lesson->steps[1].program, std::vector<std::int64_t>{7});
    ASSERT_EQ(lesson->steps[1].problems.size(), 1u);
    EXPECT_NE(lesson->steps[1].problems[0].find("outside the grid (2)"), std::string::npos);
    EXPECT_EQ(lesson->steps[2].params.at("b"), 128);
}

TEST(LessonWalk, AWrongClaimIsReported) {
    // With N = 500 the last block is partial and its writes past the edge are dropped: no
    // output is uncovered, so a claim of uncovered_output is wrong, as is "no padded reads".
    const Spec spec = lesson_spec(R"([{"text": "a", "params": {"N": 500}, "run": true,
      "x-expect": {"findings": ["uncovered_output"], "absent": ["padded_reads"],
                   "verdict": "fail", "numerics": "fail"}}])");
    const auto lesson = read_lesson(spec);
    ASSERT_TRUE(lesson.has_value());
    const auto& step = lesson->steps[0];
    EXPECT_TRUE(step.problems.empty());
    const auto unmet = unmet_expectations(step, audit_lesson_step(spec, step, 1));
    ASSERT_EQ(unmet.size(), 4u);
    EXPECT_NE(unmet[0].find("expected uncovered_output"), std::string::npos) << unmet[0];
    EXPECT_NE(unmet[1].find("expected no padded_reads"), std::string::npos) << unmet[1];
    EXPECT_EQ(unmet[2], "expected verdict fail, got pass");
    EXPECT_EQ(unmet[3], "expected numerics fail, got pass");
}

TEST(LessonWalk, ARightClaimHolds) {
    const Spec spec = lesson_spec(R"([{"text": "a", "params": {"N": 500}, "run": true,
      "x-expect": {"findings": ["padded_reads"], "absent": ["uncovered_output"],
                   "verdict": "pass", "numerics": "pass"}}])");
    const auto lesson = read_lesson(spec);
    ASSERT_TRUE(lesson.has_value());
    const auto& step = lesson->steps[0];
    EXPECT_TRUE(unmet_expectations(step, audit_lesson_step(spec, step, 1)).empty());
}

TEST(LessonWalk, AnUnreadableExpectationIsAProblem) {
    const Spec spec = lesson_spec(R"([{"text": "a",
      "x-expect": {"findings": ["uncovered"], "verdict": "ok", "because": 1}}])");
    const auto lesson = read_lesson(spec);
    ASSERT_TRUE(lesson.has_value());
    EXPECT_EQ(lesson->steps[0].problems.size(), 3u);
}

TEST(LessonWalk, StepAnnotationsLoadAndSurviveASave) {
    const Spec spec =
        lesson_spec(R"([{"text": "a", "x-expect": {"verdict": "pass"}, "x-note": 1}])");
    ASSERT_TRUE(spec.lesson.has_value());
    const auto again = load_spec(save_spec(spec), "again.tilelens.json");
    ASSERT_TRUE(again.spec.has_value());
    EXPECT_EQ(again.spec->lesson->at("steps")[0].at("x-note"), 1);
    EXPECT_EQ(again.spec->lesson->at("steps")[0].at("x-expect").at("verdict"), "pass");
}

}  // namespace
}  // namespace tl
