#pragma once
// One factory per body file; make_body (core/interp/bodies/registry.cpp) picks by name. Each
// validates its options and block shapes and returns nullptr after adding errors.
#include <memory>
#include <string>

#include "core/interp/bodies/detail/common.h"

namespace tl::interp {

std::unique_ptr<Body> make_elementwise(const std::string& name, const BodySetup& s,
                                       Diagnostics& errors);
std::unique_ptr<Body> make_transpose(const BodySetup& s, Diagnostics& errors);
std::unique_ptr<Body> make_matmul(const BodySetup& s, Diagnostics& errors);
std::unique_ptr<Body> make_rowsum(const BodySetup& s, Diagnostics& errors);
std::unique_ptr<Body> make_softmax(const BodySetup& s, Diagnostics& errors);
std::unique_ptr<Body> make_attention(const BodySetup& s, Diagnostics& errors);

// How many elements of a block of `block` elements starting at pid * block are inside an
// array dimension of `extent`: what a body's `pid * b + iota < n` mask keeps.
inline std::int64_t valid_in_block(std::int64_t pid, std::int64_t block, std::int64_t extent) {
    const std::int64_t left = extent - pid * block;
    return left < 0 ? 0 : (left > block ? block : left);
}

}  // namespace tl::interp
