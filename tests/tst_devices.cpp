// CPU and CUDA tensors: torch.device, .to/.cuda/.cpu/.pin_memory, the same-device check and the
// record of each host<->device copy, on the simulated cuda:0 (what runs in CI) and with the
// simulated device turned off (a CPU-only PyTorch). Expected texts are PyTorch 1.13's: the
// CPU-only behaviour and the preserve_format strides were printed by Debian's python3-torch
// (a CPU-only build: `x.to(torch.float64)` takes the same _to_copy path as `.cuda()`), the CUDA
// messages are read from PyTorch 1.13's source (TensorIterator.cpp, python_variable_methods.cpp,
// EmptyTensor.cpp). Tests that need a real GPU skip with the reason when there is none.
#include "app/commands/DeviceJson.h"
#include "app/commands/DeviceSetup.h"
#include "app/commands/EvalCommand.h"
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"
#include "app/window/SessionModel.h"
#include "core/Device.h"
#include "core/script/Interpreter.h"

#include "TestMain.h"
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QUndoStack>

#include <sstream>
#include <string>

using namespace stridescope;
using namespace stridescope::script;

namespace {

// What a Python prompt shows: printed text, the repr of each bare expression, "!! Kind: message".
QByteArray transcript(const std::string& source, std::vector<TransferRecord>* transfers = nullptr) {
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    std::string text;
    takeTransfers();
    for (const StatementOutcome& o : interpreter.run(source)) {
        text += o.printed;
        if (o.error)
            text += "!! " + o.error->describe() + "\n";
        else if (o.echo)
            text += *o.echo + "\n";
    }
    if (transfers)
        *transfers = takeTransfers();
    return QByteArray::fromStdString(text);
}

struct EvalRun {
    int status = -1;
    std::string out;
    std::string err;
    std::vector<QJsonObject> lines;
};

EvalRun eval(const std::vector<std::string>& args, const std::string& script) {
    std::istringstream in(script);
    std::ostringstream out, err;
    EvalRun r;
    r.status = app::runEvalCommand(args, in, out, err);
    r.out = out.str();
    r.err = err.str();
    std::istringstream lines(r.out);
    std::string line;
    while (std::getline(lines, line))
        r.lines.push_back(QJsonDocument::fromJson(QByteArray::fromStdString(line)).object());
    return r;
}

const char* const kX = "x = torch.arange(12.).view(3, 4)\n";

} // namespace

class TestDevices : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void simulatedDevice_data();
    void simulatedDevice();
    void copiesPreserveFormat_data();
    void copiesPreserveFormat();
    void withoutSimulatedGpu_data();
    void withoutSimulatedGpu();
    void transfers_data();
    void transfers();
    void memoryAllocatedCountsCudaBlocks();
    void evalJsonCarriesDevicesAndTransfers();
    void evalNoticeOnlyWhenCudaIsUsed();
    void evalWithoutSimulatedGpu();
    void secondArticleRuns_data();
    void secondArticleRuns();
    void realGpuMeasuresTransfers();
    void transferJsonHasTimesOnlyWhenMeasured();
    void diagramNamesTheDevice_data();
    void diagramNamesTheDevice();
    void diagramDrawsTheTransfer_data();
    void diagramDrawsTheTransfer();
    void transferArrowShowsMeasuredFigures();
    void transferGeometrySitsAboveTheStrip();
    void windowFindsTheTransferAfterUndoAndOpen();
};

void TestDevices::initTestCase() { app::setUpDevices(true); }

void TestDevices::cleanup() { setSimulatedGpuAllowed(true); }

