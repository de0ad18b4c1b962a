#include "app/window/VariablesModel.h"

#include "app/diagram/DiagramModel.h"
#include "app/window/SessionModel.h"

#include <QFont>

namespace stridescope::app {

namespace {
// internalId: 0 for a storage row; storage index + 1 for a tensor row under it.
constexpr quintptr kStorageRow = 0;
} // namespace

VariablesModel::VariablesModel(SessionModel* session, QObject* parent)
    : QAbstractItemModel(parent), m_session(session) {
    // Coalesced: a burst of changes (a lesson step, a load) refreshes once, after the diagram.
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(0);
    connect(&m_refreshTimer, &QTimer::timeout, this, &VariablesModel::refresh);
    connect(session, &SessionModel::changed, &m_refreshTimer, qOverload<>(&QTimer::start));
    refresh();
}

void VariablesModel::refresh() {
    beginResetModel();
    m_storages.clear();
    for (const auto& [name, tensor] : m_session->workspace().tensors()) {
        auto group = std::find_if(m_storages.begin(), m_storages.end(),
                                  [&](const StorageGroup& g) { return g.storage == tensor.storage(); });
        if (group == m_storages.end()) {
            m_storages.push_back(
                {tensor.storage(), tensor.storage() ? tensor.storage()->dtype() : tensor.dtype(), {}});
            group = m_storages.end() - 1;
        }
        const QString qname = QString::fromStdString(name);
        group->tensors.push_back({qname, m_session->expressionOf(qname), tensor});
    }
    m_shownName = m_session->shown() ? m_session->shown()->name : QString();
    endResetModel();
}

QModelIndex VariablesModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid()) {
        if (row >= static_cast<int>(m_storages.size()))
            return {};
        return createIndex(row, column, kStorageRow);
    }
    if (parent.internalId() != kStorageRow || parent.row() >= static_cast<int>(m_storages.size()))
        return {};
    if (row >= static_cast<int>(m_storages[static_cast<std::size_t>(parent.row())].tensors.size()))
        return {};
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex VariablesModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kStorageRow)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kStorageRow);
}

int VariablesModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return static_cast<int>(m_storages.size());
    if (parent.internalId() != kStorageRow || parent.column() != 0)
        return 0;
    return static_cast<int>(m_storages[static_cast<std::size_t>(parent.row())].tensors.size());
}

int VariablesModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant VariablesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid())
        return {};
    if (index.internalId() == kStorageRow) {
        const StorageGroup& group = m_storages[static_cast<std::size_t>(index.row())];
        const std::int64_t elements = group.storage ? group.storage->elementCount() : 0;
        const std::int64_t bytes = group.storage ? group.storage->nbytes() : 0;
        if (role == IsStorageRole)
            return true;
        if (role == Qt::DisplayRole && index.column() == NameColumn) {
            // Spans the row (the view sets it first-column-spanned).
            QString text = tr("storage %1 \u00b7 %2 \u00d7 %3 = %4")
                               .arg(index.row())
                               .arg(groupDigits(elements),
                                    QString::fromStdString(dtypeShortName(group.dtype)), byteSize(bytes));
            if (group.tensors.size() > 1)
                text += tr(" \u00b7 shared by %n tensors", nullptr, static_cast<int>(group.tensors.size()));
            return text;
        }
        if (role == Qt::ToolTipRole)
            return tr("One block of memory: %1 elements of %2, %3. The tensors under it read it through "
                      "their own layouts.")
                .arg(groupDigits(elements), QString::fromStdString(dtypeShortName(group.dtype)),
                     byteSize(bytes));
        if (role == Qt::FontRole) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    }
    const StorageGroup& group = m_storages[static_cast<std::size_t>(index.internalId() - 1)];
    const Entry& entry = group.tensors[static_cast<std::size_t>(index.row())];
    switch (role) {
    case TensorNameRole:
        return entry.name;
    case IsStorageRole:
        return false;
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return entry.name;
        case ShapeColumn:
            return tupleText(entry.tensor.sizes());
        case StrideColumn:
            return tupleText(entry.tensor.strides());
        case OffsetColumn:
            return QString::number(entry.tensor.storageOffset());
        case ContiguousColumn:
            return entry.tensor.isContiguous() ? QStringLiteral("True") : QStringLiteral("False");
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return entry.expression.isEmpty() ? entry.name
                                          : entry.name + QStringLiteral(" = ") + entry.expression;
    case Qt::FontRole:
        if (entry.name == m_shownName) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant VariablesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case ShapeColumn:
        return tr("Shape");
    case StrideColumn:
        return tr("Stride");
    case OffsetColumn:
        return tr("Offset");
    case ContiguousColumn:
        return tr("Contiguous");
    default:
        return {};
    }
}

Qt::ItemFlags VariablesModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    if (index.internalId() == kStorageRow)
        return Qt::ItemIsEnabled;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

QModelIndex VariablesModel::indexOfName(const QString& name) const {
    for (std::size_t s = 0; s < m_storages.size(); ++s)
        for (std::size_t t = 0; t < m_storages[s].tensors.size(); ++t)
            if (m_storages[s].tensors[t].name == name)
                return createIndex(static_cast<int>(t), 0, static_cast<quintptr>(s) + 1);
    return {};
}

} // namespace stridescope::app
