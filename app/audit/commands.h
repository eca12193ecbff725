#pragma once
// The `timings` and `plan` commands of tilelens-audit; each returns the exit code.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/audit/cli.h"
#include "core/plan/tile_plan.h"
#include "core/spec/spec.h"

namespace tl::cli {

int run_timings(const TimingsArgs& args);
int run_plan(const PlanArgs& args);
int run_import(const ImportArgs& args);
int run_export_pallas(const ExportPallasArgs& args);
int run_lesson(const LessonArgs& args);

// Writes the benchmark script for `plan`'s candidates to args.emit_bench; false after printing
// why it could not (a kernel body the script cannot build, an unwritable path).
bool emit_bench(const PlanArgs& args, const Spec& spec, const TilePlan& plan);

// The spec at `path`, or nullptr after printing its errors to standard error.
std::shared_ptr<const Spec> load_spec_or_report(const std::string& path, const char* command);

// Every file exists and is a regular file; otherwise prints which does not and returns false.
bool files_readable(const std::vector<std::string>& files, const char* command);

}  // namespace tl::cli
