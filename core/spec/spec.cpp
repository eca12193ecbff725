#include "core/spec/spec.h"

#include <cctype>

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

bool mentions_name(std::string_view text, std::string_view name) {
    const auto word = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    };
    for (auto at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
        const auto end = at + name.size();
        if ((at == 0 || !word(text[at - 1])) && (end == text.size() || !word(text[end])))
            return true;
    }
    return false;
}

}  // namespace tl
