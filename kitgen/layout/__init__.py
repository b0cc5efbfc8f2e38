"""Layout: pure geometry (units, paper, imposition, marks). Returns plans; draws nothing."""
