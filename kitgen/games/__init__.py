"""The games kitgen knows, one package each."""
