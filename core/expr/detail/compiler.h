#pragma once
// Turns a checked syntax tree into the register bytecode, folding every constant
// subexpression (params are constants) without ever raising an error the evaluation would
// not raise.
#include <memory>
#include <vector>

#include "core/expr/detail/ast.h"
#include "core/expr/detail/code.h"
#include "core/expr/detail/scope.h"

namespace tl::expr::detail {

// Compiles `results` (nodes of `ast`, one per returned value). Throws Failure on a static
// error: unknown names or functions, wrong argument counts, misplaced tuples, ...
std::shared_ptr<Compiled::Impl> compile(const Ast& ast, const SourceMap& map, const Scope& scope,
                                        const std::vector<int>& results);

}  // namespace tl::expr::detail
