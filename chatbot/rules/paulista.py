"""Truco Paulista: the vira turns up and the rank above it makes the manilhas (rules.md §1)."""

from __future__ import annotations

from typing import Any, ClassVar

from chatbot.rules import senas
from chatbot.rules.brazil import BRAZIL_OPTIONS, BrazilianRules
from chatbot.rules.cards import Card, french_deck
from chatbot.rules.options import OptionSpec, choice

# Common ranks low -> high (A=1, J=11, Q=12, K=13); J is above Q in Brazil.
DIRTY_ORDER = (4, 5, 6, 7, 12, 11, 13, 1, 2, 3)
CLEAN_ORDER = (12, 11, 13, 1, 2, 3)
MANILHA_SUIT = {"C": 4, "H": 3, "S": 2, "D": 1}  # zap, copas, espadilha, pica-fumo


class PaulistaRules(BrazilianRules):
    name = "paulista"
    ladder = (1, 3, 6, 9, 12)
    raise_calls = ("truco", "seis", "nove", "doze")
    special_at = 11
    special_value = 3
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        **BRAZIL_OPTIONS, "deck": choice("dirty", "clean")}
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {
        "deck": ("dirty", "clean"), "senas": senas.LOBBY_VALUES}

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self._deck = french_deck(self.order())  # built once: every deal asks for it

    def order(self) -> tuple[int, ...]:
        return CLEAN_ORDER if self.options["deck"] == "clean" else DIRTY_ORDER

    def deck(self) -> tuple[Card, ...]:
        return self._deck

    def turns_up_card(self) -> bool:
        return True

    def manilha_rank(self, vira: Card) -> int:
        order = self.order()
        return order[(order.index(vira.rank) + 1) % len(order)]

    def manilhas(self, vira: Card | None) -> tuple[Card, ...]:
        if vira is None:
            return ()
        rank = self.manilha_rank(vira)
        suits = sorted(MANILHA_SUIT, key=lambda suit: -MANILHA_SUIT[suit])
        return tuple(Card(rank, suit) for suit in suits)

    def strengths(self, vira: Card | None) -> dict[Card, int]:
        assert vira is not None, "Paulista needs a vira"
        manilha = self.manilha_rank(vira)
        common = {rank: 10 - i for i, rank in enumerate(reversed(DIRTY_ORDER))}
        return {
            card: 100 + MANILHA_SUIT[card.suit] if card.rank == manilha else common[card.rank]
            for card in self.deck()
        }
