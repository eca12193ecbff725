#pragma once
// Independent whole-array references for every body: computed from the whole input arrays
// in double (int64 for integer results), with no blocks and no code shared with the tiled
// path beyond the buffer type.
#include <string>
#include <vector>

#include "core/interp/buffers.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl::reference {

// The result for output `out`: a float64 buffer when `out` has a float dtype, else a buffer
// of out's dtype (int64 results wrapped to it). The shapes must already fit the body.
// `threads` may split the work; the result is the same for any number.
Buffer compute(const std::string& body, const Json& options,
               const std::vector<const Buffer*>& inputs, const ResolvedOperand& out,
               int threads = 1);

// One per body file.
Buffer elementwise(const std::string& body, const Json& options,
                   const std::vector<const Buffer*>& inputs, const ResolvedOperand& out);
Buffer transpose(const Buffer& x, const ResolvedOperand& out);
Buffer matmul(const Buffer& x, const Buffer& y, const ResolvedOperand& out, int threads);
Buffer rowsum(const Buffer& x, const ResolvedOperand& out);
Buffer softmax(const Buffer& x, const ResolvedOperand& out);
Buffer attention(const Buffer& q, const Buffer& k, const Buffer& v, const ResolvedOperand& out);

// True when the result is computed in integers: every input and the output are integer or
// bool.
bool integer_result(const std::vector<const Buffer*>& inputs, const ResolvedOperand& out);

}  // namespace tl::reference
