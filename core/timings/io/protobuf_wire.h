#pragma once
// A bounds-checked reader of the protobuf wire format (docs/timings.md, "Formats", the XProf
// XSpace): fields one at a time from bytes in memory, never reading past their end. Malformed
// input stops the reading with one error that names the byte offset; nothing is allocated on
// the word of a declared length.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tl::pb {

// Messages inside messages deeper than this are refused (the XSpace needs five levels).
inline constexpr int kMaxNesting = 32;

enum class WireType : std::uint8_t { Varint = 0, Fixed64 = 1, Bytes = 2, Fixed32 = 5 };

struct WireField {
    std::uint32_t number = 0;
    WireType type = WireType::Varint;
    std::uint64_t value = 0;       // a varint, or the bits of a fixed 64- or 32-bit value
    std::string_view bytes;        // a length-delimited field's contents (a view into the input)
    std::size_t offset = 0;        // of the field's tag, from the start of the outermost input
    std::size_t bytes_offset = 0;  // of `bytes`, from the same start

    std::int64_t as_int64() const { return static_cast<std::int64_t>(value); }
    double as_double() const;  // a Fixed64 field's bits as an IEEE double
};

// The first error met; shared by a reader and the readers of its nested messages.
struct WireStatus {
    std::string error;  // empty while all is well; ends with "at byte N"
    std::size_t offset = 0;
    bool ok() const { return error.empty(); }
    void fail(std::size_t at, const std::string& what);  // keeps the first error only
};

class WireReader {
public:
    // `base`: the offset of `data` in the outermost input, for messages.
    WireReader(std::string_view data, WireStatus& status, std::size_t base = 0, int depth = 0)
        : data_(data), status_(&status), base_(base), depth_(depth) {}

    // The next field into `f`; false at the end of the data or at the first error (then the
    // status says what and where). Unknown fields are read like any other, so the caller
    // skips them by ignoring them. Groups (wire types 3 and 4) are refused as malformed.
    bool next(WireField& f);

    // A reader over a length-delimited field's contents as a message one level deeper;
    // nullopt past kMaxNesting (the status says so).
    std::optional<WireReader> nested(const WireField& f) const;

    bool at_end() const { return pos_ >= data_.size(); }
    std::size_t offset() const { return base_ + pos_; }  // of the next unread byte
    int depth() const { return depth_; }

private:
    bool varint(std::uint64_t& v);

    std::string_view data_;
    WireStatus* status_;
    std::size_t base_ = 0;
    std::size_t pos_ = 0;
    int depth_ = 0;
};

// Decodes a varint at data[pos]: false when the data ends inside it or it runs past ten
// bytes or 64 bits; `pos` then stays where it was.
bool read_varint(std::string_view data, std::size_t& pos, std::uint64_t& v);

}  // namespace tl::pb
