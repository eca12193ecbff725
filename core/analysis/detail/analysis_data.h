#pragma once
// Internal state of an Analysis, shared by the files that build and query it.
//
// The index map of an operand is evaluated once per combination of the grid axes it reads
// (an "entry"), not once per program; entries with equal values share a "block" id. The
// pass over programs then only compares block ids, and memory is proportional to the
// entries and blocks, never to the elements.
#include <cstdint>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/analysis/windows.h"
#include "core/base/limits.h"

namespace tl {

// The limits in force (docs/bad-input.md). Beyond analysed-programs the per-program pass would
// not finish in interactive time; past coverage-cells the block partition is as fine as the
// elements of a huge array.
inline constexpr CurrentLimit<std::int64_t> kMaxAnalysedPrograms{LimitId::AnalysedPrograms};
inline constexpr CurrentLimit<std::int64_t> kMaxCoverageCells{LimitId::CoverageCells};

struct OpData {
    int rank = 0;
    std::vector<std::int64_t> stride;       // per grid axis; 0 where the map ignores the axis
    std::int64_t entries = 0;               // product of the grid over the axes read
    std::vector<std::int64_t> values;       // entries x rank: what the index map returned
    std::vector<std::int32_t> entry_block;  // per entry: block id, -1 where the map failed

    std::int32_t blocks = 0;                 // distinct returned values
    std::vector<std::int64_t> block_entry;   // per block: an entry holding its values
    std::vector<std::uint8_t> oob;           // per block: out of bounds
    std::vector<std::int64_t> events;        // per block: copies (inputs) or visits (outputs)
    std::vector<std::int64_t> first_prog;    // per block: first program using it
    std::vector<std::int64_t> second_visit;  // outputs: first program of the second visit
    std::vector<std::int64_t> race_key;      // outputs: parallel coordinate of first writer
    std::vector<std::int64_t> race_prog;     // outputs: a writer differing on a parallel axis
    std::vector<std::int64_t> visit_starts;  // outputs: first program of each visit

    std::int64_t failed_programs = 0;
    OperandTraffic traffic;
    Coverage coverage;

    const std::int64_t* block_values(std::int32_t b) const {
        return values.data() + block_entry[static_cast<std::size_t>(b)] * rank;
    }
};

struct AnalysisData {
    Instance inst;
    AnalysisOptions opt;
    std::vector<std::int64_t> grid;  // sanitised: negative sizes read as 0
    std::int64_t programs = 0;
    std::vector<OpData> ops;
    std::vector<Finding> findings;
    Diagnostics errors;

    void coords(std::int64_t program, std::int64_t* out) const;
    std::int64_t entry_of(std::int64_t program, int op) const;
    std::int32_t block_of(std::int64_t program, int op) const;  // -1 when failed/out of range
};

// Evaluates the index map of operand `op` into d.ops[op] (entries, blocks); run-time
// failures go to d.errors.
void build_blocks(AnalysisData& d, int op);

// Builds the coverage of `op` from per-block weights (0 = not counted).
Coverage build_coverage(const ResolvedOperand& op, const OpData& od,
                        const std::vector<std::int64_t>& weight, Diagnostics& errors, int op_index);

// Appends the indexing findings of every operand.
void add_findings(AnalysisData& d);

// What the operand keeps on chip: buffer_count blocks, or `buffers` inner tiles when streamed.
inline std::int64_t on_chip_bytes(const ResolvedOperand& op) {
    return op.streamed() ? sat_mul(op.inner->buffers, op.tile_bytes())
                         : sat_mul(op.buffer_count, op.block_bytes());
}

// "(0, 1, 2)" and "[256, 0]".
std::string format_coords(const std::vector<std::int64_t>& v, char open = '(', char close = ')');

}  // namespace tl
