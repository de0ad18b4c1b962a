// dtypes against PyTorch 1.13: names and item sizes, torch.promote_types and torch.can_cast for
// every pair, the value a number takes when stored in each dtype (int8/uint8/int16/int32 wrap,
// float16/bfloat16 round to nearest-even through float32 as c10 does), and exhaustive-ish sweeps of
// the float16/bfloat16 conversions. Every expectation comes from tests/data/dtype_tables.jsonl,
// written by tests/fixtures/generate_dtype_tables.py with Debian's python3-torch.
#include "core/DType.h"
#include "core/Storage.h"

#include "TestMain.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>

using namespace stridescope;

namespace {

const QList<QPair<QString, DType>>& allDTypes() {
    static const QList<QPair<QString, DType>> list{
        {QStringLiteral("bool"), DType::Bool},         {QStringLiteral("uint8"), DType::UInt8},
        {QStringLiteral("int8"), DType::Int8},         {QStringLiteral("int16"), DType::Int16},
        {QStringLiteral("int32"), DType::Int32},       {QStringLiteral("int64"), DType::Int64},
        {QStringLiteral("float16"), DType::Float16},   {QStringLiteral("bfloat16"), DType::BFloat16},
        {QStringLiteral("float32"), DType::Float32},   {QStringLiteral("float64"), DType::Float64},
    };
    return list;
}

DType dtypeNamed(const QString& name) {
    for (const auto& [n, d] : allDTypes())
        if (n == name)
            return d;
    qFatal("unknown dtype %s", qPrintable(name));
    return DType::Float32;
}

// The tables of dtype_tables.jsonl by their "table" (sweeps by their "name").
struct Tables {
    QMap<QString, QJsonObject> byName;
    QString error;
};

const Tables& tables() {
    static const Tables loaded = [] {
        Tables t;
        QFile file(QStringLiteral(STRIDESCOPE_TEST_DATA_DIR "/dtype_tables.jsonl"));
        if (!file.open(QIODevice::ReadOnly)) {
            t.error = QStringLiteral("cannot open ") + file.fileName();
            return t;
        }
        while (!file.atEnd()) {
            const QByteArray line = file.readLine().trimmed();
            if (line.isEmpty())
                continue;
            const QJsonObject object = QJsonDocument::fromJson(line).object();
            if (object.contains(QStringLiteral("header")))
                t.byName.insert(QStringLiteral("header"), object.value(QStringLiteral("header")).toObject());
            else if (object.value(QStringLiteral("table")).toString() == QStringLiteral("sweep"))
                t.byName.insert(object.value(QStringLiteral("name")).toString(), object);
            else
                t.byName.insert(object.value(QStringLiteral("table")).toString(), object);
        }
        return t;
    }();
    return loaded;
}

// ---- sweeps: the same input formulas as generate_dtype_tables.py ----------------------------------
constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001B3ull;

void forEachSweepInput(const QString& name, const std::function<void(std::uint32_t)>& visit) {
    if (name == QStringLiteral("float_to_half_ties")) {
        const std::uint32_t lows[] = {0x0000, 0x0FFF, 0x1000, 0x1001, 0x1FFF};
        for (std::uint32_t upper = 0; upper < (1u << 19); ++upper)
            for (std::uint32_t low : lows)
                visit((upper << 13) | low);
    } else if (name == QStringLiteral("float_to_bfloat16_ties")) {
        const std::uint32_t lows[] = {0x0000, 0x7FFF, 0x8000, 0x8001, 0xFFFF};
        for (std::uint32_t upper = 0; upper < (1u << 16); ++upper)
            for (std::uint32_t low : lows)
                visit((upper << 16) | low);
    } else if (name.endsWith(QStringLiteral("_stride"))) {
        for (std::uint64_t bits = 0; bits < (std::uint64_t(1) << 32); bits += 4093)
            visit(std::uint32_t(bits));
    } else if (name == QStringLiteral("float_to_half_subnormal_ties")) {
        for (int k = 0; k < 1024; ++k) {
            const std::uint32_t value = std::bit_cast<std::uint32_t>(float(std::ldexp(2.0 * k + 1, -25)));
            for (std::uint32_t bits : {value - 1, value, value + 1}) {
                visit(bits);
                visit(bits | 0x80000000u);
            }
        }
    } else {
        for (std::uint32_t bits = 0; bits < (1u << 16); ++bits)
            visit(bits);
    }
}

// The converted output word and its width in bytes.
std::uint32_t convert(const QString& name, std::uint32_t input) {
    if (name.startsWith(QStringLiteral("float_to_half")))
        return floatToHalfBits(std::bit_cast<float>(input));
    if (name.startsWith(QStringLiteral("float_to_bfloat16")))
        return floatToBFloat16Bits(std::bit_cast<float>(input));
    if (name.startsWith(QStringLiteral("half_to_float")))
        return std::bit_cast<std::uint32_t>(halfBitsToFloat(std::uint16_t(input)));
    return std::bit_cast<std::uint32_t>(bfloat16BitsToFloat(std::uint16_t(input)));
}

int outputWidth(const QString& name) { return name.startsWith(QStringLiteral("float_to")) ? 2 : 4; }

// The bits of a NaN are not observable through StrideScope; every NaN hashes as one pattern.
std::uint32_t canonical(const QString& name, std::uint32_t out) {
    if (name.startsWith(QStringLiteral("float_to_half")))
        return ((out & 0x7C00) == 0x7C00 && (out & 0x3FF)) ? 0x7E00 : out;
    if (name.startsWith(QStringLiteral("float_to_bfloat16")))
        return ((out & 0x7F80) == 0x7F80 && (out & 0x7F)) ? 0x7FC0 : out;
    return ((out & 0x7F800000) == 0x7F800000 && (out & 0x7FFFFF)) ? 0x7FC00000 : out;
}

QString hex(std::uint64_t v, int width) { return QStringLiteral("0x%1").arg(v, width, 16, QLatin1Char('0')); }

} // namespace

