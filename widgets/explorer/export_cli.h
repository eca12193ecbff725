#pragma once
// What --export-image and --export-animation return and how they report a mistake: the exit
// codes scripts test (0 written), and one line on stderr.
#include <QString>
#include <cstdio>

namespace tl::gui {

inline constexpr int kCannotWrite = 1;  // the image, a frame or the folder could not be written
inline constexpr int kBadInput = 2;     // a bad spec, option value or file name

inline void printError(const QString& message) {
    std::fprintf(stderr, "tilelens: %s\n", message.toLocal8Bit().constData());
}

}  // namespace tl::gui
