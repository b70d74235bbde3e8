"""Why a move was refused, said to the player who tried it.

``reasons.explain`` speaks for the scenario runner ("seat 1 cannot ask for
seis: your team raised last"): seat numbers and rule codes, compared word for
word by the shared scenario tests. A player needs the same reason in the second
person, with the other players' names and the game's own words: "You cannot
call “Six!” now: your team raised last." This module turns an
:class:`IllegalAction` into that sentence; ``reasons*.py`` stay the runner's.

Parameters are turned into words before filling in: seats become names, call
and action codes become the glossary term or the button's label, ranks their
names; counts stay ints so they get the locale's digits. When a value cannot be
said (an unknown code, no table at hand), a shorter sentence without it is used,
and an unknown reason gives a generic sentence: never a code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chatbot.i18n.cards import rank_name
from chatbot.i18n.context import use_locale
from chatbot.i18n.lists import separated
from chatbot.i18n.render import (
    ACTION_LABELS,
    CALL_TERMS,
    RAISE_TERMS,
    Viewer,
    action_label,
    variant_name,
)
from chatbot.i18n.table_text import ALERTS, seat_names
from chatbot.i18n.terms import Term, special_hand_term, term
from chatbot.i18n.translation import N_, ntranslate, translate
from chatbot.rules import actions as A
from chatbot.rules.cards import FRENCH_RANKS_BY_CODE
from chatbot.rules.errors import IllegalAction
from chatbot.rules.state import Match
from chatbot.rules.views import seat_view

if TYPE_CHECKING:
    from chatbot.fsm.table import Table

GENERIC = ALERTS["not-now"]  # "That is not possible at this moment of the game."

# Params that name a seat: said as that player's name.
SEAT_PARAMS = frozenset({"answerer", "to_act", "decider", "mano", "passer", "partner"})

# One sentence per reason code of IllegalAction (chatbot/rules/*), in the second
# person. A key "reason:case" is a form of the same reason for a special case
# (see _message_key); the placeholders are filled by _values.
PLAYER_REASONS: dict[str, str] = {
    # ----------------------------------------------------------------- every game
    "unknown-action": N_("There is no such move."),
    "game-over": N_("The game is over."),
    # TRANSLATORS: hand = one whole deal (fa «دور», ur «بازی», bn «দান»).
    "hand-over": N_("This hand is over: wait for the next deal."),
    "hand-in-progress": N_("The hand is still being played."),
    "not-a-seat": N_("You have no seat at this table."),
    # TRANSLATORS: {action} is a call or a button, e.g. “Envido!”; {variant} the game's name.
    "not-in-variant": N_("“{action}” is not part of {variant}."),
    "not-in-variant:unnamed": N_("That move is not part of {variant}."),
    # TRANSLATORS: {answerer} is a player's name, {call} a call as said at the table ("Truco!").
    "not-your-answer": N_("{answerer} answers “{call}”, not you."),
    "not-your-answer:unnamed": N_("{answerer} answers the call, not you."),
    "must-answer": N_("First answer “{call}”."),
    "must-answer:unnamed": N_("First answer the call made to you."),
    "nothing-to-answer": N_("There is nothing to answer: nobody made a call."),
    # TRANSLATORS: {player} is the name of the player whose turn it is.
    "not-your-turn": N_("It is {player}'s turn, not yours."),
    "not-your-turn:unnamed": N_("It is not your turn."),
    "card-not-held": N_("You do not hold that card."),
    "no-covered-card": N_("Cards are not played face down at this table."),
    # TRANSLATORS: trick = one round of cards (fa «دست», ur «ہاتھ», bn «পিট»).
    "no-covered-card-now": N_("You cannot play a card face down in this trick."),
    # TRANSLATORS: {call} is the raise to call now, e.g. “Six!”.
    "wrong-raise-name": N_("The raise to call now is “{call}”."),
    # TRANSLATORS: {special} is "hand of eleven" or "hand of ten".
    "no-raise-special-hand": N_("Nobody raises in this hand: it is a {special}."),
    # TRANSLATORS: {special} is "iron hand" (mão de ferro), a hand played blind.
    "no-raise-special-hand:iron": N_("Nobody raises in this hand: it is an {special}."),
    "raise-at-top": N_("No more raises: this hand is already worth the most it can."),
    # TRANSLATORS: {call} is the raise, e.g. “Six!”; said to a player of a team.
    "raise-alternation": N_("You cannot call “{call}” now: your team raised last."),
    # TRANSLATORS: {call} is the raise, e.g. “Six!”; said to a player without partner.
    "raise-alternation:alone": N_("You cannot call “{call}” now: you raised last."),
    "raise-pointless": N_("You cannot call “{call}”: the points already on offer win the game."),
    # TRANSLATORS: {action} is a call or a button, e.g. “Accept”.
    "not-now": N_("“{action}” is not possible now."),
    "not-now:unnamed": GENERIC,
    "not-now:play": N_("You cannot play that card now."),
    "not-now:play-hidden": N_("You cannot play a card face down now."),
    "not-now:pass": N_("You cannot pass a card now."),
    "not-now:discard": N_("You cannot discard now."),
    # TRANSLATORS: the hand of eleven: {decider} decides whether their team plays it.
    "not-your-decision": N_("{decider} decides for your team whether to play this hand."),
    "eleven-decision-first": N_("Wait: {decider} first decides whether your team plays this "
                                "hand."),
    "eleven-decision-first:you": N_("First decide whether your team plays this hand."),
    # TRANSLATORS: {special} is "hand of eleven" (Paulista) or "hand of ten" (Mineiro).
    "no-eleven-decision": N_("There is nothing to decide: this is not a {special}."),
    # ------------------------------------------------------------ Argentine truco
    "flor-first": N_("You hold a flor: announce it first."),
    # TRANSLATORS: {call} is “Contraflor!” or a similar flor call.
    "flor-no-contest": N_("You cannot call “{call}”: nobody holds a flor against you. Just "
                          "announce your flor."),
    "flor-announced": N_("You have already announced your flor."),
    "no-flor": N_("You cannot sing flor: you do not hold three cards of one suit."),
    # TRANSLATORS: {chain} lists the envido calls made so far, e.g. “Envido!, Real envido!”.
    "envido-no-raise": N_("You cannot answer “{call}” after the calls so far ({chain})."),
    "envido-after-flor": N_("You cannot call “{call}”: a flor was announced, so there is no "
                            "envido in this hand."),
    "envido-sung": N_("You cannot call “{call}”: the envido was already sung in this hand."),
    "envido-first-trick": N_("You cannot call “{call}”: the envido is only sung in the first "
                             "trick."),
    "envido-after-truco": N_("You cannot call “{call}”: the truco was already accepted."),
    "envido-after-card": N_("You cannot call “{call}”: the envido is sung before you play "
                            "your first card."),
    # --------------------------------------------------------------------- Le Truc
    # TRANSLATORS: Le Truc: {mano} is a governor's name; a new deal = a redeal.
    "redeal-not-mano": N_("Only {mano}, the governor of the side that did not deal, may ask "
                          "for a new deal."),
    "redeal-once": N_("A new deal may be asked for only once a hand."),
    "redeal-too-late": N_("Too late for a new deal: it must be asked for before anything else "
                          "in the hand."),
    # "redeal-no-stock" is a plural message: see _text.
    "redeal-no-stock": N_("There are not enough cards left for a new deal."),
    "no-redeal-to-answer": N_("Nobody asked for a new deal."),
    # TRANSLATORS: Le Truc: {answerer} is the dealer's name.
    "not-your-redeal-answer": N_("{answerer}, the dealer, answers the request for a new deal, "
                                 "not you."),
    "answer-redeal": N_("First accept or refuse the new deal."),
    "no-counter-raise": N_("You cannot raise now: first accept or refuse."),
    # TRANSLATORS: Le Truc: {call} is “My remainder!” (mon reste).
    "mon-reste-accepted": N_("No more calls: “{call}” was accepted, this hand decides the "
                             "game."),
    # TRANSLATORS: Le Truc signals: {partner} is your governor, who gave you an order.
    "must-obey-highest": N_("{partner} asked you to play your highest card."),
    "must-obey-lowest": N_("{partner} asked you to play your lowest card."),
    # TRANSLATORS: {rank} is a rank's name, e.g. "king".
    "must-obey-rank": N_("{partner} asked you to play the {rank}."),
    "must-obey-rank:unnamed": N_("{partner} asked you to play another card."),
    "no-signals": N_("This table plays without signals: no instructions to the partner."),
    "instruct-not-governor": N_("Only a governor may give instructions."),
    "instruct-once": N_("You have already given your instruction in this hand."),
    "instruct-too-late": N_("Too late for an instruction: {partner} has no cards left."),
    "instruct-card-not-held": N_("You can only name a card that {partner} holds."),
    # --------------------------------------------------------- señas (issue 12)
    # TRANSLATORS: a signal is a seña, a partner's secret gesture about the cards
    # (the glossary's «sinal», «علامت», «اشارہ», «ইশারা»).
    "senas-off": N_("Signals are not played at this table."),
    "sena-hand-over": N_("No hand is being played: a signal waits for the next deal."),
    "sena-unknown": N_("This game has no such signal."),
    "sena-no-cards": N_("You have no card left to signal about."),
    "sena-repeated": N_("You have already made that signal in this hand."),
    "sena-limit": N_("You have made as many signals as a hand allows."),
    # ------------------------------------------------------------------------- Put
    # TRANSLATORS: Put: {passer} is the name of the player who passes a card.
    "pass-first": N_("Wait: {passer} passes a card first."),
    "pass-first:you": N_("First pass a card to your partner."),
    "not-your-pass": N_("{passer} passes a card now, not you."),
    "partner-passed": N_("{partner} already passed a card for your partnership."),
    "pass-highest": N_("You must pass your highest card."),
    "discard-first": N_("Wait: the players who received a card discard first."),
    "passer-no-discard": N_("You passed a card, so you have nothing to discard."),
    "already-discarded": N_("You have already discarded."),
    "out-of-hand": N_("You take no further part in this hand."),
    "passing-over": N_("The passing of cards is over."),
    "no-passing": N_("Cards are passed only in the four-player partnership game."),
    # TRANSLATORS: Put: the put is the game's one call (fa «پات», ur «پٹ», bn «পুট»).
    "put-once": N_("There has already been a put in this hand."),
    "no-throw-in-individual": N_("You cannot throw in: with three or more players you throw in "
                                 "only against a put."),
    "no-throw-in-after-put": N_("You cannot throw in: the put was seen, so the hand is played "
                                "out."),
}

# Params a reason implies without carrying them: the call Mon Reste was accepted.
IMPLIED: dict[str, dict[str, object]] = {"mon-reste-accepted": {"call": A.MON_RESTE}}
SPECIAL_TERMS: dict[str, Term] = {"iron": Term.IRON_HAND, "eleven": Term.HAND_OF_ELEVEN}
CARD_KINDS = frozenset({A.PLAY, A.PLAY_HIDDEN, A.PASS, A.DISCARD})


@dataclass(frozen=True, slots=True)
class _Scene:
    """What the sentence may name: the table's players and the moment of the game."""

    viewer: Viewer | None
    match: Match | None
    locale: str

    @property
    def seat(self) -> int | None:
        return None if self.viewer is None else self.viewer.seat

    def name(self, seat: object) -> str | None:
        if self.viewer is None or not isinstance(seat, int):
            return None
        return self.viewer.names[seat] if 0 <= seat < len(self.viewer.names) else None

    def partner(self) -> str | None:
        """The seat across the table, in the four-player partnership games."""
        if self.viewer is None or self.seat is None or self.viewer.players != 4:
            return None
        return self.name((self.seat + 2) % 4)


