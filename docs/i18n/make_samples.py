"""Write docs/i18n/samples.md: one group hand and one terminal hand in fa and bn, as a
reader sees them (run from the repository: ``PYTHONPATH=. .venv/bin/python
docs/i18n/make_samples.py``)."""

import random
from pathlib import Path

from chatbot.ai.rulebot import choose
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.console import play_game
from chatbot.i18n.bidi import terminal_text
from chatbot.i18n.render import action_label
from chatbot.i18n.table_text import inline_pending, inline_said, table_text
from chatbot.rules.views import real_action, seat_view


def post(table: Table, seat: int, action, locale: str) -> str:
    """A chosen inline result as posted, then as the bot edits it once the move stands."""
    return f"{inline_pending(table, seat, locale)}  →  {inline_said(table, seat, action, locale)}"


def group_hand(locale: str) -> tuple[list[str], list[str], list[str]]:
    rng = random.Random(7)
    table = Table("paulista", 4)
    for seat, name in enumerate(["Ana", "Bia", "Caio", "Davi"]):
        fire(table, "add_bot", seat, name)
    events = fire(table, "start", rng=rng)
    rules = table.rules
    snaps, posts, buttons = [], [], []
    while table.state != "scoring" and table.state != "finished":
        match = table.match
        seat = rules.to_act(match)
        view = seat_view(rules, match, seat)
        action = real_action(match, seat, choose(rules, view, rng))
        if len(posts) < 4:
            posts.append(post(table, seat, action, locale))
        if view.pending_call and not buttons:
            buttons.append(f"{view.pending_call} → " + "  ".join(
                f"[{action_label(a, view, rules, locale)}]" for a in view.legal))
            posts.append(post(table, seat, action, locale))
        events += fire(table, "move", seat, action)
        if len(snaps) < 2 and len(events) > 12:
            snaps.append(table_text(table, events, locale))
    snaps.append(table_text(table, events, locale))
    return snaps, posts, buttons

def terminal_hand(locale: str) -> list[str]:
    out, n = [], [0]
    def read(prompt: str) -> str:
        out.append(prompt)
        n[0] += 1
        return "1" if n[0] < 4 else "q"
    play_game("paulista", 2, seed=3, locale=locale, input_fn=read, output=out.append)
    return out

doc = ["# What a reader sees: one group hand and one terminal hand in Persian and Bengali", "",
       "Written by `PYTHONPATH=. .venv/bin/python docs/i18n/make_samples.py` (a seeded game",
       "of Truco Paulista: four bots in a group; the terminal game with seed 3, the human",
       "picking the first move three times).",
       "Telegram text is shown as sent (the RLM/LRM marks are invisible); the terminal text",
       "as printed (no bidi control at all).", ""]
for locale, title in (("fa", "Persian (fa)"), ("bn", "Bengali (bn)")):
    snaps, posts, buttons = group_hand(locale)
    doc += [f"## {title}", "", "### Group: the table message during the hand and at its end", ""]
    for s in snaps:
        doc += ["```", s, "```", ""]
    doc += ["### Group: the answer buttons under a call", "", "```", *buttons, "```", ""]
    doc += ["### Group: what players' inline moves post in the chat "
            "(as posted → as the bot settles it)", "", "```", *posts, "```", ""]
    printed = [terminal_text(line) for line in terminal_hand(locale)]
    doc += ["### Terminal", "", "```", *printed, "```", ""]
Path(__file__).with_name("samples.md").write_text("\n".join(doc) + "\n")
