#pragma once
// One operand's current block during a run: its index, window, and either a view straight
// into the array (a block wholly inside it) or a full block buffer holding the fill past the
// edges. Viewing interior blocks in place gives the same values as copying them (inputs are
// never written; an output block is filled at the start of its visit and nothing else reads
// it meanwhile) and keeps a large tiled matmul within a few percent of one big GEMM.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/analysis/windows.h"
#include "core/interp/bodies/body.h"
#include "core/interp/interpreter.h"

namespace tl::interp {

class BlockSlot {
public:
    // `array` is the operand's whole array; `fill` what reads past it (or a fresh output
    // block) hold.
    BlockSlot(const ResolvedOperand& op, int operand, std::byte* array, Uninitialized fill);

    // Evaluates the index map for `coords`; false (with an error) when it fails.
    bool eval(const std::int64_t* coords, int grid_rank, std::int64_t program, Diagnostics& errors);
    bool same_as_previous() const { return has_prev_ && idx_ == prev_; }
    void remember() {
        prev_ = idx_;
        has_prev_ = true;
    }
    void locate();  // windows and interior/out-of-bounds for the current index

    // The block's contents for the body: a view into the array when interior, else the block
    // buffer gathered from the array (`gather`) or filled (`!gather`).
    void load(bool gather);
    // Fills the interior window in the array (a TPU output visit starting from garbage).
    void fill_in_place();
    // Copies the block buffer back into the array, clipped (no-op for interior views).
    void write_back();

    bool interior() const { return interior_; }
    bool out_of_bounds() const { return oob_; }
    const BlockView& view() const { return view_; }
    const std::array<std::int64_t, kMaxRank>& index() const { return idx_; }
    const std::array<DimWindow, kMaxRank>& windows() const { return win_; }
    int rank() const { return rank_; }

    // Output visit bookkeeping.
    bool in_visit = false;
    std::int64_t visit_first = 0, visit_last = 0;

private:
    std::byte* array_row(const std::array<std::int64_t, kMaxRank>& lead) const;
    void make_view();

    const ResolvedOperand* op_;
    int operand_;
    int rank_;
    std::byte* base_;
    std::size_t esz_;
    std::array<std::int64_t, kMaxRank> astride_{};
    Buffer block_;                     // full block shape, squeezed dims of size 1
    std::vector<std::byte> fill_row_;  // one block row of the fill
    std::vector<std::int64_t> args_;
    std::array<std::int64_t, kMaxRank> idx_{}, prev_{};
    bool has_prev_ = false;
    std::array<DimWindow, kMaxRank> win_{};
    bool interior_ = false, oob_ = false;
    BlockView view_;
};

// Sets up the writer record of output `op` (cells or elements, all -1).
WriterRecord make_writer_record(const ResolvedOperand& op);
// Marks the elements `slot`'s clipped window covers as written by visit `id`.
void record_write(WriterRecord& rec, const BlockSlot& slot, std::int32_t id);

}  // namespace tl::interp
