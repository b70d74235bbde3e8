"""Command-line text in the terminal's language, fit for a terminal.

argparse writes its own words ("usage:", "options:", "show this help message")
in English; these subclasses put ours, from the catalogs, in their place, and
keep the hand-made layout of descriptions and epilogs (lists of games and
environment variables) as written.

Persian and Urdu lines carry RLM/LRM marks around names, cards and numbers
(docs/bidi.md); everything the command line prints goes through
:func:`for_terminal`, which keeps them (a terminal that lays out bidi needs
them) and drops any isolate a terminal would show as a stray mark.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn

from chatbot.i18n.bidi import terminal_line
from chatbot.i18n.translation import _

if TYPE_CHECKING:  # a stub-only protocol: argparse's own parameter type
    from _typeshed import SupportsWrite


def for_terminal(text: str) -> str:
    """The text with its RLM/LRM marks and without any isolate (bidi.terminal_line)."""
    return terminal_line(text)


def say(text: str, *, error: bool = False) -> None:
    """Print one message for the person at the terminal (stderr for a failure)."""
    print(for_terminal(text), file=sys.stderr if error else sys.stdout)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[Any], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose section titles, help flag and errors are translated."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(add_help=False, **kwargs)
        self._positionals.title = _("arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", help=_("show this help and exit"))

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        super()._print_message(for_terminal(message), file)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, for_terminal(_("{prog}: {problem} (see {prog} --help)", prog=self.prog,
                                    problem=message)) + "\n")
