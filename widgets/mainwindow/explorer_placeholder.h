#pragma once
// Stands in the central area for the explorer views (operand views, grid navigator,
// inspector) with the same interface, showing the snapshot as text: the operands with their
// shapes and block partitions, and the selected program's blocks.
#include <QWidget>
#include <cstdint>
#include <vector>

#include "widgets/explorer_snapshot.h"

class QLabel;

namespace tl::gui {

class ExplorerPlaceholder : public QWidget {
    Q_OBJECT
public:
    explicit ExplorerPlaceholder(QWidget* parent = nullptr);

    void setSnapshot(const ExplorerSnapshot& snapshot);
    void selectProgram(qint64 program);
    void selectElement(int operand, const std::vector<std::int64_t>& element);

    const ExplorerSnapshot& snapshot() const { return snapshot_; }
    qint64 selectedProgram() const { return program_; }

signals:
    void programSelected(qint64 program);

private:
    void render();

    ExplorerSnapshot snapshot_;
    qint64 program_ = 0;
    int element_operand_ = -1;
    std::vector<std::int64_t> element_;
    QLabel* text_;
};

}  // namespace tl::gui
