"""Hover text for Shape Up!'s files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "ShapeUpPositionFile.grid": "The table, rows top first, `.` for an empty cell; cards "
    "written `colour fill shape` (like `blue hollow circle`).",
    "ShapeUpPositionFile.victory": "Each player's victory card.",
    "setup": "How the game was set up (players and cards, like 3p-24).",
}