class TestDTypes : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void names_data();
    void names();
    void attributeNames_data();
    void attributeNames();
    void promoteTypes_data();
    void promoteTypes();
    void canCast_data();
    void canCast();
    void castScalar_data();
    void castScalar();
    void wrapping_data();
    void wrapping();
    void roundingSweep_data();
    void roundingSweep();
    void halfRoundTripsEveryFiniteValue();
};

void TestDTypes::initTestCase() {
    QVERIFY2(tables().error.isEmpty(), qPrintable(tables().error));
    QVERIFY(tables().byName.value(QStringLiteral("header")).value(QStringLiteral("torch")).toString().startsWith(
        QStringLiteral("1.13")));
}

void TestDTypes::names_data() {
    QTest::addColumn<QString>("shortName");
    QTest::addColumn<QString>("torchName");
    QTest::addColumn<int>("expectedItemSize");
    QTest::addColumn<QString>("legacyType");
    QTest::addColumn<bool>("floating");
    QTest::addColumn<QString>("scalarType");
    // The scalar type names of PyTorch's messages ("result type Float can't be cast to ... Long").
    const QMap<QString, QString> scalarTypes{
        {QStringLiteral("bool"), QStringLiteral("Bool")},       {QStringLiteral("uint8"), QStringLiteral("Byte")},
        {QStringLiteral("int8"), QStringLiteral("Char")},       {QStringLiteral("int16"), QStringLiteral("Short")},
        {QStringLiteral("int32"), QStringLiteral("Int")},       {QStringLiteral("int64"), QStringLiteral("Long")},
        {QStringLiteral("float16"), QStringLiteral("Half")},    {QStringLiteral("bfloat16"), QStringLiteral("BFloat16")},
        {QStringLiteral("float32"), QStringLiteral("Float")},   {QStringLiteral("float64"), QStringLiteral("Double")},
    };
    const QJsonArray rows = tables().byName.value(QStringLiteral("dtypes")).value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), 10);
    for (const QJsonValue& value : rows) {
        const QJsonObject row = value.toObject();
        const QString name = row.value(QStringLiteral("name")).toString();
        QTest::newRow(qPrintable(name)) << name << row.value(QStringLiteral("torch_name")).toString()
                                        << row.value(QStringLiteral("item_size")).toInt()
                                        << row.value(QStringLiteral("legacy_type")).toString()
                                        << row.value(QStringLiteral("is_floating_point")).toBool()
                                        << scalarTypes.value(name);
    }
}

