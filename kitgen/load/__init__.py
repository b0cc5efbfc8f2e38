"""Loading kitgen files: YAML with locations, file models, and game context."""
