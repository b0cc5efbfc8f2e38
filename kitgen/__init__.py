"""kitgen: print-and-play game kits from YAML, checked against the games' rules."""

__version__ = "0.1.0"
