"""The ``truco-bot`` console script's first module: a Ctrl-C while the program loads.

Loading the game's modules takes a noticeable moment, and a person who changes their
mind presses Ctrl-C during it as readily as at a prompt. Python turns that into a
KeyboardInterrupt inside whatever module is being imported, which would print a
traceback through the import machinery. This module imports nothing of the project
at its top, so everything is loaded inside :func:`main`'s ``try``: a Ctrl-C at any
moment of ``truco-bot play`` ends it as the game does when a person leaves, with
"You left the game." and exit status 130 (128 + SIGINT, what a shell reports for a
command stopped by Ctrl-C), and any other command with the status alone.

Python installs its own SIGINT handler before it has set up its standard streams
and ``site``, and a Ctrl-C there ends in a "Fatal Python error". ``./truco``
therefore starts Python with SIGINT held back and says how in ``HELD``: blocked
(GNU ``env --block-signal``), so that a Ctrl-C pressed meanwhile waits and arrives
the moment it is unblocked here, inside the ``try``; or, where ``env`` cannot block,
ignored until the handler is put in place here. Started otherwise (a supervisor,
the background), nothing is changed.
"""

from __future__ import annotations

import os
import signal
import sys

INTERRUPTED = 130
LEFT = "You left the game."  # the game's own line (chatbot.handlers.console)
HELD = "TRUCO_CTRL_C_HELD"  # set by ./truco: SIGINT "blocked" or "ignored" until main()


def main() -> int:
    """Run ``truco-bot`` with the command line's arguments."""
    args = sys.argv[1:]
    try:
        take_ctrl_c(os.environ.pop(HELD, ""))
        from chatbot.__main__ import main as truco_bot

        return truco_bot(args)
    except KeyboardInterrupt:
        if args[:1] == ["play"]:
            print(left_line())
        return INTERRUPTED


def take_ctrl_c(held: str) -> None:
    """Let SIGINT in again as ``./truco`` held it back: a Ctrl-C that waited while
    blocked arrives now, as a KeyboardInterrupt inside :func:`main`'s ``try``."""
    if held == "ignored":
        signal.signal(signal.SIGINT, signal.default_int_handler)
    elif held == "blocked":
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def left_line() -> str:
    """The game's line for a person who left, in the terminal's language when the texts
    can be loaded; in English when the interrupt came while they were loading."""
    try:
        from chatbot.__main__ import _locale_from_env
        from chatbot.handlers.cli_help import for_terminal
        from chatbot.i18n.translation import translate

        return for_terminal(translate(LEFT, _locale_from_env()))
    except BaseException:  # a module cut off half-loaded, or a second Ctrl-C
        return LEFT


if __name__ == "__main__":
    sys.exit(main())
