// The indexing findings (docs/report-format.md, "Finding kinds"), each with a message that says
// what is wrong, where, and the likely fix.
#include <algorithm>
#include <bit>
#include <optional>
#include <string>

#include "core/analysis/detail/analysis_data.h"
#include "core/analysis/windows.h"

namespace tl {

std::string format_coords(const std::vector<std::int64_t>& v, char open, char close) {
    std::string s(1, open);
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(v[i]);
    }
    return s + close;
}

namespace {

using Vec = std::vector<std::int64_t>;

Vec prog_coords(const AnalysisData& d, std::int64_t p) {
    Vec c(d.grid.size(), 0);
    d.coords(p, c.data());
    return c;
}

Vec block_vec(const OpData& od, std::int32_t b) {
    const std::int64_t* v = od.block_values(b);
    return Vec(v, v + od.rank);
}

// The single param holding `value`, else the number itself.
std::string name_of(const AnalysisData& d, std::int64_t value) {
    std::string name;
    int hits = 0;
    for (const auto& [k, v] : d.inst.params)
        if (v == value && hits++ == 0) name = k;
    return hits == 1 ? name : std::to_string(value);
}

struct CellScan {
    std::int64_t elements = 0;
    Vec first;  // the first element (row-major) of the first matching cell
};

template <class Pred>
CellScan scan_cells(const Coverage& c, Pred pred) {
    CellScan s;
    const std::size_t r = c.breaks.size();
    Vec cell(r, 0);
    for (std::size_t i = 0; i < c.counts.size(); ++i) {
        if (pred(c.counts[i])) {
            std::int64_t vol = 1;
            for (std::size_t k = 0; k < r; ++k)
                vol *= c.breaks[k][static_cast<std::size_t>(cell[k]) + 1] -
                       c.breaks[k][static_cast<std::size_t>(cell[k])];
            if (s.elements == 0) {
                s.first.resize(r);
                for (std::size_t k = 0; k < r; ++k)
                    s.first[k] = c.breaks[k][static_cast<std::size_t>(cell[k])];
            }
            s.elements += vol;
        }
        for (std::size_t k = r; k-- > 0;) {
            if (++cell[k] < static_cast<std::int64_t>(c.breaks[k].size()) - 1) break;
            cell[k] = 0;
        }
    }
    return s;
}

bool coverage_ok(const OpData& od) {
    return static_cast<int>(od.coverage.breaks.size()) == od.rank;
}

Finding make(FindingKind kind, Severity sev, const ResolvedOperand& ro) {
    Finding f;
    f.kind = kind;
    f.severity = sev;
    f.operand = ro.name;
    return f;
}

// The scalar-prefetch table an output's block index reads, if any: its revisits then come
// from data, and reordering grid axes cannot fix them.
std::string table_read_by(const AnalysisData& d, const ResolvedOperand& ro) {
    if (!ro.index_map) return {};
    const auto g = d.grid.size();
    for (int r = 0; r < ro.index_map->results(); ++r) {
        const std::uint64_t m = ro.index_map->depends_on(r) >> g;
        if (m == 0 || g >= 64) continue;
        const auto t = static_cast<std::size_t>(std::countr_zero(m));
        return t < d.inst.tables.size() ? d.inst.tables[t].name : "a scalar-prefetch table";
    }
    return {};
}

std::string data_revisit_fix(const std::string& table) {
    return " The block index comes from the scalar-prefetch table '" + table +
           "': order its entries so that all the steps of one output block are consecutive, "
           "or mark the output revisit \"any\" (pl.Buffered(revisit=pl.RevisitMode.ANY)) if "
           "the kernel really returns to a block later.";
}

// Dimension k follows grid axis `axis`, too short for its `needed` blocks, while another
// dimension follows an axis of exactly `needed` programs: the map has the axes swapped (a
// floor-division grid would not fit the other axis's count so exactly).
std::optional<std::string> swapped_axes_hint(const AnalysisData& d, const ResolvedOperand& ro,
                                             int rank, int k, int axis, std::int64_t needed) {
    if (!ro.index_map || ro.index_map->results() != rank || d.grid.size() >= 64) return {};
    const std::uint64_t all = (std::uint64_t{1} << d.grid.size()) - 1;
    for (int k2 = 0; k2 < rank; ++k2) {
        const std::uint64_t m = ro.index_map->depends_on(k2) & all;
        if (k2 == k || std::popcount(m) != 1) continue;
        const int a2 = std::countr_zero(m);
        if (a2 == axis || d.grid[static_cast<std::size_t>(a2)] != needed) continue;
        return " Dimension " + std::to_string(k) + " follows grid axis " + std::to_string(axis) +
               " (" + std::to_string(d.grid[static_cast<std::size_t>(axis)]) +
               " programs) but needs " + std::to_string(needed) + " blocks, while dimension " +
               std::to_string(k2) + " follows grid axis " + std::to_string(a2) + ", which has " +
               std::to_string(needed) +
               " programs: the index map looks like it swaps the two axes; swap results " +
               std::to_string(std::min(k, k2)) + " and " + std::to_string(std::max(k, k2)) +
               " of the index map.";
    }
    return {};
}

// Why elements past the last block reached on a blocked dimension are missed.
std::string tail_hint(const AnalysisData& d, int op, const Vec& first) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    for (int k = 0; k < od.rank; ++k) {
        const ResolvedBlockDim& bd = ro.block[static_cast<std::size_t>(k)];
        const std::int64_t n = ro.shape[static_cast<std::size_t>(k)], b = bd.size;
        if (bd.kind != BlockDim::Kind::Blocked || b <= 0) continue;
        const std::int64_t needed = (n + b - 1) / b;
        std::int64_t reached = 0;
        for (std::int32_t id = 0; id < od.blocks; ++id)
            if (od.events[static_cast<std::size_t>(id)] > 0 &&
                !od.oob[static_cast<std::size_t>(id)])
                reached = std::max(reached, od.block_values(id)[k] + 1);
        if (reached >= needed || first[static_cast<std::size_t>(k)] < reached * b) continue;
        const std::string cdiv = "cdiv(" + name_of(d, n) + ", " + name_of(d, b) + ")";
        const std::string dim = "dimension " + std::to_string(k) + " (size " + std::to_string(n) +
                                ", block " + std::to_string(b) + ")";
        int axis = -1;
        if (ro.index_map && ro.index_map->results() == od.rank && d.grid.size() < 64) {
            const std::uint64_t m =
                ro.index_map->depends_on(k) & ((std::uint64_t{1} << d.grid.size()) - 1);
            if (std::popcount(m) == 1) axis = std::countr_zero(m);
        }
        if (axis < 0)
            return " The index map never returns a block index past " +
                   std::to_string(reached - 1) + " on " + dim + ", which needs " + cdiv + " = " +
                   std::to_string(needed) + " blocks.";
        const std::int64_t g = d.grid[static_cast<std::size_t>(axis)];
        if (g >= needed) continue;  // the grid is long enough; the map misses the tail
        if (auto swapped = swapped_axes_hint(d, ro, od.rank, k, axis, needed)) return *swapped;
        const std::string ax = "grid axis " + std::to_string(axis);
        if (g == n / b)
            return " The grid looks like floor division: " + ax + " has " + name_of(d, n) + " // " +
                   name_of(d, b) + " = " + std::to_string(g) +
                   " programs, which skips the tail of " + dim + "; use " + cdiv + " = " +
                   std::to_string(needed) + " for the grid.";
        return " " + ax + " has " + std::to_string(g) + " programs but " + dim + " needs " +
               std::to_string(needed) + " blocks: use " + cdiv + " for the grid.";
    }
    return "";
}

