#pragma once
// A line edit that underlines errors with a wavy line from the column they name, and shows
// their messages as its tooltip. Used for every expression field of the spec editor.
#include <QLineEdit>
#include <QList>
#include <string>

#include "core/base/diagnostic.h"

namespace tl::gui {

struct FieldError {
    int start = 0;  // character offset in the text
    int length = 1;
    QString message;  // "grid[1]:1:6: unknown name 'bnn'"
    bool operator==(const FieldError&) const = default;
};

class ErrorLineEdit : public QLineEdit {
    Q_OBJECT
public:
    // `field` is the JSON path of what the text edits ("grid", "operands[0].index_map");
    // `list` when the text is a comma-separated list whose items are `field[k]`.
    explicit ErrorLineEdit(std::string field = {}, bool list = false, QWidget* parent = nullptr);

    void setErrors(QList<FieldError> errors);
    const QList<FieldError>& errors() const { return errors_; }
    // Keeps the diagnostics that fall in this field; returns their messages.
    QStringList showDiagnostics(const Diagnostics& diagnostics);

    // The text as `text`, unless the field already says the same thing (then the cursor and
    // the user's spacing stay as they are).
    void setTextIfDifferent(const QString& text, bool same_meaning);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int xOf(int position) const;

    std::string field_;
    bool list_ = false;
    QList<FieldError> errors_;
    QString plain_tooltip_;
};

// The errors of `diagnostics` inside the field `field` whose text is `text`.
QList<FieldError> errors_in_field(const Diagnostics& diagnostics, const QString& text,
                                  const std::string& field, bool list);

}  // namespace tl::gui
