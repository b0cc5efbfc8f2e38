"""Shape Up!: everything particular to this game."""
