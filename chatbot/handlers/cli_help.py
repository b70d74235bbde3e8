"""Command-line help in the terminal's language.

argparse writes its own words ("usage:", "options:", "show this help message")
in English; these subclasses put ours, from the catalogs, in their place, and
keep the hand-made layout of descriptions and epilogs (lists of games and
environment variables) as written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

from chatbot.i18n.translation import _


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

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: {problem} (see {prog} --help)", prog=self.prog,
                       problem=message) + "\n")
