"""Hover text for the Staircase game's files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "StaircasePositionFile.staircases": "Each player's staircase: cards left to right in table "
    "order (like [5H, 6S, 7D]).",
    "interfere": "Play with the optional interfere action.",
}
