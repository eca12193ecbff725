#include <Eigen/Core>

#include "core/interp/reference/reference.h"

namespace tl::reference {

namespace {
template <class V>
using Mat = Eigen::Matrix<V, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <class V>
Mat<V> whole(const Buffer& b, const std::vector<V>& values) {
    return Eigen::Map<const Mat<V>>(values.data(), b.shape()[0], b.shape()[1]);
}
}  // namespace

Buffer matmul(const Buffer& x, const Buffer& y, const ResolvedOperand& out) {
    if (integer_result({&x, &y}, out)) {
        const Mat<std::int64_t> r = whole(x, x.to_ints()) * whole(y, y.to_ints());
        Buffer b(out.dtype, out.shape);
        for (std::int64_t i = 0; i < b.size(); ++i) b.set_int(i, r.data()[i]);
        return b;
    }
    const Mat<double> r = whole(x, x.to_doubles()) * whole(y, y.to_doubles());
    Buffer b(is_float(out.dtype) ? DType::Float64 : out.dtype, out.shape);
    for (std::int64_t i = 0; i < b.size(); ++i) b.set(i, r.data()[i]);
    return b;
}

}  // namespace tl::reference
