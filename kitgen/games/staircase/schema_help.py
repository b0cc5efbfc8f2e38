"""Hover text for the Staircase game's files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "StaircasePositionFile.staircases": "Each player's staircase: cards left to right in table "
    "order (like [5H, 6S, 7D]).",
    "interfere": "Play with the optional interfere action.",
    "StaircaseParameters.hand_size": "Cards dealt to each player at the start (the engine, "
    "the checks and the booklet read it).",
    "StaircaseRecordFile.hand_size": "Cards in each hand, when not the game's (its game "
    "file's `hand_size`).",
    "StaircaseRecordFile.players": "The players' names in turn order: the first moves first.",
    "StaircaseRecordFile.deal": "The cards as dealt, instead of a deal by `seed`: each hand, the "
    "depot and the scrap pile.",
    "StaircaseDeal.hands": "Each player's hand, in the order of `players`.",
    "StaircaseDeal.depot": "The depot (the draw pile), top card first.",
    "StaircaseDeal.scrap": "The scrap pile, top card first.",
    "StaircaseArgs.cards": "The staircase's cards, left to right as built (like [5H, 6S, 7D]).",
    "StaircaseArgs.total": "The score the figure claims; the check scores the cards and says "
    "when the claim is wrong.",
    "StaircaseArgs.name": "A label for the row, like a player's name.",
    "TurnArgs.move": "The action, in move notation (like `scrap 2C build 7H`).",
    "TurnArgs.hand": "The mover's hand before the action.",
    "TurnArgs.staircase": "The mover's staircase before the action, left to right.",
    "TurnArgs.scrap_pile": "The scrap pile, top card first.",
    "TurnArgs.depot": "How many face-down cards the depot holds (default 30).",
    "TurnArgs.draw": "The card a scrap draws from the depot.",
    "TurnArgs.target_staircase": "For an interfere: the named player's staircase, drawn instead "
    "of the mover's.",
    "TurnArgs.choice": "For an interfere: the card the named player keeps.",
    "TurnArgs.player": "The mover's name (`you` when left out).",
    "TurnArgs.legal": "Whether the rules allow the action (default true); false shows it with "
    "the reason. The check verifies either claim.",
}
