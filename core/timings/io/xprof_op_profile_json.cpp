// XProf's op profile as the profiler serves it to its "HLO Op Profile" page: a tree of nodes
// (program, category, op, and the ops fused inside it), each with its metrics. The per-op
// table is the level under the categories: ops with an `xla` record that ran at least once
// (the members of a duplicates group one by one).
// Times are picoseconds; an op's share is its raw time over the root's, as the framework op
// stats give it (docs/timings.md).
#include <cmath>
#include <string>

#include "core/timings/io/importer.h"
#include "core/timings/io/json_input.h"

namespace tl {
namespace {

class XprofOpProfileImporter : public JsonDocumentImporter {
public:
    std::string_view format_id() const override { return "xprof-op-profile-json"; }
    std::string_view description() const override {
        return "XProf op profile JSON (the tree its HLO Op Profile page reads)";
    }
    bool supports(std::string_view, std::string_view head) const override {
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        return (has("\"byProgram\"") || has("\"byCategory\"")) && has("\"rawTime\"");
    }

protected:
    void read(const JsonDocument& doc, const ImportConfig& config,
              ImportResult& result) const override;
};

struct OpProfileReader {
    const ImportConfig& config;
    ImportResult& result;
    double root_ps = 0;
    int line = 1;

    void warn(const std::string& path, std::string message) {
        result.warnings.push_back(timing_warning(config, 0, std::move(message), path));
    }

    // An op node: one record when it ran; the ops fused inside it are not read.
    void op(const Json& node, const std::string& path) {
        const std::string name = json_text_or(node, "name", "");
        const Json& m = json_field(node, "metrics");
        const auto n = json_number(json_field(m, "occurrences"));
        const auto raw = json_number(json_field(m, "rawTime"));
        // Counts and times a record can hold (the cast below is then defined).
        if (!n || !raw || !(*n >= 0 && *n <= 1e15) || !std::isfinite(*raw) || *raw < 0 ||
            name.empty()) {
            warn(path, "op '" + name + "' has no occurrences or rawTime: skipped");
            return;
        }
        if (*n < 1 || *raw <= 0) return;  // compiled but not run in the profile
        TimingRecord r;
        r.line = line;
        r.label = name;
        r.kernel = name;
        r.n = static_cast<std::int64_t>(std::floor(*n));
        // The profile keeps each op's total; its average stands in for the median.
        r.mean_s = r.median_s = *raw * 1e-12 / *n;
        r.method = TimingMethod::DeviceProfiler;
        r.source = TimingSource::Measured;
        if (root_ps > 0) r.share = *raw / root_ps;
        add_record(result, std::move(r), config);
    }

    // Walks down to the nodes that carry an `xla` record: the ops under their category.
    void walk(const Json& node, const std::string& path, int depth) {
        const Json& children = json_field(node, "children");
        // "NAME and its duplicate(s)" groups identical ops under one node with their totals;
        // each op under it is its own record.
        const bool group = json_text_or(node, "name", "").ends_with(" and its duplicate(s)") &&
                           children.is_array() && !children.empty();
        if (json_field(node, "xla").is_object() && !group) {
            op(node, path);
            return;
        }
        if (!children.is_array() || depth > 8) return;
        for (std::size_t i = 0; i < children.size(); ++i)
            walk(children[i], path + ".children[" + std::to_string(i) + "]", depth + 1);
    }
};

void XprofOpProfileImporter::read(const JsonDocument& doc, const ImportConfig& config,
                                  ImportResult& result) const {
    // byProgram groups ops by program then category; byCategory by category alone.
    std::string key = "byProgram";
    if (!json_field(doc.root, key).is_object()) key = "byCategory";
    const Json& root = json_field(doc.root, key);
    if (!root.is_object()) {
        result.warnings.push_back(timing_warning(
            config, 0,
            "no byProgram or byCategory tree found: save the tool's data for the HLO Op Profile "
            "page"));
        result.complete = false;
        return;
    }
    OpProfileReader reader{config, result};
    reader.root_ps = json_number(json_field(json_field(root, "metrics"), "rawTime")).value_or(0);
    reader.walk(root, key, 0);
    if (!result.records.empty())
        result.warnings.push_back(timing_warning(config, 0, std::string(kXprofAverageNote)));
    else
        result.warnings.push_back(
            timing_warning(config, 0, "the op profile has no op that ran", key));
}

}  // namespace

std::unique_ptr<TimingImporter> make_xprof_op_profile_importer() {
    return std::make_unique<XprofOpProfileImporter>();
}

}  // namespace tl
