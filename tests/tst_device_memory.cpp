// The device-memory seam (core/DeviceMemory.h) and the storage hook (gpu/CudaStorageHook) on a
// fake device: host memory standing in for device and page-locked memory behind
// DevicePrimitives, each call logged. It checks, without a GPU, what a real one would be asked
// to do: a block per CUDA and pinned storage, freed with it; the core's writes uploaded after
// each statement (and after an undo of a failed one); each copy's path as copy_kernel_cuda takes
// it (pageable memory through the staging memcpy, pinned copied directly, non_blocking
// asynchronous only from pinned memory, a non-contiguous source made contiguous on its side, a
// non-contiguous CUDA destination written by a kernel); the read-back check, with a corrupted
// copy injected; PyTorch's out-of-memory message.
#include "CudaScriptCases.h"
#include "FakeDevice.h"
#include "TestMain.h"
#include "app/commands/EvalCommand.h"
#include "core/DeviceMemory.h"
#include "core/Storage.h"
#include "core/script/Interpreter.h"
#include "gpu/CudaStorageHook.h"
#include "gpu/DevicePrimitives.h"

#include <QTest>

#include <cstring>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace stridescope;
using namespace stridescope::script;
using stridescope::testing::FakeDevice;

namespace {

// The block of a tensor's storage, read back, against the core's bytes.
bool blockMatchesCore(const FakeDevice&, const Tensor& t) {
    const Storage& s = *t.storage();
    if (!s.memory() || !s.hasValues())
        return true;
    std::vector<unsigned char> bytes(static_cast<std::size_t>(s.nbytes()));
    cudaDeviceHook()->download(*s.memory(), 0, s.nbytes(), bytes.data());
    return bytes == s.bytes();
}

const char* const kX = "x = torch.arange(12.).view(3, 4)\n";

} // namespace

class TestDeviceMemory : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void paths_data();
    void paths();
    void measuredTransferRecord();
    void evalJsonIsMeasured();
    void deviceMemoryFollowsTheCore();
    void realGpuScriptsOnTheFake_data();
    void realGpuScriptsOnTheFake();
    void failedStatementIsUndoneOnTheDevice();
    void blocksAreFreedWithTheirStorages();
    void mismatchIsAnError_data();
    void mismatchIsAnError();
    void layoutOnlyCopiesCheckTheRoundTrip();
    void outOfMemory();
    void formatMemorySize_data();
    void formatMemorySize();

private:
    // Runs `setup`, clears the log, runs `statement`; returns the statement's error text or "".
    std::string run(Interpreter& interpreter, const std::string& setup, const std::string& statement);

    std::shared_ptr<FakeDevice> m_device;
};

void TestDeviceMemory::init() {
    m_device = std::make_shared<FakeDevice>();
    setCudaDeviceHook(gpu::makeCudaStorageHook(m_device));
    takeTransfers();
}

void TestDeviceMemory::cleanup() {
    setCudaDeviceHook(nullptr);
    takeTransfers();
    // Every block a test made went with its storage.
    QCOMPARE(m_device->live.size(), std::size_t(0));
    m_device.reset();
}

std::string TestDeviceMemory::run(Interpreter& interpreter, const std::string& setup,
                                  const std::string& statement) {
    for (const Statement& s : Interpreter::parse(setup)) {
        const StatementOutcome o = interpreter.execute(s);
        if (!o.ok())
            return "setup: " + std::string(o.error->what());
    }
    m_device->events.clear();
    std::string error;
    for (const Statement& s : Interpreter::parse(statement)) {
        const StatementOutcome o = interpreter.execute(s);
        if (!o.ok())
            error = o.error->what();
    }
    return error;
}

