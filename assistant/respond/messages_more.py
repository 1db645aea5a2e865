"""Message templates of the answers (part 2: fit, cost, rent or buy, settings, help, explain,
and the engine's own messages).

key -> (English, Simplified Chinese), formatted by `assistant.i18n.t`.
"""

MESSAGES: dict[str, tuple[str, str]] = {
    # fit.py -------------------------------------------------------------------------------------
    "fit.mode_inference": ("inference", "推理"),
    "fit.mode_full_finetune": ("full fine-tuning (Adam, mixed precision)", "全参数微调（Adam，混合精度）"),
    "fit.mode_lora": ("LoRA fine-tuning", "LoRA 微调"),
    "fit.mode_qlora": ("QLoRA fine-tuning", "QLoRA 微调"),
    "fit.which_model": (
        'Which model? For example "will llama 3 70b fit on two 3090s?" or "a 13b model on a 4090".',
        "哪个模型？例如“两块3090能跑 llama 3 70b 吗？”或“4090 能跑 13b 的模型吗？”",
    ),
    "fit.sized_model": ("a {params}B model", "一个 {params}B 模型"),
    "fit.sized_note": (
        "A {params}B model is assumed to be shaped like {near} (layers, heads, KV heads).",
        "{params}B 模型按 {near} 的结构估算（层数、注意力头、KV 头）。",
    ),
    "fit.name_gpu": (
        'Name a GPU to check the fit, e.g. "on two 3090s".',
        "说出 GPU 型号我才能判断装不装得下，例如“两块3090”。",
    ),
    "fit.needs": (
        "{model} needs about {need} GB for {mode} at {prec}.",
        "{model} 以 {prec} 做{mode}大约需要 {need} GB 显存。",
    ),
    "fit.col_precision": ("precision", "精度"),
    "fit.method_full_finetune": ("full fine-tune (fp16)", "全参数微调（fp16）"),
    "fit.method_lora": ("LoRA (fp16 base)", "LoRA（fp16 底模）"),
    "fit.method_qlora": ("QLoRA (4-bit base)", "QLoRA（4 位底模）"),
    "fit.alternative": (
        " With {label} it fits: about {need} GB, {spare} GB to spare.",
        "改用 {label} 就装得下：约 {need} GB，还剩 {spare} GB。",
    ),
    "fit.col_total": ("total", "合计"),
    "fit.col_fits": ("fits on {capacity}", "{capacity} 装得下吗"),
    "fit.yes": ("yes", "能"),
    "fit.no": ("no", "不能"),
    "fit.headroom": (" ({headroom} GB/GPU)", "（每卡 {headroom} GB）"),
    "fit.title_all": ("GB, all GPUs together", "GB，所有 GPU 合计"),
    "fit.title_one": ("GB", "GB"),
    "fit.where_many": ("{n} x {gpu}", "{n} x {gpu}"),
    "fit.where_one": ("{a} {gpu}", "一块 {gpu}"),
    "fit.head_yes": (
        "Yes at {prec}, with about {spare} GB to spare on {where} ({total} GB)",
        "能，{prec} 下 {where}（共 {total} GB）还剩约 {spare} GB",
    ),
    "fit.shorter": (
        " {label} fits with training sequences of up to {seq} tokens.",
        "{label} 在训练序列不超过 {seq} token 时装得下。",
    ),
    "fit.shorter_context": (
        " At {prec} it fits with a context of up to {ctx} tokens.",
        "以 {prec} 运行、上下文不超过 {ctx} token 时装得下。",
    ),
    "fit.head_yes_train": (
        "Yes with {prec}, with about {spare} GB to spare on {where} ({total} GB)",
        "能，用 {prec}，{where}（共 {total} GB）还剩约 {spare} GB",
    ),
    "fit.head_not_at": ("; not at {precisions}.", "；{precisions} 下装不下。"),
    "fit.head_no_train": (
        "No: {model} needs about {need} GB for {mode}; {where} has {total} GB.{more}",
        "不能：{model} 做{mode}大约需要 {need} GB，{where} 只有 {total} GB。{more}",
    ),
    "fit.head_no": (
        "No: {model} needs about {need} GB at {prec} for {mode}; {where} has {total} GB.{more}",
        "不能：{model} 以 {prec} 做{mode}大约需要 {need} GB，{where} 只有 {total} GB。{more}",
    ),
    "fit.would_fit": (" It would fit on {count} of them.", "用 {count} 块就装得下。"),
    "fit.setup": ("{mode}, {setup}; the largest part is {dominant}.", "{mode}，{setup}；占用最大的是{dominant}。"),
    "fit.kv": (
        "{attention} attention keeps the KV cache at {kv} MB per token ({kv1k} MB per 1k tokens of context).",
        "{attention} 注意力让 KV 缓存只占每 token {kv} MB（每 1k token 上下文 {kv1k} MB）。",
    ),
    "fit.split": (" (layers split across GPUs over PCIe)", "（各层经 PCIe 分布在多块 GPU 上）"),
    "fit.speed": (
        "Speed at {prec}: about {decode} generating at batch {batch}{split}, {prefill} reading the prompt; "
        "{dominant} dominates (docs/model.md §llm).",
        "{prec} 下的速度：batch {batch} 时生成约 {decode}{split}，读取提示词约 {prefill}；瓶颈是{dominant}（docs/model.md §llm）。",
    ),
    "fit.rule_yes": ("Yes: {memory} GB meets the reference rule: {rule}.", "够：{memory} GB 满足经验法则：{rule}。"),
    "fit.rule_no": (
        "Not comfortably: {memory} GB is under {floor} GB: {rule}.",
        "不太够：{memory} GB 低于 {floor} GB。{rule}。",
    ),
    "fit.rule_step": (
        'Name a model for an exact estimate, e.g. "will llama 3 8b fit in 12 GB?"; small models fit in less, '
        "large ones need more, and quantisation or LoRA lowers the need.",
        "说出具体模型我能精确估算，例如“12GB显存能跑 llama 3 8b 吗”；小模型需要的更少，大模型更多，量化或 LoRA 能降低显存需求。",
    ),
    "fit.head_speed": (
        "{model} generates about {decode} on {where} at {prec} (batch {batch}) and reads prompts at about {prefill}; "
        "it fits with {spare} GB to spare (estimated; docs/model.md §llm).",
        "{model} 在 {where} 上以 {prec} 运行，生成速度约 {decode}（batch {batch}），读取提示词约 {prefill}；显存还剩 {spare} GB（估算，docs/model.md §llm）。",
    ),
    "fit.offload": (
        "Unloading the text encoders ({gb} GB) once the prompt is encoded, as ComfyUI and diffusers' CPU offload "
        "do, lowers the peak to about {peak} GB.",
        "提示词编码后卸载文本编码器（{gb} GB），像 ComfyUI 和 diffusers 的 CPU offload 那样，峰值可降到约 {peak} GB。",
    ),
    "fit.expect": (" Expect about {decode} when generating.", "生成速度约 {decode}。"),
    # cost.py ------------------------------------------------------------------------------------
    "cost.hours_week": ("{hours} hours a week", "每周 {hours} 小时"),
    "cost.utilization": ("{util} % utilization", "利用率 {util} %"),
    "cost.need_model_size": ("the model size", "模型大小"),
    "cost.need_tokens": ("the number of training tokens", "训练 token 数"),
    "cost.need_gpu": ("a GPU", "GPU 型号"),
    "cost.run_missing": (
        'For a training-run cost I need {missing}, e.g. "cost to train a 7b model on 1T tokens on 8 H100s".',
        "算一次训练的成本我还需要{missing}，例如“用8块H100训练7b模型1T token要多少钱”。",
    ),
    "cost.run_head": (
        "Training {params}B parameters on {tokens}B tokens takes about {flops} FLOPs: {days} days on "
        "{where} at {mfu} % of the 16-bit tensor peak",
        "用 {tokens}B token 训练 {params}B 参数约需 {flops} FLOPs：{where} 按 16 位张量峰值的 {mfu} % 计算，需 {days} 天",
    ),
    "cost.run_rent": (
        "; renting costs about {money} ({provider}, {rate}/GPU-hour).",
        "；租用约 {money}（{provider}，每 GPU 小时 {rate}）。",
    ),
    "cost.run_end": (".", "。"),
    "cost.col_value": ("value", "数值"),
    "cost.row_flops": ("training FLOPs (6 x params x tokens)", "训练 FLOPs（6 x 参数 x token）"),
    "cost.row_peak": ("dense 16-bit peak per GPU", "每卡 16 位稠密峰值"),
    "cost.row_gpu_hours": ("GPU-hours", "GPU 小时"),
    "cost.row_wall": ("wall-clock", "实际耗时"),
    "cost.days": ("{days} days", "{days} 天"),
    "cost.row_owned": ("electricity if owned", "自有卡的电费"),
    "cost.row_cloud": ("cloud cost", "云上费用"),
    "cost.no_cloud": ("no cloud rate", "无云上报价"),
    "cost.mfu": (
        "Model FLOPs utilization {mfu} % is an assumption (docs/model.md §cost.training); the reference reports 45-65 % tensor-core utilization even at GPT-3 scale.",
        "算力利用率（MFU）{mfu} % 是假设值（docs/model.md §cost.training）；参考文章称即使是 GPT-3 规模的训练，张量核心利用率也只有 45-65 %。",
    ),
    "cost.which_gpu": (
        'Which GPU? For example "electricity cost of a 4090" or "total cost of two 3090s over 3 years".',
        "哪块 GPU？例如“4090 一年电费多少”或“两块3090用3年总成本多少”。",
    ),
    "cost.row_power": ("power", "功耗"),
    "cost.row_elec_year": ("electricity per year", "每年电费"),
    "cost.row_elec_total": ("electricity over {years} years", "{years} 年电费"),
    "cost.row_price": ("GPU price", "显卡价格"),
    "cost.row_base": ("desktop base", "整机其余部分"),
    "cost.row_total": ("GPU + electricity over {years} years", "{years} 年显卡 + 电费"),
    "cost.row_with_desktop": ("with the desktop, over {years} years", "连同整机，{years} 年"),
    "cost.no_price": ("no price", "无价格"),
    "cost.it": ("it", "它"),
    "cost.them": ("them", "它们"),
    "cost.head_running": (
        "{gpu}: Running {pronoun} costs about {money} a year in electricity: {watts} W x {share} % of "
        "8,760 h x {kwh}/kWh.",
        "{gpu}：电费每年约 {money}：{watts} W x 8,760 h 的 {share} % x {kwh}/kWh。",
    ),
    "cost.head_no_price": (
        "{gpu}: electricity about {money} a year; no price in the '{snapshot}' snapshot for the total.",
        "{gpu}：电费每年约 {money}；「{snapshot}」价格快照里没有它的价格，算不出总成本。",
    ),
    "cost.head_tco": (
        "Owning {what} for {years} years costs about {total}: {purchase} for the {cards} and {electricity} "
        "of electricity ({with_desktop} counting a {desktop} desktop around it).",
        "{what} 用 {years} 年总成本约 {total}：显卡 {purchase}，电费 {electricity}（连同 {desktop} 的整机其余部分共 {with_desktop}）。",
    ),
    "cost.standing": (
        " It ranks {place} of {n} NVIDIA GPUs priced here for {title} value; the best is the {best} ({value}).",
        "在这里有价格的 {n} 块 NVIDIA 显卡中，它的{title}性价比排第 {place}；最好的是 {best}（{value}）。",
    ),
    "cost.standing_first": (
        " It is the best {title} value of the {n} NVIDIA GPUs priced here.",
        "在这里有价格的 {n} 块 NVIDIA 显卡中，它的{title}性价比最高。",
    ),
    "cost.run_memory": (
        "Training every weight needs about {need} GB (Adam, mixed precision, gradient checkpointing) and these "
        "GPUs have {total} GB: it takes {gpus} of them with ZeRO-3, or LoRA/QLoRA, which trains far fewer weights.",
        "训练全部权重约需 {need} GB（Adam、混合精度、梯度检查点），这些 GPU 只有 {total} GB：要用 ZeRO-3 的话需要 {gpus} 块，"
        "或者改用只训练少量权重的 LoRA/QLoRA。",
    ),
    "cost.head_value": (
        " That is {value} relative speed per $1,000 (RTX 3090 = 1).",
        "相当于每 1,000 美元 {value} 的相对速度（RTX 3090 = 1）。",
    ),
    "cost.electricity_step": (
        "Electricity counts the GPU's board power ({watts} W) at {usage}; a whole system adds the CPU and "
        "the rest (about 100 W more in the reference's 2020 example).",
        "电费只按 GPU 整卡功耗（{watts} W）、{usage}计算；整机还要加上 CPU 等部件（参考文章 2020 年的例子里约多 100 W）。",
    ),
    # rent.py ------------------------------------------------------------------------------------
    "rent.hours_week": ("{hours} hours a week", "每周 {hours} 小时"),
    "rent.utilization": ("{util} % utilization ({hours} hours a week)", "利用率 {util} %（每周 {hours} 小时）"),
    "rent.days": ("{n} days", "{n} 天"),
    "rent.months": ("{n} months", "{n} 个月"),
    "rent.years": ("{n} years", "{n} 年"),
    "rent.which_gpu": (
        'Which GPU would you rent or buy? For example "rent or buy a 4090 for 10 hours a week?"',
        "你想租还是买哪块 GPU？例如“每周用10小时，4090 租还是买？”",
    ),
    "rent.cannot": (
        "I cannot compare renting and buying the {gpu}: {missing} for it in my data.",
        "没法比较 {gpu} 租和买：我的数据里{missing}。",
    ),
    "rent.no_rate": ("no cloud rate", "没有它的云上报价"),
    "rent.no_price": ("no price in the '{snapshot}' snapshot", "「{snapshot}」价格快照里没有它的价格"),
    "rent.siblings": (
        "Variants I do have it for: {gpus} (ask about one of them).",
        "同系列里有数据的型号：{gpus}（可以换成其中之一再问）。",
    ),
    "rent.covered": ("Cloud rates cover: {gpus}, ...", "有云上报价的 GPU：{gpus} 等"),
    "rent.count_one": ("{a} ", "一块 "),
    "rent.count_many": ("{n} x ", "{n} x "),
    "rent.head_never": (
        "Rent: at {rate}/hour the cloud is cheaper than the electricity of owning {what}.",
        "租：每小时 {rate} 的云价格比自己买{what}的电费还便宜。",
    ),
    "rent.head_buy": (
        "Buy, if you will keep it for more than {duration}: at {usage}, owning {what} breaks even "
        "after about {hours} hours of use.",
        "买，前提是你会用超过 {duration}：按{usage}，买{what}大约用 {hours} 小时后回本。",
    ),
    "rent.head_rent": (
        "Rent: at {usage}, buying {what} only pays off after {hours} hours of use, about {duration} — "
        "longer than {horizon}.",
        "租：按{usage}，买{what}要用 {hours} 小时才回本，约 {duration}，超过了 {horizon}。",
    ),
    "rent.col_rent": ("rent", "租"),
    "rent.col_buy": ("buy", "买"),
    "rent.row_upfront": ("up front", "前期投入"),
    "rent.upfront_buy": ("{buy} ({price} x {n} + {desktop} desktop)", "{buy}（{price} x {n} + 整机 {desktop}）"),
    "rent.row_hour": ("per hour of use", "每使用 1 小时"),
    "rent.hour_rent": ("{rate} ({provider}, {observed})", "{rate}（{provider}，{observed}）"),
    "rent.hour_own": ("{cost} electricity ({watts} W)", "电费 {cost}（{watts} W）"),
    "rent.row_month": ("per month at {hours} h/week", "每月（每周 {hours} 小时）"),
    "rent.break_even": (
        "Break-even = purchase / (rent per hour - own electricity per hour) = {buy} / ({rent} - {own}) = "
        "{hours} hours (docs/model.md §cost.breakeven).",
        "回本点 = 购置成本 / (每小时租金 - 自有每小时电费) = {buy} / ({rent} - {own}) = {hours} 小时（docs/model.md §cost.breakeven）。",
    ),
    "rent.never": (
        "Owning never catches up: the hourly rent is below the electricity cost.",
        "买了永远回不了本：每小时租金比电费还低。",
    ),
    "rent.spot": (
        "With spot instances ({provider}, {rate}/hour) the break-even moves to {then}",
        "用竞价实例（{provider}，每小时 {rate}），回本点变为{then}",
    ),
    "rent.spot_never": ("never.", "永不回本。"),
    "rent.spot_hours": ("{hours} hours ({duration}).", " {hours} 小时（{duration}）。"),
    "rent.own_desktop": (
        "If you already own a desktop to put it in: {hours} hours ({duration}).",
        "如果你已经有能装它的台式机：{hours} 小时（{duration}）。",
    ),
    "rent.rule": (
        "The reference's rule: for more than about a year of deep learning, a desktop is cheaper; for sporadic use "
        "(a few hours every few days) rent.",
        "参考文章的经验：做一年以上的深度学习，自己配台式机更便宜；偶尔用（每隔几天用几个小时）就租。",
    ),
    "rent.chart": ("Cumulative cost: renting vs buying", "累计成本：租 vs 买"),
    "rent.weeks": ("weeks", "周"),
    # settings.py --------------------------------------------------------------------------------
    "set.label.electricity_usd_per_kwh": ("electricity price", "电价"),
    "set.label.utilization": ("utilization", "利用率"),
    "set.label.years": ("ownership period", "使用年限"),
    "set.label.budget_usd": ("budget", "预算"),
    "set.label.condition": ("condition", "新旧"),
    "set.label.snapshot": ("price snapshot", "价格快照"),
    "set.label.currency": ("currency", "货币"),
    "set.label.cny_per_usd": ("exchange rate", "汇率"),
    "set.range.electricity_usd_per_kwh": (
        "an electricity price between $0 and $5 per kWh",
        "0 到 5 美元/kWh 之间的电价",
    ),
    "set.range.utilization": ("a utilization between 0 and 100 %", "0 到 100 % 之间的利用率"),
    "set.range.years": ("an ownership period between 0.1 and 30 years", "0.1 到 30 年之间的使用年限"),
    "set.range.budget_usd": ("a positive budget", "一个正数预算"),
    "set.range.cny_per_usd": (
        "an exchange rate between 0.1 and 100 CNY per USD",
        "0.1 到 100 之间的汇率（1 美元兑人民币）",
    ),
    "set.none": ("none", "无"),
    "set.new_or_used": ("new or used", "全新或二手"),
    "set.years": ("{years} years", "{years} 年"),
    "set.rate": ("{rate} CNY per USD", "1 美元 = {rate} 元"),
    "set.kwh": ("{money}/kWh", "{money}/kWh"),
    "set.bad_range": ("{label}: I need {words}, not {value}.", "{label}：需要{words}，不能是 {value}。"),
    "set.bad_snapshot": (
        "there is no price snapshot '{value}' (known: {known}).",
        "没有价格快照「{value}」（现有：{known}）。",
    ),
    "set.bad_condition": ("condition must be new or used, not {value}.", "新旧只能是全新或二手，不能是 {value}。"),
    "set.bad_currency": ("I can show USD or CNY, not {value}.", "只能用 USD 或 CNY 显示，不能用 {value}。"),
    "set.bad_override": (
        'a price override needs a GPU and a positive price, e.g. "the 4080 costs $999".',
        "改价格需要 GPU 型号和一个正数价格，例如“4080 价格7000元”。",
    ),
    "set.no_rate": (
        'there is no CNY exchange rate in knowledge/exchange_rates.csv; say one, e.g. "exchange rate 7.2".',
        "knowledge/exchange_rates.csv 里没有人民币汇率；请告诉我一个，例如“汇率7.2”。",
    ),
    "set.unchanged": ("I did not change anything: {problems}", "什么都没改：{problems}"),
    "set.reset": (
        "All assumptions are back to their defaults ({years} years, {util} % utilization, {kwh}/kWh, {snapshot} prices).",
        "所有假设已恢复默认（{years} 年、利用率 {util} %、{kwh}/kWh、{snapshot} 价格）。",
    ),
    "set.override": (
        "The {gpu} now costs {money} ({cond}) in my answers{saved}.",
        "之后的回答里 {gpu} 按 {money}（{cond}）计算{saved}。",
    ),
    "set.saved": ("; this price is saved for later sessions too", "；这个价格也会保存，以后的会话同样有效"),
    "set.changed": ("{label}: {old} -> {new}.", "{label}：{old} -> {new}。"),
    "set.converted": ("({cny} = {usd} at {rate} CNY per USD)", "（按 1 美元 = {rate} 元，{cny} = {usd}）"),
    "set.in_cny": ("Amounts are now shown in CNY: {rate}.", "金额改用人民币显示：{rate}。"),
    # help.py ------------------------------------------------------------------------------------
    "help.head": (
        "Ask me which GPU to buy or rent for deep learning, and why. Plain words work.",
        "问我做深度学习该买或租哪块 GPU、为什么。直接用大白话问就行。",
    ),
    "help.col_topic": ("You can ask about", "可以问"),
    "help.col_examples": ("for example", "例如"),
    "help.followups": (
        'Follow-ups work: "and the 3090?", "what about for training?", "what about two of them?".',
        "可以接着追问：“那3090呢？”、“训练的话呢？”、“两块呢？”。",
    ),
    "help.assumptions": (
        'Every number shows its assumptions and sources; change an assumption by saying it ("assume 3 years").',
        "每个数字都附带假设和来源；直接说出来就能改假设（“按3年算”、“电价0.6元一度”、“用人民币”）。",
    ),
    # explain.py ---------------------------------------------------------------------------------
    "explain.unknown": (
        'I have no explanation of "{mention}". I can explain: {known}, ...',
        "我没有关于“{mention}”的解释。我能解释：{known} 等。",
    ),
    "explain.related": ("Related: {items}", "相关：{items}"),
    # engine.py (for the engine's own messages) ---------------------------------------------------
    "engine.failed": (
        "Sorry, I failed to answer that ({error}). Please rephrase it.",
        "抱歉，这个问题我没答上来（{error}）。请换个说法再问。",
    ),
    "engine.not_understood": (
        'I did not understand that question.{got} Try, for example: "why 4070 Ti over 4080?", '
        '"will llama 3 70b fit on two 3090s?", "best GPU under $1500 for training", or "help".',
        "我没看懂这个问题。{got}可以这样问：“4070 Ti 和 4080 哪个性价比高？”、“两块3090能跑 llama 3 70b 吗？”、"
        "“预算1万元训练用什么显卡”，或者输入“帮助”。",
    ),
    "engine.recognised": (" I recognised: {items}.", "我识别出了：{items}。"),
    "engine.assumed": (
        '"{mention}": assuming the {name}; name another variant to change it.',
        "“{mention}”：按 {name} 假设；要换成别的版本请直接说出型号。",
    ),
    "dialogue.no_referent": (
        'I don\'t know what "{mention}" refers to yet: name a GPU, e.g. "how much memory does the RTX 4090 have?"',
        "我还不知道“{mention}”指的是哪块显卡：请说出型号，例如“4090 有多少显存？”",
    ),
    "dialogue.no_variant": ('I know no "{mention}" version of the {base}.', "我不知道 {base} 有“{mention}”这个版本。"),
    "money.no_rate": (
        "I have no dated {currency} exchange rate, so I cannot convert that amount: give it in US dollars or "
        "in yuan (CNY).",
        "我没有带日期的 {currency} 汇率，无法换算这个金额：请用美元或人民币给出。",
    ),
    "rent.other_gpu": (
        "Renting means a {rented} ({provider}), as you asked; buying means the {bought}, which is about {ratio}x "
        "the {rented} for 16-bit training, so an hour of each is not the same work.",
        "按你说的，租的是 {rented}（{provider}），买的是 {bought}；{bought} 的 16 位训练速度约为 {rented} 的 {ratio} 倍，两者每小时完成的工作量并不相同。",
    ),
    "dialogue.which_second": (
        'Compare the {gpu} with which GPU? (e.g. "{gpu} vs RTX 3090")',
        "要把 {gpu} 和哪块显卡比较？（例如“{gpu} 和 RTX 3090”）",
    ),
    "help.welcome": (
        'You\'re welcome. Ask me anything else about GPUs for deep learning, or "help" for examples.',
        "不客气。还有关于深度学习显卡的问题随时问我，输入“帮助”可以看例子。",
    ),
}
