"""Events to text: every event type renders, and nobody reads a card they may not see."""

from __future__ import annotations

from chatbot.fsm import events as TE
from chatbot.i18n.render import Viewer, render, render_all
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules import put_events as PE
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for

RULES = rules_for("paulista")
V0 = Viewer(RULES, 2, ["Ana", "Bot 1"], 0)
SEVEN = Card(7, "H")

ALL_EVENTS: list[E.Event] = [
    E.HandStarted(1, 0, SEVEN, None, 1),
    E.HandStarted(2, 1, SEVEN, "eleven", 1),
    E.HandStarted(3, 1, SEVEN, "iron", 1),
    E.CardsDealt(0, (SEVEN,), 1, audience=E.to_seat(0)),
    E.CardsDealt(0, None, 3, audience=E.to_seat(0)),
    E.PartnerCardsShown(0, 1, (SEVEN,), audience=E.to_seat(0)),
    E.TurnStarted(1, "play"),
    E.TurnStarted(1, "answer"),
    E.CardPlayed(1, SEVEN, 0),
    E.CardPlayed(1, None, 1),
    *[E.CallMade(1, A.TRUCO if v == 3 else A.RAISE, v) for v in (3, 6, 9, 12)],
    *[E.CallMade(1, call) for call in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO, A.FLOR,
                                       A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO, A.MON_RESTE,
                                       A.REDEAL_PROPOSE, A.PUT, A.FOLD, A.ELEVEN_PLAY,
                                       A.ELEVEN_RUN, "instruct-highest", "something")],
    E.CallMade(1, "instruct-rank", 7),
    *[E.CallAnswered(0, call, ok, 3) for call in (A.TRUCO, A.PUT, A.REDEAL_PROPOSE, A.ENVIDO,
                                                  A.CONTRAFLOR, A.MON_RESTE)
      for ok in (True, False)],
    E.TrickWon(0, 1, 1),
    E.TrickWon(1, None, None),
    E.CallScored(A.ENVIDO, 0, 2, 28),
    E.CallScored(A.ENVIDO, None, 0),
    E.CallScored(A.FLOR, 1, 3, 30),
    E.HandWon(0, (3, 0), (3, 0), "tricks"),
    E.HandWon(None, (0, 0), (3, 0), "all-tied"),
    E.StockReshuffled(0),
    E.HandWon(None, (0, 0), (3, 0), "reshuffle"),
    E.CardsRevealed(1, (SEVEN,)),
    E.GameWon(0, (12, 7)),
    PE.CardPassed(1, 3, None),
    PE.CardsDiscarded(1, 2),
    PE.CardWithdrawn(1, SEVEN),
    TE.PlayerSat(1, "Bot 1", True),
    TE.PlayerSat(0, "Ana", False),
    TE.PlayerLeft(1, "Bot 1"),
    TE.TableConfigured("paulista", 2),
    TE.GameStarted("paulista", 2),
    TE.SeatTimedOut(0, True),
    TE.SeatTimedOut(0, False),
    TE.PlayerReturned(0),
    TE.TableClosed("stopped"),
]


def test_every_event_renders_in_english() -> None:
    for event in ALL_EVENTS:
        line = render(event, V0, "en")
        assert line, event
        assert "{" not in line, line


def test_raises_use_the_spoken_call_names() -> None:
    lines = [render(E.CallMade(1, A.RAISE, v), V0, "en") for v in (6, 9, 12)]
    assert lines == ["Bot 1 calls six!", "Bot 1 calls nine!", "Bot 1 calls twelve!"]
    assert render(E.CallMade(1, A.TRUCO, 3), V0, "en") == "Bot 1 calls truco!"


def test_other_seats_cards_are_not_rendered() -> None:
    dealt = E.CardsDealt(1, (SEVEN,), 1, audience=E.to_seat(1))
    assert render(dealt, V0, "en") is None
    assert render_all([dealt], V0, "en") == []


def test_face_down_card_shows_no_face() -> None:
    public = E.CardPlayed(1, None, 1)
    private = E.CardPlayed(1, SEVEN, 1, audience=E.to_seat(1))
    lines = render_all([public, private], V0, "en")
    assert lines == ["Bot 1 played a card face down."]
    assert "7" not in lines[0]


def test_game_over_and_tricks() -> None:
    assert render(E.GameWon(0, (12, 7)), V0, "en") == "Game over: you win 12 to 7."
    onlooker = Viewer(RULES, 2, ["Ana", "Bot 1"], None)
    assert render(E.GameWon(0, (12, 7)), onlooker, "en") == "Game over: Ana wins 12 to 7."
    assert render(E.TrickWon(0, 1, 1), V0, "en") == "The first trick goes to Bot 1."
    assert render(E.TrickWon(2, None, None), V0, "en") == "The third trick is tied."


def test_stock_run_out_tells_everybody_who_deals_next() -> None:
    event = E.StockReshuffled(1)
    for viewer in (V0, Viewer(RULES, 2, ["Ana", "Bot 1"], None)):
        assert render(event, viewer, "en") == (
            "The stock has run out: nobody scores this hand, the cards are shuffled again "
            "and Bot 1 deals.")
    for locale in ("pt_BR", "fa", "ur", "bn"):
        line = render(event, V0, locale)
        assert line is not None and "Bot 1" in line and "stock" not in line


def test_persian_digits() -> None:
    line = render(E.TrickWon(1, None, None), V0, "fa")
    assert line is not None
    assert "2" not in line
