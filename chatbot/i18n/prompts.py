"""The terminal game's numbered menus and the prompts that ask for a number.

A menu of one option must not ask for "a number from 1 to 1", and the option
numbers are written in the locale's digits like every other number («۱)», «১)»),
so both live here rather than in the console: tests/i18n/test_prompts.py renders
every prompt with a count of 1 in every language.
"""

from __future__ import annotations

from chatbot.i18n.numbers import format_number
from chatbot.i18n.translation import _


def menu_line(number: int, text: str, locale: str) -> str:
    """One numbered option of a menu: "  3) 7♥", "  ۳) ‎7♥"."""
    return f"  {format_number(number, locale)}) {text}"


def move_prompt(count: int) -> str:
    """What the person types at their turn, for a menu of ``count`` moves."""
    if count == 1:
        return _("Your move (1; ? rules, h hint, q quit): ")
    return _("Your move (1-{count}; ? rules, h hint, q quit): ", count=count)


def signal_prompt(count: int) -> str:
    """Which seña to make, for a menu of ``count`` señas."""
    if count == 1:
        return _("Which signal (1; Enter for none): ")
    return _("Which signal (1-{count}; Enter for none): ", count=count)


def not_a_move(count: int) -> str:
    """The answer to a typed word that is no move of a menu of ``count``."""
    if count == 1:
        return _("Please type 1, ? for the rules, h for a hint, or q to quit.")
    return _("Please type a number from 1 to {count}, ? for the rules, h for a hint, or q to "
             "quit.", count=count)


PROMPTS = (move_prompt, signal_prompt, not_a_move)
