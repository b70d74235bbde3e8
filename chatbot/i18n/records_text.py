"""Players' records in words: the ``/stats`` card, a group's ``/top`` and the answers of
``/privacy`` and ``/forget``, in the reader's language and digits.

Counters come as ``PlayerStats`` (chatbot/stats/player_records.py); every line here
is "a label: numbers", so no language has to agree a noun with a count it cannot see.
Optional lines (hands of eleven, envido, señas, bots) appear only when there is
something to say, which keeps the card short.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chatbot.i18n.bidi import is_rtl, rtl_lines
from chatbot.i18n.context import current_locale
from chatbot.i18n.numbers import format_number
from chatbot.i18n.render import variant_name
from chatbot.i18n.translation import N_, _, ngettext
from chatbot.stats.ratings import BOARD_GAMES, BOARD_OPPONENTS, Rating

if TYPE_CHECKING:  # the records come from storage; this module only words them
    from chatbot.stats.player_records import BoardLine, PlayerStats

BOARD_LINES = 10  # a leaderboard's length; the reader's own place is added below it

# A rating family's name, as players call the games it covers.
FAMILY_NAMES = {
    "brazilian": N_("Brazilian Truco (Paulista and Mineiro)"),
    "argentino": N_("Argentine Truco"),
    "le-truc": N_("Le Truc"),
    "put": N_("Put"),
}


def family_name(family: str) -> str:
    return _(FAMILY_NAMES[family]) if family in FAMILY_NAMES else family


# A game's format: two sides ("2 v 2"), or every seat for itself (Put with three or more).
SIDES = N_("{a} v {b}")
EACH_FOR_THEMSELVES = N_("{n} players, each for themselves")


def format_name(format_: str) -> str:
    """``2v2`` as the reader says it, in their digits."""
    sizes = [int(size) for size in format_.split("v") if size.isdigit()]
    if len(sizes) == 2:
        return _(SIDES, a=sizes[0], b=sizes[1])
    return _(EACH_FOR_THEMSELVES, n=sum(sizes))


def rating_text(rating: Rating) -> str:
    """The conservative estimate, one decimal, in the locale's digits."""
    return format_number(round(rating.ordinal, 1))


def stats_card(stats: PlayerStats, name: str, level_name: dict[str, str]) -> str:
    """A player's records as a short card; ``level_name`` names the bot levels met."""
    if not stats.counters:
        return _("{name} has not finished a game with me yet.", name=name)
    lines = [_("📊 Records of {name}", name=name)]
    people = stats.total("games", opponents="people")
    if people:
        lines.append(_("Games against people: {games}, won {wins}", games=people,
                       wins=stats.total("wins", opponents="people")))
        for (variant, format_, against), counts in sorted(stats.counters.items()):
            if against == "people" and counts.get("games"):
                lines.append("  " + _("{game}, {format}: {games} played, {wins} won",
                                      game=variant_name(variant), format=format_name(format_),
                                      games=counts["games"], wins=counts.get("wins", 0)))
    bots = stats.total("games", opponents="bots")
    if bots:
        lines.append(_("Games with bots at the table: {games}, won {wins}", games=bots,
                       wins=stats.total("wins", opponents="bots")))
        for level in level_name:  # in the order the menus name them
            played = stats.total(f"vs_bot_{level}_games")
            if played:
                won = stats.total(f"vs_bot_{level}_wins")
                lines.append("  " + _("Against the {level} bot: {wins} won, {losses} lost",
                                      level=level_name[level], wins=won, losses=played - won))
        for family, rating in sorted(stats.bot_table_ratings.items()):
            lines.append("  " + _bot_table_rating_line(family, rating))
    lines.append(_("Hands won: {won} of {played}", won=stats.total("hands_won"),
                   played=stats.total("hands")))
    levels = _raise_levels(stats)
    if levels:
        lines.append(_("Raises called (won), by level: {levels}", levels=levels))
    if stats.total("raises_accepted") or stats.total("runs"):
        lines.append(_("Raises accepted: {accepted}, won {won}; ran from {runs}",
                       accepted=stats.total("raises_accepted"),
                       won=stats.total("raises_accepted_won"), runs=stats.total("runs")))
    if stats.total("eleven_played"):
        lines.append(_("Hands of eleven (ten): {played} played, {won} won",
                       played=stats.total("eleven_played"), won=stats.total("eleven_won")))
    if stats.total("envido_won") or stats.total("flor_won"):
        lines.append(_("Envido won: {envido}; flor won: {flor}",
                       envido=stats.total("envido_won"), flor=stats.total("flor_won")))
    if stats.total("senas_made") or stats.total("senas_caught"):
        lines.append(_("Signals made: {made}; caught from opponents: {caught}",
                       made=stats.total("senas_made"), caught=stats.total("senas_caught")))
    lines.append(_("Longest winning streak: {best} (now {current})", best=stats.best_streak,
                   current=stats.streak))
    for family, rating in sorted(stats.ratings.items()):
        lines.append(_rating_line(family, rating))
    return _joined(lines)


