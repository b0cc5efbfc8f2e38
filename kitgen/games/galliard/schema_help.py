"""Hover text for Galliard's files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "GalliardPositionFile.cabals": "Each player's cabal: the royals they have won (like "
    "[QH, QS, RJ]).",
}
