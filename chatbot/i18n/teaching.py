"""Texts that teach while they show: the manilhas, a hand in rank order, what a hand and an
answer are worth.

A newcomer should not have to work out alone what beats what and what an answer
costs, so every screen that shows a hand or a call says it. What a variant knows
(its manilhas, the order of its cards, whether a hand decides the game, the
ladder) is asked of the rules object; nothing here tests a variant's name.
Call these inside ``use_locale``.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatbot.i18n.cards import card_label
from chatbot.i18n.translation import _, ngettext, npgettext
from chatbot.rules.actions import PLAY, Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card

# A manilha in a hand shown strongest first: a star outside the card's face, so the
# face still reads as printed (a symbol, not an emoji: an emoji may flip an RTL line).
MANILHA_MARK = "★"


def manilhas_line(rules: TrickRules, vira: Card | None, sentence: bool = False) -> str | None:
    """``Manilhas (★), highest first: 7♣ 7♥ 7♠ 7♦``; None in a game without manilhas.

    On a line of its own it is a label; inside a line that goes on (``sentence``, the deal's
    line, where "This is a hand of ten." may follow) it ends with the language's full stop,
    so the next sentence does not run into the cards."""
    manilhas = rules.manilhas(vira)
    if not manilhas:
        return None
    faces = " ".join(card_label(card, rules.family) for card in manilhas)
    if sentence:
        # TRANSLATORS: as "Manilhas ({mark}), highest first: {cards}", ending with your
        # language's full stop: another sentence may follow on the same line.
        return _("Manilhas ({mark}), highest first: {cards}.", mark=MANILHA_MARK, cards=faces)
    # TRANSLATORS: {mark} is a star shown next to each manilha in the player's hand;
    # {cards} are the four manilhas of this hand from the strongest down.
    return _("Manilhas ({mark}), highest first: {cards}", mark=MANILHA_MARK, cards=faces)


def ranked_cards(rules: TrickRules, cards: Sequence[Card], vira: Card | None) -> str:
    """A hand strongest first, each manilha marked: ``7♣★ 3♥ K♠``."""
    manilhas = set(rules.manilhas(vira))
    faces = []
    for card in rules.card_order(cards, vira):
        face = card_label(card, rules.family)
        faces.append(face + MANILHA_MARK if card in manilhas else face)
    return " ".join(faces)


def stake_line(decides_game: bool, stake: int) -> str:
    """What the hand is worth now: its points, or the game itself."""
    if decides_game:
        return _("This hand decides the game.")
    return ngettext("This hand is worth {n} point.", "This hand is worth {n} points.", stake)


def accept_label(word: str, points: int | None) -> str:
    """An accept button with what it plays for: ``Accept: play for 3``."""
    if points is None:
        # TRANSLATORS: {answer} is the accept word ("Accept", "Quiero"); accepting makes
        # the hand decide the game.
        return _("{answer}: play for the game", answer=word)
    # TRANSLATORS: {answer} is the accept word ("Accept", "Quiero"); {n} the points the
    # hand is then played for.
    return ngettext("{answer}: play for {n} point", "{answer}: play for {n} points", points,
                    answer=word)


def tanto_accept_label(word: str, points: int | None, flor: bool) -> str:
    """An accept button of an envido or a contraflor, naming what it plays for: the hand's
    own stake, shown beside it, is another matter (``Quiero: the envido for 28``). Also a
    contraflor's own button, with the call for the word (``Contraflor!: the flor for 6``)."""
    if flor:
        if points is None:
            # TRANSLATORS: {answer} is the accept word ("Quiero"); accepting the
            # contraflor al resto plays the flor for the whole game.
            return _("{answer}: the flor for the game", answer=word)
        # TRANSLATORS: {answer} is the accept word ("Quiero") or the call itself
        # ("Contraflor!"); {n} the points the best flor then scores.
        return ngettext("{answer}: the flor for {n} point", "{answer}: the flor for {n} points",
                        points, answer=word)
    if points is None:
        # TRANSLATORS: {answer} is the accept word ("Quiero"); the falta envido accepted
        # decides the game.
        return _("{answer}: the envido for the game", answer=word)
    # TRANSLATORS: {answer} is the accept word ("Quiero"); {n} the points the best envido
    # count then scores.
    return ngettext("{answer}: the envido for {n} point", "{answer}: the envido for {n} points",
                    points, answer=word)


def run_label(word: str, points: int, one_opponent: bool = False) -> str:
    """A run button with what it gives away: ``Run: they score 1``.

    Facing one opponent, the words that make "they" a plural (pt «eles», bn «ওরা»)
    would be wrong, so a game of two has its own message (context "one opponent")."""
    if one_opponent:
        # TRANSLATORS: a game of two: "they" is the one opponent, of either gender
        # (pt «o adversário marca»).
        return npgettext("one opponent", "{answer}: they score {n} point",
                         "{answer}: they score {n} points", points, answer=word)
    # TRANSLATORS: {answer} is the run word ("Run", "No quiero"); {n} the points the other
    # side then scores.
    return ngettext("{answer}: they score {n} point", "{answer}: they score {n} points",
                    points, answer=word)


def leave_label(word: str) -> str:
    """A throw-in button where each plays for himself (Put with three or more): the one who
    throws in leaves the hand; the putter scores only if nobody sees the put."""
    # TRANSLATORS: {answer} is the refusing word (Put's "Throw in"); that player takes no
    # further part in this hand.
    return _("{answer}: leave this hand", answer=word)


def eleven_play_label(points: int) -> str:
    """The hand-of-eleven choice to play, with its value."""
    return ngettext("Play this hand for {n} point", "Play this hand for {n} points", points)


def eleven_run_label(points: int, one_opponent: bool = False) -> str:
    """The hand-of-eleven choice to run, with what the other side scores (one opponent in a
    game of two: see run_label)."""
    if one_opponent:
        # TRANSLATORS: a game of two: "them" is the one opponent.
        return npgettext("one opponent", "Run: give them {n} point", "Run: give them {n} points",
                         points)
    return ngettext("Run: give them {n} point", "Run: give them {n} points", points)


def in_rank_order(actions: Sequence[Action], rules: TrickRules,
                  vira: Card | None) -> list[Action]:
    """Legal moves as a menu shows them: the cards to play strongest first, then every other
    move in the rules' order. For the terminal's numbered list and the keyboards; the rules'
    own order is left alone, since the bots draw from it."""
    strength = rules.strength_table(vira) if vira is not None or not rules.turns_up_card() \
        else {}

    def key(indexed: tuple[int, Action]) -> tuple[int, int, int]:
        index, action = indexed
        if action.kind == PLAY and action.card is not None and action.card in strength:
            return (0, -strength[action.card], index)
        return (1, 0, index)

    return [action for _, action in sorted(enumerate(actions), key=key)]
