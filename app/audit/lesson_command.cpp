// `tilelens-audit lesson`: a spec's lesson step by step, with what the checks find at each
// step and whether the step's x-expect claim holds (docs/spec-format.md, "`lesson` (version 2)"
// and "Checked claims: `x-expect`").
#include <algorithm>
#include <iostream>
#include <string>

#include "app/audit/cli.h"
#include "app/audit/cli_parse.h"
#include "app/audit/commands.h"
#include "core/audit/lesson_walk.h"

namespace tl::cli {
namespace {

std::string coord(const std::vector<std::int64_t>& c) {
    std::string out = "(";
    for (std::size_t i = 0; i < c.size(); ++i) out += (i ? ", " : "") + std::to_string(c[i]);
    return out + ")";
}

// The params the step sets, as "M = 300, N = 500", or "the spec's own".
std::string changed_params(const Spec& spec, const LessonStep& step) {
    std::string out;
    for (const auto& [name, value] : spec.params)
        if (step.params.at(name) != value)
            out += (out.empty() ? "" : ", ") + name + " = " + std::to_string(step.params.at(name));
    return out.empty() ? "the spec's own" : out;
}

std::string found_kinds(const AuditResult& r) {
    std::vector<FindingKind> kinds;
    for (const auto& f : r.findings)
        if (std::find(kinds.begin(), kinds.end(), f.kind) == kinds.end()) kinds.push_back(f.kind);
    std::string out;
    for (const auto k : kinds) out += (out.empty() ? "" : ", ") + std::string(to_string(k));
    return out.empty() ? "nothing" : out;
}

// Prints one step; returns whether it is sound (no problem, every claim holds).
bool print_step(const Spec& spec, const LessonStep& step, std::size_t number, std::size_t count,
                int jobs) {
    std::cout << "\nStep " << number << "/" << count << ": params " << changed_params(spec, step)
              << "; program " << coord(step.program) << " of grid " << coord(step.grid);
    if (!step.show.empty()) std::cout << "; view " << step.show;
    std::cout << (step.audit ? "; audit"
                  : step.run ? "; run"
                             : "")
              << "\n\n"
              << "  " << step.text << "\n\n";
    for (const auto& p : step.problems) std::cout << "  problem: " << p << '\n';
    if (!step.problems.empty()) return false;
    const AuditResult r = audit_lesson_step(spec, step, jobs);
    std::cout << "  verdict " << to_string(r.verdict) << " (contract " << to_string(r.contract)
              << ", indexing " << to_string(r.indexing) << ", numerics " << to_string(r.numerics)
              << "); found: " << found_kinds(r) << '\n';
    if (!step.expect) {
        std::cout << "  claim: none (no x-expect)\n";
        return true;
    }
    const auto unmet = unmet_expectations(step, r);
    if (unmet.empty()) std::cout << "  claim: holds\n";
    for (const auto& u : unmet) std::cout << "  claim NOT met: " << u << '\n';
    return unmet.empty();
}

}  // namespace

Parsed parse_lesson(int argc, char** argv, int first) {
    Parsed out;
    LessonArgs& a = out.lesson;
    CLI::App app{
        "tilelens-audit lesson: prints the steps of SPEC's lesson with their narration, what the "
        "checks find at each step, and whether the step's x-expect claim holds",
        "tilelens-audit lesson"};
    app.footer(
        "Exit codes: 0 every printed step's claim holds, 1 a claim does not hold or a step "
        "cannot be shown as written, 2 usage error, an unreadable spec or one without a lesson.");
    app.add_option("SPEC", a.spec_path, "the spec file (*.tilelens.json)")
        ->required()
        ->type_name("SPEC");
    app.add_option("--step", a.step, "print only this step (1 = the first)")
        ->check(CLI::PositiveNumber);
    app.add_option("--jobs", a.jobs, "worker threads for an audit step's sweep; 0 = one per core")
        ->check(CLI::NonNegativeNumber);
    if (const int code = run_parser(app, argc, argv, first, "lesson"); code >= 0) {
        out.exit_code = code;
        return out;
    }
    out.action = Parsed::Action::Lesson;
    return out;
}

int run_lesson(const LessonArgs& a) {
    const auto spec = load_spec_or_report(a.spec_path, "lesson");
    if (!spec) return kUsageError;
    const auto lesson = read_lesson(*spec);
    if (!lesson) {
        std::cerr << "tilelens-audit lesson: " << a.spec_path << " has no lesson\n";
        return kUsageError;
    }
    const std::size_t count = lesson->steps.size();
    if (a.step && *a.step > count) {
        std::cerr << "tilelens-audit lesson: --step " << *a.step << ": the lesson has " << count
                  << " steps\n";
        return kUsageError;
    }
    std::cout << "Lesson";
    if (lesson->order) std::cout << " " << *lesson->order;
    std::cout << ": " << lesson->title << " (" << count << " steps)\n";
    bool sound = true;
    for (std::size_t i = 0; i < count; ++i)
        if (!a.step || *a.step == i + 1)
            sound &= print_step(*spec, lesson->steps[i], i + 1, count, a.jobs);
    return sound ? 0 : 1;
}

}  // namespace tl::cli
