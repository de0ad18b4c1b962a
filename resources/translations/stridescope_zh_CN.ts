<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DiagramText</name>
    <message>
        <source>source: a temporary · %1</source>
        <translation>来源：临时张量 · %1</translation>
    </message>
    <message>
        <source>source: %1&apos;s storage · %2</source>
        <translation>来源：%1 的存储 · %2</translation>
    </message>
    <message>
        <source>device to device</source>
        <translation>设备到设备</translation>
    </message>
    <message>
        <source>pinned, direct</source>
        <translation>锁页内存，直接复制</translation>
    </message>
    <message>
        <source>pageable, staged</source>
        <translation>可分页内存，经暂存缓冲</translation>
    </message>
    <message>
        <source>non_blocking: asynchronous</source>
        <translation>non_blocking：异步</translation>
    </message>
    <message>
        <source>non_blocking: synchronous</source>
        <translation>non_blocking：同步</translation>
    </message>
    <message>
        <source>not measured (simulated)</source>
        <translation>未测量（模拟）</translation>
    </message>
    <message>
        <source>contiguous copy on %1 first (+%2)</source>
        <translation>先在 %1 上做一次连续复制（+%2）</translation>
    </message>
    <message>
        <source>→ this storage: %1</source>
        <translation>→ 本存储：%1</translation>
    </message>
    <message>
        <source>no tensor</source>
        <translation>没有张量</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>first</source>
        <translation>第一个</translation>
    </message>
    <message>
        <source>last logical element</source>
        <translation>最后一个逻辑元素</translation>
    </message>
    <message>
        <source>grey: not reached</source>
        <translation>灰色：未覆盖</translation>
    </message>
    <message>
        <source>ticks: 16 / 32 / 128-byte boundaries</source>
        <translation>刻度：16 / 32 / 128 字节边界</translation>
    </message>
    <message>
        <source>one square per element</source>
        <translation>每个方块一个元素</translation>
    </message>
    <message>
        <source>one square per %1 elements</source>
        <translation>每个方块 %1 个元素</translation>
    </message>
    <message>
        <source>extent [%1, %2]</source>
        <translation>范围 [%1, %2]</translation>
    </message>
    <message>
        <source>Logical view</source>
        <translation>逻辑视图</translation>
    </message>
    <message>
        <source>0-dim (one element)</source>
        <translation>0 维（一个元素）</translation>
    </message>
    <message>
        <source>row-major order</source>
        <translation>行优先顺序</translation>
    </message>
    <message>
        <source>focus %1</source>
        <translation>焦点 %1</translation>
    </message>
    <message>
        <source>dim %1: size %2, stride %3</source>
        <translation>维度 %1：大小 %2，步长 %3</translation>
    </message>
    <message>
        <source>, repeats</source>
        <translation>，重复</translation>
    </message>
    <message>
        <source>dim %1: %2</source>
        <translation>维度 %1：%2</translation>
    </message>
    <message>
        <source>%1-byte aligned</source>
        <translation>%1 字节对齐</translation>
    </message>
    <message>
        <source>allocated as %1 × %2</source>
        <translation>分配时为 %1 × %2</translation>
    </message>
    <message>
        <source>empty: shape %1 has no elements, so the view reaches no storage element</source>
        <translation>空：形状 %1 没有元素，因此该视图不覆盖任何存储元素</translation>
    </message>
    <message>
        <source>layout only: values are not kept for storages above %1 elements (this one has %2); %3 stands for a value</source>
        <translation>仅布局：超过 %1 个元素的存储不保留数值（此存储有 %2 个）；%3 代表一个数值</translation>
    </message>
    <message>
        <source>layout only: the values of this storage are unknown; %1 stands for a value</source>
        <translation>仅布局：此存储的数值未知；%1 代表一个数值</translation>
    </message>
    <message>
        <source>storage elements %1 to %2 of %3 shown (around the part it reaches)</source>
        <translation>显示存储元素 %1 到 %2，共 %3 个（围绕它覆盖的部分）</translation>
    </message>
    <message>
        <source>reach is estimated: too many elements (%1) to count one by one</source>
        <translation>覆盖范围为估算值：元素太多（%1 个），无法逐个计数</translation>
    </message>
    <message>
        <source>%1 more views of this storage are not shown as lanes</source>
        <translation>此存储另有 %1 个视图未以泳道显示</translation>
    </message>
    <message>
        <source>read from the source storage</source>
        <translation>读自源存储</translation>
    </message>
    <message>
        <source>read from %1&apos;s storage</source>
        <translation>读自 %1 的存储</translation>
    </message>
    <message>
        <source>%1: %2 of its %3 cells (copied into this tensor&apos;s own storage)</source>
        <translation>%1：其 %3 个单元格中的 %2 个（已复制到此张量自己的存储中）</translation>
    </message>
    <message>
        <source>, the first %1 drawn</source>
        <translation>，只画出前 %1 个</translation>
    </message>
    <message>
        <source>%1 badge: n logical elements read the same storage element (up to %2 here)</source>
        <translation>%1 标记：n 个逻辑元素读取同一个存储元素（此处最多 %2 个）</translation>
    </message>
    <message>
        <source>(0-dim) reads storage[%1]</source>
        <translation>(0 维) 读取 storage[%1]</translation>
    </message>
    <message>
        <source>(byte %1)</source>
        <translation>(字节 %1)</translation>
    </message>
    <message>
        <source>the storage has no elements</source>
        <translation>该存储没有元素</translation>
    </message>
    <message>
        <source>extent %1</source>
        <translation>范围 %1</translation>
    </message>
    <message>
        <source>offset %1</source>
        <translation>偏移 %1</translation>
    </message>
    <message>
        <source>hover %1</source>
        <translation>悬停 %1</translation>
    </message>
    <message>
        <source>empty: shape %1</source>
        <translation>空：形状 %1</translation>
    </message>
    <message>
        <source>dim %1 %2 columns</source>
        <translation>维度 %1 %2 列</translation>
    </message>
    <message>
        <source>dim %1 %2 rows</source>
        <translation>维度 %1 %2 行</translation>
    </message>
    <message>
        <source>dim %1 %2 blocks</source>
        <translation>维度 %1 %2 块</translation>
    </message>
    <message>
        <source>storage[%1] at %2</source>
        <translation>storage[%1] 位于 %2</translation>
    </message>
    <message>
        <source>storage[%1] from %2</source>
        <translation>storage[%1] 起始于 %2</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>未覆盖</translation>
    </message>
    <message>
        <source>read by %1</source>
        <translation>读取者 %1</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>及另外 %1 个</translation>
    </message>
    <message>
        <source>%1% reached</source>
        <translation>已覆盖 %1%</translation>
    </message>
    <message>
        <source>An empty StrideScope diagram.</source>
        <translation>一张空的 StrideScope 图。</translation>
    </message>
    <message>
        <source>Memory diagram of %1: %2. The storage strip shows %3 elements; the logical grid shows the tensor&apos;s %4 elements in row-major order.</source>
        <translation>%1 的内存图：%2。存储条显示 %3 个元素；逻辑网格按行优先顺序显示张量的 %4 个元素。</translation>
    </message>
    <message>
        <source>Beside it, the grid of %1 (%2) on the same storage.</source>
        <translation>旁边是同一存储上 %1（%2）的网格。</translation>
    </message>
    <message>
        <source>the tensor has no elements: there is no traversal to animate</source>
        <translation>张量没有元素：没有可制成动画的遍历</translation>
    </message>
    <message>
        <source>the traversal would have %1 frames, more than %2: animate a smaller tensor (a slice of it, say)</source>
        <translation>遍历将有 %1 帧，超过 %2：请为更小的张量（例如它的一个切片）制作动画</translation>
    </message>
    <message>
        <source>the animation would exceed %1 pixels on a side</source>
        <translation>动画的边长将超过 %1 像素</translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <source>each square is a block of %1 elements (%2): its colour is the logical order inside (stripes, lowest to highest, when it holds elements far apart in that order), its strength the share of elements the view reaches</source>
        <translation>每个方块是 %1 个元素（%2）组成的块：颜色表示块内的逻辑顺序（块内元素在逻辑顺序上相距很远时画成条纹，从低到高），深浅表示视图覆盖的元素所占比例</translation>
    </message>
</context>
<context>
    <name>Handout</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: the PDF could not be started</source>
        <translation>无法写入 %1：无法开始写 PDF</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>步骤 %1</translation>
    </message>
    <message>
        <source>cannot write %1: drawing the PDF failed</source>
        <translation>无法写入 %1：绘制 PDF 失败</translation>
    </message>
    <message numerus="yes">
        <source>A StrideScope handout: %n step(s), each with its statement, what the lesson says about it, its result and the tensor&apos;s memory diagram.</source>
        <translation>
            <numerusform>StrideScope 讲义：%n 个步骤，每步都有语句、课程对它的说明、结果和张量的内存图。</numerusform>
        </translation>
    </message>
    <message>
        <source>each square is a block of %1 elements (%2): its colour is the logical order inside (stripes, lowest to highest, when it holds elements far apart in that order), its strength the share of elements the view reaches</source>
        <translation>每个方块是 %1 个元素（%2）组成的块：颜色表示块内的逻辑顺序（块内元素在逻辑顺序上相距很远时画成条纹，从低到高），深浅表示视图覆盖的元素所占比例</translation>
    </message>