void out_of_bounds(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    std::int32_t first = -1;
    for (std::int32_t b = 0; b < od.blocks; ++b)
        if (od.oob[static_cast<std::size_t>(b)] &&
            (first < 0 || od.first_prog[static_cast<std::size_t>(b)] <
                              od.first_prog[static_cast<std::size_t>(first)]))
            first = b;
    if (first < 0) return;
    std::int64_t programs = 0;
    for (std::int64_t e = 0; e < od.entries; ++e) {
        const std::int32_t b = od.entry_block[static_cast<std::size_t>(e)];
        if (b >= 0 && od.oob[static_cast<std::size_t>(b)]) programs += d.programs / od.entries;
    }
    const std::int64_t* v = od.block_values(first);
    int k = 0;
    while (k < od.rank && v[k] >= 0 && dim_window(ro, k, v[k]).clip_size > 0) ++k;
    if (k == od.rank) k = 0;
    const ResolvedBlockDim& bd = ro.block[static_cast<std::size_t>(k)];
    const IndexRange range = valid_index_range(ro, k);
    const std::int64_t n = ro.shape[static_cast<std::size_t>(k)];
    const char* what = bd.kind == BlockDim::Kind::Blocked    ? "block index"
                       : bd.kind == BlockDim::Kind::Squeezed ? "element index (squeezed dimension)"
                                                             : "element offset";
    Finding f = make(FindingKind::BlockOutOfBounds, Severity::Error, ro);
    f.count = programs;
    f.program = prog_coords(d, od.first_prog[static_cast<std::size_t>(first)]);
    f.message = "operand '" + ro.name + "': program " + format_coords(f.program) + " returns " +
                format_coords(block_vec(od, first)) + "; the " + what + " " + std::to_string(v[k]) +
                " on dimension " + std::to_string(k) + " puts the block outside the array (valid " +
                (range.hi < range.lo ? std::string("none")
                                     : std::to_string(range.lo) + ".." + std::to_string(range.hi)) +
                " for size " + std::to_string(n) + ", block " + std::to_string(bd.size) + "); " +
                std::to_string(programs) +
                (programs == 1 ? " program returns" : " programs return") +
                " out-of-bounds blocks.";
    const bool offsets = bd.kind == BlockDim::Kind::Blocked && bd.size > 1 && v[k] > 0 &&
                         v[k] % bd.size == 0 && v[k] / bd.size <= range.hi;
    if (offsets)
        f.message +=
            " The index map returns element offsets; return block indices (divide by "
            "the block size: " +
            std::to_string(v[k]) + " // " + std::to_string(bd.size) + " = " +
            std::to_string(v[k] / bd.size) + ").";
    else
        f.message += " Keep every block inside the array: check the index map against the grid.";
    d.findings.push_back(std::move(f));
}