void TestDeviceMemory::paths_data() {
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("events");
    const auto row = [](const char* name, const std::string& setup, const char* statement,
                        QStringList events) {
        QTest::newRow(name) << QString::fromStdString(setup) << QString(statement) << events;
    };
    const std::string x = kX;
    const std::string y = x + "y = x.cuda()\n";
    const std::string p = x + "p = x.pin_memory()\n";
    // Host to device: the new storage's block, one memcpy, memcpy_and_sync, the read-back.
    row("contiguous h2d", x, "y = x.cuda()",
        {"alloc cuda:0 48", "memcpy h2d 48 pageable", "synchronize", "readback 48"});
    row("transposed h2d is one memcpy", x, "y = x.t().cuda()",
        {"alloc cuda:0 48", "memcpy h2d 48 pageable", "synchronize", "readback 48"});
    row("narrowed h2d: contiguous on the host, then the memcpy", x, "y = x[:, 1:3].cuda()",
        {"alloc cuda:0 24", "memcpy h2d 24 pageable", "synchronize", "readback 24"});
    row("pinned h2d is copied directly", p, "y = p.cuda()",
        {"alloc cuda:0 48", "memcpy h2d 48 pinned", "synchronize", "readback 48"});
    row("pinned non_blocking does not wait", p, "y = p.to('cuda', non_blocking=True)",
        {"alloc cuda:0 48", "memcpy h2d 48 pinned", "query", "readback 48"});
    row("pageable non_blocking waits", x, "y = x.to('cuda', non_blocking=True)",
        {"alloc cuda:0 48", "memcpy h2d 48 pageable", "synchronize", "readback 48"});
    row("narrowed pinned goes through a pageable temporary", p, "y = p[:, 1:3].cuda()",
        {"alloc cuda:0 24", "memcpy h2d 24 pageable", "synchronize", "readback 24"});
    row("cast on the host first", x, "y = x.to('cuda', torch.float64)",
        {"alloc cuda:0 96", "memcpy h2d 96 pageable", "synchronize", "readback 96"});
    row("pin_memory makes a page-locked block", x, "p = x.pin_memory()", {"alloc pinned 48"});
    // Device to host.
    row("d2h", y, "z = y.cpu()", {"memcpy d2h 48 pageable", "synchronize"});
    row("narrowed d2h: contiguous on the device first", y, "z = y[:, 1:3].cpu()",
        {"alloc cuda:0 24", "kernel 4", "memcpy d2h 24 pageable", "synchronize", "free cuda:0 24"});
    row("d2h into pinned memory", y + "q = torch.zeros(3, 4, pin_memory=True)\n", "q.copy_(y)",
        {"memcpy d2h 48 pinned", "synchronize"});
    row("d2h non_blocking into pinned", y + "q = torch.zeros(3, 4, pin_memory=True)\n",
        "q.copy_(y, non_blocking=True)", {"memcpy d2h 48 pinned", "query"});
    row("d2h with a cast: the cast on the host after", y, "z = y.to('cpu', torch.float64)",
        {"memcpy d2h 48 pageable", "synchronize"});
    row("d2h non_blocking with a cast: the cast is the device's (the core's, uploaded)", y,
        "z = y.to('cpu', torch.float64, non_blocking=True)",
        {"alloc cuda:0 96", "upload 96", "memcpy d2h 96 pageable", "synchronize", "free cuda:0 96"});
    row("cuda:0 to cuda:1 is a peer copy", y, "w = y.to('cuda:1')",
        {"alloc cuda:1 48", "memcpy peer 48", "synchronize", "readback 48"});
    // copy_ into CUDA tensors.
    row("into a transposed CUDA tensor: a kernel writes its layout",
        x + "g = torch.zeros(4, 3, device='cuda').t()\n", "g.copy_(x)",
        {"alloc cuda:0 48", "memcpy h2d 48 pageable", "synchronize", "kernel 4", "readback 48",
         "free cuda:0 48"});
    row("a broadcast source is made contiguous on the host",
        "g = torch.zeros(3, 4, device='cuda')\nb = torch.ones(4)\n", "g.copy_(b)",
        {"memcpy h2d 48 pageable", "synchronize", "readback 48"});
    row("setitem of a number", "g = torch.zeros(3, 4, device='cuda')\n", "g[1, 2] = 7",
        {"memcpy h2d 4 pageable", "synchronize", "readback 4"});
    // Within the device: clone and contiguous run there; casts and arithmetic are the core's, uploaded.
    row("clone is a device memcpy", y, "c = y.clone()",
        {"alloc cuda:0 48", "memcpy d2d 48", "synchronize", "readback 48"});
    row("contiguous of a transpose is a kernel", y, "c = y.t().contiguous()",
        {"alloc cuda:0 48", "kernel 4", "synchronize", "readback 48"});
    row("contiguous of a contiguous tensor is itself", y, "c = y.contiguous()", {});
    row("a cast on the device is the core's, uploaded", y, "c = y.double()",
        {"alloc cuda:0 96", "upload 96"});
    row("an in-place op is uploaded", y, "y.add_(1)", {"upload 48"});
    row("an elementwise result is uploaded", y, "z = y * 2", {"alloc cuda:0 48", "upload 48"});
    row("a factory on the device is uploaded", "", "o = torch.ones(2, 3, device='cuda')",
        {"alloc cuda:0 24", "upload 24"});
    row("zeros are the core's writes too", "", "o = torch.zeros(2, 3, device='cuda')",
        {"alloc cuda:0 24", "upload 24"});
    row("a view makes nothing", y, "v = y[1:]", {});
    row("del frees the block", y, "del y", {"free cuda:0 48"});
    row("resize_ reallocates at the sync", y, "y.resize_(20)",
        {"free cuda:0 48", "alloc cuda:0 80", "upload 80"});
}

