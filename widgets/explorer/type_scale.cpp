#include "widgets/explorer/type_scale.h"

namespace tl::gui {

namespace {
double g_scale = 1.0;  // GUI thread only, like the widgets that read it
}

double type_scale() {
    return g_scale;
}

void set_type_scale(double scale) {
    g_scale = std::clamp(scale, 0.5, 4.0);
}

}  // namespace tl::gui
