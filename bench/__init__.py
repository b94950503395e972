"""The benchmark's parts; `python benchmark.py` runs them all."""
