"""One module per intent: turn a completed Query into an Answer using the models and the KB."""
