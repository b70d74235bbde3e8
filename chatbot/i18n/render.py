"""Events -> one line of text each, for one viewer seat in one locale.

This is where the privacy of the hands meets the text: an event is rendered
only when its audience admits the viewer, and a card face appears only in an
event that carries it (a face-down card is ``None`` in its public copy). Every
sentence is a whole catalog message with named placeholders, so translators
can order names, cards and numbers as their grammar wants; numbers are passed
as ints so they get the locale's digits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from chatbot.fsm import events as TE
from chatbot.i18n.bidi import is_rtl, isolate
from chatbot.i18n.cards import card_label, rank_name
from chatbot.i18n.context import current_locale, use_locale
from chatbot.i18n.envido_sung import EnvidoSung
from chatbot.i18n.lists import separated
from chatbot.i18n.senas_text import caught_line, made_line
from chatbot.i18n.teaching import (
    accept_label,
    eleven_play_label,
    eleven_run_label,
    leave_label,
    manilhas_line,
    ranked_cards,
    run_label,
    stake_line,
    tanto_accept_label,
)
from chatbot.i18n.terms import ANSWER_TERMS, Term, special_hand_term, term
from chatbot.i18n.translation import N_, NN_, Plural, _, ngettext
from chatbot.i18n.tricks import TrickLine, trick_line
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules import put_events as PE
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.views import SeatView, slot_index

VARIANT_NAMES: dict[str, str] = {
    "paulista": N_("Truco Paulista"),
    "mineiro": N_("Truco Mineiro"),
    "argentino": N_("Argentine Truco"),
    "le-truc": N_("Le Truc"),
    "put": N_("Put"),
}

# The spoken name of a raise (rules.call_name) -> what the table hears.
RAISE_LINES: dict[str, str] = {
    "truco": N_("{player} calls truco!"),
    "seis": N_("{player} calls six!"),
    "nove": N_("{player} calls nine!"),
    "dez": N_("{player} calls ten!"),
    "doze": N_("{player} calls twelve!"),
    "retruco": N_("{player} calls retruco!"),
    "vale cuatro": N_("{player} calls vale cuatro!"),
    # TRANSLATORS: Le Truc raise (deux de plus): two more points for this hand.
    "two more": N_("{player} asks: two more?"),
}

# Every other call (CallMade.call is the action name).
CALL_LINES: dict[str, str] = {
    A.ENVIDO: N_("{player} calls envido!"),
    A.REAL_ENVIDO: N_("{player} calls real envido!"),
    A.FALTA_ENVIDO: N_("{player} calls falta envido!"),
    A.FLOR: N_("{player} announces flor!"),
    A.CONTRAFLOR: N_("{player} calls contraflor!"),
    A.CONTRAFLOR_AL_RESTO: N_("{player} calls contraflor al resto!"),
    # TRANSLATORS: Le Truc "mon reste": this hand is played for the whole game.
    A.MON_RESTE: N_("{player} calls mon reste: this hand for the game!"),
    A.REDEAL_PROPOSE: N_("{player} asks for a new deal."),
    # TRANSLATORS: the English game Put: the one call of the game.
    A.PUT: N_("{player} puts!"),
    A.FOLD: N_("{player} gives up the hand."),
    A.ELEVEN_PLAY: N_("{player} decides: we play this hand."),
    A.ELEVEN_RUN: N_("{player} decides: we run from this hand."),
    A.INSTRUCT_HIGHEST: N_("{player} tells the partner: play your highest card."),
    A.INSTRUCT_LOWEST: N_("{player} tells the partner: play your lowest card."),
}

# A decision of a side of one: "we" would be wrong in a game of two.
ALONE_CALL_LINES: dict[str, str] = {
    A.ELEVEN_PLAY: N_("{player} decides to play this hand."),
    A.ELEVEN_RUN: N_("{player} decides to run from this hand."),
}

# The viewer's own call, told to them: "You ask for a new deal.", not their name; a call
# with a shout is told as the shout ("You call “Truco!”.", own_call).
OWN_CALL_LINES: dict[str, str] = {
    A.REDEAL_PROPOSE: N_("You ask for a new deal."),
    A.FOLD: N_("You give up the hand."),
    A.ELEVEN_PLAY: N_("You decide to play this hand."),
    A.ELEVEN_RUN: N_("You decide to run from this hand."),
    A.INSTRUCT_HIGHEST: N_("You tell your partner: play your highest card."),
    A.INSTRUCT_LOWEST: N_("You tell your partner: play your lowest card."),
}

ENVIDO_FAMILY = frozenset({A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO})
FLOR_FAMILY = frozenset({A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})


def variant_name(variant: str) -> str:
    """The game's display name in the current locale."""
    msgid = VARIANT_NAMES.get(variant)
    return _(msgid) if msgid is not None else variant