void TestDevices::simulatedDevice_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QByteArray>("expected");
    const auto row = [](const char* name, const std::string& script, const char* expected) {
        QTest::newRow(name) << QString::fromStdString(script) << QByteArray(expected);
    };
    const std::string x = kX;
    const std::string y = x + "y = x.cuda()\n";

    // torch.device
    row("device cuda", "torch.device('cuda')", "device(type='cuda')\n");
    row("device cuda 0", "torch.device('cuda', 0)", "device(type='cuda', index=0)\n");
    row("device cuda:1 string", "torch.device('cuda:1')", "device(type='cuda', index=1)\n");
    row("device int", "torch.device(0)", "device(type='cuda', index=0)\n");
    row("device cpu", "torch.device('cpu')", "device(type='cpu')\n");
    row("device cpu none index", "torch.device('cpu', None)", "device(type='cpu')\n");
    row("device of device", "torch.device(torch.device('cuda', 0))", "device(type='cuda', index=0)\n");
    row("device str", "str(torch.device('cuda', 0))", "'cuda:0'\n");
    row("device type", "torch.device('cuda:3').type", "'cuda'\n");
    row("device index", "torch.device('cuda:3').index", "3\n");
    row("device no index", "torch.device('cuda').index", "");
    row("device equality", "torch.device('cuda') == torch.device('cuda', 0)", "False\n");
    row("device vs string", x + "x.device == 'cpu'", "False\n");
    row("device gpu", "torch.device('gpu')",
        "!! RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, "
        "xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: gpu\n");
    row("device CUDA", "torch.device('CUDA')",
        "!! RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, "
        "xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: CUDA\n");
    row("device negative string", "torch.device('cuda:-1')", "!! RuntimeError: Invalid device string: 'cuda:-1'\n");
    row("device leading zero", "torch.device('cuda:01')", "!! RuntimeError: Invalid device string: 'cuda:01'\n");
    row("device trailing space", "torch.device('cuda ')", "!! RuntimeError: Invalid device string: 'cuda '\n");
    row("device negative index", "torch.device('cuda', -1)", "!! RuntimeError: Device index must not be negative\n");
    row("device index twice", "torch.device('cuda:0', 0)",
        "!! RuntimeError: type (string) must not include an index because index was passed explicitly: cuda:0\n");
    row("device float", "torch.device(1.5)",
        "!! TypeError: Device() received an invalid combination of arguments - got (float), but expected one of:\n"
        " * (torch.device device)\n"
        "      didn't match because some of the arguments have invalid types: (!float!)\n"
        " * (str type, int index)\n\n");
    row("device no arguments", "torch.device()",
        "!! TypeError: Device() received an invalid combination of arguments - got (), but expected one of:\n"
        " * (torch.device device)\n"
        " * (str type, int index)\n\n");
    row("device attribute", "torch.device('cuda').foo",
        "!! AttributeError: 'torch.device' object has no attribute 'foo'\n");
    row("cuda attribute", "torch.cuda.foo", "!! AttributeError: module 'torch.cuda' has no attribute 'foo'\n");

    // tensor queries
    row("x.device", x + "x.device", "device(type='cpu')\n");
    row("y.device", y + "y.device", "device(type='cuda', index=0)\n");
    row("is_cuda", y + "(x.is_cuda, y.is_cuda)", "(False, True)\n");
    row("get_device", y + "(x.get_device(), y.get_device())", "(-1, 0)\n");
    row("repr float", "torch.ones(2, device='cuda')", "tensor([1., 1.], device='cuda:0')\n");
    row("repr int32", "torch.arange(3, device='cuda', dtype=torch.int32)",
        "tensor([0, 1, 2], device='cuda:0', dtype=torch.int32)\n");
    row("repr empty", "torch.zeros(0, 3, device='cuda')", "tensor([], device='cuda:0', size=(0, 3))\n");
    row("repr int64", "torch.tensor([1, 2], device='cuda:0')", "tensor([1, 2], device='cuda:0')\n");
    row("repr 0-dim", "torch.tensor(1.5, device='cuda')", "tensor(1.5000, device='cuda:0')\n");
    row("tensor of a cuda tensor", y + "torch.tensor(y).device", "device(type='cuda', index=0)\n");
    row("tensor of a cuda tensor to cpu", y + "torch.tensor(y, device='cpu').device", "device(type='cpu')\n");
    row("print cuda", "print(torch.zeros(2, dtype=torch.int8, device='cuda'))",
        "tensor([0, 0], device='cuda:0', dtype=torch.int8)\n");

    // returning self when nothing changes
    row("cuda of cuda is self", y + "y.cuda().data_ptr() == y.data_ptr()", "True\n");
    row("to cuda of cuda is self", y + "y.to('cuda').data_ptr() == y.data_ptr()", "True\n");
    row("to cuda:0 of cuda is self", y + "y.to(torch.device('cuda', 0)).data_ptr() == y.data_ptr()", "True\n");
    row("to copy is a copy", y + "y.to('cuda', copy=True).data_ptr() == y.data_ptr()", "False\n");
    row("cpu of cpu is self", x + "x.cpu().data_ptr() == x.data_ptr()", "True\n");
    row("to cpu of cpu is self", x + "x.to('cpu').data_ptr() == x.data_ptr()", "True\n");
    row("to cpu:0 copies", x + "x.to(torch.device('cpu', 0)).data_ptr() == x.data_ptr()", "False\n");
    row("to other on cuda", y + "z = x.to(y)\n(z.device, z.dtype)", "(device(type='cuda', index=0), torch.float32)\n");
    row("to other on cpu", y + "y.to(x).device", "device(type='cpu')\n");
    row("to device and dtype", y + "z = x.to('cuda', torch.float64)\n(z.device, z.dtype)",
        "(device(type='cuda', index=0), torch.float64)\n");
    row("cuda values", y + "y[2, 3].item()", "11.0\n");
    row("cpu values", y + "y.cpu()[1]", "tensor([4., 5., 6., 7.])\n");

    // pinned memory
    row("pin_memory", x + "p = x.pin_memory()\n(x.is_pinned(), p.is_pinned(), p.device)",
        "(False, True, device(type='cpu'))\n");
    row("pin_memory of pinned is self", x + "p = x.pin_memory()\np.pin_memory().data_ptr() == p.data_ptr()",
        "True\n");
    row("pin_memory keeps strides", x + "x.t().pin_memory().stride()", "(1, 4)\n");
    row("pinned to cpu is self", x + "p = x.pin_memory()\np.to('cpu').data_ptr() == p.data_ptr()", "True\n");
    row("clone of pinned is pageable", x + "x.pin_memory().clone().is_pinned()", "False\n");
    row("pinned factory", "torch.zeros(2, pin_memory=True).is_pinned()", "True\n");
    row("cuda tensor is not pinned", y + "y.is_pinned()", "False\n");
    row("pin a cuda tensor", y + "y.pin_memory()",
        "!! RuntimeError: cannot pin 'torch.cuda.FloatTensor' only dense CPU tensors can be pinned\n");
    row("pinned cuda factory", "torch.zeros(2, device='cuda', pin_memory=True)",
        "!! RuntimeError: Only dense CPU tensors can be pinned\n");

    // views stay on the device and share the storage
    row("view of cuda", y + "v = y[1:].t()\n(v.device, v.stride(), v.storage_offset())",
        "(device(type='cuda', index=0), (1, 4), 4)\n");
    row("write through a cuda view", y + "v = y[1:].t()\n_ = v.add_(1)\ny[1, 0].item()", "5.0\n");
    row("clone stays on cuda", y + "y.t().clone().device", "device(type='cuda', index=0)\n");
    row("contiguous stays on cuda", y + "y.t().contiguous().device", "device(type='cuda', index=0)\n");
    row("dtype conversion stays on cuda", y + "y.double().device", "device(type='cuda', index=0)\n");
    row("reshape copy stays on cuda", y + "y.t().reshape(12).device", "device(type='cuda', index=0)\n");
    // roll_cuda writes a contiguous result (empty_like(..., LEGACY_CONTIGUOUS_MEMORY_FORMAT)) where
    // the CPU's narrow + cat keeps channels_last; an empty tensor is its contiguous empty_like.
    const std::string channelsLast =
        "c = torch.arange(120.).view(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n";
    row("roll on the cpu keeps channels_last", channelsLast + "c.roll(1, 1).stride()", "(60, 1, 15, 3)\n");
    row("roll on cuda is contiguous",
        channelsLast + "r = c.cuda().roll(1, 1)\n(r.device, r.stride(), r[0, :, 0, 0].tolist())",
        "(device(type='cuda', index=0), (60, 20, 5, 1), [40.0, 0.0, 20.0])\n");
    row("roll of an empty cuda tensor", "torch.zeros(0, 3, device='cuda').t().roll(1, 0).stride()",
        "(1, 1)\n");
    // new_* default to self's device and dtype; Tensor.type() names the device and a name moves there
    row("new_zeros on self's device", y + "z = y.new_zeros(2)\n(z.device, z.dtype)",
        "(device(type='cuda', index=0), torch.float32)\n");
    row("new_tensor on self's device", y + "y.new_tensor([1, 2]).device", "device(type='cuda', index=0)\n");
    row("new_full device=cpu from a cuda tensor", y + "y.new_full((2,), 3, device='cpu').device",
        "device(type='cpu')\n");
    row("new_ones device=cuda from a cpu tensor", x + "x.new_ones(2, device='cuda').device",
        "device(type='cuda', index=0)\n");
    row("type of a cuda tensor", y + "y.type()", "'torch.cuda.FloatTensor'\n");
    row("type to a cuda name",
        x + "z = x.t().type('torch.cuda.DoubleTensor')\n(z.device, z.dtype, z.stride())",
        "(device(type='cuda', index=0), torch.float64, (1, 4))\n");
    row("type to a cpu name", y + "z = y.type('torch.FloatTensor')\n(z.device, z.dtype)",
        "(device(type='cpu'), torch.float32)\n");
    row("type to a dtype stays on cuda", y + "y.type(torch.int8).device", "device(type='cuda', index=0)\n");
    row("torch.tensor of a cuda transpose", y + "z = torch.tensor(y.t())\n(z.device, z.stride())",
        "(device(type='cuda', index=0), (1, 4))\n");
    row("roll of an empty cpu tensor", "torch.zeros(0, 3).t().roll(1, 0).stride()", "(1, 3)\n");

    // copy_ across devices
    row("copy_ h2d", x + "y = torch.zeros(3, 4, device='cuda')\n_ = y.copy_(x)\ny[2, 3].item()", "11.0\n");
    row("copy_ d2h", x + "y = x.cuda()\nz = torch.zeros(4, 3)\n_ = z.copy_(y.t())\nz[3, 2].item()", "11.0\n");
    row("setitem h2d", x + "y = torch.zeros(3, 4, device='cuda')\ny[1] = x[2]\ny[1, 3].item()", "11.0\n");

    // the same-device check
    const char* mixed = "!! RuntimeError: Expected all tensors to be on the same device, but found at least two "
                        "devices, cuda:0 and cpu!\n";
    row("add_ cuda cpu", y + "y.add_(x)", mixed);
    row("add_ cpu cuda", y + "x.add_(y)", mixed);
    row("mul_ cuda cpu", y + "y.mul_(x[0])", mixed);
    row("sub_ cuda cpu", y + "y.sub_(x)", mixed);
    row("inplace operator", y + "y += x", mixed);
    row("cat cuda cpu", y + "torch.cat([y, x])", mixed);
    row("stack cuda cpu", y + "torch.stack([y, x])", mixed);
    row("0-dim cpu joins cuda", y + "_ = y.add_(torch.tensor(1.))\ny[0, 0].item()", "1.0\n");
    row("0-dim cpu into cpu op", y + "_ = x.mul_(torch.tensor(2.))\nx[0, 1].item()", "2.0\n");
    row("fill_ from cpu 0-dim", y + "_ = y.fill_(torch.tensor(3.))\ny[0, 0].item()", "3.0\n");
    row("expand_as across devices", y + "y[0].expand_as(x).device", "device(type='cuda', index=0)\n");

    // torch.cuda
    row("is_available", "torch.cuda.is_available()", "True\n");
    row("device_count", "torch.cuda.device_count()", "1\n");
    row("current_device", "torch.cuda.current_device()", "0\n");
    row("synchronize", "torch.cuda.synchronize()", "");
    row("synchronize device", "torch.cuda.synchronize('cuda:0')", "");
    row("get_device_name of cpu", "torch.cuda.get_device_name('cpu')",
        "!! ValueError: Expected a cuda device, but got: cpu\n");
    row("memory_allocated of a device", "torch.cuda.memory_allocated(torch.device('cuda', 0)) >= 0", "True\n");
    row("is_available arguments", "torch.cuda.is_available(1)",
        "!! TypeError: is_available() takes 0 positional arguments but 1 was given\n");
    row("cuda with cpu", x + "x.cuda('cpu')", "!! RuntimeError: Invalid device, must be cuda device\n");
    row("cuda:1 does not exist", x + "x.cuda(1)",
        "!! RuntimeError: CUDA error: invalid device ordinal\nCUDA kernel errors might be asynchronously reported "
        "at some other API call,so the stacktrace below might be incorrect.\nFor debugging consider passing "
        "CUDA_LAUNCH_BLOCKING=1.\n");
    row("factory device object", "torch.ones(2, device=torch.device('cuda')).get_device()", "0\n");
    row("factory cpu:0", "torch.zeros(2, device='cpu:0').device", "device(type='cpu')\n");
    row("factory negative index", "torch.zeros(2, device=-1)", "!! RuntimeError: Device index must not be negative\n");
}

