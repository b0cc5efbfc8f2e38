"""The exceptions kitgen raises for problems a user can fix."""


class KitgenError(Exception):
    """A problem to report as a one-line message with a non-zero exit status."""

    exit_code = 1


class UsageError(KitgenError):
    """The command was called wrongly (exit status 2)."""

    exit_code = 2
