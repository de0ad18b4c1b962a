# 第 9 课 — channels-last 内存格式
# 一批 N, C, H, W 的图像可以把通道放在最内层存储（NHWC），逻辑形状不变：
# 变的是步长，不是形状。
import torch

x = torch.arange(2 * 3 * 2 * 2).view(2, 3, 2, 2).float()
x.stride()                                              # (12, 4, 2, 1)
cl = x.contiguous(memory_format=torch.channels_last)
cl.shape                                                # 形状不变：torch.Size([2, 3, 2, 2])
cl.stride()                                             # (12, 1, 6, 3)：通道相邻
cl.is_contiguous()                                      # 按默认意义是 False
cl.is_contiguous(memory_format=torch.channels_last)     # True
