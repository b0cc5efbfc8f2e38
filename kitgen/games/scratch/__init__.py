"""Scratch: Draw the Line: everything particular to this game."""
