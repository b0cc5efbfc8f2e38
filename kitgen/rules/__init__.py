"""Rules engines, one module per game. Pure Python: no file, YAML or drawing libraries."""
