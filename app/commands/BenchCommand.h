#pragma once
// `stridescope bench [--backend auto|cpu|cuda] [--mib N] [--repeat N] [--json] [--transfers]
// FILE|-`: runs a script and measures reading its last tensor through its layout (DESIGN.md,
// "Bandwidth"). The last tensor is the last tensor value any statement produced (an assignment,
// a bare expression or an in-place call), so a script may end with `x.t()`. As with `eval`,
// `torch` is imported before the script runs, and FILE is required ('-' reads `in`).
//
// The tensor's layout is scaled into a working set of --mib MiB (default 256 on a GPU, 64 on the
// CPU) read through the layout (see gpu/WorkingSet.h), and every kernel is timed (a warm-up run
// dropped, then --repeat runs, default 10). With --json each case prints one line:
//   {"backend":"cpu","case":"read_through_layout","shape":[4096,6144],"stride":[1,4096],
//    "storage_offset":0,"dtype":"float32","element_size":4,"bytes_moved":201326592,
//    "repetitions":10,"gbps_median":2.1,"gbps_best":2.5,"ms_median":95.8,"ms_best":80.4,
//    "view_shape":[4,6],"view_stride":[1,4],"device":"AMD EPYC (2 threads)"}
// Cases, in order: "read_through_layout" (what .contiguous() does; it also carries the
// coalescing model of the scaled layout: "sectors_per_request", "ideal_sectors_per_request",
// "coalescing_efficiency", "cpu_lines_per_element", "cpu_ideal_lines_per_element"), "tiled"
// (only for a transpose-like layout), "baseline_copy" (our contiguous copy of the same bytes),
// "memcpy" (std::memcpy on one thread; cudaMemcpy device to device on CUDA) and, on CUDA,
// "theoretical_peak" (2 · memory clock · bus width / 8, in gbps_median and gbps_best, with the
// time those bytes would take at that rate). bytes_moved is bytes read + bytes written per run;
// GB = 1e9. --transfers (CUDA) adds host↔device lines "h2d_pageable", "h2d_pinned",
// "d2h_pageable", "d2h_pinned" for 4 KiB … 256 MiB (shape [bytes], bytes_moved = bytes).
// Without --json a table. With --backend auto and no usable GPU the CPU measures and stderr
// says why.
//
// Exit status: 0 when measured; 1 when the script failed, produced no tensor that can be
// scaled, the chosen backend is unavailable or the working set does not fit; 2 for bad arguments
// (unknown option or backend, --mib not a positive number or more than this machine's RAM,
// --repeat not in 1..100000, no FILE) or an unreadable file. Arguments go through Qt's
// QCommandLineParser (CommandLine.h: --help, --version, --opt=value); no QCoreApplication needed.
#include <iosfwd>
#include <string>
#include <vector>

namespace stridescope::app {

// `args` are the arguments after `bench`.
int runBenchCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                    std::ostream& err);

} // namespace stridescope::app
