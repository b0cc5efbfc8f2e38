"""Run kitgen as `python -m kitgen`."""

from kitgen.cli import main

main()
