// Uses Eigen's internal GEMM building blocks (gemm_pack_lhs, gemm_pack_rhs, gebp_kernel) the
// way general_matrix_matrix_product drives them, for one kc x mc x nc panel. These are stable
// across Eigen 3.x; on another major version the plain product is used instead.
#include "core/interp/bodies/detail/packed_gemm.h"

#include <algorithm>

#define TL_EIGEN_INTERNALS (EIGEN_WORLD_VERSION == 3 && EIGEN_MAJOR_VERSION >= 3)

namespace tl::interp {

namespace {
// Chunks this large are mapped as fresh (transparent huge) pages by Buffer.
constexpr std::size_t kChunkBytes = std::size_t{8} << 20;
constexpr std::size_t kAlignBytes = 64;
}  // namespace

template <class S>
S* PackedGemm<S>::Arena::take(std::size_t count) {
    constexpr std::size_t align = kAlignBytes / sizeof(S);
    const std::size_t need = (count + align - 1) / align * align;
    const std::size_t capacity =
        chunks_.empty() ? 0 : static_cast<std::size_t>(chunks_.back().size()) / sizeof(S);
    if (used_ + need > capacity) {
        const std::size_t bytes = std::max(kChunkBytes, need * sizeof(S));
        chunks_.emplace_back(DType::UInt8,
                             std::vector<std::int64_t>{static_cast<std::int64_t>(bytes)});
        used_ = 0;
    }
    S* p = static_cast<S*>(chunks_.back().raw()) + used_;
    used_ += need;
    return p;
}

template <class S>
void PackedGemm<S>::run(const S* x, std::int64_t ldx, bool cache_x, const S* y, std::int64_t ldy,
                        bool cache_y, S* o, std::int64_t ldo, std::int64_t m, std::int64_t k,
                        std::int64_t n) {
    using Index = Eigen::Index;
#if TL_EIGEN_INTERNALS
    if (m * k <= kMaxPackedElements && k * n <= kMaxPackedElements) {
        using namespace Eigen::internal;
        using Traits = gebp_traits<S, S>;
        using Mapper = const_blas_data_mapper<S, Index, Eigen::ColMajor>;
        using ResMapper = blas_data_mapper<S, Index, Eigen::ColMajor, Eigen::Unaligned, 1>;
        gemm_pack_lhs<S, Index, Mapper, Traits::mr, Traits::LhsProgress,
                      typename Traits::LhsPacket4Packing, Eigen::ColMajor>
            pack_lhs;
        gemm_pack_rhs<S, Index, Mapper, Traits::nr, Eigen::ColMajor> pack_rhs;
        gebp_kernel<S, S, Index, ResMapper, Traits::mr, Traits::nr, false, false> gebp;

        // Column-major, as Eigen computes a row-major product: o^T (n x m) += y^T (n x k) .
        // x^T (k x m), each viewed in place with its row stride as leading dimension.
        const auto packed = [this](std::unordered_map<const S*, const S*>& cache, Packed& tmp,
                                   const S* key, bool keep, std::size_t size,
                                   auto&& pack) -> const S* {
            if (!keep) {
                tmp.resize(size);
                pack(tmp.data());
                return tmp.data();
            }
            auto [it, fresh] = cache.try_emplace(key, nullptr);
            if (fresh) {
                S* dst = arena_.take(size);
                pack(dst);
                it->second = dst;
            }
            return it->second;
        };
        const S* a = packed(ys_, ytmp_, y, cache_y, static_cast<std::size_t>(n * k),
                            [&](S* dst) { pack_lhs(dst, Mapper(y, ldy), k, n); });
        const S* b = packed(xs_, xtmp_, x, cache_x, static_cast<std::size_t>(k * m),
                            [&](S* dst) { pack_rhs(dst, Mapper(x, ldx), k, m); });
        gebp(ResMapper(o, ldo), a, b, n, k, m, S(1));
        return;
    }
#endif
    (void)cache_x;
    (void)cache_y;
    using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    using CMap = Eigen::Map<const Mat, Eigen::Unaligned, Eigen::OuterStride<>>;
    using OMap = Eigen::Map<Mat, Eigen::Unaligned, Eigen::OuterStride<>>;
    OMap(o, m, n, Eigen::OuterStride<>(ldo)).noalias() +=
        CMap(x, m, k, Eigen::OuterStride<>(ldx)) * CMap(y, k, n, Eigen::OuterStride<>(ldy));
}

template class PackedGemm<float>;
template class PackedGemm<double>;

}  // namespace tl::interp
