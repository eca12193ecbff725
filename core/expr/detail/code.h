#pragma once
// The compiled form: a register bytecode. Registers hold, in order, the arguments, the
// constants (params already folded in) and the temporaries; each instruction reads and
// writes registers by number, so evaluation never looks at the text again.
#include <cstdint>
#include <string>
#include <vector>

#include "core/expr/detail/ops.h"
#include "core/expr/expr.h"

namespace tl::expr::detail {

enum class Code : std::uint8_t {
    Mov,   // dst = a
    Neg,   // dst = -a
    Not,   // dst = a == 0
    Bool,  // dst = a != 0
    Abs,   // dst = abs(a)
    Add,   // dst = a + b, and so on
    Sub,
    Mul,
    FloorDiv,
    Mod,
    CDiv,
    Div,  // lax.div: truncating
    Rem,  // lax.rem: sign of the dividend
    Min,
    Max,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    FloorDivK,  // dst = a // divisors[b], a constant >= 2: cannot fail
    ModK,
    CDivK,
    Load,   // dst = arrays[b].values[a], bounds-checked
    Bound,  // dst = a when 0 <= a < bounds[b].extent: one subscript of a multi-dimensional table
    Jz,     // if a == 0 jump to instruction b
    Jnz,    // if a != 0 jump to instruction b
    Jmp,    // jump to instruction b
};

struct Instr {
    Code op = Code::Mov;
    std::uint16_t dst = 0;
    std::uint16_t a = 0;
    std::uint16_t b = 0;
};

// Where an instruction came from, for runtime errors.
struct Where {
    int line = 1;
    int column = 1;
    int length = 1;
};

struct Array {
    std::string name;
    std::vector<std::int64_t> values;
};

// One dimension of a multi-dimensional table, for the Bound instruction and its message.
struct Bound {
    int array = 0;
    int dim = 0;
    std::int64_t extent = 0;
};

}  // namespace tl::expr::detail

namespace tl::expr {

struct Compiled::Impl {
    int arity = 0;
    std::vector<std::string> param_names;
    std::vector<std::int64_t> constants;  // registers [arity, arity + constants.size())
    int register_count = 0;
    std::vector<detail::Instr> code;
    std::vector<detail::Where> where;  // one per instruction
    std::vector<std::uint16_t> result_registers;
    std::vector<std::uint64_t> depends;  // one per result
    std::vector<detail::Array> arrays;
    std::vector<detail::Divisor> divisors;
    std::vector<detail::Bound> bounds;
};

}  // namespace tl::expr