@dataclass(frozen=True, slots=True)
class Viewer:
    """Whom a text is for: a seat at one table (None: an onlooker, public events only)."""

    rules: TrickRules
    players: int
    names: Sequence[str]
    seat: int | None
    vira: Card | None = None  # the hand's turned-up card, to show a hand in rank order

    @property
    def team(self) -> int | None:
        return None if self.seat is None else self.rules.team_of(self.seat, self.players)

    def sees(self, event: E.Event) -> bool:
        if self.seat is None:
            return event.audience.kind == "public"
        team = self.team
        assert team is not None
        return event.audience.admits(self.seat, team)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def card(self, card: Card) -> str:
        return card_label(card, self.rules.family)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def hand(self, cards: Sequence[Card]) -> str:
        """Held cards strongest first, manilhas marked (as dealt when the order is unknown:
        a game with a turned-up card whose card is not known to this viewer)."""
        if self.vira is None and self.rules.turns_up_card():
            return self.cards(cards)
        return ranked_cards(self.rules, cards, self.vira)

    def team_size(self, team: int) -> int:
        return sum(1 for s in range(self.players) if self.rules.team_of(s, self.players) == team)

    def team_name(self, team: int) -> str:
        """A side named by its players: "Ana", "Ana and Bia", "Ana, Bia and Caio"."""
        seats = [s for s in range(self.players) if self.rules.team_of(s, self.players) == team]
        # Each name on its own: the list's separator must not join two names into one
        # left-to-right run in a right-to-left line.
        mark = isolate if is_rtl(current_locale()) else str
        names = [mark(self.name(s)) for s in seats]
        if len(names) == 1:
            return names[0]
        if len(names) == 2:
            # TRANSLATORS: a side of two players; the line that uses it treats it as plural.
            return _("{first} and {second}", first=names[0], second=names[1])
        return _("{others} and {last}", others=separated(names[:-1]), last=names[-1])


def render(event: E.Event, viewer: Viewer, locale: str) -> str | None:
    """One line for this viewer, or None when the event is not theirs to see."""
    if not viewer.sees(event):
        return None
    handler = _HANDLERS.get(type(event))
    if handler is None:
        return None
    with use_locale(locale):
        return handler(event, viewer)


def render_all(events: Iterable[E.Event], viewer: Viewer, locale: str) -> list[str]:
    """The lines of a batch of events, skipping those the viewer may not see.

    A deal's turned-up card is remembered for the rest of the batch, so the cards
    dealt after it are shown strongest first."""
    lines = []
    for event in events:
        if isinstance(event, E.HandStarted) and event.vira != viewer.vira:
            viewer = replace(viewer, vira=event.vira)
        line = render(event, viewer, locale)
        if line:
            lines.append(line)
    return lines


# Between the sides of a score: a dot, not the list comma, which a side's own "and"/comma
# would run into ("Ana and Bot 2: 3 · Bia and Bot 3: 0").
SCORE_SEPARATOR = " · "


def scores_text(viewer: Viewer, score: Sequence[int]) -> str:
    """Every side with its points, ``Ana and Bot 2: 3 · Bia and Bot 3: 0`` (in a locale)."""
    # TRANSLATORS: one side of a score: {team} is one or more player names, {points} a number.
    return SCORE_SEPARATOR.join(_("{team}: {points}", team=viewer.team_name(t), points=p)
                                for t, p in enumerate(score))


def score_line(viewer: Viewer, score: Sequence[int], locale: str) -> str:
    """``Score: Ana: 5 · Bot 1: 3``: every side with its points."""
    with use_locale(locale):
        return _("Score: {scores}", scores=scores_text(viewer, score))


# ------------------------------------------------------------------ rules events
def _hand_started(e: E.HandStarted, v: Viewer) -> str:
    # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
    # verb does not inflect for it; Bengali, no case ending on it.
    if e.dealer == v.seat:
        line = _("Hand {number}: you deal.", number=e.number)
    else:
        line = _("Hand {number}: {player} deals.", number=e.number, player=v.name(e.dealer))
    if e.vira is not None:
        line += " " + _("Turned-up card: {card}.", card=v.card(e.vira))
    manilhas = manilhas_line(v.rules, e.vira, sentence=True)  # the locale's full stop
    if manilhas:
        line += " " + manilhas
    if e.special == "iron":
        line += " " + _("This is an {special}: nobody sees their cards.",
                        special=term(Term.IRON_HAND))
    elif e.special == "eleven":
        special = term(special_hand_term(v.rules.special_at))
        line += " " + _("This is a {special}.", special=special)
    return line


def _cards_dealt(e: E.CardsDealt, v: Viewer) -> str:
    if e.cards is None:
        return ngettext("You got {n} card face down.", "You got {n} cards face down.", e.count)
    if not e.cards:
        return _("You have no cards in this hand.")
    return _("Your cards: {cards}", cards=v.hand(e.cards))


def _partner_cards(e: E.PartnerCardsShown, v: Viewer) -> str:
    return _("{partner} holds {cards}", partner=v.name(e.partner), cards=v.hand(e.cards))


def _turn(e: E.TurnStarted, v: Viewer) -> str:
    if e.seat == v.seat:  # the viewer's own turn: "Your turn", not their name
        if e.phase == "answer":
            return _("You must answer.")
        return _("Your turn.")
    if e.phase == "answer":
        # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
        # verb does not inflect for it; Bengali, no case ending on it.
        return _("{player} must answer.", player=v.name(e.seat))
    # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
    # verb does not inflect for it; Bengali, no case ending on it.
    return _("{player}'s turn.", player=v.name(e.seat))


