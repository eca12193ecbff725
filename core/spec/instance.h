#pragma once
// A spec with every expression evaluated for one set of params: concrete shapes, grid,
// block sizes and compiled index maps. What analysis, contract checks and the interpreter use.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/base/limits.h"
#include "core/expr/expr.h"
#include "core/spec/spec.h"

namespace tl {

struct ResolvedBlockDim {
    BlockDim::Kind kind = BlockDim::Kind::Blocked;
    std::int64_t size = 1;  // elements the block spans on this dimension (1 when squeezed)
    std::int64_t pad_lo = 0;
    std::int64_t pad_hi = 0;
};

// An operand's inner tiling at concrete sizes (docs/spec-format.md, "inner").
struct ResolvedInner {
    std::vector<std::int64_t> tile;  // one per block dimension (the block's size where whole)
    int buffers = 0;                 // 0: the block is held whole; n: streamed through n tiles
    bool streamed() const { return buffers > 0; }
};

struct ResolvedOperand {
    std::string name;
    Role role = Role::Input;
    DType dtype = DType::Float32;
    std::vector<std::int64_t> shape;
    std::vector<ResolvedBlockDim> block;      // one per dimension (whole array when unspecified)
    std::optional<expr::Compiled> index_map;  // nullopt = all zeros
    int buffer_count = 2;
    bool zero_unread = false;  // inputs: generated data is zero where no program reads
    MemorySpace memory_space = MemorySpace::Vmem;
    int alias_of = -1;  // outputs: the operand index of the input whose buffer this shares
    bool discard = false;
    OutputRevisit revisit = OutputRevisit::Immediate;
    InputData data = InputData::Random;
    std::optional<ResolvedInner> inner;

    int rank() const { return static_cast<int>(shape.size()); }
    std::int64_t elements() const;        // product of shape
    std::int64_t block_elements() const;  // product of block sizes
    std::int64_t block_bytes() const { return dtype_storage_bytes(dtype, block_elements()); }
    // The size the body computes on along dimension d: the inner tile's, else the block's.
    std::int64_t compute_size(int d) const;
    std::int64_t tile_elements() const;  // product of compute sizes
    std::int64_t tile_bytes() const { return dtype_storage_bytes(dtype, tile_elements()); }
    std::int64_t inner_steps() const;  // tiles per block, 1 without an inner tiling
    // Streamed through inner tiles: `buffers` tiles on chip instead of the block.
    bool streamed() const { return inner && inner->streamed(); }
    // Moved by the kernel itself (memory_space any/hbm): no blocks, no automatic copies.
    bool manual() const { return is_manual(memory_space); }
};

// A scratch buffer with its shape evaluated.
struct ResolvedScratch {
    std::string name;
    std::vector<std::int64_t> shape;
    DType dtype = DType::Float32;
    MemorySpace memory_space = MemorySpace::Vmem;
    ScratchSpec::Semaphore semaphore = ScratchSpec::Semaphore::None;

    std::int64_t elements() const;
    // Bytes in its memory space (0 for semaphores, which live in their own registers).
    std::int64_t bytes() const;
};

// Only the interpreter holds whole arrays (it has its own memory limit), so the element
// bound is far past any device's memory: it keeps byte and FLOP counts inside 64 bits.
// The defaults are the values in force (core/base/limits.h, docs/bad-input.md).
struct Limits {
    std::int64_t max_elements = limit(LimitId::Elements);  // all operands together
    std::int64_t max_programs = limit(LimitId::Programs);
    std::int64_t max_block_elements = limit(LimitId::BlockElements);  // one block, or whole array
};

struct Instance {
    std::map<std::string, std::int64_t> params;       // after overrides
    std::vector<std::int64_t> grid;                   // [] = one program
    std::vector<Semantics> semantics;                 // one per grid axis
    std::vector<std::vector<std::int64_t>> prefetch;  // values, row-major
    std::vector<expr::Table> tables;                  // the same tables with names and shapes
    std::vector<DType> prefetch_dtypes;
    std::vector<ResolvedOperand> operands;
    std::vector<ResolvedScratch> scratch;

    int grid_rank() const { return static_cast<int>(grid.size()); }
    std::int64_t programs() const;  // product of grid (1 for [])
    // Grid coordinate of the program at position `linear` in iteration order (last axis fastest).
    void unravel(std::int64_t linear, std::int64_t* coord) const;
    std::int64_t ravel(const std::int64_t* coord) const;
};

struct ResolveResult {
    std::optional<Instance> instance;
    Diagnostics errors;  // JSON paths as in the spec file; expression columns filled
};

// Evaluates every expression of `spec` with `overrides` replacing (or adding) params.
// Refuses, before allocating, any instance past `limits`.
ResolveResult resolve(const Spec& spec, const std::map<std::string, std::int64_t>& overrides = {},
                      const Limits& limits = {});

// The first of spec.preconditions that `params` do not satisfy (or cannot evaluate), if any.
std::optional<std::string> unmet_requirement(const Spec& spec,
                                             const std::map<std::string, std::int64_t>& params);

// The names of the grid axes as the index maps call them: the first lambda with at least
// grid_rank parameters gives them; axes left unnamed are "a0", "a1", ...
std::vector<std::string> grid_axis_names(const Instance& inst);

}  // namespace tl