void uncovered(AnalysisData& d, int op, bool output) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    if (!coverage_ok(od)) return;
    const CellScan s = scan_cells(od.coverage, [](std::int32_t c) { return c == 0; });
    if (s.elements == 0) return;
    std::int64_t total = 1;
    for (std::int64_t n : ro.shape) total *= n;
    Finding f = make(output ? FindingKind::UncoveredOutput : FindingKind::UnreadInput,
                     output ? Severity::Error : Severity::Warning, ro);
    f.count = s.elements;
    f.element = s.first;
    f.message = (output ? "output '" : "input '") + ro.name + "': " + std::to_string(s.elements) +
                " of " + std::to_string(total) + " elements are never " +
                (output ? "written back" : "read") + " (first " + format_coords(s.first, '[', ']') +
                ")" + (output ? "; they keep the output buffer's initial contents." : ".");
    std::string why;
    if (d.programs == 0)
        why = " The grid launches no programs: every grid size must be at least 1.";
    else
        why = tail_hint(d, op, s.first);
    if (std::any_of(od.oob.begin(), od.oob.end(), [](std::uint8_t o) { return o != 0; }))
        why += " Programs whose blocks are out of bounds cover nothing (see block_out_of_bounds).";
    if (od.failed_programs > 0)
        why += " The index map fails at " + std::to_string(od.failed_programs) +
               " programs, which cover nothing.";
    if (why.empty()) why = " Check that the grid and the index map reach every block.";
    f.message += why;
    d.findings.push_back(std::move(f));
}