def _card_played(e: E.CardPlayed, v: Viewer) -> str:
    player = v.name(e.seat)
    if e.card is None:
        if e.seat == v.seat:
            return _("You played a card face down.")
        # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
        # verb does not inflect for it; Bengali, no case ending on it.
        return _("{player} played a card face down.", player=player)
    if e.audience.kind == "seat":  # the owner's own copy of a face-down card
        return _("Your face-down card is {card}.", card=v.card(e.card))
    if e.seat == v.seat:  # the viewer's own play: "You played", not their name
        return _("You played {card}.", card=v.card(e.card))
    # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
    # verb does not inflect for it; Bengali, no case ending on it.
    return _("{player} played {card}.", player=player, card=v.card(e.card))


def _call_made(e: E.CallMade, v: Viewer) -> str:
    if e.seat == v.seat:
        return _own_call(e, v)
    player = v.name(e.seat)
    own = v.rules.call_texts.get(e.call)  # a call of the game's own, in its words
    if own is not None:
        return _(own.made, player=player)
    if e.call in A.LADDER_CALLS:
        ladder = v.rules.ladder
        name = v.rules.call_name(ladder.index(e.value)) if e.value in ladder else A.RAISE
        msgid = RAISE_LINES.get(name)
        if msgid is not None:
            return _(msgid, player=player)
        return _("{player} raises to {points}!", player=player, points=e.value or 0)
    if e.call == A.INSTRUCT_RANK and e.value is not None:
        # TRANSLATORS: {rank} is a rank's name alone ("ace", "seven"); word the line so that
        # it needs no article agreeing with the rank.
        return _("{player} tells the partner: play your {rank}.", player=player,
                 rank=rank_name(e.value, v.rules.family))
    alone = v.team_size(v.rules.team_of(e.seat, v.players)) == 1
    msgid = (ALONE_CALL_LINES.get(e.call) if alone else None) or CALL_LINES.get(e.call)
    if msgid is not None:
        return _(msgid, player=player)
    return _("{player} calls {call}.", player=player, call=e.call)


def _own_call(e: E.CallMade, v: Viewer) -> str:
    """The viewer's own call: the shout they made, or what they did, in the second person."""
    own = v.rules.call_texts.get(e.call)
    if own is not None:
        return _(own.own)
    shout: str | None = None
    if e.call in A.LADDER_CALLS:
        ladder = v.rules.ladder
        name = v.rules.call_name(ladder.index(e.value)) if e.value in ladder else A.RAISE
        known = RAISE_TERMS.get(name)
        if known is None:
            return _("You raise to {points}!", points=e.value or 0)
        shout = term(known)
    elif e.call == A.INSTRUCT_RANK and e.value is not None:
        # TRANSLATORS: {rank} is a rank's name alone ("ace", "seven"): no article before it.
        return _("You tell your partner: play your {rank}.",
                 rank=rank_name(e.value, v.rules.family))
    elif e.call in CALL_TERMS:
        shout = term(CALL_TERMS[e.call])
    elif e.call == A.CONTRAFLOR_AL_RESTO:
        shout = _(ACTION_LABELS[e.call])
    if shout is not None:
        # TRANSLATORS: the viewer's own call; {call} is the shout itself ("Truco!", "Envido!").
        return _("You call “{call}”.", call=shout)
    msgid = OWN_CALL_LINES.get(e.call)
    if msgid is not None:
        return _(msgid)
    return _("You call {call}.", call=e.call)


# The viewer's own answer, by (call family, accepted).
OWN_ANSWER_LINES: dict[tuple[str, bool], str] = {
    ("put", True): N_("You see the put."),
    ("put", False): N_("You throw in."),
    ("redeal", True): N_("You agree to a new deal."),
    ("redeal", False): N_("You refuse the new deal."),
    ("envido", True): N_("You accept the envido."),
    ("envido", False): N_("You refuse the envido."),
    ("flor", True): N_("You accept the contraflor."),
    ("flor", False): N_("You refuse the contraflor."),
    ("mon reste", True): N_("You accept: this hand decides the game."),
    ("raise", True): N_("You accept."),
}

# A raise (or mon reste) refused, in the words of the variant's refuse_call: Brazilian
# truco runs, Argentine truco declines ("No quiero"), Le Truc's governor refuses ("Recuso",
# not «Corro!»). Each pair is
# (the viewer's own refusal, another player's).
REFUSAL_LINES: dict[str, tuple[str, str]] = {
    "run": (N_("You run."), N_("{player} runs.")),
    # TRANSLATORS: Le Truc: the governor says no to "Two more?" or mon reste (pt «recusou»);
    # {player} is a name of any gender.
    "refuse": (N_("You refuse."), N_("{player} refuses.")),
    # TRANSLATORS: Argentine truco: a raise answered "No quiero" (the button's words), so
    # the table says it was declined, not run from (pt «não quis»); {player} is a name of
    # any gender.
    "no-quiero": (N_("You decline."), N_("{player} declines.")),
}


