<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Autosave</name>
    <message>
        <source>%1: cannot autosave the session: %2</source>
        <translation>%1：无法自动保存会话：%2</translation>
    </message>
    <message>
        <source>%1: cannot create the autosave folder</source>
        <translation>%1：无法创建自动保存文件夹</translation>
    </message>
    <message>
        <source>%1: cannot lock the autosave file</source>
        <translation>%1：无法锁定自动保存文件</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>shardscope: unknown command "%1"</source>
        <translation>shardscope：未知命令“%1”</translation>
    </message>
    <message>
        <source>Bundled example models (use the name in place of a file):</source>
        <translation>内置示例模型（可用名称代替文件）：</translation>
    </message>
    <message>
        <source>GPU catalog (dense peaks):</source>
        <translation>GPU 目录（稠密峰值）：</translation>
    </message>
    <message>
        <source>  name             memory    bf16 TFLOP/s  fp8 TFLOP/s  HBM GB/s  intra-node GB/s  inter-node GB/s</source>
        <translation>  名称             显存      bf16 TFLOP/s  fp8 TFLOP/s  HBM GB/s  节点内 GB/s      节点间 GB/s</translation>
    </message>
    <message>
        <source>shardscope plan: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope plan：%1</translation>
    </message>
    <message>
        <source>Strategy %1, weights memory %2 / compute %3 / communication %4</source>
        <translation>策略 %1，权重：显存 %2 / 计算 %3 / 通信 %4</translation>
    </message>
    <message>
        <source>shardscope plan: cannot write %1: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope plan：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 plans).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>已写入 %1（%2 个方案）。</translation>
    </message>
    <message>
        <source>shardscope inspect: %1 needs a value</source>
        <translation>shardscope inspect：%1 需要一个值</translation>
    </message>
    <message>
        <source>shardscope inspect: --seq must be a number between 1 and 10000000, got %1</source>
        <translation>shardscope inspect：--seq 必须是 1 到 10000000 之间的数，实际为 %1</translation>
    </message>
    <message>
        <source>shardscope inspect: unknown option %1</source>
        <translation>shardscope inspect：未知选项 %1</translation>
    </message>
    <message>
        <source>shardscope inspect: more than one model given (%1, %2)</source>
        <translation>shardscope inspect：给出了多个模型（%1，%2）</translation>
    </message>
    <message>
        <source>shardscope inspect: no model given</source>
        <translation>shardscope inspect：未给出模型</translation>
    </message>
    <message>
        <source>shardscope inspect: %1</source>
        <translation>shardscope inspect：%1</translation>
    </message>
    <message>
        <source>shardscope inspect: cannot write %1: %2</source>
        <translation>shardscope inspect：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>shardscope: a model from standard input (-) needs a command, e.g. shardscope plan - &lt; config.json</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope：来自标准输入（-）的模型需要一个命令，例如 shardscope plan - &lt; config.json</translation>
    </message>
    <message>
        <source>shardscope: unknown option %1</source>
        <translation>shardscope：未知选项 %1</translation>
    </message>
    <message>
        <source>shardscope: "%1" is not a command, an existing file or a bundled model</source>
        <translation>shardscope：“%1”不是命令、已有文件或内置模型</translation>
    </message>
    <message>
        <source>Usage: shardscope inspect MODEL [--seq N] [--json FILE]

MODEL is a file (Hugging Face config.json, safetensors file or index, ONNX, GraphML,
Graphviz DOT, ShardScope model JSON), a checkpoint folder, or a bundled model name.
  --seq N       sequence length at which FLOPs are weighed (default 2048)
  --json FILE   also write the summary and graph analysis as JSON (-: standard output,
                instead of the summary)
</source>
        <translation>用法：shardscope inspect 模型 [--seq N] [--json 文件]

模型可以是文件（Hugging Face config.json、safetensors 文件或索引、ONNX、GraphML、
Graphviz DOT、ShardScope 模型 JSON）、检查点文件夹或内置模型名称。
  --seq N       计算 FLOPs 时使用的序列长度（默认 2048）
  --json 文件   同时将摘要和图分析写为 JSON（-：写到标准输出，
                代替摘要）
</translation>
    </message>
    <message>
        <source>shardscope render: pictures are drawn by the desktop planner, %1, which is not here (%2); the other commands work without it (shardscope --help)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope render：图片由桌面规划器 %1 绘制，但此处没有它（%2）；其他命令无需它即可使用（shardscope --help）</translation>
    </message>
    <message>
        <source>shardscope: the desktop planner, %1, is not here (%2); this is the command line only (shardscope --help)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope：此处没有桌面规划器 %1（%2）；这里只有命令行（shardscope --help）</translation>
    </message>
    <message>
        <source>Commands: plan, sweep, inspect, render, export, validate, models, gpus (shardscope --help)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>命令：plan、sweep、inspect、render、export、validate、models、gpus（shardscope --help）</translation>
    </message>
    <message>
        <source>Usage: shardscope [COMMAND] [OPTIONS]

Plans how to shard the training of a large model over a GPU cluster: tensor, pipeline and
data parallelism, ZeRO stage, micro-batch, recomputation, sequence parallelism and the
pipeline schedule, with predicted memory per GPU, step time, bubble and MFU.
Without a command, opens the desktop planner (with a model or .shardscope session
file if one is given, else the planned Llama-3-70B example).

Commands:
  plan MODEL [options]   search all parallel layouts and print the best ones
                         (shardscope plan --help lists the options)
  sweep MODEL --gpus A..B|--batch A..B|--seq A..B [options] [--csv FILE] [--json FILE]
                         plan at each GPU count, global batch or sequence length and
                         tabulate the best plans, marking the smallest that fits
                         (shardscope sweep --help)
  inspect MODEL [--seq N] [--json FILE]
                         summarize a model: size, shape, critical path, parallel
                         width, operator mix, largest layers, import notes
  render MODEL --view VIEW --out FILE.png|FILE.svg [options]
                         draw a view of the best plan without a display
                         (memory, stages, timeline, imbalance, communication,
                         window; shardscope render --help)
  export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANK] [--out FILE]
                         write a plan as a Megatron-LM, DeepSpeed or torchtitan
                         launch config (shardscope export --help)
  validate [--profile NAME] [--json FILE]
                         predict every measured run of a software-stack profile and
                         print the error by regime, in-sample and cross-validated
                         (shardscope validate --help)
  models                 list the bundled example models
  gpus                   list the GPU catalog
  --version              print the version

MODEL may be - (standard input), a FIFO or /dev/fd/N (read once, as a stream). An
output FILE of - is standard output; the report is then left out.

Exit codes: 0 success; 1 no plan fits in memory; 2 bad command line;
3 invalid input file or value; 4 an output file could not be written.
</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>用法：shardscope [命令] [选项]

规划如何在 GPU 集群上切分大模型训练：张量、流水线和数据并行，ZeRO 阶段、微批次、
重计算、序列并行和流水线调度，并预测每个 GPU 的显存、步时间、气泡和 MFU。
不带命令时打开桌面规划器（若给出模型或 .shardscope 会话文件则打开它，
否则打开已规划好的 Llama-3-70B 示例）。

命令：
  plan 模型 [选项]       搜索所有并行布局并输出最佳方案
                         （shardscope plan --help 列出所有选项）
  sweep 模型 --gpus A..B|--batch A..B|--seq A..B [选项] [--csv 文件] [--json 文件]
                         在每个 GPU 数量、全局批次或序列长度下规划，并将最佳方案
                         列成表格，标出能放下的最小值
                         （shardscope sweep --help）
  inspect 模型 [--seq N] [--json 文件]
                         汇总模型：规模、形状、关键路径、并行宽度、
                         算子构成、最大的层、导入提示
  render 模型 --view 视图 --out 文件.png|文件.svg [选项]
                         无需显示器绘制最佳方案的某个视图
                         （memory、stages、timeline、imbalance、communication、
                         window；shardscope render --help）
  export PLAN.json --format megatron|deepspeed|torchtitan [--plan 名次] [--out 文件]
                         将方案写为 Megatron-LM、DeepSpeed 或 torchtitan
                         启动配置（shardscope export --help）
  validate [--profile 名称] [--json 文件]
                         预测某个软件栈配置档的每个实测运行，并按工况输出误差，
                         包括样本内误差和交叉验证误差
                         （shardscope validate --help）
  models                 列出内置示例模型
  gpus                   列出 GPU 目录
  --version              输出版本号

模型可以是 -（标准输入）、FIFO 或 /dev/fd/N（作为数据流读取一次）。输出文件为 - 时
写到标准输出，此时不输出报告。

退出码：0 成功；1 没有方案能放入显存；2 命令行错误；
3 输入文件或值无效；4 无法写入输出文件。
</translation>
    </message>
</context>
<context>
    <name>CommunicationView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无方案</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>无估算：%1</translation>
    </message>
    <message>
        <source>Communication: %1 per step exposed (%2 % of the step)</source>
        <translation>通信：每步暴露 %1（占步长的 %2 %）</translation>
    </message>
    <message>
        <source>Tensor parallel (TP %1): %2, %3 per step, %4 % of the step</source>
        <translation>张量并行（TP %1）：%2，每步 %3，占步长的 %4 %</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP %1): %2, %3 per step, %4 % of the step</source>
        <translation>流水线并行（PP %1）：%2，每步 %3，占步长的 %4 %</translation>
    </message>
    <message>
        <source>Data parallel (DP %1, ZeRO %2): %3, %4 per step; %5 exposed (%6 % of the step), %7 hidden behind backward</source>
        <translation>数据并行（DP %1，ZeRO %2）：%3，每步 %4；暴露 %5（占步长的 %6 %），%7 隐藏在反向传播之后</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>DP, exposed</source>
        <translation>DP，暴露</translation>
    </message>
    <message>
        <source>DP, hidden behind backward</source>
        <translation>DP，隐藏在反向传播之后</translation>
    </message>
    <message>
        <source>step: %1</source>
        <translation>训练步：%1</translation>
    </message>
    <message>
        <source>Context parallel (CP %1, %2): %3 exposed, %4 per step, %5 % of the step</source>
        <translation>上下文并行（CP %1，%2）：暴露 %3，每步 %4，占步长的 %5 %</translation>
    </message>
    <message>
        <source>%1, HSDP x%2</source>
        <translation>%1，HSDP x%2</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>CP, exposed</source>
        <translation>CP，暴露</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2</source>
        <translation>EP %1 x ETP %2</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>Expert parallel all-to-all (%1): %2 exposed, %3 per step, %4 % of the step</source>
        <translation>专家并行 all-to-all（%1）：暴露 %2，每步 %3，占步长的 %4 %</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>EP all-to-all, exposed</source>
        <translation>EP all-to-all，暴露</translation>
    </message>
