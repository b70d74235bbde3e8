"""How a game says its own calls and refusals: message ids, never words.

A variant that has a call of its own (a kind in ``own_actions``) describes it here,
beside its rules, so that a new call needs no line in ``chatbot/i18n``: the rules
give a message id and the values an event or a refusal carries, and the i18n layer
only translates and lays them out (``render.action_label``, the event lines,
``refusals.explain_to_player`` and the scenario runner's ``reasons.explain``). The
rules cannot import the i18n layer (the package graph forbids it), so the ids are
marked with this module's :func:`N_`, which the extractor knows by name, and reach
the catalogs with ``python -m chatbot.i18n update``.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(message: str) -> str:
    """Mark a message id for the catalogs without translating it (done at display)."""
    return message


@dataclass(frozen=True, slots=True)
class CallText:
    """The words of one call of a variant's own (each a message id).

    ``label`` is its button and its name in a sentence ("Double!"); ``made`` the
    line another player reads when someone makes it, with ``{player}``; ``own`` the
    line its caller reads, in the second person. An answer to it is said as any
    raise's answer is ("accepts: the hand is worth 4 points"), from the event's value.
    """

    label: str
    made: str
    own: str


@dataclass(frozen=True, slots=True)
class ReasonText:
    """Why the variant refuses a move, for a refusal reason only it gives.

    ``player`` is said to the player refused, in the second person; its placeholders
    are the reason's parameters in words (a seat as a name, a call as its shout).
    ``referee`` is the scenario runner's sentence ("seat {seat} cannot ..."), with the
    parameters as they are, compared word for word by scenario tests.
    """

    player: str
    referee: str
