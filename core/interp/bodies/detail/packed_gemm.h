#pragma once
// o += x . y on row-major float or double blocks through Eigen's own GEMM kernels, keeping
// the packed form of blocks that lie inside an input array. A tiled matmul reads every x
// block once per column block of o and every y block once per row block; packing each of
// them again on every program costs a tiled run about a third more than one large GEMM.
#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/interp/buffers.h"

namespace tl::interp {

template <class S>
class PackedGemm {
public:
    // o (m x n, row stride ldo) += x (m x k, row stride ldx) . y (k x n, row stride ldy).
    // cache_x / cache_y: the block's contents never change during the run (a view into an
    // input array), so its packed form may be kept under its address.
    void run(const S* x, std::int64_t ldx, bool cache_x, const S* y, std::int64_t ldy, bool cache_y,
             S* o, std::int64_t ldo, std::int64_t m, std::int64_t k, std::int64_t n);

    // Blocks up to this many elements per operand go through the packed path; larger ones
    // through Eigen's product, which blocks for the caches itself.
    static constexpr std::int64_t kMaxPackedElements = 256 * 256;

private:
    // Storage for the kept packed blocks, handed out from large chunks: a separate, zeroed
    // allocation per block made the page faults and memsets about a sixth of a tiled run.
    class Arena {
    public:
        S* take(std::size_t count);

    private:
        std::vector<Buffer> chunks_;
        std::size_t used_ = 0;  // elements of chunks_.back() handed out
    };
    using Packed = std::vector<S, Eigen::aligned_allocator<S>>;
    Arena arena_;
    std::unordered_map<const S*, const S*> xs_, ys_;
    Packed xtmp_, ytmp_;
};

extern template class PackedGemm<float>;
extern template class PackedGemm<double>;

}  // namespace tl::interp
