#pragma once
// The widget in the central area. It has the explorer's interface (setSnapshot,
// selectProgram, selectElement, programSelected); switching to the real explorer is this
// include and this alias.
#include "widgets/mainwindow/explorer_placeholder.h"

namespace tl::gui {
using CentralExplorer = ExplorerPlaceholder;
}  // namespace tl::gui
