#include "app/diagram/GifExport.h"

#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramPainter.h"
#include "app/diagram/DiagramText.h"
#include "core/Analysis.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QPainter>
#include <QSaveFile>

#include <gif_lib.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace stridescope::app {

namespace {

QString stepCaption(const DiagramModel& model, std::int64_t step, const Shape& index) {
    const QString where =
        index.empty() ? DiagramText::tr("(0-dim) reads storage[%1]").arg(storageIndexOf(model.tensor.layout(), index))
                      : model.elementName + DiagramModel::indexText(index) + QStringLiteral(": ") +
                            QString::fromStdString(addressFormula(model.tensor.layout(), index));
    return DiagramText::tr("step %1 / %2").arg(step + 1).arg(model.numel) + QStringLiteral(" \u00b7 ") + where;
}

// A palette of at most 256 colours: the most frequent ones of the sample images (a diagram has
// few flat colours; antialiased edges fall to their nearest).
class Palette {
public:
    explicit Palette(const std::vector<const QImage*>& samples) {
        QHash<QRgb, std::int64_t> counts;
        for (const QImage* image : samples)
            for (int y = 0; y < image->height(); ++y) {
                const auto* line = reinterpret_cast<const QRgb*>(image->constScanLine(y));
                for (int x = 0; x < image->width(); ++x)
                    ++counts[line[x] | 0xff000000u];
            }
        std::vector<std::pair<std::int64_t, QRgb>> ranked;
        ranked.reserve(static_cast<std::size_t>(counts.size()));
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            ranked.emplace_back(it.value(), it.key());
        std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        for (std::size_t i = 0; i < ranked.size() && i < 256; ++i)
            m_colours.push_back(ranked[i].second);
        if (m_colours.empty())
            m_colours.push_back(0xff000000u);
        while (m_colours.size() < 256) // giflib wants a power of two entries
            m_colours.push_back(m_colours.back());
    }
    GifByteType indexOf(QRgb rgb) {
        rgb |= 0xff000000u;
        const auto it = m_cache.constFind(rgb);
        if (it != m_cache.cend())
            return *it;
        int best = 0;
        int bestDistance = INT32_MAX;
        for (int i = 0; i < static_cast<int>(m_colours.size()); ++i) {
            const QRgb c = m_colours[static_cast<std::size_t>(i)];
            const int dr = qRed(c) - qRed(rgb), dg = qGreen(c) - qGreen(rgb), db = qBlue(c) - qBlue(rgb);
            const int distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
        m_cache.insert(rgb, static_cast<GifByteType>(best));
        return static_cast<GifByteType>(best);
    }
    const std::vector<QRgb>& colours() const { return m_colours; }

private:
    std::vector<QRgb> m_colours;
    QHash<QRgb, GifByteType> m_cache;
};

int appendToBuffer(GifFileType* gif, const GifByteType* data, int length) {
    static_cast<QByteArray*>(gif->UserData)->append(reinterpret_cast<const char*>(data), length);
    return length;
}

// The smallest rectangle where `a` and `b` differ; null when they are equal.
QRect changedRect(const QImage& a, const QImage& b) {
    int top = -1, bottom = -1, left = a.width(), right = -1;
    for (int y = 0; y < a.height(); ++y) {
        const auto* la = reinterpret_cast<const QRgb*>(a.constScanLine(y));
        const auto* lb = reinterpret_cast<const QRgb*>(b.constScanLine(y));
        int first = -1, last = -1;
        for (int x = 0; x < a.width(); ++x)
            if (la[x] != lb[x]) {
                if (first < 0)
                    first = x;
                last = x;
            }
        if (first < 0)
            continue;
        if (top < 0)
            top = y;
        bottom = y;
        left = std::min(left, first);
        right = std::max(right, last);
    }
    return top < 0 ? QRect() : QRect(QPoint(left, top), QPoint(right, bottom));
}

} // namespace

std::vector<QImage> traversalFrames(const DiagramModel& source, const DiagramTheme& theme, double scale,
                                    QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return std::vector<QImage>{};
    };
    if (!source.tensor.defined() || source.numel == 0)
        return fail(DiagramText::tr("the tensor has no elements: there is no traversal to animate"));
    if (source.numel > kMaxAnimationFrames)
        return fail(DiagramText::tr("the traversal would have %1 frames, more than %2: animate a smaller tensor "
                                    "(a slice of it, say)")
                        .arg(groupDigits(source.numel), groupDigits(kMaxAnimationFrames)));
    DiagramModel model = source;
    model.focus.reset(); // the lit element moves; a fixed focus outline would compete with it
    const DiagramGeometry geometry = DiagramGeometry::compute(model, theme);
    const DiagramPainter painter(model, geometry, theme);
    const QFont font = theme.noteFont();
    const double band = QFontMetricsF(font).height() + theme.px(14);
    const QSizeF logical(geometry.size.width(), geometry.size.height() + band);
    const int width = static_cast<int>(std::ceil(logical.width() * scale));
    const int height = static_cast<int>(std::ceil(logical.height() * scale));
    if (width > kMaxImageSide || height > kMaxImageSide || width < 1 || height < 1)
        return fail(DiagramText::tr("the animation would exceed %1 pixels on a side").arg(kMaxImageSide));

