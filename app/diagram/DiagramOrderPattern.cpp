#include "app/diagram/DiagramOrderPattern.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace stridescope::app {

std::optional<std::int64_t> logicalOrderAt(const Tensor& tensor, std::int64_t element) {
    const Shape& sizes = tensor.sizes();
    const Shape& strides = tensor.strides();
    std::vector<std::size_t> moving;
    for (std::size_t d = 0; d < sizes.size(); ++d) {
        if (sizes[d] == 0)
            return std::nullopt;
        if (sizes[d] > 1) {
            if (strides[d] <= 0)
                return std::nullopt; // stride 0 repeats elements
            moving.push_back(d);
        }
    }
    // Largest stride first: for a layout whose strides nest (each one at least the reach of the
    // smaller ones, as every view of a dense tensor has) this peels off one index per dim.
    std::sort(moving.begin(), moving.end(), [&](std::size_t a, std::size_t b) { return strides[a] > strides[b]; });
    std::int64_t rest = element - tensor.storageOffset();
    if (rest < 0)
        return std::nullopt;
    Shape index(sizes.size(), 0);
    for (std::size_t d : moving) {
        const std::int64_t i = rest / strides[d];
        if (i >= sizes[d])
            return std::nullopt;
        index[d] = i;
        rest -= i * strides[d];
    }
    if (rest != 0)
        return std::nullopt;
    std::int64_t order = 0;
    for (std::size_t d = 0; d < sizes.size(); ++d)
        order = order * sizes[d] + index[d];
    return order;
}

std::vector<double> orderSamples(const DiagramModel& model, std::int64_t unit, int count) {
    std::vector<double> samples;
    if (unit < 0 || unit >= model.unitCount() || count <= 0 || !model.tensor.defined())
        return samples;
    const std::int64_t first = model.unitFirst(unit);
    const std::int64_t span = std::max<std::int64_t>(1, model.unitEnd(unit) - first);
    const double last = model.numel > 1 ? static_cast<double>(model.numel - 1) : 1.0;
    for (int i = 0; i < count; ++i) {
        const std::int64_t element = first + span * (2 * i + 1) / (2 * count);
        const auto order = logicalOrderAt(model.tensor, element);
        samples.push_back(order ? static_cast<double>(*order) / last : -1.0);
    }
    return samples;
}

void paintOrderPattern(QPainter& painter, const QRectF& rect, const DiagramModel& model, const DiagramTheme& theme,
                       std::int64_t unit) {
    if (model.detail != StripDetail::Blocks || unit < 0 || unit >= model.unitCount())
        return;
    const StripUnit& u = model.units[static_cast<std::size_t>(unit)];
    if (u.firstOrder < 0 || !(u.reached > 0.0F))
        return;
    // 64 samples, sorted, drawn as up to 8 quantile stripes: the spread of logical order inside
    // the block, free of the aliasing a few evenly spaced samples would show.
    std::vector<double> reached;
    for (double s : orderSamples(model, unit, 64))
        if (s >= 0.0)
            reached.push_back(s);
    if (reached.empty())
        return;
    std::sort(reached.begin(), reached.end());
    if (reached.back() - reached.front() < 0.05)
        return; // one run of logical order: the plain square says it
    const int count = std::clamp(static_cast<int>(rect.width() / 2.0), 2, 8);
    std::vector<double> samples;
    for (int i = 0; i < count; ++i)
        samples.push_back(reached[(reached.size() - 1) * static_cast<std::size_t>(i) / static_cast<std::size_t>(count - 1)]);
    const double strength = 0.3 + 0.7 * std::sqrt(static_cast<double>(u.reached));
    const double width = rect.width() / static_cast<double>(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        QColor colour = samples[i] < 0.0 ? theme.unreachedFill : theme.rampColor(samples[i]);
        const QColor base = theme.unreachedFill;
        colour.setRgbF(static_cast<float>(base.redF() + (colour.redF() - base.redF()) * strength),
                       static_cast<float>(base.greenF() + (colour.greenF() - base.greenF()) * strength),
                       static_cast<float>(base.blueF() + (colour.blueF() - base.blueF()) * strength));
        painter.fillRect(QRectF(rect.left() + width * static_cast<double>(i), rect.top(), width + 0.3, rect.height()),
                         colour);
    }
}

} // namespace stridescope::app