void TestDevices::simulatedDevice() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: these rows are for the simulated cuda:0");
    QFETCH(QString, script);
    QFETCH(QByteArray, expected);
    QCOMPARE(transcript(script.toStdString()), expected);
}

// A copy to another device has _to_copy's strides: those of a dense non-overlapping source,
// dense strides in the same dim order otherwise. Debian's torch checks the same rule on the CPU
// through x.to(torch.float64); both columns are its output.
void TestDevices::copiesPreserveFormat_data() {
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QByteArray>("strides");
    QTest::newRow("contiguous") << "x" << QByteArray("(4, 1)");
    QTest::newRow("transposed") << "x.t()" << QByteArray("(1, 4)");
    QTest::newRow("narrowed") << "x[:, 1:3]" << QByteArray("(2, 1)");
    QTest::newRow("stepped") << "x[:, ::2]" << QByteArray("(2, 1)");
    QTest::newRow("transposed and narrowed") << "x.t()[1:]" << QByteArray("(1, 3)");
    QTest::newRow("expanded") << "x.expand(2, 3, 4)" << QByteArray("(12, 4, 1)");
    QTest::newRow("expanded column") << "torch.zeros(3, 1).expand(3, 4)" << QByteArray("(4, 1)");
    QTest::newRow("permuted") << "x.view(3, 2, 2).permute(2, 0, 1)" << QByteArray("(1, 4, 2)");
    QTest::newRow("row") << "x[1]" << QByteArray("(1,)");
    QTest::newRow("column") << "x[:, 1]" << QByteArray("(1,)");
    QTest::newRow("channels last") << "torch.zeros(2, 3, 4, 5).permute(0, 2, 3, 1)" << QByteArray("(60, 5, 1, 20)");
    QTest::newRow("channels last narrowed") << "torch.zeros(2, 3, 4, 5).permute(0, 2, 3, 1)[:, 1:]"
                                            << QByteArray("(45, 5, 1, 15)");
    QTest::newRow("unsqueezed") << "x.unsqueeze(1)" << QByteArray("(4, 4, 1)");
    QTest::newRow("narrowed last") << "torch.zeros(4, 1, 3)[:, :, 1:]" << QByteArray("(2, 2, 1)");
}

