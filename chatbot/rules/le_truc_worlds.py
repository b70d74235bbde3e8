"""What a bot's sampled world of Le Truc must fix up: the redeal asked or refused, a Mon
Reste accepted, the instructions given (chatbot/ai/worlds.py asks through the rules'
``world_*`` hooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chatbot.rules import actions as A
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView

if TYPE_CHECKING:  # the variant's module imports this one
    from chatbot.rules.le_truc import LeTrucMatch


def patch(rules: TrickRules[Any], view: SeatView, match: LeTrucMatch) -> None:
    hand = match.hand
    assert hand is not None
    x = hand.x
    kinds = {a.kind for a in view.legal}
    if view.pending_call == A.REDEAL_PROPOSE:
        x.redeal = "asked"
    elif A.REDEAL_PROPOSE not in kinds:
        x.redeal = "refused"  # asked before, or too late: no redeal in these worlds
    if view.pending_call is None and A.MON_RESTE not in kinds:
        x.mon_reste = True  # a Mon Reste was accepted: nothing more to call
    if view.players == 4 and rules.options.get("signals"):
        # the rule bots never signal, so only this seat's own instruction is inferred
        on_turn = view.pending_call is None and view.seat in (view.dealer, view.mano)
        x.instructed = [view.seat] if on_turn and not kinds & A.INSTRUCTIONS else []
        plays = [a.card for a in view.legal if a.kind == A.PLAY and a.card is not None]
        if view.hand is not None and plays and len(plays) < len(view.hand):
            x.orders = [[view.seat, A.INSTRUCT_RANK, plays[0].rank]]
