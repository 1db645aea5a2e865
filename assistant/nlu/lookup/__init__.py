"""Looking names up in the KB's lists (assistant/nlu/index.py builds the index): how names are split
into tokens, the match results, GPU lookups and model/concept lookups. `assistant.nlu.index.NameIndex`
is the entry point."""
