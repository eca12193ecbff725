#pragma once
// The error heat grid as an image: one pixel per bin, coloured by how far its worst element
// is past the tolerance, transparent where every element is within it.
#include <QImage>

#include "core/view/error_heat.h"

namespace tl::gui {

struct ExplorerPalette;

QImage heatImage(const view::HeatGrid& heat, const ExplorerPalette& pal);

}  // namespace tl::gui