</context>
<context>
    <name>CompareController</name>
    <message>
        <source>Pin as &amp;Baseline</source>
        <translation>设为基准(&amp;B)</translation>
    </message>
    <message>
        <source>Pin Baseline by &amp;Configuration…</source>
        <translation>按配置设定基准(&amp;C)…</translation>
    </message>
    <message>
        <source>Co&amp;mpare With Baseline</source>
        <translation>与基准比较(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Remove From Comparison</source>
        <translation>从比较中移除(&amp;R)</translation>
    </message>
    <message>
        <source>C&amp;lear Comparison</source>
        <translation>清空比较(&amp;L)</translation>
    </message>
    <message>
        <source>Compare other plans against the selected plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>将其他方案与所选方案比较</translation>
    </message>
    <message>
        <source>Compare against a layout given by its configuration, e.g. the one your team runs today</source>
        <translation>与按配置给出的布局比较，例如您的团队当前使用的布局</translation>
    </message>
    <message>
        <source>Show the selected plan beside the baseline (up to %1 plans)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>在基准旁显示所选方案（最多 %1 个方案）</translation>
    </message>
    <message>
        <source>Take the selected plan out of the comparison</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>将所选方案移出比较</translation>
    </message>
    <message>
        <source>Remove the baseline and every compared plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>移除基准和所有参与比较的方案</translation>
    </message>
    <message>
        <source>Com&amp;pare</source>
        <translation>比较(&amp;P)</translation>
    </message>
    <message>
        <source>A pinned baseline and up to %1 plans side by side: their numbers with the changes, memory, stages and schedules on one time axis.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>固定的基准与最多 %1 个方案并排显示：各项数值及其变化、显存、阶段，以及同一时间轴上的调度。</translation>
    </message>
    <message>
        <source>Plan comparison</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案比较</translation>
    </message>
    <message>
        <source>Select a plan to pin as the baseline.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>请选择一个方案作为基准。</translation>
    </message>
    <message>
        <source>Plan a model first: the baseline is evaluated for its inputs.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>请先规划一个模型：基准将按其输入进行评估。</translation>
    </message>
    <message>
        <source>Select a plan to compare with the baseline.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>请选择一个要与基准比较的方案。</translation>
    </message>
    <message>
        <source>There is no plan of rank %1: %2 plans are ranked.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有名次为 %1 的方案：共有 %2 个方案参与排名。</translation>
    </message>
    <message>
        <source>Plan a model first.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>请先规划一个模型。</translation>
    </message>
    <message>
        <source>Select a plan to remove from the comparison.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>请选择一个要从比较中移除的方案。</translation>
    </message>
    <message>
        <source>The selected plan is not in the comparison.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>所选方案不在比较中。</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>第 %1 名</translation>
    </message>
    <message>
        <source>Not ranked</source>
        <translation>未排名</translation>
    </message>
    <message>
        <source>Baseline (%1)</source>
        <translation>基准（%1）</translation>
    </message>
    <message>
        <source>Pin Baseline by Configuration</source>
        <translation>按配置设定基准</translation>
    </message>
    <message>
        <source>The layout to compare against, as key=value pairs separated by commas
(tp, pp, dp, cp, vpp, mb, zero, recompute, sp, schedule, ...; dp defaults to the GPUs left):</source>
        <translation>作为比较对象的布局，以逗号分隔的 键=值 对给出
（tp、pp、dp、cp、vpp、mb、zero、recompute、sp、schedule 等；dp 默认为剩余的 GPU）：</translation>
    </message>
    <message>
        <source>%1 on %2 x %3, sequence %4, global batch %5</source>
        <translation>%1，%2 x %3，序列 %4，全局批次 %5</translation>
    </message>
    <message>
        <source> — baseline %1</source>
        <translation> — 基准 %1</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>No schedule: the layout cannot run</source>
        <translation>无调度：该布局无法运行</translation>
    </message>
    <message>
        <source>%1 micro-batches on %2 stages: too many passes to draw</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%2 个阶段上 %1 个微批次：计算过程太多，无法绘制</translation>
    </message>
    <message>
        <source>No schedule: %1</source>
        <translation>无调度：%1</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>At most %1 plans are compared with the baseline: remove one before adding another.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>最多只能有 %1 个方案与基准比较：请先移除一个再添加。</translation>
    </message>
    <message>
        <source>This plan is the baseline.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>此方案就是基准。</translation>
    </message>
    <message>
        <source>This plan is already compared.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>此方案已在比较中。</translation>
    </message>
    <message>
        <source>Plan %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案 %1</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每个 GPU 的峰值显存</translation>
    </message>
    <message>
        <source>Usable memory per GPU</source>
        <translation>每个 GPU 的可用显存</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>空余显存</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <source>PP communication</source>
        <translation>PP 通信</translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation>CP 通信</translation>
    </message>
    <message>
        <source>EP all-to-all</source>
        <translation>EP all-to-all</translation>
    </message>
    <message>
        <source>DP communication exposed</source>
        <translation>暴露的 DP 通信</translation>
    </message>
    <message>
        <source>DP traffic (before overlap)</source>
        <translation>DP 通信量（重叠前）</translation>
    </message>
    <message>
        <source>Compute imbalance</source>
        <translation>计算不均衡</translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation>每步微批次数</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Pin a baseline to compare plans with it</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>设定一个基准以便与其比较方案</translation>
    </message>
    <message>
        <source>Baseline only: add up to %1 plans to compare with it</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>仅有基准：可添加最多 %1 个方案与其比较</translation>
    </message>
    <message>
        <source>%1: the fastest, %2, takes %3 per step</source>
        <translation>%1：最快的是 %2，每步 %3</translation>
    </message>
    <message>
        <source> (%1 against the baseline)</source>
        <translation>（相对基准 %1）</translation>
    </message>
    <message>
        <source>No baseline</source>
        <translation>无基准</translation>
    </message>
    <message>
        <source>Baseline and 1 plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>基准和 1 个方案</translation>
    </message>
    <message>
        <source>Baseline and %1 plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>基准和 %1 个方案</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>放不下：%1</translation>
    </message>
    <message>
        <source>Fits in memory</source>
        <translation>可放入显存</translation>
    </message>
    <message>
        <source>%1 of %2: %3</source>
        <translation>%2 的%1：%3</translation>
    </message>
    <message>
        <source>%1 of %2: %3, %4 against the baseline</source>
        <translation>%2 的%1：%3，相对基准 %4</translation>
    </message>
    <message>
        <source>Plan comparison</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案比较</translation>
    </message>
    <message>
        <source>Pin a plan as the baseline (the plan table's context menu, or Plan &gt; Pin as baseline), then add up to %1 plans to compare with it.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>将一个方案设为基准（方案表的右键菜单，或“方案 &gt; 设为基准”），然后添加最多 %1 个方案与其比较。</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>no numbers</source>
        <translation>无数值</translation>
    </message>
    <message>
        <source>S%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>usable memory per GPU</source>
        <translation>每个 GPU 的可用显存</translation>
    </message>
    <message>
        <source>one time axis; dashed: the step's end</source>
        <translation>同一时间轴；虚线：步的结束</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 in %2 chunks</source>
        <translation>%1，分 %2 个块</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>层 %1</translation>
    </message>
    <message>
        <source>layers %1–%2</source>
        <translation>层 %1–%2</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 个块</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>no stages: the layout cannot run</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>无阶段：该布局无法运行</translation>
    </message>
    <message>
        <source>stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段</translation>
    </message>
    <message>
        <source>blocks</source>
        <translation>块</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>stages 0–%1 of %2 shown</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>显示 %2 个阶段中的 0–%1</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每个 GPU 的显存</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 pp</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>predicted times %1: step-time changes under %2 % are within error</source>
        <translation>预测时间 %1：步时间变化小于 %2 % 属于误差范围内</translation>
    </message>
    <message>
        <source>predicted times uncalibrated on this GPU: step-time changes under %1 % are within error</source>
        <translation>此 GPU 上的预测时间未校准：步时间变化小于 %1 % 属于误差范围内</translation>
    </message>
    <message>
        <source>%1, within error</source>
        <translation>%1，在误差范围内</translation>
    </message>
    <message>
        <source>%1: the baseline is the fastest, %2 per step; %3</source>
        <translation>%1：基线最快，每步 %2；%3</translation>
    </message>
    <message>
        <source>, within error</source>
        <translation>，在误差范围内</translation>
    </message>
    <message>
        <source>; %1</source>
        <translation>；%1</translation>
    </message>
</context>
<context>
    <name>Diagnosis</name>
    <message>
        <source>%1: %2 of %3 usable, step %4</source>
        <translation>%1：%2（可用 %3），步时间 %4</translation>
    </message>
    <message>
        <source>%1 node (%2 GPUs)</source>
        <translation>%1 个节点（%2 个 GPU）</translation>
    </message>
    <message>
        <source>%1 nodes (%2 GPUs)</source>
        <translation>%1 个节点（%2 个 GPU）</translation>
    </message>
    <message>
        <source>%1 (%2 of them)</source>
        <translation>%1（其中 %2 个）</translation>
    </message>
    <message>
        <source>and %1 other reasons</source>
        <translation>以及其他 %1 个原因</translation>
    </message>
    <message>
        <source>The only candidate the pins allow breaks a rule: %1</source>
        <translation>固定项允许的唯一候选违反了规则：%1</translation>
    </message>
    <message>
        <source>All %1 candidates the pins allow break a rule: %2</source>
        <translation>固定项允许的全部 %1 个候选都违反了规则：%2</translation>
    </message>
    <message>
        <source>Unpinning %1 gives %2 candidates that pass every rule, with %1 %3</source>
        <translation>取消固定 %1 后，有 %2 个候选通过所有规则，其中 %1 为 %3</translation>
    </message>
    <message>
        <source>unpin %1</source>
        <translation>取消固定 %1</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin %1 candidates pass every rule</source>
        <translation>并非某一项固定所致；取消全部固定后，有 %1 个候选通过所有规则</translation>
    </message>
    <message>
        <source>unpin all</source>
        <translation>全部取消固定</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>weights %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>gradients %1</source>
        <translation>梯度 %1</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>optimizer states %1</source>
        <translation>优化器状态 %1</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>activations %1</source>
        <translation>激活 %1</translation>
    </message>
    <message>
        <source>other (buffers, CUDA context, framework)</source>
        <translation>其他（缓冲区、CUDA 上下文、框架）</translation>
    </message>
    <message>
        <source>other (buffers, CUDA context, framework) %1</source>
        <translation>其他（缓冲区、CUDA 上下文、框架）%1</translation>
    </message>
    <message>
        <source>Nothing fits in memory: the closest plan, %1, needs %2 on its fullest GPU (stage %3) but %4 is usable (%5 less the %6 margin): %7 over.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有方案能放入显存：最接近的方案 %1 在其占用最高的 GPU（阶段 %3）上需要 %2，但可用的只有 %4（%5 减去 %6 的余量）：超出 %7。</translation>
    </message>
    <message>
        <source>That GPU holds %1; the largest part is %2 (%3)</source>
        <translation>该 GPU 上有 %1；其中最大的部分是 %2（%3）</translation>
    </message>
    <message>
        <source>Unpinning %1 makes %2 plans fit (%1 %3); the fastest uses %1 %4: %5</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>取消固定 %1 后，有 %2 个方案可放下（%1 为 %3）；最快的方案使用 %1 %4：%5</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin %1 plans fit; the fastest: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>并非某一项固定所致；取消全部固定后，有 %1 个方案可放下；最快的：%2</translation>
    </message>
    <message>
        <source>Global batch %1 cannot keep %2 GPUs busy; a plan fits on %3 node x %4 = %5 GPUs with the same pins (the most found by halving the nodes, then bisecting: %6 do not). Its fastest plan: %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>全局批次 %1 无法让 %2 个 GPU 都忙起来；在相同的固定项下，%3 个节点 x %4 = %5 个 GPU 上有方案可放下（这是先将节点数减半、再二分查找得到的最大值：%6 个 GPU 放不下）。其上最快的方案：%7</translation>
    </message>
    <message>
        <source>Global batch %1 cannot keep %2 GPUs busy; a plan fits on %3 nodes x %4 = %5 GPUs with the same pins (the most found by halving the nodes, then bisecting: %6 do not). Its fastest plan: %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>全局批次 %1 无法让 %2 个 GPU 都忙起来；在相同的固定项下，%3 个节点 x %4 = %5 个 GPU 上有方案可放下（这是先将节点数减半、再二分查找得到的最大值：%6 个 GPU 放不下）。其上最快的方案：%7</translation>
    </message>
    <message>
        <source>The smallest cluster that fits: %1 nodes x %2 = %3 %4 GPUs, with the same pins (DP unpinned: it follows the GPU count); %5 do not fit. Its fastest plan: %6</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>能放下的最小集群：%1 个节点 x %2 = %3 个 %4 GPU，固定项不变（DP 取消固定：它随 GPU 数量而定）；%5 放不下。其上最快的方案：%6</translation>
    </message>
    <message>
        <source>The smallest cluster that fits: %1 nodes x %2 = %3 %4 GPUs, with the same pins; %5 do not fit. Its fastest plan: %6</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>能放下的最小集群：%1 个节点 x %2 = %3 个 %4 GPU，固定项不变；%5 放不下。其上最快的方案：%6</translation>
    </message>
    <message>
        <source>No larger cluster fits either: nothing fits on %1 nodes (up to %2 GPUs, the sweep's limit) with the same pins (DP unpinned: it follows the GPU count)</source>
        <translation>更大的集群也放不下：在相同的固定项下，%1 个节点（最多 %2 个 GPU，即扫描的上限）上都放不下任何方案（DP 取消固定：它随 GPU 数量而定）</translation>
    </message>
    <message>
        <source>No larger cluster fits either: nothing fits on %1 nodes (up to %2 GPUs, the sweep's limit) with the same pins</source>
        <translation>更大的集群也放不下：在相同的固定项下，%1 个节点（最多 %2 个 GPU，即扫描的上限）上都放不下任何方案</translation>
    </message>
    <message>
        <source>%1 micro-batches of %2 sequence</source>
        <translation>%1 个各含 %2 条序列的微批次</translation>
    </message>
    <message>
        <source>%1 micro-batches of %2 sequences</source>
        <translation>%1 个各含 %2 条序列的微批次</translation>
    </message>
    <message>
        <source>%1 model chunk</source>
        <translation>%1 个模型块</translation>
    </message>
    <message>
        <source>%1 model chunks</source>
        <translation>%1 个模型块</translation>
    </message>
    <message>
        <source>pipeline bubble %1 of the pipeline time (PP %2, %3, %4 per stage): more micro-batches per step (a larger global batch, or a smaller micro-batch) or interleaving more model chunks per stage would reduce it</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线气泡占流水线时间的 %1（PP %2，%3，每个阶段 %4）：每步更多的微批次（更大的全局批次或更小的微批次）或每个阶段交错更多模型块可以减小气泡</translation>
    </message>
    <message>
        <source>global batch %1</source>
        <translation>全局批次 %1</translation>
    </message>
    <message>
        <source>no %1 value can</source>
        <translation>%1 没有可行的取值</translation>
    </message>
    <message>
        <source>%1 can only be %2</source>
        <translation>%1 只能为 %2</translation>
    </message>
    <message>
        <source>%1 can be %2</source>
        <translation>%1 可以为 %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>A knob's name and its value: "TP 4", "micro-batch 2".</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 attention heads</source>
        <translation>注意力头数 %2 不能被 TP %1 整除</translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 key/value heads</source>
        <translation>KV 头数 %2 不能被 TP %1 整除</translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 GPUs</source>
        <translation>GPU 数 %2 不能被 TP %1 整除</translation>
    </message>
    <message>
        <source>dividing the %1 GPUs</source>
        <translation>须能整除 GPU 数 %1</translation>
    </message>
    <message>
        <source>dividing the %1 attention heads and the %2 GPUs</source>
        <translation>须能整除注意力头数 %1 和 GPU 数 %2</translation>
    </message>
    <message>
        <source>dividing the %1 attention heads, the %2 key/value heads and the %3 GPUs</source>
        <translation>须能整除注意力头数 %1、KV 头数 %2 和 GPU 数 %3</translation>
    </message>
    <message>
        <source>%1; %2 (%3)</source>
        <translation>%1；%2（%3）</translation>
    </message>
    <message>
        <source>CP %1 needs fused (flash) attention, which is off</source>
        <translation>CP %1 需要融合注意力（Flash Attention），但它已关闭</translation>
    </message>
    <message>
        <source>CP %1 needs the sequence length %2 divisible by 2 x CP x TP = %3 (sequence parallelism splits each CP rank's part over TP %4)</source>
        <translation>CP %1 要求序列长度 %2 能被 2 x CP x TP = %3 整除（序列并行会把每个 CP rank 的部分再切分到 TP %4 上）</translation>
    </message>
    <message>
        <source>CP %1 needs the sequence length %2 divisible by 2 x CP = %3</source>
        <translation>CP %1 要求序列长度 %2 能被 2 x CP = %3 整除</translation>
    </message>
    <message>
        <source>CP %1 does not divide the %2 GPUs</source>
        <translation>GPU 数 %2 不能被 CP %1 整除</translation>
    </message>
    <message>
        <source>PP %1 needs at least %1 blocks or layers to place; the model has %2</source>
        <translation>PP %1 需要至少 %1 个可放置的块或层；该模型只有 %2 个</translation>
    </message>
    <message>
        <source>PP %1 does not divide the %2 GPUs</source>
        <translation>GPU 数 %2 不能被 PP %1 整除</translation>
    </message>
    <message>
        <source>the %1 schedule needs PP &gt;= 2</source>
        <translation>%1 调度需要 PP &gt;= 2</translation>
    </message>
    <message>
        <source>PP %1 x vpp %2 chunks = %3 model chunks need at least %4 transformer blocks (the first chunk may hold only the embedding, the last only the loss); the model has %5</source>
        <translation>PP %1 x vpp %2 个块 = %3 个模型块，至少需要 %4 个 Transformer 块（第一个块可以只含嵌入层，最后一个可以只含损失）；该模型只有 %5 个</translation>
    </message>
    <message>
        <source>PP %1 x at least %2 chunks = %3 model chunks need at least %4 transformer blocks (the first chunk may hold only the embedding, the last only the loss); the model has %5</source>
        <translation>PP %1 x 至少 %2 个块 = %3 个模型块，至少需要 %4 个 Transformer 块（第一个块可以只含嵌入层，最后一个可以只含损失）；该模型只有 %5 个</translation>
    </message>
    <message>
        <source>DP %1 does not divide the %2 GPUs</source>
        <translation>GPU 数 %2 不能被 DP %1 整除</translation>
    </message>
    <message>
        <source>DP %1 is more than the global batch of %2 sequences (every data-parallel rank needs one)</source>
        <translation>DP %1 大于全局批次的 %2 条序列（每个数据并行 rank 至少需要一条）</translation>
    </message>
    <message>
        <source>DP %1 does not divide the global batch %2</source>
        <translation>全局批次 %2 不能被 DP %1 整除</translation>
    </message>
    <message>
        <source>%1; %2 (dividing the GPUs left and the global batch %3)</source>
        <translation>%1；%2（须能整除剩余的 GPU 数和全局批次 %3）</translation>
    </message>
    <message>
        <source>micro-batch %1 does not divide the global batch %2</source>
        <translation>全局批次 %2 不能被微批次 %1 整除</translation>
    </message>
    <message>
        <source>DP %1 x micro-batch %2 = %3 does not divide the global batch %4</source>
        <translation>全局批次 %4 不能被 DP %1 x 微批次 %2 = %3 整除</translation>
    </message>
    <message>
        <source>DP x micro-batch %1 divides the global batch %2 for no DP the GPUs and pins allow (DP %3)</source>
        <translation>对 GPU 数和固定项允许的任何 DP（DP %3），全局批次 %2 都不能被 DP x 微批次 %1 整除</translation>
    </message>
    <message>
        <source>the micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>EP %1 needs a mixture-of-experts model; this model has no routed experts</source>
        <translation>EP %1 需要混合专家（MoE）模型；该模型没有路由专家</translation>
    </message>
    <message>
        <source>EP %1 does not divide the %2 routed experts</source>
        <translation>路由专家数 %2 不能被 EP %1 整除</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2 = %3 does not divide the %4 GPUs of a pipeline stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>一个流水线阶段的 GPU 数 %4 不能被 EP %1 x ETP %2 = %3 整除</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2 = %3 does not divide the %4 GPUs</source>
        <translation>GPU 数 %4 不能被 EP %1 x ETP %2 = %3 整除</translation>
    </message>
    <message>
        <source>ETP %1 needs a mixture-of-experts model; this model has no routed experts</source>
        <translation>ETP %1 需要混合专家（MoE）模型；该模型没有路由专家</translation>
    </message>
    <message>
        <source>ETP %1 does not divide the experts' intermediate size %2</source>
        <translation>专家的中间维度 %2 不能被 ETP %1 整除</translation>
    </message>
    <message>
        <source>%1 = %2, but the cluster has %3 GPUs (TP x CP x PP x DP must equal the GPU count); with %4, %5</source>
        <translation>%1 = %2，但集群有 %3 个 GPU（TP x CP x PP x DP 必须等于 GPU 数量）；在 %4 下，%5</translation>
    </message>
    <message>
        <source>%1 = %2 does not divide the %3 GPUs (TP x CP x PP x DP must equal the GPU count); with %4, %5</source>
        <translation>GPU 数 %3 不能被 %1 = %2 整除（TP x CP x PP x DP 必须等于 GPU 数量）；在 %4 下，%5</translation>
    </message>
    <message>
        <source>%1 GPUs would fit %2 (DP %3, dividing the global batch %4)</source>
        <translation>%1 个 GPU 可适配 %2（DP %3，能整除全局批次 %4）</translation>
    </message>
    <message>
        <source>%1 GPUs would fit %2</source>
        <translation>%1 个 GPU 可适配 %2</translation>
    </message>
    <message>
        <source>%1 or %2 GPUs would fit %3 (DP %4 or %5, dividing the global batch %6)</source>
        <translation>%1 或 %2 个 GPU 可适配 %3（DP %4 或 %5，能整除全局批次 %6）</translation>
    </message>
    <message>
        <source>%1 or %2 GPUs would fit %3</source>
        <translation>%1 或 %2 个 GPU 可适配 %3</translation>
    </message>
    <message>
        <source>the interleaved schedule needs the number of micro-batches divisible by PP %1 (Megatron-LM requires it), so the global batch divisible by PP x DP x micro-batch: %2 is not for any DP the GPUs and pins allow (DP %3, micro-batch %4); global batch %5 would be</source>
        <translation>交错式调度要求微批次数能被 PP %1 整除（Megatron-LM 的要求），因此全局批次须能被 PP x DP x 微批次整除：对 GPU 数和固定项允许的任何 DP（DP %3，微批次 %4），%2 都不满足；全局批次 %5 则满足</translation>
    </message>
    <message>
        <source>the interleaved schedule needs the number of micro-batches divisible by PP %1 (Megatron-LM requires it), so the global batch divisible by PP x DP x micro-batch: %2 is not for any DP the GPUs and pins allow (DP %3); global batch %4 would be</source>
        <translation>交错式调度要求微批次数能被 PP %1 整除（Megatron-LM 的要求），因此全局批次须能被 PP x DP x 微批次整除：对 GPU 数和固定项允许的任何 DP（DP %3），%2 都不满足；全局批次 %4 则满足</translation>
    </message>
    <message>
        <source>global batch %1 allows no DP degree on %2 GPUs: DP %3 is impossible (DP must divide the global batch)</source>
        <translation>全局批次 %1 在 %2 个 GPU 上不允许任何 DP 度：DP %3 不可行（全局批次必须能被 DP 整除）</translation>
    </message>
    <message>
        <source>global batch %1 allows no DP degree on %2 GPUs: DP %3 are impossible (DP must divide the global batch)</source>
        <translation>全局批次 %1 在 %2 个 GPU 上不允许任何 DP 度：DP %3 均不可行（全局批次必须能被 DP 整除）</translation>
    </message>
    <message>
        <source>global batch %1 allows DP only in {%2} on %3 GPUs: DP %4 is impossible (DP must divide the global batch)</source>
        <translation>全局批次 %1 在 %3 个 GPU 上只允许 DP 取 {%2}：DP %4 不可行（全局批次必须能被 DP 整除）</translation>
    </message>
    <message>
        <source>global batch %1 allows DP only in {%2} on %3 GPUs: DP %4 are impossible (DP must divide the global batch)</source>
        <translation>全局批次 %1 在 %3 个 GPU 上只允许 DP 取 {%2}：DP %4 均不可行（全局批次必须能被 DP 整除）</translation>
    </message>
    <message>
        <source>%1 or %2 would allow it</source>
        <translation>全局批次为 %1 或 %2 即可使其可行</translation>
    </message>
    <message>
        <source>%1 or %2 would allow them</source>
        <translation>全局批次为 %1 或 %2 即可使它们可行</translation>
    </message>
    <message>
        <source>%1 would allow it</source>
        <translation>全局批次为 %1 即可使其可行</translation>
    </message>
    <message>
        <source>%1 would allow them</source>
        <translation>全局批次为 %1 即可使它们可行</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>vpp</source>
        <translation>vpp</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>DP replicate</source>
        <translation>DP 副本数</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>TP communication overlap</source>
        <translation>TP 通信重叠</translation>
    </message>
    <message>
        <source>pipeline communication overlap</source>
        <translation>流水线通信重叠</translation>
    </message>
    <message>
        <source>reshard after forward</source>
        <translation>前向后重新切分</translation>
    </message>
    <message>
        <source>EP communication overlap</source>
        <translation>EP 通信重叠</translation>
    </message>
    <message>
        <source>CP communication type</source>
        <translation>CP 通信方式</translation>
    </message>
    <message>
        <source>TP x CP x PP x DP</source>
        <translation>TP x CP x PP x DP</translation>
    </message>
    <message>
        <source>and one other reason</source>
        <translation>以及另外 1 个原因</translation>
    </message>
    <message>
        <source>Unpinning %1 gives one candidate that passes every rule, with %1 %2</source>
        <translation>取消固定 %1 后，有 1 个候选通过所有规则，其中 %1 为 %2</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin one candidate passes every rule</source>
        <translation>并非某一项固定所致；取消全部固定后，有 1 个候选通过所有规则</translation>
    </message>
    <message>
        <source>Unpinning %1 makes one plan fit (%1 %2): %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>取消固定 %1 后，有 1 个方案可放下（%1 为 %2）：%3</translation>
    </message>
    <message>
        <source>No single pin is to blame; without any pin one plan fits: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>并非某一项固定所致；取消全部固定后，有 1 个方案可放下：%1</translation>
    </message>
</context>
<context>
    <name>DiagnosisReport</name>
    <message>
        <source> (checked by planning with it)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>（已通过用它规划加以验证）</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>可放下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>    proposal: %1: %2x tokens/s, %3</source>
        <translation>    建议：%1：%2 倍 token/s，%3</translation>
    </message>
    <message>
        <source>    proposal: %1: %2</source>
        <translation>    建议：%1：%2</translation>
    </message>
    <message>
        <source>Why no plan fits:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>为什么没有方案能放下：</translation>
    </message>
    <message>
        <source>Why no plan works:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>为什么没有方案可行：</translation>
    </message>
    <message>
        <source>    try: %1</source>
        <translation>    尝试：%1</translation>
    </message>
    <message>
        <source>  warning: %1</source>
        <translation>  警告：%1</translation>
    </message>
</context>
<context>
    <name>ExplorerAxes</name>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每个 GPU 的显存</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Communication share</source>
        <translation>通信占比</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>M tokens/s</source>
        <translation>百万 token/s</translation>
    </message>
    <message>
        <source>k tokens/s</source>
        <translation>千 token/s</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>% of the step</source>
        <translation>占步时间的 %</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ExplorerCategories</name>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>CP %1</source>
        <translation>CP %1</translation>
    </message>
    <message>
        <source>EP %1 x ETP %2</source>
        <translation>EP %1 x ETP %2</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>Recompute: %1</source>
        <translation>重计算：%1</translation>
    </message>
    <message numerus="yes">
        <source>other (%n value(s))</source>
        <translation><numerusform>其他（%n 个值）</numerusform></translation>
    </message>
</context>
<context>
    <name>ExplorerPanel</name>
    <message>
        <source>Show plans that do not &amp;fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>显示放不下的方案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Clear filter</source>
        <translation>清除筛选(&amp;C)</translation>
    </message>
    <message>
        <source>What the horizontal axis shows</source>
        <translation>横轴显示的内容</translation>
    </message>
    <message>
        <source>What the vertical axis shows</source>
        <translation>纵轴显示的内容</translation>
    </message>
    <message>
        <source>What colours the plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案按什么着色</translation>
    </message>
    <message>
        <source>Show every plan in the table again (Esc or a double click on the chart)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>在表格中重新显示所有方案（按 Esc 或双击图表）</translation>
    </message>
    <message>
        <source>&amp;X:</source>
        <translation>X(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Y:</source>
        <translation>Y(&amp;Y)：</translation>
    </message>
    <message>
        <source>C&amp;olour by:</source>
        <translation>着色依据(&amp;O)：</translation>
    </message>
    <message>
        <source>Log X</source>
        <translation>对数 X</translation>
    </message>
    <message>
        <source>Log Y</source>
        <translation>对数 Y</translation>
    </message>
    <message>
        <source>&amp;Reset view</source>
        <translation>重置视图(&amp;R)</translation>
    </message>
    <message>
        <source>A logarithmic horizontal axis: equal ratios at equal distances</source>
        <translation>对数横轴：相同比例对应相同距离</translation>
    </message>
    <message>
        <source>A logarithmic vertical axis: equal ratios at equal distances</source>
        <translation>对数纵轴：相同比例对应相同距离</translation>
    </message>
    <message>
        <source>Back to the range around the plans that fit (Home); the wheel zooms, a right- or middle-button drag pans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>回到能放下的方案周围的范围（Home）；滚轮缩放，按住右键或中键拖动可平移</translation>
    </message>
    <message>
        <source>Click a plan to select it; drag a rectangle to filter the plan table; the wheel zooms, a right drag pans.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>单击方案可选中它；拖出矩形可筛选方案表；滚轮缩放，按住右键拖动可平移。</translation>
    </message>
</context>
<context>
    <name>ExplorerView</name>
    <message>
        <source>Plan explorer: no plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案浏览器：无方案</translation>
    </message>
    <message>
        <source>Plan explorer: %1 plans, %2 fit; Pareto front of %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案浏览器：%1 个方案，%2 个可放下；帕累托前沿含 %3 个</translation>
    </message>
    <message>
        <source>; %1 in the band</source>
        <translation>；区域内 %1 个</translation>
    </message>
    <message>
        <source>Plan %1 of %2 in the ranking</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>排名中第 %1 个方案（共 %2 个）</translation>
    </message>
    <message>
        <source>Candidate %1</source>
        <translation>候选方案 %1</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>CP %1 (%2)</source>
        <translation>CP %1（%2）</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>DP %1</source>
        <translation>DP %1</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>%1 = %2 GPUs</source>
        <translation>%1 = %2 个 GPU</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>ZeRO %1 (HSDP x%2)</source>
        <translation>ZeRO %1（HSDP x%2）</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>recompute %1</source>
        <translation>重计算 %1</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>%1, %2 chunks</source>
        <translation>%1，%2 个块</translation>
    </message>
    <message>
        <source>step %1 · %2 · MFU %3</source>
        <translation>步时间 %1 · %2 · MFU %3</translation>
    </message>
    <message>
        <source>memory %1 of %2 per GPU · bubble %3 · communication %4 of the step</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>每个 GPU 显存 %1 / %2 · 气泡 %3 · 通信占步时间 %4</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>放不下：%1</translation>
    </message>
    <message>
        <source>Colour: %1</source>
        <translation>着色：%1</translation>
    </message>
    <message>
        <source>fits in memory</source>
        <translation>可放入显存</translation>
    </message>
    <message>
        <source>does not fit (hidden)</source>
        <translation>放不下（已隐藏）</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>%1: %2 is better</source>
        <translation>%1：越%2越好</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>低</translation>
    </message>
    <message>
        <source>higher</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Run a search to see its plans here</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>运行一次搜索即可在此查看其方案</translation>
    </message>
    <message>
        <source>No plan has both %1 and %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有方案同时具有%1和%2</translation>
    </message>
    <message>
        <source>usable memory %1</source>
        <translation>可用显存 %1</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>另有 %1 项</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message numerus="yes">
        <source>%n plan(s) beyond the range, drawn at its edge (wheel to zoom out, Home to reset)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>%n 个方案超出范围，画在边缘（滚轮缩小，Home 重置）</numerusform></translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要一个值</translation>
    </message>
    <message>
        <source>--format expects megatron, deepspeed or torchtitan, got "%1"</source>
        <translation>--format 应为 megatron、deepspeed 或 torchtitan，实际为“%1”</translation>
    </message>
    <message>
        <source>--plan expects a plan rank (1 = the best plan), got "%1"</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>--plan 应为方案名次（1 = 最佳方案），实际为“%1”</translation>
    </message>
    <message>
        <source>--out needs a file name</source>
        <translation>--out 需要一个文件名</translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation>未知选项 %1</translation>
    </message>
    <message>
        <source>more than one plan file given (%1, %2)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>给出了多个方案文件（%1，%2）</translation>
    </message>
    <message>
        <source>no plan file given (write one with shardscope plan MODEL --json PLAN.json)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>未给出方案文件（可用 shardscope plan 模型 --json PLAN.json 生成）</translation>
    </message>
    <message>
        <source>--format is required: megatron, deepspeed or torchtitan</source>
        <translation>必须指定 --format：megatron、deepspeed 或 torchtitan</translation>
    </message>
    <message>
        <source>Usage: shardscope export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANK] [--out FILE]

Writes the launch configuration of one plan of a plan file (shardscope plan ... --json PLAN.json):
  megatron     Megatron-LM arguments for pretrain_gpt.py, as a bash array
  deepspeed    a DeepSpeed config JSON
  torchtitan   a torchtitan TOML job config
Options:
  --format F   the framework (required)
  --plan RANK  which ranked plan (default 1, the best)
  --out FILE   write to FILE instead of standard output
docs/launch-configs.md lists every key and the plans a framework cannot run.

Exit codes: 0 success; 2 bad command line; 3 invalid plan file, or a plan the framework
cannot express; 4 the output file could not be written.
</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>用法：shardscope export PLAN.json --format megatron|deepspeed|torchtitan [--plan 名次] [--out 文件]

写出方案文件（shardscope plan ... --json PLAN.json）中某个方案的启动配置：
  megatron     pretrain_gpt.py 的 Megatron-LM 参数，以 bash 数组形式
  deepspeed    DeepSpeed 配置 JSON
  torchtitan   torchtitan TOML 作业配置
选项：
  --format F   框架（必填）
  --plan 名次  使用第几名的方案（默认 1，即最佳）
  --out 文件   写入文件而不是标准输出
docs/launch-configs.md 列出了每个键以及各框架无法运行的方案。

退出码：0 成功；2 命令行错误；3 方案文件无效，或框架无法表达该方案；
4 无法写入输出文件。
</translation>
    </message>
    <message>
        <source>shardscope export: %1</source>
        <translation>shardscope export：%1</translation>
    </message>
    <message>
        <source>shardscope export: %1: cannot read the plan file: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope export：%1：无法读取方案文件：%2</translation>
    </message>
    <message>
        <source>shardscope export: %1: the plan file holds no plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope export：%1：方案文件中没有方案</translation>
    </message>
    <message>
        <source>shardscope export: --plan %1: %2 has no plan of that rank (ranks: %3)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>shardscope export：--plan %1：%2 中没有该名次的方案（名次：%3）</translation>
    </message>
    <message>
        <source>shardscope export: cannot write to standard output</source>
        <translation>shardscope export：无法写入标准输出</translation>
    </message>
    <message>
        <source>shardscope export: cannot write %1: %2</source>
        <translation>shardscope export：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 launch config of plan %3).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>已写入 %1（方案 %3 的 %2 启动配置）。</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <source>%1: the plan could not be written: %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1：无法写入方案：%2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>Plan written to %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案已写入 %1</translation>
    </message>
    <message>
        <source>There is no plan to export yet.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>还没有可导出的方案。</translation>
    </message>
    <message>
        <source>Export Plan JSON</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>导出方案 JSON</translation>
    </message>
    <message>
        <source>Plan files (*.json)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案文件 (*.json)</translation>
    </message>
    <message>
        <source>Megatron-LM arguments (*.sh)</source>
        <translation>Megatron-LM 参数 (*.sh)</translation>
    </message>
    <message>
        <source>DeepSpeed config (*.json)</source>
        <translation>DeepSpeed 配置 (*.json)</translation>
    </message>
    <message>
        <source>torchtitan job config (*.toml)</source>
        <translation>torchtitan 作业配置 (*.toml)</translation>
    </message>
    <message>
        <source>Export Launch Config</source>
        <translation>导出启动配置</translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation>框架：</translation>
    </message>
    <message>
        <source>Launch config written to %1</source>
        <translation>启动配置已写入 %1</translation>
    </message>
    <message>
        <source>Export as PNG or SVG</source>
        <translation>导出为 PNG 或 SVG</translation>
    </message>
    <message>
        <source>Export Scale</source>
        <translation>导出缩放</translation>
    </message>
    <message>
        <source>Scale (2 doubles the pixels for print):</source>
        <translation>缩放比例（2 表示像素加倍，用于打印）：</translation>
    </message>
    <message>
        <source>Picture written to %1</source>
        <translation>图片已写入 %1</translation>
    </message>
</context>
<context>
    <name>FigureExporter</name>
    <message>
        <source>ShardScope %1 · predicted from published cost models · %2</source>
        <translation>ShardScope %1 · 基于已发表的成本模型预测 · %2</translation>
    </message>
    <message>
        <source>%1: the file name must end in .png or .svg</source>
        <translation>%1：文件名必须以 .png 或 .svg 结尾</translation>
    </message>
    <message>
        <source>%1: the scale must be between 0.1 and 8, got %2</source>
        <translation>%1：缩放比例必须在 0.1 到 8 之间，实际为 %2</translation>
    </message>
    <message>
        <source>%1: a %2 x %3 picture does not fit in memory</source>
        <translation>%1：%2 x %3 的图片无法放入内存</translation>
    </message>
    <message>
        <source>%1: could not encode the PNG image</source>
        <translation>%1：无法编码 PNG 图像</translation>
    </message>
    <message>
        <source>%1: could not start the SVG document</source>
        <translation>%1：无法创建 SVG 文档</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>The bundled example model is missing from this build.</source>
        <translation>此版本缺少内置示例模型。</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>%1: the autosaved session's model could not be opened, the autosave is kept: %2</source>
        <translation>%1：无法打开自动保存会话的模型，自动保存文件已保留：%2</translation>
    </message>
    <message>
        <source>%1: the session's model could not be opened: %2</source>
        <translation>%1：无法打开会话中的模型：%2</translation>
    </message>
    <message>
        <source>The model could not be imported.</source>
        <translation>无法导入该模型。</translation>
    </message>
    <message>
        <source>%1: the bundled model "%2" is not part of this version</source>
        <translation>%1：内置模型“%2”不在此版本中</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Models (*.json *.safetensors *.onnx *.graphml *.xml *.dot *.gv);;All files (*)</source>
        <translation>模型 (*.json *.safetensors *.onnx *.graphml *.xml *.dot *.gv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>ShardScope sessions (*.shardscope)</source>
        <translation>ShardScope 会话 (*.shardscope)</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Session saved to %1</source>
        <translation>会话已保存到 %1</translation>
    </message>
    <message>
        <source>Add GPUs</source>
        <translation>添加 GPU</translation>
    </message>
    <message>
        <source>Hardware catalog (*.json)</source>
        <translation>硬件目录 (*.json)</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The inputs have changed since the session was last saved. Save them as a session before %1?</source>
        <translation>自上次保存会话以来输入已更改。在%1之前将其保存为会话吗？</translation>
    </message>
    <message>
        <source>opening the example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <source>opening %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <source>opening another model</source>
        <translation>打开另一个模型</translation>
    </message>
    <message>
        <source>opening a session</source>
        <translation>打开会话</translation>
    </message>
</context>
<context>
    <name>Glossary</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer's weight matrices are split over this many GPUs (Megatron column/row parallel), which exchange activations twice per block in forward and in backward.</source>
        <translation>张量并行：每层的权重矩阵切分到这么多个 GPU 上（Megatron 列/行并行），它们在前向和反向中每个块各交换两次激活。</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Context parallelism: each sequence is split over this many GPUs; p2p passes keys and values around a ring, a2a (Ulysses) exchanges them by all-to-all.</source>
        <translation>上下文并行：每个序列切分到这么多个 GPU 上；p2p 沿环形传递 key 和 value，a2a（Ulysses）通过 all-to-all 交换它们。</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Expert parallelism: the routed experts of each MoE layer are spread over this many GPUs, which exchange tokens by all-to-all. "EP x ETP" also splits each expert over ETP GPUs.</source>
        <translation>专家并行：每个 MoE 层的路由专家分布到这么多个 GPU 上，它们通过 all-to-all 交换 token。“EP x ETP”还把每个专家切分到 ETP 个 GPU 上。</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>Expert tensor parallelism: each routed expert's matrices split over this many GPUs (1 or TP).</source>
        <translation>专家张量并行：每个路由专家的矩阵切分到这么多个 GPU 上（1 或 TP）。</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Pipeline parallelism: consecutive blocks on different GPUs; micro-batches flow through the stages.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线并行：连续的块放在不同的 GPU 上；微批次依次流经各阶段。</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>Data parallelism: replicas on different slices of the batch; their gradients are reduced every step.</source>
        <translation>数据并行：各副本处理批次的不同部分；每步对它们的梯度做归约。</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Virtual pipeline stages: model chunks per GPU in interleaved schedules; more chunks shrink the bubble and add sends.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>虚拟流水线阶段：交错式调度中每个 GPU 上的模型块数；块越多气泡越小，但发送次数越多。</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Sequences one stage processes at a time; the global batch is micro-batch x DP x the number of micro-batches.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>一个阶段一次处理的序列数；全局批次 = 微批次 x DP x 微批次数量。</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>显存 / GPU</translation>
    </message>
    <message>
        <source>Bytes on the fullest GPU at its peak: weights, gradients, optimizer states, activations in flight and other buffers.</source>
        <translation>占用最多的 GPU 在峰值时的字节数：权重、梯度、优化器状态、在途激活和其他缓冲区。</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Predicted seconds per optimizer step, with the cost model's measured error on the GPU family.</source>
        <translation>预测的每个优化器步的秒数，附成本模型在该 GPU 系列上的实测误差。</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Training throughput of the whole cluster: tokens per step divided by the step time.</source>
        <translation>整个集群的训练吞吐量：每步 token 数除以步时间。</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Hardware FLOPs utilization: like MFU but counting recomputed forward passes too, so it is higher with recomputation.</source>
        <translation>硬件 FLOPs 利用率：与 MFU 类似，但也计入重计算的前向计算，因此启用重计算时更高。</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>气泡</translation>
    </message>
    <message>
        <source>The share of the step pipeline stages sit idle while the pipeline fills and drains: (p - 1) / (m + p - 1) for 1F1B with p stages and m micro-batches. Over 15 % is flagged.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线填充和排空时各阶段空闲的时间占步时间的比例：1F1B 下 p 个阶段、m 个微批次时为 (p - 1) / (m + p - 1)。超过 15 % 会被标出。</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>The weighted score: throughput relative to the fastest plan that fits, memory headroom and the share of the step without exposed communication, each weighted by its slider. By default throughput alone. Hover a score for its parts.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>加权评分：相对于能放下的最快方案的吞吐量、空余显存，以及步时间中没有暴露通信的比例，各自按其滑块加权。默认只看吞吐量。将鼠标悬停在评分上可查看各组成部分。</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Sharding of model states over the data-parallel GPUs: 1 optimizer states, 2 also gradients, 3 also weights (FSDP). HSDP shards within groups and replicates the groups.</source>
        <translation>在数据并行 GPU 上切分模型状态：1 切分优化器状态，2 还切分梯度，3 还切分权重（FSDP）。HSDP 在组内切分并复制各组。</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Activation recomputation: selective recomputes attention's scores, full keeps only each block's input and recomputes the rest in backward.</source>
        <translation>激活重计算：selective 重新计算注意力分数，full 只保留每个块的输入，其余在反向中重新计算。</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Sequence parallelism: splits the activations TP replicates (norms, dropout) along the sequence over the TP GPUs.</source>
        <translation>序列并行：将 TP 中被复制的激活（归一化、dropout）沿序列维度切分到 TP 的各 GPU 上。</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP 重叠</translation>
    </message>
    <message>
        <source>TP communication pipelined with the GEMMs (Megatron --tp-comm-overlap); needs sequence parallelism.</source>
        <translation>TP 通信与 GEMM 流水线式交叠（Megatron --tp-comm-overlap）；需要序列并行。</translation>
    </message>
    <message>
        <source>PP overlap</source>
        <translation>PP 重叠</translation>
    </message>
    <message>
        <source>Sends between pipeline stages run behind compute, leaving only their latency exposed.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线阶段之间的发送在计算背后进行，只暴露其延迟。</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP 重叠</translation>
    </message>
    <message>
        <source>One micro-batch's MoE all-to-alls run while another computes (Megatron --overlap-moe-expert-parallel-comm).</source>
        <translation>一个微批次的 MoE all-to-all 在另一个微批次计算时进行（Megatron --overlap-moe-expert-parallel-comm）。</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Whether the plan fits in usable memory, which plan is the fastest that fits, how many equivalent plans a row stands for, or why a plan cannot run.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案能否放入可用显存、哪个方案是能放下的最快方案、一行代表多少个等价方案，或方案为何无法运行。</translation>
    </message>
    <message>
        <source>Memory margin</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>The share of each GPU's memory kept free for fragmentation and spikes; usable memory is the rest. It is the headroom rule: a plan fits when its fullest GPU stays under usable memory.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>每个 GPU 显存中为碎片和峰值保留的空闲比例；其余为可用显存。这就是余量规则：占用最多的 GPU 不超过可用显存时，方案即可放下。</translation>
    </message>
    <message>
        <source>Usable memory</source>
        <translation>可用显存</translation>
    </message>
    <message>
        <source>A GPU's memory minus the memory margin.</source>
        <translation>GPU 显存减去显存余量。</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>空余显存</translation>
    </message>
    <message>
        <source>Usable memory left free on the fullest GPU, as a share of usable memory; the memory part of the score.</source>
        <translation>占用最多的 GPU 上剩余的可用显存占可用显存的比例；评分中的显存部分。</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>Communication the GPUs wait for: what is not hidden behind compute (TP, CP, EP and pipeline sends, and the part of the data-parallel reduction after the last backward).</source>
        <translation>GPU 需要等待的通信：未被计算掩盖的部分（TP、CP、EP 和流水线发送，以及最后一次反向之后的数据并行归约部分）。</translation>
    </message>
    <message>
        <source>Equivalent plans</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>等价方案</translation>
    </message>
    <message>
        <source>Plans with the same layout and identical predictions that differ only in settings without effect (ZeRO-0 and ZeRO-1 at DP 1, the TP overlap at TP 1); the table shows one row for them.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>布局相同、预测完全一致、仅在无效设置上不同的方案（DP 1 时的 ZeRO-0 与 ZeRO-1，TP 1 时的 TP 重叠）；表格中只显示一行。</translation>
    </message>
    <message>
        <source>Imbalance</source>
        <translation>不均衡</translation>
    </message>
    <message>
        <source>The slowest pipeline stage's time per micro-batch over the fastest one's; the slowest stage sets the pace.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>最慢流水线阶段每个微批次的时间与最快阶段之比；最慢的阶段决定整体速度。</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>The pipeline schedule: GPipe, 1F1B, interleaved 1F1B, and the zero-bubble ones (ZB-H1, interleaved zero bubble, ZBV) which defer weight gradients into the bubble.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>流水线调度：GPipe、1F1B、交错式 1F1B，以及把权重梯度推迟到气泡中计算的零气泡调度（ZB-H1、交错式零气泡、ZBV）。</translation>
    </message>
    <message>
        <source>All-to-all</source>
        <translation>All-to-all</translation>
    </message>
    <message>
        <source>Every GPU of a group sends a distinct piece to every other: MoE token dispatch and combine, Ulysses context parallelism.</source>
        <translation>组内每个 GPU 向其他每个 GPU 发送不同的数据块：MoE token 分发与合并、Ulysses 上下文并行。</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>In the explorer, the plans no other plan beats on both chosen axes at once.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>在浏览器中，没有其他方案能在两个所选坐标轴上同时胜过的方案。</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Days to train a token budget at a plan's tokens/s; with GPU-hours (days x 24 x GPUs) and, when a price per GPU-hour is set, the cost. No price is assumed.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>按方案的 token/s 训练完一个 token 预算所需的天数；附 GPU 时（天数 x 24 x GPU 数），设置了每 GPU 时价格时还附成本。不假定任何价格。</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Days to train the token budget at the plan's tokens/s: tokens / (tokens/s x 86,400).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>按方案的 token/s 训练完 token 预算所需的天数：token 数 / (token/s x 86,400)。</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>GPU-hours x the price per GPU-hour you set, in your currency; without a price no cost is shown.</source>
        <translation>GPU 时 x 您设置的每 GPU 时价格，以您的货币计；未设置价格时不显示成本。</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 时</translation>
    </message>
    <message>
        <source>GPUs x hours of a training run: days x 24 x the cluster's GPUs.</source>
        <translation>一次训练的 GPU 数 x 小时数：天数 x 24 x 集群的 GPU 数。</translation>
    </message>
    <message>
        <source>(docs/%1)</source>
        <translation>（docs/%1）</translation>
    </message>
    <message>
        <source>&lt;p&gt;No term matches.&lt;/p&gt;</source>
        <translation>&lt;p&gt;没有匹配的术语。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The plan's rank under the chosen strategy. By default the fastest plan that fits is #1, or a plan tied with it (within half the band of the predicted times) that has more headroom or more usual settings; hover a rank for why it is there.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案在所选策略下的名次。默认情况下，能放下的最快方案为第 1 名，或与其并列（在预测时间误差带的一半以内）且显存余量更多或设置更常规的方案；将鼠标悬停在名次上可查看原因。</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: the model's FLOPs per second (forward and backward, no recomputation) over the GPUs' peak. Attention scores are counted in full, as Megatron-LM logs them; the figure in brackets counts the half a causal mask hides as not done, as NVIDIA publishes MFU.</source>
        <translation>模型 FLOPs 利用率：模型每秒的 FLOPs（前向与反向，不含重计算）与 GPU 峰值之比。注意力分数按全量计算，与 Megatron-LM 日志一致；括号中的数值把因果掩码遮蔽的一半视为未执行，与 NVIDIA 公布 MFU 的方式一致。</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>Filter terms</source>
        <translation>筛选术语</translation>
    </message>
</context>
<context>
    <name>ImbalanceView</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <source>PP communication</source>
        <translation>PP 通信</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无方案</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>无估算：%1</translation>
    </message>
    <message>
        <source>Compute imbalance: a single stage, %1 per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>计算不均衡：仅一个阶段，每个微批次 %1</translation>
    </message>
    <message>
        <source>Compute imbalance: slowest / fastest stage = %1 (stage %2: %3, stage %4: %5)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>计算不均衡：最慢 / 最快阶段 = %1（阶段 %2：%3，阶段 %4：%5）</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>mean %1</source>
        <translation>平均 %1</translation>
    </message>
    <message>
        <source>Stage %1: %2 per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段 %1：每个微批次 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Layers %1</source>
        <translation>层 %1</translation>
    </message>
    <message>
        <source>GPUs %1–%2</source>
        <translation>GPU %1–%2</translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation>CP 通信</translation>
    </message>
    <message>
        <source>EP all-to-all</source>
        <translation>EP all-to-all</translation>
    </message>
    <message>
        <source>Imbalance %1: stage %2 %3, stage %4 %5</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>不均衡 %1：阶段 %2 %3，阶段 %4 %5</translation>
    </message>
</context>
<context>
    <name>InputPanel</name>
    <message>
        <source>%1 T</source>
        <translation>%1 万亿</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 十亿</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 百万</translation>
    </message>
    <message>
        <source>auto (searched)</source>
        <translation>自动（搜索）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>未加载模型。</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json, safetensors checkpoint (header only), ONNX model, GraphML or Graphviz DOT graph, or a ShardScope model JSON. You can also drop a file on the window.</source>
        <translation>打开 Hugging Face config.json、safetensors 检查点（仅读取头部）、ONNX 模型、GraphML 或 Graphviz DOT 图，或 ShardScope 模型 JSON。也可以将文件拖放到窗口中。</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>The GPU model. Memory, peak FLOP/s and link bandwidths come from the hardware catalog (resources/hardware.json, with sources).</source>
        <translation>GPU 型号。显存、峰值 FLOP/s 和链路带宽取自硬件目录（resources/hardware.json，附来源）。</translation>
    </message>
    <message>
        <source>Number of nodes (servers).</source>
        <translation>节点（服务器）数量。</translation>
    </message>
    <message>
        <source>GPUs in one node, joined by the fast intra-node link (NVLink). Tensor parallelism is kept inside a node.</source>
        <translation>单个节点内的 GPU 数，通过高速节点内链路（NVLink）互连。张量并行限制在节点内。</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Per-GPU bandwidth of the intra-node link, one direction. 0 uses the catalog value.</source>
        <translation>每个 GPU 的节点内链路带宽（单向）。0 表示使用目录中的值。</translation>
    </message>
    <message>
        <source>Per-GPU bandwidth between nodes (InfiniBand/RoCE NIC), one direction. 0 uses the catalog value.</source>
        <translation>每个 GPU 的节点间带宽（InfiniBand/RoCE 网卡，单向）。0 表示使用目录中的值。</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU：</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>节点数(&amp;N)：</translation>
    </message>
    <message>
        <source>GPUs per n&amp;ode:</source>
        <translation>每节点 GPU 数(&amp;O)：</translation>
    </message>
    <message>
        <source>Intra-node link:</source>
        <translation>节点内链路：</translation>
    </message>
    <message>
        <source>Inter-node link:</source>
        <translation>节点间链路：</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Tokens per sequence. Activation memory grows linearly with it (quadratically without flash attention).</source>
        <translation>每个序列的 token 数。激活显存随之线性增长（不使用 flash attention 时为平方增长）。</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, over all data-parallel replicas. It fixes the number of micro-batches: global batch / (DP x micro-batch).</source>
        <translation>每个优化器步中所有数据并行副本处理的序列总数。它决定微批次数量：全局批次 / (DP x 微批次)。</translation>
    </message>
    <message>
        <source>Sequences per micro-batch, the unit that flows through the pipeline. Larger micro-batches use the GPU better but store more activations.</source>
        <translation>每个微批次的序列数，微批次是在流水线中流动的单位。更大的微批次能更好地利用 GPU，但需要存储更多激活。</translation>
    </message>
    <message>
        <source>Number format of the math and of the stored activations. Mixed precision keeps fp32 master weights and Adam moments (16 bytes per parameter with bf16).</source>
        <translation>计算和所存激活使用的数值格式。混合精度保留 fp32 主权重和 Adam 动量（使用 bf16 时每个参数 16 字节）。</translation>
    </message>
    <message>
        <source>0: replicate everything</source>
        <translation>0：全部复制</translation>
    </message>
    <message>
        <source>1: shard optimizer states</source>
        <translation>1：切分优化器状态</translation>
    </message>
    <message>
        <source>2: shard optimizer states and gradients</source>
        <translation>2：切分优化器状态和梯度</translation>
    </message>
    <message>
        <source>3: shard optimizer states, gradients and weights</source>
        <translation>3：切分优化器状态、梯度和权重</translation>
    </message>
    <message>
        <source>Activation recomputation (checkpointing): selective recomputes only the attention core (Korthikanti et al. 2022), full stores only each block's input and recomputes its forward pass during backward (about 33 % more math).</source>
        <translation>激活重计算（检查点）：selective 只重算注意力核心（Korthikanti 等，2022），full 只保存每个块的输入，并在反向传播时重算其前向计算（约多 33 % 的计算量）。</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>Sequence parallelism (Megatron): the norms and dropouts between tensor-parallel regions are split along the sequence over the TP GPUs, so their activations are not replicated. Same communication volume as plain TP.</source>
        <translation>序列并行（Megatron）：张量并行区域之间的归一化和 dropout 沿序列维度切分到各 TP GPU 上，使其激活不再被复制。通信量与普通 TP 相同。</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Share of each GPU's memory kept free for fragmentation and spikes.</source>
        <translation>每个 GPU 显存中为碎片和峰值预留的比例。</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Tensor-parallel degree: each layer's matrices split over this many GPUs (Megatron column/row parallel); needs fast links, so it stays inside a node. Auto = searched.</source>
        <translation>张量并行度：每层的矩阵切分到这么多 GPU 上（Megatron 列/行并行）；需要高速链路，因此限制在节点内。Auto = 搜索。</translation>
    </message>
    <message>
        <source>Pipeline-parallel degree: the layers split into this many consecutive stages. Auto = searched.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线并行度：将各层划分为这么多个连续阶段。Auto = 搜索。</translation>
    </message>
    <message>
        <source>Data-parallel degree: model replicas, each on a slice of the batch. Auto = searched.</source>
        <translation>数据并行度：模型副本数，每个副本处理批次的一部分。Auto = 搜索。</translation>
    </message>
    <message>
        <source>Virtual pipeline stages: model chunks per GPU with the interleaved schedule. Auto = searched.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>虚拟流水线阶段：交错式调度中每个 GPU 上的模型块数。Auto = 搜索。</translation>
    </message>
    <message>
        <source>%1 auto</source>
        <translation>%1 自动</translation>
    </message>
    <message>
        <source>Fixed degrees:</source>
        <translation>固定并行度：</translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation>序列长度(&amp;S)：</translation>
    </message>
    <message>
        <source>Global &amp;batch:</source>
        <translation>全局批次(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Micro-batch:</source>
        <translation>微批次(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage:</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>&amp;ZeRO 阶段：</translation>
    </message>
    <message>
        <source>&amp;Recomputation:</source>
        <translation>重计算(&amp;R)：</translation>
    </message>
    <message>
        <source>Se&amp;quence parallel:</source>
        <translation>序列并行(&amp;Q)：</translation>
    </message>
    <message>
        <source>Sc&amp;hedule:</source>
        <translation>调度(&amp;H)：</translation>
    </message>
    <message>
        <source>Memory margin:</source>
        <translation>显存余量：</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation>策略：%1</translation>
    </message>
    <message>
        <source>Preset: %1</source>
        <translation>预设：%1</translation>
    </message>
    <message>
        <source>S&amp;trategy:</source>
        <translation>策略(&amp;T)：</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Weight of memory headroom: the free share of the fullest GPU.</source>
        <translation>显存余量的权重：最满 GPU 的空闲比例。</translation>
    </message>
    <message>
        <source>Weight of throughput: tokens per second relative to the fastest plan that fits.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>吞吐量的权重：相对于可放下的最快方案的每秒 token 数。</translation>
    </message>
    <message>
        <source>Weight of communication: the share of the step not spent waiting for exposed communication.</source>
        <translation>通信的权重：步长中不用等待暴露通信的比例。</translation>
    </message>
    <message>
        <source>%1 (%2 GiB)</source>
        <translation>%1（%2 GiB）</translation>
    </message>
    <message>
        <source>catalog (%1 GB/s)</source>
        <translation>目录值（%1 GB/s）</translation>
    </message>
    <message>
        <source>%1 GPUs in total</source>
        <translation>共 %1 个 GPU</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3 parameters</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2）&lt;br&gt;%3 参数</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>，每个 token 激活 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;1 layer</source>
        <translation>&lt;br&gt;1 层</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 layers</source>
        <translation>&lt;br&gt;%1 层</translation>
    </message>
    <message>
        <source>, 1 transformer block</source>
        <translation>，1 个 Transformer 块</translation>
    </message>
    <message>
        <source>, %1 transformer blocks</source>
        <translation>，%1 个 Transformer 块</translation>
    </message>
    <message>
        <source>&lt;br&gt;hidden %1, %2 heads (%3 KV), FFN %4</source>
        <translation>&lt;br&gt;隐藏维度 %1，%2 个注意力头（%3 个 KV），FFN %4</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Import notes: %1, listed in the notes panel&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;导入提示：%1，详见提示面板&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Bundled example: %1</source>
        <translation>内置示例：%1</translation>
    </message>
    <message>
        <source>Megatron --tp-comm-overlap: TP all-gathers and reduce-scatters pipelined with the GEMMs (Transformer Engine userbuffers), hiding most tensor-parallel communication; needs sequence parallelism and TP &gt; 1.</source>
        <translation>Megatron --tp-comm-overlap：TP 的 all-gather 和 reduce-scatter 与 GEMM 流水线式交叠执行（Transformer Engine userbuffers），可隐藏大部分张量并行通信；需要序列并行且 TP &gt; 1。</translation>
    </message>
    <message>
        <source>TP comm overlap:</source>
        <translation>TP 通信重叠：</translation>
    </message>
    <message>
        <source>PP comm overlap:</source>
        <translation>PP 通信重叠：</translation>
    </message>
    <message>
        <source>Pipeline sends and receives overlapped with the next chunk's compute (Megatron does it in the interleaved schedule only, and requires it there with PP 2; --no-overlap-p2p-communication turns it off).</source>
        <translation>流水线的发送和接收与下一个模型块的计算重叠（Megatron 仅在交错式调度中这样做，且在 PP 为 2 时必须开启；--no-overlap-p2p-communication 可将其关闭）。</translation>
    </message>
    <message>
        <source>ZeRO (DeepSpeed) / FSDP: how much of the model state is split over the data- and context-parallel GPUs instead of replicated. ZeRO-1 shards the fp32 optimizer states, ZeRO-2 also the gradients, ZeRO-3 also the weights (gathered layer by layer when needed, at the cost of 1.5x the data-parallel traffic). All stages combine with pipeline parallelism.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO（DeepSpeed）/ FSDP：模型状态中有多少在数据并行和上下文并行 GPU 之间切分而非复制。ZeRO-1 切分 fp32 优化器状态，ZeRO-2 还切分梯度，ZeRO-3 还切分权重（需要时逐层收集，代价是 1.5 倍的数据并行通信量）。所有阶段都可与流水线并行组合。</translation>
    </message>
    <message>
        <source>Hybrid sharding (HSDP; torchtitan data_parallel_replicate_degree, Megatron's distributed optimizer instances): ZeRO shards the model state over groups of DP x CP / N GPUs and keeps N replicas of those groups, so the sharded collectives stay within a group and only the gradient all-reduce crosses replicas. 1 shards over all data-parallel GPUs. Auto = searched.</source>
        <translation>混合切分（HSDP；torchtitan 的 data_parallel_replicate_degree，Megatron 分布式优化器的实例数）：ZeRO 在每组 DP x CP / N 个 GPU 内切分模型状态，并保留这些组的 N 个副本，因此切分后的集合通信留在组内，只有梯度 all-reduce 跨副本进行。1 表示在所有数据并行 GPU 上切分。Auto = 搜索。</translation>
    </message>
    <message>
        <source>ZB-H1 (zero bubble)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZB-H1（零气泡）</translation>
    </message>
    <message>
        <source>Interleaved zero bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>交错式零气泡</translation>
    </message>
    <message>
        <source>ZBV (zero bubble, V-shaped)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZBV（零气泡，V 形）</translation>
    </message>
    <message>
        <source>Pipeline schedule. GPipe runs all forwards then all backwards (stores every micro-batch's activations); 1F1B alternates and stores at most one per stage; interleaved 1F1B gives each GPU several model chunks (virtual stages), cutting the pipeline bubble by that factor for more point-to-point traffic. The zero-bubble schedules (Qi et al. 2024) split each backward into input and weight gradients and run the weight gradients in the bubble: ZB-H1 with 1F1B's memory, interleaved zero bubble with several chunks, ZBV with two chunks placed in a V (torchtitan's InterleavedZeroBubble and ZBVZeroBubble).</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线调度。GPipe 先执行所有前向再执行所有反向（保存每个微批次的激活）；1F1B 交替执行，每个阶段最多保存一份；交错式 1F1B 为每个 GPU 分配多个模型块（虚拟阶段），按该倍数缩小流水线气泡，但点对点通信更多。零气泡调度（Qi 等，2024）将每次反向计算拆分为输入梯度和权重梯度，并在气泡中计算权重梯度：ZB-H1 的显存与 1F1B 相同，交错式零气泡使用多个模型块，ZBV 使用两个呈 V 形排列的模型块（torchtitan 的 InterleavedZeroBubble 和 ZBVZeroBubble）。</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP reshard_after_forward: on frees each layer's gathered weights after its forward and gathers them again for the backward (FSDP's default); off keeps them until the backward, one all-gather less per micro-batch for more memory (torchtitan's choice with pipeline parallelism). ZeRO-3 only.</source>
        <translation>ZeRO-3 / FSDP 的 reshard_after_forward：开启时，每层收集到的权重在其前向计算后释放，反向传播时再次收集（FSDP 的默认设置）；关闭时保留到反向传播，每个微批次少一次 all-gather，但占用更多显存（torchtitan 在流水线并行时的选择）。仅适用于 ZeRO-3。</translation>
    </message>
    <message>
        <source>ring (p2p)</source>
        <translation>环形（p2p）</translation>
    </message>
    <message>
        <source>all-to-all (Ulysses)</source>
        <translation>all-to-all（Ulysses）</translation>
    </message>
    <message>
        <source>How context parallelism exchanges attention data (Megatron --cp-comm-type): p2p passes keys and values around a ring of the CP GPUs, overlapped with the attention blocks; a2a (DeepSpeed Ulysses) turns the sequence split into a split of the attention heads with all-to-alls before and after attention, so the heads must divide by TP x CP. Only with CP &gt; 1.</source>
        <translation>上下文并行交换注意力数据的方式（Megatron --cp-comm-type）：p2p 在 CP GPU 组成的环上传递 key 和 value，并与注意力块重叠；a2a（DeepSpeed Ulysses）在注意力前后用 all-to-all 把按序列的切分变为按注意力头的切分，因此注意力头数必须能被 TP x CP 整除。仅在 CP &gt; 1 时有效。</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Context-parallel degree (Megatron --context-parallel-size): each sequence split into this many chunks on different GPUs, which exchange keys and values in attention; it divides the activations of long sequences. Auto = searched.</source>
        <translation>上下文并行度（Megatron --context-parallel-size）：每个序列切分成这么多块，分布在不同 GPU 上，这些 GPU 在注意力中交换 key 和 value；可切分长序列的激活。Auto = 搜索。</translation>
    </message>
    <message>
        <source>HSDP replicas:</source>
        <translation>HSDP 副本数：</translation>
    </message>
    <message>
        <source>Reshard after forward:</source>
        <translation>前向后重新切分：</translation>
    </message>
    <message>
        <source>CP communication:</source>
        <translation>CP 通信：</translation>
    </message>
    <message>
        <source>&lt;br&gt;mixture of experts: %1 routed experts, %2 per token</source>
        <translation>&lt;br&gt;混合专家：%1 个路由专家，每个 token %2 个</translation>
    </message>
    <message>
        <source>%1

Disabled: the model has no routed experts (not a mixture of experts), so there is nothing to spread over expert parallelism.</source>
        <translation>%1

已禁用：该模型没有路由专家（不是混合专家模型），因此没有可用专家并行分布的内容。</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丢弃</translation>
    </message>
    <message>
        <source>MoE imbalance:</source>
        <translation>MoE 负载不均衡：</translation>
    </message>
    <message>
        <source>MoE capacity factor:</source>
        <translation>MoE 容量因子：</translation>
    </message>
    <message>
        <source>Expert-parallel degree (Megatron --expert-model-parallel-size, torchtitan expert_parallel_degree): each MoE layer's routed experts spread over this many GPUs, which exchange tokens by all-to-all (dispatch and combine). Megatron's MoE parallel folding lays the experts out over the same GPUs as TP x CP x DP, so EP x ETP must divide them. Auto = searched.</source>
        <translation>专家并行度（Megatron --expert-model-parallel-size，torchtitan expert_parallel_degree）：每个 MoE 层的路由专家分布到这么多个 GPU 上，它们通过 all-to-all 交换 token（分发与合并）。Megatron 的 MoE 并行折叠把专家放在与 TP x CP x DP 相同的 GPU 上，因此 EP x ETP 必须整除它们。Auto = 搜索。</translation>
    </message>
    <message>
        <source>Expert tensor-parallel degree (Megatron --expert-tensor-parallel-size, torchtitan expert_tensor_parallel_degree): each routed expert's matrices split over this many GPUs, independently of the attention's TP; worth it for large experts. Auto = searched.</source>
        <translation>专家张量并行度（Megatron --expert-tensor-parallel-size，torchtitan expert_tensor_parallel_degree）：每个路由专家的矩阵切分到这么多个 GPU 上，与注意力部分的 TP 无关；适合大专家。Auto = 搜索。</translation>
    </message>
    <message>
        <source>Dropless routing (Megatron's default): the busiest expert's tokens over the mean, which sets the slowest GPU's expert work, all-to-all volume and buffers. 1 is a perfectly balanced router; 1.25 (the default) is the capacity factor at which Switch Transformer routing drops under 1 % of tokens (Fedus et al. 2022).</source>
        <translation>不丢弃路由（Megatron 的默认设置）：最繁忙专家的 token 数与平均值之比，它决定最慢 GPU 的专家计算量、all-to-all 通信量和缓冲区。1 表示路由完全均衡；1.25（默认值）是 Switch Transformer 路由丢弃不到 1 % token 时的容量因子（Fedus et al. 2022）。</translation>
    </message>
    <message>
        <source>Token dropping (Megatron --moe-expert-capacity-factor with --moe-pad-expert-input-to-capacity): every expert computes exactly this many times its average tokens and drops the rest. Dropless = no capacity factor; the imbalance applies.</source>
        <translation>丢弃 token（Megatron --moe-expert-capacity-factor 配合 --moe-pad-expert-input-to-capacity）：每个专家恰好计算其平均 token 数的这么多倍，其余丢弃。不丢弃 = 没有容量因子；此时使用负载不均衡系数。</translation>
    </message>
    <message>
        <source>%1

Disabled: a capacity factor is set, so every expert computes exactly that many tokens.</source>
        <translation>%1

已禁用：已设置容量因子，因此每个专家恰好计算这么多 token。</translation>
    </message>
    <message>
        <source>EP comm overlap:</source>
        <translation>EP 通信重叠：</translation>
    </message>
    <message>
        <source>Megatron --overlap-moe-expert-parallel-comm: the MoE all-to-alls (dispatch and combine) of one micro-batch run while another micro-batch computes, as Megatron's combined 1F1B schedule pairs one micro-batch's forward with another's backward layer by layer. Needs EP &gt; 1, no full recomputation, bf16 or fp16, and with PP &gt; 1 the interleaved schedule. Auto = searched.</source>
        <translation>Megatron --overlap-moe-expert-parallel-comm：一个微批次的 MoE all-to-all（分发与合并）在另一个微批次计算时进行，因为 Megatron 的组合式 1F1B 调度逐层将一个微批次的前向与另一个微批次的反向配对执行。需要 EP &gt; 1、不使用完全重计算、bf16 或 fp16，且在 PP &gt; 1 时使用交错式调度。自动 = 搜索。</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source> T tokens</source>
        <translation> 万亿 token</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Tokens to train on, in trillions (Llama 3: 15.6 T). With a budget the plan table shows days to train and GPU-hours for every plan.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>要训练的 token 数，以万亿计（Llama 3：15.6 万亿）。设置预算后，方案表会为每个方案显示训练天数和 GPU 时。</translation>
    </message>
    <message>
        <source> per GPU-hour</source>
        <translation> / GPU 时</translation>
    </message>
    <message>
        <source>What one GPU-hour costs you, in your currency. ShardScope assumes no price: without one no cost is shown.</source>
        <translation>每 GPU 时的费用，以您的货币计。ShardScope 不假定任何价格：未设置时不显示成本。</translation>
    </message>
    <message>
        <source>Token budget:</source>
        <translation>token 预算：</translation>
    </message>
    <message>
        <source>Price:</source>
        <translation>价格：</translation>
    </message>
    <message>
        <source>Fastest plan that fits (weighted score)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>能放下的最快方案（加权评分）</translation>
    </message>
    <message>
        <source>How plans are ranked. Every plan is searched either way. By default the fastest plan that fits ranks first (the memory margin is the headroom rule) and the sliders can trade speed for headroom or less exposed communication; the seed's strategies order plans by their own rule; the presets also set the weights and the memory margin, and put the margin back when you leave them.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案的排序方式。无论哪种方式都会搜索所有方案。默认情况下能放下的最快方案排第一（显存余量即余量规则），滑块可以用速度换取更多空余显存或更少的暴露通信；原型中的策略按各自的规则排序；预设还会设置权重和显存余量，离开预设时恢复原来的余量。</translation>
    </message>
    <message>
        <source>Not used: the %1 strategy ranks plans by its own rule. Choose the weighted score or Hybrid to rank by these weights.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>未使用：%1 策略按自己的规则排序方案。选择加权评分或 Hybrid 才会按这些权重排序。</translation>
    </message>
    <message>
        <source>The %1 preset sets the memory margin to %2 % (it was %3 %); it goes back when you choose another strategy.</source>
        <translation>%1 预设将显存余量设为 %2 %（原为 %3 %）；选择其他策略时会恢复。</translation>
    </message>
    <message>
        <source>Constants fitted to %1 (%2 runs, fitted %3).</source>
        <translation>常数拟合自 %1（%2 个运行，拟合于 %3）。</translation>
    </message>
    <message>
        <source>The stack has: %1.</source>
        <translation>该软件栈具备：%1。</translation>
    </message>
    <message>
        <source>The software stack the plans are predicted for: each profile has its own fitted constants and its own cross-validated error band (shardscope validate --profile NAME).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>预测计划所针对的软件栈：每个配置档都有自己拟合的常数和自己的交叉验证误差带（shardscope validate --profile 名称）。</translation>
    </message>
    <message>
        <source>Stack &amp;profile:</source>
        <translation>软件栈配置档(&amp;P)：</translation>
    </message>
    <message>
        <source>balanced (searched)</source>
        <translation>均衡（搜索）</translation>
    </message>
    <message>
        <source>even (Megatron's default)</source>
        <translation>均匀（Megatron 默认）</translation>
    </message>
    <message>
        <source>Pipeline split:</source>
        <translation>流水线切分：</translation>
    </message>
    <message>
        <source>layout string</source>
        <translation>布局字符串</translation>
    </message>
    <message>
        <source>Which blocks each pipeline stage holds: placed by the search so the slowest stage is as fast as memory allows, split evenly over the model chunks as Megatron-LM does unless told otherwise (first and last stage counts: shardscope plan --first-stage-blocks, --last-stage-blocks), or as a layout string places them.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>每个流水线阶段持有哪些块：由搜索放置，使最慢的阶段在显存允许的范围内尽可能快；像 Megatron-LM 在未另行指定时那样均匀分配到各模型块（首末阶段的块数：shardscope plan --first-stage-blocks、--last-stage-blocks）；或按布局字符串放置。</translation>
    </message>
    <message>
        <source>e.g. Et*3|(t*4|)*6,t*3L</source>
        <translation>例如 Et*3|(t*4|)*6,t*3L</translation>
    </message>
    <message>
        <source>Megatron-LM's --pipeline-model-parallel-layout: E embedding, t transformer block, m MTP module, L loss, | between model chunks in model order (chunk k of stage s is entry k x PP + s), x*N and (...)*N repeat. It fixes PP x VPP.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>Megatron-LM 的 --pipeline-model-parallel-layout：E 嵌入，t Transformer 块，m MTP 模块，L 损失，| 按模型顺序分隔模型块（阶段 s 的第 k 个块是第 k x PP + s 项），x*N 与 (...)*N 表示重复。它确定 PP x VPP。</translation>
    </message>
    <message>
        <source>Pipeline layout:</source>
        <translation>流水线布局：</translation>
    </message>
    <message>
        <source>Enter a layout string, e.g. Et*3|(t*4|)*6,t*3L.</source>
        <translation>请输入布局字符串，例如 Et*3|(t*4|)*6,t*3L。</translation>
    </message>
    <message>
        <source>Character %1: %2</source>
        <translation>第 %1 个字符：%2</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>均匀（uniform）</translation>
    </message>
    <message>
        <source>block</source>
        <translation>前若干块（block）</translation>
    </message>
    <message>
        <source> blocks</source>
        <translation> 个块</translation>
    </message>
    <message>
        <source>What full recomputation does in each model chunk (Megatron-LM --recompute-method, --recompute-num-layers): uniform checkpoints groups of N blocks, each keeping only its input and rebuilt whole during backward; block recomputes only the first N blocks and stores the others' activations. Uniform 1 (the default) checkpoints every block on its own.</source>
        <translation>完全重计算在每个模型块中的做法（Megatron-LM --recompute-method、--recompute-num-layers）：uniform 以 N 个块为一组设检查点，每组只保留输入，反向时整体重建；block 只重计算前 N 个块，其余块保存激活。uniform 1（默认）为每个块单独设检查点。</translation>
    </message>
    <message>
        <source>Full recompute:</source>
        <translation>完全重计算：</translation>
    </message>
    <message>
        <source>FP8 recipe:</source>
        <translation>FP8 配方：</translation>
    </message>
    <message>
        <source>How FP8 training scales its tensors (Megatron-LM --fp8-recipe): delayed casts in one pass with the scale of earlier steps; tensorwise (current scaling) first reads each tensor for its maximum, then casts; blockwise casts in one pass with a scale per block of 1x128 (activations) or 128x128 (weights). Only with fp8. The first and last blocks kept in BF16: shardscope plan --bf16-first-blocks, --bf16-last-blocks.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>FP8 训练如何缩放张量（Megatron-LM --fp8-recipe）：delayed 用之前步骤的缩放因子一次完成转换；tensorwise（当前缩放）先读取每个张量求最大值，再转换；blockwise 一次转换，每块一个缩放因子，块为 1x128（激活）或 128x128（权重）。仅用于 fp8。首末块保持 BF16：shardscope plan --bf16-first-blocks、--bf16-last-blocks。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Notes and proposals</source>
        <translation>提示与建议</translation>
    </message>
    <message>
        <source>Open a model to start.</source>
        <translation>打开一个模型以开始。</translation>
    </message>
    <message>
        <source>%p % searched</source>
        <translation>已搜索 %p %</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the running search (Esc)</source>
        <translation>停止正在进行的搜索（Esc）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <source>Open &amp;Session…</source>
        <translation>打开会话(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save Session &amp;As…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Export Plan &amp;JSON…</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>导出方案 &amp;JSON…</translation>
    </message>
    <message>
        <source>Export &amp;Launch Config…</source>
        <translation>导出启动配置(&amp;L)…</translation>
    </message>
    <message>
        <source>Export &amp;View as PNG/SVG</source>
        <translation>将视图导出为 PNG/SVG(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Current View…</source>
        <translation>当前视图(&amp;C)…</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Whole &amp;Window…</source>
        <translation>整个窗口(&amp;W)…</translation>
    </message>
    <message>
        <source>Add &amp;GPUs from File…</source>
        <translation>从文件添加 &amp;GPU…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Search Again</source>
        <translation>重新搜索(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel Search</source>
        <translation>取消搜索(&amp;C)</translation>
    </message>
    <message>
        <source>Show Plans That Do &amp;Not Fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>显示放不下的方案(&amp;N)</translation>
    </message>
    <message>
        <source>Go to &amp;Plans Table</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>转到方案表(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>术语表(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;About ShardScope</source>
        <translation>关于 ShardScope(&amp;A)</translation>
    </message>
    <message>
        <source>About ShardScope</source>
        <translation>关于 ShardScope</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;ShardScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plans tensor, pipeline and data parallelism, ZeRO, recomputation and schedules for training large models, from published cost models.&lt;/p&gt;</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;p&gt;&lt;b&gt;ShardScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;基于已发表的成本模型，为大模型训练规划张量、流水线和数据并行、ZeRO、重计算及调度。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>L&amp;anguage</source>
        <extracomment>Menu of user-interface languages; each language is named in itself.</extracomment>
        <translation>语言(&amp;A)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language applies after ShardScope restarts.</source>
        <translation>新语言将在 ShardScope 重启后生效。</translation>
    </message>
    <message>
        <source>ShardScope[*]</source>
        <translation>ShardScope[*]</translation>
    </message>
    <message>
        <source>%1[*] — ShardScope</source>
        <translation>%1[*] — ShardScope</translation>
    </message>
    <message>
        <source>E&amp;xplorer</source>
        <translation>浏览器(&amp;X)</translation>
    </message>
    <message>
        <source>Every plan the search evaluated as a point: pick the axes and the colouring, see the Pareto front, click a point to select its plan, drag a rectangle to filter the plan table.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>搜索评估过的每个方案显示为一个点：选择坐标轴和着色方式，查看帕累托前沿，单击点可选中其方案，拖出矩形可筛选方案表。</translation>
    </message>
    <message>
        <source>Every plan searched</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>搜索过的全部方案</translation>
    </message>
    <message>
        <source>The sweep cannot start: %1</source>
        <translation>扫描无法开始：%1</translation>
    </message>
    <message>
        <source>S&amp;weep</source>
        <translation>扫描(&amp;W)</translation>
    </message>
    <message>
        <source>The best plan at every GPU count, global batch or sequence length: throughput, MFU, bubble, step time and memory, with the smallest cluster that fits marked.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>每个 GPU 数量、全局批次或序列长度下的最佳方案：吞吐量、MFU、气泡、步时间和显存，并标出能放下的最小集群。</translation>
    </message>
    <message>
        <source>Best plan by cluster size</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>按集群规模的最佳方案</translation>
    </message>
    <message>
        <source>The model changed to %1: run the sweep again.</source>
        <translation>模型已改为 %1：请重新运行扫描。</translation>
    </message>
    <message>
        <source>opening %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <source>closing</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>MemoryChartData</name>
    <message>
        <source>S%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Embedding and logits</source>
        <translation>嵌入与 logits</translation>
    </message>
    <message>
        <source>Other (CUDA context, NCCL, buffers)</source>
        <translation>其他（CUDA 上下文、NCCL、缓冲区）</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>Other weights, gradients, optimizer</source>
        <translation>其他权重、梯度、优化器</translation>
    </message>
    <message>
        <source>MoE activations</source>
        <translation>MoE 激活</translation>
    </message>
    <message>
        <source>MoE dispatcher buffers</source>
        <translation>MoE 分发器缓冲区</translation>
    </message>
    <message>
        <source>Stage %1: GPUs %2–%3, each</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段 %1：GPU %2–%3，每个</translation>
    </message>
    <message>
        <source>GPU %1 (stage %2)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>GPU %1（阶段 %2）</translation>
    </message>
    <message>
        <source>%1 GiB of %2 GiB usable</source>
        <translation>%1 GiB / 可用 %2 GiB</translation>
    </message>
    <message>
        <source>Weights %1 GiB, gradients %2 GiB, optimizer states %3 GiB</source>
        <translation>权重 %1 GiB，梯度 %2 GiB，优化器状态 %3 GiB</translation>
    </message>
    <message>
        <source>Activations %1 GiB, embedding and logits %2 GiB, other %3 GiB</source>
        <translation>激活 %1 GiB，嵌入与 logits %2 GiB，其他 %3 GiB</translation>
    </message>
    <message>
        <source>Routed experts %1 GiB, shared experts %2 GiB (their weights, gradients and optimizer states)</source>
        <translation>路由专家 %1 GiB，共享专家 %2 GiB（其权重、梯度和优化器状态）</translation>
    </message>
    <message>
        <source>MoE activations %1 GiB (of the activations), dispatcher buffers %2 GiB (of other)</source>
        <translation>MoE 激活 %1 GiB（属于激活），分发器缓冲区 %2 GiB（属于其他）</translation>
    </message>
</context>
<context>
    <name>MemoryChartView</name>
    <message>
        <source>Memory per GPU</source>
        <translation>每个 GPU 的显存</translation>
    </message>
    <message>
        <source>Usable capacity</source>
        <translation>可用容量</translation>
    </message>
    <message>
        <source>GPU (global rank)</source>
        <translation>GPU（全局 rank）</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每个 GPU 的 GiB</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无方案</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>无估算：%1</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 GPUs</source>
        <translation>每个 GPU 的显存：%1 个 GPU</translation>
    </message>
    <message>
        <source>Memory per GPU: one bar for all %1 GPUs, which hold the same bytes</source>
        <translation>每个 GPU 的显存：全部 %1 个 GPU 占用相同，用一根柱表示</translation>
    </message>
    <message>
        <source>Memory per GPU: all %1 GPUs alike</source>
        <translation>每个 GPU 的显存：全部 %1 个 GPU 相同</translation>
    </message>
    <message>
        <source>Memory per GPU: a bar per pipeline stage, one GPU each</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>每个 GPU 的显存：每个流水线阶段一根柱，每阶段一个 GPU</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 GPUs in %2 pipeline stages; a bar per stage stands for its %3 GPUs, which hold the same bytes</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>每个 GPU 的显存：%1 个 GPU 分布在 %2 个流水线阶段；每阶段一根柱，代表其占用相同的 %3 个 GPU</translation>
    </message>
    <message>
        <source>Memory per GPU: a bar per stage of %1 identical GPUs</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>每个 GPU 的显存：每阶段一根柱，每阶段 %1 个相同的 GPU</translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>usable %1 GiB</source>
        <translation>可用 %1 GiB</translation>
    </message>
</context>
<context>
    <name>ModelReport</name>
    <message>
        <source>Model %1 (%2)</source>
        <translation>模型 %1（%2）</translation>
    </message>
    <message>
        <source>  layers           %1 in %2 transformer blocks</source>
        <translation>  层               %1 层，%2 个 Transformer 块</translation>
    </message>
    <message>
        <source>  operators        %1 with %2 data edges</source>
        <translation>  算子             %1 个，%2 条数据边</translation>
    </message>
    <message>
        <source>  shape            hidden %1, %2 layers, %3 heads (%4 key/value), FFN %5, vocabulary %6</source>
        <translation>  形状             隐藏维度 %1，%2 层，%3 个注意力头（%4 个 key/value），FFN %5，词表 %6</translation>
    </message>
    <message>
        <source>, %1 experts (%2 per token)</source>
        <translation>，%1 个专家（每个 token %2 个）</translation>
    </message>
    <message>
        <source>Graph analysis (%1, forward FLOPs per token at sequence length %2)</source>
        <translation>图分析（%1，序列长度 %2 时每个 token 的前向 FLOPs）</translation>
    </message>
    <message>
        <source>operator graph</source>
        <translation>算子图</translation>
    </message>
    <message>
        <source>layer graph</source>
        <translation>层图</translation>
    </message>
    <message>
        <source>  vertices, edges  %1, %2 (%3 sources, %4 sinks)</source>
        <translation>  顶点、边         %1，%2（%3 个源点，%4 个汇点）</translation>
    </message>
    <message>
        <source>  depth            %1 vertices on the longest path</source>
        <translation>  深度             最长路径上 %1 个顶点</translation>
    </message>
    <message>
        <source>  critical path    %1 FLOP of %2 total (%3 %), %4 vertices; work/span %5</source>
        <translation>  关键路径         %1 FLOP，总计 %2（%3 %），%4 个顶点；work/span %5</translation>
    </message>
    <message>
        <source>  parallel width   %1 vertices that could run at once (level %2)</source>
        <translation>  并行宽度         %1 个可同时运行的顶点（第 %2 层级）</translation>
    </message>
    <message>
        <source>  operator mix</source>
        <translation>  算子构成</translation>
    </message>
    <message>
        <source>    ... %1 more operator types</source>
        <translation>    ... 另有 %1 种算子类型</translation>
    </message>
    <message>
        <source>  largest %1</source>
        <translation>  最大的%1</translation>
    </message>
    <message>
        <source>operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Import notes</source>
        <translation>导入提示</translation>
    </message>
    <message>
        <source>  parameters       %1 (%2)</source>
        <translation>  参数             %1（%2）</translation>
    </message>
    <message>
        <source>, %1 active per token (%2)</source>
        <translation>，每个 token 激活 %1（%2）</translation>
    </message>
    <message>
        <source>                   + %1 (%2) in 1 multi-token-prediction module, not in the total</source>
        <translation>                   + %1（%2）在 1 个多 token 预测模块中，不计入总数</translation>
    </message>
    <message>
        <source>                   + %1 (%2) in %3 multi-token-prediction modules, not in the total</source>
        <translation>                   + %1（%2）在 %3 个多 token 预测模块中，不计入总数</translation>
    </message>
    <message>
        <source>  experts          %1 of %2 blocks a mixture of %3 routed experts, top-%4, expert FFN %5</source>
        <translation>  专家             %2 个块中的 %1 个为 %3 个路由专家的混合，top-%4，专家 FFN %5</translation>
    </message>
    <message>
        <source>; shared expert FFN %1 (gated)</source>
        <translation>；共享专家 FFN %1（带门控）</translation>
    </message>
    <message>
        <source>; shared expert FFN %1</source>
        <translation>；共享专家 FFN %1</translation>
    </message>
    <message>
        <source>; router bias</source>
        <translation>；路由偏置</translation>
    </message>
    <message>
        <source>  dense blocks     the first %1 (FFN %2), then a MoE block every %3</source>
        <translation>  稠密块           前 %1 个（FFN %2），之后每 %3 个块一个 MoE 块</translation>
    </message>
    <message>
        <source>  dense blocks     the first %1 (FFN %2)</source>
        <translation>  稠密块           前 %1 个（FFN %2）</translation>
    </message>
    <message>
        <source>  routed experts   %1 (%2) of the parameters</source>
        <translation>  路由专家         占参数的 %1（%2）</translation>
    </message>
    <message>
        <source>  latent attention q rank %1, key/value rank %2; per head query/key %3 + %4 rotary, value %5</source>
        <translation>  潜在注意力       q 秩 %1，key/value 秩 %2；每个头 query/key %3 + %4 旋转，value %5</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>PlanOptionsParser</name>
    <message>
        <source>option %1 expects a value</source>
        <translation>选项 %1 需要一个值</translation>
    </message>
    <message>
        <source>%1 expects an integer, got "%2"</source>
        <translation>%1 应为整数，实际为“%2”</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, got %4</source>
        <translation>%1 必须在 %2 到 %3 之间，实际为 %4</translation>
    </message>
    <message>
        <source>%1 expects a number, got "%2"</source>
        <translation>%1 应为数字，实际为“%2”</translation>
    </message>
    <message>
        <source>no such file, and not a bundled model (bundled: %1)</source>
        <translation>文件不存在，也不是内置模型（内置：%1）</translation>
    </message>
    <message>
        <source>unexpected argument "%1": give one model</source>
        <translation>意外的参数“%1”：请只给出一个模型</translation>
    </message>
    <message>
        <source>--precision expects bf16, fp16, fp8 or fp32, got "%1"</source>
        <translation>--precision 应为 bf16、fp16、fp8 或 fp32，实际为“%1”</translation>
    </message>
    <message>
        <source>--optimizer expects adam or sgd, got "%1"</source>
        <translation>--optimizer 应为 adam 或 sgd，实际为“%1”</translation>
    </message>
    <message>
        <source>--recompute expects none, selective or full, got "%1"</source>
        <translation>--recompute 应为 none、selective 或 full，实际为“%1”</translation>
    </message>
    <message>
        <source>unknown strategy "%1"; see shardscope plan --help</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>未知策略“%1”；参见 shardscope plan --help</translation>
    </message>
    <message>
        <source>--weights expects three numbers M,C,N (memory, compute, communication), got "%1"</source>
        <translation>--weights 应为三个数 M,C,N（显存、计算、通信），实际为“%1”</translation>
    </message>
    <message>
        <source>--weights must not all be zero</source>
        <translation>--weights 不能全为零</translation>
    </message>
    <message>
        <source>unknown option %1; see shardscope plan --help</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>未知选项 %1；参见 shardscope plan --help</translation>
    </message>
    <message>
        <source>no model given: shardscope plan MODEL [options] (a config.json, a model file, or a bundled name such as llama-3-70b)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>未给出模型：shardscope plan 模型 [选项]（config.json、模型文件，或 llama-3-70b 之类的内置名称）</translation>
    </message>
    <message>
        <source>cannot read the hardware file: %1</source>
        <translation>无法读取硬件文件：%1</translation>
    </message>
    <message>
        <source>unknown GPU "%1"; known: %2 (shardscope gpus lists them)</source>
        <translation>未知 GPU“%1”；已知：%2（shardscope gpus 可列出）</translation>
    </message>
    <message>
        <source>%1 expects on or off, got "%2"</source>
        <translation>%1 应为 on 或 off，实际为“%2”</translation>
    </message>
    <message>
        <source>--cp-comm-type expects p2p (ring) or a2a (all-to-all), got "%1"</source>
        <translation>--cp-comm-type 应为 p2p（环形）或 a2a（all-to-all），实际为“%1”</translation>
    </message>
    <message>
        <source>--schedule expects gpipe, 1f1b, interleaved, zb-h1, interleaved-zb or zbv, got "%1"</source>
        <translation>--schedule 应为 gpipe、1f1b、interleaved、zb-h1、interleaved-zb 或 zbv，实际为“%1”</translation>
    </message>
    <message>
        <source>--moe-capacity-factor must be above 0 (the tokens each expert computes over its average); leave it out for dropless routing</source>
        <translation>--moe-capacity-factor 必须大于 0（每个专家计算的 token 数与其平均值之比）；若要不丢弃路由，请省略该选项</translation>
    </message>
    <message>
        <source>--gpu-hour-price needs --token-budget TOKENS: the cost is the GPU-hours the tokens take times the price</source>
        <translation>--gpu-hour-price 需要 --token-budget TOKENS：成本为训练这些 token 所需的 GPU 时乘以价格</translation>
    </message>
    <message>
        <source>Usage: shardscope plan MODEL [options]

MODEL is a Hugging Face config.json, a safetensors file, sharded index or checkpoint folder
(headers only), an ONNX model, a GraphML or Graphviz DOT graph, a ShardScope model JSON, the
prototype's layer list or ModelInfo JSON, or a bundled example name (shardscope models).

%1Output:
  --top K                 plans to print and to write; default 10
  --infeasible K          also print the K closest plans that do not fit, with the reason
  --json FILE             write the ranked plans as plan JSON (docs/plan-format.md); - writes
                          it to standard output instead of the report
  --proposals             print up to 10 ranked changes to the best plan, each re-evaluated:
                          predicted speedup, memory change, and the bottleneck it addresses

Exit codes: 0 a plan fits; 1 no plan fits; 2 bad command line; 3 invalid input; 4 cannot write output.

Example:
  shardscope plan llama-3-70b --gpus 64 --seq 8192 --global-batch 512 --top 5
  shardscope plan llama-3.1-405b --gpus 16384 --seq 8192 --global-batch 2048 --token-budget 15T
                  --gpu-hour-price 2.5
</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>用法：shardscope plan 模型 [选项]

模型可以是 Hugging Face config.json、safetensors 文件、分片索引或检查点文件夹
（仅读取头部）、ONNX 模型、GraphML 或 Graphviz DOT 图、ShardScope 模型 JSON、
原型的层列表或 ModelInfo JSON，或内置示例名称（shardscope models）。

%1输出：
  --top K                 输出和写入的方案数；默认 10
  --infeasible K          同时输出 K 个最接近但放不下的方案及原因
  --json 文件             将排序后的方案写为方案 JSON（docs/plan-format.md）；- 表示
                          写到标准输出，代替报告
  --proposals             输出最多 10 条对最佳方案的修改建议，每条都重新评估：
                          预测加速比、显存变化及其解决的瓶颈

退出码：0 有方案可放下；1 没有方案可放下；2 命令行错误；3 输入无效；4 无法写入输出。

示例：
  shardscope plan llama-3-70b --gpus 64 --seq 8192 --global-batch 512 --top 5
  shardscope plan llama-3.1-405b --gpus 16384 --seq 8192 --global-batch 2048 --token-budget 15T
                  --gpu-hour-price 2.5
</translation>
    </message>
    <message>
        <source>--gpus: %1 GPUs cannot be split into nodes of %2; expected a multiple of %2 (or fewer than %2: one partial node)</source>
        <translation>--gpus：%1 个 GPU 无法分成每节点 %2 个；应为 %2 的倍数（或少于 %2：一个不完整节点）</translation>
    </message>
    <message>
        <source>--profile: unknown profile "%1"; expected one of %2 (shardscope validate --help)</source>
        <translation>--profile：未知配置档“%1”；应为以下之一：%2（shardscope validate --help）</translation>
    </message>
    <message>
        <source>--pipeline-split must be balanced or even, got "%1"</source>
        <translation>--pipeline-split 必须为 balanced 或 even，实际为“%1”</translation>
    </message>
    <message>
        <source>%1 "%2": %3</source>
        <translation>%1“%2”：%3</translation>
    </message>
    <message>
        <source>--recompute-method expects uniform or block, got "%1"</source>
        <translation>--recompute-method 应为 uniform 或 block，实际为“%1”</translation>
    </message>
    <message>
        <source>--fp8-recipe expects delayed, tensorwise or blockwise, got "%1"</source>
        <translation>--fp8-recipe 应为 delayed、tensorwise 或 blockwise，实际为“%1”</translation>
    </message>
    <message>
        <source>--recompute-modules expects a comma-separated list of core_attn, mlp, moe and shared_experts, got "%1"</source>
        <translation>--recompute-modules 应为以逗号分隔的 core_attn、mlp、moe 和 shared_experts 列表，实际为“%1”</translation>
    </message>
    <message>
        <source>Cluster:
  --gpu NAME              GPU from the catalog (shardscope gpus); default H100-SXM
  --gpus N                total GPUs; default 64
  --gpus-per-node K       GPUs per node; default 8 (N must be a multiple of K)
  --hardware FILE         add or override GPUs from a catalog file (docs/hardware-format.md)
  --profile NAME          software-stack profile whose fitted constants and error bands apply
                          (megatron-bridge, the default; mcore-r0.8; megatron-2021)
  --intra-node-gbps X     override the per-GPU intra-node bandwidth (GB/s each way)
  --inter-node-gbps X     override the per-GPU inter-node bandwidth (GB/s each way)

Training:
  --seq S                 sequence length in tokens; default 4096
  --global-batch B        sequences per optimizer step; default 512
  --precision P           bf16 (default), fp16, fp8 (bf16 master weights) or fp32
  --fp8-recipe R          with fp8: delayed (Megatron's default), tensorwise (current scaling) or
                          blockwise (1x128 / 128x128 blocks), as Megatron-LM's --fp8-recipe
  --bf16-first-blocks N  --bf16-last-blocks N
                          with fp8: keep the first / last N blocks in BF16 (Megatron-LM's
                          --first-last-layers-bf16; not with the delayed recipe)
  --optimizer O           adam (mixed precision, default) or sgd (with momentum)
  --no-flash-attention    store attention scores (Korthikanti's 5as/h term)
  --unfused-kernels       element-wise work as separate kernels (plain PyTorch), not Megatron's fused ones
  --fp16-gradients        16-bit gradients instead of fp32 main gradients
  --overhead-gib X        extra allowance per GPU beyond the itemised other memory (CUDA context, NCCL
                          buffers, optimizer transient); default 0
  --memory-margin F       fraction of GPU memory kept free; default 0.05
  --dp-overlap F          override: fraction of data-parallel communication hidden by backward;
                          by default the cost model overlaps it per bucket, as the frameworks do
  --moe-imbalance X       mixture of experts, dropless routing: the busiest expert's tokens over the
                          mean, from 1 to 64; default 1.25
  --moe-capacity-factor X mixture of experts with token dropping: every expert computes X times its
                          average tokens (above 0, at most 64); default dropless
  --pipeline-split balanced|even
                          the blocks of each pipeline stage: balanced by the search (default), or
                          Megatron-LM's even split (blocks / (PP x VPP) a model chunk)
  --first-stage-blocks N  --last-stage-blocks N
                          the even split with the first / last stage holding N blocks (Megatron
                          --decoder-first/last-pipeline-num-layers), the others the rest evenly
  --pipeline-layout STRING
                          every model chunk's blocks as Megatron-LM's --pipeline-model-parallel-layout
                          gives them: E embedding, t block, m MTP module, L loss, | between chunks in
                          model order, x*N and (...)*N repeat; e.g. "Et*3|(t*4|)*6t*3L" for PP 8
  --recompute-method uniform|block  --recompute-num-layers N
                          what full recomputation does in each model chunk (Megatron-LM's flags):
                          uniform checkpoints groups of N blocks, block only the first N blocks;
                          default uniform 1, every block on its own
  --recompute-modules M,...
                          what selective recomputation redoes (Megatron-LM's --recompute-modules):
                          core_attn (default), mlp, moe, shared_experts

Pins (fix a knob; every unpinned knob is searched):
  --tp N  --cp N  --pp N  --dp N  --vpp N  --micro-batch N  --zero 0|1|2|3
  --recompute none|selective|full  --sp | --no-sp
  --schedule gpipe|1f1b|interleaved|zb-h1|interleaved-zb|zbv
                          pipeline schedule; zb-h1, interleaved-zb and zbv are zero-bubble
                          schedules (Qi et al. 2024): weight gradients run in the bubble;
                          interleaved and interleaved-zb take --vpp chunks, zbv always 2
  --tp-comm-overlap on|off
                          TP communication pipelined with the GEMMs (Megatron --tp-comm-overlap);
                          needs sequence parallelism and TP &gt; 1
  --pp-comm-overlap on|off
                          pipeline sends and receives overlapped with compute; interleaved
                          schedule only, where PP 2 requires it (as Megatron)
  --cp-comm-type p2p|a2a  how context parallelism (--cp) exchanges keys and values: p2p, a ring
                          overlapped with attention (Megatron's default); a2a, all-to-all over
                          attention heads (DeepSpeed Ulysses)
  --dp-replicate N        hybrid sharding (HSDP): ZeRO shards over DP x CP / N GPUs and is
                          replicated N times; 1 shards over all of them
  --ep N  --etp N         mixtures of experts: expert parallelism (each MoE layer's routed experts
                          spread over N GPUs) and expert tensor parallelism (each expert's matrices
                          split over N GPUs); EP x ETP divides a stage's TP x CP x DP GPUs
  --ep-comm-overlap on|off
                          MoE all-to-alls of one micro-batch overlapped with another's compute
                          (Megatron --overlap-moe-expert-parallel-comm); needs EP &gt; 1, no full
                          recomputation, bf16 or fp16, and with PP &gt; 1 the interleaved schedule
  --reshard-after-forward on|off
                          ZeRO-3: free the gathered parameters after each forward (on, FSDP's
                          default) or keep them until the backward (off, as Llama 3 trained)

Ranking:
  --strategy NAME         exhaustive (default; weighted score), MemoryOptimal, ComputeBalanced,
                          CommunicationMinimal, Hybrid, TensorParallelFirst, PipelineParallelFirst,
                          or a preset: memory_optimized, throughput_optimized, communication_optimized
  --weights M,C,N         weights of memory headroom, throughput and communication in the score

Time and cost to train (each listed plan; nothing is assumed when these are not given):
  --token-budget TOKENS   tokens to train on, e.g. 15e12 or 15T (K, M, B or G, T, P: thousand to
                          quadrillion): adds the days (tokens / tokens per second) and GPU-hours
                          (days x 24 x GPUs) of each plan
  --gpu-hour-price PRICE  price of one GPU-hour (with --token-budget): adds the cost, GPU-hours x
                          PRICE, in PRICE's currency

</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>集群：
  --gpu 名称              目录中的 GPU（shardscope gpus）；默认 H100-SXM
  --gpus N                GPU 总数；默认 64
  --gpus-per-node K       每节点 GPU 数；默认 8（N 必须是 K 的倍数）
  --hardware 文件         从目录文件添加或覆盖 GPU（docs/hardware-format.md）
  --profile 名称          采用其拟合常数和误差带的软件栈配置档
                          （megatron-bridge，默认；mcore-r0.8；megatron-2021）
  --intra-node-gbps X     覆盖每个 GPU 的节点内带宽（GB/s，单向）
  --inter-node-gbps X     覆盖每个 GPU 的节点间带宽（GB/s，单向）

训练：
  --seq S                 序列长度（token 数）；默认 4096
  --global-batch B        每个优化器步的序列数；默认 512
  --precision P           bf16（默认）、fp16、fp8（bf16 主权重）或 fp32
  --fp8-recipe R          fp8 时：delayed（Megatron 默认）、tensorwise（当前缩放）或
                          blockwise（1x128 / 128x128 块），同 Megatron-LM 的 --fp8-recipe
  --bf16-first-blocks N  --bf16-last-blocks N
                          fp8 时：前 / 后 N 个块保持 BF16（Megatron-LM 的
                          --first-last-layers-bf16；不可与 delayed 配方同用）
  --optimizer O           adam（混合精度，默认）或 sgd（带动量）
  --no-flash-attention    存储注意力分数（Korthikanti 的 5as/h 项）
  --unfused-kernels       逐元素运算作为独立内核执行（原生 PyTorch），而非 Megatron 的融合内核
  --fp16-gradients        使用 16 位梯度而非 fp32 主梯度
  --overhead-gib X        在逐项计入的其他显存（CUDA 上下文、NCCL 缓冲区、优化器临时显存）之外，
                          每个 GPU 额外预留的量；默认 0
  --memory-margin F       GPU 显存中保持空闲的比例；默认 0.05
  --dp-overlap F          覆盖值：数据并行通信中被反向传播掩盖的比例；
                          默认由成本模型像各框架那样按桶（bucket）重叠
  --moe-imbalance X       混合专家，不丢弃路由：最繁忙专家的 token 数与平均值之比，
                          取值 1 到 64；默认 1.25
  --moe-capacity-factor X 混合专家，丢弃 token：每个专家计算其平均 token 数的 X 倍
                          （大于 0，至多 64）；默认不丢弃
  --pipeline-split balanced|even
                          每个流水线阶段的块：由搜索均衡放置（默认），或按 Megatron-LM 的
                          均匀切分（每个模型块 块数 / (PP x VPP)）
  --first-stage-blocks N  --last-stage-blocks N
                          均匀切分，首 / 末阶段持有 N 个块（Megatron
                          --decoder-first/last-pipeline-num-layers），其余阶段均分剩余块
  --pipeline-layout STRING
                          按 Megatron-LM 的 --pipeline-model-parallel-layout 给出每个模型块的块：
                          E 嵌入，t 块，m MTP 模块，L 损失，| 按模型顺序分隔模型块，
                          x*N 与 (...)*N 表示重复；例如 PP 8 时为 "Et*3|(t*4|)*6t*3L"
  --recompute-method uniform|block  --recompute-num-layers N
                          完全重计算在每个模型块中的做法（Megatron-LM 的选项）：
                          uniform 以 N 个块为一组设检查点，block 只重计算前 N 个块；
                          默认 uniform 1，每个块单独设检查点
  --recompute-modules M,...
                          选择性重计算重做的子模块（Megatron-LM 的 --recompute-modules）：
                          core_attn（默认）、mlp、moe、shared_experts

固定项（固定某个参数；未固定的参数都会被搜索）：
  --tp N  --cp N  --pp N  --dp N  --vpp N  --micro-batch N  --zero 0|1|2|3
  --recompute none|selective|full  --sp | --no-sp
  --schedule gpipe|1f1b|interleaved|zb-h1|interleaved-zb|zbv
                          流水线调度；zb-h1、interleaved-zb 和 zbv 是零气泡调度
                          （Qi 等，2024）：权重梯度在气泡中计算；
                          interleaved 和 interleaved-zb 使用 --vpp 个块，zbv 固定为 2 个
  --tp-comm-overlap on|off
                          TP 通信与 GEMM 流水线式交叠（Megatron --tp-comm-overlap）；
                          需要序列并行且 TP &gt; 1
  --pp-comm-overlap on|off
                          流水线的发送和接收与计算重叠；仅用于交错式调度，
                          且在 PP 为 2 时必须开启（与 Megatron 相同）
  --cp-comm-type p2p|a2a  上下文并行（--cp）交换 key 和 value 的方式：p2p 为与注意力
                          重叠的环形通信（Megatron 默认）；a2a 为按注意力头的 all-to-all
                          （DeepSpeed Ulysses）
  --dp-replicate N        混合切分（HSDP）：ZeRO 在 DP x CP / N 个 GPU 上切分，
                          并复制 N 份；1 表示在全部 GPU 上切分
  --ep N  --etp N         混合专家：专家并行（每个 MoE 层的路由专家分布到 N 个 GPU 上）
                          和专家张量并行（每个专家的矩阵切分到 N 个 GPU 上）；
                          EP x ETP 须整除一个阶段的 TP x CP x DP 个 GPU
  --ep-comm-overlap on|off
                          一个微批次的 MoE all-to-all 与另一个微批次的计算重叠
                          （Megatron --overlap-moe-expert-parallel-comm）；需要 EP &gt; 1、不使用完全重计算、
                          bf16 或 fp16，且在 PP &gt; 1 时使用交错式调度
  --reshard-after-forward on|off
                          ZeRO-3：每次前向计算后释放收集到的参数（on，FSDP 的默认设置），
                          或保留到反向传播（off，与 Llama 3 训练时相同）

排序：
  --strategy 名称         exhaustive（默认；加权评分）、MemoryOptimal、ComputeBalanced、
                          CommunicationMinimal、Hybrid、TensorParallelFirst、PipelineParallelFirst，
                          或预设：memory_optimized、throughput_optimized、communication_optimized
  --weights M,C,N         评分中显存余量、吞吐量和通信的权重

训练时间和成本（针对每个列出的方案；未给出时不做任何假定）：
  --token-budget TOKENS   要训练的 token 数，例如 15e12 或 15T（K、M、B 或 G、T、P：千到
                          千万亿）：增加每个方案的天数（token 数 / 每秒 token 数）和 GPU 时
                          （天数 x 24 x GPU 数）
  --gpu-hour-price 价格   每 GPU 时的价格（与 --token-budget 一起使用）：增加成本，即 GPU 时 x
                          价格，以价格所用的货币计

</translation>
    </message>
    <message>
        <source>%1 applies to FP8 training only: add --precision fp8</source>
        <translation>%1 仅适用于 FP8 训练：请添加 --precision fp8</translation>
    </message>
</context>
<context>
    <name>PlanReport</name>
    <message>
        <source>Proposals for the best plan (speedup = current step / proposed step, from re-evaluating the changed plan):</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>最佳方案的修改建议（加速比 = 当前步时间 / 建议步时间，通过重新评估修改后的方案得出）：</translation>
    </message>
    <message>
        <source>  none: no single change is predicted to help</source>
        <translation>  无：预测没有任何单项修改有帮助</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>可放下</translation>
    </message>
    <message>
        <source>OOM </source>
        <translation>OOM </translation>
    </message>
    <message>
        <source>(estimate, nothing to apply) </source>
        <translation>（估算，无可应用） </translation>
    </message>
    <message>
        <source>Model    %1 (%2): %3 parameters</source>
        <translation>模型     %1（%2）：%3 参数</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>，每个 token 激活 %1</translation>
    </message>
    <message>
        <source>, %1 layers in %2 blocks</source>
        <translation>，%1 层，%2 个块</translation>
    </message>
    <message>
        <source>Cluster  %1 x %2 GPUs = %3 x %4 (%5 each), intra-node %6 GB/s, inter-node %7 GB/s</source>
        <translation>集群     %1 x %2 个 GPU = %3 x %4（每个 %5），节点内 %6 GB/s，节点间 %7 GB/s</translation>
    </message>
    <message>
        <source>Training sequence %1, global batch %2 sequences, %3, %4, flash attention %5</source>
        <translation>训练     序列 %1，全局批次 %2 个序列，%3，%4，flash attention %5</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Warning  %1</source>
        <translation>警告     %1</translation>
    </message>
    <message>
        <source>%1 plans evaluated in %2 ms, %3 fit in memory.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%2 毫秒内评估了 %1 个方案，%3 个可放入显存。</translation>
    </message>
    <message>
        <source>No plan fits. The closest candidates and why they fail:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有方案能放下。最接近的候选方案及其失败原因：</translation>
    </message>
    <message>
        <source>, sequence parallel</source>
        <translation>，序列并行</translation>
    </message>
    <message>
        <source>interleaved 1F1B with %1 chunks</source>
        <translation>交错式 1F1B，%1 个块</translation>
    </message>
    <message>
        <source>  stage  layers                                   params/GPU  weights grads  optim  activ  emb+logits other  total GiB  ms/micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>  阶段   层                                       参数/GPU    权重   梯度   优化器 激活   嵌入+logits 其他  总计 GiB   毫秒/微批次</translation>
    </message>
    <message>
        <source>  warning: %1</source>
        <translation>  警告：%1</translation>
    </message>
    <message>
        <source>Closest plans that do not fit:</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>最接近但放不下的方案：</translation>
    </message>
    <message>
        <source>exceeds GPU memory</source>
        <translation>超出 GPU 显存</translation>
    </message>
    <message>
        <source>Rejected candidates by reason:</source>
        <translation>按原因分类的被拒候选方案：</translation>
    </message>
    <message>
        <source>Predicted times: %1</source>
        <translation>预测时间：%1</translation>
    </message>
    <message>
        <source>Predicted times are %1</source>
        <translation>预测时间为 %1</translation>
    </message>
    <message>
        <source>%1 (uncalibrated)</source>
        <translation>%1（未校准）</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>ZB-H1 (zero bubble)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZB-H1（零气泡）</translation>
    </message>
    <message>
        <source>interleaved zero bubble with %1 chunks</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>交错式零气泡，%1 个块</translation>
    </message>
    <message>
        <source>ZBV (zero bubble, 2 chunks in a V)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>ZBV（零气泡，2 个块呈 V 形）</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x PP %3 x DP %4</source>
        <translation>TP %1 x CP %2 x PP %3 x DP %4</translation>
    </message>
    <message>
        <source>TP %1 x PP %2 x DP %3</source>
        <translation>TP %1 x PP %2 x DP %3</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source> sharded over %1 GPUs, %2 replicas (HSDP)</source>
        <translation> 在 %1 个 GPU 上切分，%2 个副本（HSDP）</translation>
    </message>
    <message>
        <source>, parameters kept from forward to backward</source>
        <translation>，参数从前向保留到反向</translation>
    </message>
    <message>
        <source>, context parallel ring (p2p)</source>
        <translation>，上下文并行环形通信（p2p）</translation>
    </message>
    <message>
        <source>, context parallel all-to-all (a2a)</source>
        <translation>，上下文并行 all-to-all（a2a）</translation>
    </message>
    <message>
        <source>Best plan: %1, %2 micro-batches of %3, %4, recompute %5%6, %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>最佳方案：%1，%2 个大小为 %3 的微批次，%4，重计算 %5%6，%7</translation>
    </message>
    <message>
        <source>, CP %1 (%2)</source>
        <translation>，CP %1（%2）</translation>
    </message>
    <message>
        <source> (+ %1 in multi-token prediction)</source>
        <translation>（另有 %1 用于多 token 预测）</translation>
    </message>
    <message>
        <source>rank   tp  cp   pp    dp    ep vpp  mb zero recompute sp schedule       overlap  memory/GPU (usable)   step      tokens/s    MFU  bubble  score</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>名次   tp  cp   pp    dp    ep vpp  mb zero 重计算    sp 调度           重叠     显存/GPU（可用）      步时间    token/s     MFU  气泡    评分</translation>
    </message>
    <message>
        <source>, EP %1 x ETP %2</source>
        <translation>，EP %1 x ETP %2</translation>
    </message>
    <message>
        <source>, EP %1</source>
        <translation>，EP %1</translation>
    </message>
    <message>
        <source> (expert-DP %1)</source>
        <translation>（专家 DP %1）</translation>
    </message>
    <message>
        <source>routed experts %1</source>
        <translation>路由专家 %1</translation>
    </message>
    <message>
        <source>shared experts %1</source>
        <translation>共享专家 %1</translation>
    </message>
    <message>
        <source>MoE activations %1</source>
        <translation>MoE 激活 %1</translation>
    </message>
    <message>
        <source>dispatcher buffers %1</source>
        <translation>分发器缓冲区 %1</translation>
    </message>
    <message>
        <source>  stage %1 MoE memory (GiB, within the columns above): %2</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>  阶段 %1 MoE 显存（GiB，已计入上方各列）：%2</translation>
    </message>
    <message>
        <source>compute %1 + recompute %2 + TP comm %3 + PP comm %4</source>
        <translation>计算 %1 + 重计算 %2 + TP 通信 %3 + PP 通信 %4</translation>
    </message>
    <message>
        <source> + CP comm %1</source>
        <translation> + CP 通信 %1</translation>
    </message>
    <message>
        <source> + EP all-to-all %1</source>
        <translation> + EP all-to-all %1</translation>
    </message>
    <message>
        <source>  step %1 = %2</source>
        <translation>  步时间 %1 = %2</translation>
    </message>
    <message>
        <source>, EP all-to-all %1 (%2)</source>
        <translation>，EP all-to-all %1（%2）</translation>
    </message>
    <message>
        <source>  communication per step: TP %1 (%2), PP %3 (%4)%5%6, DP %7 (%8, %9 exposed)</source>
        <translation>  每步通信：TP %1（%2），PP %3（%4）%5%6，DP %7（%8，暴露 %9）</translation>
    </message>
    <message>
        <source>, all-to-all overlapped with another micro-batch's compute</source>
        <translation>，all-to-all 与另一个微批次的计算重叠</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 时</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Budget   %1 tokens</source>
        <translation>预算     %1 token</translation>
    </message>
    <message>
        <source>, %1 per GPU-hour</source>
        <translation>，每 GPU 时 %1</translation>
    </message>
    <message>
        <source>, no GPU-hour price (--gpu-hour-price) so no cost</source>
        <translation>，未设置每 GPU 时价格（--gpu-hour-price），因此无成本</translation>
    </message>
    <message>
        <source>  training on %1 tokens: %2 days, %3 GPU-hours on %4 GPUs</source>
        <translation>  训练 %1 个 token：%2 天，%4 个 GPU 共 %3 GPU 时</translation>
    </message>
    <message>
        <source>, cost %1 at %2 per GPU-hour</source>
        <translation>，按每 GPU 时 %2 计成本 %1</translation>
    </message>
    <message>
        <source>≈N: in the tie group that starts at rank N, step times at most %1 % above the group's fastest (half the band of the predicted times); inside a group more memory headroom ranks first, then settings closer to the frameworks' defaults</source>
        <translation>≈N：属于从第 N 名开始的并列组，步时间最多比组内最快者高 %1 %（预测时间误差带的一半）；组内显存余量更多者在前，其次是更接近框架默认值的设置</translation>
    </message>
    <message>
        <source> + bubble %1 + waiting on the slowest stage %2 + exposed DP comm %3 + optimizer %4</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation> + 气泡 %1 + 等待最慢阶段 %2 + 暴露的 DP 通信 %3 + 优化器 %4</translation>
    </message>
    <message>
        <source>  MFU %1% (%2% counting causal attention half, as NVIDIA publishes), HFU %3%, bubble %4% of the pipeline, compute imbalance %5 (slowest / fastest stage)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>  MFU %1%（因果注意力按一半计为 %2%，与 NVIDIA 公布的口径一致），HFU %3%，气泡占流水线 %4%，计算不均衡 %5（最慢 / 最快阶段）</translation>
    </message>
</context>
<context>
    <name>PlanTableModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>可放下</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>显存 / GPU</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer's matrices are split across this many GPUs, which all-reduce activations twice per layer.</source>
        <translation>张量并行：每层的矩阵切分到这么多 GPU 上，这些 GPU 每层对激活做两次 all-reduce。</translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers are cut into this many stages on different GPUs.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线并行：各层被切成这么多个阶段，分布在不同 GPU 上。</translation>
    </message>
    <message>
        <source>Data parallelism: this many replicas each process a share of the batch and all-reduce gradients.</source>
        <translation>数据并行：这么多个副本各处理批次的一部分，并对梯度做 all-reduce。</translation>
    </message>
    <message>
        <source>Virtual pipeline stages: model chunks per GPU in the interleaved 1F1B schedule; more chunks shrink the bubble.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>虚拟流水线阶段：交错式 1F1B 调度中每个 GPU 上的模型块数；块越多气泡越小。</translation>
    </message>
    <message>
        <source>Activation recomputation: full keeps only each layer's input and recomputes the rest in the backward pass.</source>
        <translation>激活重计算：full 只保留每层的输入，其余在反向传播中重新计算。</translation>
    </message>
    <message>
        <source>Sequence parallelism: splits the activations that tensor parallelism replicates (norms, dropout) along the sequence.</source>
        <translation>序列并行：将张量并行中被复制的激活（归一化、dropout）沿序列维度切分。</translation>
    </message>
    <message>
        <source>Pipeline bubble: the share of the pipeline's time in which stages wait for work while it fills and drains: (p - 1) / (m + p - 1) for 1F1B with p equal stages and m micro-batches, about v times less with v interleaved chunks (Narayanan et al. 2021).</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线气泡：流水线填充和排空时各阶段等待工作的时间占流水线时间的比例：对 p 个相同阶段、m 个微批次的 1F1B 为 (p - 1) / (m + p - 1)，使用 v 个交错块时约减少为 1/v（Narayanan 等，2021）。</translation>
    </message>
    <message>
        <source>(uncalibrated)</source>
        <translation>（未校准）</translation>
    </message>
    <message>
        <source>Predicted step time, tokens/s and MFU: %1, the cost model's root-mean-square error on measured training runs of this GPU family.</source>
        <translation>预测的步时间、token/s 和 MFU：%1，即成本模型在该 GPU 系列实测训练运行上的均方根误差。</translation>
    </message>
    <message>
        <source>Predicted step time, tokens/s and MFU are %1: how far off they may be is not known.</source>
        <translation>预测的步时间、token/s 和 MFU 为 %1：其可能的偏差未知。</translation>
    </message>
    <message>
        <source>Predicted seconds per optimizer step.</source>
        <translation>预测的每个优化器步的秒数。</translation>
    </message>
    <message>
        <source>Predicted training throughput of the whole cluster.</source>
        <translation>预测的整个集群的训练吞吐量。</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP 重叠</translation>
    </message>
    <message>
        <source>PP overlap</source>
        <translation>PP 重叠</translation>
    </message>
    <message>
        <source>TP communication overlap (Megatron --tp-comm-overlap): TP all-gathers and reduce-scatters pipelined with the GEMMs; needs sequence parallelism.</source>
        <translation>TP 通信重叠（Megatron --tp-comm-overlap）：TP 的 all-gather 和 reduce-scatter 与 GEMM 流水线式交叠执行；需要序列并行。</translation>
    </message>
    <message>
        <source>Pipeline communication overlap: sends and receives between stages run behind compute, leaving only their latency on the critical path; needs PP &gt;= 2.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线通信重叠：阶段之间的发送和接收隐藏在计算之后，关键路径上只剩其延迟；需要 PP &gt;= 2。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>HSDP x%1</source>
        <translation>HSDP x%1</translation>
    </message>
    <message>
        <source>keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Context parallelism (Megatron --context-parallel-size): each sequence is split across this many GPUs; p2p passes keys and values around a ring, a2a (Ulysses) exchanges them by all-to-all (--cp-comm-type).</source>
        <translation>上下文并行（Megatron --context-parallel-size）：每个序列切分到这么多 GPU 上；p2p 在环上传递 key 和 value，a2a（Ulysses）通过 all-to-all 交换（--cp-comm-type）。</translation>
    </message>
    <message>
        <source>ZeRO stage: 1 shards optimizer states, 2 also gradients, 3 also the weights across the data- and context-parallel group. "HSDP xN": hybrid sharding, shards within groups replicated N times (torchtitan data_parallel_replicate_degree); "keep": ZeRO-3 keeps the gathered weights from forward to backward (reshard_after_forward off).</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>ZeRO 阶段：1 切分优化器状态，2 还切分梯度，3 还在数据并行和上下文并行组内切分权重。“HSDP xN”：混合切分，在组内切分、组复制 N 份（torchtitan data_parallel_replicate_degree）；“保留”：ZeRO-3 将收集到的权重从前向保留到反向（reshard_after_forward 关闭）。</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Expert parallelism (Megatron --expert-model-parallel-size): each MoE layer's routed experts are spread over this many GPUs, which exchange tokens by all-to-all. "EP x ETP": each expert's matrices are also split over ETP GPUs (--expert-tensor-parallel-size). Experts are laid out over the same GPUs as TP x CP x DP (MoE parallel folding).</source>
        <translation>专家并行（Megatron --expert-model-parallel-size）：每个 MoE 层的路由专家分布到这么多个 GPU 上，它们通过 all-to-all 交换 token。“EP x ETP”：每个专家的矩阵还切分到 ETP 个 GPU 上（--expert-tensor-parallel-size）。专家放在与 TP x CP x DP 相同的 GPU 上（MoE 并行折叠）。</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP 重叠</translation>
    </message>
    <message>
        <source>MoE all-to-all overlap (Megatron --overlap-moe-expert-parallel-comm): one micro-batch's token dispatch and combine run while another micro-batch computes; needs EP &gt; 1, no full recomputation, and with PP &gt; 1 the interleaved schedule.</source>
        <translation>MoE all-to-all 重叠（Megatron --overlap-moe-expert-parallel-comm）：一个微批次的 token 分发与合并在另一个微批次计算时进行；需要 EP &gt; 1、不使用完全重计算，且在 PP &gt; 1 时使用交错式调度。</translation>
    </message>
    <message>
        <source>Score %1 = throughput %2 x %3 + headroom %4 x %5 + communication %6 x %7</source>
        <translation>评分 %1 = 吞吐量 %2 x %3 + 空余显存 %4 x %5 + 通信 %6 x %7</translation>
    </message>
    <message>
        <source>Throughput: %1 tokens/s of the fastest plan's %2. Headroom: %3 free of %4 usable on the fullest GPU. Communication: the share of the step not waiting on exposed communication.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>吞吐量：%1 token/s，最快方案为 %2。空余显存：占用最多的 GPU 上可用 %4 中空余 %3。通信：步时间中不等待暴露通信的比例。</translation>
    </message>
    <message>
        <source>The %1 strategy ranks by its own rule, not by this score.</source>
        <translation>%1 策略按自己的规则排序，而不是按此评分。</translation>
    </message>
    <message>
        <source>#%1 does not fit: %2</source>
        <translation>#%1 放不下：%2</translation>
    </message>
    <message>
        <source>#%1 by throughput: %2 tokens/s</source>
        <translation>按吞吐量排第 %1：%2 token/s</translation>
    </message>
    <message>
        <source>#%1 by weighted score %2</source>
        <translation>按加权评分 %2 排第 %1</translation>
    </message>
    <message>
        <source>#%1 by memory per GPU (MemoryOptimal): %2</source>
        <translation>按每个 GPU 的显存排第 %1（MemoryOptimal）：%2</translation>
    </message>
    <message>
        <source>#%1 by stage balance (ComputeBalanced): slowest stage %2x the fastest</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>按阶段均衡度排第 %1（ComputeBalanced）：最慢阶段是最快阶段的 %2 倍</translation>
    </message>
    <message>
        <source>#%1 by bytes communicated per step (CommunicationMinimal): %2</source>
        <translation>按每步通信字节数排第 %1（CommunicationMinimal）：%2</translation>
    </message>
    <message>
        <source>#%1 by TP within a node first, then fewest stages (TensorParallelFirst): TP %2, PP %3</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>先按节点内 TP、再按最少阶段排第 %1（TensorParallelFirst）：TP %2，PP %3</translation>
    </message>
    <message>
        <source>#%1 by least TP, then throughput (PipelineParallelFirst): TP %2</source>
        <translation>先按最小 TP、再按吞吐量排第 %1（PipelineParallelFirst）：TP %2</translation>
    </message>
    <message>
        <source>; %1 of %2 usable per GPU</source>
        <translation>；每个 GPU 使用 %1 / 可用 %2</translation>
    </message>
    <message>
        <source>; the fastest plan that fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>；能放下的最快方案</translation>
    </message>
    <message>
        <source>; %1 % slower than the fastest plan that fits (#%2)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>；比能放下的最快方案（#%2）慢 %1 %</translation>
    </message>
    <message numerus="yes">
        <source>; stands for %n equivalent plan(s) that differ only in settings without effect</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>；代表 %n 个仅在无效设置上不同的等价方案</numerusform></translation>
    </message>
    <message>
        <source>fits, fastest</source>
        <translation>可放下，最快</translation>
    </message>
    <message numerus="yes">
        <source>(+%n equivalent)</source>
        <translation><numerusform>（另有 %n 个等价）</numerusform></translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 时</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Days to train the token budget at this plan's tokens/s (Settings: token budget).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>按此方案的 token/s 训练完 token 预算所需的天数（设置：token 预算）。</translation>
    </message>
    <message>
        <source>GPU-hours to train the token budget: days x 24 x the cluster's GPUs.</source>
        <translation>训练完 token 预算所需的 GPU 时：天数 x 24 x 集群的 GPU 数。</translation>
    </message>
    <message>
        <source>GPU-hours x your price per GPU-hour, in your currency. No price is assumed.</source>
        <translation>GPU 时 x 您的每 GPU 时价格，以您的货币计。不假定任何价格。</translation>
    </message>
    <message>
        <source>half the %1 band</source>
        <translation>误差带 %1 的一半</translation>
    </message>
    <message>
        <source>half the band of the predicted times</source>
        <translation>预测时间误差带的一半</translation>
    </message>
    <message>
        <source>within %1 %, %2</source>
        <translation>相差 %1 % 以内，%2</translation>
    </message>
    <message>
        <source>more memory headroom than #%1</source>
        <translation>显存余量多于 #%1</translation>
    </message>
    <message>
        <source>the same headroom as #%1, settings closer to the frameworks' defaults</source>
        <translation>与 #%1 显存余量相同，设置更接近框架默认值</translation>
    </message>
    <message>
        <source>the same headroom and settings as #%1, and faster</source>
        <translation>与 #%1 显存余量和设置相同，且更快</translation>
    </message>
    <message numerus="yes">
        <source>; first of %n tied plans (%1): %2</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>；%n 个并列方案中的第一个（%1）：%2</numerusform></translation>
    </message>
    <message>
        <source>; tied with #%1 (%2), after it by headroom, then default settings</source>
        <translation>；与 #%1 并列（%2），按显存余量、再按默认设置排在其后</translation>
    </message>
    <message>
        <source>%1 ≈</source>
        <translation>%1 ≈</translation>
    </message>
    <message>
        <source>%1 ≈%2</source>
        <translation>%1 ≈%2</translation>
    </message>
    <message numerus="yes">
        <source>, first of %n tied</source>
        <translation><numerusform>，%n 个并列中的第一个</numerusform></translation>
    </message>
    <message>
        <source>, tied with #%1</source>
        <translation>，与 #%1 并列</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>Pipeline schedule: GPipe, 1F1B, interleaved 1F1B (with VPP model chunks a GPU), or a zero-bubble schedule (ZB-H1, interleaved zero bubble, ZBV) that defers weight gradients into the pipeline's idle time.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>流水线调度：GPipe、1F1B、交错 1F1B（每个 GPU 有 VPP 个模型块），或把权重梯度推迟到流水线空闲时间的零气泡调度（ZB-H1、交错零气泡、ZBV）。</translation>
    </message>
    <message>
        <source>Weighted score of throughput, memory headroom and exposed communication (the weight sliders); by default throughput alone, so the fastest plan that fits ranks first, or a plan tied with it. Hover a score for its parts.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>吞吐量、空余显存和暴露通信的加权评分（权重滑块）；默认只看吞吐量，因此能放下的最快方案或与其并列的方案排第一。将鼠标悬停在评分上可查看各组成部分。</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: model FLOPs per second over the GPUs' peak, attention scores counted in full as Megatron-LM logs them (the plan's headline also gives it with the causally masked half left out, as NVIDIA publishes MFU).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>模型 FLOPs 利用率：模型每秒 FLOPs 与 GPU 峰值之比，注意力分数按全量计算，与 Megatron-LM 日志一致（计划标题中另给出不计因果掩码遮蔽一半的数值，与 NVIDIA 公布 MFU 的方式一致）。</translation>
    </message>
</context>
<context>
    <name>PlanTablePanel</name>
    <message>
        <source>Show plans that do &amp;not fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>显示放不下的方案(&amp;N)</translation>
    </message>
    <message>
        <source>Every plan the search evaluated, best first by the chosen strategy. Click a header to sort; select a row to show that plan below.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>搜索评估过的所有方案，按所选策略从优到劣排列。点击表头排序；选择一行可在下方显示该方案。</translation>
    </message>
    <message>
        <source>List the plans that exceed GPU memory or break a rule, with the reason.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>列出超出 GPU 显存或违反规则的方案及其原因。</translation>
    </message>
    <message>
        <source>Why the selected plan ranks where it does: the strategy's rule with the plan's numbers, and how it compares with the fastest plan that fits. Hover a score for its parts.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>所选方案为何排在此位置：策略的规则及该方案的数值，以及它与能放下的最快方案的比较。将鼠标悬停在评分上可查看各组成部分。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ranked plans&lt;/b&gt;</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;b&gt;方案排名&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%n plan(s) in the explorer's rectangle. &lt;a href="clear"&gt;Show all&lt;/a&gt;</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation><numerusform>浏览器矩形内有 %n 个方案。&lt;a href="clear"&gt;全部显示&lt;/a&gt;</numerusform></translation>
    </message>
</context>
<context>
    <name>PlanText</name>
    <message>
        <source>TP %1 · CP %2 (%3) · PP %4 · DP %5</source>
        <translation>TP %1 · CP %2（%3）· PP %4 · DP %5</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3</source>
        <translation>TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <source> · EP %1 x ETP %2</source>
        <translation> · EP %1 x ETP %2</translation>
    </message>
    <message>
        <source> · EP %1</source>
        <translation> · EP %1</translation>
    </message>
    <message>
        <source> · VPP %1</source>
        <translation> · VPP %1</translation>
    </message>
    <message>
        <source> · micro-batch %1 · ZeRO-%2 · recompute %3</source>
        <translation> · 微批次 %1 · ZeRO-%2 · 重计算 %3</translation>
    </message>
    <message>
        <source> · HSDP x%1</source>
        <translation> · HSDP x%1</translation>
    </message>
    <message>
        <source> · weights kept to backward</source>
        <translation> · 权重保留到反向传播</translation>
    </message>
    <message>
        <source> · SP</source>
        <translation> · SP</translation>
    </message>
    <message>
        <source> · TP overlap</source>
        <translation> · TP 重叠</translation>
    </message>
    <message>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message>
        <source> · PP overlap</source>
        <translation> · PP 重叠</translation>
    </message>
    <message>
        <source> · EP overlap</source>
        <translation> · EP 重叠</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style='color:#c0392b'&gt;Does not fit: %1&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style='color:#c0392b'&gt;放不下：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 per GPU of %2 usable · %3 s %4 per step · %5 tokens/s · MFU %6 % (%7 % causal half) · bubble %8 %</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>&lt;br&gt;每个 GPU %1（可用 %2）· 每步 %3 秒 %4 · %5 token/s · MFU %6 %（因果减半 %7 %）· 气泡 %8 %</translation>
    </message>
</context>
<context>
    <name>PlanViews</name>
    <message>
        <source>&amp;Memory</source>
        <translation>显存(&amp;M)</translation>
    </message>
    <message>
        <source>Bytes per GPU by what they hold, against the usable capacity.</source>
        <translation>每个 GPU 按内容分类的字节数，与可用容量对比。</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每个 GPU 的显存</translation>
    </message>
    <message>
        <source>&amp;Stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段(&amp;S)</translation>
    </message>
    <message>
        <source>Pipeline stages: their layers, their GPUs (TP x DP grid), memory and time.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线阶段：其包含的层、GPU（TP x DP 网格）、显存和时间。</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>One training step's pipeline schedule: forward and backward passes per stage. The bubble is the time stages sit idle while the pipeline fills and drains.</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>一个训练步的流水线调度：每个阶段的前向和反向计算。气泡是流水线填充和排空时各阶段空闲的时间。</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>&amp;Imbalance</source>
        <translation>不均衡(&amp;I)</translation>
    </message>
    <message>
        <source>Time per micro-batch of each stage: the slowest stage sets the pace.</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>每个阶段处理一个微批次的时间：最慢的阶段决定整体节奏。</translation>
    </message>
    <message>
        <source>Compute imbalance</source>
        <translation>计算不均衡</translation>
    </message>
    <message>
        <source>&amp;Communication</source>
        <translation>通信(&amp;C)</translation>
    </message>
    <message>
        <source>Tensor-, pipeline- and data-parallel communication of one step.</source>
        <translation>一个训练步中的张量并行、流水线并行和数据并行通信。</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>&lt;b&gt;No plan fits in memory.&lt;/b&gt; Tick "Show plans that do not fit" to see each one's reason, or add GPUs, shorten the sequence, or pin recomputation and ZeRO.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;b&gt;没有方案能放入显存。&lt;/b&gt;勾选“显示放不下的方案”查看各自原因，或增加 GPU、缩短序列，或固定重计算和 ZeRO 设置。</translation>
    </message>
    <message>
        <source>No plan is selected.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>未选择方案。</translation>
    </message>
    <message>
        <source>%1 micro-batches on %2 stages: too many passes to draw (%3); the bubble is %4 % of the step</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%2 个阶段上 %1 个微批次：计算过程太多，无法绘制（%3）；气泡占训练步的 %4 %</translation>
    </message>
    <message>
        <source>No schedule: %1</source>
        <translation>无调度：%1</translation>
    </message>
    <message>
        <source>%1 on %2 x %3, sequence %4, global batch %5</source>
        <translation>%1，%2 x %3，序列 %4，全局批次 %5</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>ShardScope — %1</source>
        <translation>ShardScope — %1</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <source>&lt;b&gt;No layout passes the rules&lt;/b&gt; (memory was not the limit): the banner above names the rule and the values it allows; tick "Show plans that do not fit" to see each layout's reason.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>&lt;b&gt;没有布局满足规则&lt;/b&gt;（限制不在显存）：上方横幅给出规则及其允许的值；勾选“显示放不下的方案”可查看每个布局的原因。</translation>
    </message>
</context>
<context>
    <name>PlanningController</name>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>搜索已取消。</translation>
    </message>
    <message>
        <source>No plan: the inputs are not usable.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无方案：输入不可用。</translation>
    </message>
    <message>
        <source>%1 plans evaluated in %2 ms; %3 fit in memory</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%2 毫秒内评估了 %1 个方案；%3 个可放入显存</translation>
    </message>
    <message>
        <source>No plan could be evaluated.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有方案能被评估。</translation>
    </message>
    <message>
        <source>No plan fits.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有方案能放下。</translation>
    </message>
    <message>
        <source>Tick "Show plans that do not fit" to see each plan's reason.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>勾选“显示放不下的方案”可查看每个方案的原因。</translation>
    </message>
    <message>
        <source>Try: %1.</source>
        <translation>尝试：%1。</translation>
    </message>
    <message>
        <source>The plans could not be re-ranked: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无法重新排序方案：%1</translation>
    </message>
    <message>
        <source>%1 plans re-ranked in %2 ms (no new search)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%2 毫秒内重新排序了 %1 个方案（未重新搜索）</translation>
    </message>
    <message>
        <source>This plan could not be evaluated: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无法评估此方案：%1</translation>
    </message>
    <message>
        <source>That change is no longer offered: the plans on screen have changed.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>该更改已不再提供：屏幕上的方案已经改变。</translation>
    </message>
    <message>
        <source>Unknown link "%1".</source>
        <translation>未知链接“%1”。</translation>
    </message>
</context>
<context>
    <name>ProposalListModel</name>
    <message>
        <source>Does not fit: %1</source>
        <translation>放不下：%1</translation>
    </message>
    <message>
        <source>No change to this plan is predicted to help: it is the best the cost model finds nearby.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>预测对此方案的任何修改都没有帮助：它已是成本模型在附近找到的最佳方案。</translation>
    </message>
    <message>
        <source>%1%2 GiB per GPU</source>
        <translation>每个 GPU %1%2 GiB</translation>
    </message>
    <message>
        <source> (estimate)</source>
        <translation>（估算）</translation>
    </message>
    <message>
        <source>Fits and helps</source>
        <translation>可放下且有帮助</translation>
    </message>
    <message>
        <source>No change fits and helps: this plan is the best the cost model finds nearby.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有既能放下又有帮助的修改：此方案已是成本模型在附近找到的最佳方案。</translation>
    </message>
    <message>
        <source>Other changes</source>
        <translation>其他修改</translation>
    </message>
    <message>
        <source>same tokens/s</source>
        <translation>token/s 不变</translation>
    </message>
    <message>
        <source>same speed</source>
        <translation>速度不变</translation>
    </message>
    <message>
        <source>%1x the tokens/s</source>
        <translation>token/s 为 %1 倍</translation>
    </message>
    <message>
        <source>%1x faster</source>
        <translation>快 %1 倍</translation>
    </message>
    <message>
        <source>%1x slower</source>
        <translation>慢 %1 倍</translation>
    </message>
    <message>
        <source>does not fit: %1 GiB of %2 GiB usable</source>
        <translation>放不下：%1 GiB / 可用 %2 GiB</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>Proposals</name>
    <message>
        <source>step %1 -&gt; %2 (%3x)</source>
        <translation>步时间 %1 -&gt; %2（%3x）</translation>
    </message>
    <message>
        <source>peak memory %1 -&gt; %2 per GPU of %3 usable</source>
        <translation>每个 GPU 的峰值显存 %1 -&gt; %2（可用 %3）</translation>
    </message>
    <message>
        <source>%1; %2 (does not fit: %3)</source>
        <translation>%1；%2（放不下：%3）</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>channel-parallel Conv (%1 Conv operators, %2 of the FLOPs: output channels split, outputs all-gathered)</source>
        <translation>通道并行卷积（%1 个 Conv 算子，占 FLOPs 的 %2：切分输出通道，输出做 all-gather）</translation>
    </message>
    <message>
        <source>column-parallel then row-parallel MatMul chains (Megatron: QKV and up-projection split by columns, output and down-projection by rows, one all-reduce per pair)</source>
        <translation>先列并行、后行并行的 MatMul 链（Megatron：QKV 和上投影按列切分，输出投影和下投影按行切分，每对一次 all-reduce）</translation>
    </message>
    <message>
        <source>%1 over %2 GEMM-bearing %3 holding %4 of the FLOPs</source>
        <translation>%1，涉及 %2 个含 GEMM 的 %3，占 FLOPs 的 %4</translation>
    </message>
    <message>
        <source>More data parallelism: %1 instead of %2</source>
        <translation>更多数据并行：用 %1 代替 %2</translation>
    </message>
    <message>
        <source>Fewer data-parallel replicas: %1 instead of %2</source>
        <translation>更少的数据并行副本：用 %1 代替 %2</translation>
    </message>
    <message>
        <source>DP %1 -&gt; %2 with PP %3 -&gt; %4: pipeline bubble %5 -&gt; %6, exposed DP communication %7 -&gt; %8 per step; %9</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>DP %1 -&gt; %2，PP %3 -&gt; %4：流水线气泡 %5 -&gt; %6，每步暴露的 DP 通信 %7 -&gt; %8；%9</translation>
    </message>
    <message>
        <source>Raise tensor parallelism to TP %1 (%2)</source>
        <translation>将张量并行提高到 TP %1（%2）</translation>
    </message>
    <message>
        <source>Lower tensor parallelism to TP %1 (%2)</source>
        <translation>将张量并行降低到 TP %1（%2）</translation>
    </message>
    <message>
        <source>inside a node</source>
        <translation>节点内</translation>
    </message>
    <message>
        <source>across nodes</source>
        <translation>跨节点</translation>
    </message>
    <message>
        <source>TP %1 -&gt; %2 as %3: TP communication %4 -&gt; %5 per step (%6), compute %7 -&gt; %8; %9</source>
        <translation>TP %1 -&gt; %2，方式为 %3：每步 TP 通信 %4 -&gt; %5（%6），计算 %7 -&gt; %8；%9</translation>
    </message>
    <message>
        <source>pipeline bubble is %1 of the step with m = %2</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>m = %2 时流水线气泡占步时间的 %1</translation>
    </message>
    <message>
        <source>More micro-batches: micro-batch %1 (m = %2)</source>
        <translation>更多微批次：微批次 %1（m = %2）</translation>
    </message>
    <message>
        <source>%1; m = %2 cuts it to %3; %4</source>
        <translation>%1；m = %2 可将其降至 %3；%4</translation>
    </message>
    <message>
        <source>Interleave %1 model chunks per GPU (vpp %1)</source>
        <translation>每个 GPU 交错 %1 个模型块（vpp %1）</translation>
    </message>
    <message>
        <source>ZB-H1 without interleaving (vpp 1; stages placed by the exact partitioner)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>不交错的 ZB-H1（vpp 1；阶段由精确划分器放置）</translation>
    </message>
    <message>
        <source>Plain 1F1B without interleaving (vpp 1; stages placed by the exact partitioner)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>不交错的普通 1F1B（vpp 1；阶段由精确划分器放置）</translation>
    </message>
    <message>
        <source>%1 and v = %2; v = %3 makes it %4, PP communication %5 -&gt; %6 per step; %7</source>
        <translation>%1，且 v = %2；v = %3 使其变为 %4，每步 PP 通信 %5 -&gt; %6；%7</translation>
    </message>
    <message>
        <source>Turn on sequence parallelism</source>
        <translation>开启序列并行</translation>
    </message>
    <message>
        <source>Turn off sequence parallelism and the TP communication overlap it enables</source>
        <translation>关闭序列并行及其所支持的 TP 通信重叠</translation>
    </message>
    <message>
        <source>Turn off sequence parallelism</source>
        <translation>关闭序列并行</translation>
    </message>
    <message>
        <source>sequence parallelism splits the norm/dropout activations (Korthikanti's 10 sbh) by TP %1 with the same communication volume: block activations per GPU %2 -&gt; %3 on the fullest stage; %4</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>序列并行将 norm/dropout 激活（Korthikanti 的 10 sbh）按 TP %1 切分，通信量不变：占用最高的阶段上每个 GPU 的块激活 %2 -&gt; %3；%4</translation>
    </message>
    <message>
        <source>ZeRO stage %1 instead of %2</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>用 ZeRO 阶段 %1 代替 %2</translation>
    </message>
    <message>
        <source>model states (weights + gradients + optimizer) per GPU %1 -&gt; %2, DP communication %3 -&gt; %4 per step (%5 -&gt; %6 exposed); %7</source>
        <translation>每个 GPU 的模型状态（权重 + 梯度 + 优化器）%1 -&gt; %2，每步 DP 通信 %3 -&gt; %4（暴露 %5 -&gt; %6）；%7</translation>
    </message>
    <message>
        <source>Recompute %1 instead of %2</source>
        <translation>重计算用 %1 代替 %2</translation>
    </message>
    <message>
        <source>stored activations per GPU %1 -&gt; %2, recomputation %3 -&gt; %4 per step; %5</source>
        <translation>每个 GPU 存储的激活 %1 -&gt; %2，每步重计算 %3 -&gt; %4；%5</translation>
    </message>
    <message>
        <source>Micro-batch %1 instead of %2</source>
        <translation>微批次用 %1 代替 %2</translation>
    </message>
    <message>
        <source>m = %1 -&gt; %2 micro-batches per step; activations in flight per GPU %3 -&gt; %4, pipeline bubble %5 -&gt; %6; %7</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>每步 m = %1 -&gt; %2 个微批次；每个 GPU 同时驻留的激活 %3 -&gt; %4，流水线气泡 %5 -&gt; %6；%7</translation>
    </message>
    <message>
        <source>m = %1 -&gt; %2 micro-batches per step; activations in flight per GPU %3 -&gt; %4; %5</source>
        <translation>每步 m = %1 -&gt; %2 个微批次；每个 GPU 同时驻留的激活 %3 -&gt; %4；%5</translation>
    </message>
    <message>
        <source>Overlap TP communication with the GEMMs (--tp-comm-overlap)</source>
        <translation>将 TP 通信与 GEMM 重叠（--tp-comm-overlap）</translation>
    </message>
    <message>
        <source>Sequence parallelism with TP communication overlapped (--sequence-parallel --tp-comm-overlap)</source>
        <translation>序列并行并重叠 TP 通信（--sequence-parallel --tp-comm-overlap）</translation>
    </message>
    <message>
        <source>exposed TP communication is %1 per step (%2); split into %3 chunks pipelined with the GEMMs that produce and consume them it leaves %4; %5</source>
        <translation>每步暴露的 TP 通信为 %1（%2）；切成 %3 块并与产生和使用它们的 GEMM 流水线式交叠后，只剩 %4；%5</translation>
    </message>
    <message>
        <source>Overlap pipeline sends and receives with compute (p2p communication overlap)</source>
        <translation>将流水线的发送和接收与计算重叠（p2p 通信重叠）</translation>
    </message>
    <message>
        <source>pipeline communication on the critical path is %1 per step; overlapped, only the handshakes' latency stays: %2</source>
        <translation>关键路径上的流水线通信为每步 %1；重叠后只剩握手的延迟：%2</translation>
    </message>
    <message>
        <source>Compress gradients to int8 for communication (estimate, %1 -&gt; 1 byte per gradient)</source>
        <translation>通信时将梯度压缩为 int8（估算，每个梯度 %1 -&gt; 1 字节）</translation>
    </message>
    <message>
        <source>exposed DP communication is %1 (%2 of the step) of %3 per step; int8 gradients cut the gradient bytes %4x, DP communication %5 -&gt; %6 per step, %7 (estimate from the evaluator's DP model with 1-byte gradients, not evaluated end to end; compression kernels, error feedback and convergence are not modelled)</source>
        <translation>每步 DP 通信 %3 中暴露 %1（占步时间的 %2）；int8 梯度将梯度字节数减为 1/%4，每步 DP 通信 %5 -&gt; %6，%7（基于评估器的 DP 模型按 1 字节梯度估算，未做端到端评估；未对压缩内核、误差反馈和收敛性建模）</translation>
    </message>
    <message>
        <source>routed experts hold %1 per GPU (%2 of the fullest GPU's %3)</source>
        <translation>路由专家在每个 GPU 上占用 %1（占用最高的 GPU 的 %3 中占 %2）</translation>
    </message>
    <message>
        <source>the token all-to-alls of %1 expose %2 per step (%3 of the step, %4 sent per GPU), %5</source>
        <translation>%1 的 token all-to-all 每步暴露 %2（占步时间的 %3，每个 GPU 发送 %4），%5</translation>
    </message>
    <message>
        <source>routed experts per GPU %1 -&gt; %2, EP communication %3 -&gt; %4 per step (%5); %6</source>
        <translation>每个 GPU 的路由专家 %1 -&gt; %2，每步 EP 通信 %3 -&gt; %4（%5）；%6</translation>
    </message>
    <message>
        <source>Raise expert parallelism to %1</source>
        <translation>将专家并行提高到 %1</translation>
    </message>
    <message>
        <source>%1; EP %2 -&gt; %3 spreads the %4 experts of each MoE layer over twice the GPUs</source>
        <translation>%1；EP %2 -&gt; %3 将每个 MoE 层的 %4 个专家分布到两倍数量的 GPU 上</translation>
    </message>
    <message>
        <source>Lower expert parallelism to %1</source>
        <translation>将专家并行降低到 %1</translation>
    </message>
    <message>
        <source>%1; EP %2 -&gt; %3 halves the peers each token is sent among and doubles the experts per GPU</source>
        <translation>%1；EP %2 -&gt; %3 使每个 token 可发往的对端减半，并使每个 GPU 上的专家数翻倍</translation>
    </message>
    <message>
        <source>Keep the expert all-to-all inside a node: %1</source>
        <translation>将专家 all-to-all 限制在节点内：%1</translation>
    </message>
    <message>
        <source>%1; EP %2 -&gt; %3 keeps each EP group on the NVLink of one node</source>
        <translation>%1；EP %2 -&gt; %3 使每个 EP 组都在一个节点的 NVLink 内</translation>
    </message>
    <message>
        <source>Split each expert over %1 (expert tensor parallelism)</source>
        <translation>按 %1 切分每个专家（专家张量并行）</translation>
    </message>
    <message>
        <source>one routed expert has %1 parameters (intermediate size %2); ETP %3 -&gt; %4 splits its matrices, all-gathering the routed tokens over the ETP group</source>
        <translation>一个路由专家有 %1 个参数（中间维度 %2）；ETP %3 -&gt; %4 切分其矩阵，并在 ETP 组内对路由来的 token 做 all-gather</translation>
    </message>
    <message>
        <source>Less expert tensor parallelism: %1</source>
        <translation>减少专家张量并行：%1</translation>
    </message>
    <message>
        <source>%1; ETP %2 -&gt; %3 runs each expert on fewer GPUs with larger GEMMs and fewer token gathers</source>
        <translation>%1；ETP %2 -&gt; %3 让每个专家在更少的 GPU 上运行，GEMM 更大，token 收集更少</translation>
    </message>
    <message>
        <source>Trade expert tensor parallelism for expert parallelism: %1</source>
        <translation>以专家并行替代专家张量并行：%1</translation>
    </message>
    <message>
        <source>%1; %2 -&gt; %3 keeps the GPUs per expert group and shards whole experts instead of their matrices</source>
        <translation>%1；%2 -&gt; %3 保持每个专家组的 GPU 数不变，切分的是整个专家而非其矩阵</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 (%3x), step %4 -&gt; %5; %6</source>
        <translation>%1 -&gt; %2（%3x），步时间 %4 -&gt; %5；%6</translation>
    </message>
    <message>
        <source>%1; a larger batch changes the optimisation (tokens per step, learning-rate schedule)</source>
        <translation>%1；更大的批次会改变优化过程（每步 token 数、学习率调度）</translation>
    </message>
    <message>
        <source>Raise global batch to %1 sequences (m = %2 micro-batches)</source>
        <translation>将全局批次提高到 %1 条序列（m = %2 个微批次）</translation>
    </message>
    <message>
        <source>pipeline bubble %1 of the pipeline with m = %2 micro-batches on PP %3: global batch %4 -&gt; %5 makes m = %6 and the bubble %7; %8</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>PP %3 上 m = %2 个微批次时，流水线气泡占流水线的 %1：全局批次 %4 -&gt; %5 使 m = %6，气泡变为 %7；%8</translation>
    </message>
    <message>
        <source>Raise global batch to %1 sequences (allows DP %2)</source>
        <translation>将全局批次提高到 %1 条序列（允许 DP %2）</translation>
    </message>
    <message>
        <source>global batch %1 rules out DP %2 on %3 GPUs (DP must divide it); with %4 the fastest plan that fits is %5 (micro-batch %6); %7</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>全局批次 %1 在 %3 个 GPU 上排除了 DP %2（全局批次必须能被 DP 整除）；改为 %4 时，能放下的最快方案是 %5（微批次 %6）；%7</translation>
    </message>
    <message>
        <source>Use %1 GPUs: %2 nodes of %3 %4 (now %5)</source>
        <translation>使用 %1 个 GPU：%2 个节点，每个含 %3 个 %4（当前 %5 个）</translation>
    </message>
    <message>
        <source>the current plan runs at %1 on %2 GPUs</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>当前方案在 %2 个 GPU 上达到 %1</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPU</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 个 GPU 上放不下任何方案</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPUs</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 个 GPU 上放不下任何方案</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPU (the closest needs %2 per GPU of %3 usable)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 个 GPU 上放不下任何方案（最接近的方案每个 GPU 需要 %2，可用 %3）</translation>
    </message>
    <message>
        <source>no plan fits on %1 GPUs (the closest needs %2 per GPU of %3 usable)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 个 GPU 上放不下任何方案（最接近的方案每个 GPU 需要 %2，可用 %3）</translation>
    </message>
    <message>
        <source>%1; on %2 nodes (%3 GPUs) the fastest plan that fits is %4: peak %5 per GPU of %6 usable, step %7, %8; %9 nodes (%10 GPUs) do not fit</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1；在 %2 个节点（%3 个 GPU）上能放下的最快方案是 %4：每个 GPU 峰值 %5（可用 %6），步时间 %7，%8；%9 个节点（%10 个 GPU）放不下</translation>
    </message>
</context>
<context>
    <name>ProposalsController</name>
    <message>
        <source>No proposals: %1</source>
        <translation>无建议：%1</translation>
    </message>
    <message>
        <source>No proposal is selected.</source>
        <translation>未选择建议。</translation>
    </message>
    <message>
        <source>"%1" is an estimate, not a configuration the planner can switch to.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>“%1”只是估算，不是规划器可以切换到的配置。</translation>
    </message>
    <message>
        <source>Apply "%1"</source>
        <translation>应用“%1”</translation>
    </message>
</context>
<context>
    <name>ProposalsPanel</name>
    <message>
        <source>&amp;Apply proposal</source>
        <translation>应用建议(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Changes to the selected plan, each re-evaluated with the cost model and ranked by predicted speedup; select one to read why.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>对所选方案的修改建议，每条都用成本模型重新评估并按预测加速比排序；选择一条可查看原因。</translation>
    </message>
    <message>
        <source>Switch to the proposed plan (Undo goes back).</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>切换到建议的方案（撤销可返回）。</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>撤销 %1</translation>
    </message>
</context>
<context>
    <name>RecoveryController</name>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>Bring back the inputs as they were autosaved; they stay unsaved until you save a session.</source>
        <translation>恢复自动保存时的输入；在保存会话之前它们仍处于未保存状态。</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Delete the autosave.</source>
        <translation>删除自动保存文件。</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 %4</source>
        <translation>%1，%2 × %3 块 %4</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>ShardScope did not exit normally. Unsaved work autosaved at %1 (%2) can be restored.</source>
        <translation>ShardScope 未正常退出。可以恢复于 %1 自动保存的未保存工作（%2）。</translation>
    </message>
    <message>
        <source>One older autosave follows.</source>
        <translation>之后还有一个较早的自动保存。</translation>
    </message>
    <message>
        <source>%1 older autosaves follow.</source>
        <translation>之后还有 %1 个较早的自动保存。</translation>
    </message>
    <message>
        <source>The autosave cannot be restored: %1</source>
        <translation>无法恢复自动保存：%1</translation>
    </message>
</context>
<context>
    <name>RenderCommand</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要一个值</translation>
    </message>
    <message>
        <source>--size expects WIDTHxHEIGHT in pixels, e.g. 1600x1000, got "%1"</source>
        <translation>--size 应为以像素计的 宽x高，例如 1600x1000，实际为“%1”</translation>
    </message>
    <message>
        <source>--size must be between 200x150 and 16000x16000, got "%1"</source>
        <translation>--size 必须在 200x150 到 16000x16000 之间，实际为“%1”</translation>
    </message>
    <message>
        <source>--theme expects light or dark, got "%1"</source>
        <translation>--theme 应为 light 或 dark，实际为“%1”</translation>
    </message>
    <message>
        <source>--scale expects a number from 0.1 to 8, got "%1"</source>
        <translation>--scale 应为 0.1 到 8 之间的数，实际为“%1”</translation>
    </message>
    <message>
        <source>--out FILE.png or FILE.svg is required</source>
        <translation>必须指定 --out 文件.png 或 文件.svg</translation>
    </message>
    <message>
        <source>--out must end in .png or .svg, got "%1"</source>
        <translation>--out 必须以 .png 或 .svg 结尾，实际为“%1”</translation>
    </message>
    <message>
        <source>--baseline and --compare go with --view compare</source>
        <translation>--baseline 和 --compare 需与 --view compare 一起使用</translation>
    </message>
    <message>
        <source>--view is required: memory, stages, timeline, imbalance, communication, explorer, compare, sweep or window</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>必须指定 --view：memory、stages、timeline、imbalance、communication、explorer、compare、sweep 或 window</translation>
    </message>
    <message>
        <source>unknown view "%1": use memory, stages, timeline, imbalance, communication, explorer, compare, sweep or window</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>未知视图“%1”：请使用 memory、stages、timeline、imbalance、communication、explorer、compare、sweep 或 window</translation>
    </message>
    <message>
        <source>--explorer-zoom expects a factor from 1 to 1000, got "%1"</source>
        <translation>--explorer-zoom 需要 1 到 1000 之间的倍数，得到“%1”</translation>
    </message>
    <message>
        <source>--explorer-zoom, --log-x and --log-y go with --view explorer</source>
        <translation>--explorer-zoom、--log-x 和 --log-y 需与 --view explorer 一起使用</translation>
    </message>
    <message>
        <source>Usage: shardscope render MODEL --view VIEW --out FILE.png|FILE.svg [--size WxH] [--scale S]
                         [--theme light|dark] [plan options]

Plans MODEL like "shardscope plan" and draws the best plan as the desktop planner shows it,
titled and with its legend, without a display.

  --view VIEW   memory, stages, timeline, imbalance, communication, explorer (every plan searched,
                the Pareto front drawn), compare (a baseline and up to three plans side by side),
                sweep (the best plan at each cluster size, batch or sequence length), or window
  --out FILE    .png (bitmap) or .svg (vector)
  --size WxH    picture size in pixels at scale 1; default 1600x1000
  --scale S     pixel scale of a PNG (2 for print and high-DPI screens); default 1
  --theme T     light (default) or dark
  --explorer-zoom F  with --view explorer: the range F times smaller around the best plan
  --log-x, --log-y   with --view explorer: logarithmic axes
%1
Plan options: see shardscope plan --help.
</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>用法：shardscope render 模型 --view 视图 --out 文件.png|文件.svg [--size 宽x高] [--scale S]
                         [--theme light|dark] [方案选项]

像“shardscope plan”一样规划模型，并按桌面规划器的显示方式绘制最佳方案，
带标题和图例，无需显示器。

  --view 视图   memory、stages、timeline、imbalance、communication、explorer（搜索过的全部方案，
                并画出帕累托前沿）、compare（基准与最多三个方案并排）、
                sweep（每个集群规模、批次或序列长度下的最佳方案）或 window
  --out 文件    .png（位图）或 .svg（矢量图）
  --size 宽x高  缩放为 1 时的图片像素尺寸；默认 1600x1000
  --scale S     PNG 的像素缩放（打印和高 DPI 屏幕用 2）；默认 1
  --theme T     light（默认）或 dark
  --explorer-zoom F  与 --view explorer 一起用：以最佳方案为中心把范围缩小 F 倍
  --log-x, --log-y   与 --view explorer 一起用：对数坐标轴
%1
方案选项：参见 shardscope plan --help。
</translation>
    </message>
</context>
<context>
    <name>RenderCompare</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要一个值</translation>
    </message>
    <message>
        <source>--baseline expects a plan's configuration, e.g. "tp=8,pp=4,mb=1"</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>--baseline 需要一个方案的配置，例如“tp=8,pp=4,mb=1”</translation>
    </message>
    <message>
        <source>--compare expects up to %1 plan ranks separated by commas, e.g. 2,3,4, got "%2"</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>--compare 需要最多 %1 个以逗号分隔的方案名次，例如 2,3,4，实际为“%2”</translation>
    </message>
    <message>
        <source>--compare: %1</source>
        <translation>--compare：%1</translation>
    </message>
    <message>
        <source>  --baseline CONFIG  with --view compare: the plan the others are compared with, by its
                configuration, e.g. "tp=8,pp=16,dp=8,mb=1,zero=1,recompute=selective,sp=on,
                schedule=interleaved,vpp=4" (keys: tp pp dp cp vpp mb zero recompute sp
                schedule tp-overlap pp-overlap cp-comm dp-replicate reshard ep etp ep-overlap;
                dp defaults to the GPUs left); default: the best plan
  --compare R,R,R    with --view compare: up to 3 plan ranks (1 is the best) to compare with the
                baseline; default 2,3,4, or 1,2,3 with --baseline
</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>  --baseline 配置    与 --view compare 一起使用：其他方案与之比较的方案，按其配置给出，
                例如 "tp=8,pp=16,dp=8,mb=1,zero=1,recompute=selective,sp=on,
                schedule=interleaved,vpp=4"（键：tp pp dp cp vpp mb zero recompute sp
                schedule tp-overlap pp-overlap cp-comm dp-replicate reshard ep etp ep-overlap；
                dp 默认为剩余的 GPU）；默认：最佳方案
  --compare R,R,R    与 --view compare 一起使用：最多 3 个与基准比较的方案名次（1 为最佳）；
                默认 2,3,4，使用 --baseline 时为 1,2,3
</translation>
    </message>
</context>
<context>
    <name>RenderSweep</name>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要一个值</translation>
    </message>
    <message>
        <source>one sweep axis per picture: %1 and %2 both give several values; give the other a single value</source>
        <translation>每张图只能有一个扫描维度：%1 和 %2 都给出了多个值；请给另一个只指定一个值</translation>
    </message>
    <message>
        <source>--view sweep needs what to sweep: --gpus, --batch or --seq with a range A..B (the powers of two from A to B, e.g. --gpus 64..1024) or a list A,B,C</source>
        <translation>--view sweep 需要指定扫描项：--gpus、--batch 或 --seq，取范围 A..B（从 A 到 B 的 2 的幂，例如 --gpus 64..1024）或列表 A,B,C</translation>
    </message>
    <message>
        <source>
The sweep view: shardscope render MODEL --view sweep (--gpus A..B | --batch A..B | --seq A..B)
                --out FILE.png|FILE.svg [--size WxH] [--scale S] [--theme light|dark] [plan options]
  Runs the search at each value as shardscope sweep does (A..B: the powers of two from A to B;
  A,B,C: those values) and draws the best plan's tokens/s, MFU, bubble, step time and memory per
  GPU at each, the smallest value that fits marked. Exit 1 when no plan fits at any value.
</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>
扫描视图：shardscope render 模型 --view sweep (--gpus A..B | --batch A..B | --seq A..B)
                --out 文件.png|文件.svg [--size 宽x高] [--scale S] [--theme light|dark] [方案选项]
  像 shardscope sweep 一样在每个值上运行搜索（A..B：从 A 到 B 的 2 的幂；A,B,C：即这些值），
  并绘制每个值下最佳方案的 token/s、MFU、气泡、步时间和每个 GPU 的显存，标出能放下的最小值。
  任何值都没有方案能放下时退出码为 1。
</translation>
    </message>
    <message>
        <source>shardscope render: %1: %2</source>
        <translation>shardscope render：%1：%2</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>cannot save the session: %1</source>
        <translation>无法保存会话：%1</translation>
    </message>
    <message>
        <source>cannot open the session file: %1</source>
        <translation>无法打开会话文件：%1</translation>
    </message>
    <message>
        <source>the file is %1 bytes, too large for a session file (at most %2)</source>
        <translation>文件大小为 %1 字节，超过会话文件的上限（最多 %2）</translation>
    </message>
    <message>
        <source>cannot read the session file: %1</source>
        <translation>无法读取会话文件：%1</translation>
    </message>
</context>
<context>
    <name>StageMapView</name>
    <message>
        <source>layer %1</source>
        <translation>层 %1</translation>
    </message>
    <message>
        <source>No plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无方案</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>无估算：%1</translation>
    </message>
    <message>
        <source>1 pipeline stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>1 个流水线阶段</translation>
    </message>
    <message>
        <source>%1 pipeline stages</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 个流水线阶段</translation>
    </message>
    <message>
        <source>%1 x (TP %2 x DP %3): slowest stage %4, %5 ms per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 x (TP %2 x DP %3)：最慢阶段 %4，每个微批次 %5 毫秒</translation>
    </message>
    <message>
        <source>TP %1 x DP %2 = %3 GPUs, ranks %4–%5</source>
        <translation>TP %1 x DP %2 = %3 个 GPU，rank %4–%5</translation>
    </message>
    <message>
        <source>layers %1–%2 (%3): %4 … %5</source>
        <translation>层 %1–%2（%3）：%4 … %5</translation>
    </message>
    <message>
        <source>chunk %1: %2</source>
        <translation>块 %1：%2</translation>
    </message>
    <message>
        <source>slowest</source>
        <translation>最慢</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>layers %1–%2 (%3)</source>
        <translation>层 %1–%2（%3）</translation>
    </message>
    <message>
        <source>ranks %1–%2</source>
        <translation>rank %1–%2</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1, %2 ms</source>
        <translation>%1，%2 毫秒</translation>
    </message>
    <message>
        <source>%1 ms / micro-batch</source>
        <translation>%1 毫秒 / 微批次</translation>
    </message>
    <message>
        <source>slowest stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>最慢阶段</translation>
    </message>
    <message>
        <source>GPU (global rank; TP across, DP down)</source>
        <translation>GPU（全局 rank；横向为 TP，纵向为 DP）</translation>
    </message>
    <message>
        <source>memory per GPU of %1 GiB usable</source>
        <translation>每个 GPU 的显存（可用 %1 GiB）</translation>
    </message>
    <message>
        <source>Stage %1 (slowest)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段 %1（最慢）</translation>
    </message>
    <message>
        <source>GPU %1: TP rank %2, DP rank %3</source>
        <translation>GPU %1：TP rank %2，DP rank %3</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 GiB of %2 GiB usable</source>
        <translation>每个 GPU 的显存：%1 GiB / 可用 %2 GiB</translation>
    </message>
    <message>
        <source>Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, PP %5 ms)</source>
        <translation>每个微批次的时间：%1 毫秒（计算 %2，重计算 %3，TP %4，PP %5 毫秒）</translation>
    </message>
    <message>
        <source>%1 x (TP %2 x CP %3 x DP %4): slowest stage %5, %6 ms per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 x (TP %2 x CP %3 x DP %4)：最慢阶段 %5，每个微批次 %6 毫秒</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x DP %3 = %4 GPUs, ranks %5–%6</source>
        <translation>TP %1 x CP %2 x DP %3 = %4 个 GPU，rank %5–%6</translation>
    </message>
    <message>
        <source>GPU %1: TP rank %2, CP rank %3, DP rank %4</source>
        <translation>GPU %1：TP rank %2，CP rank %3，DP rank %4</translation>
    </message>
    <message>
        <source>GPU (global rank; TP across; CP down, framed per CP group; a block per DP rank)</source>
        <translation>GPU（全局 rank；横向为 TP；纵向为 CP，每个 CP 组加框；每个 DP rank 一块）</translation>
    </message>
    <message>
        <source>Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, PP %6 ms)</source>
        <translation>每个微批次的时间：%1 毫秒（计算 %2，重计算 %3，TP %4，CP %5，PP %6 毫秒）</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x DP %3 = %4 GPUs</source>
        <translation>TP %1 x CP %2 x DP %3 = %4 个 GPU</translation>
    </message>
    <message>
        <source>TP %1 x DP %2 = %3 GPUs</source>
        <translation>TP %1 x DP %2 = %3 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs, ranks %2–%3</source>
        <translation>%1 个 GPU，rank %2–%3</translation>
    </message>
    <message>
        <source>of which MoE: routed experts %1 GiB, shared experts %2 GiB (weights, gradients, optimizer states); MoE activations %3 GiB; dispatcher buffers %4 GiB</source>
        <translation>其中 MoE：路由专家 %1 GiB，共享专家 %2 GiB（权重、梯度、优化器状态）；MoE 激活 %3 GiB；分发器缓冲区 %4 GiB</translation>
    </message>
    <message>
        <source>; experts EP %1 x ETP %2 x expert DP %3</source>
        <translation>；专家 EP %1 x ETP %2 x 专家 DP %3</translation>
    </message>
    <message>
        <source>; experts: EP rank %1, ETP rank %2, expert DP rank %3</source>
        <translation>；专家：EP rank %1，ETP rank %2，专家 DP rank %3</translation>
    </message>
    <message>
        <source>; experts: EP rank %1, expert DP rank %2</source>
        <translation>；专家：EP rank %1，专家 DP rank %2</translation>
    </message>
    <message>
        <source>expert group (EP x ETP GPUs holding every expert once, all-to-all inside); routed experts' memory</source>
        <translation>专家组（EP x ETP 个 GPU 各持有每个专家一次，组内 all-to-all）；路由专家的显存</translation>
    </message>
    <message>
        <source>Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, EP all-to-all %6, PP %7 ms)</source>
        <translation>每个微批次的时间：%1 毫秒（计算 %2，重计算 %3，TP %4，CP %5，EP all-to-all %6，PP %7 毫秒）</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1, %2 ms per micro-batch</source>
        <translation>%1，每个微批次 %2 毫秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>blocks</source>
        <translation>块</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段</translation>
    </message>
    <message>
        <source>GPU ranks</source>
        <translation>GPU rank</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每个 GPU 的 GiB</translation>
    </message>
    <message>
        <source>ms per micro-batch</source>
        <translation>每个微批次毫秒数</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>head</source>
        <translation>输出头</translation>
    </message>
    <message>
        <source>output head</source>
        <translation>输出头</translation>
    </message>
    <message>
        <source>norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>final norm</source>
        <translation>最终归一化</translation>
    </message>
    <message>
        <source>No estimate</source>
        <translation>无估算</translation>
    </message>
    <message>
        <source>%1 stages, slowest %2: %3 ms per micro-batch</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 个阶段，最慢 %2：每个微批次 %3 毫秒</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>无层</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>块 %1</translation>
    </message>
    <message>
        <source>blocks %1–%2</source>
        <translation>块 %1–%2</translation>
    </message>
    <message>
        <source>%1 and %2 other layers</source>
        <translation>%1 及其他 %2 层</translation>
    </message>
    <message>
        <source>%1 chunks: %2</source>
        <translation>%1 个块：%2</translation>
    </message>
    <message>
        <source>TP %1 x CP %2 x DP %3</source>
        <translation>TP %1 x CP %2 x DP %3</translation>
    </message>
    <message>
        <source>TP %1 x DP %2</source>
        <translation>TP %1 x DP %2</translation>
    </message>
    <message>
        <source>GPUs of each stage: %1 = %2 (global ranks in Megatron's order)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>每个阶段的 GPU：%1 = %2（按 Megatron 顺序的全局 rank）</translation>
    </message>
    <message>
        <source>GPUs of each stage: %1 = %2</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>每个阶段的 GPU：%1 = %2</translation>
    </message>
    <message>
        <source>%1 GPUs a stage</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>每阶段 %1 个 GPU</translation>
    </message>
    <message>
        <source>GPU (TP across, CP and DP down)</source>
        <translation>GPU（横向为 TP，纵向为 CP 和 DP）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>expert group (EP x ETP GPUs); routed experts' memory</source>
        <translation>专家组（EP x ETP 个 GPU）；路由专家的显存</translation>
    </message>
    <message>
        <source>expert group</source>
        <translation>专家组</translation>
    </message>
    <message>
        <source>memory of %1 GiB</source>
        <translation>显存（共 %1 GiB）</translation>
    </message>
    <message>
        <source>stages %1–%2 of %3 shown: the wheel scrolls</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>显示 %3 个阶段中的 %1–%2：滚轮可滚动</translation>
    </message>
    <message>
        <source>stages %1–%2 of %3</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%3 个阶段中的 %1–%2</translation>
    </message>
    <message numerus="yes">
        <source>GPU (global rank; TP across; CP down, framed per CP group; a block per DP rank, %n a row)</source>
        <translation><numerusform>GPU（全局 rank；横向为 TP；纵向为 CP，每个 CP 组加框；每个 DP rank 一块，每行 %n 块）</numerusform></translation>
    </message>
    <message>
        <source>GPU (TP across, CP down, DP blocks in rows)</source>
        <translation>GPU（横向为 TP，纵向为 CP，DP 块按行排列）</translation>
    </message>
    <message numerus="yes">
        <source>GPU (global rank; DP ranks in rows of %n)</source>
        <translation><numerusform>GPU（全局 rank；DP rank 每行 %n 个）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>GPU (global rank; TP across; a block per DP rank, %n a row)</source>
        <translation><numerusform>GPU（全局 rank；横向为 TP；每个 DP rank 一块，每行 %n 块）</numerusform></translation>
    </message>
</context>
<context>
    <name>SweepCommand</name>
    <message>
        <source>option %1 expects a value</source>
        <translation>选项 %1 需要一个值</translation>
    </message>
    <message>
        <source>%1 is an option of shardscope plan; a sweep keeps each point's best plan (plan a point on its own for more)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1 是 shardscope plan 的选项；扫描只保留每个点的最佳方案（如需更多请单独规划该点）</translation>
    </message>
    <message>
        <source>one sweep axis per run: %1 and %2 both give several values; give the other a single value</source>
        <translation>每次运行只能扫描一个维度：%1 和 %2 都给出了多个值；请给另一个只指定一个值</translation>
    </message>
    <message>
        <source>no sweep axis: give --gpus, --batch or --seq a range A..B (the powers of two from A to B, e.g. --gpus 64..16384) or a list A,B,C</source>
        <translation>没有扫描维度：请为 --gpus、--batch 或 --seq 指定范围 A..B（从 A 到 B 的 2 的幂，例如 --gpus 64..16384）或列表 A,B,C</translation>
    </message>
    <message>
        <source>no model given: shardscope sweep MODEL --gpus A..B [options] (a config.json, a model file, or a bundled name such as llama-3-70b)</source>
        <translation>未指定模型：shardscope sweep 模型 --gpus A..B [选项]（config.json、模型文件或内置名称，如 llama-3-70b）</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 个点</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个点</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>seq</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>GPU count swept</source>
        <translation>GPU 数量为扫描项</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>Cluster  %1 (%2 each), %3, %4 GPUs a node, intra-node %5 GB/s, inter-node %6 GB/s</source>
        <translation>集群     %1（每个 %2），%3，每节点 %4 个 GPU，节点内 %5 GB/s，节点间 %6 GB/s</translation>
    </message>
    <message>
        <source>Training sequence %1, global batch %2, %3, %4, flash attention %5</source>
        <translation>训练     序列 %1，全局批次 %2，%3，%4，flash attention %5</translation>
    </message>
    <message>
        <source>swept</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 个序列</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Warning  %1</source>
        <translation>警告     %1</translation>
    </message>
    <message>
        <source>Strategy %1, weights memory %2 / compute %3 / communication %4</source>
        <translation>策略 %1，权重：显存 %2 / 计算 %3 / 通信 %4</translation>
    </message>
    <message>
        <source>Sweep    %1 %2 (%3, a full search each)</source>
        <translation>扫描     %1 %2（%3，每个都完整搜索）</translation>
    </message>
    <message>
        <source>fit/searched</source>
        <translation>可放下/已搜索</translation>
    </message>
    <message>
        <source>%1  error: %2</source>
        <translation>%1  错误：%2</translation>
    </message>
    <message>
        <source>%1  no plan fits (%2 candidates): %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1  没有方案能放下（%2 个候选）：%3</translation>
    </message>
    <message>
        <source>  &lt;- smallest that fits</source>
        <translation>  &lt;- 能放下的最小值</translation>
    </message>
    <message>
        <source>%1 searched in %2 s, %3 candidates in all.</source>
        <translation>%1 用时 %2 秒完成搜索，共 %3 个候选。</translation>
    </message>
    <message>
        <source>No plan fits at any point.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>在任何点都没有方案能放下。</translation>
    </message>
    <message>
        <source>Predicted times: %1</source>
        <translation>预测时间：%1</translation>
    </message>
    <message>
        <source>Predicted times are %1</source>
        <translation>预测时间为 %1</translation>
    </message>
    <message>
        <source>Smallest cluster that fits: %1 GPUs (%2).</source>
        <translation>能放下的最小集群：%1 个 GPU（%2）。</translation>
    </message>
    <message>
        <source>1 node of %1</source>
        <translation>1 个节点，每节点 %1 个</translation>
    </message>
    <message>
        <source>%1 nodes of %2</source>
        <translation>%1 个节点，每节点 %2 个</translation>
    </message>
    <message>
        <source>Smallest global batch that fits: %1 sequences; largest: %2.</source>
        <translation>能放下的最小全局批次：%1 个序列；最大：%2。</translation>
    </message>
    <message>
        <source>Shortest sequence that fits: %1 tokens; longest: %2.</source>
        <translation>能放下的最短序列：%1 个 token；最长：%2。</translation>
    </message>
    <message>
        <source>shardscope sweep: cannot write %1: %2</source>
        <translation>shardscope sweep：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1 (%2).</source>
        <translation>已写入 %1（%2）。</translation>
    </message>
    <message>
        <source>shardscope sweep: %1</source>
        <translation>shardscope sweep：%1</translation>
    </message>
    <message>
        <source>--csv - and --json - would both write to standard output; send one of them to a file</source>
        <translation>--csv - 与 --json - 都会写到标准输出；请将其中之一写到文件</translation>
    </message>
    <message>
        <source>Usage: shardscope sweep MODEL (--gpus A..B | --batch A..B | --seq A..B) [options] [--csv FILE] [--json FILE]

Runs the full search (as shardscope plan) at each value of one input and prints one row a value: the
best plan's layout, memory per GPU, step time, tokens/s, MFU and bubble, with the smallest value at
which a plan fits marked. MODEL is as for shardscope plan.

The sweep (exactly one of these gets several values; the others may be given one value):
  --gpus A..B|A,B,C       GPU counts, whole nodes of --gpus-per-node (default 8) each
  --batch A..B|A,B,C      global batch sizes in sequences (also --global-batch)
  --seq A..B|A,B,C        sequence lengths in tokens
                          A..B is every power of two from A to B (64..16384: 64, 128, ..., 16384);
                          A,B,C are those values. At most 64 values; each is a full search. A value
                          that cannot be planned (not whole nodes, say) shows its error in its row
  --csv FILE              also write the table as CSV (one row a value; docs/sweep-format.md)
  --json FILE             also write the sweep as JSON (docs/sweep-format.md)
                          (FILE -: standard output, instead of the table)

%1Exit codes: 0 a plan fits at some value; 1 no plan fits at any value; 2 bad command line;
3 invalid input (or no value could be planned); 4 cannot write output.

Examples:
  shardscope sweep llama-3.1-405b --gpus 64..16384 --seq 8192 --global-batch 2048
  shardscope sweep llama-3-70b --gpus 64 --seq 2048..32768 --token-budget 15T --gpu-hour-price 2.5 \
                   --csv sweep.csv
</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>用法：shardscope sweep 模型 (--gpus A..B | --batch A..B | --seq A..B) [选项] [--csv 文件] [--json 文件]

对某一输入的每个取值运行完整搜索（与 shardscope plan 相同），每个值输出一行：最佳方案的布局、
每个 GPU 的显存、步时间、token/s、MFU 和气泡，并标出有方案能放下的最小值。模型的含义与 shardscope plan 相同。

扫描项（其中恰好一个给出多个值；其他可以各给一个值）：
  --gpus A..B|A,B,C       GPU 数量，每个都须为整数个 --gpus-per-node（默认 8）节点
  --batch A..B|A,B,C      全局批次大小，以序列计（也可用 --global-batch）
  --seq A..B|A,B,C        序列长度，以 token 计
                          A..B 为从 A 到 B 的每个 2 的幂（64..16384：64, 128, ..., 16384）；
                          A,B,C 即这些值。最多 64 个值；每个值都完整搜索一次。无法规划的值
                          （例如不是整数个节点）在其所在行显示错误
  --csv 文件              同时将表格写为 CSV（每个值一行；docs/sweep-format.md）
  --json 文件             同时将扫描结果写为 JSON（docs/sweep-format.md）
                          （文件为 -：写到标准输出，代替表格）

%1退出码：0 某个值有方案可放下；1 任何值都没有方案可放下；2 命令行错误；
3 输入无效（或没有值能被规划）；4 无法写入输出。

示例：
  shardscope sweep llama-3.1-405b --gpus 64..16384 --seq 8192 --global-batch 2048
  shardscope sweep llama-3-70b --gpus 64 --seq 2048..32768 --token-budget 15T --gpu-hour-price 2.5 \
                   --csv sweep.csv
</translation>
    </message>
    <message>
        <source>%1 (at %2)</source>
        <translation>%1（于 %2）</translation>
    </message>
</context>
<context>
    <name>SweepPanel</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export CSV/JSON...</source>
        <translation>导出 CSV/JSON...</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>The input that changes from point to point; everything else stays as set</source>
        <translation>逐点变化的输入；其余输入保持当前设置</translation>
    </message>
    <message>
        <source>A..B: every power of two from A to B (64..16384 is 64, 128, ..., 16384); A,B,C: those values. At most %1 values; each is a full search. GPU counts are whole nodes.</source>
        <translation>A..B：从 A 到 B 的每个 2 的幂（64..16384 即 64, 128, ..., 16384）；A,B,C：即这些值。最多 %1 个值；每个值都完整搜索一次。GPU 数量须为整数个节点。</translation>
    </message>
    <message>
        <source>Search every value and show each one's best plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>搜索每个值并显示各自的最佳方案</translation>
    </message>
    <message>
        <source>Stop the sweep; the points finished so far stay</source>
        <translation>停止扫描；已完成的点会保留</translation>
    </message>
    <message>
        <source>Write the sweep as CSV or JSON (docs/sweep-format.md)</source>
        <translation>将扫描结果写为 CSV 或 JSON（docs/sweep-format.md）</translation>
    </message>
    <message>
        <source>Choose what to sweep and its values, then Run.</source>
        <translation>选择扫描项及其取值，然后点击“运行”。</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>&amp;Values</source>
        <translation>取值(&amp;V)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Open a model first: a sweep plans the model on screen.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>请先打开一个模型：扫描会规划当前显示的模型。</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>正在取消...</translation>
    </message>
    <message>
        <source>Searching 1 point...</source>
        <translation>正在搜索 1 个点...</translation>
    </message>
    <message>
        <source>Searching %1 points...</source>
        <translation>正在搜索 %1 个点...</translation>
    </message>
    <message>
        <source>Searching %1 (point %2 of %3)...</source>
        <translation>正在搜索 %1（第 %2 个点，共 %3 个）...</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 points in %3 s</source>
        <translation>已取消：%3 秒内完成 %2 个点中的 %1 个</translation>
    </message>
    <message>
        <source>1 point in %1 s</source>
        <translation>%1 秒完成 1 个点</translation>
    </message>
    <message>
        <source>%1 points in %2 s</source>
        <translation>%2 秒完成 %1 个点</translation>
    </message>
    <message>
        <source>; %1</source>
        <translation>；%1</translation>
    </message>
    <message>
        <source>; largest that fits: %1</source>
        <translation>；能放下的最大值：%1</translation>
    </message>
    <message>
        <source>; no plan fits at any point</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>；在任何点都没有方案能放下</translation>
    </message>
    <message>
        <source>The sweep could not run.</source>
        <translation>扫描无法运行。</translation>
    </message>
    <message>
        <source>There is no sweep to export yet: run one first.</source>
        <translation>还没有可导出的扫描：请先运行一次。</translation>
    </message>
    <message>
        <source>Cannot export to %1: the file name must end in .csv or .json</source>
        <translation>无法导出到 %1：文件名必须以 .csv 或 .json 结尾</translation>
    </message>
    <message>
        <source>Cannot export to %1: %2</source>
        <translation>无法导出到 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export Sweep</source>
        <translation>导出扫描</translation>
    </message>
    <message>
        <source>CSV table (*.csv);;Sweep JSON (*.json)</source>
        <translation>CSV 表格 (*.csv);;扫描 JSON (*.json)</translation>
    </message>
    <message>
        <source>Sweep written to %1</source>
        <translation>扫描已写入 %1</translation>
    </message>
    <message>
        <source>%1 on %2, %3 a node</source>
        <translation>%1，%2，每节点 %3 个</translation>
    </message>
    <message>
        <source>%1 on %2 x %3</source>
        <translation>%1，%2 x %3</translation>
    </message>
    <message>
        <source>seq %1</source>
        <translation>序列 %1</translation>
    </message>
    <message>
        <source>global batch %1</source>
        <translation>全局批次 %1</translation>
    </message>
    <message>
        <source>%1 search</source>
        <translation>%1 搜索</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Sweep — %1</source>
        <translation>扫描 — %1</translation>
    </message>
</context>
<context>
    <name>SweepView</name>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1M</translation>
    </message>
    <message>
        <source>%1k</source>
        <translation>%1k</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 个序列</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 个序列</translation>
    </message>
    <message>
        <source>1 token</source>
        <translation>1 个 token</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>smallest cluster that fits: %1</source>
        <translation>能放下的最小集群：%1</translation>
    </message>
    <message>
        <source>smallest global batch that fits: %1</source>
        <translation>能放下的最小全局批次：%1</translation>
    </message>
    <message>
        <source>shortest sequence that fits: %1</source>
        <translation>能放下的最短序列：%1</translation>
    </message>
    <message>
        <source> (1 node of %1)</source>
        <translation>（1 个节点，每节点 %1 个）</translation>
    </message>
    <message>
        <source> (%1 nodes of %2)</source>
        <translation>（%1 个节点，每节点 %2 个）</translation>
    </message>
    <message>
        <source>%1: cannot be planned</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1：无法规划</translation>
    </message>
    <message>
        <source>%1 of %2 candidates fit (searched in %3 s)</source>
        <translation>%2 个候选中 %1 个可放下（搜索用时 %3 秒）</translation>
    </message>
    <message>
        <source>%1: no plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1：没有方案能放下</translation>
    </message>
    <message>
        <source>%1: best plan</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>%1：最佳方案</translation>
    </message>
    <message>
        <source>%1 of %2 usable</source>
        <translation>%1 / 可用 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1 on %2 x %3</source>
        <translation>%1，%2 x %3</translation>
    </message>
    <message>
        <source>%1 of %2 points</source>
        <translation>%2 个点中的 %1 个</translation>
    </message>
    <message>
        <source>no plan fits at any point</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>在任何点都没有方案能放下</translation>
    </message>
    <message>
        <source>Best plan at each %1: %2 — %3</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>每个%1下的最佳方案：%2 — %3</translation>
    </message>
    <message>
        <source>Sweep: %1 of %2 points</source>
        <translation>扫描：%2 个点中的 %1 个</translation>
    </message>
    <message>
        <source>Sweep: fits from %1</source>
        <translation>扫描：从 %1 起可放下</translation>
    </message>
    <message>
        <source>Sweep: no plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>扫描：没有方案能放下</translation>
    </message>
    <message>
        <source>best plan (a plan fits)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>最佳方案（有方案可放下）</translation>
    </message>
    <message>
        <source>plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>方案可放下</translation>
    </message>
    <message>
        <source>no plan fits (hover for why)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有方案能放下（悬停查看原因）</translation>
    </message>
    <message>
        <source>no plan fits</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>没有方案能放下</translation>
    </message>
    <message>
        <source>cannot be planned (hover for why)</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无法规划（悬停查看原因）</translation>
    </message>
    <message>
        <source>cannot be planned</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无法规划</translation>
    </message>
    <message>
        <source>smallest that fits</source>
        <translation>能放下的最小值</translation>
    </message>
    <message>
        <source>smallest fit</source>
        <translation>最小可行</translation>
    </message>
    <message>
        <source>largest that fits</source>
        <translation>能放下的最大值</translation>
    </message>
    <message>
        <source>largest fit</source>
        <translation>最大可行</translation>
    </message>
    <message>
        <source>usable memory per GPU</source>
        <translation>每个 GPU 的可用显存</translation>
    </message>
    <message>
        <source>usable memory</source>
        <translation>可用显存</translation>
    </message>
    <message>
        <source>Choose what to sweep and its values, then Run: each point is a full search</source>
        <translation>选择扫描项及其取值，然后点击“运行”：每个点都是一次完整搜索</translation>
    </message>
    <message>
        <source>Choose what to sweep, then Run</source>
        <translation>选择扫描项，然后点击“运行”</translation>
    </message>
    <message>
        <source>Across: %1 on a log scale. Each point is the best plan of a full search at that value.</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>横轴：%1（对数刻度）。每个点是该值下完整搜索得到的最佳方案。</translation>
    </message>
    <message>
        <source>Across: %1 (log scale)</source>
        <translation>横轴：%1（对数刻度）</translation>
    </message>
    <message>
        <source>usable %1</source>
        <translation>可用 %1</translation>
    </message>
    <message>
        <source>fits from %1</source>
        <translation>从 %1 起可放下</translation>
    </message>
    <message>
        <source>fits up to %1</source>
        <translation>最多到 %1 可放下</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>No pipeline schedule</source>
        <translation>无流水线调度</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B (%1 chunks per stage)</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>交错式 1F1B（每阶段 %1 个块）</translation>
    </message>
    <message>
        <source>%1, %2 stages, %3 micro-batches: the bubble is %4 % of the step</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1，%2 个阶段，%3 个微批次：气泡占训练步的 %4 %</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>forward pass</source>
        <translation>前向计算</translation>
    </message>
    <message>
        <source>later model chunks are lighter</source>
        <translation>靠后的模型块计算量更小</translation>
    </message>
    <message>
        <source>idle: the pipeline bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>空闲：流水线气泡</translation>
    </message>
    <message>
        <source>Zero bubble H1</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>零气泡 H1</translation>
    </message>
    <message>
        <source>Interleaved zero bubble (%1 chunks per stage)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>交错式零气泡（每阶段 %1 个块）</translation>
    </message>
    <message>
        <source>Zero bubble V (2 chunks per stage)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>零气泡 V（每阶段 2 个块）</translation>
    </message>
    <message>
        <source>No schedule</source>
        <translation>无调度</translation>
    </message>
    <message>
        <source>%1 stages, %2 micro-batches: bubble %3 %</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains. stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>%1 个阶段，%2 个微批次：气泡 %3 %</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>input gradients (B), with full recomputation</source>
        <translation>输入梯度（B），含完全重计算</translation>
    </message>
    <message>
        <source>input gradients (B)</source>
        <translation>输入梯度（B）</translation>
    </message>
    <message>
        <source>backward pass, with full recomputation</source>
        <translation>反向计算，含完全重计算</translation>
    </message>
    <message>
        <source>backward pass</source>
        <translation>反向计算</translation>
    </message>
    <message>
        <source>input gradients (B), with selective recomputation</source>
        <translation>输入梯度（B），含选择性重计算</translation>
    </message>
    <message>
        <source>backward pass, with selective recomputation</source>
        <translation>反向计算，含选择性重计算</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>weight gradients (W), deferred into the bubble</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>权重梯度（W），推迟到气泡中计算</translation>
    </message>
    <message>
        <source>weight gradients (W)</source>
        <translation>权重梯度（W）</translation>
    </message>
    <message>
        <source>later chunks lighter</source>
        <translation>靠后的块更轻</translation>
    </message>
    <message>
        <source>warm-up and drain (shaded)</source>
        <translation>预热和排空（阴影）</translation>
    </message>
    <message>
        <source>warm-up, drain</source>
        <translation>预热、排空</translation>
    </message>
    <message>
        <source>idle (bubble)</source>
        <translatorcomment>bubble: the pipeline bubble, the time stages sit idle while the pipeline fills and drains.</translatorcomment>
        <translation>空闲（气泡）</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>steady state</source>
        <translation>稳定阶段</translation>
    </message>
    <message>
        <source>drain</source>
        <translation>排空</translation>
    </message>
    <message>
        <source>weight gradient (W)</source>
        <translation>权重梯度（W）</translation>
    </message>
    <message>
        <source>input gradient (B)</source>
        <translation>输入梯度（B）</translation>
    </message>
    <message>
        <source>%1 with recomputation</source>
        <translation>%1（含重计算）</translation>
    </message>
    <message>
        <source>%1 (chunk %2)</source>
        <translation>%1（块 %2）</translation>
    </message>
    <message>
        <source>Stage %1, micro-batch %2: %3
%4 ms to %5 ms (%6 ms), in the %7</source>
        <translatorcomment>stage: a pipeline stage (consecutive layers on one group of GPUs), except in 'ZeRO stage'.</translatorcomment>
        <translation>阶段 %1，微批次 %2：%3
%4 毫秒至 %5 毫秒（%6 毫秒），处于%7</translation>
    </message>
    <message>
        <source>%1 to %2 %3 of the step</source>
        <translation>步内 %1 至 %2 %3</translation>
    </message>
    <message>
        <source>time in the step (%1), zoomed to %2: double-click to show the whole step</source>
        <translation>步内时间（%1），已放大到 %2：双击显示整个步</translation>
    </message>
    <message>
        <source>time in the step (%1), zoomed: double-click to reset</source>
        <translation>步内时间（%1），已放大：双击复原</translation>
    </message>
    <message>
        <source>time (%1), zoomed</source>
        <translation>时间（%1），已放大</translation>
    </message>
    <message>
        <source>time from the start of the step (%1); the wheel zooms, dragging pans</source>
        <translation>从步开始起的时间（%1）；滚轮缩放，拖动平移</translation>
    </message>
    <message>
        <source>time from the start of the step (%1)</source>
        <translation>从步开始起的时间（%1）</translation>
    </message>
    <message>
        <source>time (%1)</source>
        <translation>时间（%1）</translation>
    </message>
</context>
<context>
    <name>ValidateCommand</name>
    <message>
        <source>Profile %1: %2</source>
        <translation>配置档 %1：%2</translation>
    </message>
    <message>
        <source>  %1: GEMM fraction %2, scale-up efficiency %3, scale-out efficiency %4, attention scale %5</source>
        <translation>  %1：GEMM 占比 %2，纵向扩展效率 %3，横向扩展效率 %4，注意力系数 %5</translation>
    </message>
    <message>
        <source>%1 %2 %3 %4 %5 %6 %7 %8</source>
        <translation>%1 %2 %3 %4 %5 %6 %7 %8</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>regime</source>
        <translation>工况</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>cv model</source>
        <translation>交叉验证-模型</translation>
    </message>
    <message>
        <source>cv source</source>
        <translation>交叉验证-来源</translation>
    </message>
    <message>
        <source>no plan: %1</source>
        <translatorcomment>plan: one parallel layout (TP/PP/DP, ZeRO, micro-batch...) evaluated by the search.</translatorcomment>
        <translation>无方案：%1</translation>
    </message>
    <message>
        <source>(not fitted: %1)</source>
        <translation>（未拟合：%1）</translation>
    </message>
    <message>
        <source>By regime (mean |error|; cross-validated: leave one model out, leave one source out):</source>
        <translation>按工况（平均 |误差|；交叉验证：留出一个模型，留出一个来源）：</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行数</translation>
    </message>
    <message>
        <source>fitted</source>
        <translation>已拟合</translation>
    </message>
    <message>
        <source>in-sample</source>
        <translation>样本内</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message numerus="yes">
        <source>Not evaluated (%n run(s)):</source>
        <translation><numerusform>未评估（%n 个运行）：</numerusform></translation>
    </message>
    <message>
        <source>Usage: shardscope validate [--profile NAME] [--json FILE] [--in-sample]

Predicts every measured training run of a software-stack profile with its published layout
pinned (docs/measured-runs.md) and prints predicted against measured step time, then the mean
error by regime (GPU family, dense or MoE, precision, sequence length): in-sample with the
committed constants, and cross-validated (the constants refitted without the run's model, and
without its source). Runs the program cannot evaluate are listed with the reason.

  --profile NAME   megatron-bridge (default), mcore-r0.8 or megatron-2021
  --json FILE      also write every run and regime as JSON (- for standard output)
  --in-sample      skip the cross-validation's refits
</source>
        <translation>用法：shardscope validate [--profile 名称] [--json 文件] [--in-sample]

以公布的布局（固定）预测某个软件栈配置档的每个实测训练运行（docs/measured-runs.md），
输出预测与实测的步时间，然后按工况（GPU 系列、稠密或 MoE、精度、序列长度）输出平均误差：
使用已提交常数的样本内误差，以及交叉验证误差（不含该运行的模型或来源重新拟合常数）。
程序无法评估的运行会连同原因一并列出。

  --profile 名称   megatron-bridge（默认）、mcore-r0.8 或 megatron-2021
  --json 文件      另将每个运行和工况写为 JSON（- 表示标准输出）
  --in-sample      跳过交叉验证的重新拟合
</translation>
    </message>
    <message>
        <source>shardscope validate: %1 needs a value</source>
        <translation>shardscope validate：%1 需要一个值</translation>
    </message>
    <message>
        <source>shardscope validate: unknown argument "%1"; see shardscope validate --help</source>
        <translation>shardscope validate：未知参数“%1”；参见 shardscope validate --help</translation>
    </message>
    <message>
        <source>shardscope validate: unknown profile "%1"; expected one of %2</source>
        <translation>shardscope validate：未知配置档“%1”；应为以下之一：%2</translation>
    </message>
    <message>
        <source>shardscope validate: %1</source>
        <translation>shardscope validate：%1</translation>
    </message>
    <message>
        <source>(memory over-counted: the run ran, but %1)</source>
        <translation>（显存高估：该运行实际成功，但 %1）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>%1: no such file, and not a bundled model</source>
        <translation>%1：文件不存在，也不是内置模型</translation>
    </message>
</context>
</TS>
