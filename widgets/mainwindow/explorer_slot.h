#pragma once
// The widget in the central area: the explorer (operand views, grid navigator, inspector).
#include "widgets/explorer/explorer_view.h"

namespace tl::gui {
using CentralExplorer = ExplorerView;
}  // namespace tl::gui
