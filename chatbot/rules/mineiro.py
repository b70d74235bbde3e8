"""Truco Mineiro: fixed manilhas, hands worth 2/4/6/10/12, hand of ten (rules.md §2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from chatbot.rules import senas
from chatbot.rules.brazil import BRAZIL_OPTIONS, BrazilianRules
from chatbot.rules.cards import Card, french_deck
from chatbot.rules.errors import SetupError
from chatbot.rules.options import OptionSpec, choice

MANILHAS = {Card(4, "C"): 14, Card(7, "H"): 13, Card(1, "S"): 12, Card(7, "D"): 11}
COMMON = {3: 10, 2: 9, 1: 8, 13: 7, 11: 6, 12: 5, 7: 4, 6: 3, 5: 2, 4: 1}
CLEAN_EXTRA = (Card(4, "C"), Card(7, "H"), Card(7, "D"))


class MineiroRules(BrazilianRules):
    name = "mineiro"
    ladder = (2, 4, 6, 10, 12)
    raise_calls = ("truco", "seis", "dez", "doze")
    special_at = 10
    special_value = 4
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        **BRAZIL_OPTIONS, "deck": choice("dirty", "clean")}
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {
        "deck": ("dirty", "clean"), "senas": senas.LOBBY_VALUES}

    def check_score(self, score: Sequence[int]) -> None:
        if any(s % 2 for s in score):
            raise SetupError("Mineiro scores move in twos: an odd score cannot happen (2.2.3)")

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        if self.options["deck"] == "clean":  # 27 cards (2.1.5)
            self._deck = french_deck((12, 11, 13, 1, 2, 3)) + CLEAN_EXTRA
        else:
            self._deck = french_deck((4, 5, 6, 7, 12, 11, 13, 1, 2, 3))

    def deck(self) -> tuple[Card, ...]:
        return self._deck  # built once: every deal asks for it

    def manilhas(self, vira: Card | None) -> tuple[Card, ...]:
        return tuple(sorted(MANILHAS, key=lambda card: -MANILHAS[card]))

    def strengths(self, vira: Card | None) -> dict[Card, int]:
        return {card: MANILHAS.get(card, COMMON[card.rank]) for card in self.deck()}
