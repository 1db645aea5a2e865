"""The intent readers: one module per intent, tried in ONE order, the first claim wins.

Contract: every reader is a function `(Reading) -> Query | Clarification | None`; None means
"not mine". `read(reading)` tries `READERS` in order and returns the first claim (the last
reader, `unknown.read`, always claims), with the settings a question of another intent states along
the way in `Query.settings` (`settings.stated_in`). A module may register more than one reader (a narrow
claim early, a broad one late: `spec.of_several` must precede comparisons, `spec.read` takes
whatever names a GPU once everything else declined).

To add an intent: write `assistant/nlu/intents/<intent>.py` with `read(r: Reading)` building
its Query (add the Query class to assistant/queries.py and a responder in assistant/respond/),
then add ONE line to `READERS` below, where its claim belongs in the order. See docs/nlu.md. A reader whose first
guards need tag kinds or lexicon lists declares them (`@needs`, nlu/reader_needs.py): it is tried only on questions
that have them.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu import concept_route, first_ask, inverse_form, machine_count, rent_spend
from assistant.nlu.asked_currency import asked_currency
from assistant.nlu.card_rates import card_rates, job_of
from assistant.nlu.hosting_fee import hosting_fee
from assistant.nlu.intents import (
    added_cards,
    afford,
    arch_cues,
    asked,
    board_fit,
    buy_price,
    card_install,
    card_size,
    card_topic,
    cloud_choice,
    compare,
    concept_asked,
    concept_cues,
    cost,
    currency_ask,
    deal,
    embed_job,
    explain,
    fit,
    followup,
    followup_cards,
    followup_costs,
    help,
    job_speed,
    lists,
    oem_pc,
    power_limit,
    price_why,
    rates,
    recommend,
    rent_budget,
    rent_or_buy,
    rent_pick,
    rent_plan,
    reputation,
    resale,
    rig,
    scaling,
    sell_keep,
    serve_rent,
    settings,
    setup_cues,
    spec,
    speech_rent,
    speed_cues,
    symptom_cues,
    thread_asks,
    thread_device,
    thread_short,
    unknown,
    upgrade_path,
    variant_worth,
    verdict,
    video,
    vision_infer,
    vram_need,
)
from assistant.nlu.precision_ask import format_alone
from assistant.nlu.price_gap import price_gap
from assistant.nlu.reader_needs import NEEDS, met, needs
from assistant.nlu.reading import Reading
from assistant.queries import Clarification, CompareQuery, CostQuery, FitQuery, Query, RatesQuery, SpecQuery
from assistant.query_talk import ExplainQuery, SetQuery

# The order is the precedence: courtesy and commands, then concept questions, ellipsis and
# settings typed alone, then the question intents from the most specific to the broadest.
READERS = (
    help.thanks,  # "thanks!", "谢谢"
    currency_ask.unrated,  # "cost in pln?", "4000 pln": no exchange rate on record for it, said
    settings.keep_or_forget,  # "forget the 4090 price", "clear my prices", "remember this", "yes, really"
    oem_pc.read,  # "will a 3090 ti work in my old dell optiplex 7050": a card in a prebuilt, its PSU
    setup_cues.topic,  # "雷电4外接显卡坞会慢多少", "do the transient spikes trip it": a part of the set-up, its concept
    vram_need.read,  # "how much vram do i need for llms", "跑大模型需要多大显存": common sizes' memory
    video.read,  # "how much vram does hunyuanvideo need", "can a 4090 run wan 2.1" (names the tagger does not know)
    embed_job.read,  # "how long to embed 5M docs with bge-large on a 4090", "20万篇文档做embedding 要跑多久"
    speech_rent.transcription_rented,  # "whisper cost per audio hour on a rented 4090": the rent of an hour of audio
    job_speed.transcription,  # "whisper on a 3060, how many hours of audio per hour", "transcribe 200 h on a 4090"
    followup_costs.clip_time,  # "how long would a 5s 720p clip take on that": the video model talked about
    job_speed.transcription_followup,  # "一小时能转多少小时音频" after a Whisper answer: its speed
    job_speed.images_made,  # "4070 super跑sdxl 30步 一小时能出多少张": images made in a time, never an hour's rent
    vision_infer.vision_inference,  # "can a 3060 run yolov8 at 1080p in real time": its frames per second
    job_speed.vision_training,  # "3060 12g 训yolov8s 一万张图 100个epoch 大概多久": its training time
    job_speed.spill,  # "how much slower when half of a 70b q4 spills into ddr4 next to my 4090": RAM against VRAM
    rig.psu_of_thread,  # "电源要多大", "what psu do i need": the power supply of the cards talked about
    rig.psu_for_draw,  # "显卡功耗450w 电源850w够不够": a card's stated draw, no GPU named
    board_fit.of_thread,  # "will my b550 board and a mid tower handle two": that many of the thread's card in them
    added_cards.read,  # "i own a 4090 and want to add a second card, what psu": the owned card and the added ones
    followup.output_rate,  # "how many images per hour": the speed of what was talked about (no tag needed)
    followup_costs.deadline_set,  # "what if i only have 48 hours to finish", "两天内要跑完": the job, in time
    followup.precision_asked,  # "at what quant", "用什么量化": the fit talked about, every precision weighed
    thread_asks.upgrade_to_what,  # "to what", "换成啥" after a question about the user's own card: the upgrade pick
    thread_asks.upgrade_to_size,  # "想升级 加多少钱能上24g": the upgrades over the user's card with that memory
    thread_asks.kv_q8_alone,  # "kv cache 开 q8 呢" after a model on a card: that fit with an 8-bit KV cache
    thread_asks.count_alone,  # "how many do i need", "要几张" after a model on a card: how many of the card hold it
    thread_asks.needs_of_thread,  # "what would i need for that", "那需要什么配置": what to get for the thread's work
    thread_asks.why_vendor,  # "why nvidia?", "为什么选n卡": the why of a pick between makers (else AMD in practice)
    thread_asks.system_ram_alone,  # "加到32g内存有用吗": the fit talked about with that system RAM
    thread_asks.fix_alone,  # "what settings should i change" after a fit: the settings that make it fit
    thread_asks.fair_price,  # "what's a fair price", "多少钱收合适": what the card talked about goes for
    thread_short.budget_raise_alone,  # "i can stretch to 1500", "bump it to 2k" after a pick: the budget set
    thread_short.rent_need_alone,  # "what would i need to rent for that": the cheapest rented set for the job
    thread_short.provider_alone,  # "which provider", "哪家": the rent of what was talked about
    thread_short.reaction_alone,  # "that bad huh", "这么差吗": a verdict on the card talked about, for its work
    thread_short.variant_size_alone,  # "oh its the 12gb one", "我的是12g的": the sibling of that size
    thread_short.os_alone,  # "what about on windows", "windows呢": the software of the card on that system
    thread_short.models_alone,  # "like which models", "比如哪些模型": what the card talked about runs
    thread_short.added_card,  # "would adding my old 3060 help": that card added to the set talked about
    thread_short.gpu_hours_alone,  # "how many h100 hours is that": the job's time on one of that card
    thread_short.cpu_alone,  # "cpu is a 9950x btw": the last question again with that CPU
    thread_short.lean_other,  # "有没有更省电的替代": the pick besides the card talked about, by the least power
    thread_short.count_period_cost,  # "8张跑满一周要花多少" after a rent: that many for the period
    thread_short.users_speed,  # "throughput for ~30 concurrent users?": the fit talked about at that many at once
    thread_short.card_of_answer,  # "what gpu is in that", "里面用的什么显卡": the card of the answer talked about
    thread_short.condition_alone,  # "is that new or used", "新的还是二手的": the price of the card talked about
    thread_short.break_even_use,  # "how many hours a month before buying wins": the rent or buy, its break-even use
    thread_short.platform_of_cards,  # "what mobo supports two of them": a build of that many, its platform first
    thread_short.gap_worth,  # "差价值得吗", "worth the extra?": the last two cards, the dearer one worth it or not
    unknown.closed_model,  # "可灵能本地部署吗", "can i run suno on my 3090": a hosted model runs on no GPU of one's own
    thread_short.that_on_card,  # "can we just do that on a 4090": the thread's job (or the size said) on that card
    followup_costs.cost_of_that,  # "how much would that cost", "那要多少钱": the rent after a rental, else the price
    followup.sale_alone,  # "say i get 420 for it", "if i could sell it for 450": what the user's card sells for
    followup_costs.hours_priced,  # "跑50小时多少钱", "how much for 50 hours": that many hours of what was talked about
    followup_costs.hours_alone,  # "need about 200 hours", "要跑200小时": hours said alone (a rent's hours after a rate)
    followup_costs.time_alone,  # "how long?", "要多久": the time of what was talked about (no tag needed)
    thread_device.total_alone,  # "total bill?", "whats the total?": the money of what was just talked about
    arch_cues.architecture,  # "does cuda still support pascal", "安培架构还能用几年": an architecture (may tag nothing)
    arch_cues.card_years,  # "4090能用几年", "3090还能战几年": that card's architecture's support and years
    thread_asks.upgrade_untagged,  # "要不要升级": the upgrades over the thread's card (not "not understood")
    thread_asks.risks_alone,  # "有啥风险", "any risks?" after a card or an offer: its catches
    thread_asks.precisions_weighed,  # "fp8 or q4 on it?" after a model on a card: both formats on it
    unknown.empty,  # nothing tagged
    recommend.class_pick,  # "passive datacenter gpu for a rack server", "要计算卡 不要游戏卡": that class ranked
    power_limit.capped,  # "cap my 4090 at 300w, how much slower": the card's power limit, not a circuit's cap
    asked.cap,  # "landlord caps me at 300 kwh a month, will a 3090 ... blow it", "宿舍限电800w 4090会跳闸吗": the limit
    asked.share,  # "$212 electric bill ..., how much of that bill is the pc": the cards' part of the bill stated
    asked.fit_priced,  # "can 4x used 3090 run llama 3.3 70b q4, and what would the whole thing cost": the fit, priced
    asked.runs_rent,  # "8 runs of 12 hrs each on an 8xh100 node at $2.40/gpu-hr, total?": runs x hours rented
    asked.rent_period,  # "autodl上a100 80g一小时多少钱 连续跑一周要多少": the rent for the week, not one hour
    asked.two_costs,  # "spot $0.80/h or on-demand $1.60/h for a 40 hour job, how much each", "峰电0.9 谷电0.3 省多少"
    settings.reset,  # "reset", "恢复默认"
    unknown.hosted_service,  # "what gpu does chatgpt run on": not in the knowledge, said so
    unknown.out_of_scope,  # "should i buy nvidia stock", "英伟达股票能买吗": shares and investing, said out of scope
    concept_cues.cpu_bottleneck,  # "will a 3090 bottleneck with a ryzen 5 3600": the CPU beside the GPUs
    concept_cues.cloud_trust,  # "is vast.ai reliable", "how reliable are vast hosts": the marketplace concept, not help
    help.about,  # "how do i set my budget", "where do your prices come from", "which gpus do you know"
    help.read,  # "help", "what can you do"
    rent_budget.read,  # "i have $2000 a month for cloud, what can i rent for training": the hours it rents
    rent_plan.read,  # "autodl 4090 按量和包月哪个划算 每天用6小时": a period plan against paying by the hour
    rig.wall_cap,  # "光伏每天能多出12度电 够4090训练10小时吗": a day's solar energy against the build's
    fit.settings_fix,  # "out of memory on my 4070 training an sdxl lora at batch 4, what do i change": the settings
    upgrade_path.add_to_owned,  # "i have a 2080 ti, which card should i add for 72b": the second card picked
    upgrade_path.two_ways,  # "upgrade to a 5060 ti 16gb or add a second card next to it?": the two ways up
    upgrade_path.new_card,  # "主机是b450+5600+650w电源+3060 想上5080 要换哪些": the new card in the owned machine
    upgrade_path.for_job,  # "rig: 5800x3d, 750w psu, 3070. want to run 70b. what do i have to change"
    sell_keep.read,  # "keep my 4090 or sell it now for $1,800", "手里4090 闲鱼能出1.6万 要不要卖了换5090"
    card_size.read,  # "will a 4090 fit in a fractal north, 355mm clearance", "限长320 4080能装吗": the board's size
    card_install.read,  # "can i put an a100 pcie in a normal gaming pc", "p40插家用电脑能用吗": what it takes
    variant_worth.read,  # "is the 16gb 4060 ti worth the extra over the 8gb": the two sizes, worth asked
    resale.own_card_price,  # "旧卡能卖多少", "how much can i sell my old card for": the user's card, used
    resale.read,  # "二手3090 6000块 用两年再卖掉 每月成本多少": owning it net of selling it (before offers / prices)
    afford.read,  # "is $1000 enough for a 4090", "预算一万 能买4090吗": a budget against the card's prices
    speed_cues.speed_check_priced,  # "got a p40 for $200, ... getting like 8 t/s, is that normal": the speed asked
    deal.read,  # "used 3090 for $650 a good deal?", "二手4090一万三能收吗": an offer weighed, not a price setting
    deal.rate_quote,  # "tensordock quoted me $0.35/hr for a 4090, good price?": an hourly rent weighed
    power_limit.read,  # "power-limit my 3090 to 250 w, how much do i lose", "what if i power limit it to 300w"
    fit.system_ram,  # "how much ram do i need for a 70b gguf with a 12gb card": system RAM beside the GPUs
    rig.ram_for_cards,  # "is 64gb ram enough for 2 3090s": the RAM a machine of those cards wants, no model
    rig.ram_alone,  # "do i need 64gb ram for local llms": system RAM with no card or model, the concept
    thread_asks.goes_for,  # "what do used a6000s go for": their street price, not a recommendation
    thread_asks.runs_that_cant,  # "what can it run that my 3070 can't": the thread's card against that one
    thread_asks.mixed_with_thread,  # "第二张买4090混着用行不行": that card beside the thread's card, the model on both
    fit.mixed_set,  # "can i mix a 3090 and a 4090 in one rig", "3090加一张3060能跑70b吗": different GPUs as one set
    verdict.free_tier,  # "is a gpu even worth it or should i stick to kaggle's free T4s", "毕设 用不用买显卡"
    verdict.wait_alone,  # "should i buy now or wait for the 50 super refresh": no card known named, what can't be known
    verdict.own_or_rent,  # "用笔记本3060够吗 还是租卡": the user's card for the work, renting when it does not do
    recommend.series,  # "is the 40 series worth it for ai", "best 30 series card": across the family's cards
    explain.quant_quality,  # "int4 vs fp8 quality difference for 70b": what a precision costs, not a memory fit
    concept_cues.formats_compared,  # "q6_k vs q8_0, worth the extra size?": what each format is, costs, takes
    concept_cues.model_concept,  # "does gqa cut vram", "lora rank 8 vs 64 vram": from the model's shape
    concept_cues.distill_asked,  # "满血r1和蒸馏版有什么区别", "full r1 vs the distills": what a distill is, its numbers
    concept_cues.wear_asked,  # "显卡一直满载跑训练伤卡吗": whether heavy use wears a card, not the hours as a setting
    symptom_cues.eval_rates,  # "prompt eval 412 tokens/s ... eval 18.5 tokens/s": what each speed is
    symptom_cues.prompt_wait,  # "why does my m2 max chew forever on a long prompt": prefill is compute-bound
    symptom_cues.offload_log,  # "offloaded 33/81 layers to GPU ... how slow": that split, in tokens/s
    symptom_cues.oom_line,  # "CUDA out of memory. Tried to allocate 2.00 GiB (...)": the line's own figures
    symptom_cues.gpu_unseen,  # "torch.cuda.is_available() False", "no kernel image": the usual four causes
    symptom_cues.power_by_use,  # "3090 watts inference vs training": one card in two uses, not two cards
    symptom_cues.vllm_log,  # "Maximum concurrency for 8192 tokens per request: 3.41x": vLLM's KV cache lines
    concept_asked.read,  # "bytes per parameter at fp16 ... for a 32b model", "tp vs pp for a 70b": the fact asked
    speed_cues.speed_check,  # "why is my 4090 only getting 8 tok/s on 70b q4": measured against expected, causes
    reputation.read,  # "why does everyone hate the 4060 ti", "4060ti 16g为什么被骂": against its predecessor
    concept_cues.slow_card,  # "why is a 4060 ti 16gb so slow for llms": its bandwidth against a reference card
    speed_cues.offload_speed,  # "显存不够 模型放内存里跑会慢多少": RAM against VRAM, in tokens/s
    concept_cues.trouble,  # "getting OOM with batch size 8 on my 3090": the problem's causes and fixes
    speed_cues.speed_bound,  # "tokens per second: bandwidth or compute?": decode vs prefill, in numbers
    concept_cues.why_memory,  # "why does a 7b model need 100+gb to fully finetune": the parts per parameter
    speed_cues.quant_speed,  # "why is q4 faster than fp16": fewer bytes read per token
    speed_cues.second_card,  # "my 2nd gpu barely speeds up training": the usual causes, the expected speed-up
    concept_cues.vendor_why_not,  # "why not amd", "为什么不推荐amd": what that vendor's cards are like for AI
    explain.pcie_link,  # "does a pcie 4.0 x4 slot hurt a second gpu": the link, never "x4" as four cards
    explain.temperature,  # "85c is that ok", "runs at 83 degrees": a GPU temperature, never an electricity price
    explain.boards,  # "3090涡轮版和公版哪个好": board versions of one GPU are the same chip
    concept_cues.series,  # "为什么40系跑ai比30系快": the generations concept
    concept_cues.training_stall,  # "训练的时候显卡利用率只有30%": the GPU waits for data
    concept_cues.link_cost,  # "how bad is pcie for splitting a model across two gpus": the link's figures
    concept_cues.link_doubted,  # "4张3090没有nvlink 训练会不会很慢": those cards with and without the link
    explain.advice,  # "is nvlink worth it for two 3090s?"
    spec.precision_speed,  # "how much faster is fp8 than fp16 on a 4090": two number formats on one card
    thread_device.idle_draw,  # "what does it pull at idle", "待机功耗呢": the idle draw of the device talked about
    thread_device.why_not_vendor,  # "why not amd", "为啥不考虑a卡": how that vendor's cards do in practice
    thread_device.job_data_alone,  # "3 epochs": the training job talked about on that data
    thread_device.fit_settings_alone,  # "at q4_k_m with 16k context?": the fit talked about at those settings
    thread_device.memory_total,  # "how much vram do i have in total": the memory of the device's cards together
    thread_device.whole_machine,  # "整机大概多少钱", "the whole thing if i buy used": the machine around the cards
    thread_device.period_total,  # "一年下来多少钱": the money over a year of what the conversation rents or runs
    thread_device.count_enough,  # "三块卡够不够", "两张够吗": the last question on that many of the device
    thread_device.figure_of_count,  # "total power for 4 of them", "两张一起功耗多少": a figure of N of that device
    thread_asks.buy_over_rent,  # "we have $10k, should we buy instead": the thread's rent or buy, the money a budget
    followup.fragment,  # "for llms?", "in fp16?", "with at least 16gb", "and if i only had 800?"
    followup_cards.price_in_condition,  # "二手的话多少钱", "used price?": the cards talked about, at that price
    followup_cards.price_gap,  # "差价多少", "how much more is it": the two cards talked about, in money
    spec.difference_talked_about,  # "whats the price difference" after a comparison: that figure of the GPUs
    concept_cues.effect,  # "does undervolting hurt llm speed", "nvlink能把两张卡显存合并吗": what the concept does
    card_topic.of_it,  # "how do i cool it", "散热怎么办" after a card: that topic of the card talked about
    thread_asks.headroom_left,  # "how much vram is left" after a fit: the memory beside it
    currency_ask.converted,  # "whats that in usd": the last answer again in that currency
    explain.read,  # "what is a tensor core", "nvlink?"
    explain.between,  # "gddr7 vs hbm3, what's the difference", "why is memory bandwidth important"
    explain.vendor_use,  # "can i use an amd gpu for stable diffusion on windows": does that vendor work for it
    explain.topic,  # "can i use system ram if vram isnt enough", "矿卡能买吗", "is a p40 ok in a normal pc case"
    rates.cloud_gpus,  # "cheapest cloud gpu per hour": no card named, the cloud GPUs (not the rates of "it")
    rates.of_providers,  # "autodl和恒源云哪个便宜", "恒源云租卡多少钱": clouds named, no GPU: their price lists
    cloud_choice.elsewhere,  # "autodl 晚上抢不到4090 有啥替代平台": the card at every cloud, cheapest first
    cloud_choice.weighed,  # "恒源云和autodl哪个便宜 每天用三四个小时", "哪家稳定": their prices side by side
    thread_asks.per_card,  # "is that per card?", "是每张的吗": the last figure for one card of its set
    thread_asks.payback_of_it,  # "over what period does it pay back": buying "it" against renting it
    recommend.form_choice,  # "gaming laptop or build a pc for ai stuff": the two forms weighed, before "or" reads alone
    followup.one_enough,  # "is 1 enough instead?", "would one be enough?": one card of the set talked about
    followup.good_alone,  # "any good?", "好用吗" after a card: the verdict on it (is it any good)
    thread_asks.memory_need_alone,  # "不行的话最少得多大显存" after a fit: the memory its work needs
    thread_asks.price_alone,  # "京东现在啥价" after cards talked about: their prices
    thread_asks.token_cost_alone,  # "whats the cost per million tokens roughly" after a served model
    followup.better_else,  # "what else could i get for cheap that does it better?": other cards, not "it" compared
    followup.about_last,  # "why?", "anything cheaper?", "with amd too", "two of them?", "how fast?"
    followup_cards.alternative,  # "or a used 3090 for the same money?", "还是买二手3090": against the card talked about
    followup_cards.why_not_named,  # "为啥不推荐4090", "why didnt you pick the 4090": that card against the one favoured
    followup.count_on,  # "要几张l20": how many of that card the conversation's job needs
    followup.also_compared,  # "4070ti super也比一下": one more card in the comparison
    followup.read,  # "and the 3090?", "no, the ti", "3090呢"
    followup_cards.job_elsewhere,  # "how long would it take on a 4090": the job talked about, on that GPU
    followup_cards.other_gpu,  # "would a 4090 work", "switch to a 5090": the question talked about, on that GPU
    followup_cards.which_for_amount,  # "which one would you get for 700": the cards talked about, under that amount
    cost.by_watts,  # "my card pulls 450w, 8h a day at $0.15/kwh how much a month": no GPU, a draw
    asked.bill,  # "my 3090 runs 24/7, whats the yearly bill", "how many kwh a month": the energy / bill figure asked
    asked.cloud_job,  # "finetune llama 3.1 8b on 200k samples by friday, cheapest cloud setup?": the job on rented GPUs
    rig.read,  # "$10k for a training rig, what gpus?", "build me an llm box for 3000", "预算3万组一台炼丹机"
    rent_or_buy.doubted,  # "does it make sense to buy a gpu if i use it a few hours every evening"
    followup_costs.power_bill_stated,  # "and electricity if i train 3h a day at 0.22/kwh": that running cost
    followup_costs.bill_of_period_asked,  # "my power is 0.35/kwh, 5h a day, monthly?": that bill for that period
    thread_short.bill_at_rate,  # "yearly power at 0.11/kWh", "电费按0.55算 每天5小时": the bill of the cards
    settings.read,  # "electricity is 0.30", "the 4080 costs $999"
    lists.read,  # "top 5 gpus for llm inference", "best 3 cards under $1000", "显卡天梯前五"
    price_why.read,  # "why is the h100 so expensive", "为啥h100那么贵 比4090强在哪"
    card_topic.early,  # "upgrading 3080 -> 4090, is my 850w psu ok", "rx 6800 drivers for pytorch": that topic
    compare.owned_upgrade,  # "already have a 3080. upgrade to 5080 or keep it and rent": the move from the owned card
    serve_rent.read,  # "serve a 70b model for a month, what does it cost": the cheapest rented set, no GPU named
    cost.hours_priced,  # "cost of a 4090 for 500 hours", "总共要跑200小时 a100 多少钱": those hours rented
    rent_pick.read,  # "租卡跑flux 选哪张", "renting for sdxl, best bang for buck": rented GPUs for that model
    rates.which_to_rent,  # "租哪个划算", "which is cheaper to rent": the GPUs talked about
    rates.read,  # "h100 per hour", "vast.ai 4090 price", "cost to fine-tune llama 3 8b on rented h100s"
    rates.job_compared,  # "8x h100 vs 8x a100 for pretraining a 7b model, time and cost": the run rented on each
    rent_or_buy.read,  # "rent or buy a 4090?"
    scaling.read,  # "does a second 4090 help?", "two 3090s vs one", "is a third 3090 worth it?"
    recommend.besides,  # "alternative to the 3090 for local llms", "除了3090还有啥卡": the best card besides it
    recommend.upgrade,  # "have a 3060 12gb, want more vram, what next"; before verdicts: "worth upgrading my 1080 ti?"
    verdict.best_claim,  # "is the 3060 12gb still the best budget card for ai": that card against the pick
    scaling.in_general,  # "how well does training scale across 4 gpus", "4张卡能快几倍": N cards against one
    verdict.read,  # "is a 4090 worth it for llms?", "does the a100 have fp8?", "3060够用吗"
    cost.read,  # "running cost of a 4090", "tco of 2 3090s"
    spec.of_several,  # "memory of the 4090 and the 3090"
    spec.of_them,  # "whats the difference in power between them": a figure of the GPUs talked about
    spec.speed_of_one,  # "how fast is the 4090?"
    compare.read,  # "4090 vs 3090", "why 4070 ti over 4080", "compare them"
    asked.spec_parts,  # "how much vram does the rtx 4000 ada have, and is it really single slot": every figure
    followup.model_elsewhere,  # "will it run on a 3090?": the model just talked about
    fit.unknown_device,  # "mac mini m4 16g能跑什么模型": a device the KB lacks, answered for its memory size
    compare.for_model,  # "would a 4060 ti 16gb be enough for qwen 14b or should i save for a 3090": both on the model
    fit.read,  # "will llama 3 70b fit on two 3090s?"
    fit.unnamed_model,  # "can i run olmo on a 3090": the model is said not to be known
    fit.memory_only,  # "is 12gb enough for training transformers"
    recommend.read,  # "best gpu for llms under $1500"
    # "how much a month if it's 6 hours a day", "一个月多少钱 每天跑6小时": the last question, that period and use
    # (after cost.read: "how much per year if i run them 12h a day" is the bill of "them")
    followup_costs.period_at_use,
    card_topic.read,  # "how do i cool a p40", "p40需要什么供电线", "p40 warranty": a topic of the card, not its specs
    spec.read,  # "the 4090?": a GPU named and nothing else asked
    thread_asks.upgrade_alone,  # "still slow, should i upgrade": the upgrades over the thread's (the user's) card
    settings.leftover,  # settings that came with words no reader took
    buy_price.read,  # "直接买要多少钱", "how much to buy one" after a rent: the price of the card talked about
    followup.leftover,  # "for training?", "fp16"
    help.leftover,
    unknown.read,  # always claims: "not understood", with what was recognised
)


def _with_form(reading: Reading, found: Query) -> Query:
    """The figure asked and the clock times said, on the query (the engine's check of the answer reads them)."""
    form = reading.form
    if found.intent == "explain" and form.figure is None and not found.asked_figure:
        # "what batch size can i use": a setting of the set-up talked about; "全放内存跑呢": a run without the card
        # (both completed by the dialogue from the thread)
        if reading.said("setting_asked_words"):
            return dataclasses.replace(found, asked_figure="setting")
        if reading.said("ram_run_words"):
            return dataclasses.replace(found, asked_figure="cpu_only")
    clock = (form.clock_start, form.clock_by) if form.clock_start is not None or form.clock_by is not None else None
    cap = form.cap
    money = (cap.value, cap.currency, cap.period) if cap is not None and cap.unit == "money" else None
    if (
        form.figure is None
        and clock is None
        and money is None
        and form.deadline_hours is None
        and not form.made_in_hours
    ):
        return found
    return dataclasses.replace(
        found,
        asked_figure=found.asked_figure or _asked(reading, found),
        clock=clock,
        money_cap=money,
        deadline_asked=form.deadline_hours,
        made_in_hours=form.made_in_hours,
    )


def _asked(reading: Reading, found: Query) -> str | None:
    """The figure asked as the answer is checked for it: "price" only with a money word ("how much vram" asks none);
    no "cap" when the cap is a card's power limit ("cap my 4090 at 300w, how much slower": the limit is answered)."""
    figure = reading.form.figure
    if figure == "price" and not reading.said("form_money_words"):
        return None
    if figure == "cap" and found.intent == "power_limit":
        return None
    if (
        figure == "cap"
        and found.intent == "compare"
        and reading.form.cap is not None
        and reading.form.cap.unit == "money"
    ):
        return None  # "~$4k to spend ... a 4090 or two 3090s?": the money is the budget the comparison uses
    return figure


# fit.py is at the module line limit: its readers' needs (nlu/reader_needs.py, from their first guards) are here
needs(said=("fix_trouble_words",))(fit.settings_fix)
needs(("MODEL", "PARAMS"))(fit.system_ram)
needs(("GPU",))(fit.mixed_set)
needs(("GPU",), ("FIT", "run_words"))(fit.unknown_device)
needs(("GPU",), unless=("MODEL", "PARAMS", "UNKNOWN_MODEL", "RECOMMEND", "COMPARE", "VS"))(fit.unnamed_model)
needs(("MEMORY",), unless=("RECOMMEND",))(fit.memory_only)

_NAMES = {reader: f"{reader.__module__.rsplit('.', 1)[-1]}.{reader.__name__}" for reader in READERS}
# each reader with what it needs of a question (nlu/reader_needs.py): one it cannot claim is not tried
_PLAN = tuple((reader, NEEDS.get(reader)) for reader in READERS)

_FORMAT_CONCEPTS = ("quantization", "quant-formats", "quant-quality")  # answered with the formats the question names


def _place_currency(reading: Reading) -> str | None:
    """The currency of the one place the question says it is in ("人在香港，4090多少钱", "in germany, how much"), when
    it is not the language's own: the figures are shown in it (a price from another market is said converted)."""
    from assistant import i18n
    from assistant.nlu.local_dollars import place_currency

    place = place_currency(reading)
    return place if place is not None and place != i18n.currency(reading.b.lang) else None


def read(reading: Reading) -> Query | Clarification:
    """The first claim, with the settings the question states along the way (`Query.settings`)."""
    for reader, need in _PLAN:
        if need is not None and not met(need, reading):
            continue
        found = reader(reading)
        if found is None or first_ask.defers(reading, found):  # the bill asked first, a concept after it
            continue
        # the concept asked, by the evidence scored over every concept entry (not by this reader's place)
        found = concept_route.routed(reading, _NAMES[reader], found)
        if not isinstance(found, Query):
            return found
        found = _with_form(reading, found)
        found = machine_count.counted(reading, found)  # "9 workstations each w/ a 4080 super": nine of them
        if isinstance(found, FitQuery) and any(w in reading.text.lower() for w in reading.lex.listed("capacity_asks")):
            found = dataclasses.replace(found, capacity_asked=True)  # "能跑多少并发": kept for "上下文 32k 呢"
        if isinstance(found, SpecQuery) and found.gpus and reading.form.owned:  # "we have 4 a100s in our lab"
            found = dataclasses.replace(found, owned=True)
        if isinstance(found, CostQuery) and (idle := reading.idle_watts()) is not None:
            found = dataclasses.replace(found, idle_w=idle)  # "mostly idle ~60w each": the idle hours at 60 W a card
        if isinstance(found, CostQuery) and found.own_fee is None:  # "colo is $150 a month": added to the cost
            found = dataclasses.replace(found, own_fee=hosting_fee(reading))
        if isinstance(found, RatesQuery) and len(found.gpus) > 1:  # "a100 at $0.75/hr ... a 4090 at 0.30": each its own
            found = dataclasses.replace(found, card_rates=card_rates(reading))
            job = job_of(reading, found.card_rates, found.hours) if found.mode == "rent" else None
            if job is not None:  # "takes ~14h on it. would a 4090 at 0.30 be cheaper": that work on each card
                found = dataclasses.replace(found, work_of=job)
        if isinstance(found, ExplainQuery):
            found = explain.inference_side(reading, found)  # "do tensor cores matter for inference": prefill/decode
            if found.asked is None and concept_cues.yes_no(reading):  # "does ecc matter for training": yes / no first
                found = dataclasses.replace(found, asked="yes_no")
            if found.asked is None and found.concept == "context-length" and reading.said("context_asked"):
                found = dataclasses.replace(found, asked="longest")  # "what context length could i get": a length
            if not found.precisions and found.concept in _FORMAT_CONCEPTS:  # "q4_k_m vs q4_0 whats the difference"
                found = dataclasses.replace(found, precisions=explain.formats_named(reading))
        if isinstance(found, ExplainQuery) and found.workload is None and found.model is None:
            found = dataclasses.replace(  # for the follow-ups
                found, workload=reading.workload, model=reading.model, context_tokens=reading.num("CONTEXT")
            )
        if isinstance(found, ExplainQuery) and (alone := format_alone(reading)):
            found = dataclasses.replace(found, format_alone=alone)  # "at fp8?": after a fit, that fit at fp8
        if isinstance(found, ExplainQuery) and found.model is None and found.params_b is None:
            found = dataclasses.replace(found, params_b=reading.num("PARAMS"))  # "7B模型 kv cache": a 7B's shape
        if isinstance(found, CompareQuery) and (gap := price_gap(reading)) is not None:
            # "差两百块": the gap, never a card's price; a gap said is money to weigh ("extra $1400 ..., justified?")
            found = dataclasses.replace(found, price_gap=gap, worth=True)
        found = inverse_form.unpointed(found, reading)  # "smallest mac that'll run X": "that" is no card
        stated = sell_keep.without_sale(found, settings.stated_in(reading, found))  # a sale is no price setting
        stated = sell_keep.topped_up(reading, found, stated)  # "selling my 4080 for $850 and adding $1100": the price
        stated = inverse_form.budget_not_price(stated, reading)  # "how many 3090s can i buy with $5000": a budget
        stated = rent_spend.not_a_price(found, stated)  # "每个月花800块租卡": a month's rent, no price
        boards = reading.boards() if reading.explicit else ()
        targets = tuple(
            t for t in reading.targets() if not (t[0].startswith("power_limit") and found.intent == "power_limit")
        )
        own = found.settings if isinstance(found, SetQuery) else ()  # "only on weekends then?" typed alone
        used = any(s.key == "utilization" for s in (*stated, *own)) or getattr(found, "hours_per_week", None)
        usage = reading.usage_assumed() if used else None  # "on weekends": the hours assumed, said
        families = tuple(t.meanings["FAMILY"] for t in reading.b.kinds.get("WORKLOAD", []) if "FAMILY" in t.meanings)
        if families and not found.unsized and getattr(found, "model", None) is None:
            found = dataclasses.replace(found, unsized=families)  # "llama stuff": read as the kind of work, said
        sizes = reading.size_range() if getattr(found, "params_b", None) else None
        if sizes is not None and sizes[1] != found.params_b:  # type: ignore[attr-defined]
            sizes = None  # the range was not what the query is sized by
        vague = reading.vague_amount()  # "几百块": the middle of the range, said
        datasets = tuple(
            str(t.meanings["DATASET"]) for t in reading.b.kinds.get("TOKENS", []) if "DATASET" in t.meanings
        )
        if datasets and getattr(found, "tokens", None):  # "on openwebtext": its tokens were used, said with the source
            found = dataclasses.replace(found, datasets=datasets)
        shown = asked_currency(reading.text, reading.lex) or _place_currency(reading)
        if shown is not None and found.shown_currency is None:
            found = dataclasses.replace(found, shown_currency=shown)
        if stated or boards or targets or usage or sizes or vague:
            return dataclasses.replace(
                found,
                settings=stated or own,
                boards=boards,
                targets=targets,
                usage_assumed=usage,
                size_range=sizes,
                vague_amount=vague,
            )
        return found
    raise AssertionError("unknown.read always claims")
