#pragma once
// The device fields of `eval --json` (DESIGN.md's contract): what a tensor line carries after
// "storage_nbytes", written through the same JsonLine as every other field.
#include "app/commands/CommandText.h"
#include "core/Device.h"

namespace stridescope::app {

// Adds "device":"cpu"|"cuda:N", then "pinned":true for a pinned CPU tensor, then
// "transfer":{...} when this statement copied into the tensor's storage.
void addDeviceFields(JsonLine& line, const Placement& placement, const TransferRecord* transfer);
// {"bytes":B,"direction":"h2d"|"d2h"|"d2d","pinned":b,"staged":b,"measured":b[,"ms":T,"gbps":G]}
JsonLine transferJson(const TransferRecord& transfer);

} // namespace stridescope::app
