"""The machinery of play every game shares (issue 40): what a game's simulation is,
declared as data (`kitgen.play.simulation`), for the command line to build its
command from.

Pure: no I/O, no drawing, no command-line library, no game named.
"""
