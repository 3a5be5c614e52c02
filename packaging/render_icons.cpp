// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the application SVG into the hicolor PNG sizes with Qt's own SVG renderer, so the
// PNGs committed under resources/icons/hicolor/ need no rsvg-convert or Inkscape. Not part of
// the build; rerun it after changing the SVG:
//   g++ -std=c++20 -fPIC packaging/render_icons.cpp -o /tmp/render_icons \
//       $(pkg-config --cflags --libs Qt6Gui Qt6Svg)
//   QT_QPA_PLATFORM=offscreen /tmp/render_icons resources/icons
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: render_icons ICON_DIR (holding org.shardscope.ShardScope.svg)\n");
        return 2;
    }
    const QDir dir(QString::fromLocal8Bit(argv[1]));
    const QString name = QStringLiteral("org.shardscope.ShardScope");
    QSvgRenderer svg(dir.filePath(name + QStringLiteral(".svg")));
    if (!svg.isValid()) {
        std::fprintf(stderr, "render_icons: cannot read the SVG in %s\n", argv[1]);
        return 1;
    }
    for (const int size : {16, 32, 48, 64, 128, 256}) {
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        const QString sizeDir = QStringLiteral("hicolor/%1x%1/apps").arg(size);
        dir.mkpath(sizeDir);
        const QString out = dir.filePath(sizeDir + QLatin1Char('/') + name + QStringLiteral(".png"));
        if (!image.save(out)) {
            std::fprintf(stderr, "render_icons: cannot write %s\n", qPrintable(out));
            return 1;
        }
    }
    return 0;
}