void TestDevices::copiesPreserveFormat() {
    QFETCH(QString, tensor);
    QFETCH(QByteArray, strides);
    const std::string t = tensor.toStdString();
    const QByteArray line = strides + "\n";
    QCOMPARE(transcript(std::string(kX) + "(" + t + ").to(torch.float64).stride()"), line);
    QCOMPARE(transcript(std::string(kX) + "(" + t + ").cuda().stride()"), line);
    QCOMPARE(transcript(std::string(kX) + "(" + t + ").cuda().storage_offset()"), QByteArray("0\n"));
    QCOMPARE(transcript(std::string(kX) + "(" + t + ").cuda().cpu().stride()"), line);
}

// With the simulated device turned off a script sees a CPU-only PyTorch: every row is what
// Debian's (CPU-only) python3-torch prints.
void TestDevices::withoutSimulatedGpu_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QByteArray>("expected");
    const auto row = [](const char* name, const std::string& script, const QByteArray& expected) {
        QTest::newRow(name) << QString::fromStdString(script) << expected;
    };
    const std::string x = kX;
    const QByteArray notCompiled = "!! AssertionError: Torch not compiled with CUDA enabled\n";
    row("cuda()", x + "x.cuda()", notCompiled);
    row("to cuda", x + "x.to('cuda')", notCompiled);
    row("to int", x + "x.to(0)", notCompiled);
    row("to non_blocking", x + "x.to('cuda:0', non_blocking=True)", notCompiled);
    row("factory", "torch.zeros(2, device='cuda')", notCompiled);
    row("factory int device", "torch.zeros(2, device=0)", notCompiled);
    row("tensor", "torch.tensor([1], device='cuda')", notCompiled);
    row("current_device", "torch.cuda.current_device()", notCompiled);
    row("get_device_name", "torch.cuda.get_device_name()", notCompiled);
    row("synchronize", "torch.cuda.synchronize()", notCompiled);
    row("is_available", "torch.cuda.is_available()", "False\n");
    row("device_count", "torch.cuda.device_count()", "0\n");
    row("memory_allocated", "torch.cuda.memory_allocated()", "0\n");
    row("empty_cache", "torch.cuda.empty_cache()", "");
    row("device still parses", "torch.device('cuda')", "device(type='cuda')\n");
    row("is_pinned", x + "x.is_pinned()", "False\n");
    row("get_device", x + "x.get_device()", "-1\n");
    row("to cpu is self", x + "x.to('cpu').data_ptr() == x.data_ptr()", "True\n");
    row("pinned factory", "torch.zeros(2, pin_memory=True)",
        "!! RuntimeError: Pinned memory requires CUDA. PyTorch splits its backend into two shared libraries: a "
        "CPU library and a CUDA library; this error has occurred because you are trying to use some CUDA "
        "functionality, but the CUDA library has not been loaded by the dynamic linker for some reason.  The "
        "CUDA library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA library! One "
        "common culprit is a lack of -Wl,--no-as-needed in your link arguments; many dynamic linkers will delete "
        "dynamic library dependencies if you don't depend on any of their symbols.  You can check if this has "
        "occurred by using ldd on your binary to see if there is a dependency on *_cuda.so library.\n");
}

void TestDevices::withoutSimulatedGpu() {
    if (cudaDeviceHook())
        QSKIP("a real CUDA device is present, so turning the simulated one off changes nothing");
    QFETCH(QString, script);
    QFETCH(QByteArray, expected);
    setSimulatedGpuAllowed(false);
    QCOMPARE(transcript(script.toStdString()), expected);
}

void TestDevices::transfers_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("direction");
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<bool>("pinned");
    QTest::addColumn<bool>("staged");
    QTest::addColumn<bool>("asynchronous");
    QTest::addColumn<qint64>("contiguousCopyBytes");
    const auto row = [](const char* name, const std::string& script, int count, const char* direction,
                        qint64 bytes, bool pinned, bool staged, bool asynchronous, qint64 contiguousCopy) {
        QTest::newRow(name) << QString::fromStdString(script) << count << QString(direction) << bytes << pinned
                            << staged << asynchronous << contiguousCopy;
    };
    const std::string x = kX;
    row("contiguous h2d", x + "y = x.cuda()", 1, "h2d", 48, false, true, false, 0);
    row("transposed h2d is one memcpy", x + "y = x.t().cuda()", 1, "h2d", 48, false, true, false, 0);
    row("narrowed h2d is made contiguous first", x + "y = x[:, 1:3].cuda()", 1, "h2d", 24, false, true, false, 24);
    row("pinned h2d", x + "p = x.pin_memory()\ny = p.cuda()", 1, "h2d", 48, true, false, false, 0);
    row("pinned non_blocking is asynchronous", x + "p = x.pin_memory()\ny = p.to('cuda', non_blocking=True)", 1,
        "h2d", 48, true, false, true, 0);
    row("pageable non_blocking is not", x + "y = x.to('cuda', non_blocking=True)", 1, "h2d", 48, false, true,
        false, 0);
    row("narrowed pinned goes through a pageable temporary", x + "p = x.pin_memory()\ny = p[:, 1:3].cuda()", 1,
        "h2d", 24, false, true, false, 24);
    row("cast on the host first", x + "y = x.to('cuda', torch.float64)", 1, "h2d", 96, false, true, false, 96);
    row("d2h", x + "y = x.cuda()\nz = y.cpu()", 2, "d2h", 48, false, true, false, 0);
    row("narrowed d2h made contiguous on the device", x + "y = x.cuda()\nz = y[:, 1:3].cpu()", 2, "d2h", 24,
        false, true, false, 24);
    row("d2h into pinned", x + "y = x.cuda()\np = torch.zeros(3, 4, pin_memory=True)\np.copy_(y)", 2, "d2h", 48,
        true, false, false, 0);
    row("copy_ h2d", x + "y = torch.zeros(3, 4, device='cuda')\ny.copy_(x)", 1, "h2d", 48, false, true, false, 0);
    row("copy_ non_blocking into pinned", x + "y = x.cuda()\np = torch.zeros(3, 4, pin_memory=True)\np.copy_(y, non_blocking=True)",
        2, "d2h", 48, true, false, true, 0);
    row("copy_ non_blocking from pageable", x + "y = torch.zeros(3, 4, device='cuda')\ny.copy_(x, True)", 1, "h2d", 48,
        false, true, false, 0);
    row("setitem of a row", x + "y = torch.zeros(3, 4, device='cuda')\ny[1] = x[2]", 1, "h2d", 16, false, true,
        false, 0);
    row("setitem of a number", x + "y = torch.zeros(3, 4, device='cuda')\ny[1, 2] = 7", 1, "h2d", 4, false, true,
        false, 0);
}

