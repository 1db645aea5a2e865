"""gpu-advisor: which GPU to buy or rent for deep learning, and why. Offline and deterministic."""

__version__ = "0.1.0"
