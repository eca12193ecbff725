#include <cmath>

#include <Eigen/Core>

#include "core/interp/reference/reference.h"

namespace tl::reference {

// o = softmax(q k^T / sqrt(D)) v over the whole arrays, the plain two-pass softmax.
Buffer attention(const Buffer& q, const Buffer& k, const Buffer& v, const ResolvedOperand& out) {
    using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    const auto qv = q.to_doubles(), kv = k.to_doubles(), vv = v.to_doubles();
    const Eigen::Map<const Mat> Q(qv.data(), q.shape()[0], q.shape()[1]);
    const Eigen::Map<const Mat> K(kv.data(), k.shape()[0], k.shape()[1]);
    const Eigen::Map<const Mat> V(vv.data(), v.shape()[0], v.shape()[1]);
    Mat s = (Q * K.transpose()) / std::sqrt(static_cast<double>(q.shape()[1]));
    for (Eigen::Index r = 0; r < s.rows(); ++r) {
        const double m = s.row(r).maxCoeff();
        s.row(r) = (s.row(r).array() - m).exp().matrix();
        s.row(r) /= s.row(r).sum();
    }
    const Mat o = s * V;
    Buffer b(DType::Float64, out.shape);
    for (std::int64_t i = 0; i < b.size(); ++i) b.set(i, o.data()[i]);
    return b;
}

}  // namespace tl::reference
