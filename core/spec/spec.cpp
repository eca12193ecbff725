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
    switch (s) {
        case Semantics::Parallel:
            return "parallel";
        case Semantics::Arbitrary:
            return "arbitrary";
        case Semantics::CoreParallel:
            return "core_parallel";
        case Semantics::SubcoreParallel:
            return "subcore_parallel";
    }
    return "arbitrary";
}
std::string_view to_string(MemorySpace m) {
    switch (m) {
        case MemorySpace::Vmem:
            return "vmem";
        case MemorySpace::Smem:
            return "smem";
        case MemorySpace::Any:
            return "any";
        case MemorySpace::Hbm:
            return "hbm";
    }
    return "vmem";
}
std::string_view to_string(InputData d) {
    switch (d) {
        case InputData::Random:
            return "random";
        case InputData::Zeros:
            return "zeros";
        case InputData::Ones:
            return "ones";
        case InputData::Iota:
            return "iota";
    }
    return "random";
}
std::string_view to_string(OutputRevisit r) {
    return r == OutputRevisit::Immediate ? "immediate" : "any";
}

namespace {

// Expression syntax format 1 does not know: lax.div/lax.rem, jnp.where, a variadic lambda.
bool uses_v2_syntax(std::string_view text) {
    if (mentions_name(text, "lax") || text.find("jnp.where") != std::string_view::npos) return true;
    const auto colon = text.find(':');
    return text.rfind("lambda", 0) == 0 && colon != std::string_view::npos &&
           text.substr(0, colon).find('*') != std::string_view::npos;
}

}  // namespace

int required_version(const Spec& spec) {
    const auto v2_semantics = [](Semantics s) {
        return s == Semantics::CoreParallel || s == Semantics::SubcoreParallel;
    };
    bool v2 = !spec.scratch.empty() || !spec.preconditions.empty() || spec.lesson.has_value() ||
              spec.python.has_value();
    if (spec.dimension_semantics)
        for (const auto s : *spec.dimension_semantics) v2 = v2 || v2_semantics(s);
    for (const auto& sp : spec.scalar_prefetch)
        v2 = v2 || !sp.shape.empty() || sp.dtype != DType::Int32;
    for (const auto& op : spec.operands) {
        v2 = v2 || op.memory_space || op.alias_of || op.discard ||
             op.revisit != OutputRevisit::Immediate || op.data != InputData::Random ||
             op.shape.empty() || op.shape.size() > 4 || dtype_needs_v2(op.dtype) ||
             op.inner.has_value() || (op.index_map && uses_v2_syntax(*op.index_map));
    }
    return v2 ? 2 : 1;
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

bool is_reserved_word(std::string_view s) {
    for (const auto r : {"cdiv", "min", "max", "abs", "pl", "jnp", "lax", "lambda", "and", "or",
                         "not", "if", "else"})
        if (s == r) return true;
    return false;
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
