# 第 11 课 — CPU 与 CUDA 张量：.cuda() 拷贝了什么，代价多少
# 张量的 Storage 只在一个设备上。.to('cuda') / .cuda() 把它拷贝到 GPU 上的一个新 Storage（没有 GPU 时，
# StrideScope 模拟 cuda:0 并明确说明）；CUDA 张量的视图仍在该设备上，并共享它的 Storage。每一次
# 主机↔设备拷贝都会报告：字节数、方向、固定内存还是可分页内存、是否经过暂存。
# （取自《PyTorch Tensor 内存操作 3 大陷阱》，与 PyTorch 不符之处已更正。）
import torch

device = torch.device('cuda')  # 原文：torch.device('cuda' if torch.cuda.is_available() else 'cpu')
torch.cuda.is_available()      # 在模拟的 cuda:0 上也是 True
cpu_tensor = torch.randn(256, 256)
gpu_tensor = cpu_tensor.to(device)  # cuda:0 上的新 Storage：主机到设备拷贝 256 KiB，可分页内存要经过暂存
gpu_tensor.device
gpu_tensor.to('cuda').data_ptr() == gpu_tensor.data_ptr()  # 无需改变：.to() 返回张量本身
# 在循环里拷贝，每次迭代都付一次传输的代价；在循环之前拷贝一次，只付一次。
pinned = cpu_tensor.pin_memory()    # 主机上的一份页锁定（固定）内存拷贝
pinned.is_pinned()
fast = pinned.to('cuda', non_blocking=True)  # 固定内存：直接拷贝（不经暂存），真正异步
slow = cpu_tensor.to('cuda', non_blocking=True)  # 可分页内存：non_blocking 并不会让它异步
t = cpu_tensor.t().cuda()           # 稠密但转置：一次 memcpy，保留步长 (1, 256)
t.stride()
n = cpu_tensor[:, 1:129].cuda()     # narrow 之后不稠密：先在 CPU 上变成连续的，再拷贝
n.stride()
v = gpu_tensor[1:].t()              # CUDA 张量的视图：同一设备，同一 Storage
v.device
v.add_(1)                           # 同时写了 gpu_tensor（两者共享版本计数器）
# 混用设备会失败，先写出公共设备：gpu_tensor.add_(cpu_tensor) 报错
#   RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!
# 唯一的例外是 0 维 CPU 张量：它可以作为标量参与 CUDA 运算。
gpu_tensor.add_(torch.tensor(1.0))
back = gpu_tensor.cpu()             # 设备到主机，拷进可分页内存：又要经过暂存
torch.cuda.memory_allocated()       # 仍存活的 CUDA Storage，按 512 字节块计
torch.cuda.synchronize()
# 原文的视图示例说 base 输出 [[1, 3, 5], [2, 4, 6]]；PyTorch 实际输出 [[1, 2, 3], [4, 5, 6]]：
base = torch.arange(6).view(2, 3)
view = base.transpose(0, 1)
view.add_(1)
base
