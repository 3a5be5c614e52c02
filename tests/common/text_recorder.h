// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the view tests (tests/ui): a paint device that records every piece of text painted on it (its
// string, its bounding rectangle in device coordinates and the clip it was drawn under) instead of pixels,
// and the checks the views must pass at any pipeline degree: no elided label ("…" / "..."), no two labels
// overprinting, every label inside the picture and inside its clip. Also the <text> elements of an SVG.
#pragma once

#include <QBuffer>
#include <QImage>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QSvgGenerator>
#include <QTextItem>
#include <QXmlStreamReader>
#include <functional>
#include <memory>

namespace shardscope::testing {

/// One drawText: the string, where its glyphs' box lies (device coordinates) and the clip it was drawn under.
struct DrawnText
{
    QString text;
    QRectF rect;
    QRectF clip; ///< empty: no clipping
};

class TextRecordingEngine : public QPaintEngine
{
public:
    TextRecordingEngine()
        : QPaintEngine(QPaintEngine::AllFeatures)
    {
    }
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState&) override { }
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override { }
    void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override { }
    void drawTiledPixmap(const QRectF&, const QPixmap&, const QPointF&) override { }
    void drawPath(const QPainterPath&) override { }
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override { }
    void drawPolygon(const QPoint*, int, PolygonDrawMode) override { }
    void drawRects(const QRectF*, int) override { }
    void drawRects(const QRect*, int) override { }
    void drawLines(const QLineF*, int) override { }
    void drawLines(const QLine*, int) override { }
    void drawEllipse(const QRectF&) override { }
    void drawPoints(const QPointF*, int) override { }
    void drawTextItem(const QPointF& p, const QTextItem& item) override
    {
        const QTransform t = painter()->combinedTransform();
        const QRectF local(p.x(), p.y() - item.ascent(), item.width(), item.ascent() + item.descent());
        DrawnText drawn { item.text(), t.mapRect(local), {} };
        if (painter()->hasClipping()) drawn.clip = t.mapRect(painter()->clipBoundingRect());
        texts.append(drawn);
    }
    Type type() const override { return QPaintEngine::User; }

    QList<DrawnText> texts;
};

/// A QPaintDevice of `size` with the font resolution of a QImage (what the PNG export paints on).
class TextRecorder : public QPaintDevice
{
public:
    explicit TextRecorder(QSize size)
        : m_reference(size, QImage::Format_ARGB32)
    {
    }
    ~TextRecorder() override = default;
    QPaintEngine* paintEngine() const override { return &m_engine; }
    const QList<DrawnText>& texts() const { return m_engine.texts; }
    QStringList strings() const
    {
        QStringList out;
        for (const DrawnText& t : m_engine.texts)
            out.append(t.text);
        return out;
    }

protected:
    int metric(PaintDeviceMetric m) const override { return m_reference.metricOf(m); }

private:
    struct Reference : QImage // what a QImage of this size answers, asked through its protected metric()
    {
        using QImage::QImage;
        int metricOf(PaintDeviceMetric m) const { return metric(m); }
    };
    Reference m_reference;
    mutable TextRecordingEngine m_engine;
};

/// Everything `paint` draws at `size`, as text pieces.
inline QList<DrawnText> recordTexts(QSize size, const std::function<void(QPainter&, QSizeF)>& paint)
{
    TextRecorder device(size);
    QPainter painter(&device);
    paint(painter, QSizeF(size));
    painter.end();
    return device.texts();
}

/// What is wrong with the labels: elided ones, ones outside the picture or their clip, overprinting pairs
/// (boxes that overlap by more than `tolerance` pixels each way). Empty when all is well.
inline QStringList labelProblems(const QList<DrawnText>& texts, QSizeF size, double tolerance = 0.5)
{
    QStringList problems;
    const auto describe = [](const DrawnText& t) {
        return QStringLiteral("\"%1\" at (%2, %3) %4 x %5")
            .arg(t.text)
            .arg(t.rect.x(), 0, 'f', 1)
            .arg(t.rect.y(), 0, 'f', 1)
            .arg(t.rect.width(), 0, 'f', 1)
            .arg(t.rect.height(), 0, 'f', 1);
    };
    const QRectF bounds = QRectF(QPointF(0, 0), size).adjusted(-tolerance, -tolerance, tolerance, tolerance);
    for (const DrawnText& t : texts) {
        if (t.text.contains(QChar(0x2026)) || t.text.contains(QStringLiteral("...")))
            problems.append(QStringLiteral("elided: ") + describe(t));
        if (!bounds.contains(t.rect)) problems.append(QStringLiteral("outside the picture: ") + describe(t));
        if (!t.clip.isEmpty()
            && !t.clip.adjusted(-tolerance, -tolerance, tolerance, tolerance).contains(t.rect))
            problems.append(QStringLiteral("cut by its clip: ") + describe(t));
    }
    for (int i = 0; i < texts.size(); ++i) {
        if (texts[i].text.trimmed().isEmpty()) continue;
        const QRectF a = texts[i].rect.adjusted(tolerance, tolerance, -tolerance, -tolerance);
        for (int j = i + 1; j < texts.size(); ++j)
            if (!texts[j].text.trimmed().isEmpty()
                && a.intersects(texts[j].rect.adjusted(tolerance, tolerance, -tolerance, -tolerance)))
                problems.append(QStringLiteral("overlap: ") + describe(texts[i]) + QStringLiteral(" and ")
                    + describe(texts[j]));
    }
    return problems;
}

/// The text of every <text> element of the SVG that `paint` draws at `size` (QSvgGenerator, as the SVG
/// export).
inline QStringList svgTexts(QSize size, const std::function<void(QPainter&, QSizeF)>& paint)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRectF(QPointF(), QSizeF(size)));
        QPainter painter(&svg);
        paint(painter, QSizeF(size));
    }
    QStringList out;
    QXmlStreamReader xml(buffer.data());
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
            out.append(xml.readElementText(QXmlStreamReader::IncludeChildElements));
    return out;
}

} // namespace shardscope::testing
