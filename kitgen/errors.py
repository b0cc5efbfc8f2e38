"""The exceptions kitgen raises for problems a user can fix."""


class KitgenError(Exception):
    """A problem to report as a one-line message with a non-zero exit status."""

    exit_code = 1


class UsageError(KitgenError):
    """The command was called wrongly (exit status 2)."""

    exit_code = 2


class NoEdition(UsageError):
    """`--lang` names a language a game has no edition in (exit status 2; a game that
    `all` names is then left out, and said so)."""
