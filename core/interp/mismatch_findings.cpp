// compare_outputs: the numerical_mismatch findings, grouped per output and cause, with
// messages that name the element, the program that wrote it and the likely fix.
#include <array>
#include <cmath>

#include "core/base/format.h"
#include "core/interp/bodies/body.h"
#include "core/interp/compare.h"
#include "core/interp/fill.h"

namespace tl {

namespace {

enum class Cause { Uninitialized, Padding, Value };

struct Group {
    std::int64_t count = 0, first = -1, never_written = 0;
    double max_abs = 0, max_rel = 0;
};

int option_axis(const KernelSpec& k, const char* name, int fallback) {
    const auto it = k.options.find(name);
    return it != k.options.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

bool option_flag(const KernelSpec& k, const char* name) {
    const auto it = k.options.find(name);
    return it != k.options.end() && it->is_boolean() && it->get<bool>();
}

// The input operands of the body, in order.
const ResolvedOperand& input(const Instance& inst, const RunResult& run, std::size_t i) {
    return inst.operands[static_cast<std::size_t>(run.input_operands[i])];
}

// True when visible dimension `dim` (-1: the last) of op's block does not divide the array.
bool tail(const ResolvedOperand& op, int dim) {
    std::vector<std::size_t> dims;  // array dims that the body sees
    for (std::size_t d = 0; d < op.block.size(); ++d)
        if (op.block[d].kind != BlockDim::Kind::Squeezed) dims.push_back(d);
    if (dims.empty()) return false;
    const std::size_t d = dim < 0 ? dims.back() : dims[static_cast<std::size_t>(dim)];
    const std::int64_t b = op.block[d].size;
    return b > 0 && op.shape[d] % b != 0;
}

const char* kOutOfBounds =
    "an index map returns blocks past the array (see block_out_of_bounds): check the order of "
    "the index map's results";

// Non-empty when a reducing body zero-initialises on another axis than it reduces over.
std::string init_fix(const KernelSpec& k) {
    if (k.body != "matmul" && k.body != "rowsum") return {};
    const int red = option_axis(k, "reduction_axis", -1);
    const int init = option_axis(k, "init_axis", red);
    if (red < 0 || init == red) return {};
    return "zero-initialise at k == 0: kernel.init_axis is " + std::to_string(init) +
           " but the reduction axis is " + std::to_string(red);
}

std::string reduction_fix(const Instance& inst, const KernelSpec& k, Revisit revisit) {
    const bool attention = k.body == "attention";
    const int red = option_axis(k, "reduction_axis", -1);
    if (k.body != "matmul" && k.body != "rowsum" && !attention)
        return "every output block must be written completely in each visit: check the "
               "output's index map";
    if (red < 0)
        return "set kernel.reduction_axis to the grid axis that accumulates into the output";
    if (const std::string f = init_fix(k); !f.empty()) return f;
    if (red != inst.grid_rank() - 1 && revisit == Revisit::Tpu)
        return "put the reduction axis last: under policy.revisit \"tpu\" an output block keeps "
               "its partial sum only while consecutive programs return it (this passes under "
               "\"ideal\" and fails on TPU)";
    return "zero-initialise the output block when the reduction index is 0";
}

std::string padding_fix(const Instance& inst, const KernelSpec& k, const RunResult& run) {
    const auto& b = k.body;
    if (b == "matmul" && tail(input(inst, run, 0), 1) && !option_flag(k, "mask_k_tail"))
        return "mask the K tail (kernel.mask_k_tail: true), or choose bk dividing K = " +
               std::to_string(input(inst, run, 0).shape.back());
    if (b == "rowsum" && tail(input(inst, run, 0), 1) && !option_flag(k, "mask_tail"))
        return "mask the tail (kernel.mask_tail: true), or choose a column block dividing C = " +
               std::to_string(input(inst, run, 0).shape.back());
    if (b == "attention" && tail(input(inst, run, 1), 0) && !option_flag(k, "mask_kv_tail"))
        return "mask the kv tail (kernel.mask_kv_tail: true), or choose a kv block dividing T = " +
               std::to_string(input(inst, run, 1).shape.front());
    if (b == "softmax" && tail(input(inst, run, 0), -1))
        return "make the block span whole rows, so that no padding enters a row's max and sum";
    return kOutOfBounds;
}

// A reduction whose grid axis is too short for its dimension (a floor-division grid such as
// K // bk) never reads the tail: the values are wrong because data is skipped, not because an
// index map is.
std::string skipped_tail_fix(const Instance& inst, const KernelSpec& k, const RunResult& run) {
    const int red = option_axis(k, "reduction_axis", -1);
    if (red < 0 || red >= inst.grid_rank()) return {};
    const bool attention = k.body == "attention";
    if (k.body != "matmul" && k.body != "rowsum" && !attention) return {};
    const auto& op = input(inst, run, attention ? 1 : 0);
    const std::size_t d = attention ? 0 : op.shape.size() - 1;
    if (d >= op.block.size() || op.block[d].kind != BlockDim::Kind::Blocked) return {};
    const std::int64_t n = op.shape[d], b = op.block[d].size;
    const std::int64_t g = inst.grid[static_cast<std::size_t>(red)];
    if (b <= 0 || g * b >= n) return {};
    const std::string dim = attention ? "T" : "the reduction dimension";
    return "the grid skips the tail of " + dim + ": grid axis " + std::to_string(red) + " has " +
           std::to_string(g) + " programs of " + std::to_string(b) + ", which never read " +
           op.name + "'s elements " + std::to_string(g * b) + ".." + std::to_string(n - 1) +
           " (a floor-division grid, n // b); use cdiv(" + std::to_string(n) + ", " +
           std::to_string(b) + ") = " + std::to_string((n + b - 1) / b) +
           " programs and mask the partial block";
}

std::string value_fix(const Instance& inst, const KernelSpec& k, const RunResult& run) {
    const auto& b = k.body;
    if (b == "softmax") {
        const auto& x = input(inst, run, 0);
        const auto blk = interp::visible_block_shape(x);
        if (!blk.empty() && blk.back() < x.shape.back())
            return "softmax is taken within each block: the block's " + std::to_string(blk.back()) +
                   " columns are narrower than the row (" + std::to_string(x.shape.back()) +
                   "); make the block span whole rows";
        return "check that x's and o's index maps return the same block";
    }
    if (const std::string f = init_fix(k); !f.empty())
        return f + " (a step that re-zeroes drops the sum so far)";
    if (const std::string f = skipped_tail_fix(inst, k, run); !f.empty()) return f;
    if ((b == "matmul" || b == "rowsum" || b == "attention") &&
        option_axis(k, "reduction_axis", -1) < 0)
        return "kernel.reduction_axis is not set, so every program starts its block afresh: set "
               "it to the grid axis that runs over the reduction";
    if (b == "matmul")
        return "check that each index map returns the block the body expects: x (i, k), "
               "y (k, j), o (i, j) with k the reduction axis";
    if (b == "rowsum") return "check the index maps: x (i, k) and o (i, 0), k the reduction axis";
    if (b == "attention")
        return "check the index maps: q (i, 0), k and v (kv, 0), o (i, 0), kv the reduction axis";
    if (b == "transpose") return "o's index map must swap x's: x (i, j) -> o (j, i)";
    return "check that the inputs' index maps return the same blocks as the output's";
}

std::string padding_inputs(const Instance& inst, const RunResult& run) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < run.input_read_padding.size(); ++i)
        if (run.input_read_padding[i]) names.push_back("'" + input(inst, run, i).name + "'");
    if (names.empty()) return "the inputs";
    std::string s;
    for (std::size_t i = 0; i < names.size(); ++i)
        s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return s;
}

// Why element i of output o differs: never written, a visit that started from uninitialised
// memory, padding that reached it, or a wrong value.
Cause cause_of(const RunResult& run, std::size_t o, std::int64_t i, double fill,
               bool any_padding_read, const CauseEvidence* evidence) {
    const Buffer& out = run.outputs[o];
    const double v = out.get(i);
    if (run.writers[o].visit_at(i) < 0) return Cause::Uninitialized;
    if (evidence) {
        if (!out.same_value(i, evidence->other_output[o])) return Cause::Uninitialized;
        if (!out.same_value(i, evidence->other_padding[o])) return Cause::Padding;
        return Cause::Value;
    }
    if (v == fill || (std::isnan(v) && std::isnan(fill) && !any_padding_read))
        return Cause::Uninitialized;
    if (any_padding_read && (std::isnan(v) || v == fill)) return Cause::Padding;
    return Cause::Value;
}

// The mismatching elements of output o, grouped by cause.
std::array<Group, 3> group_mismatches(const Instance& inst, const RunResult& run, std::size_t o,
                                      const OutputComparison& cmp, Uninitialized uninitialized,
                                      const CauseEvidence* evidence) {
    bool any_padding_read = false;
    for (bool b : run.input_read_padding) any_padding_read = any_padding_read || b;
    const Buffer& out = run.outputs[o];
    const Buffer& ref = run.references[o];
    const auto& op = inst.operands[static_cast<std::size_t>(run.output_operands[o])];
    const double fill = fill_value_as_double(op.dtype, uninitialized);
    std::array<Group, 3> groups;
    for (std::int64_t i = cmp.first; i >= 0 && i < out.size(); ++i) {
        if (!cmp.mismatch[static_cast<std::size_t>(i)]) continue;
        const Cause cause = cause_of(run, o, i, fill, any_padding_read, evidence);
        Group& g = groups[static_cast<std::size_t>(cause)];
        if (g.count++ == 0) g.first = i;
        if (run.writers[o].visit_at(i) < 0) ++g.never_written;
        const double err = std::abs(out.get(i) - ref.get(i));
        const double rel = err / std::abs(ref.get(i));
        if (std::isnan(err) || std::isnan(g.max_abs)) {
            g.max_abs = g.max_rel = std::nan("");
        } else {
            g.max_abs = std::max(g.max_abs, err);
            g.max_rel = std::max(g.max_rel, rel);
        }
    }
    return groups;
}

// The finding for one group: what differs, where, who wrote it, and the likely fix.
Finding mismatch_finding(const Instance& inst, const KernelSpec& kernel, const RunResult& run,
                         std::size_t o, Cause cause, const Group& g, Revisit revisit) {
    const Buffer& out = run.outputs[o];
    const Buffer& ref = run.references[o];
    const auto& op = inst.operands[static_cast<std::size_t>(run.output_operands[o])];
    Finding f;
    f.kind = FindingKind::NumericalMismatch;
    f.severity = Severity::Error;
    f.operand = op.name;
    f.count = g.count;
    f.element = out.unravel(g.first);
    f.cause = cause == Cause::Uninitialized ? "uninitialized"
              : cause == Cause::Padding     ? "padding"
                                            : "value";
    const std::int32_t visit = run.writers[o].visit_at(g.first);
    std::string msg = std::to_string(g.count) + " of " + std::to_string(out.size()) +
                      " elements of '" + op.name + "' differ from the reference (max abs error " +
                      format_value(g.max_abs) + ", max rel error " + format_value(g.max_rel) +
                      "); first " + op.name + "[" + format_index(f.element) +
                      "] = " + format_value(out.get(g.first)) + ", expected " +
                      format_value(ref.get(g.first));
    if (visit >= 0) {
        f.program.assign(static_cast<std::size_t>(inst.grid_rank()), 0);
        inst.unravel(run.writers[o].visits[static_cast<std::size_t>(visit)].last_program,
                     f.program.data());
        msg += ", written back by program (" + format_index(f.program) + ")";
    }
    if (cause == Cause::Uninitialized && visit < 0) {
        msg += ". No program writes it back, so it keeps uninitialised memory";
        if (g.never_written < g.count)
            msg += " (" + std::to_string(g.count - g.never_written) +
                   " more come from visits that started from uninitialised memory)";
        msg +=
            ": make the grid cover every block, e.g. cdiv(dim, block) for each grid size, and "
            "check the output's index map";
    } else if (cause == Cause::Uninitialized) {
        msg +=
            ". The visit that wrote it back started from uninitialised memory and the value "
            "depends on it: " +
            reduction_fix(inst, kernel, revisit);
    } else if (cause == Cause::Padding) {
        msg += ". Padding read past the edge of " + padding_inputs(inst, run) +
               " reached valid outputs: " + padding_fix(inst, kernel, run);
    } else {
        msg += ". The kernel computes a different value: " + value_fix(inst, kernel, run);
    }
    f.message = msg;
    return f;
}

}  // namespace

std::vector<Finding> compare_outputs(const Instance& inst, const KernelSpec& kernel,
                                     const RunResult& run, Uninitialized uninitialized,
                                     Revisit revisit, const std::optional<Tolerance>& tolerance,
                                     const CauseEvidence* evidence,
                                     std::vector<OutputComparison>* comparisons) {
    std::vector<Finding> findings;
    for (std::size_t o = 0; o < run.outputs.size() && o < run.references.size(); ++o) {
        const auto& op = inst.operands[static_cast<std::size_t>(run.output_operands[o])];
        OutputComparison cmp = compare_output(run.outputs[o], run.references[o],
                                              output_tolerance(inst, tolerance, &kernel, run, o));
        cmp.operand = op.name;
        const auto groups = group_mismatches(inst, run, o, cmp, uninitialized, evidence);
        for (std::size_t c = 0; c < groups.size(); ++c)
            if (groups[c].count > 0)
                findings.push_back(mismatch_finding(inst, kernel, run, o, static_cast<Cause>(c),
                                                    groups[c], revisit));
        if (comparisons) comparisons->push_back(std::move(cmp));
    }
    return findings;
}

}  // namespace tl
