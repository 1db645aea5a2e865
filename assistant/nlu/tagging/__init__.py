"""The steps of the question tagger (assistant/nlu/tagger.py): numbers and units, model and GPU
mentions, and the word sets they consult. `assistant.nlu.tagger.tag` is the entry point."""
