#pragma once
// Expressions printed as the Python a Pallas kernel file holds (docs/exports.md): sizes over
// module-level ints, index maps as lambdas over traced program ids and scalar-prefetch refs.
// Printed from the parsed syntax tree, never copied from the spec's text; every name that
// reaches the output is one the caller chose or a lambda parameter made safe here.
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/expr/python.h"

namespace tl::py {

// The names a printed expression may use: `params` maps each spec param to its Python
// variable; `taken` are module-level names a lambda parameter must not shadow (jnp, pl, the
// param variables, ...).
struct PallasNames {
    std::map<std::string, std::string> params;
    std::set<std::string> taken;
};

// A size (grid entry, shape or block dimension) as Python over ints: `pl.cdiv(M, bm)`,
// `min(a, b)`, comparisons and logic as `int(...)` so that they give 0 or 1.
Printed pallas_size(const SizeText& size, const PallasNames& names);

// An index map as a Pallas lambda taking `grid_rank` program ids, then one ref per table of
// `tables` (the spec's scalar-prefetch names, in order): `jnp.minimum`, `jnp.where`,
// `jnp.logical_and`, `jax.lax.div`, `pl.cdiv` and table subscripts `t[i, j]`, which work on
// traced values. A table the map reads by its spec name gets a parameter of that name.
Printed pallas_index_map(std::string_view text, int grid_rank,
                         const std::vector<std::string>& tables, const PallasNames& names);

}  // namespace tl::py