void TestDevices::transfers() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: see realGpuMeasuresTransfers");
    QFETCH(QString, script);
    QFETCH(int, count);
    QFETCH(QString, direction);
    QFETCH(qint64, bytes);
    QFETCH(bool, pinned);
    QFETCH(bool, staged);
    QFETCH(bool, asynchronous);
    QFETCH(qint64, contiguousCopyBytes);
    std::vector<TransferRecord> records;
    const QByteArray text = transcript(script.toStdString(), &records);
    QVERIFY2(!text.contains("!!"), text.constData());
    QCOMPARE(int(records.size()), count);
    const TransferRecord& r = records.back();
    QCOMPARE(QString::fromStdString(transferDirectionName(r.direction)), direction);
    QCOMPARE(qint64(r.bytes), bytes);
    QCOMPARE(r.pinned, pinned);
    QCOMPARE(r.staged, staged);
    QCOMPARE(r.asynchronous, asynchronous);
    QCOMPARE(qint64(r.contiguousCopyBytes), contiguousCopyBytes);
    QVERIFY(!r.measured);
    QCOMPARE(r.ms, 0.0);
}

void TestDevices::memoryAllocatedCountsCudaBlocks() {
    // The caching allocator rounds to 512-byte blocks; views and CPU tensors add nothing, and a
    // deleted tensor gives its block back. Statements run one by one so that no outcome keeps
    // a tensor alive.
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    QStringList echoes;
    for (const Statement& statement : Interpreter::parse("m = torch.cuda.memory_allocated()\n"
                                                         "a = torch.ones(1000, device='cuda')\n"
                                                         "v = a[10:]\n"
                                                         "c = torch.ones(1000)\n"
                                                         "torch.cuda.memory_allocated() - m\n"
                                                         "b = torch.ones(1, device='cuda')\n"
                                                         "torch.cuda.memory_allocated() - m\n"
                                                         "del a, v, b\n"
                                                         "torch.cuda.memory_allocated() - m\n")) {
        const StatementOutcome o = interpreter.execute(statement);
        QVERIFY2(o.ok(), o.error ? o.error->what() : "");
        if (o.echo)
            echoes << QString::fromStdString(*o.echo);
    }
    QCOMPARE(echoes, QStringList({"4096", "4608", "0"}));
}

void TestDevices::evalJsonCarriesDevicesAndTransfers() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: transfers are measured there");
    const EvalRun r = eval({"--json", "-"}, std::string(kX) +
                                                "p = x.pin_memory()\n"
                                                "y = p.cuda()\n"
                                                "z = x[:, 1:3].cuda()\n"
                                                "y.device\n"
                                                "w = z.t()\n");
    QCOMPARE(r.status, 0);
    QCOMPARE(int(r.lines.size()), 6);
    // The new keys come after storage_nbytes, the old ones keep their order.
    std::istringstream lines(r.out);
    std::string first;
    std::getline(lines, first);
    QCOMPARE(QByteArray::fromStdString(first),
             QByteArray(R"({"line":1,"name":"x","shape":[3,4],"stride":[4,1],"storage_offset":0,"dtype":"float32",)"
                        R"("is_contiguous":true,"storage":0,"storage_nbytes":48,"device":"cpu"})"));
    QCOMPARE(r.lines[1].value("pinned").toBool(), true);
    QCOMPARE(r.lines[1].value("device").toString(), QString("cpu"));
    QVERIFY(!r.lines[1].contains("transfer")); // pin_memory is a copy on the host
    const QJsonObject transfer = r.lines[2].value("transfer").toObject();
    QCOMPARE(r.lines[2].value("device").toString(), QString("cuda:0"));
    QVERIFY(!r.lines[2].contains("pinned"));
    QCOMPARE(transfer.value("bytes").toInt(), 48);
    QCOMPARE(transfer.value("direction").toString(), QString("h2d"));
    QCOMPARE(transfer.value("pinned").toBool(), true);
    QCOMPARE(transfer.value("staged").toBool(), false);
    QCOMPARE(transfer.value("measured").toBool(), false);
    QVERIFY(!transfer.contains("ms"));
    QVERIFY(!transfer.contains("gbps"));
    const QJsonObject narrowed = r.lines[3].value("transfer").toObject();
    QCOMPARE(narrowed.value("bytes").toInt(), 24);
    QCOMPARE(narrowed.value("staged").toBool(), true);
    QCOMPARE(r.lines[4].value("value").toString(), QString("device(type='cuda', index=0)"));
    QVERIFY(!r.lines[4].contains("transfer"));
    QCOMPARE(r.lines[5].value("name").toString(), QString("w"));
    QCOMPARE(r.lines[5].value("device").toString(), QString("cuda:0"));
    QVERIFY(!r.lines[5].contains("transfer")); // a view copies nothing
}

void TestDevices::evalNoticeOnlyWhenCudaIsUsed() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: nothing is simulated");
    const EvalRun plain = eval({"--json", "-"}, "x = torch.ones(2)\ny = x.cpu()\nx.is_pinned()\n");
    QCOMPARE(plain.status, 0);
    QCOMPARE(plain.err, std::string());
    const EvalRun used = eval({"-"}, "x = torch.ones(2)\ntorch.cuda.is_available()\ny = x.to('cuda')\n");
    QCOMPARE(used.status, 0);
    QCOMPARE(used.out, std::string("True\n"));
    const std::string notice = "cuda:0 is simulated: no CUDA device (" + cudaNoDeviceReason() + ")\n";
    QCOMPARE(used.err, notice);
    QVERIFY(!cudaNoDeviceReason().empty());
}

void TestDevices::evalWithoutSimulatedGpu() {
    if (cudaDeviceHook())
        QSKIP("a real CUDA device is present");
    const EvalRun r = eval({"--json", "--no-simulated-gpu", "-"},
                           "x = torch.ones(2)\ntorch.cuda.is_available()\ny = x.cuda()\n");
    QCOMPARE(r.status, 1);
    QCOMPARE(int(r.lines.size()), 3);
    QCOMPARE(r.lines[1].value("value").toString(), QString("False"));
    QCOMPARE(r.lines[2].value("error").toString(), QString("Torch not compiled with CUDA enabled"));
    QCOMPARE(r.lines[2].value("kind").toString(), QString("AssertionError"));
    QCOMPARE(r.err, std::string()); // nothing simulated, nothing to say
    // The next run gets the simulated device back.
    const EvalRun again = eval({"--json", "-"}, "torch.cuda.is_available()\n");
    QCOMPARE(again.lines[0].value("value").toString(), QString("True"));
}