def explain_to_player(error: IllegalAction, viewer: Viewer | None, locale: str,
                      match: Match | None = None) -> str:
    """Why ``viewer.seat`` may not do that, in words for that player.

    ``viewer`` gives the names (None: names unknown, shorter sentences are
    used); ``match`` lets a raise be named for the moment it was refused.
    """
    scene = _Scene(viewer, match, locale)
    with use_locale(locale):
        return _text(error, scene)


def explain_at_table(error: IllegalAction, table: Table, seat: int | None, locale: str) -> str:
    """:func:`explain_to_player` for the player at ``seat`` of a table."""
    viewer = Viewer(table.rules, table.players, seat_names(table, locale), seat)
    return explain_to_player(error, viewer, locale, table.match)


def _text(error: IllegalAction, scene: _Scene) -> str:
    key = _message_key(error, scene)
    values = _values({**IMPLIED.get(error.reason, {}), **error.params}, scene)
    left = values.get("left")
    if error.reason == "redeal-no-stock" and isinstance(left, int):
        return ntranslate("Not enough cards left for a new deal: it takes {needed}, and {n} card "
                          "is left.",
                          "Not enough cards left for a new deal: it takes {needed}, and {n} "
                          "cards are left.", left, scene.locale, **values)
    own = scene.viewer.rules.reason_texts.get(error.reason) if scene.viewer else None
    messages = [PLAYER_REASONS.get(key), PLAYER_REASONS.get(f"{error.reason}:unnamed")]
    for message in (own.player if own is not None else None, *messages):
        if message is None:
            continue
        try:
            return translate(message, scene.locale, **values)
        except (KeyError, IndexError):  # a value it names could not be said
            continue
    return translate(GENERIC, scene.locale)


