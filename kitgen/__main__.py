"""Run kitgen as `python -m kitgen`."""

from kitgen.entry import main

if __name__ == "__main__":  # worker processes import this module too: run nothing there
    main()
