#include "core/interp/detail/zero_unread.h"

#include <algorithm>
#include <cstring>

#include "core/analysis/analysis.h"

namespace tl::interp {
namespace {

// The cell of the block partition that holds each index, per dimension.
std::vector<std::vector<std::int64_t>> cell_of_index(const Coverage& cov,
                                                     const std::vector<std::int64_t>& shape) {
    std::vector<std::vector<std::int64_t>> out(shape.size());
    for (std::size_t d = 0; d < shape.size(); ++d) {
        const auto& breaks = cov.breaks[d];
        out[d].resize(static_cast<std::size_t>(shape[d]));
        for (std::int64_t i = 0; i < shape[d]; ++i) {
            const auto it = std::upper_bound(breaks.begin(), breaks.end(), i);
            out[d][static_cast<std::size_t>(i)] = (it - breaks.begin()) - 1;
        }
    }
    return out;
}

void zero_unread(const Coverage& cov, Buffer& buf) {
    const auto& shape = buf.shape();
    const auto cells = cell_of_index(cov, shape);
    std::vector<std::int64_t> cells_per_dim(shape.size());
    for (std::size_t d = 0; d < shape.size(); ++d)
        cells_per_dim[d] = static_cast<std::int64_t>(cov.breaks[d].size()) - 1;
    const std::size_t esz = buf.elem_bytes();
    auto* bytes = static_cast<std::byte*>(buf.raw());
    std::vector<std::int64_t> idx(shape.size(), 0);
    for (std::int64_t e = 0; e < buf.size(); ++e) {
        std::int64_t cell = 0;
        for (std::size_t d = 0; d < shape.size(); ++d)
            cell = cell * cells_per_dim[d] + cells[d][static_cast<std::size_t>(idx[d])];
        if (cov.counts[static_cast<std::size_t>(cell)] == 0)
            std::memset(bytes + static_cast<std::size_t>(e) * esz, 0, esz);
        for (std::size_t d = shape.size(); d-- > 0;) {  // next index, row-major
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
}

}  // namespace

void zero_unread_inputs(const Instance& inst, const std::vector<int>& input_operands,
                        std::vector<Buffer>& inputs) {
    const bool any = std::any_of(input_operands.begin(), input_operands.end(), [&](int i) {
        return inst.operands[static_cast<std::size_t>(i)].zero_unread;
    });
    if (!any) return;
    const Analysis a = analyse(inst);
    for (std::size_t k = 0; k < input_operands.size(); ++k)
        if (inst.operands[static_cast<std::size_t>(input_operands[k])].zero_unread)
            zero_unread(a.coverage(input_operands[k]), inputs[k]);
}

}  // namespace tl::interp
