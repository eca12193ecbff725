#include "core/interp/detail/block_slot.h"

#include <algorithm>
#include <cstring>

#include "core/interp/fill.h"

namespace tl::interp {

namespace {

// Calls f(lead, row) for every index tuple over dims [0, lead_rank) with the given sizes;
// `row` counts the calls. Once when lead_rank is 0.
template <class F>
void for_each_row(int lead_rank, const std::array<std::int64_t, kMaxRank>& sizes, F&& f) {
    for (int d = 0; d < lead_rank; ++d)
        if (sizes[static_cast<std::size_t>(d)] <= 0) return;
    std::array<std::int64_t, kMaxRank> r{};
    for (std::int64_t row = 0;; ++row) {
        f(r, row);
        int d = lead_rank - 1;
        while (d >= 0 && ++r[static_cast<std::size_t>(d)] == sizes[static_cast<std::size_t>(d)]) {
            r[static_cast<std::size_t>(d)] = 0;
            --d;
        }
        if (d < 0) return;
    }
}

std::vector<std::int64_t> full_block_shape(const ResolvedOperand& op) {
    std::vector<std::int64_t> s;
    for (const auto& b : op.block)
        s.push_back(b.kind == BlockDim::Kind::Squeezed ? 1 : std::max<std::int64_t>(b.size, 0));
    return s;
}

}  // namespace

BlockSlot::BlockSlot(const ResolvedOperand& op, int operand, std::byte* array, Uninitialized fill)
    : op_(&op),
      operand_(operand),
      rank_(op.rank()),
      base_(array),
      esz_(static_cast<std::size_t>(dtype_bytes(op.dtype))),
      block_(op.dtype, full_block_shape(op)) {
    std::int64_t s = 1;
    for (int d = rank_ - 1; d >= 0; --d) {
        astride_[static_cast<std::size_t>(d)] = s;
        s *= op.shape[static_cast<std::size_t>(d)];
    }
    const std::int64_t cols = rank_ == 0 ? 1 : block_.shape().back();
    fill_row_.resize(static_cast<std::size_t>(cols) * esz_);
    fill_raw(fill_row_.data(), op.dtype, cols, fill);
    args_.assign(op.index_map ? static_cast<std::size_t>(op.index_map->arity()) : 0, 0);
}

bool BlockSlot::eval(const std::int64_t* coords, int grid_rank, std::int64_t program,
                     Diagnostics& errors) {
    if (!op_->index_map) {
        idx_.fill(0);
        return true;
    }
    for (std::size_t a = 0; a < args_.size(); ++a)
        args_[a] = static_cast<int>(a) < grid_rank ? coords[a] : 0;
    expr::Error err;
    if (op_->index_map->eval(args_.data(), idx_.data(), &err)) return true;
    std::string where = "(";
    for (int a = 0; a < grid_rank; ++a) where += (a ? ", " : "") + std::to_string(coords[a]);
    errors.push_back({"", "operands[" + std::to_string(operand_) + "].index_map", 0, 0,
                      "fails at program " + where + ") (number " + std::to_string(program) +
                          " in grid order): " + err.message});
    return false;
}

void BlockSlot::locate() {
    interior_ = true;
    oob_ = false;
    for (int d = 0; d < rank_; ++d) {
        const auto du = static_cast<std::size_t>(d);
        win_[du] = dim_window(*op_, d, idx_[du]);
        if (win_[du].clip_size != win_[du].size) interior_ = false;
        if (win_[du].clip_size == 0 || idx_[du] < 0) oob_ = true;
    }
    if (oob_) interior_ = false;
    make_view();
}

void BlockSlot::make_view() {
    view_.dtype = op_->dtype;
    view_.rank = 0;
    std::int64_t off = 0;
    for (int d = 0; d < rank_; ++d) {
        const auto du = static_cast<std::size_t>(d);
        if (interior_) off += win_[du].start * astride_[du];
        if (op_->block[du].kind == BlockDim::Kind::Squeezed) continue;
        const auto v = static_cast<std::size_t>(view_.rank++);
        view_.shape[v] = win_[du].size;
        view_.stride[v] = interior_ ? astride_[du] : block_.stride(d);
        view_.origin[v] = win_[du].start;
        view_.extent[v] = op_->shape[du];
    }
    view_.stable = interior_ && op_->role == Role::Input;
    view_.data = interior_ ? base_ + static_cast<std::size_t>(off) * esz_
                           : static_cast<std::byte*>(block_.raw());
}

std::byte* BlockSlot::array_row(const std::array<std::int64_t, kMaxRank>& lead) const {
    std::int64_t off = 0;
    for (int d = 0; d + 1 < rank_; ++d) {
        const auto du = static_cast<std::size_t>(d);
        off += (win_[du].start + lead[du]) * astride_[du];
    }
    return base_ + static_cast<std::size_t>(off) * esz_;
}

void BlockSlot::load(bool gather) {
    if (interior_) return;
    auto* dst0 = static_cast<std::byte*>(block_.raw());
    const std::size_t row_bytes = fill_row_.size();
    const std::int64_t rows =
        block_.size() /
        std::max<std::int64_t>(1, block_.shape().empty() ? 1 : block_.shape().back());
    if (!gather || oob_) {
        for (std::int64_t r = 0; r < rows; ++r)
            std::memcpy(dst0 + static_cast<std::size_t>(r) * row_bytes, fill_row_.data(),
                        row_bytes);
        return;
    }
    const int lead = rank_ - 1;
    const DimWindow& last = win_[static_cast<std::size_t>(lead)];
    const std::size_t before = static_cast<std::size_t>(last.clip_start - last.start) * esz_;
    const std::size_t inside = static_cast<std::size_t>(last.clip_size) * esz_;
    std::array<std::int64_t, kMaxRank> sizes{};
    for (int d = 0; d < lead; ++d)
        sizes[static_cast<std::size_t>(d)] = win_[static_cast<std::size_t>(d)].size;
    for_each_row(lead, sizes, [&](const std::array<std::int64_t, kMaxRank>& r, std::int64_t row) {
        std::byte* dst = dst0 + static_cast<std::size_t>(row) * row_bytes;
        bool in = true;
        for (int d = 0; d < lead; ++d) {
            const auto du = static_cast<std::size_t>(d);
            const std::int64_t g = win_[du].start + r[du];
            in = in && g >= 0 && g < op_->shape[du];
        }
        if (!in) {
            std::memcpy(dst, fill_row_.data(), row_bytes);
            return;
        }
        std::memcpy(dst, fill_row_.data(), before);
        std::memcpy(dst + before, array_row(r) + static_cast<std::size_t>(last.clip_start) * esz_,
                    inside);
        std::memcpy(dst + before + inside, fill_row_.data(), row_bytes - before - inside);
    });
}

void BlockSlot::fill_in_place() {
    if (!interior_) return;
    const int lead = rank_ - 1;
    const DimWindow& last = win_[static_cast<std::size_t>(lead)];
    std::array<std::int64_t, kMaxRank> sizes{};
    for (int d = 0; d < lead; ++d)
        sizes[static_cast<std::size_t>(d)] = win_[static_cast<std::size_t>(d)].size;
    for_each_row(lead, sizes, [&](const std::array<std::int64_t, kMaxRank>& r, std::int64_t) {
        std::memcpy(array_row(r) + static_cast<std::size_t>(last.start) * esz_, fill_row_.data(),
                    fill_row_.size());
    });
}

void BlockSlot::write_back() {
    if (interior_ || oob_) return;
    const auto* src0 = static_cast<const std::byte*>(block_.raw());
    const std::size_t row_bytes = fill_row_.size();
    const int lead = rank_ - 1;
    const DimWindow& last = win_[static_cast<std::size_t>(lead)];
    const std::size_t before = static_cast<std::size_t>(last.clip_start - last.start) * esz_;
    const std::size_t inside = static_cast<std::size_t>(last.clip_size) * esz_;
    std::array<std::int64_t, kMaxRank> sizes{};
    for (int d = 0; d < lead; ++d)
        sizes[static_cast<std::size_t>(d)] = win_[static_cast<std::size_t>(d)].size;
    for_each_row(lead, sizes, [&](const std::array<std::int64_t, kMaxRank>& r, std::int64_t row) {
        for (int d = 0; d < lead; ++d) {
            const auto du = static_cast<std::size_t>(d);
            const std::int64_t g = win_[du].start + r[du];
            if (g < 0 || g >= op_->shape[du]) return;
        }
        std::memcpy(array_row(r) + static_cast<std::size_t>(last.clip_start) * esz_,
                    src0 + static_cast<std::size_t>(row) * row_bytes + before, inside);
    });
}

WriterRecord make_writer_record(const ResolvedOperand& op) {
    WriterRecord rec;
    rec.shape = op.shape;
    std::int64_t n = 1;
    for (const auto& b : op.block)
        rec.per_element = rec.per_element || b.kind == BlockDim::Kind::Element;
    for (int d = 0; d < op.rank(); ++d) {
        const auto& b = op.block[static_cast<std::size_t>(d)];
        const std::int64_t dim = op.shape[static_cast<std::size_t>(d)];
        const std::int64_t size = rec.per_element || b.kind != BlockDim::Kind::Blocked
                                      ? 1
                                      : std::max<std::int64_t>(b.size, 1);
        rec.cell_size.push_back(size);
        rec.cells.push_back((dim + size - 1) / size);
        n *= rec.cells.back();
    }
    rec.writer.assign(static_cast<std::size_t>(n), -1);
    return rec;
}

void record_write(WriterRecord& rec, const BlockSlot& slot, std::int32_t id) {
    if (slot.out_of_bounds()) return;
    const int rank = slot.rank();
    std::array<std::int64_t, kMaxRank> cstride{};
    std::int64_t s = 1;
    for (int d = rank - 1; d >= 0; --d) {
        cstride[static_cast<std::size_t>(d)] = s;
        s *= rec.cells[static_cast<std::size_t>(d)];
    }
    const auto& win = slot.windows();
    if (!rec.per_element) {
        // Blocked: the block index is the cell; squeezed: the element is.
        std::int64_t cell = 0;
        for (int d = 0; d < rank; ++d) {
            const auto du = static_cast<std::size_t>(d);
            cell += (win[du].clip_start / rec.cell_size[du]) * cstride[du];
        }
        rec.writer[static_cast<std::size_t>(cell)] = id;
        return;
    }
    const int lead = rank - 1;
    std::array<std::int64_t, kMaxRank> sizes{};
    for (int d = 0; d < lead; ++d)
        sizes[static_cast<std::size_t>(d)] = win[static_cast<std::size_t>(d)].clip_size;
    const DimWindow& last = win[static_cast<std::size_t>(lead)];
    for_each_row(lead, sizes, [&](const std::array<std::int64_t, kMaxRank>& r, std::int64_t) {
        std::int64_t off = last.clip_start;
        for (int d = 0; d < lead; ++d) {
            const auto du = static_cast<std::size_t>(d);
            off += (win[du].clip_start + r[du]) * cstride[du];
        }
        std::fill_n(rec.writer.begin() + off, last.clip_size, id);
    });
}

}  // namespace tl::interp

namespace tl {

std::int32_t WriterRecord::visit_at(std::int64_t linear) const {
    if (per_element) return writer[static_cast<std::size_t>(linear)];
    std::int64_t cell = 0, stride = 1, rest = linear;
    std::vector<std::int64_t> idx(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        idx[d] = rest % shape[d];
        rest /= shape[d];
    }
    for (std::size_t d = shape.size(); d-- > 0;) {
        cell += (idx[d] / cell_size[d]) * stride;
        stride *= cells[d];
    }
    return writer[static_cast<std::size_t>(cell)];
}

}  // namespace tl