// The second article's code (seeds/004), each snippet as written in it, on the simulated device.
// Its loops, comprehensions, `with torch.cuda.stream(...)`, conditional expression, threads
// and autograd are outside the script language; the CUDA lines among them run here as the
// statements they are. The article's printed result for the view snippet is wrong: PyTorch
// prints [[1, 2, 3], [4, 5, 6]] (checked with python3-torch), which the lesson corrects.
void TestDevices::secondArticleRuns_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("1.1 to cuda") << "cpu_tensor = torch.randn(1000, 1000)\ngpu_tensor = cpu_tensor.to('cuda')\n"
                                    "gpu_tensor.device"
                                 << QByteArray("device(type='cuda', index=0)\n");
    QTest::newRow("1.1 loop body") << "data = torch.randn(4, 3)\ndata = data.to('cuda')\ndata.is_cuda"
                                   << QByteArray("True\n");
    QTest::newRow("1.3 non_blocking") << "cpu_tensor = torch.randn(1000, 1000)\n"
                                         "gpu_tensor = cpu_tensor.to('cuda', non_blocking=True)\n"
                                         "gpu_tensor.shape"
                                      << QByteArray("torch.Size([1000, 1000])\n");
    QTest::newRow("2.1 detach") << "y = torch.randn(3)\ny = y.detach().add_(1)\ny.shape"
                                << QByteArray("torch.Size([3])\n");
    QTest::newRow("2.2 shared tensor") << "shared_tensor = torch.ones(1000, device='cuda')\n"
                                          "_ = shared_tensor.add_(1)\nshared_tensor[999].item()"
                                       << QByteArray("2.0\n");
    QTest::newRow("2.3 view and in-place") << "base = torch.arange(6).view(2, 3)\nview = base.transpose(0, 1)\n"
                                              "_ = view.add_(1)  # 同时修改base和view！\nprint(base)"
                                           << QByteArray("tensor([[1, 2, 3],\n        [4, 5, 6]])\n");
    QTest::newRow("3.2 memory") << "torch.cuda.empty_cache()\nprint(torch.cuda.memory_allocated())"
                                << QByteArray("0\n");
    QTest::newRow("3.3 device") << "device = torch.device('cuda')\ndata = torch.randn(2, 2)\n"
                                   "data = data.to(device)\ndata.device == device"
                                << QByteArray("False\n");
    QTest::newRow("3.3 device index") << "device = torch.device('cuda:0')\ndata = torch.randn(2, 2)\n"
                                         "data = data.to(device)\ndata.device == device"
                                      << QByteArray("True\n");
    QTest::newRow("3.3 mixing") << "a = torch.ones(2).to('cuda')\nb = torch.ones(2)\na.add_(b)"
                                << QByteArray("!! RuntimeError: Expected all tensors to be on the same device, but "
                                              "found at least two devices, cuda:0 and cpu!\n");
    QTest::newRow("4.1 pin_memory") << "tensor = torch.randn(8, 8)\ntensor = tensor.pin_memory()\ntensor.is_pinned()"
                                    << QByteArray("True\n");
    QTest::newRow("4.4 synchronize") << "torch.cuda.synchronize()  # 确保所有操作完成" << QByteArray("");
}

void TestDevices::secondArticleRuns() {
    if (!cudaSimulated() && !cudaDeviceHook())
        QSKIP("no CUDA device and the simulated one is off");
    QFETCH(QString, script);
    QFETCH(QByteArray, expected);
    const QByteArray out = transcript(script.toStdString());
    if (QTest::currentDataTag() == QByteArray("3.2 memory") && cudaDeviceHook())
        return; // other storages may be alive on a real device
    QCOMPARE(out, expected);
}

void TestDevices::realGpuMeasuresTransfers() {
    CudaDeviceHook* hook = cudaDeviceHook();
    if (!hook)
        QSKIP(qPrintable(QString::fromStdString("no real CUDA device: " + cudaNoDeviceReason())));
    std::vector<TransferRecord> records;
    const QByteArray text = transcript("x = torch.randn(1024, 1024)\n"
                                       "y = x.cuda()\n"
                                       "p = x.pin_memory()\n"
                                       "q = p.cuda()\n"
                                       "n = x[:, 1:].cuda()\n"
                                       "z = y.cpu()\n"
                                       "z[5, 7].item() == x[5, 7].item()\n",
                                       &records);
    QCOMPARE(text, QByteArray("True\n"));
    QCOMPARE(int(records.size()), 4);
    for (const TransferRecord& r : records) {
        QVERIFY(r.measured);
        QVERIFY(r.ms > 0.0);
        QVERIFY(r.gbps > 0.0);
    }
    QVERIFY(records[1].pinned && !records[1].staged);
    QCOMPARE(records[2].contiguousCopyBytes, std::int64_t(1024 * 1023 * 4));
    const EvalRun r = eval({"--json", "-"}, "x = torch.ones(256, 256)\ny = x.cuda()\n");
    const QJsonObject transfer = r.lines[1].value("transfer").toObject();
    QCOMPARE(transfer.value("measured").toBool(), true);
    QVERIFY(transfer.value("ms").toDouble() > 0.0);
    QVERIFY(transfer.value("gbps").toDouble() > 0.0);
    QCOMPARE(r.err, std::string()); // a real device is not announced as simulated
}

// The contract's "transfer" object: ms and gbps only when measured (a real GPU).
void TestDevices::transferJsonHasTimesOnlyWhenMeasured() {
    TransferRecord t;
    t.bytes = 268435456;
    t.direction = TransferDirection::DeviceToHost;
    t.pinned = true;
    QCOMPARE(QByteArray::fromStdString(app::transferJson(t).text()),
             QByteArray(R"({"bytes":268435456,"direction":"d2h","pinned":true,"staged":false,"measured":false})"));
    t.measured = true;
    t.ms = 10.5;
    t.gbps = 25.565281523809525;
    QCOMPARE(QByteArray::fromStdString(app::transferJson(t).text()),
             QByteArray(R"({"bytes":268435456,"direction":"d2h","pinned":true,"staged":false,"measured":true,)"
                        R"("ms":10.5,"gbps":25.5653})"));
    app::JsonLine pinned;
    app::addDeviceFields(pinned, Placement{Device::cpu(), true}, nullptr);
    QCOMPARE(QByteArray::fromStdString(pinned.text()), QByteArray(R"({"device":"cpu","pinned":true})"));
    app::JsonLine cuda;
    app::addDeviceFields(cuda, Placement{Device::cuda(0), false}, nullptr);
    QCOMPARE(QByteArray::fromStdString(cuda.text()), QByteArray(R"({"device":"cuda:0"})"));
}

