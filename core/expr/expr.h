#pragma once
// The expression language of sizes, grid entries, block sizes and index maps
// (docs/spec-format.md, "Expressions"): parsed once into a compiled form, evaluated many times.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace tl::expr {

// An error inside one expression text; line and column are 1-based (the line is 1 unless
// the text spans lines). `length` is how many characters to underline.
struct Error {
    int line = 1;
    int column = 1;
    int length = 1;
    std::string message;
};

// A scalar-prefetch table: values row-major; `shape` empty means one dimension holding all
// values. A table of rank r is subscripted with r indices, t[i, j] or t[i][j].
struct Table {
    Table() = default;
    Table(std::string n, std::vector<std::int64_t> v, std::vector<std::int64_t> s = {})
        : name(std::move(n)), values(std::move(v)), shape(std::move(s)) {}

    std::string name;
    std::vector<std::int64_t> values;
    std::vector<std::int64_t> shape;

    int rank() const { return shape.empty() ? 1 : static_cast<int>(shape.size()); }
    std::int64_t extent(int dim) const {
        return shape.empty() ? static_cast<std::int64_t>(values.size())
                             : shape[static_cast<std::size_t>(dim)];
    }
};

// Names visible while compiling. Params are folded in as constants.
struct Env {
    const std::map<std::string, std::int64_t>* params = nullptr;
    // Scalar-prefetch tables by name, in spec order. In a lambda, the parameters after the
    // grid indices bind to these positionally (their names are the user's choice).
    std::vector<Table> arrays;
};

// A compiled expression or lambda. Immutable and cheap to evaluate; safe to share across
// threads.
class Compiled {
public:
    Compiled();
    ~Compiled();
    Compiled(const Compiled&);
    Compiled& operator=(const Compiled&);
    Compiled(Compiled&&) noexcept;
    Compiled& operator=(Compiled&&) noexcept;

    int arity() const;    // lambda parameters (0 for a plain expression)
    int results() const;  // values returned (1 for a plain expression)
    const std::vector<std::string>& param_names() const;  // the lambda's parameter names

    // Evaluates with `args[arity()]` into `out[results()]`. On a runtime error (division by
    // zero, overflow, subscript out of range) returns false and fills *err when given.
    bool eval(const std::int64_t* args, std::int64_t* out, Error* err = nullptr) const;

    // True when the value does not depend on any argument (e.g. a size expression).
    bool is_constant() const;
    // For a lambda: which arguments result r reads (bit a set = reads argument a).
    std::uint64_t depends_on(int r) const;

    struct Impl;

private:
    explicit Compiled(std::shared_ptr<const Impl> impl);
    std::shared_ptr<const Impl> impl_;
    friend std::variant<Compiled, Error> compile_expression(std::string_view, const Env&);
    friend std::variant<Compiled, Error> compile_lambda(std::string_view, const Env&, int, int);
};

// A plain expression over params, e.g. "cdiv(M, bm)".
std::variant<Compiled, Error> compile_expression(std::string_view text, const Env& env);

// "lambda i, j, k: (i, k)" taking `grid_rank` grid indices then one parameter per
// env.arrays entry, and returning `result_count` values (a 1-tuple may be written without
// parentheses or a trailing comma). A last parameter `*rest` absorbs the arguments the
// lambda does not name. Wrong counts are errors pointing at the offending part.
std::variant<Compiled, Error> compile_lambda(std::string_view text, const Env& env, int grid_rank,
                                             int result_count);

// Convenience: evaluate a constant expression now.
std::variant<std::int64_t, Error> evaluate(std::string_view text, const Env& env);

}  // namespace tl::expr
