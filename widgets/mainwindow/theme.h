#pragma once
// The application's colour themes: the platform's own, or Fusion with a light or a dark
// palette. The view colours (operand hues, hatches) do not change with the theme.
#include <QString>

namespace tl::gui {

enum class Theme { System, Light, Dark };

QString theme_key(Theme theme);            // "system", "light", "dark" (for QSettings)
Theme theme_from_key(const QString& key);  // unknown keys read as System
void apply_theme(Theme theme);             // to the whole application
bool is_dark_palette();                    // the palette in use is a dark one

}  // namespace tl::gui