// The storage line of the diagram says where the storage is, unless it is plain CPU memory
// (so that ordinary diagrams stay as they were).
void TestDevices::diagramNamesTheDevice_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("suffix");
    QTest::newRow("cpu") << "t = torch.ones(2, 3)" << QString();
    QTest::newRow("pinned") << "t = torch.ones(2, 3).pin_memory()" << QStringLiteral(" \u00b7 cpu \u00b7 pinned");
    QTest::newRow("cuda") << "t = torch.ones(2, 3).cuda().t()" << QStringLiteral(" \u00b7 cuda:0 \u00b7 simulated");
}

void TestDevices::diagramNamesTheDevice() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: the label has no 'simulated'");
    QFETCH(QString, script);
    QFETCH(QString, suffix);
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    const auto outcomes = interpreter.run(script.toStdString());
    QVERIFY(outcomes.back().ok());
    const app::DiagramModel model = app::DiagramModel::build({QStringLiteral("t"), {}, workspace.find("t")->asTensor()});
    QVERIFY2(model.storageLine.endsWith(QStringLiteral("aligned") + suffix), qPrintable(model.storageLine));
}

namespace {

// Runs `script` and builds the diagram of `t` with the transfer its copies made, as render does.
app::DiagramModel transferModel(const QString& script) {
    Workspace workspace;
    workspace.importTorch();
    Interpreter interpreter(workspace);
    takeTransfers();
    const auto outcomes = interpreter.run(script.toStdString());
    const std::vector<TransferRecord> records = takeTransfers();
    if (outcomes.empty() || !outcomes.back().ok())
        return {};
    app::DiagramModel model =
        app::DiagramModel::build({QStringLiteral("t"), {}, workspace.find("t")->asTensor()});
    model.transfer = app::DiagramTransfer::find(model.tensor, records, workspace.tensors());
    return model;
}

} // namespace

// The diagram of a storage that a copy between devices made says where it came from, what the
// copy cost and, for a source that was not dense, the contiguous copy made on its side first
// (PyTorch's copy_kernel_cuda); a storage no copy made has no arrow, so its picture is unchanged.
void TestDevices::diagramDrawsTheTransfer_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("arrow");
    QTest::addColumn<QString>("note");
    QTest::addColumn<QString>("destination");
    const QString simulated = QStringLiteral(" \u00b7 not measured (simulated)");
    QTest::newRow("narrowed: contiguous on cpu first")
        << "x = torch.arange(12.).view(3, 4)\nt = x[:, 1:3].cuda()"
        << QStringLiteral("source: x's storage \u00b7 cpu \u00b7 48 B")
        << QStringLiteral("h2d \u00b7 24 B \u00b7 pageable, staged") + simulated
        << QStringLiteral("contiguous copy on cpu first (+24 B)")
        << QStringLiteral("\u2192 this storage: cuda:0 \u00b7 simulated");
    QTest::newRow("transposed: dense, one memcpy")
        << "x = torch.arange(12.).view(3, 4)\nt = x.t().cuda()"
        << QStringLiteral("source: x's storage \u00b7 cpu \u00b7 48 B")
        << QStringLiteral("h2d \u00b7 48 B \u00b7 pageable, staged") + simulated << QString()
        << QStringLiteral("\u2192 this storage: cuda:0 \u00b7 simulated");
    QTest::newRow("pinned, non_blocking")
        << "x = torch.ones(2, 3).pin_memory()\nt = x.cuda(non_blocking=True)"
        << QStringLiteral("source: x's storage \u00b7 cpu \u00b7 pinned \u00b7 24 B")
        << QStringLiteral("h2d \u00b7 24 B \u00b7 pinned, direct \u00b7 non_blocking: asynchronous") +
               simulated
        << QString() << QStringLiteral("\u2192 this storage: cuda:0 \u00b7 simulated");
    QTest::newRow("pageable, non_blocking is synchronous")
        << "x = torch.ones(2, 3)\nt = x.to('cuda', non_blocking=True)"
        << QStringLiteral("source: x's storage \u00b7 cpu \u00b7 24 B")
        << QStringLiteral("h2d \u00b7 24 B \u00b7 pageable, staged \u00b7 non_blocking: synchronous") +
               simulated
        << QString() << QStringLiteral("\u2192 this storage: cuda:0 \u00b7 simulated");
    QTest::newRow("back to the host")
        << "x = torch.ones(2, 3, dtype=torch.int64).cuda()\nt = x.cpu()"
        << QStringLiteral("source: x's storage \u00b7 cuda:0 \u00b7 simulated \u00b7 48 B")
        << QStringLiteral("d2h \u00b7 48 B \u00b7 pageable, staged") + simulated << QString()
        << QStringLiteral("\u2192 this storage: cpu");
    QTest::newRow("from a temporary")
        << "t = torch.arange(4.).cuda()" << QStringLiteral("source: a temporary \u00b7 cpu")
        << QStringLiteral("h2d \u00b7 16 B \u00b7 pageable, staged") + simulated << QString()
        << QStringLiteral("\u2192 this storage: cuda:0 \u00b7 simulated");
    QTest::newRow("a view of the copy")
        << "x = torch.arange(4.)\ny = x.cuda()\nt = y[1:]"
        << QStringLiteral("source: x's storage \u00b7 cpu \u00b7 16 B")
        << QStringLiteral("h2d \u00b7 16 B \u00b7 pageable, staged") + simulated << QString()
        << QStringLiteral("\u2192 this storage: cuda:0 \u00b7 simulated");
    QTest::newRow("computed on the device: no copy")
        << "x = torch.ones(2, 3).cuda()\nt = x + 1" << QString() << QString() << QString() << QString();
    QTest::newRow("cpu only: no copy")
        << "t = torch.ones(2, 3).t()" << QString() << QString() << QString() << QString();
}

void TestDevices::diagramDrawsTheTransfer() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: the copies are measured, not simulated");
    QFETCH(QString, script);
    QFETCH(QString, source);
    QFETCH(QString, arrow);
    QFETCH(QString, note);
    QFETCH(QString, destination);
    const app::DiagramModel model = transferModel(script);
    QVERIFY(model.tensor.defined());
    QCOMPARE(model.transfer.has_value(), !source.isEmpty());
    if (!model.transfer)
        return;
    QCOMPARE(model.transfer->source, source);
    QCOMPARE(model.transfer->arrowLabel, arrow);
    QCOMPARE(model.transfer->contiguousNote, note);
    QCOMPARE(model.transfer->destination, destination);
    // The Export dialog's rebuild keeps it.
    app::FigureOptions clean;
    clean.clean = true;
    QCOMPARE(model.withFigure(clean).transfer, model.transfer);
}