</context>
<context>
    <name>SessionRecovery</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cannot create a recovery file in %1</source>
        <translation>无法在 %1 中创建恢复文件</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>stridescope::app::BandwidthPanel</name>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>Where to measure: Auto uses a CUDA GPU when one is usable, else the CPU</source>
        <translation>测量位置：“自动”在有可用的 CUDA GPU 时使用 GPU，否则使用 CPU</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Bytes read through the layout per run. Default: 256 MiB on a GPU, 64 MiB on the CPU, well above the last-level cache</source>
        <translation>每次运行按布局读取的字节数。默认：GPU 上 256 MiB，CPU 上 64 MiB，远大于末级缓存</translation>
    </message>
    <message>
        <source> runs</source>
        <translation> 次</translation>
    </message>
    <message>
        <source>Timed runs per kernel per round, after one warm-up run</source>
        <translation>每轮每个内核的计时运行次数（在一次预热运行之后）</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>Measure continuously, and again whenever the layout changes</source>
        <translation>持续测量，并在布局改变时重新测量</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>Host↔device</source>
        <translation>主机↔设备</translation>
    </message>
    <message>
        <source>Measure pageable and pinned copies from 4 KiB to 256 MiB (CUDA)</source>
        <translation>测量从 4 KiB 到 256 MiB 的可分页内存与锁页内存复制（CUDA）</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Plot as PNG or PDF…</source>
        <translation>图表导出为 PNG 或 PDF…</translation>
    </message>
    <message>
        <source>Data as CSV…</source>
        <translation>数据导出为 CSV…</translation>
    </message>
    <message>
        <source>No tensor to measure yet.</source>
        <translation>还没有可测量的张量。</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>GB/s (read + write)</source>
        <translation>GB/s（读 + 写）</translation>
    </message>
    <message>
        <source>read through layout</source>
        <translation>按布局读取</translation>
    </message>
    <message>
        <source>tiled</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>best run</source>
        <translation>最佳一次</translation>
    </message>
    <message>
        <source>bytes per copy</source>
        <translation>每次复制的字节数</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>host→device, pageable</source>
        <translation>主机→设备，可分页内存</translation>
    </message>
    <message>
        <source>host→device, pinned</source>
        <translation>主机→设备，锁页内存</translation>
    </message>
    <message>
        <source>device→host, pageable</source>
        <translation>设备→主机，可分页内存</translation>
    </message>
    <message>
        <source>device→host, pinned</source>
        <translation>设备→主机，锁页内存</translation>
    </message>
    <message>
        <source>Host↔device copies need a CUDA device.</source>
        <translation>主机↔设备复制需要 CUDA 设备。</translation>
    </message>
    <message>
        <source>Tensor %1: shape %2, stride %3, offset %4, %5 bytes per element</source>
        <translation>张量 %1：形状 %2，步长 %3，偏移 %4，每个元素 %5 字节</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>No tensor to measure: run a script or build a tensor first.</source>
        <translation>没有可测量的张量：请先运行脚本或创建张量。</translation>
    </message>
    <message>
        <source>Measuring on %1: %2</source>
        <translation>正在 %1 上测量：%2</translation>
    </message>
    <message>
        <source> (theoretical peak %1 GB/s)</source>
        <translation>（理论峰值 %1 GB/s）</translation>
    </message>
    <message>
        <source>%1 backend unavailable</source>
        <translation>%1 后端不可用</translation>
    </message>
    <message>
        <source>GPU model: %1 sectors per warp request (ideal %2, efficiency %3%). </source>
        <translation>GPU 模型：每个 warp 请求 %1 个扇区（理想值 %2，效率 %3%）。</translation>
    </message>
    <message>
        <source>CPU model: %1 cache lines per element (ideal %2).</source>
        <translation>CPU 模型：每个元素 %1 条缓存行（理想值 %2）。</translation>
    </message>
    <message>
        <source>Tensor %1: shape %2, stride %3, offset %4 — measured as shape %5, stride %6, offset %7 (%8 read, %9 storage), %10 runs on %11.
%12</source>
        <translation>张量 %1：形状 %2，步长 %3，偏移 %4 —— 按形状 %5、步长 %6、偏移 %7 测量（读取 %8，存储 %9），在 %11 上运行 %10 次。
%12</translation>
    </message>
    <message>
        <source>contiguous baseline %1 GB/s</source>
        <translation>连续基线 %1 GB/s</translation>
    </message>
    <message>
        <source>theoretical peak %1 GB/s</source>
        <translation>理论峰值 %1 GB/s</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Host↔device copies need a CUDA device; measuring on %1.</source>
        <translation>主机↔设备复制需要 CUDA 设备；当前在 %1 上测量。</translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Press Host↔device to measure pageable and pinned copies.</source>
        <translation>按“主机↔设备”以测量可分页内存和锁页内存的复制。</translation>
    </message>
    <message>
        <source>Measurement failed: %1</source>
        <translation>测量失败：%1</translation>
    </message>
    <message>
        <source>unknown plot format &apos;.%1&apos; (use .png or .pdf)</source>
        <translation>未知的图表格式 &apos;.%1&apos;（请使用 .png 或 .pdf）</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;</source>
        <translation>无法写入 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>无法写入 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>this session&apos;s copies</source>
        <translation>本次会话的拷贝</translation>
    </message>
    <message numerus="yes">
        <source>this session&apos;s copies: %n, %1 MiB</source>
        <translation>
            <numerusform>本次会话的拷贝：%n 次，%1 MiB</numerusform>
        </translation>
    </message>
    <message>
        <source>not measured: cuda:0 is simulated (no CUDA device)</source>
        <translation>未测量：cuda:0 是模拟的（没有 CUDA 设备）</translation>
    </message>
    <message numerus="yes">
        <source>%n measured</source>
        <translation>
            <numerusform>已测量 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>naive: the copy walks the tensor in its logical order, as .contiguous() does; tiled: the same result moved tile by tile so that memory is read and written in whole lines; limit: our fastest plain copy of the same number of bytes on the same threads</source>
        <translation>朴素：复制按逻辑顺序遍历张量，和 .contiguous() 一样；分块：同样的结果逐块搬运，使内存按整条缓存行读写；上限：在相同线程上对相同字节数做的、我们最快的普通连续复制</translation>
    </message>
    <message>
        <source>naive (read through layout)</source>
        <translation>朴素（按布局读取）</translation>
    </message>
    <message>
        <source>naive</source>
        <translation>朴素</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>limit %1 GB/s</source>
        <translation>上限 %1 GB/s</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1× limit</source>
        <translation>上限的 %1×</translation>
    </message>
    <message>
        <source>naive
(read through layout)</source>
        <translation>朴素
（按布局读取）</translation>
    </message>
    <message>
        <source>limit
(contiguous copy)</source>
        <translation>上限
（连续复制）</translation>
    </message>
    <message>
        <source>theoretical peak</source>
        <translation>理论峰值</translation>
    </message>
    <message>
        <source>one round</source>
        <translation>一轮</translation>
    </message>
    <message>
        <source>median of %1 rounds</source>
        <translation>%1 轮的中位数</translation>
    </message>
    <message>
        <source>Limit %1 GB/s: our contiguous copy of the same %2 on the same %3 (%4). </source>
        <translation>上限 %1 GB/s：在相同的%3上对相同的 %2 做的连续复制（%4）。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>This layout reads memory in order: the naive copy runs at %1× the limit.</source>
        <translation>这个布局按顺序读取内存：朴素复制的速度是上限的 %1×。</translation>
    </message>
    <message>
        <source>The layout costs: the naive copy runs at %1× the limit; the tiled kernel recovers %2× (%3× the naive copy).</source>
        <translation>布局带来了代价：朴素复制的速度是上限的 %1×；分块内核恢复到 %2×（是朴素复制的 %3×）。</translation>
    </message>
    <message>
        <source>memcpy</source>
        <translation>memcpy</translation>
    </message>
</context>
<context>
    <name>stridescope::app::BandwidthRunner</name>
    <message>
        <source>allocation refused: not enough memory for the working set; choose a smaller one</source>
        <translation>分配被拒绝：内存不足以容纳工作集；请选择更小的工作集</translation>
    </message>
