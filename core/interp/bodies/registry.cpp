#include "core/interp/bodies/detail/factories.h"
#include "core/spec/body_catalog.h"

namespace tl::interp {

std::unique_ptr<Body> make_body(const std::string& name, const BodySetup& s, Diagnostics& errors) {
    const KernelBody* known = find_kernel_body(name);
    if (!known) {
        errors.push_back({"", "kernel.body", 0, 0,
                          "unknown body '" + name + "'; known: " + known_kernel_bodies()});
        return nullptr;
    }
    if (static_cast<int>(s.inputs.size()) != known->inputs ||
        static_cast<int>(s.outputs.size()) != known->outputs) {
        errors.push_back({"", "operands", 0, 0,
                          "the " + name + " body takes " + std::to_string(known->inputs) +
                              " input(s) and " + std::to_string(known->outputs) + " output(s) (" +
                              std::string(known->operands) + "), but the spec has " +
                              std::to_string(s.inputs.size()) + " and " +
                              std::to_string(s.outputs.size())});
        return nullptr;
    }
    if (!check_signature(name, s, errors)) return nullptr;
    if (name == "transpose") return make_transpose(s, errors);
    if (name == "matmul") return make_matmul(s, errors);
    if (name == "rowsum") return make_rowsum(s, errors);
    if (name == "softmax") return make_softmax(s, errors);
    if (name == "attention") return make_attention(s, errors);
    return make_elementwise(name, s, errors);
}

}  // namespace tl::interp
