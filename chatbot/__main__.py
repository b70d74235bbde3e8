"""``truco-bot``: the console script.

``truco-bot play ...`` plays offline in the terminal; ``truco-bot`` (or
``truco-bot run``) starts the Telegram bot, or explains how to get a token
when there is none. Every text goes through chatbot.i18n like the game's own.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from chatbot.handlers.telegram.app import run
from chatbot.handlers.telegram.config import TOKEN_VAR, Settings
from chatbot.i18n.context import use_locale
from chatbot.i18n.locales import canonical_locale
from chatbot.i18n.translation import _


def _locale_from_env() -> str:
    """The terminal's language (LANG=pt_BR.UTF-8 -> pt_BR), English when unknown."""
    raw = os.environ.get("TRUCO_LANG") or os.environ.get("LANG") or "en"
    try:
        return canonical_locale(raw.split(".")[0] or "en")
    except (ValueError, LookupError):
        return "en"


def no_token_help() -> str:
    """Step by step: how to get a token from @BotFather, start with it, or play offline."""
    lines = [
        _("No Telegram token found (environment variable {var}).", var=TOKEN_VAR),
        _("To get one:"),
        _("  1. In Telegram, open a chat with @BotFather and send /newbot."),
        _("  2. Choose a name and a username for your bot; copy the token it gives you."),
        _("  3. Send /setinline, pick your bot and type a placeholder: this enables inline "
          "mode, which keeps each player's cards private in groups."),
        _("  4. Send /setinlinefeedback, pick your bot and choose Enabled, so the bot "
          "learns which card was played."),
        _("Then start the bot with it:"),
        f"  {TOKEN_VAR}=... ./truco run",
        _("Or play offline in the terminal against bots:"),
        "  ./truco play paulista",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch ``play`` to the console game; otherwise the Telegram front end."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        from chatbot.handlers.console import main as play_main

        return play_main(args[1:])
    with use_locale(_locale_from_env()):
        if args and args[0] not in ("run",):
            print(_("Usage: truco-bot [run] | truco-bot play [variant] [--players N] "
                    "[--seed S] [--lang L]"), file=sys.stderr)
            return 2
        settings = Settings.from_env()
        if settings is None:
            print(no_token_help())
            return 0
    run(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
