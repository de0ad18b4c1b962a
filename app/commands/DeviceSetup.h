#pragma once
// Start-up wiring of the core's device model: the real GPU's transfer hook (gpu/) when the CUDA
// runtime finds a device, else the reason for the simulated cuda:0; and whether that simulated
// device exists at all (--no-simulated-gpu, or the window's preference).

namespace stridescope::app {

// Queries the CUDA devices once per process and registers them with the core.
void setUpDevices(bool allowSimulatedGpu);

} // namespace stridescope::app
