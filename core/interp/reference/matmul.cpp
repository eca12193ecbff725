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

Mat<double> whole_double(const Buffer& b) {
    Mat<double> m(b.shape()[0], b.shape()[1]);
    b.copy_to_doubles(m.data());
    return m;
}
}  // namespace

Buffer matmul(const Buffer& x, const Buffer& y, const ResolvedOperand& out) {
    if (integer_result({&x, &y}, out)) {
        const Mat<std::int64_t> r = whole(x, x.to_ints()) * whole(y, y.to_ints());
        Buffer b(out.dtype, out.shape);
        for (std::int64_t i = 0; i < b.size(); ++i) b.set_int(i, r.data()[i]);
        return b;
    }
    const Mat<double> xd = whole_double(x), yd = whole_double(y);
    if (is_float(out.dtype)) {  // straight into the float64 result
        Buffer b(DType::Float64, out.shape);
        Eigen::Map<Mat<double>>(b.data<double>(), xd.rows(), yd.cols()).noalias() = xd * yd;
        return b;
    }
    const Mat<double> r = xd * yd;
    Buffer b(out.dtype, out.shape);
    for (std::int64_t i = 0; i < b.size(); ++i) b.set(i, r.data()[i]);
    return b;
}

}  // namespace tl::reference
