#pragma once
// What a kernel body sees for one program: a view of each operand's block (squeezed
// dimensions removed, last dimension contiguous) and the program id. Bodies run once per
// program through one virtual call; their inner loops are typed and dtype-dispatched once
// per block.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/base/diagnostic.h"
#include "core/interp/buffers.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl::interp {

constexpr int kMaxRank = 6;

struct BlockView {
    DType dtype = DType::Float32;
    std::byte* data = nullptr;  // element 0 of the block
    int rank = 0;               // after squeezing; 0 = one element
    std::array<std::int64_t, kMaxRank> shape{};
    std::array<std::int64_t, kMaxRank> stride{};  // elements; stride[rank-1] == 1
    // Per visible dim: the array index of block element 0 (may be negative or past the
    // array at the edges) and the array's size.
    std::array<std::int64_t, kMaxRank> origin{};
    std::array<std::int64_t, kMaxRank> extent{};
    // The view points into an input array, whose contents do not change during the run.
    bool stable = false;

    std::int64_t cols() const { return rank == 0 ? 1 : shape[static_cast<std::size_t>(rank - 1)]; }
    std::int64_t rows() const {
        std::int64_t r = 1;
        for (int d = 0; d + 1 < rank; ++d) r *= shape[static_cast<std::size_t>(d)];
        return r;
    }
    // Pointer to row r (row-major over the leading dims).
    template <class T>
    T* row(std::int64_t r) const {
        std::int64_t off = 0;
        for (int d = rank - 2; d >= 0; --d) {
            const auto du = static_cast<std::size_t>(d);
            off += (r % shape[du]) * stride[du];
            r /= shape[du];
        }
        return reinterpret_cast<T*>(data) + off;
    }
};

template <class T>
using RowMat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using MatMap = Eigen::Map<RowMat<T>, Eigen::Unaligned, Eigen::OuterStride<>>;

// A rank-2 view as an Eigen matrix (rank 1 as one row).
template <class T>
MatMap<T> as_matrix(const BlockView& v) {
    const std::int64_t r = v.rank == 2 ? v.shape[0] : 1;
    const std::int64_t c = v.cols();
    const std::int64_t s = v.rank == 2 ? v.stride[0] : c;
    return MatMap<T>(reinterpret_cast<T*>(v.data), r, c, Eigen::OuterStride<>(s));
}

struct ProgramContext {
    std::span<const std::int64_t> program_id;
    std::span<const std::int64_t> num_programs;
    std::span<const BlockView> inputs;
    std::span<const BlockView> outputs;  // writable blocks
};

class Body {
public:
    virtual ~Body() = default;
    virtual void run(const ProgramContext& ctx) = 0;
    // True when nothing the body keeps from earlier programs (scratch) can reach the program
    // at `program_id`: it starts afresh there. A run may then start a new stretch of programs
    // there with a new body (the parallel run in core/interp/grid_runner.cpp). The default
    // assumes state.
    virtual bool starts_afresh(std::span<const std::int64_t> program_id) const {
        (void)program_id;
        return false;
    }
};

// What a body factory knows before the first program.
struct BodySetup {
    const Instance* instance = nullptr;
    const Json* options = nullptr;
    std::vector<int> inputs, outputs;                 // operand indices, in kernel argument order
    Uninitialized scratch_fill = Uninitialized::Nan;  // what scratch buffers start as

    const ResolvedOperand& in(std::size_t i) const;
    const ResolvedOperand& out(std::size_t i) const;
};

// The block shape a body sees for `op` (squeezed dims removed).
std::vector<std::int64_t> visible_block_shape(const ResolvedOperand& op);

// The body named `name` for `setup`, or nullptr with errors naming the JSON path (kernel
// option, operand) and the fix.
std::unique_ptr<Body> make_body(const std::string& name, const BodySetup& setup,
                                Diagnostics& errors);

}  // namespace tl::interp
