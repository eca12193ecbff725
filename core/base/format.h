#pragma once
// Numbers for people, the same in the CLI, the reports and the charts. Every formatter keeps
// the sign of a negative value and writes a value that is not finite as "—".
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tl {

// 1.97e14, "FLOP/s" -> "197 TFLOP/s"; 2.5e9, "FLOP" -> "2.5 GFLOP". `digits` significant
// digits, trailing zeros dropped; values under 1 keep the plain unit (no milli prefixes):
// durations go through format_seconds.
std::string format_si(double v, std::string_view unit, int digits = 3);

// "16777216 bytes (16 MiB)": a byte count with a readable binary unit when it has one.
std::string format_bytes(std::int64_t bytes);

// "3 MiB", "384 KiB", "900 B": short enough for a table column.
std::string format_bytes_short(std::int64_t bytes);

// "1.12 ms", "850 ns", "2.50 s": three significant digits and the unit that fits.
std::string format_seconds(double s);

// format_seconds without trailing zeros, for axis ticks: "10 ms", "2.5 µs".
std::string format_seconds_short(double s);

// 0.027 -> "2.7%", 0.03 -> "3%", 0.0004 -> "0.04%".
std::string format_percent(double fraction);

// A value as a finding's message quotes it: six significant digits ("0.151286", "3.2e+07"),
// and, unlike the formatters above, "nan", "inf" and "-inf" spelled out: in a message about
// wrong values, a NaN is the news.
std::string format_value(double v);

// A long name shortened for a table column, at most `width` characters (UTF-8 "…" counts one):
// template and call arguments collapse to "<…>" and "(…)", then the rest is cut with "…".
// Names that fit are returned as they are.
std::string abbreviated(std::string_view name, std::size_t width);

// An element or program index, "2, 0, 1".
std::string format_index(const std::vector<std::int64_t>& index);

}  // namespace tl
