#pragma once
// The kernel body the Pallas snippet writes for a spec's built-in body (docs/exports.md, "The
// kernel's body"): the Pallas code that does, block by block, what TileLens's interpreter does
// for that body and its options (K-tail masks, `pl.when` initialisation on the init axis,
// accumulation into the output block or an f32 scratch, the online softmax of attention).
// Where a body cannot be written faithfully the stub stays, with the reason as a comment.
#include <set>
#include <string>
#include <vector>

#include "core/base/dtype.h"
#include "core/spec/spec.h"

namespace tl {

// One operand as the body sees it; every size is Python over the snippet's module variables.
struct BodyOperand {
    std::string ref;  // the kernel's parameter name
    DType dtype = DType::Float32;
    std::vector<std::string> shape;  // the array's shape
    std::vector<std::string> block;  // the block the body sees: squeezed dimensions left out
    bool manual = false;             // memory space any/hbm: the whole array, copied by the body
};

// A spec scratch buffer the body may use as its accumulator.
struct BodyScratch {
    std::string ref;
    DType dtype = DType::Float32;
    std::vector<std::string> shape;
    bool vmem_buffer = false;  // a VMEM buffer, not a semaphore or SMEM
};

struct PallasBody {
    std::string code;  // the body's lines, indented by four spaces
    // Scratch buffers the body adds after the spec's own: (parameter name, scratch_shapes
    // entry such as `pltpu.VMEM((bm, 1), jnp.float32)`).
    std::vector<std::pair<std::string, std::string>> scratch;
};

struct BodyInput {
    const KernelSpec* kernel = nullptr;  // nullptr: the spec has no built-in body
    int grid_rank = 0;
    std::vector<BodyOperand> inputs, outputs;
    std::vector<BodyScratch> scratch;
};

// `jnp.float32`, `jnp.bool_`, ...
std::string python_dtype(DType d);

// The body for `in`. Local variables and added scratch get names not in `used` (the module's
// and the kernel's names), which are added to it.
PallasBody pallas_body(const BodyInput& in, std::set<std::string>& used);

}  // namespace tl