void TestDTypes::names() {
    QFETCH(QString, shortName);
    QFETCH(QString, torchName);
    QFETCH(int, expectedItemSize);
    QFETCH(QString, legacyType);
    QFETCH(bool, floating);
    QFETCH(QString, scalarType);
    const DType dtype = dtypeNamed(shortName);
    QCOMPARE(stridescope::itemSize(dtype), expectedItemSize);
    QCOMPARE(QString::fromStdString(dtypeShortName(dtype)), shortName);
    QCOMPARE(QString::fromStdString(dtypeName(dtype)), torchName);
    QCOMPARE(QString::fromStdString(legacyTensorTypeName(dtype)), legacyType);
    QCOMPARE(QString::fromStdString(scalarTypeName(dtype)), scalarType);
    QCOMPARE(isFloating(dtype), floating);
    QCOMPARE(isIntegral(dtype, true), !floating);
    QCOMPARE(isIntegral(dtype, false), !floating && dtype != DType::Bool);
    QCOMPARE(categoryOf(dtype) == DTypeCategory::Floating, floating);
    QCOMPARE(categoryOf(dtype) == DTypeCategory::Boolean, dtype == DType::Bool);
}

void TestDTypes::attributeNames_data() {
    QTest::addColumn<QString>("attribute");
    QTest::addColumn<QString>("dtype"); // empty: not a dtype StrideScope knows
    // torch.<attribute> is torch.<dtype> in PyTorch 1.13.
    const char* const aliases[][2] = {
        {"float32", "float32"}, {"float", "float32"}, {"float64", "float64"}, {"double", "float64"},
        {"float16", "float16"}, {"half", "float16"},  {"bfloat16", "bfloat16"}, {"int8", "int8"},
        {"uint8", "uint8"},     {"int16", "int16"},   {"short", "int16"},     {"int32", "int32"},
        {"int", "int32"},       {"int64", "int64"},   {"long", "int64"},      {"bool", "bool"},
        {"tensor", ""},         {"channels_last", ""}, {"Float", ""},         {"", ""},
    };
    for (const auto& alias : aliases)
        QTest::newRow(qPrintable(QStringLiteral("torch.") + QString::fromLatin1(alias[0])))
            << QString::fromLatin1(alias[0]) << QString::fromLatin1(alias[1]);
}

void TestDTypes::attributeNames() {
    QFETCH(QString, attribute);
    QFETCH(QString, dtype);
    const std::optional<DType> found = dtypeFromAttributeName(attribute.toStdString());
    if (dtype.isEmpty()) {
        QVERIFY(!found.has_value());
        return;
    }
    QVERIFY(found.has_value());
    QCOMPARE(QString::fromStdString(dtypeShortName(*found)), dtype);
}

void TestDTypes::promoteTypes_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("expected");
    const QJsonObject table = tables().byName.value(QStringLiteral("promote_types"));
    const QJsonArray names = table.value(QStringLiteral("dtypes")).toArray();
    const QJsonArray result = table.value(QStringLiteral("result")).toArray();
    QCOMPARE(names.size(), 10);
    for (qsizetype i = 0; i < names.size(); ++i)
        for (qsizetype j = 0; j < names.size(); ++j) {
            const QString a = names[i].toString(), b = names[j].toString();
            QTest::newRow(qPrintable(a + QStringLiteral(" with ") + b))
                << a << b << result[i].toArray()[j].toString();
        }
}

void TestDTypes::promoteTypes() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(dtypeShortName(stridescope::promoteTypes(dtypeNamed(a), dtypeNamed(b)))), expected);
}

void TestDTypes::canCast_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<bool>("expected");
    const QJsonObject table = tables().byName.value(QStringLiteral("can_cast"));
    const QJsonArray names = table.value(QStringLiteral("dtypes")).toArray();
    const QJsonArray result = table.value(QStringLiteral("result")).toArray();
    QCOMPARE(names.size(), 10);
    for (qsizetype i = 0; i < names.size(); ++i)
        for (qsizetype j = 0; j < names.size(); ++j) {
            const QString from = names[i].toString(), to = names[j].toString();
            QTest::newRow(qPrintable(from + QStringLiteral(" to ") + to))
                << from << to << result[i].toArray()[j].toBool();
        }
}

void TestDTypes::canCast() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(bool, expected);
    QCOMPARE(stridescope::canCast(dtypeNamed(from), dtypeNamed(to)), expected);
}