</context>
<context>
    <name>stridescope::app::FigureExportDialog</name>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>logical indices</source>
        <translation>逻辑索引</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>storage indices</source>
        <translation>存储索引</translation>
    </message>
    <message>
        <source>values</source>
        <translation>值</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>A lane per tensor on the storage</source>
        <translation>存储上每个张量一条轨道</translation>
    </message>
    <message>
        <source>Addresses, data_ptr, alignment ticks and extent</source>
        <translation>地址、data_ptr、对齐刻度和范围</translation>
    </message>
    <message>
        <source>Alt text in a .txt beside the picture</source>
        <translation>在图片旁写一个 .txt 替代文本</translation>
    </message>
    <message>
        <source>Animated GIF (*.gif);;PNG per step, {frame} in the name (*.png)</source>
        <translation>GIF 动画 (*.gif);;每步一张 PNG，文件名含 {frame} (*.png)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Cell text:</source>
        <translation>单元格文字：</translation>
    </message>
    <message>
        <source>Cells per storage row:</source>
        <translation>每行存储单元数：</translation>
    </message>
    <message>
        <source>Clean figure (no addresses, legends, footer or lanes)</source>
        <translation>简洁图（无地址、图例、页脚和轨道）</translation>
    </message>
    <message>
        <source>Export Animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <source>Export Diagram</source>
        <translation>导出图示</translation>
    </message>
    <message>
        <source>Export Handout</source>
        <translation>导出讲义</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>File (.png, .svg, .pdf, .tex):</source>
        <translation>文件（.png、.svg、.pdf、.tex）：</translation>
    </message>
    <message>
        <source>Lesson:</source>
        <translation>课程：</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;TikZ for LaTeX (*.tex)</source>
        <translation>PNG 图像 (*.png);;SVG 绘图 (*.svg);;PDF 文档 (*.pdf);;LaTeX 用 TikZ (*.tex)</translation>
    </message>
    <message>
        <source>PNG scale:</source>
        <translation>PNG 缩放：</translation>
    </message>
    <message>
        <source>Per-dim legend and colour key</source>
        <translation>各维图例和颜色说明</translation>
    </message>
    <message>
        <source>Text as outlines (SVG)</source>
        <translation>文字转为轮廓（SVG）</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <source>Transparent background (PNG, SVG)</source>
        <translation>透明背景（PNG、SVG）</translation>
    </message>
    <message>
        <source>Unknown theme %1.</source>
        <translation>未知主题 %1。</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Choose a file name ending in .png, .svg, .pdf or .tex (an animation is Traversal %1 Export Animation).</source>
        <translation>请选择以 .png、.svg、.pdf 或 .tex 结尾的文件名（动画请用 遍历 %1 导出动画）。</translation>
    </message>
</context>
<context>
    <name>stridescope::app::LayoutPreview</name>
    <message>
        <source>shape %1 · stride %2 · storage_offset %3 · is_contiguous %4</source>
        <translation>形状 %1 · 步长 %2 · storage_offset %3 · is_contiguous %4</translation>
    </message>
    <message>
        <source>A view: it reads the same storage, nothing is copied.</source>
        <translation>视图：读取同一块存储，没有复制任何元素。</translation>
    </message>
    <message>
        <source>A copy: a new storage of %1.</source>
        <translation>副本：新分配了 %1 的存储。</translation>
    </message>
</context>
<context>
    <name>stridescope::app::LessonPanel</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>End lesson</source>
        <translation>结束课程</translation>
    </message>
    <message>
        <source>Undo the last step (Shift+F10)</source>
        <translation>撤销上一步（Shift+F10）</translation>
    </message>
    <message>
        <source>Run the next statement (F10)</source>
        <translation>运行下一条语句（F10）</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Next: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>下一条：&lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;The end.&lt;/b&gt; Try your own variations in the console.</source>
        <translation>&lt;b&gt;课程结束。&lt;/b&gt;在控制台里试试你自己的变化吧。</translation>
    </message>
    <message>
        <source>%1 was expected to fail but ran.</source>
        <translation>%1 本应报错，却运行成功了。</translation>
    </message>
    <message>
        <source>step %1 of %2 · PyTorch refuses it</source>
        <translation>第 %1 步，共 %2 步 · PyTorch 拒绝执行</translation>
    </message>
    <message>
        <source>Next: &lt;code&gt;%1&lt;/code&gt; (PyTorch refuses it)</source>
        <translation>下一条：&lt;code&gt;%1&lt;/code&gt;（PyTorch 会拒绝）</translation>
    </message>
    <message>
        <source>&lt;b&gt;The end.&lt;/b&gt; Next: %1</source>
        <translation>&lt;b&gt;课程结束。&lt;/b&gt;下一课：%1</translation>
    </message>
    <message>
        <source>Next Lesson ▶</source>
        <translation>下一课 ▶</translation>
    </message>
</context>
<context>
    <name>stridescope::app::LessonsMenu</name>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Next Step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
</context>
<context>
    <name>stridescope::app::MainWindow</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>%1% (fit)</source>
        <translation>%1%（适应）</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Open Script</source>
        <translation>打开脚本</translation>
    </message>
    <message>
        <source>%1

The current session was left as it was.</source>
        <translation>%1

当前会话保持不变。</translation>
    </message>
    <message>
        <source>Export Diagram</source>
        <translation>导出图示</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>cuda:0 simulated</source>
        <translation>cuda:0（模拟）</translation>
    </message>
    <message>
        <source>Host-device copies run and are timed on this GPU.</source>
        <translation>主机与设备之间的拷贝在这块 GPU 上执行并计时。</translation>
    </message>
    <message>
        <source>Open as Lesson</source>
        <translation>作为课程打开</translation>
    </message>
    <message>
        <source>%1

StrideScope started with a new session instead.</source>
        <translation>%1

StrideScope 已改为打开一个新会话。</translation>
    </message>
    <message>
        <source>The next step makes no tensor to predict: press F10 to run it.</source>
        <translation>下一步不产生张量，无需预测：按 F10 运行它。</translation>
    </message>
    <message>
        <source>Type a statement in the console (or start a lesson), then press F9 to predict its result before it runs.</source>
        <translation>在控制台输入一条语句（或开始一节课），然后按 F9，在运行之前预测它的结果。</translation>
    </message>
    <message>
        <source>%1 makes no tensor to predict.</source>
        <translation>%1 不产生张量，无需预测。</translation>
    </message>
</context>
<context>
    <name>stridescope::app::DiagramPresenter</name>
    <message>
        <source>block %1 of %2 (Ctrl+PgUp / Ctrl+PgDown)</source>
        <translation>第 %1 块，共 %2 块（Ctrl+PgUp / Ctrl+PgDown）</translation>
    </message>
    <message>
        <source>visit %1 of %2: %3%4 reads storage[%5]</source>
        <translation>第 %1 次访问，共 %2 次：%3%4 读取 storage[%5]</translation>
    </message>
    <message>
        <source> · jump %1</source>
        <translation> · 跳跃 %1</translation>
    </message>
</context>
<context>
    <name>stridescope::app::WelcomePage</name>
    <message>
        <source>See how a tensor sits in memory</source>
        <translation>看清张量在内存中的样子</translation>
    </message>
    <message>
        <source>&lt;ol style=&quot;line-height:150%&quot;&gt;&lt;li&gt;&lt;b&gt;Build a tensor&lt;/b&gt; with the button below, or type &lt;code&gt;x = torch.arange(24).reshape(2, 3, 4)&lt;/code&gt; in the console at the bottom and press Enter.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Apply an op&lt;/b&gt; with the buttons above (Transpose, Narrow, View, …) or type PyTorch code.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Read the picture&lt;/b&gt;: the storage strip is the memory, the grid is what the tensor shows, the arrows are the strides. Hover a cell to see its address formula; press Play to walk it.&lt;/li&gt;&lt;/ol&gt;</source>
        <translation>&lt;ol style=&quot;line-height:150%&quot;&gt;&lt;li&gt;用下面的按钮&lt;b&gt;创建一个张量&lt;/b&gt;，或在底部的控制台输入 &lt;code&gt;x = torch.arange(24).reshape(2, 3, 4)&lt;/code&gt; 并按回车。&lt;/li&gt;&lt;li&gt;用上方的按钮（transpose、narrow、view……）&lt;b&gt;应用一个操作&lt;/b&gt;，或直接输入 PyTorch 代码。&lt;/li&gt;&lt;li&gt;&lt;b&gt;读图&lt;/b&gt;：存储条就是内存，网格是张量呈现的逻辑视图，箭头是步长。把鼠标悬停在单元格上可以看到它的地址公式；按“播放”可以按顺序遍历。&lt;/li&gt;&lt;/ol&gt;</translation>
    </message>
    <message>
        <source>New Tensor…</source>
        <translation>新建张量…</translation>
    </message>
    <message>
        <source>Start Lesson 1</source>
        <translation>开始第 1 课</translation>
    </message>
    <message>
        <source>Open a Script…</source>
        <translation>打开脚本…</translation>
    </message>