def _joined(lines: list[str]) -> str:
    """The lines as one message. Each translated line starts right to left already, but
    an indented one or the board's "…" would start with a neutral character, which lays
    the line out left to right in Persian and Urdu: there every line gets an RLM first."""
    text = "\n".join(lines)
    return rtl_lines(text) if is_rtl(current_locale()) else text


def _raise_levels(stats: PlayerStats) -> str:
    """"1: 5 (3) · 2: 2 (1)": raises called at each level of the ladder (won). A level
    may be called without the one below (a counter-raise), so every level is looked up."""
    prefix = "raises_called_"
    levels = sorted({int(name.removeprefix(prefix)) for counts in stats.counters.values()
                     for name in counts if name.startswith(prefix)})
    return " · ".join(
        f"{format_number(level)}: {format_number(stats.total(prefix + str(level)))} "
        f"({format_number(stats.total(f'raises_won_{level}'))})" for level in levels)


def _rating_line(family: str, rating: Rating) -> str:
    if rating.provisional:
        return ngettext("Rating, {family}: {rating}, provisional after {n} game",
                        "Rating, {family}: {rating}, provisional after {n} games",
                        rating.games, family=family_name(family), rating=rating_text(rating))
    return ngettext("Rating, {family}: {rating} after {n} game",
                    "Rating, {family}: {rating} after {n} games",
                    rating.games, family=family_name(family), rating=rating_text(rating))


def _bot_table_rating_line(family: str, rating: Rating) -> str:
    """The rating from games with bots at the table: apart from the one among people,
    never on a leaderboard, so it needs no provisional mark."""
    return ngettext("Rating with bots at the table, {family}: {rating} after {n} game",
                    "Rating with bots at the table, {family}: {rating} after {n} games",
                    rating.games, family=family_name(family), rating=rating_text(rating))


def board_text(family: str, lines: Sequence[BoardLine], reader: int | None) -> str:
    """A group's leaderboard: at most ``BOARD_LINES`` places, and the reader's own place
    below them when it is lower; the bar to appear is said when the board is empty."""
    if not lines:
        return _("Nobody is on this group's leaderboard of {family} yet: it lists players "
                 "with at least {games} games against at least {opponents} different "
                 "people.", family=family_name(family), games=BOARD_GAMES,
                 opponents=BOARD_OPPONENTS)
    shown = list(lines[:BOARD_LINES])
    own = next((line for line in lines[BOARD_LINES:] if line.user_id == reader), None)
    text = [_("🏆 Leaderboard: {family}", family=family_name(family))]
    text += [_board_line(line) for line in shown]
    if own is not None:
        text += ["…", _board_line(own)]
    return _joined(text)


def _board_line(line: BoardLine) -> str:
    rating = line.rating
    if rating.provisional:
        return ngettext("{place}. {name}: {rating} ({n} game, provisional)",
                        "{place}. {name}: {rating} ({n} games, provisional)", rating.games,
                        place=line.place, name=line.name, rating=rating_text(rating))
    return ngettext("{place}. {name}: {rating} ({n} game)",
                    "{place}. {name}: {rating} ({n} games)", rating.games,
                    place=line.place, name=line.name, rating=rating_text(rating))


# The records' lines of /help.
RECORDS_HELP = N_("/stats: your records, or a player's (reply to their message)\n"
                  "/top [game]: this group's leaderboard\n"
                  "/privacy: leave the leaderboards, or come back\n"
                  "/forget: forget your records and name (in a private chat)")

# The answers of the records' commands.
UNKNOWN_PLAYER = N_("I do not know {name}: they have not played with me yet.")
PRIVATE_PLAYER = N_("{name} keeps their records private.")
HIDDEN = N_("You are off every leaderboard now, and others cannot see your records. "
            "Send /privacy again to come back.")
SHOWN = N_("You are back on the leaderboards, and others can see your records again.")
FORGET_IN_PRIVATE = N_("Send /forget to me in a private chat: there I will ask you to "
                       "confirm.")
FORGET_SEATED = N_("You are at a table that is still open: leave it or finish the game "
                   "first, then send /forget again.")
FORGET_CONFIRM = N_("This removes your statistics, ratings and name from everything I "
                    "keep; the games you played stay only in the anonymous log, where "
                    "your seat reads “a player”. It cannot be undone. To confirm, send: "
                    "/forget yes")
FORGOTTEN = N_("Done: I have forgotten your statistics, ratings and name.")
UNKNOWN_GAME = N_("I do not know the game {name}. Try /top paulista, /top argentino, "
                  "/top le-truc or /top put.")
TOP_IN_GROUP = N_("Leaderboards belong to groups: send /top in a group where you play.")
