// CUDA storages on a real GPU (scripts/test-cuda runs this where there is one; elsewhere every
// test skips with the reason): the strided copy kernel against the host's gather, and scripts
// whose copies all run on the device, are timed and leave each block equal to the core's values.
#include "CudaScriptCases.h"
#include "TestMain.h"
#include "app/commands/DeviceSetup.h"
#include "core/DeviceMemory.h"
#include "core/Storage.h"
#include "core/script/Interpreter.h"
#include "gpu/CudaDeviceInfo.h"
#include "gpu/CudaTransferHook.h"

#include <QTest>

#include <cstring>
#include <string>
#include <vector>

using namespace stridescope;
using namespace stridescope::script;

namespace {

QString noDeviceReason() { return QString::fromStdString("no real CUDA device: " + cudaNoDeviceReason()); }

bool blockMatchesCore(const Tensor& t) {
    const Storage& s = *t.storage();
    if (!s.memory() || !s.hasValues())
        return true;
    std::vector<unsigned char> bytes(static_cast<std::size_t>(s.nbytes()));
    cudaDeviceHook()->download(*s.memory(), 0, s.nbytes(), bytes.data());
    return bytes == s.bytes();
}

} // namespace

class TestCudaStorage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void stridedKernel_data();
    void stridedKernel();
    void scripts_data();
    void scripts();
    void transfersAreMeasured();
};

void TestCudaStorage::initTestCase() { app::setUpDevices(true); }

void TestCudaStorage::stridedKernel_data() {
    QTest::addColumn<int>("elementSize");
    QTest::addColumn<QList<qint64>>("sizes");
    QTest::addColumn<QList<qint64>>("strides");
    QTest::addColumn<qint64>("offset");
    for (int size : {1, 2, 4, 8, 16}) {
        const QByteArray tag = QByteArray::number(size) + "B ";
        QTest::newRow(QByteArray(tag + "contiguous").constData())
            << size << QList<qint64>{7, 9} << QList<qint64>{9, 1} << qint64(0);
        QTest::newRow(QByteArray(tag + "transposed").constData())
            << size << QList<qint64>{9, 7} << QList<qint64>{1, 9} << qint64(0);
        QTest::newRow(QByteArray(tag + "narrowed").constData())
            << size << QList<qint64>{7, 5} << QList<qint64>{9, 1} << qint64(2);
        QTest::newRow(QByteArray(tag + "expanded").constData())
            << size << QList<qint64>{4, 9} << QList<qint64>{0, 1} << qint64(9);
        QTest::newRow(QByteArray(tag + "permuted 3-d").constData())
            << size << QList<qint64>{3, 3, 7} << QList<qint64>{1, 21, 3} << qint64(0);
    }
}

// One kernel for gather (src.contiguous() on the device) and scatter (a strided destination):
// both directions against the host's row-major walk.
void TestCudaStorage::stridedKernel() {
    const gpu::CudaDeviceQuery query = gpu::queryCudaDevices();
    const auto primitives = gpu::makeCudaPrimitives(query);
    if (!primitives)
        QSKIP(qPrintable("no real CUDA device: " + QString::fromStdString(query.error)));
    QFETCH(int, elementSize);
    QFETCH(QList<qint64>, sizes);
    QFETCH(QList<qint64>, strides);
    QFETCH(qint64, offset);
    const Layout strided{Shape(sizes.begin(), sizes.end()), Shape(strides.begin(), strides.end()), offset};
    const Layout contiguous{strided.sizes, contiguousStrides(strided.sizes), 0};
    const std::int64_t storageBytes = 64 * 16 * elementSize;
    std::vector<unsigned char> host(static_cast<std::size_t>(storageBytes));
    for (std::size_t i = 0; i < host.size(); ++i)
        host[i] = static_cast<unsigned char>(i * 37 + 11);
    const std::int64_t outBytes = strided.numel() * elementSize;
    void* source = primitives->allocateDevice(0, storageBytes);
    void* gathered = primitives->allocateDevice(0, outBytes);
    void* scattered = primitives->allocateDevice(0, storageBytes);
    QVERIFY(source && gathered && scattered);
    primitives->copySync(gpu::MemcpyKind::HostToDevice, 0, source, -1, host.data(), storageBytes);
    primitives->fill(0, scattered, storageBytes, false);
    primitives->begin(0);
    primitives->stridedCopy(gathered, contiguous, source, strided, elementSize);
    primitives->mark();
    primitives->stridedCopy(scattered, strided, gathered, contiguous, elementSize);
    primitives->mark();
    const std::vector<double> ms = primitives->finish();
    QCOMPARE(int(ms.size()), 2);
    std::vector<unsigned char> back(static_cast<std::size_t>(outBytes));
    primitives->copySync(gpu::MemcpyKind::DeviceToHost, -1, back.data(), 0, gathered, outBytes);
    QVERIFY(back == gatherRowMajor(host.data(), strided, elementSize));
    std::vector<unsigned char> expectedScatter(static_cast<std::size_t>(storageBytes), 0);
    scatterRowMajor(expectedScatter.data(), strided, elementSize, back.data());
    std::vector<unsigned char> scatterBack(static_cast<std::size_t>(storageBytes));
    primitives->copySync(gpu::MemcpyKind::DeviceToHost, -1, scatterBack.data(), 0, scattered, storageBytes);
    QVERIFY(scatterBack == expectedScatter);
    primitives->freeDevice(0, source);
    primitives->freeDevice(0, gathered);
    primitives->freeDevice(0, scattered);
}

void TestCudaStorage::scripts_data() {
    QTest::addColumn<QString>("script");
    for (const auto& [name, body] : testing::cudaScriptCases())
        QTest::newRow(name) << QString(testing::kCudaScriptPrelude) + body;
}

// Every statement runs; afterwards no block is stale and each equals the core's bytes.
void TestCudaStorage::scripts() {
    if (!cudaDeviceHook())
        QSKIP(qPrintable(noDeviceReason()));
    QFETCH(QString, script);
    testing::runCheckingEveryBlock(script, [](const Tensor& t) { return blockMatchesCore(t); });
    if (QTest::currentTestFailed())
        return;
    takeTransfers();
}

void TestCudaStorage::transfersAreMeasured() {
    if (!cudaDeviceHook())
        QSKIP(qPrintable(noDeviceReason()));
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    takeTransfers();
    for (const Statement& s :
         Interpreter::parse("x = torch.randn(1024, 1024)\np = x.pin_memory()\n"
                            "a = x.cuda()\nb = p.cuda()\nc = x[:, 1:].cuda()\nd = a.cpu()\n")) {
        const StatementOutcome o = interpreter.execute(s);
        QVERIFY2(o.ok(), o.error ? o.error->what() : "");
    }
    const std::vector<TransferRecord> records = takeTransfers();
    QCOMPARE(int(records.size()), 4);
    for (const TransferRecord& r : records) {
        QVERIFY(r.measured);
        QVERIFY(r.ms > 0.0);
        QVERIFY(r.gbps > 0.0);
    }
    QVERIFY(records[1].pinned && !records[1].staged);
    QVERIFY(!records[0].pinned && records[0].staged);
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestCudaStorage)
#include "tst_cuda_storage.moc"