def _message_key(error: IllegalAction, scene: _Scene) -> str:
    """The reason, or its form for a special case (who it is, which hand, which card)."""
    reason, params = error.reason, error.params
    if reason == "must-answer" and params.get("call") == A.REDEAL_PROPOSE:
        return "answer-redeal"
    if reason == "raise-alternation" and scene.viewer is not None and scene.viewer.players == 2:
        return "raise-alternation:alone"
    if reason == "no-raise-special-hand" and params.get("special") == "iron":
        return "no-raise-special-hand:iron"
    if reason == "eleven-decision-first" and params.get("decider") == scene.seat:
        return "eleven-decision-first:you"
    if reason == "pass-first" and params.get("passer") == scene.seat:
        return "pass-first:you"
    if reason == "not-now" and params.get("action") in CARD_KINDS:
        return f"not-now:{params['action']}"
    return reason


def _values(params: Mapping[str, object], scene: _Scene) -> dict[str, object]:
    """The params as words; a value that cannot be said is left out."""
    values: dict[str, object] = {}
    said: object
    for key, value in params.items():
        if key in SEAT_PARAMS:
            said = scene.name(value)
        elif key == "call":
            said = _call_word(str(value), scene)
        elif key == "expected":  # the raise to call instead: said as {call}
            key, said = "call", _call_word(str(value), scene, proposing=True)
        elif key == "action":
            said = _action_word(str(value), scene)
        elif key == "chain":
            said = _chain(str(value), scene)
        elif key == "rank":
            said = _rank(str(value), scene)
        elif key == "special":
            said = _special(scene) if value == "eleven" else _term_of(SPECIAL_TERMS, value, scene)
        elif key in ("needed", "left") and isinstance(value, int):
            said = value
        else:
            continue  # "seat" is the reader: "you"
        if said is not None:
            values[key] = said
    derived: dict[str, object] = {
        "player": values.get("to_act"),
        "partner": scene.partner(),
        "special": _special(scene),
        "variant": variant_name(scene.viewer.rules.name) if scene.viewer is not None else None,
    }
    for key, said in derived.items():
        if said is not None:
            values.setdefault(key, said)
    return values


