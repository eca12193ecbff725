#include <Eigen/Core>

#include <algorithm>

#include "core/base/parallel_for.h"
#include "core/interp/reference/reference.h"

namespace tl::reference {

namespace {
template <class V>
using Mat = Eigen::Matrix<V, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The float64 product is computed in this many slabs of rows of x (of at least kMinSlabRows
// rows), whatever the number of threads, so that every thread count gives the same bits.
// Each slab packs all of y again, so there are few.
constexpr Eigen::Index kSlabs = 8, kMinSlabRows = 256;

template <class V>
Mat<V> whole(const Buffer& b, const std::vector<V>& values) {
    return Eigen::Map<const Mat<V>>(values.data(), b.shape()[0], b.shape()[1]);
}

Mat<double> whole_double(const Buffer& b) {
    Mat<double> m(b.shape()[0], b.shape()[1]);
    b.copy_to_doubles(m.data());
    return m;
}

// r = xd * yd, slab by slab on `threads` threads.
void product(const Mat<double>& xd, const Mat<double>& yd, double* r, int threads) {
    const Eigen::Index m = xd.rows();
    const Eigen::Index slab = std::max(kMinSlabRows, (m + kSlabs - 1) / kSlabs);
    Eigen::Map<Mat<double>> out(r, m, yd.cols());
    parallel_for((m + slab - 1) / slab, threads, [&](std::int64_t s) {
        const Eigen::Index r0 = s * slab, rows = std::min(slab, m - r0);
        out.middleRows(r0, rows).noalias() = xd.middleRows(r0, rows) * yd;
    });
}
}  // namespace

Buffer matmul(const Buffer& x, const Buffer& y, const ResolvedOperand& out, int threads) {
    if (integer_result({&x, &y}, out)) {
        const Mat<std::int64_t> r = whole(x, x.to_ints()) * whole(y, y.to_ints());
        Buffer b(out.dtype, out.shape);
        for (std::int64_t i = 0; i < b.size(); ++i) b.set_int(i, r.data()[i]);
        return b;
    }
    Mat<double> xd, yd;
    parallel_for(2, threads,
                 [&](std::int64_t i) { (i == 0 ? xd : yd) = whole_double(i == 0 ? x : y); });
    if (is_float(out.dtype)) {  // straight into the float64 result
        Buffer b(DType::Float64, out.shape);
        product(xd, yd, b.data<double>(), threads);
        return b;
    }
    Mat<double> r(xd.rows(), yd.cols());
    product(xd, yd, r.data(), threads);
    Buffer b(out.dtype, out.shape);
    for (std::int64_t i = 0; i < b.size(); ++i) b.set(i, r.data()[i]);
    return b;
}

}  // namespace tl::reference
