"""Run kitgen as `python -m kitgen`."""

from kitgen.entry import run

if __name__ == "__main__":  # worker processes import this module too: run nothing there
    run()
