#pragma once
// The presentation's text, in its own panel under the picture so that it never covers it:
// the lesson and step (or the spec's name), the narration in type for the back of a room,
// what the checks find now, what the pointer is on, and the keys.
#include <QFrame>

class QLabel;

namespace tl::gui {

class NarrationPanel : public QFrame {
    Q_OBJECT
public:
    explicit NarrationPanel(QWidget* parent = nullptr);

    void setHeading(const QString& text);    // "Lesson 3 · The ragged edge · step 2 of 5"
    void setNarration(const QString& text);  // Markdown as lessons write it, wrapped
    const QString& narrationText() const { return narrationText_; }
    void setStatus(const QString& text);   // the program and what the checks find
    void setPointer(const QString& text);  // the element under the pointer; empty hides
    void setKeys(const QString& text);
    // Type sizes follow the screen: the narration gets 1/40 of its height, 24 px at least, and
    // smaller type (to two thirds of that) when it would take more than a quarter of it.
    void scaleTo(int screenHeight);
    int narrationPixelSize() const;

    QLabel* statusLabel() const { return status_; }
    QLabel* pointerLabel() const { return pointer_; }

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void fitNarration();
    QLabel* heading_;
    QLabel* narration_;
    QLabel* status_;
    QLabel* pointer_;
    QLabel* keys_;
    QString narrationText_;
    int screenHeight_ = 1080, narrationPx_ = 27;
};

}  // namespace tl::gui
