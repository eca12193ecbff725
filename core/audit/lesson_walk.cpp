#include "core/audit/lesson_walk.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/spec/instance.h"

namespace tl {
namespace {

std::string kinds_text(const std::vector<FindingKind>& kinds) {
    std::string out;
    for (const auto k : kinds) out += (out.empty() ? "" : ", ") + std::string(to_string(k));
    return out.empty() ? "none" : out;
}

std::string coord_text(const std::vector<std::int64_t>& c) {
    std::string out = "(";
    for (std::size_t i = 0; i < c.size(); ++i) out += (i ? ", " : "") + std::to_string(c[i]);
    return out + ")";
}

template <typename E>
std::optional<E> parse_named(const Json& j, std::initializer_list<E> values) {
    if (!j.is_string()) return std::nullopt;
    for (const E v : values)
        if (to_string(v) == j.get<std::string>()) return v;
    return std::nullopt;
}

void read_kinds(const Json& list, const std::string& key, std::vector<FindingKind>* out,
                std::vector<std::string>* problems) {
    if (!list.is_array()) {
        problems->push_back("x-expect." + key + ": expected a list of finding kinds");
        return;
    }
    for (const auto& k : list) {
        const auto kind = k.is_string() ? parse_finding_kind(k.get<std::string>()) : std::nullopt;
        if (kind)
            out->push_back(*kind);
        else
            problems->push_back("x-expect." + key + ": " + k.dump() + " is not a finding kind");
    }
}

LessonExpect read_expect(const Json& j, std::vector<std::string>* problems) {
    LessonExpect e;
    if (!j.is_object()) {
        problems->push_back("x-expect: expected an object");
        return e;
    }
    for (const auto& [key, value] : j.items()) {
        if (key == "findings" || key == "absent") {
            read_kinds(value, key, key == "findings" ? &e.findings : &e.absent, problems);
        } else if (key == "verdict") {
            e.verdict = parse_named(
                value, {Verdict::Pass, Verdict::Fail, Verdict::Rejected, Verdict::Invalid});
            if (!e.verdict)
                problems->push_back("x-expect.verdict: " + value.dump() + " is not a verdict");
        } else if (key == "numerics") {
            e.numerics = parse_named(value, {StageStatus::Pass, StageStatus::Fail,
                                             StageStatus::Rejected, StageStatus::Skipped});
            if (!e.numerics)
                problems->push_back("x-expect.numerics: " + value.dump() +
                                    " is not a stage status");
        } else {
            problems->push_back("x-expect: unknown key '" + key + "'");
        }
    }
    return e;
}

// The grid at the step's params, and whether the selected program lies inside it.
void place_program(const Spec& spec, LessonStep* step) {
    if (const auto unmet = unmet_requirement(spec, step->params)) {
        step->problems.push_back("the step's params break the spec's requires: " + *unmet);
        return;
    }
    const auto resolved = resolve(spec, step->params);
    if (!resolved.instance) {
        step->problems.push_back("the step's params do not resolve: " +
                                 (resolved.errors.empty() ? std::string("unknown error")
                                                          : resolved.errors.front().message));
        return;
    }
    step->grid = resolved.instance->grid;
    if (step->program.empty()) step->program.assign(step->grid.size(), 0);
    bool inside = step->program.size() == step->grid.size();
    for (std::size_t d = 0; inside && d < step->grid.size(); ++d)
        inside = step->program[d] >= 0 && step->program[d] < step->grid[d];
    if (!inside)
        step->problems.push_back("program " + coord_text(step->program) + " is outside the grid " +
                                 coord_text(step->grid));
}

LessonStep read_step(const Spec& spec, const Json& j, const std::vector<std::int64_t>& previous) {
    LessonStep step;
    step.text = j.value("text", "");
    for (const auto& [name, value] : spec.params) step.params[name] = value;
    if (const auto p = j.find("params"); p != j.end())
        for (const auto& [name, value] : p->items()) step.params[name] = value.get<std::int64_t>();
    step.program = previous;
    if (const auto p = j.find("program"); p != j.end())
        step.program = p->get<std::vector<std::int64_t>>();
    step.show = j.value("show", "");
    step.run = j.value("run", false);
    step.audit = j.value("audit", false);
    if (const auto e = j.find("x-expect"); e != j.end())
        step.expect = read_expect(*e, &step.problems);
    place_program(spec, &step);
    return step;
}

}  // namespace

std::optional<Lesson> read_lesson(const Spec& spec) {
    if (!spec.lesson) return std::nullopt;
    const Json& j = *spec.lesson;
    Lesson lesson;
    lesson.title = j.value("title", "");
    if (const auto o = j.find("order"); o != j.end()) lesson.order = o->get<std::int64_t>();
    std::vector<std::int64_t> program;
    for (const auto& s : j.at("steps")) {
        lesson.steps.push_back(read_step(spec, s, program));
        program = lesson.steps.back().program;
    }
    return lesson;
}

AuditResult audit_lesson_step(const Spec& spec, const LessonStep& step, int jobs) {
    Spec at_step = spec;
    for (auto& [name, value] : at_step.params) value = step.params.at(name);
    AuditOptions options;
    options.stage = step.run || step.audit ? AuditStage::All : AuditStage::Indexing;
    options.sweep = step.audit ? SweepMode::Auto : SweepMode::Off;
    options.jobs = jobs;
    // The proof is part of what the audit shows; a plain step is the explorer's analysis.
    if (!step.audit) options.proof_bound = 0;
    return run_audit(at_step, options);
}

std::vector<std::string> unmet_expectations(const LessonStep& step, const AuditResult& result) {
    std::vector<std::string> unmet;
    if (!step.expect) return unmet;
    const LessonExpect& e = *step.expect;
    std::vector<FindingKind> found;
    for (const auto& f : result.findings)
        if (std::find(found.begin(), found.end(), f.kind) == found.end()) found.push_back(f.kind);
    const auto has = [&](FindingKind k) {
        return std::find(found.begin(), found.end(), k) != found.end();
    };
    for (const auto k : e.findings)
        if (!has(k))
            unmet.push_back("expected " + std::string(to_string(k)) +
                            ", found: " + kinds_text(found));
    for (const auto k : e.absent)
        if (has(k))
            unmet.push_back("expected no " + std::string(to_string(k)) + ", but it was found");
    if (e.verdict && *e.verdict != result.verdict)
        unmet.push_back("expected verdict " + std::string(to_string(*e.verdict)) + ", got " +
                        std::string(to_string(result.verdict)));
    if (e.numerics && *e.numerics != result.numerics)
        unmet.push_back("expected numerics " + std::string(to_string(*e.numerics)) + ", got " +
                        std::string(to_string(result.numerics)));
    return unmet;
}

}  // namespace tl
