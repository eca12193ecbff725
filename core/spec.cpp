#include "core/spec.h"

namespace tl {

Semantics Spec::semantics(std::size_t axis) const {
    if (dimension_semantics && axis < dimension_semantics->size())
        return (*dimension_semantics)[axis];
    return Semantics::Arbitrary;
}

std::string_view to_string(Role r) {
    return r == Role::Input ? "input" : "output";
}
std::string_view to_string(Semantics s) {
    return s == Semantics::Parallel ? "parallel" : "arbitrary";
}
std::string_view to_string(Uninitialized u) {
    switch (u) {
        case Uninitialized::Nan:
            return "nan";
        case Uninitialized::Zero:
            return "zero";
        case Uninitialized::Sentinel:
            return "sentinel";
    }
    return "nan";
}
std::string_view to_string(Revisit r) {
    return r == Revisit::Tpu ? "tpu" : "ideal";
}

}  // namespace tl
