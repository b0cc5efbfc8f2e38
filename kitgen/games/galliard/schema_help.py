"""Hover text for Galliard's files in editors (`kitgen schema`): by `Model.field`
(one model) or `field` (every model with it)."""

FIELD_HELP = {
    "GalliardParameters.hand_size": "Number cards dealt to each player every round.",
    "GalliardParameters.support": "Royals a supported cabal holds at least (with a pattern).",
    "GalliardPositionFile.cabals": "Each player's cabal: the royals they have won (like "
    "[QH, QS, RJ]).",
    "GalliardRecordFile.players": "The two players' names; the first starts the first round.",
    "CabalArgs.cards": "The cabal's royals, in any order (at most 14).",
    "CabalArgs.supported": "Whether the figure says the cabal is supported; the check works it "
    "out with the rules.",
    "FloorArgs.dancers": "The dancers on the floor, each a pile of cards bottom to top (at most "
    "12).",
    "FloorArgs.wager": "The royals in the wager pile.",
    "FloorArgs.deck": "Draw the face-down deck beside the wager pile (default false).",
    "FloorArgs.play": "A play to show, in move notation (like `stamp 6H on 7S`).",
    "FloorArgs.legal": "Whether the rules allow the `play` (the check verifies it); required "
    "with `play`.",
    "TradeArgs.give": "The royal the round's winner gives: one just won.",
    "TradeArgs.take": "The opponent's royal the winner takes for it.",
    "TradeArgs.legal": "Whether the rules allow the trade; the check verifies it.",
}
