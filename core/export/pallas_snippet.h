#pragma once
// A spec as the Pallas code a user pastes into a kernel file (docs/exports.md): the imports,
// the params as Python variables, the kernel with its refs and, for a built-in body, the body
// TileLens's interpreter runs (core/export/pallas_bodies.h), the wrapper that calls
// `pl.pallas_call` with the grid, BlockSpecs, out_shape, compiler params, aliases, scratch
// and scalar prefetch, and a `main()` that calls it on arrays of the spec's shapes.
// Names are checked identifiers (renamed with a trailing `_` where Python or the snippet
// needs the name), expressions are printed from their syntax tree, and free text goes in
// only as comments stripped of line breaks: nothing from the spec runs as written.
#include <string>
#include <vector>

#include "core/spec/spec.h"

namespace tl {

struct PallasSnippet {
    std::string code;      // the Python source; empty when `errors` is not
    std::string function;  // the wrapper that calls pl.pallas_call
    std::string kernel;    // the kernel function
    // The wrapper's parameters, in order: the scalar-prefetch tables, then the inputs.
    std::vector<std::string> arguments;
    std::vector<std::string> errors;  // "operands[0].name: ..." when the spec cannot be written
};

// The snippet for `spec` (a spec with grid and operands; a `python` spec is refused: its
// code is the file it names).
PallasSnippet pallas_snippet(const Spec& spec);

// `text` as '#' comment lines of at most `width` characters: line breaks and other control
// characters become spaces, bytes that are not UTF-8 become '?'.
std::string python_comment(std::string_view text, std::size_t width = 92,
                           std::string_view indent = "");

}  // namespace tl