void TestDeviceMemory::paths() {
    QFETCH(QString, setup);
    QFETCH(QString, statement);
    QFETCH(QStringList, events);
    {
        Workspace workspace;
        workspace.importTorch();
        Interpreter interpreter(workspace);
        const std::string error = run(interpreter, setup.toStdString(), statement.toStdString());
        QVERIFY2(error.empty(), error.c_str());
        QStringList seen;
        for (const std::string& e : m_device->events)
            seen << QString::fromStdString(e);
        QCOMPARE(seen, events);
        QCOMPARE(staleMemoryCount(), std::size_t(0));
        for (const auto& [name, t] : workspace.tensors())
            QVERIFY2(blockMatchesCore(*m_device, t), name.c_str());
    }
}

// A measured copy says so in the transfer log, with the fake's 0.25 ms.
void TestDeviceMemory::measuredTransferRecord() {
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    QCOMPARE(
        QString::fromStdString(run(interpreter, kX, "p = x.pin_memory()\ny = p.cuda()\nz = y[:, 1:].cpu()")),
        QString());
    const std::vector<TransferRecord> records = takeTransfers();
    QCOMPARE(int(records.size()), 2);
    QVERIFY(records[0].measured);
    QCOMPARE(records[0].ms, 0.25);
    QCOMPARE(records[0].gbps, 48.0 / 0.25e6);
    QVERIFY(records[0].pinned && !records[0].staged);
    QVERIFY(records[1].measured);
    QCOMPARE(records[1].contiguousCopyBytes, std::int64_t(36));
}

// eval --json on a (fake) real device: measured transfers with ms and gbps, no simulated notice.
void TestDeviceMemory::evalJsonIsMeasured() {
    std::istringstream in(std::string(kX) + "y = x.cuda()\nz = y.t().contiguous()\n");
    std::ostringstream out, err;
    QCOMPARE(app::runEvalCommand({"--json", "-"}, in, out, err), 0);
    QCOMPARE(err.str(), std::string());
    std::istringstream lines(out.str());
    std::string line;
    std::vector<std::string> all;
    while (std::getline(lines, line))
        all.push_back(line);
    QCOMPARE(int(all.size()), 3);
    const std::string transfer = R"("transfer":{"bytes":48,"direction":"h2d","pinned":false,"staged":true,)"
                                 R"("measured":true,"ms":0.25,"gbps":0.000192})";
    QVERIFY2(all[1].find(transfer) != std::string::npos, all[1].c_str());
    QVERIFY2(all[2].find("transfer") == std::string::npos, all[2].c_str()); // within the device: no transfer
}

// After each statement every block holds what the core holds.
void TestDeviceMemory::deviceMemoryFollowsTheCore() {
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    for (const Statement& s : Interpreter::parse(std::string(kX) + "y = x.cuda()\n"
                                                                   "y.add_(1)\n"
                                                                   "y[0] = 5\n"
                                                                   "y[:, 1] = torch.tensor([7., 8., 9.])\n"
                                                                   "z = y.t().contiguous()\n"
                                                                   "z.mul_(2)\n"
                                                                   "y.t()[1:3].fill_(-1)\n"
                                                                   "p = z.cpu().pin_memory()\n"
                                                                   "p.sub_(3)\n"
                                                                   "w = p.cuda(non_blocking=True)\n"
                                                                   "w.copy_(y.t())\n"
                                                                   "y.zero_()\n")) {
        const StatementOutcome o = interpreter.execute(s);
        QVERIFY2(o.ok(), o.error ? o.error->what() : s.source.c_str());
        QCOMPARE(staleMemoryCount(), std::size_t(0));
        for (const auto& [name, t] : workspace.tensors())
            QVERIFY2(blockMatchesCore(*m_device, t), (s.source + ": " + name).c_str());
    }
}

// tst_cuda_storage's scripts, here on the fake device.
void TestDeviceMemory::realGpuScriptsOnTheFake_data() {
    QTest::addColumn<QString>("script");
    for (const auto& [name, body] : testing::cudaScriptCases())
        QTest::newRow(name) << QString(testing::kCudaScriptPrelude) + body;
}

void TestDeviceMemory::realGpuScriptsOnTheFake() {
    QFETCH(QString, script);
    testing::runCheckingEveryBlock(script,
                                   [this](const Tensor& t) { return blockMatchesCore(*m_device, t); });
    if (QTest::currentTestFailed())
        return;
    QVERIFY(m_device->events.size() > 0);
}

