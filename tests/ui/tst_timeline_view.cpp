// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/timeline_view.*: passes land where their times say, the title carries the simulated
// bubble, and the view paints forward and backward passes offscreen.
#include "timeline_view.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

using namespace shardscope;

class TestTimelineView : public QObject
{
    Q_OBJECT
private slots:
    void geometryFollowsTime()
    {
        TimelineView view;
        view.setTimeline(simulatePipeline(Schedule::OneFOneB, 8, 1, std::vector<double>(4, 1.0), std::vector<double>(4, 2.0)));
        const QSizeF size(1000, 400);
        // Makespan (m + p - 1)(F + B) = 33 s; the first forward on stage 0 spans 1/33 of the plot.
        QCOMPARE(view.timeline().makespan, 33.0);
        const ScheduleSlot& first = view.timeline().passes.front();
        QCOMPARE(first.stage, 0);
        const QRectF r = view.passRect(first, size);
        const double plotWidth = r.left() > 0 ? (size.width() - r.left() - 12) : 0; // kLeft = r.left() for t = 0
        QVERIFY(std::abs(r.width() - plotWidth / 33.0) < 1e-9);
        // Later stages are lower rows; the step's last pass (stage 0's last backward) ends at the right edge.
        const auto lastStage = std::find_if(view.timeline().passes.begin(), view.timeline().passes.end(),
                                            [](const ScheduleSlot& s) { return s.stage == 3; });
        QVERIFY(view.passRect(*lastStage, size).top() > r.top());
        double right = 0;
        for (const ScheduleSlot& pass : view.timeline().passes)
            right = std::max(right, view.passRect(pass, size).right());
        QVERIFY(std::abs(right - (size.width() - 12)) < 1e-9);
    }

    void titleCarriesTheBubble()
    {
        TimelineView view;
        view.setTimeline(simulatePipeline(Schedule::Interleaved1F1B, 8, 2, std::vector<double>(4, 1.0), std::vector<double>(4, 1.0)));
        // Ideal 16 s, bubble (p - 1)(F + B) / v = 3 s: 3 / 19 = 15.8 % of the step.
        QCOMPARE(view.title(), QStringLiteral("Interleaved 1F1B (2 chunks per stage), 4 stages, 8 micro-batches: the bubble is 15.8 % of the step"));
    }

    void paintsForwardAndBackward()
    {
        TimelineView view;
        view.setTimeline(simulatePipeline(Schedule::GPipe, 4, 1, std::vector<double>(4, 1.0), std::vector<double>(4, 2.0)));
        QImage image(900, 320, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        view.render(painter, image.size());
        painter.end();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/timeline-gpipe.png"));
        // A forward pass's centre is blue-ish, a backward pass's green-ish.
        const auto& passes = view.timeline().passes;
        const auto forward = std::find_if(passes.begin(), passes.end(), [](const ScheduleSlot& s) { return s.forward; });
        const auto backward = std::find_if(passes.begin(), passes.end(), [](const ScheduleSlot& s) { return !s.forward; });
        const QColor f = image.pixelColor(view.passRect(*forward, image.size()).center().toPoint() + QPoint(0, 8));
        const QColor b = image.pixelColor(view.passRect(*backward, image.size()).center().toPoint() + QPoint(0, 8));
        QVERIFY2(f.blue() > f.green() && f.blue() > f.red(), qPrintable(f.name()));
        QVERIFY2(b.green() > b.blue() && b.green() > b.red(), qPrintable(b.name()));
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
