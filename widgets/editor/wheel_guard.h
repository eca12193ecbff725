#pragma once
// Combo boxes, spin boxes and sliders take the mouse wheel only once they have the focus
// (clicked or tabbed to), as Qt desktop applications do: a wheel meant to scroll the spec
// editor must not change a field that passes under the pointer. Unfocused, the field passes
// the wheel on to its parents, so the scroll area around it scrolls.
class QWidget;

namespace tl::gui {

// Installs the guard on the application, once (later calls do nothing). It covers every
// window of the application: fields that exist already and those made later.
void guard_field_wheels();

// Whether the guard covers `widget`: a combo box, spin box or slider (not a scroll bar).
bool is_wheel_guarded_field(const QWidget* widget);

}  // namespace tl::gui
