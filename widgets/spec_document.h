#pragma once
// The open spec and what the audit says of it; the one value the window's views show.
#include <QObject>
#include <QString>

#include "core/audit.h"
#include "core/spec.h"

namespace tl::gui {

class SpecDocument : public QObject {
    Q_OBJECT
public:
    explicit SpecDocument(QObject* parent = nullptr);

    // Loads and audits a spec file (also ":/examples/..." resources). On failure the document
    // holds the `invalid` result with the loader's messages, and the previous spec is kept.
    bool load(const QString& path);

    const QString& path() const { return path_; }
    const std::optional<Spec>& spec() const { return spec_; }
    const AuditResult& audit() const { return audit_; }

signals:
    void changed();

private:
    QString path_;
    std::optional<Spec> spec_;
    AuditResult audit_;
};

}  // namespace tl::gui
