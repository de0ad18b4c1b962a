# Lesson 11 — CPU and CUDA tensors: what .cuda() copies, and what it costs
# A tensor's Storage lives on one device. .to('cuda') / .cuda() copy it into a new Storage on the
# GPU (without a GPU, StrideScope simulates cuda:0 and says so); views of a CUDA tensor stay on
# it and share its Storage. Each host<->device copy is reported: bytes, direction, pinned or
# pageable, staged or not. (After "PyTorch Tensor 内存操作 3 大陷阱", corrected where PyTorch disagrees.)
import torch

device = torch.device('cuda')  # the article: torch.device('cuda' if torch.cuda.is_available() else 'cpu')
torch.cuda.is_available()      # True here, even on the simulated cuda:0
cpu_tensor = torch.randn(256, 256)
gpu_tensor = cpu_tensor.to(device)  # a new Storage on cuda:0: 256 KiB copied h2d, staged (pageable)
gpu_tensor.device
gpu_tensor.to('cuda').data_ptr() == gpu_tensor.data_ptr()  # nothing to change: .to() returns the tensor itself
# A copy inside a loop pays this transfer at every iteration; one copy before the loop pays it once.
pinned = cpu_tensor.pin_memory()    # a page-locked copy on the host
pinned.is_pinned()
fast = pinned.to('cuda', non_blocking=True)  # pinned: copied directly (no staging), truly asynchronous
slow = cpu_tensor.to('cuda', non_blocking=True)  # pageable: non_blocking does not make this asynchronous
t = cpu_tensor.t().cuda()           # dense but transposed: one memcpy, strides kept (1, 256)
t.stride()
n = cpu_tensor[:, 1:129].cuda()     # narrowed, not dense: made contiguous on the CPU first, then copied
n.stride()
v = gpu_tensor[1:].t()              # a view of a CUDA tensor: same device, same Storage
v.device
v.add_(1)                           # writes gpu_tensor too (and bumps the version counter they share)
# Mixing devices fails, naming the common device first: gpu_tensor.add_(cpu_tensor) raises
#   RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!
# A 0-dim CPU tensor is the one exception: it may join a CUDA op as a scalar.
gpu_tensor.add_(torch.tensor(1.0))
back = gpu_tensor.cpu()             # d2h into pageable memory: staged again
torch.cuda.memory_allocated()       # the CUDA Storages alive, in 512-byte blocks
torch.cuda.synchronize()
# The article's view example prints base as [[1, 3, 5], [2, 4, 6]]; PyTorch prints [[1, 2, 3], [4, 5, 6]]:
base = torch.arange(6).view(2, 3)
view = base.transpose(0, 1)
view.add_(1)
base