// ---- castScalar: the value a Python number takes in each dtype ---------------------------------
namespace {
double numberOf(const QJsonValue& value) {
    if (value.isString()) {
        const QString s = value.toString();
        if (s == QStringLiteral("nan"))
            return std::numeric_limits<double>::quiet_NaN();
        return s.startsWith(QLatin1Char('-')) ? -std::numeric_limits<double>::infinity()
                                              : std::numeric_limits<double>::infinity();
    }
    if (value.isBool())
        return value.toBool() ? 1.0 : 0.0;
    return value.toDouble();
}
} // namespace

void TestDTypes::castScalar_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QJsonValue>("expected");
    const QJsonArray rows = tables().byName.value(QStringLiteral("cast_scalar")).value(QStringLiteral("rows")).toArray();
    QVERIFY(rows.size() > 300);
    for (const QJsonValue& entry : rows) {
        const QJsonObject row = entry.toObject();
        const QJsonValue value = row.value(QStringLiteral("value"));
        const QString shown = value.isString() ? value.toString()
                              : value.isBool() ? (value.toBool() ? QStringLiteral("True") : QStringLiteral("False"))
                              : row.value(QStringLiteral("kind")).toString() == QStringLiteral("int")
                                  ? QString::number(value.toInteger())
                                  : QString::number(value.toDouble(), 'g', 17);
        const QString dtype = row.value(QStringLiteral("dtype")).toString();
        QTest::newRow(qPrintable(QStringLiteral("%1 %2 as %3").arg(row.value(QStringLiteral("kind")).toString(), shown, dtype)))
            << row.value(QStringLiteral("kind")).toString() << value << dtype << row.value(QStringLiteral("expected"));
    }
}

void TestDTypes::castScalar() {
    QFETCH(QString, kind);
    QFETCH(QJsonValue, value);
    QFETCH(QString, dtype);
    QFETCH(QJsonValue, expected);
    Scalar input;
    if (kind == QStringLiteral("int"))
        input = Scalar::fromInt(value.toInteger());
    else if (kind == QStringLiteral("bool"))
        input = Scalar::fromBool(value.toBool());
    else
        input = Scalar::fromFloat(numberOf(value));
    const DType target = dtypeNamed(dtype);
    const Scalar result = stridescope::castScalar(input, target);
    if (target == DType::Bool) {
        QVERIFY2(result.isBool(), "a value stored in a bool tensor reads back as a bool");
        QCOMPARE(result.intValue != 0, expected.toBool());
    } else if (isFloating(target)) {
        QVERIFY2(result.isFloat(), "a value stored in a floating tensor reads back as a float");
        const double e = numberOf(expected);
        if (std::isnan(e))
            QVERIFY2(std::isnan(result.floatValue), qPrintable(QString::number(result.floatValue, 'g', 17)));
        else
            QVERIFY2(result.floatValue == e && std::signbit(result.floatValue) == std::signbit(e),
                     qPrintable(QStringLiteral("%1, torch stores %2")
                                    .arg(result.floatValue, 0, 'g', 17)
                                    .arg(e, 0, 'g', 17)));
    } else {
        QVERIFY2(result.kind == Scalar::Kind::Int, "a value stored in an integer tensor reads back as an int");
        QCOMPARE(result.intValue, expected.toInteger());
    }
}

// The wrapping the design names, spelled out (also in the table above).
void TestDTypes::wrapping_data() {
    QTest::addColumn<qint64>("value");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<qint64>("expected");
    // torch.tensor([value]).to(dtype) in PyTorch 1.13
    QTest::newRow("200 as int8") << qint64(200) << QStringLiteral("int8") << qint64(-56);
    QTest::newRow("128 as int8") << qint64(128) << QStringLiteral("int8") << qint64(-128);
    QTest::newRow("-129 as int8") << qint64(-129) << QStringLiteral("int8") << qint64(127);
    QTest::newRow("300 as uint8") << qint64(300) << QStringLiteral("uint8") << qint64(44);
    QTest::newRow("-1 as uint8") << qint64(-1) << QStringLiteral("uint8") << qint64(255);
    QTest::newRow("256 as uint8") << qint64(256) << QStringLiteral("uint8") << qint64(0);
    QTest::newRow("40000 as int16") << qint64(40000) << QStringLiteral("int16") << qint64(-25536);
    QTest::newRow("2^31 as int32") << (qint64(1) << 31) << QStringLiteral("int32") << qint64(-2147483648LL);
}

