"""A trick named as players name it: "the first trick", not "trick 1".

At the table nobody numbers the tricks of a hand; they are the first, the second and
the third (pt «primeira rodada», fa «دستِ اول», ur «پہلا ہاتھ», bn «প্রথম পিট»). The
ordinal agrees with the trick's word (pt «primeira», ur «پہلا») and a sentence may start
with it, so each sentence is its own message for each trick, chosen here by
the trick's index; gluing an ordinal word into a sentence would leave the agreement and
the capital letter to chance. Put's biggest hand has seven tricks, so seven are listed; a
hand with more tricks than that (none today) falls back to the numbered sentence.
"""

from __future__ import annotations

from enum import StrEnum

from chatbot.i18n.translation import N_, gettext


class TrickLine(StrEnum):
    """What is said about a trick when it ends."""

    TIED = "tied"
    YOURS = "yours"  # the viewer's side of one took it
    TAKEN = "taken"  # a side took it: {team}


# One sentence per trick of the hand, the first to the seventh: a hand has three tricks,
# but in Put each of up to six players for himself holds one card more than the players
# (rules 6.3.2), so a hand may have seven.
ORDINAL_LINES: dict[TrickLine, tuple[str, ...]] = {
    # TRANSLATORS: write the ordinal as players say it («primeira rodada», «دستِ اول»,
    # «پہلا ہاتھ», «প্রথম পিট»).
    TrickLine.TIED: (N_("The first trick is tied."), N_("The second trick is tied."),
                     N_("The third trick is tied."), N_("The fourth trick is tied."),
                     N_("The fifth trick is tied."), N_("The sixth trick is tied."),
                     N_("The seventh trick is tied.")),
    # TRANSLATORS: the viewer (alone on their side) took the trick.
    TrickLine.YOURS: (N_("You win the first trick."), N_("You win the second trick."),
                      N_("You win the third trick."), N_("You win the fourth trick."),
                      N_("You win the fifth trick."), N_("You win the sixth trick."),
                      N_("You win the seventh trick.")),
    # TRANSLATORS: {team} is one player or a side of two or three ("Ana and Bot 2"): word
    # it so that the verb fits both (Urdu: «… {team} کے نام۔»).
    TrickLine.TAKEN: (N_("The first trick goes to {team}."),
                      N_("The second trick goes to {team}."),
                      N_("The third trick goes to {team}."),
                      N_("The fourth trick goes to {team}."),
                      N_("The fifth trick goes to {team}."),
                      N_("The sixth trick goes to {team}."),
                      N_("The seventh trick goes to {team}.")),
}
NUMBERED_LINES: dict[TrickLine, str] = {
    TrickLine.TIED: N_("Trick {number} is tied."),
    TrickLine.YOURS: N_("You win trick {number}."),
    # TRANSLATORS: {team} is one player or a side of two or three ("Ana and Bot 2").
    TrickLine.TAKEN: N_("Trick {number} to {team}."),
}


def trick_line(line: TrickLine, trick: int, **values: object) -> str:
    """The sentence about the trick at index ``trick`` (0 is the first), in the current
    locale, with ``values`` (``team``) filled in."""
    ordinals = ORDINAL_LINES[line]
    if 0 <= trick < len(ordinals):
        return gettext(ordinals[trick], **values)
    return gettext(NUMBERED_LINES[line], number=trick + 1, **values)