def _answer_family(call: str) -> str:
    if call == A.PUT:
        return "put"
    if call == A.REDEAL_PROPOSE:
        return "redeal"
    if call in ENVIDO_FAMILY:
        return "envido"
    if call in FLOR_FAMILY:
        return "flor"
    if call == A.MON_RESTE:
        return "mon reste"
    return "raise"


def _refusal_lines(rules: TrickRules) -> tuple[str, str]:
    """How this variant's tables say a raise was refused (run, unless the rules name it)."""
    return REFUSAL_LINES.get(rules.refuse_call, REFUSAL_LINES["run"])


def _own_answer(e: E.CallAnswered, v: Viewer) -> str:
    """The viewer's own answer, in the second person ("You accept.", "You run.")."""
    family = _answer_family(e.call)
    if family == "raise" and e.accepted and e.value is not None:
        return ngettext("You accept: the hand is worth {n} point.",
                        "You accept: the hand is worth {n} points.", e.value)
    if family in ("raise", "mon reste") and not e.accepted:
        return _(_refusal_lines(v.rules)[0])
    return _(OWN_ANSWER_LINES[(family, e.accepted)])


def _call_answered(e: E.CallAnswered, v: Viewer) -> str:
    if e.seat == v.seat:
        return _own_answer(e, v)
    player = v.name(e.seat)
    if e.call == A.PUT:
        if e.accepted:
            return _("{player} sees the put.", player=player)
        return _("{player} throws in.", player=player)
    if e.call == A.REDEAL_PROPOSE:
        if e.accepted:
            return _("{player} agrees to a new deal.", player=player)
        return _("{player} refuses a new deal.", player=player)
    if e.call in ENVIDO_FAMILY:
        if e.accepted:
            return _("{player} accepts the envido.", player=player)
        return _("{player} refuses the envido.", player=player)
    if e.call in FLOR_FAMILY:
        if e.accepted:
            return _("{player} accepts the contraflor.", player=player)
        return _("{player} refuses the contraflor.", player=player)
    if e.call == A.MON_RESTE:
        if e.accepted:
            return _("{player} accepts: this hand decides the game.", player=player)
        return _(_refusal_lines(v.rules)[1], player=player)
    if e.accepted:
        if e.value is not None:
            return ngettext("{player} accepts: the hand is worth {n} point.",
                            "{player} accepts: the hand is worth {n} points.",
                            e.value, player=player)
        # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
        # verb does not inflect for it; Bengali, no case ending on it.
        return _("{player} accepts.", player=player)
    return _(_refusal_lines(v.rules)[1], player=player)


def _stock_reshuffled(e: E.StockReshuffled, v: Viewer) -> str:
    # TRANSLATORS: Le Truc: new cards were agreed but too few are left undealt.
    return _("The stock has run out: nobody scores this hand, the cards are shuffled again "
             "and {player} deals.", player=v.name(e.dealer))


def _alone_mine(team: int | None, v: Viewer) -> bool:
    """The side is the viewer alone: the line says "you", not the viewer's own name."""
    return team is not None and team == v.team and v.team_size(team) == 1


def _trick_won(e: E.TrickWon, v: Viewer) -> str:
    """A trick's end, named by its ordinal as players say it: "The first trick goes to Ana."
    (tricks.py)."""
    if e.team is None:
        return trick_line(TrickLine.TIED, e.trick)
    if _alone_mine(e.team, v):
        return trick_line(TrickLine.YOURS, e.trick)
    return trick_line(TrickLine.TAKEN, e.trick, team=v.team_name(e.team))


def _call_scored(e: E.CallScored, v: Viewer) -> str:
    line = _call_scored_line(e, v)
    if e.team is not None and e.points and v.rules.calls_scored_at_end():
        line += " " + _("The points are added to the score when the hand ends.")
    return line


def _call_scored_line(e: E.CallScored, v: Viewer) -> str:
    """The envido or flor result, its message picked from _CALL_SCORED_LINES by who won,
    the call and whether a count was sung, so that one ``ngettext`` says them all."""
    if e.team is None:
        if e.call == A.FLOR:
            return _("Nobody scores the flor.")
        # The one envido nobody scores is one a flor voided (decision 16), maybe after its
        # winner was told: the line says why, so the two do not contradict each other.
        return _("The flor cancels the envido: nobody scores it.")
    values: dict[str, object] = {}
    if _alone_mine(e.team, v):
        scorer = _Scorer.YOU
    else:
        scorer = _Scorer.MANY if v.team_size(e.team) > 1 else _Scorer.ONE
        values["team"] = v.team_name(e.team)
    if e.count is not None:
        values["count"] = e.count
    # Only the envido and the flor score on their own (argentino.py); any other is read
    # as the envido, as a line is better than none.
    call = A.FLOR if e.call == A.FLOR else A.ENVIDO
    pair = _CALL_SCORED_LINES[scorer][call, e.count is not None]
    return ngettext(pair.singular, pair.plural, e.points, **values)


class _Scorer(StrEnum):
    """Who an envido or flor result line names as the winner: the grammar differs."""

    YOU = "you"  # the viewer alone on their side, in the second person
    ONE = "one"  # a side of one: "wins"
    MANY = "many"  # a side of two or three: "win"


