"""Galliard: everything particular to this game."""