    QImage base(width, height, QImage::Format_ARGB32);
    base.setDevicePixelRatio(scale);
    base.fill(theme.background);
    {
        QPainter p(&base);
        painter.paint(p);
    }
    std::vector<QImage> frames;
    frames.reserve(static_cast<std::size_t>(model.numel));
    std::optional<std::int64_t> previous;
    for (std::int64_t step = 0; step < model.numel; ++step) {
        const Shape index = model.unravel(step);
        QImage frame = base.copy();
        frame.setDevicePixelRatio(scale);
        QPainter p(&frame);
        painter.paintTraversalStep(p, index, previous);
        p.setRenderHint(QPainter::TextAntialiasing, true);
        p.setFont(font);
        p.setPen(theme.ink);
        p.drawText(QRectF(geometry.margin, geometry.size.height(), logical.width() - geometry.margin, band - theme.px(8)),
                   Qt::AlignLeft | Qt::AlignVCenter, stepCaption(model, step, index));
        p.end();
        frames.push_back(std::move(frame));
        previous = storageIndexOf(model.tensor.layout(), index);
    }
    return frames;
}

QByteArray framesToGif(const std::vector<QImage>& input, double fps, QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return QByteArray();
    };
    if (input.empty())
        return fail(QStringLiteral("no frames"));
    std::vector<QImage> frames;
    frames.reserve(input.size());
    for (const auto& image : input)
        frames.push_back(image.convertToFormat(QImage::Format_ARGB32));
    const int width = frames.front().width(), height = frames.front().height();
    std::vector<const QImage*> samples{&frames.front()};
    if (frames.size() > 1)
        samples.push_back(&frames[1]);
    Palette palette(samples);

    QByteArray bytes;
    int code = 0;
    GifFileType* gif = EGifOpen(&bytes, appendToBuffer, &code);
    if (!gif)
        return fail(QStringLiteral("giflib: %1").arg(QString::fromUtf8(GifErrorString(code))));
    std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> map(GifMakeMapObject(256, nullptr), GifFreeMapObject);
    for (int i = 0; i < 256; ++i) {
        const QRgb c = palette.colours()[static_cast<std::size_t>(i)];
        map->Colors[i] = {static_cast<GifByteType>(qRed(c)), static_cast<GifByteType>(qGreen(c)),
                          static_cast<GifByteType>(qBlue(c))};
    }
    EGifSetGifVersion(gif, true);
    bool ok = EGifPutScreenDesc(gif, width, height, 8, 0, map.get()) == GIF_OK;
    // NETSCAPE2.0: loop forever.
    static const GifByteType netscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    static const GifByteType loop[] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, sizeof netscape, netscape) == GIF_OK &&
         EGifPutExtensionBlock(gif, sizeof loop, loop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
    const int delay = std::max(2, static_cast<int>(std::lround(100.0 / fps)));
    std::vector<GifByteType> line(static_cast<std::size_t>(width));
    for (std::size_t f = 0; ok && f < frames.size(); ++f) {
        const QImage& frame = frames[f];
        // Frames after the first: only what changed since the previous one (at least a pixel,
        // so that every step is a frame of its own).
        QRect rect(0, 0, width, height);
        if (f > 0) {
            rect = changedRect(frames[f - 1], frame);
            if (rect.isNull())
                rect = QRect(0, 0, 1, 1);
        }
        GraphicsControlBlock control{};
        control.DisposalMode = DISPOSE_DO_NOT;
        control.UserInputFlag = false;
        control.DelayTime = f + 1 == frames.size() ? delay * 3 : delay;
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        EGifGCBToExtension(&control, extension);
        ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_OK &&
             EGifPutImageDesc(gif, rect.left(), rect.top(), rect.width(), rect.height(), false, nullptr) == GIF_OK;
        for (int y = rect.top(); ok && y <= rect.bottom(); ++y) {
            const auto* pixels = reinterpret_cast<const QRgb*>(frame.constScanLine(y));
            for (int x = 0; x < rect.width(); ++x)
                line[static_cast<std::size_t>(x)] = palette.indexOf(pixels[rect.left() + x]);
            ok = EGifPutLine(gif, line.data(), rect.width()) == GIF_OK;
        }
    }
    const int lastError = gif->Error;
    if (EGifCloseFile(gif, &code) != GIF_OK || !ok)
        return fail(QStringLiteral("giflib: %1").arg(QString::fromUtf8(GifErrorString(ok ? code : lastError))));
    return bytes;
}

QString writeTraversalGif(const QString& path, const DiagramModel& model, const DiagramTheme& theme,
                          double scale, double fps) {
    QString problem;
    const auto frames = traversalFrames(model, theme, scale, &problem);
    if (frames.empty())
        return QStringLiteral("cannot animate %1: %2").arg(path, problem);
    const QByteArray gif = framesToGif(frames, fps, &problem);
    if (gif.isEmpty())
        return QStringLiteral("cannot write %1: %2").arg(path, problem);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(gif) != gif.size() || !file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString writeTraversalFrames(const QString& pattern, const DiagramModel& model, const DiagramTheme& theme,
                             double scale, QStringList* written) {
    QString problem;
    const auto frames = traversalFrames(model, theme, scale, &problem);
    if (frames.empty())
        return QStringLiteral("cannot animate %1: %2").arg(pattern, problem);
    const int digits = static_cast<int>(QString::number(frames.size() - 1).size());
    for (std::size_t f = 0; f < frames.size(); ++f) {
        const QString path =
            QString(pattern).replace(QStringLiteral("{frame}"),
                                     QStringLiteral("%1").arg(f, digits, 10, QLatin1Char('0')));
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || !frames[f].save(&file, "PNG") || !file.commit())
            return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        if (written)
            *written << path;
    }
    return {};
}

} // namespace stridescope::app
