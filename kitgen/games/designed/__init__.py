"""Designed games: a game described in files (cards in a spreadsheet, layouts in YAML)
instead of Python code.

Issue 22 builds it in parts. Here so far: the fields a designed game's cards have
(`fields.py`), and the check of a table of card data against them. The game's
registration (a `Game` built from its folder), its layouts and its printing follow.
"""