// On a real GPU the arrow carries the time and the bandwidth (the record's figures).
void TestDevices::transferArrowShowsMeasuredFigures() {
    TransferRecord r;
    r.from = Placement{Device::cpu(), true};
    r.to = Placement{Device::cuda(0), false};
    r.direction = TransferDirection::HostToDevice;
    r.bytes = 96;
    r.pinned = true;
    r.measured = true;
    r.ms = 0.012;
    r.gbps = 8.0;
    const app::DiagramTransfer t = app::DiagramTransfer::describe(r, QStringLiteral("x"), 96);
    QCOMPARE(t.arrowLabel,
             QStringLiteral("h2d \u00b7 96 B \u00b7 pinned, direct \u00b7 0.012 ms \u00b7 8.0 GB/s"));
    r.gbps = 8.04;
    r.contiguousCopyBytes = 96;
    r.pinned = false;
    r.staged = true;
    const app::DiagramTransfer staged = app::DiagramTransfer::describe(r, QString(), -1);
    QCOMPARE(staged.arrowLabel,
             QStringLiteral("h2d \u00b7 96 B \u00b7 pageable, staged \u00b7 0.012 ms \u00b7 8.0 GB/s"));
    QCOMPARE(staged.contiguousNote, QStringLiteral("contiguous copy on cpu first (+96 B)"));
    QCOMPARE(staged.source, QStringLiteral("source: a temporary \u00b7 cpu \u00b7 pinned"));
}

// The source's box, the contiguous copy's box and the arrow stand in a column above the strip
// heading, the arrow's hops run box to box and end just above it, its figures are beside the
// line and inside the picture; the rest of the picture is the same, moved down by the band.
void TestDevices::transferGeometrySitsAboveTheStrip() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: the texts differ");
    const app::DiagramModel model =
        transferModel(QStringLiteral("x = torch.arange(12.).view(3, 4)\nt = x[:, 1:3].cuda()"));
    QVERIFY(model.transfer);
    for (const auto& theme : {app::DiagramTheme::light(), app::DiagramTheme::presentation()}) {
        const auto g = app::DiagramGeometry::compute(model, theme);
        QVERIFY(g.transfer);
        const app::TransferGeometry& t = *g.transfer;
        QVERIFY(t.sourceBox.top() >= g.storageLine.rect.bottom());
        QVERIFY(t.sourceBox.contains(t.sourceText.rect));
        QVERIFY(!t.copyBox.isNull());
        QVERIFY(t.copyBox.contains(t.copyText.rect));
        QVERIFY(t.copyBox.top() > t.sourceBox.bottom());
        QCOMPARE(t.heads.size(), std::size_t(2));
        QCOMPARE(t.heads[0].first.y(), t.sourceBox.bottom());
        QCOMPARE(t.heads[0].second.y(), t.copyBox.top());
        QCOMPARE(t.heads[1].first.y(), t.copyBox.bottom());
        QVERIFY(t.heads[1].second.y() <= g.stripHeading.rect.top());
        for (const auto& [from, tip] : t.heads) {
            QCOMPARE(from.x(), tip.x()); // straight down
            QVERIFY(t.sourceBox.left() < from.x() && from.x() < t.sourceBox.right());
        }
        QVERIFY(t.label.rect.left() > t.heads[1].first.x());
        QVERIFY(t.label.rect.top() >= t.copyBox.bottom() && t.label.rect.bottom() <= t.heads[1].second.y());
        QCOMPARE(t.label.text, model.transfer->arrowLabel);
        QVERIFY(t.destination.rect.left() > t.label.rect.right());
        QCOMPARE(t.destination.text, model.transfer->destination);
        QVERIFY(t.bounds().right() <= g.size.width() - g.margin + 0.5);
        QVERIFY(g.rowTop.front() > t.bounds().bottom());
        QCOMPARE(g.hitTest(t.sourceBox.center()).kind, app::DiagramHit::Kind::None);

        // Without the copy the same tensor has no band: everything below moves up by its height.
        app::DiagramModel plain = model;
        plain.transfer.reset();
        const auto h = app::DiagramGeometry::compute(plain, theme);
        QVERIFY(!h.transfer);
        const double shift = g.stripHeading.rect.top() - h.stripHeading.rect.top();
        QVERIFY(shift > t.bounds().height());
        QCOMPARE(g.title.rect, h.title.rect);
        QCOMPARE(g.rowTop.size(), h.rowTop.size());
        for (std::size_t i = 0; i < g.rowTop.size(); ++i)
            QVERIFY(std::abs(g.rowTop[i] - h.rowTop[i] - shift) <= 1.0); // rows are rounded
        QCOMPARE(g.cellWidth, h.cellWidth);
    }
}

// The window's session keeps the copies that made the storages it holds now: typed, replayed by
// an undo (new storages, the same copies) or by Open, the shown tensor's arrow is found.
void TestDevices::windowFindsTheTransferAfterUndoAndOpen() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: the texts differ");
    const QString arrow = QStringLiteral("h2d \u00b7 24 B \u00b7 pageable, staged \u00b7 not measured (simulated)");
    auto shownTransfer = [](const app::SessionModel& session, const char* name) {
        const auto tensor = session.tensorNamed(QString::fromLatin1(name));
        return tensor ? app::DiagramTransfer::find(*tensor, session.workspaceTransfers(), session.workspace().tensors())
                      : std::nullopt;
    };
    app::SessionModel session;
    QVERIFY(session.run(QStringLiteral("x = torch.arange(12.).view(3, 4)")));
    QVERIFY(!shownTransfer(session, "x"));
    QVERIFY(session.run(QStringLiteral("y = x[:, 1:3].cuda()")));
    auto found = shownTransfer(session, "y");
    QVERIFY(found);
    QCOMPARE(found->arrowLabel, arrow);
    QCOMPARE(found->contiguousNote, QStringLiteral("contiguous copy on cpu first (+24 B)"));
    QVERIFY(session.run(QStringLiteral("z = y + 1")));
    QVERIFY(!shownTransfer(session, "z"));
    session.undoStack()->undo();
    QVERIFY(!session.tensorNamed(QStringLiteral("z")));
    found = shownTransfer(session, "y");
    QVERIFY(found);
    QCOMPARE(found->arrowLabel, arrow);
    QVERIFY(session.load(QStringLiteral("a = torch.ones(2, 3)\nb = a.cuda()\n")));
    found = shownTransfer(session, "b");
    QVERIFY(found);
    QCOMPARE(found->source, QStringLiteral("source: a's storage \u00b7 cpu \u00b7 24 B"));
    QVERIFY(!shownTransfer(session, "y"));
}

// The diagram's geometry measures text: a GUI application (offscreen in CTest).
STRIDESCOPE_TEST_MAIN(TestDevices)
#include "tst_devices.moc"