void multiply_written(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    if (!coverage_ok(od)) return;
    const CellScan s = scan_cells(od.coverage, [](std::int32_t c) { return c > 1; });
    if (s.elements == 0) return;
    const Analysis view(std::shared_ptr<const AnalysisData>(&d, [](const AnalysisData*) {}));
    const Vec writers = view.programs_touching(op, s.first);
    const bool tpu = d.opt.revisit == Revisit::Tpu;
    std::int64_t second = -1;
    std::vector<std::int32_t> distinct;
    for (std::int64_t p : writers) {
        const std::int32_t b = d.block_of(p, op);
        if (std::find(distinct.begin(), distinct.end(), b) == distinct.end()) distinct.push_back(b);
        const bool other = tpu ? view.visit_of(p, op) != view.visit_of(writers.front(), op)
                               : b != d.block_of(writers.front(), op);
        if (second < 0 && other) second = p;
    }
    // A block written again by its own later visit: restored first under revisit "any" (fine),
    // a race on a concurrent grid (reported as such).
    if (distinct.size() <= 1 && (ro.revisit == OutputRevisit::Any || d.opt.concurrent_grid)) return;
    Finding f = make(FindingKind::MultiplyWrittenOutput, Severity::Error, ro);
    f.count = s.elements;
    f.element = s.first;
    if (second >= 0) f.program = prog_coords(d, second);
    f.message = "output '" + ro.name + "': " + std::to_string(s.elements) +
                " elements are written back by more than one block visit (first " +
                format_coords(s.first, '[', ']') + ", " +
                std::to_string(od.coverage.count_at(s.first)) + " write-backs";
    if (second >= 0)
        f.message += ", by programs " + format_coords(prog_coords(d, writers.front())) + " and " +
                     format_coords(f.program);
    f.message += "); the last write-back wins.";
    if (distinct.size() > 1)
        f.message += " Distinct blocks overlap there, e.g. " +
                     format_coords(block_vec(od, distinct[0])) + " and " +
                     format_coords(block_vec(od, distinct[1])) +
                     ": give different programs disjoint blocks.";
    else if (const auto table = table_read_by(d, ro); !table.empty())
        f.message +=
            " Its block is visited again after the pipeline moved on (see "
            "nonconsecutive_revisit)." +
            data_revisit_fix(table);
    else
        f.message +=
            " Its block is visited again after the pipeline moved on (see "
            "nonconsecutive_revisit): make the reduction axis the last grid axis.";
    d.findings.push_back(std::move(f));
}

void revisits(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    std::int32_t pick = -1;
    std::int64_t count = 0;
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        const auto bi = static_cast<std::size_t>(b);
        if (od.events[bi] < 2 || od.oob[bi]) continue;
        ++count;
        if (pick < 0 || od.second_visit[bi] < od.second_visit[static_cast<std::size_t>(pick)])
            pick = b;
    }
    if (pick < 0) return;
    const bool tpu = d.opt.revisit == Revisit::Tpu;
    const auto pi = static_cast<std::size_t>(pick);
    Finding f =
        make(FindingKind::NonconsecutiveRevisit, tpu ? Severity::Error : Severity::Warning, ro);
    f.count = count;
    f.program = prog_coords(d, od.second_visit[pi]);
    for (int k = 0; k < od.rank; ++k)
        f.element.push_back(dim_window(ro, k, od.block_values(pick)[k]).clip_start);
    int axis = -1;
    for (int a = 0; a + 1 < static_cast<int>(d.grid.size()); ++a)
        if (od.stride[static_cast<std::size_t>(a)] == 0 &&
            d.grid[static_cast<std::size_t>(a)] > 1) {
            axis = a;
            break;
        }
    f.message = std::string(tpu ? "" : "passes here, fails on TPU: ") + "output '" + ro.name +
                "': block " + format_coords(block_vec(od, pick)) + " is visited by program " +
                format_coords(prog_coords(d, od.first_prog[pi])) + " and again by program " +
                format_coords(f.program) +
                " after the pipeline moved on; on TPU the second visit starts from an "
                "uninitialised buffer and its write-back replaces the first (" +
                std::to_string(count) + (count == 1 ? " block is" : " blocks are") + " revisited).";
    if (const auto table = table_read_by(d, ro); !table.empty()) {
        f.message += data_revisit_fix(table);
    } else {
        f.message += " Make the reduction axis the last grid axis";
        if (axis >= 0)
            f.message +=
                " (grid axis " + std::to_string(axis) + ", which the output's index map ignores)";
        f.message += ".";
    }
    d.findings.push_back(std::move(f));
}

