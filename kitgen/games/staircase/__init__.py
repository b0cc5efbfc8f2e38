"""The Staircase game: everything particular to this game."""
