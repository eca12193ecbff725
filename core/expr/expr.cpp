// The public entry points: parse, check the lambda's shape against the grid and operand,
// compile. Errors from every stage arrive as one Failure and leave as an Error.
#include "core/expr/expr.h"

#include <exception>
#include <new>
#include <utility>

#include "core/expr/detail/compiler.h"

namespace tl::expr {
namespace {

using detail::Failure;
using detail::Node;
using detail::NodeKind;
using detail::Span;

constexpr int kMaxArity = 64;  // depends_on() has one bit per argument

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string names(const std::vector<std::string>& list) {
    std::string out;
    for (std::size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + list[i];
    return out;
}

// "3 grid indices, then 1 scalar-prefetch array (s)".
std::string expected_params(int grid_rank, const Env& env) {
    std::vector<std::string> arrays;
    for (const auto& entry : env.arrays) arrays.push_back(entry.name);
    std::string out = plural(static_cast<std::size_t>(grid_rank), "grid index", "grid indices");
    if (grid_rank == 0) out = "no grid indices";
    if (!arrays.empty())
        out += ", then " +
               plural(arrays.size(), "scalar-prefetch array", "scalar-prefetch arrays") + " (" +
               names(arrays) + ")";
    return out;
}

void check_params(const detail::SourceMap& map, const Node& lambda, int grid_rank, const Env& env) {
    const std::size_t expected = static_cast<std::size_t>(grid_rank) + env.arrays.size();
    const std::size_t got = lambda.params.size();
    if (got == expected || (lambda.star && got < expected)) return;
    std::vector<std::string> written;
    for (const auto& p : lambda.params) written.push_back(p.first);
    const std::string message = "wrong number of lambda parameters: the index map takes " +
                                plural(expected, "parameter", "parameters") + " (" +
                                expected_params(grid_rank, env) + "), but this lambda has " +
                                std::to_string(got) + (got ? " (" + names(written) + ")" : "");
    const Span where =
        got > expected ? detail::join(lambda.params[expected].second, lambda.params.back().second)
                       : lambda.op_span;
    throw Failure{map.error(where, message)};
}

void check_results(const detail::SourceMap& map, const detail::Ast& ast,
                   const std::vector<int>& results, Span body, int expected) {
    const std::size_t want = static_cast<std::size_t>(expected);
    if (expected < 0 || results.size() == want) return;
    const std::string message =
        "wrong number of results: the index map returns " +
        plural(results.size(), "value", "values") + ", but the operand has rank " +
        std::to_string(expected) + ", so it must return " +
        plural(want, "block index", "block indices") + " (one per dimension)";
    const Span where = results.size() > want
                           ? detail::join(ast.at(results[want]).span, ast.at(results.back()).span)
                           : body;
    throw Failure{map.error(where, message)};
}

// Runs one compile stage, turning every failure into an Error.
template <typename F>
std::variant<Compiled, Error> guarded(F&& stage) {
    try {
        return stage();
    } catch (const Failure& f) {
        return f.error;
    } catch (const std::bad_alloc&) {
        return Error{1, 1, 1, "out of memory while compiling the expression"};
    } catch (const std::exception& e) {
        return Error{1, 1, 1, std::string("internal error while compiling: ") + e.what()};
    }
}

}  // namespace

Compiled::Compiled() = default;
Compiled::~Compiled() = default;
Compiled::Compiled(const Compiled&) = default;
Compiled& Compiled::operator=(const Compiled&) = default;
Compiled::Compiled(Compiled&&) noexcept = default;
Compiled& Compiled::operator=(Compiled&&) noexcept = default;
Compiled::Compiled(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

int Compiled::arity() const {
    return impl_ ? impl_->arity : 0;
}

int Compiled::results() const {
    return impl_ ? static_cast<int>(impl_->result_registers.size()) : 0;
}

const std::vector<std::string>& Compiled::param_names() const {
    static const std::vector<std::string> kNone;
    return impl_ ? impl_->param_names : kNone;
}

bool Compiled::is_constant() const {
    if (!impl_) return true;
    for (std::uint64_t d : impl_->depends) {
        if (d) return false;
    }
    return true;
}

std::uint64_t Compiled::depends_on(int r) const {
    if (!impl_ || r < 0 || r >= results()) return 0;
    return impl_->depends[static_cast<std::size_t>(r)];
}

std::variant<Compiled, Error> compile_expression(std::string_view text, const Env& env) {
    return guarded([&]() -> std::variant<Compiled, Error> {
        const detail::SourceMap map(text);
        const detail::Ast ast = detail::parse(text, map);
        const Node& root = ast.at(ast.root);
        if (root.kind == NodeKind::Lambda)
            throw Failure{map.error({root.span.begin, root.span.begin + 6},
                                    "expected an expression, not a lambda")};
        if (root.kind == NodeKind::Tuple)
            throw Failure{map.error(root.span, "expected a single value, not a tuple")};
        const detail::Scope scope(env, {}, 0, false);
        return Compiled(detail::compile(ast, map, scope, {ast.root}));
    });
}

std::variant<Compiled, Error> compile_lambda(std::string_view text, const Env& env, int grid_rank,
                                             int result_count) {
    return guarded([&]() -> std::variant<Compiled, Error> {
        const detail::SourceMap map(text);
        const detail::Ast ast = detail::parse(text, map);
        const Node& root = ast.at(ast.root);
        if (root.kind != NodeKind::Lambda)
            throw Failure{map.error(root.span,
                                    "an index map must be a lambda, e.g. "
                                    "lambda i, j: (i, j)")};
        if (grid_rank < 0) throw Failure{map.error(root.op_span, "negative grid rank")};
        check_params(map, root, grid_rank, env);
        if (static_cast<std::size_t>(grid_rank) + env.arrays.size() > kMaxArity)
            throw Failure{map.error(root.op_span, "an index map takes at most " +
                                                      std::to_string(kMaxArity) + " parameters")};
        const int body = root.kids[0];
        const Node& b = ast.at(body);
        const std::vector<int> results = b.kind == NodeKind::Tuple ? b.kids : std::vector{body};
        check_results(map, ast, results, b.span, result_count);
        std::vector<std::string> params;
        for (const auto& p : root.params) params.push_back(p.first);
        // The variadic parameter's arguments have no name: nothing can refer to them.
        params.resize(static_cast<std::size_t>(grid_rank) + env.arrays.size());
        const detail::Scope scope(env, std::move(params), grid_rank, true, root.name);
        return Compiled(detail::compile(ast, map, scope, results));
    });
}

std::variant<std::int64_t, Error> evaluate(std::string_view text, const Env& env) {
    auto compiled = compile_expression(text, env);
    if (auto* e = std::get_if<Error>(&compiled)) return std::move(*e);
    std::int64_t value = 0;
    Error err;
    if (!std::get<Compiled>(compiled).eval(nullptr, &value, &err)) return err;
    return value;
}

}  // namespace tl::expr
