#pragma once
// The device fields of `eval --json` (DESIGN.md's contract): what a tensor line carries after
// "storage_nbytes". Kept apart from EvalCommand's writer so that they can be re-applied to it.
#include "core/Device.h"

#include <string>

namespace stridescope::app {

// ,"device":"cpu"|"cuda:N" then ,"pinned":true for a pinned CPU tensor, then ,"transfer":{...}
// when this statement copied into the tensor's storage.
std::string deviceJsonFields(const Placement& placement, const TransferRecord* transfer);
// {"bytes":B,"direction":"h2d"|"d2h"|"d2d","pinned":b,"staged":b,"measured":b[,"ms":T,"gbps":G]}
std::string transferJson(const TransferRecord& transfer);

} // namespace stridescope::app
