"""Scaffold: everything particular to this game."""
