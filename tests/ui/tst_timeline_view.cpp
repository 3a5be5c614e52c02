// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/timeline_view.*: passes land where their times say, the title carries the simulated
// bubble, and the view paints forward, backward and weight-gradient passes offscreen.
#include "timeline_view.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

#include <array>

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
        const auto forward = std::find_if(passes.begin(), passes.end(), [](const ScheduleSlot& s) { return s.pass == PassKind::Forward; });
        const auto backward = std::find_if(passes.begin(), passes.end(), [](const ScheduleSlot& s) { return s.pass == PassKind::Backward; });
        const QColor f = image.pixelColor(view.passRect(*forward, image.size()).center().toPoint() + QPoint(0, 8));
        const QColor b = image.pixelColor(view.passRect(*backward, image.size()).center().toPoint() + QPoint(0, 8));
        QVERIFY2(f.blue() > f.green() && f.blue() > f.red(), qPrintable(f.name()));
        QVERIFY2(b.green() > b.blue() && b.green() > b.red(), qPrintable(b.name()));
    }

    void paintsWeightGradientPasses()
    {
        // ZB-H1, 4 stages, 8 micro-batches, F = B = W = 1 s: the weight-gradient passes are drawn in a lighter
        // green than the input gradients; the bubble is 3 s of 27 (Qi et al. 2024: (p - 1)(F + B - W)).
        TimelineView view;
        StagePassSeconds stage;
        stage.forwardSeconds = 1;
        stage.backwardSeconds = 2;
        stage.weightGradSeconds = 1;
        view.setTimeline(simulatePipeline(Schedule::ZeroBubbleH1, 8, 1, std::vector<StagePassSeconds>(4, stage)));
        QCOMPARE(view.title(), QStringLiteral("Zero bubble H1, 4 stages, 8 micro-batches: the bubble is 11.1 % of the step"));
        QImage image(1200, 320, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        view.render(painter, image.size());
        painter.end();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/timeline-zb-h1.png"));
        // The mean colour over a pass (the hatching included, the label and the separating hairline left out).
        const auto meanColour = [&](PassKind kind) {
            const auto& passes = view.timeline().passes;
            const ScheduleSlot& s = *std::find_if(passes.begin(), passes.end(), [kind](const ScheduleSlot& p) { return p.pass == kind; });
            const QRect r = view.passRect(s, image.size()).toRect().adjusted(3, 3, -3, -3);
            double red = 0, green = 0, blue = 0, n = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x) {
                    if (std::abs(y - r.center().y()) < 10)
                        continue; // the micro-batch number
                    const QColor c = image.pixelColor(x, y);
                    red += c.red();
                    green += c.green();
                    blue += c.blue();
                    ++n;
                }
            return std::array<double, 3> { red / n, green / n, blue / n };
        };
        const auto b = meanColour(PassKind::Backward);
        const auto w = meanColour(PassKind::WeightGrad);
        QVERIFY2(w[1] > w[0] && w[1] > w[2], "weight gradients are green");
        QVERIFY2(w[0] + w[1] + w[2] > b[0] + b[1] + b[2] + 60, "and lighter than input gradients");
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