# The envido and flor result lines, by who won, then by (call, a winning count sung). A side
# of one takes a singular verb, a side of two or three a plural one: each message comes
# twice, "wins" and "win", and translators choose each one's grammar.
_CALL_SCORED_LINES: dict[_Scorer, dict[tuple[str, bool], Plural]] = {
    _Scorer.MANY: {
        # TRANSLATORS: {team} is two or three players (a plural subject).
        (A.FLOR, True): NN_("{team} win the flor with {count}: {n} point.",
                            "{team} win the flor with {count}: {n} points."),
        # TRANSLATORS: {team} is two or three players (a plural subject).
        (A.FLOR, False): NN_("{team} win the flor: {n} point.",
                             "{team} win the flor: {n} points."),
        # TRANSLATORS: {team} is two or three players (a plural subject); {count} is the
        # winning envido count sung.
        (A.ENVIDO, True): NN_("{team} win the envido with {count}: {n} point.",
                              "{team} win the envido with {count}: {n} points."),
        # TRANSLATORS: {team} is two or three players (a plural subject).
        (A.ENVIDO, False): NN_("{team} win the envido: {n} point.",
                               "{team} win the envido: {n} points."),
    },
    _Scorer.ONE: {
        (A.FLOR, True): NN_("{team} wins the flor with {count}: {n} point.",
                            "{team} wins the flor with {count}: {n} points."),
        (A.FLOR, False): NN_("{team} wins the flor: {n} point.",
                             "{team} wins the flor: {n} points."),
        (A.ENVIDO, True): NN_("{team} wins the envido with {count}: {n} point.",
                              "{team} wins the envido with {count}: {n} points."),
        (A.ENVIDO, False): NN_("{team} wins the envido: {n} point.",
                               "{team} wins the envido: {n} points."),
    },
    _Scorer.YOU: {
        (A.FLOR, True): NN_("You win the flor with {count}: {n} point.",
                            "You win the flor with {count}: {n} points."),
        (A.FLOR, False): NN_("You win the flor: {n} point.", "You win the flor: {n} points."),
        (A.ENVIDO, True): NN_("You win the envido with {count}: {n} point.",
                              "You win the envido with {count}: {n} points."),
        (A.ENVIDO, False): NN_("You win the envido: {n} point.",
                               "You win the envido: {n} points."),
    },
}


def _envido_sung(e: EnvidoSung, v: Viewer) -> str:
    """"Envido counts: Ana: 27 · Bia: son buenas": what each player said, in order."""
    mark = isolate if is_rtl(current_locale()) else str
    voices = []
    for seat, count in e.voices:
        if count is None:
            # TRANSLATORS: a player concedes the envido without showing their count, as
            # players say it (Spanish "son buenas", "yours are good").
            voices.append(_("{player}: son buenas", player=mark(v.name(seat))))
        else:
            # TRANSLATORS: a player's envido count, said aloud ("Ana: 27").
            voices.append(_("{player}: {count}", player=mark(v.name(seat)), count=count))
    # TRANSLATORS: {voices} is the list of what each player said ("Ana: 27 · Bia: son
    # buenas"), after the envido's result.
    return _("Envido counts: {voices}", voices=SCORE_SEPARATOR.join(voices))


def _hand_won(e: E.HandWon, v: Viewer) -> str:
    if e.team is None:
        line = _("Nobody wins the hand.")
    elif e.reason in (A.ENVIDO, A.FLOR):  # points paid at once ended the game mid-hand
        line = _game_ending_call(e.reason, e.team, e.points[e.team], v)
    else:
        points = e.points[e.team]
        if _alone_mine(e.team, v):
            line = ngettext("You win the hand: {n} point.", "You win the hand: {n} points.",
                            points)
        elif v.team_size(e.team) > 1:
            # TRANSLATORS: {team} is two or three players (a plural subject).
            line = ngettext("{team} win the hand: {n} point.", "{team} win the hand: {n} points.",
                            points, team=v.team_name(e.team))
        else:
            line = ngettext("{team} wins the hand: {n} point.",
                            "{team} wins the hand: {n} points.", points, team=v.team_name(e.team))
    return line + " " + _("Score: {scores}", scores=scores_text(v, e.score))


def _game_ending_call(call: str, team: int, points: int, v: Viewer) -> str:
    """The envido or flor paid at once that took a side to the target: what ended the game,
    not "wins the hand", since the hand was not played out."""
    if _alone_mine(team, v):
        if call == A.FLOR:
            return ngettext("The flor ends the game: {n} point to you.",
                            "The flor ends the game: {n} points to you.", points)
        return ngettext("The envido ends the game: {n} point to you.",
                        "The envido ends the game: {n} points to you.", points)
    if call == A.FLOR:
        # TRANSLATORS: {team} is one player or a side of two or three ("Ana and Bot 2").
        return ngettext("The flor ends the game: {n} point to {team}.",
                        "The flor ends the game: {n} points to {team}.", points,
                        team=v.team_name(team))
    # TRANSLATORS: {team} is one player or a side of two or three ("Ana and Bot 2").
    return ngettext("The envido ends the game: {n} point to {team}.",
                    "The envido ends the game: {n} points to {team}.", points,
                    team=v.team_name(team))


