"""paiju (牌局): Monte Carlo simulation of Chinese card games — the Python-facing side."""

__version__ = "0.1.0"
