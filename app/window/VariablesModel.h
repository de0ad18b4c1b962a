#pragma once
// The workspace as a tree for a QTreeView: one row per storage (in order of first use), under
// it the named tensors that read it, so that sharing is visible at a glance. Columns: name,
// shape, stride, storage_offset, is_contiguous. Adapts SessionModel; holds no state of its own
// beyond a snapshot rebuilt when the session changes.
#include "core/Tensor.h"

#include <QAbstractItemModel>
#include <QString>
#include <QTimer>

#include <vector>

namespace stridescope::app {

class SessionModel;

class VariablesModel : public QAbstractItemModel {
    Q_OBJECT

public:
    enum Column { NameColumn, ShapeColumn, StrideColumn, OffsetColumn, ContiguousColumn, ColumnCount };
    enum Role { TensorNameRole = Qt::UserRole + 1, IsStorageRole };

    explicit VariablesModel(SessionModel* session, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // The row of a named tensor (column 0), or an invalid index.
    QModelIndex indexOfName(const QString& name) const;

public slots:
    void refresh();

private:
    struct Entry {
        QString name;
        QString expression;
        Tensor tensor;
    };
    struct StorageGroup {
        StoragePtr storage;
        DType dtype = DType::Float32;
        std::vector<Entry> tensors;
    };

    SessionModel* m_session;
    std::vector<StorageGroup> m_storages;
    QString m_shownName;
    QTimer m_refreshTimer;
};

} // namespace stridescope::app
