# Lesson 9 — channels-last memory format
# An image batch N, C, H, W can be stored with the channels innermost (NHWC) while keeping its
# logical shape: the strides change, the shape does not.
import torch

x = torch.arange(2 * 3 * 2 * 2).view(2, 3, 2, 2).float()
x.stride()                                              # (12, 4, 2, 1)
cl = x.contiguous(memory_format=torch.channels_last)
cl.shape                                                # same shape: torch.Size([2, 3, 2, 2])
cl.stride()                                             # (12, 1, 6, 3): channels are adjacent
cl.is_contiguous()                                      # False in the default sense
cl.is_contiguous(memory_format=torch.channels_last)     # True