def _cards_revealed(e: E.CardsRevealed, v: Viewer) -> str:
    if e.seat == v.seat:
        return _("You show {cards}.", cards=v.cards(e.cards))
    return _("{player} shows {cards}.", player=v.name(e.seat), cards=v.cards(e.cards))


def _game_won(e: E.GameWon, v: Viewer) -> str:
    team = v.team_name(e.team)
    many = v.team_size(e.team) > 1
    if _alone_mine(e.team, v):
        if len(e.score) == 2:
            return _("Game over: you win {score_a} to {score_b}.",
                     score_a=e.score[e.team], score_b=e.score[1 - e.team])
        return ngettext("Game over: you win with {n} point.",
                        "Game over: you win with {n} points.", e.score[e.team])
    if len(e.score) == 2:
        if many:
            # TRANSLATORS: {team} is two or three players (a plural subject).
            return _("Game over: {team} win {score_a} to {score_b}.", team=team,
                     score_a=e.score[e.team], score_b=e.score[1 - e.team])
        return _("Game over: {team} wins {score_a} to {score_b}.", team=team,
                 score_a=e.score[e.team], score_b=e.score[1 - e.team])
    return ngettext("Game over: {team} wins with {n} point.",
                    "Game over: {team} wins with {n} points.", e.score[e.team], team=team)


# -------------------------------------------------------------------- Put events
def _card_passed(e: PE.CardPassed, v: Viewer) -> str:
    if e.card is None:
        if e.to == v.seat:  # the receiver reads its own copy, with the card, instead
            return ""
        if e.seat == v.seat:  # the viewer's own pass: "You pass", not their name
            # TRANSLATORS: Put with four; {partner} is a name of any gender: Urdu, word it
            # so no verb inflects for it; Bengali, no case ending on it.
            return _("You pass a card to {partner}.", partner=v.name(e.to))
        return _("{player} passes a card to {partner}.", player=v.name(e.seat),
                 partner=v.name(e.to))
    return _("{player} passed you {card}.", player=v.name(e.seat), card=v.card(e.card))


def _cards_discarded(e: PE.CardsDiscarded, v: Viewer) -> str:
    if e.seat == v.seat:
        return ngettext("You discard {n} card face down.", "You discard {n} cards face down.",
                        e.count)
    return ngettext("{player} discards {n} card face down.",
                    "{player} discards {n} cards face down.", e.count, player=v.name(e.seat))


def _card_withdrawn(e: PE.CardWithdrawn, v: Viewer) -> str:
    if e.seat == v.seat:
        if e.card is None:
            return _("You take a card back.")
        return _("You take {card} back.", card=v.card(e.card))
    if e.card is None:
        return _("{player} takes a card back.", player=v.name(e.seat))
    return _("{player} takes {card} back.", player=v.name(e.seat), card=v.card(e.card))


def _sena_made(e: E.SenaMade, v: Viewer) -> str:
    return made_line(e.seat, v.name(e.seat), v.seat, e.sena, e.cards, v.rules)


def _sena_caught(e: E.SenaCaught, v: Viewer) -> str:
    return caught_line(v.name(e.seat), e.sena, e.cards, v.rules)


# -------------------------------------------------------------------- table events
def _player_sat(e: TE.PlayerSat, v: Viewer) -> str:
    if e.is_bot:
        return _("{player} (a bot) sits at seat {seat}.", player=e.name, seat=e.seat + 1)
    # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
    # verb does not inflect for it; Bengali, no case ending on it.
    return _("{player} sits at seat {seat}.", player=e.name, seat=e.seat + 1)


def _player_left(e: TE.PlayerLeft, v: Viewer) -> str:
    # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
    # verb does not inflect for it; Bengali, no case ending on it.
    return _("{player} left the table.", player=e.name)


def _table_configured(e: TE.TableConfigured, v: Viewer) -> str:
    return ngettext("The table plays {variant} with {n} player.",
                    "The table plays {variant} with {n} players.", e.players,
                    variant=variant_name(e.variant))


def _game_started(e: TE.GameStarted, v: Viewer) -> str:
    return ngettext("A new game of {variant} for {n} player.",
                    "A new game of {variant} for {n} players.", e.players,
                    variant=variant_name(e.variant))


def _timed_out(e: TE.SeatTimedOut, v: Viewer) -> str:
    if e.away:
        return _("{player} ran out of time; a bot plays for them until they come back.",
                 player=v.name(e.seat))
    # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
    # verb does not inflect for it; Bengali, no case ending on it.
    return _("{player} ran out of time.", player=v.name(e.seat))


def _returned(e: TE.PlayerReturned, v: Viewer) -> str:
    # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
    # verb does not inflect for it; Bengali, no case ending on it.
    return _("{player} is back.", player=v.name(e.seat))


def _closed(e: TE.TableClosed, v: Viewer) -> str:
    return _("The table is closed.")


