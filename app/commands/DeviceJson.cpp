#include "app/commands/DeviceJson.h"

#include <charconv>

namespace stridescope::app {

namespace {

// Six significant digits, whatever the C locale's decimal point (to_chars ignores it).
std::string number(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 6);
    return std::string(buffer, result.ptr);
}

} // namespace

std::string transferJson(const TransferRecord& t) {
    std::string out = "{\"bytes\":" + std::to_string(t.bytes) + ",\"direction\":\"" +
                      transferDirectionName(t.direction) + "\",\"pinned\":" + (t.pinned ? "true" : "false") +
                      ",\"staged\":" + (t.staged ? "true" : "false") +
                      ",\"measured\":" + (t.measured ? "true" : "false");
    if (t.measured)
        out += ",\"ms\":" + number(t.ms) + ",\"gbps\":" + number(t.gbps);
    return out + "}";
}

std::string deviceJsonFields(const Placement& placement, const TransferRecord* transfer) {
    std::string out = ",\"device\":\"" + placement.device.str() + "\"";
    if (placement.pinned)
        out += ",\"pinned\":true";
    if (transfer)
        out += ",\"transfer\":" + transferJson(*transfer);
    return out;
}

} // namespace stridescope::app
