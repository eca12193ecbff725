#include "core/pyrun/recorded_spec.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>

#include "core/base/names.h"

namespace tl {
namespace {

// A name the spec format accepts for the kernel's parameter `name`: the expression
// language's reserved words and repeats get a trailing underscore.
std::string spec_name(std::string name, std::set<std::string>* used) {
    if (!is_identifier(name)) name = "operand";
    while (is_reserved_word(name) || used->count(name)) name += "_";
    used->insert(name);
    return name;
}

// The integer "line" of `j`, or 0: a float there (1e23) must not be converted to an int.
std::int64_t line_of(const Json& j) {
    return j.contains("line") && j["line"].is_number_integer() ? j["line"].get<std::int64_t>() : 0;
}

Json origin(const Json& call, const Json& entry) {
    Json o = Json::object();
    o["file"] = call.contains("file") && call["file"].is_string() ? call["file"] : Json("");
    o["line"] = entry.contains("line") && entry["line"].is_number_integer() ? line_of(entry)
                                                                            : line_of(call);
    return o;
}

Json operand_json(const Json& call, const Json& op, std::set<std::string>* used) {
    Json o = Json::object();
    o["name"] = spec_name(op.value("name", "operand"), used);
    o["role"] = op.value("role", "input");
    o["shape"] = op.value("shape", Json::array());
    o["dtype"] = op.value("dtype", "float32");
    if (op.contains("block_shape") && op["block_shape"].is_array())
        o["block_shape"] = op["block_shape"];
    if (op.contains("index_map") && op["index_map"].is_string()) o["index_map"] = op["index_map"];
    // Compared as JSON, not read as an int: the loader reports a buffer_count of the wrong type.
    if (op.contains("buffer_count") && op["buffer_count"] != 2)
        o["buffer_count"] = op["buffer_count"];
    const std::string memory = op.value("memory_space", "vmem");
    if (memory != "vmem") o["memory_space"] = memory;
    if (op.contains("alias_of") && op["alias_of"].is_string()) o["alias_of"] = op["alias_of"];
    if (op.value("revisit", "immediate") == "any") o["revisit"] = "any";
    // Tiles a recorded emit_pipeline streams the operand in; the spec loader validates them.
    if (op.contains("inner") && op["inner"].is_object()) o["inner"] = op["inner"];
    // An output the wrapper drops while returning others as they are is a throw-away buffer.
    if (op.value("role", "") == "output" && op.value("dropped", false)) o["discard"] = true;
    o["x-python"] = origin(call, op);
    return o;
}

Json scratch_json(const Json& sc, std::set<std::string>* used) {
    Json o = Json::object();
    o["name"] = spec_name(sc.value("name", "scratch"), used);
    if (sc.contains("semaphore") && sc["semaphore"].is_string()) {
        o["semaphore"] = sc["semaphore"];
        o["shape"] = sc.value("shape", Json::array());
        return o;
    }
    o["shape"] = sc.value("shape", Json::array());
    o["dtype"] = sc.value("dtype", "float32");
    o["memory_space"] = sc.value("memory_space", "vmem");
    return o;
}

Json prefetch_json(const Json& sp, std::set<std::string>* used) {
    Json o = Json::object();
    o["name"] = spec_name(sp.value("name", "table"), used);
    o["shape"] = sp.value("shape", Json::array());
    if (o["shape"].empty()) o["shape"] = Json::array({1});  // a 0-d table holds one value
    o["values"] = sp.value("values", Json::array());
    o["dtype"] = sp.value("dtype", "int32");
    return o;
}

// Adds a trailing `*name` parameter to a lambda that does not absorb extra arguments, so that
// it accepts the per-program tables appended after the kernel's own scalar-prefetch leaves.
std::string absorb_extra_args(const std::string& lambda, const std::string& name) {
    const auto colon = lambda.find(':');
    if (colon == std::string::npos) return lambda;
    const std::string params = lambda.substr(0, colon);
    if (params.find('*') != std::string::npos) return lambda;
    const bool none = params.find_first_not_of(" ", 6) == std::string::npos;  // "lambda"
    return params + (none ? " *" : ", *") + name + lambda.substr(colon);
}

// An index map that could not be traced arrives as a list of block indices per program;
// it becomes a scalar-prefetch table [grid..., rank] and a map that looks the block up.
void tabulate_untraced_maps(const Json& call, Json& doc, std::set<std::string>* used) {
    const Json grid = call.value("grid", Json::array());
    const auto& recorded = call.value("operands", Json::array());
    std::vector<std::size_t> untraced;
    for (std::size_t i = 0; i < recorded.size(); ++i)
        if (recorded[i].contains("index_map_table") && recorded[i]["index_map_table"].is_array())
            untraced.push_back(i);
    if (untraced.empty()) return;
    // doc is an ordered_json (a vector of keys): add the key before holding references into it.
    if (!doc.contains("scalar_prefetch")) doc["scalar_prefetch"] = Json::array();
    const std::size_t real_tables = doc["scalar_prefetch"].size();
    Json& ops = doc["operands"];
    for (auto& op : ops)
        if (op.contains("index_map"))
            op["index_map"] = absorb_extra_args(op["index_map"].get<std::string>(), "_tables");
    std::string axes, table_params;
    for (std::size_t a = 0; a < grid.size(); ++a) axes += "a" + std::to_string(a) + ", ";
    for (std::size_t t = 0; t < real_tables; ++t) table_params += "p" + std::to_string(t) + ", ";
    for (std::size_t k = 0; k < untraced.size(); ++k)
        table_params += "t" + std::to_string(k) + ", ";
    for (std::size_t k = 0; k < untraced.size(); ++k) {
        const Json& rows = recorded[untraced[k]]["index_map_table"];
        Json values = Json::array();
        std::size_t rank = 0;
        for (const auto& row : rows) {
            rank = row.size();
            for (const auto& v : row) values.push_back(v);
        }
        Json shape = grid;
        shape.push_back(std::max<std::size_t>(rank, 1));
        if (rank == 0) values = Json::array();
        Json& op = ops[untraced[k]];
        const std::string name = spec_name(op["name"].get<std::string>() + "_blocks", used);
        doc["scalar_prefetch"].push_back(
            Json{{"name", name}, {"shape", shape}, {"values", values}, {"dtype", "int32"}});
        std::string result;
        for (std::size_t r = 0; r < rank; ++r)
            result += (r ? ", t" : "t") + std::to_string(k) + "[" + axes + std::to_string(r) + "]";
        op["index_map"] = "lambda " + axes + table_params.substr(0, table_params.size() - 2) +
                          ": (" + result + (rank == 1 ? ",)" : ")");
        op["x-python"]["index_map"] = "tabulated per program (not traceable)";
    }
}

}  // namespace

Json recorded_spec_json(const Json& call, const Spec& base) {
    Json doc = Json::object();
    doc["tilelens"] = 2;
    doc["name"] = base.name;
    if (base.description) doc["description"] = *base.description;
    doc["grid"] = call.value("grid", Json::array());
    if (call.contains("dimension_semantics") && call["dimension_semantics"].is_array())
        doc["dimension_semantics"] = call["dimension_semantics"];
    std::set<std::string> used;
    Json tables = Json::array();
    for (const auto& sp : call.value("scalar_prefetch", Json::array()))
        tables.push_back(prefetch_json(sp, &used));
    if (!tables.empty()) doc["scalar_prefetch"] = std::move(tables);
    Json scratch = Json::array();
    for (const auto& sc : call.value("scratch", Json::array()))
        scratch.push_back(scratch_json(sc, &used));
    if (!scratch.empty()) doc["scratch"] = std::move(scratch);
    Json ops = Json::array();
    for (const auto& op : call.value("operands", Json::array()))
        ops.push_back(operand_json(call, op, &used));
    doc["operands"] = std::move(ops);
    tabulate_untraced_maps(call, doc, &used);
    if (base.target) doc["target"] = *base.target;
    doc["policy"] = Json{{"uninitialized", std::string(to_string(base.uninitialized))},
                         {"revisit", std::string(to_string(base.revisit))}};
    if (base.tolerance)
        doc["tolerance"] = Json{{"rtol", base.tolerance->rtol}, {"atol", base.tolerance->atol}};
    doc["seed"] = base.seed;
    doc["sweep"] = "off";
    Json overrides = base.target_overrides;
    if (call.contains("vmem_limit_bytes") && call["vmem_limit_bytes"].is_number_integer() &&
        !overrides.contains("vmem_limit_bytes"))
        overrides["vmem_limit_bytes"] = call["vmem_limit_bytes"];
    if (!overrides.empty()) doc["target_overrides"] = std::move(overrides);
    Json from = origin(call, Json::object());
    from["kernel"] = call.value("name", "");
    if (call.contains("backend") && call["backend"].is_string()) from["backend"] = call["backend"];
    doc["x-python"] = std::move(from);
    return doc;
}

LoadResult recorded_spec(const Json& call, const Spec& base) {
    // result.json comes from another process: a field of the wrong type is an error to show,
    // not an exception to escape (the JSON accessors throw on a wrong type or bad UTF-8).
    const auto field = [&call](const char* key) -> const Json* {
        const auto it = call.is_object() ? call.find(key) : call.end();
        return it == call.end() ? nullptr : &*it;
    };
    const Json* file = field("file");
    const Json* line = field("line");
    const std::string label =
        (file && file->is_string() ? file->get<std::string>() : std::string("kernel.py")) + ":" +
        std::to_string(line && line->is_number_integer() ? line->get<std::int64_t>() : 0) +
        " (recorded pallas_call)";
    LoadResult bad;
    if (!call.is_object()) {
        bad.errors.push_back(
            {label, "", 0, 0, "the runner's record of the call is not a JSON object"});
        return bad;
    }
    try {
        return load_spec(recorded_spec_json(call, base).dump(), label);
    } catch (const Json::exception& e) {
        bad.errors.push_back(
            {label, "", 0, 0,
             std::string("the runner's record of the call is malformed: ") + e.what()});
        return bad;
    }
}

}  // namespace tl