_HANDLERS: dict[type, Callable[..., str]] = {
    E.HandStarted: _hand_started,
    E.CardsDealt: _cards_dealt,
    E.PartnerCardsShown: _partner_cards,
    E.TurnStarted: _turn,
    E.CardPlayed: _card_played,
    E.CallMade: _call_made,
    E.CallAnswered: _call_answered,
    E.StockReshuffled: _stock_reshuffled,
    E.TrickWon: _trick_won,
    E.CallScored: _call_scored,
    EnvidoSung: _envido_sung,
    E.HandWon: _hand_won,
    E.CardsRevealed: _cards_revealed,
    E.GameWon: _game_won,
    E.SenaMade: _sena_made,
    E.SenaCaught: _sena_caught,
    PE.CardPassed: _card_passed,
    PE.CardsDiscarded: _cards_discarded,
    PE.CardWithdrawn: _card_withdrawn,
    TE.PlayerSat: _player_sat,
    TE.PlayerLeft: _player_left,
    TE.TableConfigured: _table_configured,
    TE.GameStarted: _game_started,
    TE.SeatTimedOut: _timed_out,
    TE.PlayerReturned: _returned,
    TE.TableClosed: _closed,
}


# ------------------------------------------------------------- a seat's own screen
RAISE_TERMS: dict[str, Term] = {
    "truco": Term.TRUCO,
    "seis": Term.SEIS,
    "nove": Term.NOVE,
    "dez": Term.DEZ,
    "doze": Term.DOZE,
    "retruco": Term.RETRUCO,
    "vale cuatro": Term.VALE_CUATRO,
    "two more": Term.TWO_MORE,
}
CALL_TERMS: dict[str, Term] = {
    A.ENVIDO: Term.ENVIDO,
    A.REAL_ENVIDO: Term.REAL_ENVIDO,
    A.FALTA_ENVIDO: Term.FALTA_ENVIDO,
    A.FLOR: Term.FLOR,
    A.CONTRAFLOR: Term.CONTRAFLOR,
    A.MON_RESTE: Term.MON_RESTE,
    A.PUT: Term.PUT_CALL,
}
ACTION_LABELS: dict[str, str] = {
    A.CONTRAFLOR_AL_RESTO: N_("Contraflor al resto!"),
    A.REDEAL_PROPOSE: N_("Ask for a new deal"),
    A.REDEAL_ACCEPT: N_("Accept the new deal"),
    A.REDEAL_REFUSE: N_("Refuse the new deal"),
    # The hand-of-eleven choice named alone (a refusal's words); its buttons add the stakes.
    A.ELEVEN_PLAY: N_("Play this hand"),
    A.ELEVEN_RUN: N_("Run from this hand"),
    A.INSTRUCT_HIGHEST: N_("Tell your partner: highest card"),
    A.INSTRUCT_LOWEST: N_("Tell your partner: lowest card"),
}


def action_label(action: A.Action, view: SeatView, rules: TrickRules, locale: str) -> str:
    """A button's text for one legal action of this seat."""
    with use_locale(locale):
        return _action_label(action, view, rules)


def _action_label(action: A.Action, view: SeatView, rules: TrickRules) -> str:
    kind, card = action.kind, action.card
    own = rules.call_texts.get(kind)  # a call of the game's own: its words are its rules'
    if own is not None:
        return _(own.label)
    family = rules.family
    position = slot_index(card)
    if position is not None:  # a blind pick: its position, never its face
        return _("Card {number}", number=position + 1)
    if kind == A.PLAY and card is not None:
        return card_label(card, family)
    if kind == A.PLAY_HIDDEN and card is not None:
        return _("{card} face down", card=card_label(card, family))
    if kind == A.PASS and card is not None:
        return _("Pass {card} to your partner", card=card_label(card, family))
    if kind == A.DISCARD and card is not None:
        return _("Discard {card}", card=card_label(card, family))
    if kind == A.INSTRUCT_RANK and card is not None:
        # TRANSLATORS: {rank} is a rank's name alone ("ace", "seven"): no article before it.
        return _("Tell your partner: play your {rank}", rank=rank_name(card.rank, family))
    if kind in A.LADDER_CALLS:
        raising = view.pending_call in A.LADDER_CALLS
        name = rules.call_name(view.level + (2 if raising else 1))
        known = RAISE_TERMS.get(name)
        return term(known) if known is not None else _("Raise")
    if kind == A.ACCEPT:
        word = term(Term.PUT_SEE if view.pending_call == A.PUT
                    else ANSWER_TERMS[rules.accept_call])
        stakes = view.answer_stakes  # envido, contraflor, a put: the rules say
        if stakes is not None and view.pending_call in ENVIDO_FAMILY | FLOR_FAMILY:
            return tanto_accept_label(word, stakes[0], flor=view.pending_call in FLOR_FAMILY)
        if stakes is not None:
            return accept_label(word, stakes[0])
        if view.pending_call in A.LADDER_CALLS and view.level + 1 < len(rules.ladder):
            return accept_label(word, rules.ladder[view.level + 1])
        if view.pending_call == A.MON_RESTE:
            return accept_label(word, None)
        return word
    if kind == A.RUN:
        word = term(Term.PUT_THROW_IN if view.pending_call == A.PUT
                    else ANSWER_TERMS[rules.refuse_call])
        if view.answer_stakes is not None:
            if len(view.score) > 2:  # each for himself: the one who throws in drops out
                return leave_label(word)
            return run_label(word, view.answer_stakes[1], one_opponent=view.players == 2)
        if view.pending_call in (A.TRUCO, A.RAISE, A.MON_RESTE):
            return run_label(word, view.stake, one_opponent=view.players == 2)
        return word
    if kind == A.ELEVEN_PLAY:
        value = rules.special_value
        return eleven_play_label(value if value is not None else rules.ladder[0])
    if kind == A.ELEVEN_RUN:
        return eleven_run_label(rules.ladder[0], one_opponent=view.players == 2)
    if kind == A.FOLD:
        return term(ANSWER_TERMS[rules.fold_call])
    if view.contest_stakes is not None and kind in FLOR_FAMILY:
        return _contest_label(kind, view.contest_stakes, view.players)
    called = CALL_TERMS.get(kind)
    if called is not None:
        return term(called)
    msgid = ACTION_LABELS.get(kind)
    return _(msgid) if msgid is not None else kind