void races(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    if (od.race_prog.empty()) return;
    std::int32_t pick = -1;
    std::int64_t count = 0;
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        const auto bi = static_cast<std::size_t>(b);
        if (od.race_prog[bi] < 0 || od.oob[bi]) continue;
        ++count;
        if (pick < 0 || od.race_prog[bi] < od.race_prog[static_cast<std::size_t>(pick)]) pick = b;
    }
    if (pick < 0) return;
    const auto pi = static_cast<std::size_t>(pick);
    const Vec a = prog_coords(d, od.first_prog[pi]), b = prog_coords(d, od.race_prog[pi]);
    std::size_t axis = 0;
    auto parallel = [&](std::size_t x) {
        return d.opt.concurrent_grid ||
               (x < d.inst.semantics.size() && is_parallel(d.inst.semantics[x]));
    };
    while (axis < a.size() && (a[axis] == b[axis] || !parallel(axis))) ++axis;
    Finding f = make(FindingKind::ParallelRace, Severity::Error, ro);
    f.count = count;
    f.program = b;
    for (int k = 0; k < od.rank; ++k)
        f.element.push_back(dim_window(ro, k, od.block_values(pick)[k]).clip_start);
    const std::string ax = std::to_string(axis);
    const std::string blocks = std::to_string(count) + (count == 1 ? " block)" : " blocks)");
    if (d.opt.concurrent_grid)
        f.message = "output '" + ro.name + "': programs " + format_coords(a) + " and " +
                    format_coords(b) + " differ on grid axis " + ax + " but write the same block " +
                    format_coords(block_vec(od, pick)) +
                    "; on a GPU every program runs concurrently, so they race (" + blocks +
                    ". Accumulate over axis " + ax +
                    " inside one program (a loop in the body), or give each program its own "
                    "output block.";
    else
        f.message = "output '" + ro.name + "': programs " + format_coords(a) + " and " +
                    format_coords(b) + " differ on parallel grid axis " + ax +
                    " but write the same block " + format_coords(block_vec(od, pick)) +
                    "; run in parallel they race (" + blocks + ". Mark axis " + ax + " arbitrary.";
    d.findings.push_back(std::move(f));
}

void padded_reads(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    const std::int64_t padded = od.traffic.elements_padded_on_read;
    if (padded <= 0) return;
    const std::int64_t block = block_elements_of(ro);
    std::int64_t first = -1;
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        const auto bi = static_cast<std::size_t>(b);
        if (od.oob[bi] || od.events[bi] == 0 || clipped_elements(ro, od.block_values(b)) == block)
            continue;
        if (first < 0 || od.first_prog[bi] < first) first = od.first_prog[bi];
    }
    Finding f = make(FindingKind::PaddedReads, Severity::Info, ro);
    f.count = padded;
    if (first >= 0) f.program = prog_coords(d, first);
    f.message = "input '" + ro.name + "' reads " + std::to_string(padded) +
                " padding elements over its " + std::to_string(od.traffic.block_copies) +
                " block copies (first at program " + format_coords(f.program) +
                ", whose block runs past the array). Their values are unspecified: mask the "
                "tail where they reach a reduction.";
    d.findings.push_back(std::move(f));
}