void TestDTypes::wrapping() {
    QFETCH(qint64, value);
    QFETCH(QString, dtype);
    QFETCH(qint64, expected);
    QCOMPARE(stridescope::castScalar(Scalar::fromInt(value), dtypeNamed(dtype)).intValue, expected);
}

// ---- sweeps -------------------------------------------------------------------------------------
void TestDTypes::roundingSweep_data() {
    QTest::addColumn<QString>("name");
    for (const char* name : {"float_to_half_ties", "float_to_half_stride", "float_to_half_subnormal_ties",
                             "float_to_bfloat16_ties", "float_to_bfloat16_stride", "half_to_float_all",
                             "bfloat16_to_float_all"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestDTypes::roundingSweep() {
    QFETCH(QString, name);
    const QJsonObject sweep = tables().byName.value(name);
    QVERIFY2(!sweep.isEmpty(), "sweep missing from dtype_tables.jsonl");

    // The sampled pairs first: a mismatch there says which input rounds differently.
    for (const QJsonValue& sample : sweep.value(QStringLiteral("samples")).toArray()) {
        const auto input = std::uint32_t(sample.toArray()[0].toInteger());
        const auto expected = std::uint32_t(sample.toArray()[1].toInteger());
        const std::uint32_t actual = convert(name, input);
        if (canonical(name, actual) != canonical(name, expected))
            QFAIL(qPrintable(QStringLiteral("input bits %1: StrideScope gives %2, torch %3")
                                 .arg(hex(input, 8), hex(actual, outputWidth(name) * 2),
                                      hex(expected, outputWidth(name) * 2))));
    }

    std::uint64_t hash = kFnvOffset;
    qint64 count = 0;
    const int width = outputWidth(name);
    forEachSweepInput(name, [&](std::uint32_t input) {
        const std::uint32_t out = canonical(name, convert(name, input));
        for (int i = 0; i < width; ++i) {
            hash ^= (out >> (8 * i)) & 0xFF;
            hash *= kFnvPrime;
        }
        ++count;
    });
    QCOMPARE(count, sweep.value(QStringLiteral("count")).toInteger());
    QCOMPARE(QStringLiteral("%1").arg(hash, 16, 16, QLatin1Char('0')), sweep.value(QStringLiteral("fnv1a64")).toString());
}

// Every finite float16 and bfloat16 value survives float32 and back, and the finite values are
// strictly increasing in their bit patterns (no value is lost or reordered).
void TestDTypes::halfRoundTripsEveryFiniteValue() {
    float previousHalf = -std::numeric_limits<float>::infinity();
    float previousBf16 = -std::numeric_limits<float>::infinity();
    for (std::uint32_t bits = 0; bits < 0x7C00; ++bits) {
        const float v = halfBitsToFloat(std::uint16_t(bits));
        QCOMPARE(floatToHalfBits(v), std::uint16_t(bits));
        QCOMPARE(floatToHalfBits(-v), std::uint16_t(bits | 0x8000));
        if (bits > 0)
            QVERIFY(v > previousHalf);
        previousHalf = v;
    }
    for (std::uint32_t bits = 0; bits < 0x7F80; ++bits) {
        const float v = bfloat16BitsToFloat(std::uint16_t(bits));
        QCOMPARE(floatToBFloat16Bits(v), std::uint16_t(bits));
        if (bits > 0)
            QVERIFY(v > previousBf16);
        previousBf16 = v;
    }
    QCOMPARE(halfBitsToFloat(0x7BFF), 65504.0f);
    QCOMPARE(floatToHalfBits(65519.0f), std::uint16_t(0x7BFF)); // below the tie: largest finite
    QCOMPARE(floatToHalfBits(65520.0f), std::uint16_t(0x7C00)); // the tie rounds to even: inf
    QCOMPARE(floatToBFloat16Bits(1.00390625f), std::uint16_t(0x3F80)); // tie, even is 1.0
    QCOMPARE(floatToBFloat16Bits(1.01171875f), std::uint16_t(0x3F82)); // tie, even is up
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestDTypes)
#include "tst_dtypes.moc"
