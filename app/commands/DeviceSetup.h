#pragma once
// Start-up wiring of the core's device model: the real GPU's transfer hook (gpu/) when the CUDA
// runtime finds a device, else the reason for the simulated cuda:0; and whether that simulated
// device exists at all (--no-simulated-gpu, or the window's preference).
#include "core/Device.h"

#include <string>

namespace stridescope::app {

// Queries the CUDA devices once per process and registers them with the core.
void setUpDevices(bool allowSimulatedGpu);

// The eval --json fields of a tensor line after "storage_nbytes": "device", "pinned" for a
// pinned CPU tensor, and "transfer" when this statement copied into the tensor's storage.
std::string deviceJsonFields(const Placement& placement, const TransferRecord* transfer);
// The "transfer" object alone.
std::string transferJson(const TransferRecord& transfer);

} // namespace stridescope::app
