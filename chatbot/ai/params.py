"""The hard bot's tuning in one place: every number its reads, worlds and search were fitted on.

As the rule bots' :class:`~chatbot.ai.rulebot.Style` holds a style's judgement, one
frozen :class:`HardParams` holds the hard bot's: the modules of the search read the
default instance :data:`HARD`, so a change of tuning is one line here, and an
experiment can build another instance and compare. How much a decision may simulate
is apart (:class:`chatbot.ai.search.Budget`), as are the rule bot's own thresholds
(``Style``, ``ENVIDO_CALL_AT``) and the shared strength model (``strength.TOP``),
which the rule bots use too.

Each field says why it has its value: most were measured in the arena (the logs in
``docs/arena/`` say on which runs), a few bound the cost of a decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class HardParams:
    """The hard bot's tuning (see the module's docstring); read from :data:`HARD`."""

    # --- what a table's record says of a raiser (chatbot/ai/reads.py) ---
    # shown strength of a raiser we know nothing about: a normal bot's, roughly
    prior: float = 0.75
    # share of raises a seat we know nothing about runs from
    fold_prior: float = 0.45
    # the prior counts as this many observed hands
    prior_weight: float = 3.0
    # a raiser who shows at least this is played as the tight style ...
    tight_from: float = 0.8
    # ... at most this, as the loose one
    loose_below: float = 0.62
    # Share of hands in which one seat raises when it plays like the normal rule bot, by
    # table size (measured: 30 games of each style against normal, docs/ai.md); more
    # seats share the raising at a bigger table.
    normal_raise_rate: Mapping[int, float] = field(
        default_factory=lambda: {2: 0.32, 4: 0.21, 6: 0.16})
    # the raise-rate prior counts as this many hands
    rate_prior_hands: float = 8.0
    # tightness moved per unit of log(normal rate / observed rate) ...
    rate_gain: float = 0.25
    # ... by at most this much either way
    rate_swing: float = 0.2
    # Share of our raises a normal rule bot runs from (measured: Argentine 2v2, 15 games
    # against hard, docs/ai.md: normal 0.31, tight 0.47, cautious higher, loose 0.07).
    normal_fold_rate: float = 0.33
    # tightness moved per unit of fold rate above a normal player's
    fold_gain: float = 0.4
    # called raises remembered per seat (a series may be long)
    keep_shown: int = 40
    # The curve of a raise's weight by hand strength (reads.raise_weight) at a
    # stranger's read: a floor of 1 - floor_drop (0.03, a raise on nothing stays
    # possible, never likely) and a power of 1 + power_gain (9): of the curves measured
    # on 235 raises of the frozen bot whose hands were won 0.187 of the time once
    # accepted (docs/ai.md, "Calibrating the raise belief"), the one whose estimate
    # after accepting came nearest, 0.191 (a mild curve: 0.402).
    floor_drop: float = 0.97
    # the curve's power at a stranger's read is 1 + this; it rises further above the prior
    power_gain: float = 8.0
    # no read puts more than half of a seat's weak hands down as bluffs
    max_bluff: float = 0.5
    # Raise rate above a normal player's that a seat may reach on value before any of
    # its raises counts as a bluff, by table size. At a table of two the frozen search
    # bot raises in 0.38 of its hands on strong cards (a normal rule bot 0.32): read as
    # bluffing 0.1, the estimate after accepting its trucos ran 0.12 above what was won
    # (docs/arena/2026-12-06-table-of-two.md). Measured at two only.
    value_raise_margin: Mapping[int, float] = field(default_factory=lambda: {2: 0.06})
    # Share of its plays with a choice that a seat we know nothing about plays against
    # the rules of good play (chatbot.ai.card_plays), and how many plays that prior
    # counts as.
    break_prior: float = 0.15
    # that prior weighs as this many plays: a few plays of its own soon outweigh it
    break_prior_plays: float = 6.0
    # Hands a seat has been watched in after which the record's word that it is tight
    # carries half its weight (about two games of 1v1 Paulista): see
    # TableReads.tight_evidence.
    evidence_hands: float = 20.0
    # A raise whose called cards showed less than this reads as a bluff (a random hand
    # of three shows about 0.65, a rule bot's value raise 0.8 or more); a shown weak
    # raise counts as this many hands of evidence, against a prior of this many
    # showdowns (see TableReads.bluff_evidence).
    shown_weak: float = 0.7
    # a weak showing counts this many times: a bluff caught in three brings the
    # stranger's doubt back
    weak_weight: float = 3.0
    # a stranger's prior, in showings: two clean showings halve the doubt
    showdown_prior: float = 2.0

    # --- how a card play is read (chatbot/ai/card_plays.py) ---
    # Weight of a world in which one play broke the rules of good play, for a seat seen
    # keeping to them; a seat that breaks them in ``breaks_for_nothing`` of its plays
    # with a choice gets no reading of its plays (weight 1). The frozen search bot,
    # which leads low to hide a hand, broke them in 0.18-0.33 of its plays (lead,
    # follow); the rule bots never do.
    play_slip: float = 0.1
    # at this share of broken plays a seat's plays are read as saying nothing
    breaks_for_nothing: float = 0.15

    # --- the worlds a raise leaves (chatbot/ai/worlds.py) ---
    # samples drawn per world before settling for a merely usable one
    max_tries: int = 6
    # Share of a raise's weight given by the rule bot of the style the raiser reads as
    # (the rest by the smooth curve of reads.raise_weight), by table size. A rule bot
    # raises on a threshold, so its raise rules out most weak hands; the curve keeps
    # room for a player who raises on reasons no rule bot has (the frozen search bot, a
    # person). Measured in the arena (docs/arena/2026-12-04-raiser-rules.md): at a
    # table of two the rules brought the estimate after accepting the baseline's raises
    # from 0.11 above the outcome to 0.04; at a table of four, where a raise also bets
    # on a partner's cards, the curve alone was already within 0.03 and the rules
    # pushed it 0.08 below.
    rule_share: Mapping[int, float] = field(default_factory=lambda: {2: 0.5, 3: 0.5})
    # At a table of four a raise on turn is weighed by the curve alone and a
    # counter-raise is no news (see worlds.call_belief), except from a seat read clearly
    # as tight: a tight player raises only on strong cards and counters only on a
    # near-certain hand. Its counters, read as no news, were estimated 0.73 and won 0.21
    # (against tight, Paulista 2v2), and its raises on turn, by the curve, +0.07 over
    # what was won when searched again (docs/arena/2026-12-06-tight-at-four.md). Then
    # the tight rules give ``tight_rules_share`` of the weight. The line sits a little
    # above ``tight_from``: the baseline's seats, whose counters are weak, read as
    # tight now and then, on 0.80-0.81.
    tight_rules_from: float = 0.82
    # the tight rules' share of such a raise's weight (the curve keeps the rest)
    tight_rules_share: float = 0.9
    # At a table of two, a raiser not read as loose is weighed mostly by its rules: with
    # half of the weight from the curve, the raiser's chance in the worlds kept after a
    # truco of the baseline averaged 0.73 where its true chance was 0.82 (0.86 against
    # 0.95 for the tight style), and the estimate after accepting ran 0.09-0.12 above
    # what was won (docs/arena/2026-12-06-table-of-two.md). The share rises from
    # ``rule_share`` to ``firm_share`` as the read goes from ``firm_from`` to
    # ``firm_at``; a seat read loose (the aggressive and loose styles read 0.62-0.63)
    # keeps half, its bluffs on the curve's softer side.
    firm_share: Mapping[int, float] = field(default_factory=lambda: {2: 0.8})
    # the read at which the share starts to rise: just above the loose styles' 0.62-0.63
    firm_from: float = 0.64
    # the read at which it is whole: still below a normal player's prior of 0.75
    firm_at: float = 0.70
    # At a table of two a seat read as a normal player may be a tight one: both truco on
    # two top cards, so they raise about as often. Whether it is one is learned, not
    # assumed: its raise is weighed by the tight rules for ``maybe_tight`` of the rules'
    # part times the evidence that this seat raises tight (TableReads.tight_evidence:
    # none for a stranger, growing with the hands it has been watched in and how far its
    # record reads above a normal player's), the normal ones for the rest. Assumed for
    # every stranger, the mix read a second-trick bluffer's trucos as a tight player's
    # and ran from hands that won 0.42 of the time with every card open (issue 37).
    maybe_tight: Mapping[int, float] = field(default_factory=lambda: {2: 0.5})

    # --- an envido caller's count (chatbot/ai/envido_model.py) ---
    # a seat's threshold rises at most this far above a normal player's (downwards there
    # is no limit: a seat that sings on anything tells nothing by singing)
    envido_shift_limit: int = 5
    # the normal player's mean counts as this many shown openings
    envido_prior_weight: float = 3.0
    # a call on a count well under the threshold: rare, never impossible
    envido_bluff: float = 0.06
    # points over which the chance of calling rises near the threshold
    envido_softness: float = 0.4

    # --- señas seen (chatbot/ai/senas.py) ---
    # how far a seña is believed: one in ten is read as a bluff (a person's seña is
    # usually honest, but a bluff is part of the game)
    sena_honest: float = 0.9
    # the chance before a seña that names no card (a flor): a rare hand
    sena_no_prior: float = 0.1

    # --- the search (chatbot/ai/search.py, equity.py) ---
    # accept margin per unit of the raiser's read above a normal player's
    # (docs/arena/2026-12-04-runs-read-tight.md)
    read_margin: float = 1.0
    # how often a hand ends at each ladder level (first value, first raise, ...): the
    # weights of a hand's worth in the match equity
    level_odds: tuple[float, ...] = (0.6, 0.28, 0.08, 0.03, 0.01)

    # --- the defence floor (chatbot/ai/defence.py) ---
    # hands drawn to place ours among the ones we might hold ...
    defence_places: int = 40
    # ... unless there are at most this many: then every one is listed
    defence_places_exact: int = 60

    # --- the exact check of a sure win (chatbot/ai/sure_win.py) ---
    # Bounds for the decision's time budget (each position is a copy of the match and a
    # step of the rules, about 0.1 ms): at most this many positions, this many cards
    # left to play in all, this many ways to split the strong cards between opponents.
    sure_nodes: int = 600
    # cards left to play in all, at most: a longer check would not fit the time budget
    sure_max_left: int = 8
    # ways to split the strong cards between the opponents, at most
    sure_max_splits: int = 10

    # --- answers to a late raise (chatbot/ai/answers.py) ---
    # deals of the unseen cards an answering side's chance is counted on: the deals are
    # short that late in a hand, and a few of them already beat the rule bot's formula
    # (docs/arena/2026-12-07-late-answers.md)
    answer_deals: int = 6
    # the most cards a seat may hold for its answer to be counted (after the first trick
    # of a three-card hand), where the rule bot's formula is at its roughest
    answer_late_held: int = 2


HARD = HardParams()  # the tuning the hard bot plays with
