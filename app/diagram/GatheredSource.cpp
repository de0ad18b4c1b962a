#include "app/diagram/GatheredSource.h"

#include "core/GatheredCells.h"

#include <QStringList>

namespace stridescope::app {

QString gatheredSourceName(const Tensor& t, const std::vector<std::pair<std::string, Tensor>>& named) {
    const auto read = gatheredCellsOf(t);
    if (!read)
        return {};
    for (const auto& [name, tensor] : named)
        if (tensor.defined() && tensor.storage() == read->source)
            return QString::fromStdString(name);
    return {};
}

QString gatheredCellsText(const Tensor& t, int limit) {
    const auto read = gatheredCellsOf(t);
    if (!read)
        return {};
    QStringList cells;
    for (std::size_t i = 0; i < read->indices.size() && static_cast<int>(i) < limit; ++i)
        cells << QString::number(read->indices[i]);
    if (read->indices.size() > static_cast<std::size_t>(limit))
        cells << QStringLiteral("\u2026");
    return cells.join(QStringLiteral(", "));
}

} // namespace stridescope::app
