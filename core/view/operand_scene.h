#pragma once
// What one operand view draws for one program, as plain data: the displayed 2-D slice of the
// array, the program's block (window, clipped part, padding or dropped part), the other
// blocks of the same visit, the block partition and the coverage counts over it. Built from
// an Analysis in time proportional to the visit, never to the elements.
//
// Displayed dimensions: rank >= 2 shows the last two (rows, columns) for the slice of the
// leading dimensions where the program's block starts; rank 1 is one row; rank 0 one cell.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/view/geometry.h"
#include "core/view/partition.h"

namespace tl::view {

// The inner tiles of the program's block (docs/spec-format.md, "inner"), in displayed
// coordinates. Only the displayed dimensions are drawn; a tiled leading dimension is listed
// in `hidden_dims` so that the inspector can say what the picture leaves out.
struct InnerTiles {
    bool present = false;  // the operand has an inner tiling and a tiled area is on show
    bool streamed = false;
    int buffers = 0;
    std::int64_t steps = 1;                     // inner steps per block, over every dimension
    std::int64_t tile_rows = 1, tile_cols = 1;  // tile size on the displayed dimensions
    ElementRect area;              // what is tiled: the block's window (the array when manual)
    AxisPartition rows, cols;      // tile boundaries across `area`, first and last cut its edges
    ElementRect first;             // the tile the first inner step works on
    std::vector<int> hidden_dims;  // leading dimensions cut into tiles, not drawn

    // Tiles across `area` on the displayed dimensions.
    std::int64_t shown_tiles() const { return present ? rows.cells() * cols.cells() : 0; }
    // The displayed tile rectangles, row-major, at most `limit` of them.
    std::vector<ElementRect> tiles(std::size_t limit = 4096) const;
};

// How an element relates to the current program's block.
enum class CellState {
    Outside,        // neither in the array nor in the block
    Array,          // in the array, not in the block
    Valid,          // in the block and in the array
    PaddingOnRead,  // input block past the array edge
    DroppedWrite,   // output block past the array edge
};

// The programs of the output visit(s) holding a program: [first, last] in iteration order.
struct ProgramSpan {
    std::int64_t first = 0, last = -1;
    bool truncated = false;  // longer than the scan limit; only part is covered
};
// Without outputs (or where the map failed) the span is the program alone.
ProgramSpan visit_span(const Analysis& a, std::int64_t program, std::int64_t limit = 1 << 16);

struct OperandScene {
    int operand = -1;
    std::string name;
    Role role = Role::Input;
    int role_index = 0;  // among operands of the same role (picks the input hue)
    DType dtype = DType::Float32;
    std::vector<std::int64_t> shape;
    std::vector<ResolvedBlockDim> block;

    int row_dim = -1, col_dim = -1;   // displayed dimensions; -1 = none (rank < 2, rank 0)
    std::vector<std::int64_t> slice;  // element index shown on each leading dimension
    ElementRect array;                // the array in displayed coordinates
    ElementRect extent;               // array plus the overhang of edge blocks: what fit shows

    std::int64_t program = -1;
    bool has_block = false;  // the map evaluated and the block meets the shown slice
    bool manual = false;     // memory_space any/hbm: a whole array the kernel moves by hand
    bool discard = false;    // an output the caller throws away
    bool aliased = false;    // an output sharing an input's buffer (alias_of)
    bool out_of_bounds = false;
    bool copy = false;  // input: copied HBM->VMEM here; output: written back after this program
    std::vector<std::int64_t> block_index;  // what the index map returned
    ElementRect window, clipped;            // displayed part of the block / of its valid part
    std::vector<ElementRect> visit_blocks;  // the other blocks of the same visit
    bool visit_truncated = false;

    // The operand's regular block grid (every block, touched or not), for block lines and
    // labels; element-indexed dimensions use the windows the programs read instead.
    AxisPartition block_rows, block_cols;
    AxisPartition rows, cols;   // coverage cells: where the counts change
    bool has_coverage = false;  // rows/cols are the coverage partition and counts apply
    InnerTiles inner;

    CellState state(std::int64_t r, std::int64_t c) const;
    // Coverage count of partition cell (ri, ci) / of displayed element (r, c); 0 without.
    std::int32_t cell_count(std::int64_t ri, std::int64_t ci) const;
    std::int32_t count_at(std::int64_t r, std::int64_t c) const;
    // The full-rank element at displayed (r, c) in the shown slice.
    std::vector<std::int64_t> element(std::int64_t r, std::int64_t c) const;
    // Displayed (r, c) of a full-rank element; false when it lies in another slice.
    bool displayed(std::span<const std::int64_t> element, std::int64_t* r, std::int64_t* c) const;
    // The block index whose window starts at displayed (r, c), where the block kinds make it
    // derivable (blocked: start / size when aligned; squeezed: start; element: start + lo);
    // empty otherwise.
    std::vector<std::int64_t> block_label_at(std::int64_t r, std::int64_t c) const;
    bool is_output() const { return role == Role::Output; }
    int rank() const { return static_cast<int>(shape.size()); }

    std::shared_ptr<const Analysis> analysis;  // keeps the coverage breaks alive

private:
    friend OperandScene build_operand_scene(std::shared_ptr<const Analysis>, int, std::int64_t,
                                            const ProgramSpan&, std::size_t);
    const std::int32_t* counts_ = nullptr;
    std::int64_t cov_base_ = 0, cov_row_stride_ = 0;
};

// The scene of operand `op` at `program` (clamped to the grid); `visit` from visit_span.
// At most `max_visit_blocks` tinted blocks are kept.
OperandScene build_operand_scene(std::shared_ptr<const Analysis> analysis, int op,
                                 std::int64_t program, const ProgramSpan& visit,
                                 std::size_t max_visit_blocks = 4096);

// Scenes of every operand at `program`.
std::vector<OperandScene> build_scenes(const std::shared_ptr<const Analysis>& analysis,
                                       std::int64_t program);

}  // namespace tl::view
