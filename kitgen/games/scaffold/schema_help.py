"""Hover text for Scaffold's files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "mode": "competitive or cooperative.",
    "ScaffoldPositionFile.board": "Five rows of five cells, top row first: `-` for a cell that "
    "is not a space, `.` for an unconstructed space, or the space's cards bottom to top "
    "joined by `/` (like 9C/10C/KS).",
    "turns_left": "Cooperative: the turn counters still on the track.",
    "turns": "Cooperative: the turn counters; leave it out for the game's number.",
    "ScaffoldParameters.hand_size": "Cards in each hand at the start of a game.",
    "ScaffoldParameters.turns": "Cooperative: the turn counters on the track at the start.",
}
