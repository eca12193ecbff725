#include "core/timings/io/protobuf_wire.h"

#include <cstring>

namespace tl::pb {

double WireField::as_double() const {
    double d = 0;
    static_assert(sizeof d == sizeof value);
    std::memcpy(&d, &value, sizeof d);
    return d;
}

void WireStatus::fail(std::size_t at, const std::string& what) {
    if (!ok()) return;
    offset = at;
    error = what + " at byte " + std::to_string(at);
}

bool read_varint(std::string_view data, std::size_t& pos, std::uint64_t& v) {
    std::uint64_t result = 0;
    for (std::size_t i = 0; i < 10; ++i) {
        if (pos + i >= data.size()) return false;
        const auto byte = static_cast<unsigned char>(data[pos + i]);
        // The tenth byte holds the 64th bit only.
        if (i == 9 && byte > 1) return false;
        result |= std::uint64_t{byte & 0x7fu} << (7 * i);
        if ((byte & 0x80u) == 0) {
            pos += i + 1;
            v = result;
            return true;
        }
    }
    return false;
}

bool WireReader::varint(std::uint64_t& v) {
    if (read_varint(data_, pos_, v)) return true;
    // Cut short when the data ends before ten bytes without a last byte (high bit clear).
    bool cut = true;
    for (std::size_t i = pos_; i < data_.size() && i < pos_ + 10; ++i)
        if ((static_cast<unsigned char>(data_[i]) & 0x80u) == 0 || i + 1 == pos_ + 10) cut = false;
    status_->fail(offset(), cut ? "a varint cut short by the end of its message"
                                : "a varint longer than 64 bits");
    return false;
}

bool WireReader::next(WireField& f) {
    if (!status_->ok() || at_end()) return false;
    f = WireField{};
    f.offset = offset();
    std::uint64_t tag = 0;
    if (!varint(tag)) return false;
    const std::uint64_t number = tag >> 3;
    if (number == 0 || number > 0x1fffffff) {
        status_->fail(f.offset, "a field number of " + std::to_string(number) +
                                    " (not 1 to 536870911): not protobuf data, or damaged");
        return false;
    }
    f.number = static_cast<std::uint32_t>(number);
    const auto fixed = [&](std::size_t n) {
        if (data_.size() - pos_ < n) {
            status_->fail(offset(), "a " + std::to_string(8 * n) +
                                        "-bit value cut short by the end of its message");
            return false;
        }
        f.value = 0;
        for (std::size_t i = 0; i < n; ++i)
            f.value |= std::uint64_t{static_cast<unsigned char>(data_[pos_ + i])} << (8 * i);
        pos_ += n;
        return true;
    };
    switch (tag & 7) {
        case 0:
            f.type = WireType::Varint;
            return varint(f.value);
        case 1:
            f.type = WireType::Fixed64;
            return fixed(8);
        case 5:
            f.type = WireType::Fixed32;
            return fixed(4);
        case 2: {
            f.type = WireType::Bytes;
            const std::size_t length_at = offset();
            std::uint64_t length = 0;
            if (!varint(length)) return false;
            const std::size_t rest = data_.size() - pos_;
            // Compared before any use: a declared length is never trusted.
            if (length > rest) {
                status_->fail(length_at, "a field of " + std::to_string(length) + " bytes where " +
                                             std::to_string(rest) +
                                             " remain in its message (truncated or damaged)");
                return false;
            }
            f.bytes_offset = offset();
            f.bytes = data_.substr(pos_, static_cast<std::size_t>(length));
            pos_ += static_cast<std::size_t>(length);
            return true;
        }
        default: {
            const auto type = static_cast<int>(tag & 7);
            status_->fail(f.offset, type == 3 || type == 4
                                        ? "a group (wire type " + std::to_string(type) +
                                              "), which this reader does not read"
                                        : "an unknown wire type " + std::to_string(type));
            return false;
        }
    }
}

std::optional<WireReader> WireReader::nested(const WireField& f) const {
    if (f.type != WireType::Bytes) {
        status_->fail(f.offset, "field " + std::to_string(f.number) +
                                    " should be a message but is not length-delimited");
        return std::nullopt;
    }
    if (depth_ + 1 > kMaxNesting) {
        status_->fail(f.bytes_offset,
                      "messages nested more than " + std::to_string(kMaxNesting) + " deep");
        return std::nullopt;
    }
    return WireReader(f.bytes, *status_, f.bytes_offset, depth_ + 1);
}

}  // namespace tl::pb