// A statement that fails after an in-place write is undone, on the device too.
void TestDeviceMemory::failedStatementIsUndoneOnTheDevice() {
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    const std::string error =
        run(interpreter, std::string(kX) + "y = x.cuda()\n", "y.add_(1).no_such_method()");
    QVERIFY(!error.empty());
    const Tensor y = workspace.find("y")->asTensor();
    QCOMPARE(y.valueAt({0, 0}).toDouble(), 0.0);
    QVERIFY(blockMatchesCore(*m_device, y));
    QCOMPARE(staleMemoryCount(), std::size_t(0));
}

void TestDeviceMemory::blocksAreFreedWithTheirStorages() {
    {
        Workspace workspace;
        workspace.importTorch();
        Interpreter interpreter(workspace);
        QCOMPARE(QString::fromStdString(run(interpreter, kX,
                                            "y = x.cuda()\np = x.pin_memory()\nz = (y + 1).t().contiguous()\n"
                                            "w = z.cpu()\n")),
                 QString());
        QCOMPARE(m_device->liveBytes(0), std::int64_t(96)); // y and z; the temporaries are gone
        QCOMPARE(m_device->liveBytes(-1), std::int64_t(48));
    }
    QCOMPARE(m_device->live.size(), std::size_t(0));
    QCOMPARE(m_device->frees, m_device->allocations);
}

void TestDeviceMemory::mismatchIsAnError_data() {
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("error");
    const std::string y = std::string(kX) + "y = x.cuda()\n";
    QTest::newRow("h2d")
        << QString(kX) << "y = x.cuda()"
        << "CUDA copy check failed: element 0 of the 12 elements of the h2d copy to cuda:0 differs "
           "from StrideScope's value (read back 40 00 00 00, expected 00 00 00 00)";
    QTest::newRow("d2h")
        << QString::fromStdString(y) << "z = y.cpu()"
        << "CUDA copy check failed: element 0 of the 12 elements of the d2h copy to cpu differs from "
           "StrideScope's value (read back 40 00 00 00, expected 00 00 00 00)";
    QTest::newRow("within the device")
        << QString::fromStdString(y) << "c = y.t().contiguous()"
        << "CUDA copy check failed: element 0 of the 12 elements of the copy within "
           "cuda:0 differs from StrideScope's value (read back 40 00 00 00, expected "
           "00 00 00 00)";
}

// The read-back check: a copy that delivered other bytes fails the statement, which is undone.
void TestDeviceMemory::mismatchIsAnError() {
    QFETCH(QString, setup);
    QFETCH(QString, statement);
    QFETCH(QString, error);
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    QCOMPARE(QString::fromStdString(run(interpreter, setup.toStdString(), "")), QString());
    m_device->corruptNextCopy = true;
    QCOMPARE(QString::fromStdString(run(interpreter, "", statement.toStdString())), error);
    const std::string name = statement.toStdString().substr(0, 1);
    QVERIFY(!workspace.contains(name)); // nothing bound
    for (const auto& [n, t] : workspace.tensors())
        QVERIFY2(blockMatchesCore(*m_device, t), n.c_str());
}

// A storage too large to keep values (layout-only) still has a real block on the device; its
// copies are checked against the bytes that were sent.
void TestDeviceMemory::layoutOnlyCopiesCheckTheRoundTrip() {
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    QCOMPARE(QString::fromStdString(run(interpreter, "x = torch.empty(2048, 4096)\n",
                                        "y = x.cuda()\nz = y[:, 1:].cpu()\nc = y.t().contiguous()")),
             QString());
    QCOMPARE(m_device->liveBytes(0), std::int64_t(2) * 2048 * 4096 * 4);
    m_device->corruptNextCopy = true;
    const std::string error = run(interpreter, "", "w = x.cuda()");
    QVERIFY2(error.rfind("CUDA copy check failed: element 0 of the 8388608 elements", 0) == 0, error.c_str());
}

void TestDeviceMemory::outOfMemory() {
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    QCOMPARE(QString::fromStdString(run(interpreter, "", "t = torch.empty(1 << 20, 1 << 20, device='cuda')")),
             QString("CUDA out of memory. Tried to allocate 4096.00 GiB (GPU 0; 2.00 GiB total capacity)"));
    QVERIFY(!workspace.contains("t"));
}

void TestDeviceMemory::formatMemorySize_data() {
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("bytes") << qint64(512) << "512 bytes";
    QTest::newRow("1 KiB is bytes") << qint64(1024) << "1024 bytes";
    QTest::newRow("KiB") << qint64(20 * 1024 + 512) << "20.50 KiB";
    QTest::newRow("MiB") << qint64(3 << 20) << "3.00 MiB";
    QTest::newRow("GiB") << (qint64(5) << 30) << "5.00 GiB";
}

void TestDeviceMemory::formatMemorySize() {
    QFETCH(qint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(gpu::formatMemorySize(bytes)), text);
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestDeviceMemory)
#include "tst_device_memory.moc"
