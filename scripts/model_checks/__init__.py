"""The check families of scripts/validate_model.py, one module each (rows, training, llama, memory_setups,
out_of_sample, dettmers)."""