void unchecked(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    Finding f = make(FindingKind::UncheckedOperand, Severity::Info, ro);
    f.message = std::string(ro.role == Role::Input ? "input '" : "output '") + ro.name +
                "' is in memory_space \"" + std::string(to_string(ro.memory_space)) +
                "\": the kernel moves its data by hand (async copies), so which elements it " +
                (ro.role == Role::Input ? "reads" : "writes, and whether it writes all of them,") +
                " is not visible in the BlockSpec and is not checked.";
    d.findings.push_back(std::move(f));
}

// The extra HBM bytes of restoring revisited blocks (revisit "any"): one read per revisit.
std::int64_t restore_bytes(const AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    std::int64_t sum = 0;
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        const auto k = od.events[static_cast<std::size_t>(b)];
        if (k > 1 && !od.oob[static_cast<std::size_t>(b)])
            sum = sat_add(
                sum, sat_mul(k - 1, dtype_storage_bytes(ro.dtype,
                                                        clipped_elements(ro, od.block_values(b)))));
    }
    return sum;
}

// Rewrites the output findings from `first` on for what the output declares: an alias keeps
// the input's values where nothing is written, a discarded output's problems are nobody's,
// revisit "any" restores its blocks.
void soften(AnalysisData& d, int op, std::size_t first) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    for (std::size_t i = first; i < d.findings.size(); ++i) {
        Finding& f = d.findings[i];
        if (f.kind == FindingKind::BlockOutOfBounds) continue;  // an error whatever the output
        if (ro.discard) {
            // The fix the finding proposes is moot: keep what it found, drop the advice.
            std::string what = f.message;
            if (const auto cut = what.rfind(". ", what.size() - 2); cut != std::string::npos)
                what.resize(cut + 1);
            f.message =
                "discarded output (the caller throws these values away), so not an "
                "error: " +
                std::string(to_string(f.kind)) + " would say: " + what;
            f.kind = FindingKind::DiscardedOutput;
            f.severity = Severity::Info;
        } else if (ro.alias_of >= 0 && f.kind == FindingKind::UncoveredOutput) {
            const auto& in = d.inst.operands[static_cast<std::size_t>(ro.alias_of)];
            f.kind = FindingKind::AliasedUnwritten;
            f.severity = Severity::Info;
            f.message = "output '" + ro.name + "' shares the buffer of input '" + in.name +
                        "' (alias_of): " + std::to_string(f.count.value_or(0)) +
                        " elements that no program writes keep the input's values (first " +
                        format_coords(f.element, '[', ']') + ").";
        } else if (ro.revisit == OutputRevisit::Any &&
                   f.kind == FindingKind::NonconsecutiveRevisit) {
            f.kind = FindingKind::RevisitRestored;
            f.severity = Severity::Info;
            const std::int64_t extra = restore_bytes(d, op);
            f.message = "output '" + ro.name +
                        "' (revisit \"any\"): " + std::to_string(f.count.value_or(0)) +
                        (f.count.value_or(0) == 1 ? " block is" : " blocks are") +
                        " visited again after the pipeline moved on (first by program " +
                        format_coords(f.program) + "); each revisit restores the block from HBM " +
                        "first, which is correct and costs " + std::to_string(extra) +
                        " extra bytes read in all.";
        }
    }
}

}  // namespace

void add_findings(AnalysisData& d) {
    for (int op = 0; op < static_cast<int>(d.ops.size()); ++op) {
        const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
        if (ro.manual()) {
            unchecked(d, op);
            continue;
        }
        const std::size_t first = d.findings.size();
        out_of_bounds(d, op);
        if (ro.role == Role::Output) {
            uncovered(d, op, true);
            multiply_written(d, op);
            // On a GPU there is no pipeline to revisit: a second writer is a race.
            if (!d.opt.concurrent_grid) revisits(d, op);
            races(d, op);
            soften(d, op, first);
        } else {
            uncovered(d, op, false);
            padded_reads(d, op);
        }
    }
}

}  // namespace tl