def _term_of(table: Mapping[str, Term], key: object, scene: _Scene) -> str | None:
    found = table.get(key) if isinstance(key, str) else None
    return term(found, scene.locale) if found is not None else None


def _special(scene: _Scene) -> str:
    """The hand of eleven, which Truco Mineiro plays as the hand of ten."""
    special_at = scene.viewer.rules.special_at if scene.viewer is not None else None
    return term(special_hand_term(special_at), scene.locale)


def _call_word(call: str, scene: _Scene, *, proposing: bool = False) -> str | None:
    """A call as said at the table ("Six!", "Real envido!"), from a code or its spoken form.

    "raise" alone names no call: the match tells which raise it is (the one on
    the table, or the next one when ``proposing``).
    """
    if call == A.RAISE or (proposing and call == A.TRUCO):
        call = _raise_name(scene, proposing=proposing) or call
    own = scene.viewer.rules.call_texts.get(call) if scene.viewer is not None else None
    if own is not None:  # a call of the game's own: its button's words
        return translate(own.label, scene.locale)
    code = call.replace(" ", "-")  # "real envido" as the Argentine rules say it
    if code == A.CONTRAFLOR_AL_RESTO:  # no glossary term: the button's words
        return translate(ACTION_LABELS[code], scene.locale)
    return _term_of(RAISE_TERMS, call, scene) or _term_of(CALL_TERMS, code, scene)


def _raise_name(scene: _Scene, *, proposing: bool) -> str | None:
    """The spoken name of the raise on the table, or of the next one."""
    match, viewer = scene.match, scene.viewer
    if match is None or match.hand is None or viewer is None:
        return None
    pending = match.hand.pending
    if not proposing and pending is not None and pending.call in A.LADDER_CALLS:
        level = pending.level
    else:
        level = match.hand.level + 1
    name = viewer.rules.call_name(level)
    return name if name != A.RAISE else None


def _action_word(kind: str, scene: _Scene) -> str | None:
    """A move as its button says it: a call's word, or the label of the answer or choice."""
    if kind in CARD_KINDS:
        return None
    if scene.viewer is not None and kind in scene.viewer.rules.call_texts:
        return _call_word(kind, scene)
    if kind not in A.ALL_ACTIONS and kind not in RAISE_TERMS:
        return None
    if kind not in A.LADDER_CALLS:
        called = _call_word(kind, scene)
        if called is not None:
            return called
    match, viewer = scene.match, scene.viewer
    if match is None or match.hand is None or viewer is None or viewer.seat is None:
        if kind == A.TRUCO:
            return _call_word(kind, scene, proposing=True)
        label = ACTION_LABELS.get(kind)
        return translate(label, scene.locale) if label is not None else None
    view = seat_view(viewer.rules, match, viewer.seat)
    label = action_label(A.Action(A.Kind(kind)), view, viewer.rules, scene.locale)
    return None if label == kind else label


def _chain(chain: str, scene: _Scene) -> str | None:
    words = [_call_word(call, scene) for call in chain.split(", ")]
    if not words or None in words:
        return None
    return separated([w for w in words if w is not None], scene.locale)


def _rank(code: str, scene: _Scene) -> str | None:
    rank = FRENCH_RANKS_BY_CODE.get(code)
    if rank is None or scene.viewer is None:
        return None
    return rank_name(rank, scene.viewer.rules.family, scene.locale)