def leading_line(viewer: Viewer, plays: Sequence[tuple[int, Card | None]]) -> str | None:
    """Which card takes the trick in play if nobody beats it: ``Winning so far: 3♥ (Ana)``,
    or the cards tied across sides; None while only face-down cards lie there. The viewer
    carries the hand's turned-up card, which the strengths depend on."""
    rules = viewer.rules
    strength = rules.strength_table(viewer.vira)
    shown = [(seat, card) for seat, card in plays if card is not None and card in strength]
    if not shown:
        return None
    best = max(strength[card] for _seat, card in shown)
    top = [(seat, card) for seat, card in shown if strength[card] == best]
    if len({rules.team_of(seat, viewer.players) for seat, _card in top}) > 1:
        # TRANSLATORS: the cards of different sides that tie the trick in play so far.
        return _("Tied so far: {cards}", cards=viewer.cards(card for _seat, card in top))
    seat, card = top[0]
    if seat == viewer.seat:
        # TRANSLATORS: the viewer's own card takes the trick in play so far.
        return _("Winning so far: {card} (yours)", card=viewer.card(card))
    # TRANSLATORS: the card that takes the trick in play unless a later card beats it, and
    # who played it.
    return _("Winning so far: {card} ({player})", card=viewer.card(card),
             player=viewer.name(seat))


def tricks_line(viewer: Viewer, tricks: Sequence[int | None], sides: int) -> str | None:
    """The tricks each side has won this hand, ``Tricks won: Ana: 1 · Bot 1: 0``, and how
    many were tied; None before the first trick ends."""
    if not tricks:
        return None
    won = [sum(1 for team in tricks if team == side) for side in range(sides)]
    scores = scores_text(viewer, won)
    tied = sum(1 for team in tricks if team is None)
    if tied:
        # TRANSLATORS: {scores} as in "Ana: 1 · Bot 1: 0"; {n} the tricks tied this hand.
        return _("Tricks won: {scores} · tied: {n}", scores=scores, n=tied)
    # TRANSLATORS: {scores} is each side with the tricks it won this hand ("Ana: 1 · Bot 1: 0").
    return _("Tricks won: {scores}", scores=scores)


def _contest_label(kind: str, stakes: tuple[int, int, int | None], players: int) -> str:
    """Meeting the other side's flor: a plain flor ("con flor me achico") gives them its
    points, a contraflor or al resto plays the flor for its stake."""
    achico, contraflor, resto = stakes
    if kind == A.FLOR:
        return run_label(term(Term.FLOR), achico, one_opponent=players == 2)
    if kind == A.CONTRAFLOR:
        return tanto_accept_label(term(Term.CONTRAFLOR), contraflor, flor=True)
    return tanto_accept_label(_(ACTION_LABELS[A.CONTRAFLOR_AL_RESTO]), resto, flor=True)


def view_lines(view: SeatView, viewer: Viewer, locale: str) -> list[str]:
    """What a seat sees on its turn: its cards, the table, the stake and the score."""
    viewer = replace(viewer, vira=view.vira)
    with use_locale(locale):
        lines = []
        if view.vira is not None:
            lines.append(_("Turned-up card: {card}.", card=viewer.card(view.vira)))
        manilhas = manilhas_line(viewer.rules, view.vira)
        if manilhas:
            lines.append(manilhas)
        if view.hand is None:
            lines.append(ngettext("You hold {n} card face down.", "You hold {n} cards face down.",
                                  view.hand_size))
        elif view.hand:
            lines.append(_("Your cards: {cards}", cards=viewer.hand(view.hand)))
        for owner, cards in view.seen.items():
            if owner != view.seat and cards:
                lines.append(_("{partner} holds {cards}", partner=viewer.name(owner),
                               cards=viewer.hand(cards)))
        if view.table:
            plays = [_("{player}: {card}", player=viewer.name(seat),
                       card=viewer.card(card) if card is not None else _("face down"))
                     for seat, card in view.table]
            lines.append(_("On the table: {plays}", plays=separated(plays)))
            leading = leading_line(viewer, view.table)
            if leading:
                lines.append(leading)
        else:
            lines.append(_("The table is empty."))
        tricks = tricks_line(viewer, view.tricks, len(view.score))
        if tricks:
            lines.append(tricks)
        lines.append(stake_line(view.decides_game, view.stake))
    lines.append(score_line(viewer, view.score, locale))
    return lines
