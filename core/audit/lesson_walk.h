#pragma once
// A spec's lesson walked step by step without a window: the params, the selected program and
// what the audit finds at each step, and whether the step's `x-expect` claim holds
// (docs/spec-format.md, "`lesson` (version 2)" and "Checked claims: `x-expect`"). The lesson
// test and `tilelens-audit lesson` use it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/audit/audit.h"
#include "core/base/finding.h"
#include "core/spec/spec.h"

namespace tl {

// A step's `x-expect`: what the audit must report at that step.
struct LessonExpect {
    std::vector<FindingKind> findings;  // each must be found
    std::vector<FindingKind> absent;    // none may be found
    std::optional<Verdict> verdict;
    std::optional<StageStatus> numerics;  // for a step that runs the kernel
};

struct LessonStep {
    std::string text;
    std::map<std::string, std::int64_t> params;  // every param's value at this step
    std::vector<std::int64_t> program;           // the selected grid coordinate
    std::vector<std::int64_t> grid;              // the grid at this step's params
    std::string show;                            // the view; empty when the step names none
    bool run = false;
    bool audit = false;
    std::optional<LessonExpect> expect;  // nullopt when the step has no x-expect
    // What makes the step unusable as written: params that do not resolve or break the
    // spec's requires, a program outside the grid, an x-expect that cannot be read.
    std::vector<std::string> problems;
};

struct Lesson {
    std::string title;
    std::optional<std::int64_t> order;
    std::vector<LessonStep> steps;
};

// The lesson of `spec` with each step's params, program and grid worked out, or nullopt when
// the spec has no lesson. Params are the spec's own with the step's replacing them (steps do
// not inherit each other's params); a step without `program` keeps the previous step's
// selection, the first one starts at program 0.
std::optional<Lesson> read_lesson(const Spec& spec);

// What the window would show at `step`: contract and indexing always; with `run`, the
// numerics at the step's params; with `audit`, the whole audit with its sweep.
AuditResult audit_lesson_step(const Spec& spec, const LessonStep& step, int jobs = 0);

// The step's claims that `result` contradicts, one sentence each; empty when all hold or the
// step claims nothing.
std::vector<std::string> unmet_expectations(const LessonStep& step, const AuditResult& result);

}  // namespace tl