</context>
<context>
    <name>stridescope::app::WindowActions</name>
    <message>
        <source>&amp;New Session</source>
        <translation>新建会话(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open as &amp;Lesson…</source>
        <translation>作为课程打开(&amp;L)…</translation>
    </message>
    <message>
        <source>Step through any commented .py script as a lesson</source>
        <translation>把任何带注释的 .py 脚本当作课程逐步讲解</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export Diagram…</source>
        <translation>导出图示(&amp;E)…</translation>
    </message>
    <message>
        <source>Copy &amp;Diagram</source>
        <translation>复制图示(&amp;D)</translation>
    </message>
    <message>
        <source>Copy Script as &amp;PyTorch</source>
        <translation>复制为 &amp;PyTorch 脚本</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Undo (%1)</source>
        <translation>撤销（%1）</translation>
    </message>
    <message>
        <source>Undo “%1” (%2)</source>
        <translation>撤销“%1”（%2）</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Redo (%1)</source>
        <translation>重做（%1）</translation>
    </message>
    <message>
        <source>Redo “%1” (%2)</source>
        <translation>重做“%1”（%2）</translation>
    </message>
    <message>
        <source>Pre&amp;ferences…</source>
        <translation>首选项(&amp;F)…</translation>
    </message>
    <message>
        <source>Go to the &amp;Console</source>
        <translation>转到控制台(&amp;C)</translation>
    </message>
    <message>
        <source>New &amp;Tensor…</source>
        <translation>新建张量(&amp;T)…</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Strides in &amp;Bytes Too</source>
        <translation>同时以字节显示步长(&amp;B)</translation>
    </message>
    <message>
        <source>Storage &amp;Index in Logical Cells</source>
        <translation>逻辑单元格中显示存储索引(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Logical Index on Storage Cells</source>
        <translation>存储格子上显示逻辑下标(&amp;L)</translation>
    </message>
    <message>
        <source>Label each storage cell with the logical index that reads it</source>
        <translation>在每个存储格子上标出读取它的逻辑下标</translation>
    </message>
    <message>
        <source>Page Through &amp;Outer Dims</source>
        <translation>按外层维度分页(&amp;O)</translation>
    </message>
    <message>
        <source>Draw a tensor of 3 or more dims one 2-D block at a time instead of shrinking all of them</source>
        <translation>把 3 维及以上的张量一次画一个二维块，而不是把所有块一起缩小</translation>
    </message>
    <message>
        <source>&amp;Name the Dims…</source>
        <translation>给维度命名(&amp;N)…</translation>
    </message>
    <message>
        <source>Give the shown tensor&apos;s dims names (N, C, H, W) that the diagram shows with their numbers</source>
        <translation>给当前张量的维度起名字（N, C, H, W），图中会和维度编号一起显示</translation>
    </message>
    <message>
        <source>Name the tensor first (y = …): its dims&apos; names go with its name.</source>
        <translation>请先给张量起名（y = …）：维度的名字跟着张量的名字保存。</translation>
    </message>
    <message>
        <source>Name the Dims</source>
        <translation>给维度命名</translation>
    </message>
    <message>
        <source>Names for the %1 dims of %2, separated by commas (empty: none):</source>
        <translation>%2 的 %1 个维度的名字，用逗号分隔（留空：不命名）：</translation>
    </message>
    <message>
        <source>%1 has %2 dims: give %2 names.</source>
        <translation>%1 有 %2 个维度：请给出 %2 个名字。</translation>
    </message>
    <message>
        <source>Next Block</source>
        <translation>下一块</translation>
    </message>
    <message>
        <source>Previous Block</source>
        <translation>上一块</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Step Back</source>
        <translation>后退一步</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>从头开始</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>减慢</translation>
    </message>
    <message>
        <source>&amp;Quick Start</source>
        <translation>快速入门(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About StrideScope</source>
        <translation>关于 StrideScope(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Tensor</source>
        <translation>张量(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>T&amp;raversal</source>
        <translation>遍历(&amp;R)</translation>
    </message>
    <message>
        <source>Export &amp;Animation…</source>
        <translation>导出动画(&amp;A)…</translation>
    </message>
    <message>
        <source>Export &amp;Handout…</source>
        <translation>导出讲义(&amp;H)…</translation>
    </message>
    <message>
        <source>Pre&amp;dict, Then Reveal</source>
        <translation>先预测，再揭晓(&amp;D)</translation>
    </message>
    <message>
        <source>Hide the result of the lesson&apos;s next step (or of the console&apos;s input) and ask for its shape, stride, offset and contiguity</source>
        <translation>隐藏课程下一步（或控制台输入）的结果，先让大家预测它的形状、步长、偏移和连续性</translation>
    </message>
    <message>
        <source>&amp;Exercises</source>
        <translation>练习(&amp;E)</translation>
    </message>
    <message>
        <source>Reset the &amp;Score</source>
        <translation>得分清零(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Traversal</source>
        <translation>遍历</translation>
    </message>
    <message>
        <source>  Speed </source>
        <translation>  速度 </translation>
    </message>
    <message>
        <source>Visits per second</source>
        <translation>每秒访问的元素数</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>Quick Start</source>
        <translation>快速入门</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;1.&lt;/b&gt; Tensor → New Tensor… (Ctrl+Shift+N) builds &lt;code&gt;x = torch.arange(24).reshape(2, 3, 4)&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;&lt;b&gt;2.&lt;/b&gt; The buttons Transpose, Narrow, View, … open a form with a live preview; Apply adds the line of code to the script. Or type PyTorch in the console (Ctrl+L) and press Enter.&lt;/p&gt;&lt;p&gt;&lt;b&gt;3.&lt;/b&gt; In the diagram the strip is the storage (memory), the grid the logical view, the arrows the strides. Hover a cell to see &lt;code&gt;offset + i0·s0 + … = address&lt;/code&gt;; click to move the arrows; F5 plays the traversal in logical order.&lt;/p&gt;&lt;p&gt;&lt;b&gt;4.&lt;/b&gt; Ctrl+Z / Ctrl+Shift+Z step through the script; Lessons teaches the ideas one statement at a time (F10).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;1.&lt;/b&gt; 张量 → 新建张量…（Ctrl+Shift+N）可创建 &lt;code&gt;x = torch.arange(24).reshape(2, 3, 4)&lt;/code&gt;。&lt;/p&gt;&lt;p&gt;&lt;b&gt;2.&lt;/b&gt; transpose、narrow、view 等按钮会打开带实时预览的表单；“应用”会把这行代码加入脚本。也可以在控制台（Ctrl+L）输入 PyTorch 代码并按回车。&lt;/p&gt;&lt;p&gt;&lt;b&gt;3.&lt;/b&gt; 图示中，存储条是存储（内存），网格是逻辑视图，箭头是步长。悬停单元格可看到 &lt;code&gt;offset + i0·s0 + … = 地址&lt;/code&gt;；单击可移动箭头的起点；F5 按逻辑顺序播放遍历。&lt;/p&gt;&lt;p&gt;&lt;b&gt;4.&lt;/b&gt; Ctrl+Z / Ctrl+Shift+Z 在脚本中逐句后退和前进；“课程”菜单一次一条语句地讲解各个概念（F10）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About StrideScope</source>
        <translation>关于 StrideScope</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;StrideScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Shows how a PyTorch tensor sits in memory: storage, strides, offset, views and copies, with PyTorch&apos;s own rules and error messages.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;StrideScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;展示 PyTorch 张量在内存中的布局：存储、步长、偏移、视图与副本，遵循 PyTorch 自身的规则和错误信息。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>stridescope::app::DocumentController</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — StrideScope</source>
        <translation>%1[*] — StrideScope</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The session has changes that are not saved. Save them?</source>
        <translation>当前会话有未保存的更改。要保存吗？</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>不保存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1，第 %2 行：%3</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Open Script</source>
        <translation>打开脚本</translation>
    </message>
    <message>
        <source>PyTorch scripts (*.py);;All files (*)</source>
        <translation>PyTorch 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1

The current session was left as it was.</source>
        <translation>%1

当前会话保持不变。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save Script</source>
        <translation>保存脚本</translation>
    </message>
    <message>
        <source>session.py</source>
        <translation>session.py</translation>
    </message>
    <message>
        <source>PyTorch scripts (*.py)</source>
        <translation>PyTorch 脚本 (*.py)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>清除最近文件</translation>
    </message>
    <message>
        <source>Choose a file name ending in .png, .svg, .pdf or .tex.</source>
        <translation>请选择以 .png、.svg、.pdf 或 .tex 结尾的文件名。</translation>
    </message>
    <message>
        <source>There is no diagram to export yet.</source>
        <translation>还没有可以导出的图示。</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Diagram copied to the clipboard (image and SVG).</source>
        <translation>图示已复制到剪贴板（图像和 SVG）。</translation>
    </message>
    <message>
        <source>Script copied: paste it into Python with PyTorch installed.</source>
        <translation>脚本已复制：可粘贴到装有 PyTorch 的 Python 中运行。</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>%1 has no statement to step through.</source>
        <translation>%1 中没有可以逐步执行的语句。</translation>
    </message>
    <message>
        <source>%1: %2 was marked as failing but runs.</source>
        <translation>%1：%2 被标为会报错，但它运行成功了。</translation>
    </message>
    <message>
        <source>%1: %2 fails: %3</source>
        <translation>%1：%2 出错：%3</translation>
    </message>
    <message>
        <source>Open as Lesson</source>
        <translation>作为课程打开</translation>
    </message>
</context>
<context>
    <name>stridescope::app::CrashRecovery</name>
    <message>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>an untitled session</source>
        <translation>一个未命名的会话</translation>
    </message>
    <message>
        <source>Recover Unsaved Work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>StrideScope did not close normally. Unsaved work from %1, autosaved %2, was kept.

Restore it?</source>
        <translation>StrideScope 上次没有正常关闭。来自 %1 的未保存工作（自动保存于 %2）已被保留。

要恢复它吗？</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>不保存</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>The recovered session does not run (%1). It was kept as %2.</source>
        <translation>恢复的会话无法运行（%1）。它已保留为 %2。</translation>
    </message>
</context>
<context>
    <name>stridescope::app::OpCatalog</name>
    <message>
        <source>Transpose</source>
        <translation>转置</translation>
    </message>
    <message>
        <source>Permute</source>
        <translation>重排维度</translation>
    </message>
    <message>
        <source>Narrow</source>
        <translation>收窄</translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图 (view)</translation>
    </message>
    <message>
        <source>Reshape</source>
        <translation>重塑形状</translation>
    </message>
    <message>
        <source>Slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>选取</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Unsqueeze</source>
        <translation>插入维度</translation>
    </message>
    <message>
        <source>Squeeze</source>
        <translation>压缩维度</translation>
    </message>
    <message>
        <source>Flatten</source>
        <translation>展平</translation>
    </message>
    <message>
        <source>Contiguous</source>
        <translation>连续化</translation>
    </message>
    <message>
        <source>Clone</source>
        <translation>克隆</translation>
    </message>
    <message>
        <source>As strided</source>
        <translation>自定步长</translation>
    </message>
    <message>
        <source>Swaps two dims: their sizes and their strides trade places. A view: no element moves.</source>
        <translation>交换两个维度：它们的大小和步长互换位置。这是视图：没有元素移动。</translation>
    </message>
    <message>
        <source>Reorders all dims at once (sizes and strides together). A view.</source>
        <translation>一次性重排所有维度（大小和步长一起）。这是视图。</translation>
    </message>
    <message>
        <source>Keeps `length` indices of one dim from `start`: the offset moves, the strides stay. A view.</source>
        <translation>从 `start` 开始保留某一维的 `length` 个索引：偏移改变，步长不变。这是视图。</translation>
    </message>
    <message>
        <source>Reads the same storage with a new shape. Refused when no strides can do it without copying.</source>
        <translation>用新形状读取同一块存储。如果不复制就找不到合适的步长，则会被拒绝。</translation>
    </message>
    <message>
        <source>Like view when a view is possible; otherwise copies into a new storage.</source>
        <translation>能用视图时与 view 相同；否则复制到新的存储中。</translation>
    </message>
    <message>
        <source>x[start:stop:step] along one dim: the offset moves and the step multiplies the stride. A view.</source>
        <translation>沿某一维做 x[start:stop:step]：偏移改变，步长乘以 step。这是视图。</translation>
    </message>
    <message>
        <source>Picks one index of a dim and drops that dim: the offset moves by index × stride. A view.</source>
        <translation>选取某一维的一个索引并去掉这一维：偏移增加 index × 步长。这是视图。</translation>
    </message>
    <message>
        <source>Repeats size-1 dims without copying: the new dims get stride 0. A view.</source>
        <translation>不复制地重复大小为 1 的维度：新维度的步长为 0。这是视图。</translation>
    </message>
    <message>
        <source>Inserts a dim of size 1. A view.</source>
        <translation>插入一个大小为 1 的维度。这是视图。</translation>
    </message>
    <message>
        <source>Removes dims of size 1 (one, or all of them). A view.</source>
        <translation>去掉大小为 1 的维度（一个或全部）。这是视图。</translation>
    </message>
    <message>
        <source>Merges a run of dims into one: a view when they are contiguous together, else a copy.</source>
        <translation>把连续的若干维合并为一维：它们在内存中连续时是视图，否则是副本。</translation>
    </message>
    <message>
        <source>Returns the tensor itself when already contiguous, else copies into row-major order.</source>
        <translation>已经连续时返回张量本身，否则按行优先顺序复制。</translation>
    </message>
    <message>
        <source>Always copies into a new storage; keeps the strides of a dense input.</source>
        <translation>总是复制到新的存储；对稠密输入保留其步长。</translation>
    </message>
    <message>
        <source>Any sizes, strides and offset over the same storage. A view; elements may overlap.</source>
        <translation>在同一块存储上任意指定大小、步长和偏移。这是视图；元素可能重叠。</translation>
    </message>
    <message>
        <source>First dim</source>
        <translation>第一个维度</translation>
    </message>
    <message>
        <source>Second dim</source>
        <translation>第二个维度</translation>
    </message>
    <message>
        <source>New order of dims</source>
        <translation>新的维度顺序</translation>
    </message>
    <message>
        <source>Dim</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>终点</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步长 step</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>Storage offset</source>
        <translation>存储偏移</translation>
    </message>
    <message>
        <source>Last dim</source>
        <translation>最后一个维度</translation>
    </message>
    <message>
        <source>Memory format</source>
        <translation>内存格式</translation>
    </message>
    <message>
        <source>Build or select a tensor first.</source>
        <translation>请先创建或选择一个张量。</translation>
    </message>
    <message>
        <source>A 0-dim tensor has no dim to %1.</source>
        <translation>0 维张量没有可以 %1 的维度。</translation>
    </message>
    <message>
        <source>%1 needs a tensor of at least %2 dims.</source>
        <translation>%1 需要至少 %2 维的张量。</translation>
    </message>
    <message>
        <source>Swap axes</source>
        <translation>交换轴 (swapaxes)</translation>
    </message>
    <message>
        <source>Move axis</source>
        <translation>移动轴 (moveaxis)</translation>
    </message>
    <message>
        <source>Broadcast to</source>
        <translation>广播到 (broadcast_to)</translation>
    </message>
    <message>
        <source>Adjoint</source>
        <translation>伴随 (adjoint)</translation>
    </message>
    <message>
        <source>Ravel</source>
        <translation>拉平 (ravel)</translation>
    </message>
    <message>
        <source>Arithmetic</source>
        <translation>算术运算</translation>
    </message>
    <message>
        <source>Elementwise function</source>
        <translation>逐元素函数</translation>
    </message>
    <message>
        <source>NumPy&apos;s name for transpose: two dims trade sizes and strides. A view.</source>
        <translation>transpose 在 NumPy 中的名字：两个维度互换大小和步长。这是视图。</translation>
    </message>
    <message>
        <source>Moves one dim to a new position; the others keep their order. A view.</source>
        <translation>把一个维度移到新位置；其余维度保持原来的顺序。这是视图。</translation>
    </message>
    <message>
        <source>expand under NumPy&apos;s name: size-1 and new dims get stride 0. A view.</source>
        <translation>NumPy 名字下的 expand：大小为 1 的维度和新增的维度步长为 0。这是视图。</translation>
    </message>
    <message>
        <source>Swaps the last two dims (the conjugate is a no-op for real dtypes). A view.</source>
        <translation>交换最后两个维度（对实数 dtype 取共轭不做任何事）。这是视图。</translation>
    </message>
    <message>
        <source>contiguous().view(-1): a view of a contiguous tensor, else a copy.</source>
        <translation>contiguous().view(-1)：对连续张量是视图，否则是副本。</translation>
    </message>
    <message>
        <source>Computes new values into a new storage, broadcasting the other operand (a number or a tensor&apos;s name). The result&apos;s strides follow the inputs&apos; dim order, not row-major order: the properties panel says why.</source>
        <translation>把计算出的新值写入新的存储，并广播另一个操作数（一个数或一个张量的名字）。结果的步长遵循输入的维度顺序，而不是行优先顺序：属性面板会说明原因。</translation>
    </message>
    <message>
        <source>Applies a function to every element into a new storage that keeps the input&apos;s dim order (angle of a complex tensor copies its real result into a contiguous one).</source>
        <translation>对每个元素应用一个函数，结果写入新的存储，并保持输入的维度顺序（复数张量的 angle 会把实数结果复制到一个连续的新张量中）。</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>运算符</translation>
    </message>
    <message>
        <source>Other operand</source>
        <translation>另一个操作数</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>First axis</source>
        <translation>第一个轴</translation>
    </message>
    <message>
        <source>Second axis</source>
        <translation>第二个轴</translation>
    </message>
    <message>
        <source>Dim to move</source>
        <translation>要移动的维度</translation>
    </message>
    <message>
        <source>New position</source>
        <translation>新位置</translation>
    </message>
    <message>
        <source>Diagonal</source>
        <translation>对角线 (diagonal)</translation>
    </message>
    <message>
        <source>The elements where two dims&apos; indices differ by `offset`, as a new last dim: its stride is the sum of the two strides. A view.</source>
        <translation>两个维度的下标相差 `offset` 的那些元素，作为新的最后一维：它的步长是两个步长之和。这是视图。</translation>
    </message>
    <message>
        <source>Unfold</source>
        <translation>滑动窗口 (unfold)</translation>
    </message>
    <message>
        <source>Windows of `size` elements every `step` along one dim, as a new last dim: the windows overlap when step &lt; size, and no element is copied. A view.</source>
        <translation>沿一个维度每隔 `step` 取 `size` 个元素的窗口，作为新的最后一维：step &lt; size 时窗口相互重叠，且没有元素被复制。这是视图。</translation>
    </message>
    <message>
        <source>Unflatten</source>
        <translation>拆分维度 (unflatten)</translation>
    </message>
    <message>
        <source>Splits one dim into several whose sizes multiply to its size; their strides divide its stride. Always a view.</source>
        <translation>把一个维度拆成几个维度，它们的大小之积等于原大小；它们的步长由原步长分出。总是视图。</translation>
    </message>
    <message>
        <source>Offset from the main diagonal</source>
        <translation>相对主对角线的偏移</translation>
    </message>
    <message>
        <source>View as real</source>
        <translation>视为实数 (view_as_real)</translation>
    </message>
    <message>
        <source>Reads each complex element as its two float parts: a new last dim of size 2 and stride 1, the other strides and the offset doubled. A view.</source>
        <translation>把每个复数元素读作两个浮点数（实部和虚部）：末尾多出一个大小为 2、步长为 1 的维度，其余步长和偏移量都翻倍。这是视图。</translation>
    </message>
    <message>
        <source>Real part</source>
        <translation>实部 (.real)</translation>
    </message>
    <message>
        <source>The real parts of a complex tensor as floats: every other float of the storage, so the strides double. A view; a real tensor is returned itself.</source>
        <translation>复数张量的实部，按浮点数读取：存储中每隔一个浮点数取一个，所以步长翻倍。这是视图；实数张量直接返回它本身。</translation>
    </message>
    <message>
        <source>Imaginary part</source>
        <translation>虚部 (.imag)</translation>
    </message>
    <message>
        <source>The imaginary parts of a complex tensor as floats: like real, one float further on. A view.</source>
        <translation>复数张量的虚部，按浮点数读取：与实部相同，只是向后错开一个浮点数。这是视图。</translation>
    </message>
    <message>
        <source>Conjugate</source>
        <translation>共轭 (conj)</translation>
    </message>
    <message>
        <source>Conjugates lazily: the same storage and layout with the conjugate bit set, no element rewritten; a real tensor is returned itself. A view.</source>
        <translation>延迟共轭：存储和布局不变，只设置共轭标志位，不改写任何元素；实数张量直接返回它本身。这是视图。</translation>
    </message>
    <message>
        <source>Resolve conjugate</source>
        <translation>解析共轭 (resolve_conj)</translation>
    </message>
    <message>
        <source>Applies a pending conjugate bit by copying into a new storage; returns the tensor itself when no bit is set.</source>
        <translation>把尚未应用的共轭标志位落实：复制到新的存储中；若没有设置该标志位，则直接返回张量本身。</translation>
    </message>
    <message>
        <source>%1 needs a complex tensor (complex64 or complex128), not %2.</source>
        <translation>%1 需要复数张量（complex64 或 complex128），而不是 %2。</translation>
    </message>
    <message>
        <source>%1 needs the conjugate resolved first: apply resolve_conj(), which copies.</source>
        <translation>%1 需要先解析共轭：请先执行 resolve_conj()（它会复制数据）。</translation>
    </message>
</context>
<context>
    <name>stridescope::app::OpFormDialog</name>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Result name</source>
        <translation>结果名称</translation>
    </message>
    <message>
        <source>integers separated by commas, e.g. 6, 4 (-1: inferred)</source>
        <translation>用逗号分隔的整数，例如 6, 4（-1 表示自动推断）</translation>
    </message>
    <message>
        <source>all size-1 dims</source>
        <translation>所有大小为 1 的维度</translation>
    </message>
    <message>
        <source>No result until the arguments are valid; the input is shown.</source>
        <translation>参数有效之前没有结果；此处显示的是输入。</translation>
    </message>
    <message>
        <source>The result needs a name (letters, digits and _, not starting with a digit).</source>
        <translation>结果需要一个名称（字母、数字和 _，不能以数字开头）。</translation>
    </message>
    <message>
        <source>%1: type integers separated by commas, e.g. 6, 4</source>
        <translation>%1：请输入用逗号分隔的整数，例如 6, 4</translation>
    </message>
    <message>
        <source>Use reshape instead (copies)</source>
        <translation>改用 reshape（会复制）</translation>
    </message>
    <message>
        <source>   (size %1)</source>
        <translation>   （大小 %1）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>stridescope::app::PreferencesDialog</name>
    <message>
        <source>Arrows and addresses also in bytes</source>
        <translation>箭头和地址同时以字节显示</translation>
    </message>
    <message>
        <source>Logical cells also show the storage index they read</source>
        <translation>逻辑单元格同时显示所读取的存储索引</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source> visits/s</source>
        <translation> 次/秒</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Traversal speed</source>
        <translation>遍历速度</translation>
    </message>
    <message>
        <source>Diagram</source>
        <translation>图示</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Without a CUDA device, simulate cuda:0 (values stay on the host, nothing is timed)</source>
        <translation>没有 CUDA 设备时模拟 cuda:0（数值留在主机上，不计时）</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Turned off, scripts see a CPU-only PyTorch. Applies when StrideScope starts again.</source>
        <translation>关闭后，脚本看到的是仅支持 CPU 的 PyTorch。重新启动 StrideScope 后生效。</translation>
    </message>
    <message>
        <source>Simplified Chinese (no Chinese font installed)</source>
        <translation>Simplified Chinese (no Chinese font installed)</translation>
    </message>
    <message>
        <source>The window and the lessons change language at once.</source>
        <translation>窗口和课程会立即切换语言。</translation>
    </message>
    <message>
        <source>No font with Chinese characters is installed, so Chinese would show as boxes. Install one (Debian/Ubuntu: sudo apt install fonts-noto-cjk) and restart.</source>
        <translation>No font with Chinese characters is installed, so Chinese would show as boxes. Install one (Debian/Ubuntu: sudo apt install fonts-noto-cjk) and restart.</translation>
    </message>
</context>
<context>
    <name>stridescope::app::PropertiesPanel</name>
    <message>
        <source>contiguous: an empty tensor is always contiguous</source>
        <translation>连续：空张量总是连续的</translation>
    </message>
    <message>
        <source>not contiguous because dim %1&apos;s stride %2 ≠ %3 (the product of the sizes after it)</source>
        <translation>不连续，因为维度 %1 的步长 %2 ≠ %3（它之后各维大小的乘积）</translation>
    </message>
    <message>
        <source>not contiguous because dim %1&apos;s stride %2 ≠ %3</source>
        <translation>不连续，因为维度 %1 的步长 %2 ≠ %3</translation>
    </message>
    <message>
        <source>contiguous: each dim&apos;s stride is the product of the sizes after it</source>
        <translation>连续：每一维的步长都等于它之后各维大小的乘积</translation>
    </message>
    <message>
        <source>only a 4-D (N, C, H, W) tensor can be channels-last</source>
        <translation>只有 4 维 (N, C, H, W) 张量才可能是 channels-last</translation>
    </message>
    <message>
        <source>channels-last: C is innermost (stride 1), then W, H and N — the NHWC order</source>
        <translation>channels-last：C 在最内层（步长 1），然后是 W、H 和 N —— 即 NHWC 顺序</translation>
    </message>
    <message>
        <source>not channels-last: NHWC order would need strides %1</source>
        <translation>不是 channels-last：NHWC 顺序需要步长 %1</translation>
    </message>
    <message>
        <source>every element has its own cell and the cells it reads leave no gaps</source>
        <translation>每个元素都有自己的单元格，且读取的单元格之间没有空隙</translation>
    </message>
    <message>
        <source>not dense: several elements read the same cell</source>
        <translation>不稠密：多个元素读取同一个单元格</translation>
    </message>
    <message>
        <source>not dense: it reads %1 of the %2 cells from its first to its last</source>
        <translation>不稠密：从第一个到最后一个元素跨越 %2 个单元格，只读取其中 %1 个</translation>
    </message>
    <message>
        <source>no overlap: each storage cell is read at most once</source>
        <translation>无重叠：每个存储单元格最多被读取一次</translation>
    </message>
    <message>
        <source>overlap: up to %1 elements read the same cell (dim %2 has stride 0)</source>
        <translation>有重叠：最多 %1 个元素读取同一个单元格（维度 %2 的步长为 0）</translation>
    </message>
    <message>
        <source>overlap: up to %1 elements read the same cell (the strides revisit cells)</source>
        <translation>有重叠：最多 %1 个元素读取同一个单元格（步长使单元格被重复访问）</translation>
    </message>
    <message>
        <source>No tensor yet. Build one with Tensor → New Tensor… or type x = torch.arange(24).reshape(2, 3, 4) in the console.</source>
        <translation>还没有张量。可通过 张量 → 新建张量… 创建，或在控制台输入 x = torch.arange(24).reshape(2, 3, 4)。</translation>
    </message>
    <message>
        <source>dim %1</source>
        <translation>维度 %1</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>个元素</translation>
    </message>
    <message>
        <source>stride in bytes</source>
        <translation>字节步长</translation>
    </message>
    <message>
        <source>× itemsize %1</source>
        <translation>× 元素大小 %1</translation>
    </message>
    <message>
        <source>= %1 B from the storage&apos;s start</source>
        <translation>= 距存储起点 %1 B</translation>
    </message>
    <message>
        <source>itemsize %1 B</source>
        <translation>元素大小 %1 B</translation>
    </message>
    <message>
        <source>itemsize %1 B: a %2 real part, then a %2 imaginary part (torch.view_as_real shows the two cells)</source>
        <translation>元素大小 %1 B：先是 %2 实部，再是 %2 虚部（torch.view_as_real 显示这两个格子）</translation>
    </message>
    <message>
        <source>a lazy conjugate: the storage holds the unconjugated values; resolve_conj() copies</source>
        <translation>延迟共轭：存储中保存的是共轭之前的值；resolve_conj() 会拷贝</translation>
    </message>
    <message>
        <source>a lazy negation: the storage holds the values before it; resolve_neg() copies</source>
        <translation>延迟取负：存储中保存的是取负之前的值；resolve_neg() 会拷贝</translation>
    </message>
    <message>
        <source>%1 elements · %2</source>
        <translation>%1 个元素 · %2</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>its own</source>
        <translation>独占</translation>
    </message>
    <message>
        <source>shared with %1</source>
        <translation>与 %1 共享</translation>
    </message>
    <message>
        <source>reaches</source>
        <translation>覆盖范围</translation>
    </message>
    <message>
        <source>storage[%1 … %2]</source>
        <translation>storage[%1 … %2]</translation>
    </message>
    <message>
        <source>%1 cells spanned, %2 of the storage</source>
        <translation>跨越 %1 个单元格，占存储的 %2</translation>
    </message>
    <message>
        <source>Layout flags</source>
        <translation>布局标志</translation>
    </message>
    <message>
        <source>non-overlapping and dense</source>
        <translation>无重叠且稠密</translation>
    </message>
    <message>
        <source>overlap (fan-in &gt; 1)</source>
        <translation>重叠（扇入 &gt; 1）</translation>
    </message>
    <message>
        <source>Focused element</source>
        <translation>焦点元素</translation>
    </message>
    <message>
        <source>pinned (page-locked) host memory</source>
        <translation>固定（页锁定）主机内存</translation>
    </message>
    <message>
        <source>simulated: values held on the host</source>
        <translation>模拟的：数值保存在主机上</translation>
    </message>
    <message>
        <source>overlap: up to %1 elements read the same cell (dim %2 has stride 0); PyTorch refuses in-place writes and out= into it</source>
        <translation>有重叠：最多 %1 个元素读取同一个单元格（维度 %2 的步长为 0）；PyTorch 拒绝对它做原地写入和 out= 输出</translation>
    </message>
    <message>
        <source>overlap: up to %1 elements read the same cell (the strides revisit cells); racy for writes: PyTorch does not detect this overlap, so an in-place op runs and its values depend on the order of its loop</source>
        <translation>有重叠：最多 %1 个元素读取同一个单元格（步长使单元格被重复访问）；写入存在竞争：PyTorch 检测不到这种重叠，因此原地操作照常运行，其结果取决于它的循环顺序</translation>
    </message>
    <message>
        <source>strides from</source>
        <translation>步长来源</translation>
    </message>
    <message>
        <source>copied from the source storage</source>
        <translation>复制自源存储</translation>
    </message>
    <message>
        <source>copied from %1&apos;s storage</source>
        <translation>复制自 %1 的存储</translation>
    </message>
    <message>
        <source>cells %1</source>
        <translation>单元格 %1</translation>
    </message>
    <message>
        <source>in the order of its elements</source>
        <translation>按其元素的顺序</translation>
    </message>
    <message>
        <source>the output-layout rule of the op that made it</source>
        <translation>生成它的运算的输出布局规则</translation>
    </message>
    <message>
        <source>data_ptr() = +%1 B</source>
        <translation>data_ptr() = 此地址 +%1 B</translation>
    </message>
    <message>
        <source>bumped by every in-place write through any view</source>
        <translation>经由任何视图的每次原地写入都会使它加一</translation>
    </message>
</context>
<context>
    <name>stridescope::app::ScriptConsole</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>The session&apos;s script. Right-click a statement to delete it.</source>
        <translation>本会话的脚本。右键单击某条语句可删除它。</translation>
    </message>
    <message>
        <source>Run the code (Enter)</source>
        <translation>运行代码（回车）</translation>
    </message>
    <message>
        <source>line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>Use reshape instead (copies)</source>
        <translation>改用 reshape（会复制）</translation>
    </message>
    <message>
        <source>Delete “%1”</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <source>Cannot delete it: the rest of the script needs it. %1</source>
        <translation>无法删除：脚本的其余部分依赖它。%1</translation>
    </message>
    <message>
        <source>Copy to the input</source>
        <translation>复制到输入框</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Select All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>What the code in the input would do, before it runs</source>
        <translation>输入框中的代码运行前的预览结果</translation>
    </message>
    <message>
        <source>would raise %1: %2</source>
        <translation>将引发 %1：%2</translation>
    </message>
    <message>
        <source>%1: shape %2 · stride %3 · offset %4 · %5</source>
        <translation>%1：形状 %2 · 步长 %3 · 偏移 %4 · %5</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>new storage</source>
        <translation>新的存储</translation>
    </message>
    <message>
        <source>view of %1&apos;s storage</source>
        <translation>%1 的存储的视图</translation>
    </message>
    <message>
        <source>prints %1</source>
        <translation>打印 %1</translation>
    </message>
    <message>
        <source> · strides: %1</source>
        <translation> · 步长：%1</translation>
    </message>
</context>
<context>
    <name>stridescope::app::ScriptEditor</name>
    <message>
        <source>Type PyTorch code and press Enter, e.g.  y = x.transpose(0, 1)</source>
        <translation>输入 PyTorch 代码并按回车，例如  y = x.transpose(0, 1)</translation>
    </message>
</context>
<context>
    <name>stridescope::app::SessionModel</name>
    <message>
        <source>delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n statements</source>
        <comment>undo step</comment>
        <translation>
            <numerusform>%n 条语句</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>stridescope::app::TensorBuilderDialog</name>
    <message>
        <source>New Tensor</source>
        <translation>新建张量</translation>
    </message>
    <message>
        <source>sizes separated by commas, e.g. 2, 3, 4</source>
        <translation>用逗号分隔的各维大小，例如 2, 3, 4</translation>
    </message>
    <message>
        <source>arange: 0, 1, 2, … (shows the order)</source>
        <translation>arange：0, 1, 2, …（显示顺序）</translation>
    </message>
    <message>
        <source>zeros</source>
        <translation>全零 (zeros)</translation>
    </message>
    <message>
        <source>ones</source>
        <translation>全一 (ones)</translation>
    </message>
    <message>
        <source>random, uniform in [0, 1) (rand)</source>
        <translation>随机，[0, 1) 均匀分布 (rand)</translation>
    </message>
    <message>
        <source>random, normal (randn)</source>
        <translation>随机，正态分布 (randn)</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>A tensor is a block of memory (its storage) read through a shape and strides. Start with arange: each cell shows its own position, so every later view shows where it reads.</source>
        <translation>张量是一块内存（它的存储），通过形状和步长来读取。建议从 arange 开始：每个单元格显示自己的位置，之后的每个视图都能看出它读取了哪里。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>The tensor needs a name (letters, digits and _, not starting with a digit).</source>
        <translation>张量需要一个名称（字母、数字和 _，不能以数字开头）。</translation>
    </message>
    <message>
        <source>Shape: type sizes separated by commas, e.g. 2, 3, 4</source>
        <translation>形状：请输入用逗号分隔的各维大小，例如 2, 3, 4</translation>
    </message>
    <message>
        <source>That is more than 16,777,216 elements: the diagram could not show them. (Type it in the console to explore a large layout without values.)</source>
        <translation>超过 16,777,216 个元素，图示无法显示。（可在控制台输入，以无数值的方式探索大布局。）</translation>
    </message>
    <message>
        <source>Nothing to preview until the choice is valid.</source>
        <translation>选择有效之前没有可预览的内容。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The number of elements does not fit in 64 bits.</source>
        <translation>元素个数超出了 64 位整数的范围。</translation>
    </message>
</context>
<context>
    <name>stridescope::app::VariablesModel</name>
    <message>
        <source>storage %1 · %2 × %3 = %4</source>
        <translation>存储 %1 · %2 × %3 = %4</translation>
    </message>
    <message numerus="yes">
        <source> · shared by %n tensors</source>
        <translation>
            <numerusform> · 由 %n 个张量共享</numerusform>
        </translation>
    </message>
    <message>
        <source>One block of memory: %1 elements of %2, %3. The tensors under it read it through their own layouts.</source>
        <translation>一块内存：%1 个 %2 元素，共 %3。其下的张量各自通过自己的布局读取它。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Contiguous</source>
        <translation>连续</translation>
    </message>
</context>
<context>
    <name>stridescope::app::ViewFailure</name>
    <message>
        <source>Dim %1 of the new shape (size %2) would run across dims %3 and %4 of the input, which are two separate contiguous chunks: dim %3&apos;s stride %5 ≠ dim %4&apos;s size × stride = %6 × %7 = %8. No strides can read that without copying; reshape copies instead.</source>
        <translation>新形状的维度 %1（大小 %2）需要跨越输入的维度 %3 和 %4，而它们是两个彼此分开的连续块：维度 %3 的步长 %5 ≠ 维度 %4 的大小 × 步长 = %6 × %7 = %8。不复制就没有步长能这样读取；reshape 会改为复制。</translation>
    </message>
    <message>
        <source>The new shape cuts across the input&apos;s contiguous chunks, so no strides can read it without copying; reshape copies instead.</source>
        <translation>新形状跨越了输入的连续块，不复制就没有步长能这样读取；reshape 会改为复制。</translation>
    </message>
</context>
<context>
    <name>NameCheck</name>
    <message>
        <source>The tensor needs a name (letters, digits and _, not starting with a digit).</source>
        <translation>张量需要一个名字（字母、数字和 _，不能以数字开头）。</translation>
    </message>
    <message>
        <source>torch is the name of the module: a tensor called torch would hide it, and torch.arange and every other torch call would stop working. Choose another name.</source>
        <translation>torch 是模块的名字：叫作 torch 的张量会把模块遮住，torch.arange 以及其他所有 torch 调用都会失效。请换一个名字。</translation>
    </message>
    <message>
        <source>%1 is a Python keyword and cannot name a tensor.</source>
        <translation>%1 是 Python 关键字，不能用作张量的名字。</translation>
    </message>
    <message>
        <source>“%1” is not a Python name: use letters, digits and _, not starting with a digit (one name, no spaces or other code).</source>
        <translation>“%1” 不是合法的 Python 名字：只能用字母、数字和 _，且不能以数字开头（只写一个名字，不要空格或其他代码）。</translation>
    </message>
    <message>
        <source>The name has spaces around it.</source>
        <translation>名字前后有空格。</translation>
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <source>Show Details...</source>
        <translation>显示详细信息…</translation>
    </message>
    <message>
        <source>Hide Details...</source>
        <translation>隐藏详细信息…</translation>
    </message>
</context>
<context>
    <name>stridescope::app::PredictPanel</name>
    <message>
        <source>%1 of %2 right.</source>
        <translation>答对 %1 / %2。</translation>
    </message>
    <message>
        <source>A 3×1 column expanded to 3×4.</source>
        <translation>把一个 3×1 的列 expand 成 3×4。</translation>
    </message>
    <message>
        <source>All three dims move at once.</source>
        <translation>三个维度同时换位。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Column 1 of a 3×4 matrix.</source>
        <translation>3×4 矩阵的第 1 列。</translation>
    </message>
    <message>
        <source>Keep 2 of the 3 rows of each matrix, from row 1.</source>
        <translation>每个矩阵从第 1 行起保留 3 行中的 2 行。</translation>
    </message>
    <message>
        <source>Mark the answers and run the statement</source>
        <translation>判分并运行这条语句</translation>
    </message>
    <message>
        <source>Predict, then reveal</source>
        <translation>先预测，再揭晓</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
    <message>
        <source>The article warns: a narrowed tensor transposed is no longer contiguous.</source>
        <translation>文章提醒：narrow 之后再 transpose，就不再连续了。</translation>
    </message>
    <message>
        <source>The article&apos;s first example: a is contiguous. What does transposing dims 0 and 1 give?</source>
        <translation>文章的第一个例子：a 是连续的。交换第 0 维和第 1 维会得到什么？</translation>
    </message>
    <message>
        <source>The article&apos;s view(2, -1) on a contiguous tensor.</source>
        <translation>文章里的 view(2, -1)，作用在连续张量上。</translation>
    </message>
    <message>
        <source>The article&apos;s x.narrow(0, 5, 10) on a tensor with 10 rows.</source>
        <translation>文章里的 x.narrow(0, 5, 10)，而张量只有 10 行。</translation>
    </message>
    <message>
        <source>The second matrix only, as a slice.</source>
        <translation>只取第二个矩阵，用切片。</translation>
    </message>
    <message>
        <source>True or False</source>
        <translation>True 或 False</translation>
    </message>
    <message>
        <source>What does it give? Type the shape, or “error” if PyTorch refuses it.</source>
        <translation>结果是什么？填写形状；如果 PyTorch 会拒绝，就填 “error”（或“报错”）。</translation>
    </message>
    <message>
        <source>What does the result look like? Fill in the four fields, then Reveal.</source>
        <translation>结果是什么样的？填好四个空，然后点“揭晓”。</translation>
    </message>
    <message>
        <source>a column of a matrix</source>
        <translation>矩阵的一列</translation>
    </message>
    <message>
        <source>a shape, or error</source>
        <translation>形状，或 error</translation>
    </message>
    <message>
        <source>a slice of the first dim</source>
        <translation>第一维的切片</translation>
    </message>
    <message>
        <source>b is a.transpose(0, 1). Can it be flattened with view?</source>
        <translation>b 是 a.transpose(0, 1)。能用 view 把它展平吗？</translation>
    </message>
    <message>
        <source>b is a.transpose(0, 1). What does contiguous() make of it?</source>
        <translation>b 是 a.transpose(0, 1)。contiguous() 会把它变成什么？</translation>
    </message>
    <message>
        <source>contiguous() of a transpose</source>
        <translation>转置之后的 contiguous()</translation>
    </message>
    <message>
        <source>e.g. 0</source>
        <translation>例如 0</translation>
    </message>
    <message>
        <source>e.g. 3, 2, 4</source>
        <translation>例如 3, 2, 4</translation>
    </message>
    <message>
        <source>e.g. 4, 12, 1</source>
        <translation>例如 4, 12, 1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>报错：%1</translation>
    </message>
    <message>
        <source>expand gives stride 0</source>
        <translation>expand 给出步长 0</translation>
    </message>
    <message>
        <source>is_contiguous()</source>
        <translation>is_contiguous()</translation>
    </message>
    <message>
        <source>narrow moves the offset</source>
        <translation>narrow 移动偏移</translation>
    </message>
    <message>
        <source>narrow past the end</source>
        <translation>narrow 越过末尾</translation>
    </message>
    <message>
        <source>narrow, then transpose</source>
        <translation>先 narrow 再 transpose</translation>
    </message>
    <message>
        <source>permute(2, 0, 1)</source>
        <translation>permute(2, 0, 1)</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>score %1 / %2</source>
        <translation>得分 %1 / %2</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>storage_offset()</source>
        <translation>storage_offset()</translation>
    </message>
    <message>
        <source>stride()</source>
        <translation>stride()</translation>
    </message>
    <message>
        <source>transpose of a 2×3 view</source>
        <translation>2×3 视图的转置</translation>
    </message>
    <message>
        <source>transpose(0, 1) of a 2×3×4 block</source>
        <translation>2×3×4 块的 transpose(0, 1)</translation>
    </message>
    <message>
        <source>view of a transpose</source>
        <translation>转置之后的 view</translation>
    </message>
    <message>
        <source>view(2, -1)</source>
        <translation>view(2, -1)</translation>
    </message>
    <message>
        <source>The second article: base = arange(6).view(2, 3), then its transpose (an in-place add_ on it would change base).</source>
        <translation>第二篇文章：base = arange(6).view(2, 3)，再取它的转置（对转置做原地 add_ 会改变 base）。</translation>
    </message>
</context>
</TS>
