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
    "ScaffoldParameters.harder_hands": "The hand sizes of the harder variants (like [5, 3]).",
    "ScaffoldParameters.fewer_turns": "Cooperative: the turn counters of the harder variants "
    "(like [12, 8]).",
    "ScaffoldParameters.cap": "The most face-up cards a space holds.",
    "ScaffoldRecordFile.players": "Who played each team: `red` and `black` (the team's name by "
    "default).",
    "ScaffoldRecordFile.deal": "The cards as dealt, instead of a deal by `seed`: the centre's "
    "card, each team's hand and the draw pile.",
    "ScaffoldPlayers.red": "The name of the player of the red team.",
    "ScaffoldPlayers.black": "The name of the player of the black team.",
    "ScaffoldDeal.centre": "The card turned up on the centre space.",
    "ScaffoldDeal.red": "The red team's hand.",
    "ScaffoldDeal.black": "The black team's hand.",
    "ScaffoldDeal.deck": "The draw pile, top card first.",
    "ScaffoldBoardArgs.board": "Five rows of five cells, top row first, as in a position: `-`, "
    "`.`, or a space's face-up cards bottom to top joined by `/`.",
    "ScaffoldBoardArgs.play": "A move to show as a ghost card, in move notation (like `9H@r2c3`).",
    "ScaffoldBoardArgs.player": "Cooperative: who makes the `play`, red or black.",
    "ScaffoldBoardArgs.legal": "Whether the rules allow the `play` (the check verifies it); "
    "required with `play`.",
    "ScaffoldBoardArgs.labels": "Name the rows and columns (default false).",
    "ScaffoldBoardArgs.rings": "Draw arrows towards the centre, for the pyramid rule (default "
    "false).",
    "ScaffoldBoardArgs.face_down": "Draw an unconstructed space as its face-down card; false "
    "draws a dashed outline (default true).",
}
