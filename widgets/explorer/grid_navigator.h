#pragma once
// The grid navigator: the plane of programs (a slice per outer index, with a selector for
// axes 2 and 3), the current program_id, and play in iteration order at an adjustable speed.
// Keys: Left/Right previous/next program in iteration order, Up/Down the row (axis 0),
// Shift+Left/Right the column (axis 1), PageUp/PageDown the slice, Home/End first/last.
#include <QStringList>
#include <QTimer>
#include <QWidget>
#include <vector>

class QAction;
class QHBoxLayout;
class QKeyEvent;
class QLabel;
class QSlider;
class QSpinBox;
class QToolButton;

namespace tl::gui {

class GridCanvas;

class GridNavigator : public QWidget {
    Q_OBJECT
public:
    explicit GridNavigator(QWidget* parent = nullptr);

    void setGrid(const std::vector<std::int64_t>& grid, const QStringList& axisNames);
    void setCurrent(std::int64_t program);
    std::int64_t current() const;
    // Forgets the programs selected before, the current one too (a new document).
    void clearTrail();
    // Programs that read / write the hovered element (highlighted); empty clears.
    void setTouching(std::vector<std::int64_t> readers, std::vector<std::int64_t> writers);
    // The selected finding's programs, ringed in `colour`; empty clears.
    void setFlagged(std::vector<std::int64_t> programs, const QColor& colour);
    bool handleKey(QKeyEvent* e);  // true when the key moved the selection

    QAction* playAction() const { return play_; }
    void setSpeed(int programsPerSecond);
    int speed() const;
    GridCanvas* canvas() const { return canvas_; }
    QString programIdText() const;  // "program_id (1, 2, 0)  ·  #13 of 24"
    // The height at which the grid's rows get readable cells (about 18 px each), header
    // included; the explorer sizes the navigator's pane from it when the grid changes.
    int preferredHeight() const;
    // The least height that shows the header and three rows of clickable cells.
    int usefulHeight() const;

signals:
    void programActivated(qint64 program);

protected:
    void keyPressEvent(QKeyEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;  // the program's id in full or short

private:
    int idRoom() const;
    void activate(std::int64_t program);
    void advance();
    void rebuildSelectors();
    void selectorChanged();
    void updateLabels();

    GridCanvas* canvas_;
    QLabel* idLabel_;
    QHBoxLayout* header_ = nullptr;
    QWidget* selectorBox_;
    std::vector<QSpinBox*> selectors_;
    QAction* play_;
    QToolButton* playButton_;
    QSlider* speed_;
    QLabel* speedLabel_;
    QTimer timer_;
};

}  // namespace tl::gui
