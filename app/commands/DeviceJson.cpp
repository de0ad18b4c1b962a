#include "app/commands/DeviceJson.h"

#include <charconv>

namespace stridescope::app {

namespace {

// Six significant digits, whatever the C locale's decimal point (to_chars ignores it). Measured
// times are always finite, so the text is a JSON number.
std::string number(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 6);
    return std::string(buffer, result.ptr);
}

} // namespace

JsonLine transferJson(const TransferRecord& t) {
    JsonLine json;
    json.add("bytes", jsonInteger(t.bytes))
        .add("direction", jsonStringValue(transferDirectionName(t.direction)))
        .add("pinned", t.pinned)
        .add("staged", t.staged)
        .add("measured", t.measured);
    if (t.measured)
        json.addJson("ms", number(t.ms)).addJson("gbps", number(t.gbps));
    return json;
}

void addDeviceFields(JsonLine& line, const Placement& placement, const TransferRecord* transfer) {
    line.add("device", jsonStringValue(placement.device.str()));
    if (placement.pinned)
        line.add("pinned", true);
    if (transfer)
        line.add("transfer", transferJson(*transfer));
}

} // namespace stridescope::app
