// merge_stretch: a later stretch of a parallel run folded into the earlier ones.
#include <cstring>

#include "core/interp/detail/parallel_grid.h"

namespace tl::interp {

namespace {

// Copies from `src` into `dst` the elements of the cells that `rec` marks as written.
void copy_written(Buffer& dst, const Buffer& src, const WriterRecord& rec) {
    const auto& shape = dst.shape();
    const std::size_t lead = shape.size() - 1;
    const std::int64_t cols = shape.back();
    if (dst.size() == 0 || cols == 0) return;
    const std::int64_t rows = dst.size() / cols;
    const std::int64_t last_cells = rec.cells.back(), cell_cols = rec.cell_size.back();
    const std::size_t esz = dst.elem_bytes();
    auto* out = static_cast<std::byte*>(dst.raw());
    const auto* in = static_cast<const std::byte*>(src.raw());
    std::vector<std::int64_t> idx(lead, 0);  // the row's index over the leading dims
    for (std::int64_t row = 0; row < rows; ++row) {
        std::int64_t cell = 0;
        for (std::size_t d = 0; d < lead; ++d)
            cell = cell * rec.cells[d] + idx[d] / rec.cell_size[d];
        const std::int32_t* w = rec.writer.data() + cell * last_cells;
        for (std::int64_t c = 0; c < last_cells;) {
            if (w[c] < 0) {
                ++c;
                continue;
            }
            std::int64_t e = c;
            while (e < last_cells && w[e] >= 0) ++e;
            const std::int64_t from = row * cols + c * cell_cols;
            const std::int64_t to = row * cols + std::min(cols, e * cell_cols);
            std::memcpy(out + static_cast<std::size_t>(from) * esz,
                        in + static_cast<std::size_t>(from) * esz,
                        static_cast<std::size_t>(to - from) * esz);
            c = e;
        }
        for (std::size_t d = lead; d-- > 0;) {
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
}

}  // namespace

void merge_stretch(GridRun& into, const GridRun& later) {
    for (std::size_t i = 0; i < into.read_padding.size(); ++i)
        if (later.read_padding[i]) into.read_padding[i] = true;
    for (std::size_t o = 0; o < into.outputs.size(); ++o) {
        WriterRecord& rec = into.writers[o];
        const WriterRecord& add = later.writers[o];
        const auto offset = static_cast<std::int32_t>(rec.visits.size());
        rec.visits.insert(rec.visits.end(), add.visits.begin(), add.visits.end());
        for (std::size_t c = 0; c < rec.writer.size(); ++c)
            if (add.writer[c] >= 0) rec.writer[c] = add.writer[c] + offset;
        copy_written(into.outputs[o], later.outputs[o], add);
    }
}

}  // namespace tl::interp
