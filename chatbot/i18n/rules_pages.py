"""The /rules pages: every variant's rules in sections, one Telegram message each.

``/rules [variant]`` shows these pages one at a time, with buttons to page
through them. They are written for someone who has never played: each variant
has seven sections (the game in short, the deck, how a hand is played, ties,
raising, special hands, table options), each short enough for one message.

The English text is the message id, marked with ``R_`` so that it lands in the
separate ``rules`` gettext domain (``locales/rules.pot`` and
``locales/<lang>/LC_MESSAGES/rules.po``), away from ``messages.po``. Keep it
plain text: bullets and line breaks only, since the renderer decides the
formatting. Card faces are written as the bot shows them (``4♣``, ``1⚔️``); in
the Persian and Urdu catalogs they are marked RLM LRM ... LRM RLM (chatbot/i18n/bidi.py).

After editing a text, run ``python -m chatbot.i18n update --domain rules`` and
translate the changed entries of the four rules.po files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from chatbot.i18n.bidi import is_rtl, rtl_lines
from chatbot.i18n.catalogs import RULES_DOMAIN, translations
from chatbot.i18n.locales import canonical_locale


def R_(msgid: str) -> str:
    """Mark a /rules text for extraction into the rules domain (translated later)."""
    return msgid


@dataclass(frozen=True, slots=True)
class RulesPage:
    """One section of a variant's rules: one Telegram message."""

    title: str
    text: str

# Section titles (the renderer shows them above each page).
# TRANSLATORS: the title of a /rules page (one section of a variant's rules).
_TITLE_SHORT: Final = R_("The game in short")
_TITLE_DECK: Final = R_("The deck and the cards")
_TITLE_PLAY: Final = R_("How a hand is played")
_TITLE_TIES: Final = R_("Ties")
_TITLE_RAISE: Final = R_("Raising the stakes")
_TITLE_SPECIAL: Final = R_("Special hands")
_TITLE_OPTIONS: Final = R_("Table options")
_TITLE_ARG_RAISE: Final = R_("Truco and envido")
_TITLE_FLOR: Final = R_("Flor")
_TITLE_SENAS: Final = R_("Signals to the partner (señas)")
_TITLE_LT_RAISE: Final = R_("Two more? and mon reste")
_TITLE_LT_SPECIAL: Final = R_("New cards and signals")
_TITLE_PUT_RAISE: Final = R_("The put")
_TITLE_PUT_SPECIAL: Final = R_("Four or more players")

# paulista

# TRANSLATORS: one page of /rules, sent as one Telegram message: plain text, no markup; keep the
# line breaks and the bullets, the card faces (4♣, 1⚔️) as they are, and the glossary's words
# (trick/hand). fa/ur: mark card faces and any Latin text RLM LRM … LRM RLM (U+200F U+200E …
# U+200E U+200F), never the isolates U+2066…U+2069 (docs/bidi.md); fa/bn: write numbers in your
# digits.
_PAULISTA_SHORT: Final = R_(
    "Truco Paulista is the truco of São Paulo, the most widely played in Brazil.\n"
    "• Players: 2 (one against one), 4 (two pairs) or 6 (two teams of three). Partners "
    "sit alternately, never side by side.\n"
    "• Each player gets 3 cards. A hand is played in up to three tricks of one card "
    "each; the team that wins two tricks wins the hand (for tied tricks, see Ties).\n"
    "• A hand is worth 1 point. On your turn you may call truco to raise it to 3, and "
    "the stakes can climb to 6, 9 and 12. A team that refuses a raise \"runs\" and gives "
    "up the hand.\n"
    "• The strongest cards are the four manilhas. They change every hand: they are the "
    "cards of the rank just above the vira, a card turned face up after the deal.\n"
    "• Goal: the first team to reach 12 points wins the game.\n"
    "• Bluffing is part of the game: you may call truco with weak cards and hope your "
    "opponents run."
)

_PAULISTA_DECK: Final = R_(
    "Truco uses a normal deck without jokers, cut down:\n"
    "• Dirty deck (the default): 40 cards, without the 8s, 9s and 10s.\n"
    "• Clean deck (a table option): 24 cards, only the 3s, 2s, aces, kings, jacks and "
    "queens.\n"
    "\n"
    "Ordinary cards, from strongest to weakest:\n"
    "3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4\n"
    "Suits do not matter: two cards of the same rank are equal. Note that the jack beats "
    "the queen.\n"
    "\n"
    "The vira and the manilhas\n"
    "• After the deal, the next card of the deck is turned face up: the vira. It stays "
    "on the table and is not played.\n"
    "• The four cards of the rank just above the vira are the manilhas, the top cards of "
    "this hand. They beat every ordinary card.\n"
    "• \"Just above\" follows the order of the ranks, from the weakest: 4, 5, 6, 7, Q, J, "
    "K, A, 2, 3, and after the 3 back to the 4. With the clean deck, after the 3 comes "
    "the Q.\n"
    "• Among themselves the manilhas rank by suit, from the strongest:\n"
    "1. ♣ clubs: the zap\n"
    "2. ♥ hearts: copas (copeta)\n"
    "3. ♠ spades: espadilha\n"
    "4. ♦ diamonds: pica-fumo (ouros)\n"
    "So two manilhas never tie.\n"
    "\n"
    "Example: the vira is 6♦, so the sevens are the manilhas: 7♣ (zap) > 7♥ > 7♠ > 7♦ > "
    "3 > 2 > A > K > J > Q > 6 > 5 > 4.\n"
    "More examples: vira Q, the jacks are manilhas; vira K, the aces; vira 3, the 4s."
)

_PAULISTA_PLAY: Final = R_(
    "• Before the first hand a dealer is picked at random. Play goes counter-clockwise, "
    "to the right.\n"
    "• The player after the dealer is the mão (the eldest): they are dealt first and lead "
    "the first trick. The bot deals 3 cards to each player, one at a time, ending with "
    "the dealer, and then turns up the vira.\n"
    "• A trick: starting with the leader, each player in turn plays one card face up. "
    "Any card may be played: you need not follow suit or beat the cards on the table.\n"
    "• The strongest card wins the trick for its team. If the two strongest cards are "
    "equal and both belong to one team, that team wins the trick.\n"
    "• The player of the winning card leads the next trick (if two partners tied at the "
    "top, the first of them).\n"
    "• The first team to win two tricks wins the hand and scores what it is worth: 1 "
    "point, or more after a truco. The hand ends as soon as it is decided; the remaining "
    "cards are neither played nor shown.\n"
    "• When the strongest cards of two teams are equal, the trick is tied: see Ties.\n"
    "• On your turn, before playing your card, you may call truco (see Raising the "
    "stakes).\n"
    "• After each hand the deal passes one seat on in the direction of play, so the mão "
    "of this hand deals the next one. With 2 players the deal simply alternates."
)

# brazil

_BRAZIL_TIES: Final = R_(
    "A trick is tied when the strongest cards played are equal and belong to different "
    "teams, for example a 3 against a 3. Nobody wins a tied trick. Manilhas never tie.\n"
    "\n"
    "After a tied trick, the player who played the first of the tied top cards leads the "
    "next trick.\n"
    "\n"
    "How a hand with a tied trick is decided:\n"
    "• First trick tied: whoever wins the second trick wins the hand.\n"
    "• Second trick tied, after a first trick won: whoever won the first trick wins the "
    "hand.\n"
    "• Third trick tied, after each team won one: whoever won the first trick wins the "
    "hand.\n"
    "• First and second tricks tied: the third trick decides.\n"
    "• All three tricks tied: the dealer's team scores the hand. A table option makes "
    "the hand void instead: nobody scores.\n"
    "In short: once a trick is tied, the first trick won by a team decides the hand.\n"
    "\n"
    "Trick by trick (A and B are the teams):\n"
    "• A, A → A\n"
    "• A, tie → A\n"
    "• tie, A → A\n"
    "• A, B, A → A\n"
    "• A, B, B → B\n"
    "• A, B, tie → A\n"
    "• tie, tie, A → A\n"
    "• tie, tie, tie → the dealer's team (or nobody)\n"
    "\n"
    "A special hand (see Special hands) whose three tricks are all tied scores nothing, "
    "and the next hand is the same special hand again."
)

# paulista

_PAULISTA_RAISE: Final = R_(
    "A hand starts worth 1 point. On your turn, before playing your card, you may call "
    "truco. The other team answers (in the bot, the next opponent in play order answers "
    "for their team):\n"
    "• Accept: the hand is now worth the new value and play goes on.\n"
    "• Run: the hand ends at once, no more cards are shown, and the calling team scores "
    "the value before the call.\n"
    "• Raise again: ask for the next step. This accepts the call, and now the first team "
    "must answer.\n"
    "\n"
    "The ladder:\n"
    "• Truco: 3 points if accepted, 1 if they run.\n"
    "• Six (seis): 6 if accepted, 3 if they run.\n"
    "• Nine (nove): 9 if accepted, 6 if they run.\n"
    "• Twelve (doze): 12 if accepted, 9 if they run. After twelve there is only accept "
    "or run.\n"
    "\n"
    "Who may raise:\n"
    "• Any player, on their turn before playing a card, or as the answer to a raise.\n"
    "• Never the same team twice in a row: after your team's raise, the next one must "
    "come from the other team. A team that accepted may raise later, on one of its "
    "players' turns.\n"
    "\n"
    "Example: you call truco and the next opponent answers \"Six!\". Now your team "
    "answers: accept, and the hand is worth 6; run, and the opponents score 3; or ask "
    "nine.\n"
    "\n"
    "No raise is allowed in the hand of eleven or in the iron hand."
)

_PAULISTA_SPECIAL: Final = R_(
    "Hand of eleven (mão de onze): when exactly one team has 11 points.\n"
    "• The team at 11 looks at its cards before playing: with 4 or 6 players, each of "
    "its players also sees the partners' cards. With 2 players you see only your own.\n"
    "• Then the team decides (the bot asks its first player in play order): play or run.\n"
    "• Play: the hand is worth 3 points to whoever wins it, so the team at 11 wins the "
    "game if it wins the hand.\n"
    "• Run: the hand is not played and the opponents score 1.\n"
    "• Nobody may call truco in this hand.\n"
    "\n"
    "Iron hand (mão de ferro): when both teams have 11 points.\n"
    "• It is played blind: nobody sees any card, not even their own. On your turn you pick "
    "one of your face-down cards by its position, and it is turned up as it is played.\n"
    "• The vira is turned up as usual and the manilhas count.\n"
    "• No raises. The team that wins the iron hand wins the game.\n"
    "\n"
    "Both special hands:\n"
    "• If all three tricks are tied, nobody scores and the next hand is the same special "
    "hand again.\n"
    "• A team at 11 that runs gives the opponents 1 point; if that takes them to 11 too, "
    "the next hand is an iron hand."
)

_PAULISTA_OPTIONS: Final = R_(
    "These are chosen when the table is set up; the default comes first. The game is "
    "always played to 12.\n"
    "• Deck: dirty, 40 cards; or clean, 24 cards (3, 2, A, K, J, Q only)."
)

# The rest of the options page, the same in Paulista and Mineiro (translated once).
_BRAZIL_OPTIONS: Final = R_(
    "• Three tied tricks: the dealer's team scores the hand; or nobody scores and the "
    "deal passes on.\n"
    "• Lead after a tied trick: the player of the first tied top card; or the player who "
    "led the tied trick.\n"
    "• Who answers a raise: the next opponent in play order; or any opponent, and the "
    "first answer counts.\n"
    "• Passing the deal: with the play, so the mão deals next; or against the play, so "
    "the dealer is the mão of the next hand.\n"
    "• Pointless raises: allowed; or forbidden. When forbidden, a team may not raise if "
    "winning the hand at the value already on offer would take it to 12 anyway.\n"
    "• Covered card: off; or on. When on, from the second trick on you may play a card "
    "face down. It is weaker than every card, never wins nor ties a trick, and nobody "
    "else ever learns what it was. A trick where every card is face down is tied. Not "
    "allowed in the iron hand."
)

# mineiro

_MINEIRO_SHORT: Final = R_(
    "Truco Mineiro is the truco of Minas Gerais, played in much of Brazil.\n"
    "• Players: 2 (one against one), 4 (two pairs) or 6 (two teams of three). Partners "
    "sit alternately, never side by side.\n"
    "• Each player gets 3 cards. A hand is played in up to three tricks of one card "
    "each; the team that wins two tricks wins the hand (for tied tricks, see Ties).\n"
    "• A hand is worth 2 points. On your turn you may call truco to raise it to 4, and "
    "the stakes can climb to 6, 10 and 12. A team that refuses a raise \"runs\" and gives "
    "up the hand.\n"
    "• There is no vira: the four top cards, the manilhas, are always the same: 4♣, 7♥, "
    "A♠ and 7♦.\n"
    "• Goal: the first team to reach 12 points wins the game. Every score moves in steps "
    "of 2.\n"
    "• Bluffing is part of the game: you may call truco with weak cards and hope your "
    "opponents run."
)

_MINEIRO_DECK: Final = R_(
    "Truco uses a normal deck without jokers, cut down:\n"
    "• Dirty deck (the default): 40 cards, without the 8s, 9s and 10s.\n"
    "• Clean deck (a table option): 27 cards: the 3s, 2s, aces, kings, jacks and queens, "
    "plus 4♣, 7♥ and 7♦.\n"
    "\n"
    "The four manilhas are the strongest cards, always in this order:\n"
    "1. 4♣: the zap\n"
    "2. 7♥: copas (copeta)\n"
    "3. A♠: espadilha\n"
    "4. 7♦: pica-fumo (ouros)\n"
    "\n"
    "All the other cards, from strongest to weakest:\n"
    "3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4\n"
    "Among them suits do not matter: two cards of the same rank are equal. Note that the "
    "jack beats the queen.\n"
    "\n"
    "So 7♣ and 7♠ are ordinary sevens, A♥, A♣ and A♦ ordinary aces, and 4♥, 4♠ and 4♦ "
    "the weakest cards of all.\n"
    "Examples: 7♦ beats any 3; A♠ beats 7♦; 4♣ beats everything."
)

_MINEIRO_PLAY: Final = R_(
    "• Before the first hand a dealer is picked at random. Play goes counter-clockwise, "
    "to the right.\n"
    "• The player after the dealer is the mão (the eldest): they are dealt first and lead "
    "the first trick. The bot deals 3 cards to each player, one at a time, ending with "
    "the dealer. No card is turned up.\n"
    "• A trick: starting with the leader, each player in turn plays one card face up. "
    "Any card may be played: you need not follow suit or beat the cards on the table.\n"
    "• The strongest card wins the trick for its team. If the two strongest cards are "
    "equal and both belong to one team, that team wins the trick.\n"
    "• The player of the winning card leads the next trick (if two partners tied at the "
    "top, the first of them).\n"
    "• The first team to win two tricks wins the hand and scores what it is worth: 2 "
    "points, or more after a truco. The hand ends as soon as it is decided; the "
    "remaining cards are neither played nor shown.\n"
    "• When the strongest cards of two teams are equal, the trick is tied: see Ties.\n"
    "• On your turn, before playing your card, you may call truco (see Raising the "
    "stakes).\n"
    "• After each hand the deal passes one seat on in the direction of play, so the mão "
    "of this hand deals the next one. With 2 players the deal simply alternates."
)

_MINEIRO_RAISE: Final = R_(
    "A hand starts worth 2 points. On your turn, before playing your card, you may call "
    "truco. The other team answers (in the bot, the next opponent in play order answers "
    "for their team):\n"
    "• Accept: the hand is now worth the new value and play goes on.\n"
    "• Run: the hand ends at once, no more cards are shown, and the calling team scores "
    "the value before the call.\n"
    "• Raise again: ask for the next step. This accepts the call, and now the first team "
    "must answer.\n"
    "\n"
    "The ladder:\n"
    "• Truco: 4 points if accepted, 2 if they run.\n"
    "• Six (seis): 6 if accepted, 4 if they run.\n"
    "• Ten (dez): 10 if accepted, 6 if they run.\n"
    "• Twelve (doze): 12 if accepted, 10 if they run. After twelve there is only accept "
    "or run.\n"
    "In Mineiro the third call is \"Ten!\", not \"Nine!\".\n"
    "\n"
    "Who may raise:\n"
    "• Any player, on their turn before playing a card, or as the answer to a raise.\n"
    "• Never the same team twice in a row: after your team's raise, the next one must "
    "come from the other team. A team that accepted may raise later, on one of its "
    "players' turns.\n"
    "\n"
    "Example: you call truco and the next opponent answers \"Six!\". Now your team "
    "answers: accept, and the hand is worth 6; run, and the opponents score 4; or ask "
    "ten.\n"
    "\n"
    "No raise is allowed in the hand of ten or in the iron hand."
)

_MINEIRO_SPECIAL: Final = R_(
    "Hand of ten (mão de dez): when exactly one team has 10 points.\n"
    "• The team at 10 looks at its cards before playing: with 4 or 6 players, each of "
    "its players also sees the partners' cards. With 2 players you see only your own.\n"
    "• Then the team decides (the bot asks its first player in play order): play or run.\n"
    "• Play: the hand is worth 4 points to whoever wins it, so the team at 10 wins the "
    "game if it wins the hand.\n"
    "• Run: the hand is not played and the opponents score 2.\n"
    "• Nobody may call truco in this hand.\n"
    "\n"
    "Iron hand (mão de ferro): when both teams have 10 points.\n"
    "• It is played blind: nobody sees any card, not even their own. On your turn you pick "
    "one of your face-down cards by its position, and it is turned up as it is played.\n"
    "• The manilhas are the usual ones: 4♣, 7♥, A♠, 7♦.\n"
    "• No raises. The team that wins the iron hand wins the game.\n"
    "\n"
    "Both special hands:\n"
    "• If all three tricks are tied, nobody scores and the next hand is the same special "
    "hand again.\n"
    "• A team at 10 that runs gives the opponents 2 points; if that takes them to 10 "
    "too, the next hand is an iron hand."
)

_MINEIRO_OPTIONS: Final = R_(
    "These are chosen when the table is set up; the default comes first. The game is "
    "always played to 12.\n"
    "• Deck: dirty, 40 cards; or clean, 27 cards (3, 2, A, K, J, Q, plus 4♣, 7♥ and 7♦)."
)

# argentino

_ARGENTINO_SHORT: Final = R_(
    "Argentine truco is played with the Spanish deck and is two games in one: the truco, "
    "won with tricks, and the envido, a bet on the cards you hold.\n"
    "• Players: 2 (one against one), 4 (two pairs) or 6 (two teams of three). Partners "
    "sit alternately, never side by side.\n"
    "• Each player gets 3 cards. A hand is played in up to three tricks; the team that "
    "wins two tricks wins the hand (for tied tricks, see Ties).\n"
    "• A hand is worth 1 point. Truco raises it to 2, retruco to 3 and vale cuatro to 4.\n"
    "• In the first trick you may also sing envido: the team holding the best two cards "
    "of one suit wins extra points. If the table plays with flor, three cards of one "
    "suit score on their own.\n"
    "• On your turn you may also go to the deck (irse al mazo): give the hand up to the "
    "opponents.\n"
    "• Goal: 30 points (the first 15 are the \"malas\", the other 15 the \"buenas\"), or 15 "
    "if the table chooses. The first team to reach the target wins.\n"
    "• Bluffing is part of the game, in the truco and in the envido."
)

_ARGENTINO_DECK: Final = R_(
    "The Spanish deck has 40 cards in four suits: swords ⚔️, clubs 🪵, coins 🪙 and cups "
    "🏆. Each suit has the numbers 1 to 7 and three court cards: 10 the jack (sota), 11 "
    "the knight (caballo) and 12 the king (rey). The bot shows a card as its number and "
    "suit: 1⚔️, 7🪙, 12🏆.\n"
    "\n"
    "Ranking, from strongest to weakest:\n"
    "1. 1⚔️ ace of swords (ancho de espada)\n"
    "2. 1🪵 ace of clubs (ancho de basto)\n"
    "3. 7⚔️ seven of swords\n"
    "4. 7🪙 seven of coins\n"
    "5. the four 3s\n"
    "6. the four 2s\n"
    "7. 1🪙 and 1🏆 (the false aces)\n"
    "8. the 12s\n"
    "9. the 11s\n"
    "10. the 10s\n"
    "11. 7🏆 and 7🪵 (the false sevens)\n"
    "12. the 6s\n"
    "13. the 5s\n"
    "14. the 4s\n"
    "Apart from the first four, suits do not matter: cards on the same line are equal.\n"
    "\n"
    "For the envido each card counts its number: 1 to 7 at face value; 10, 11 and 12 "
    "count 0."
)

_ARGENTINO_PLAY: Final = R_(
    "• Before the first hand a dealer is picked at random. Play goes counter-clockwise, "
    "to the right.\n"
    "• The player on the dealer's right is the mano: they are dealt first and lead the "
    "first trick. The bot deals 3 cards to each player, one at a time, ending with the "
    "dealer. The last player of each team in the first trick is its pie (foot).\n"
    "• A trick: starting with the leader, each player in turn plays one card face up. "
    "Any card may be played: you need not follow suit or beat the cards on the table.\n"
    "• The strongest card wins the trick for its team. If two partners share the "
    "strongest card, their team wins the trick and the first of them leads next.\n"
    "• The winner of a trick leads the next one.\n"
    "• The first team to win two tricks wins the hand. The hand ends as soon as it is "
    "decided. Points are paid at the end of the hand: first envido and flor, then the "
    "truco (1 point, or what the truco reached).\n"
    "• Going to the deck: on your turn, or when you must answer a call, you may give up "
    "the hand. The opponents score the truco value (1 if no truco was accepted). A call "
    "still waiting for an answer counts as refused, and envido or flor points already "
    "won are still paid.\n"
    "• In the first trick, before your card, you may sing envido; with flor on, a flor "
    "must be announced first. See the next pages.\n"
    "• After each hand the deal passes to the right: the mano deals the next hand. With "
    "2 players the deal simply alternates."
)

_ARGENTINO_TIES: Final = R_(
    "A trick is tied, a parda, when the strongest cards played are equal and belong to "
    "different teams, for example 3⚔️ against 3🏆, or 1🪙 against 1🏆. Nobody wins a parda. "
    "The four top cards never tie.\n"
    "\n"
    "After a parda, the player who led the tied trick leads again (a table option gives "
    "the lead to the player of the first tied top card).\n"
    "\n"
    "How a hand with a parda is decided:\n"
    "• Parda in the first trick: whoever wins the second trick wins the hand.\n"
    "• Parda in the second trick, after a first trick won: whoever won the first trick "
    "wins the hand.\n"
    "• Parda in the third trick, after each team won one: whoever won the first trick "
    "wins the hand.\n"
    "• Pardas in the first and second tricks: the third trick decides.\n"
    "• Three pardas: the mano's team wins the hand.\n"
    "\n"
    "Trick by trick (A and B are the teams):\n"
    "• A, A → A\n"
    "• A, parda → A\n"
    "• parda, A → A\n"
    "• A, B, A → A\n"
    "• A, B, B → B\n"
    "• A, B, parda → A\n"
    "• parda, parda, A → A\n"
    "• parda, parda, parda → the mano's team\n"
    "\n"
    "Ties in the envido and the flor: equal counts are won by the player nearer the mano "
    "in play order, the mano first."
)

_ARGENTINO_RAISE: Final = R_(
    "Truco\n"
    "• On your turn, before playing, you may call truco. The other team answers quiero "
    "(accept), no quiero (refuse) or raises; in the bot, the next opponent in play order "
    "answers.\n"
    "• Truco: 2 if accepted, 1 if refused. Retruco: 3 if accepted, 2 if refused. Vale "
    "cuatro: 4 if accepted, 3 if refused; it is the last step.\n"
    "• Only the team that accepted the last call may raise next: at once (\"quiero "
    "retruco\") or later, on one of its turns.\n"
    "\n"
    "Envido\n"
    "• Sung in the first trick only, before you play your first card, once per hand. "
    "While a truco called in the first trick waits for an answer, the player who must "
    "answer may sing envido first (\"el envido está primero\"): the envido is settled, "
    "then they answer the truco. Once a truco is accepted there is no envido.\n"
    "• Your count: two cards of one suit are worth 20 plus their values (with three of "
    "one suit, the best two); with no two cards of a suit, the value of your highest "
    "card. The best is 33: the 7 and 6 of one suit.\n"
    "• The calls: envido (2), real envido (3) and falta envido (the points the leading "
    "team still needs to win). Each answer may raise: at most two envidos, then one real "
    "envido, and falta envido last.\n"
    "• Quiero: the best count scores the sum of the calls: envido 2, envido envido 4, "
    "real envido 3, envido real envido 5, envido envido real envido 7; a falta envido "
    "scores the falta.\n"
    "• No quiero: the last caller's team scores what was bid before the last call, at "
    "least 1: envido 1, envido envido 2, real envido 1, envido real envido 2, envido "
    "envido real envido 4. A refused falta envido pays the same way: 1 if it was the "
    "first call, else the sum of the calls before it (up to 7).\n"
    "• The bot compares the counts and says the winning one. Envido points are added at "
    "the end of the hand, before the truco points; if both teams reach the target in "
    "that hand, the one that got there by the envido wins."
)

_ARGENTINO_FLOR: Final = R_(
    "Flor is only played if the table turns it on; it is off by default.\n"
    "• A flor is three cards of one suit. Its count is 20 plus the three values (10, 11 "
    "and 12 count 0); the best is 38: the 7, 6 and 5 of one suit.\n"
    "• With flor on, whoever holds one must announce it (\"Flor!\") in the first trick, on "
    "their turn before their first card, before anything else: also when they are answering an "
    "envido (which then lapses) or a truco (which they answer after the flor).\n"
    "• A flor cancels the envido: once a flor is announced nobody may sing envido in "
    "that hand.\n"
    "• Flor points are paid at the end of the hand, before the truco points. A flor not "
    "yet announced when the hand ends scores nothing.\n"
    "\n"
    "Basic flor:\n"
    "• If only one team has flor, it scores 3 for each flor it holds.\n"
    "• If both teams have flor, the best flor (on equal counts, the one nearer the mano) "
    "scores 3 for every flor shown.\n"
    "\n"
    "Flor with contraflor:\n"
    "• An unopposed flor scores 3.\n"
    "• Against an opposing flor, the second team may answer:\n"
    "  – with its own flor only (\"con flor me achico\"): the first team scores 4;\n"
    "  – contraflor: if accepted, the best flor scores 6; if refused, the contraflor "
    "team scores 4;\n"
    "  – contraflor al resto: if accepted, the best flor scores the falta (what the "
    "leading team still needs to win); if refused, the caller's team scores 4."
)

_ARGENTINO_OPTIONS: Final = R_(
    "These are chosen when the table is set up; the default comes first.\n"
    "• Target: 30 points (malas 1 to 15, buenas 16 to 30); or 15.\n"
    "• Flor: off; basic; or with contraflor (see Flor).\n"
    "• Falta envido: worth what the leading team still needs to win; or \"malas win the "
    "game\": while both teams are still in the malas (at most half the target), the falta "
    "winner scores whatever takes them to the target, and so wins the game.\n"
    "• Lead after a parda: the player who led the tied trick; or the player of the first "
    "tied top card.\n"
    "• Who answers a call: the next opponent in play order; or any opponent, and the "
    "first answer counts.\n"
    "• Envido first after playing: off; or on. When on, the player who answers a truco "
    "in the first trick may sing envido first even if they have already played their card.\n"
    "• Going to the deck early: no penalty; or a penalty: if the mano's team goes to the "
    "deck in the first trick before any envido or flor was sung, the opponents score 1 "
    "point more.\n"
    "• Showing the envido: off; or on. When on, the cards of the envido winner are shown "
    "at the end of the hand, to prove their count.\n"
    "• Envido points at once: off; or on. When on, envido and flor points go on the score "
    "as soon as they are settled, and a team that reaches the target wins the game at "
    "once, in the middle of the hand."
)

# le-truc

_LE_TRUC_SHORT: Final = R_(
    "Le Truc is the French member of the family, from the south of France, played with a "
    "32-card deck.\n"
    "• Players: 4 (two partnerships, partners opposite each other) or 2 (one against "
    "one).\n"
    "• Each player gets 3 cards. A hand is played in up to three tricks; the side that "
    "wins two tricks wins the hand (for spoiled tricks, see Ties).\n"
    "• A hand is worth 1 point. On your turn you may ask \"Two more?\" to raise it: to 2, "
    "then 4, 6, 8, 10 and 12. Or call mon reste (\"my remainder\") to play the hand for "
    "the whole game.\n"
    "• With 4 players each partnership has a governor, who answers the other side's "
    "calls.\n"
    "• Goal: the first side to reach 12 points wins the game.\n"
    "• Bluffing is part of the game: a raise with weak cards may make the other side "
    "refuse."
)

_LE_TRUC_DECK: Final = R_(
    "Le Truc uses 32 cards: a normal deck without jokers and without the 2s, 3s, 4s, 5s "
    "and 6s. Each suit has 7, 8, 9, 10, J, Q, K and A.\n"
    "\n"
    "Ranking, from strongest to weakest:\n"
    "7 > 8 > A > K > Q > J > 10 > 9\n"
    "• The sevens are the top cards and the nines the lowest.\n"
    "• Suits never matter and there are no trumps: two cards of the same rank are equal.\n"
    "\n"
    "Examples: 7♠ beats A♥; 8♦ beats K♣; 7♣ and 7♥ are equal; a 9 beats nothing."
)

_LE_TRUC_PLAY: Final = R_(
    "Four players\n"
    "• At the start each player draws a card: the two highest (in the game's ranking) "
    "play against the two lowest, and the highest card deals first; equal cards draw "
    "again.\n"
    "• Play, the deal and the passing of the deal all go counter-clockwise, to the "
    "right.\n"
    "• The dealer shuffles, the opponent on their left cuts, and they deal 3 cards to each "
    "player, one at a time.\n"
    "• Governors: the dealer governs their partnership, and the player on the dealer's "
    "right governs the other one. A call is always answered by the governor of the other "
    "side.\n"
    "• The player on the dealer's right leads the first trick. Each player in turn plays "
    "any card: you need not follow suit or beat.\n"
    "• The highest card wins the trick and its player leads the next one. If two "
    "partners share the highest card, their side wins the trick and the first of them "
    "leads.\n"
    "• The side that wins two tricks wins the hand. The hand ends as soon as it is "
    "decided.\n"
    "• After each hand the deal passes to the right.\n"
    "\n"
    "Two players\n"
    "• The lower card in a cut (ace high) deals first; then the deal alternates.\n"
    "• The non-dealer leads the first trick, and the winner of each trick leads the "
    "next. Your opponent answers your calls."
)

_LE_TRUC_TIES: Final = R_(
    "A trick is spoiled when its highest cards are equal and belong to opposing sides, "
    "for example 7♣ against 7♦. Nobody wins a spoiled trick, and the player who led it "
    "leads again.\n"
    "\n"
    "How a hand with a spoiled trick is decided:\n"
    "• First trick spoiled: whoever wins the second trick wins the hand.\n"
    "• Second trick spoiled, after a first trick won: whoever won the first trick wins "
    "the hand.\n"
    "• Third trick spoiled, after each side won one: whoever won the first trick wins "
    "the hand.\n"
    "• First and second tricks spoiled: the third trick decides.\n"
    "• All three spoiled: with 4 players, the side that led the first trick (the player "
    "on the dealer's right and their partner) wins the hand; with 2 players nobody scores. "
    "A table option changes this.\n"
    "\n"
    "Trick by trick (A and B are the sides):\n"
    "• A, A → A\n"
    "• A, spoiled → A\n"
    "• spoiled, A → A\n"
    "• A, B, A → A\n"
    "• A, B, B → B\n"
    "• A, B, spoiled → A\n"
    "• spoiled, spoiled, A → A\n"
    "• spoiled, spoiled, spoiled → the first leader's side (4 players) or nobody (2 "
    "players)"
)

_LE_TRUC_RAISE: Final = R_(
    "Two more?\n"
    "• A hand starts worth 1 point. On your turn, before playing a card, you may ask "
    "\"Two more?\".\n"
    "• The governor of the other side answers (with 2 players, your opponent). Accept: "
    "the hand goes up one step. Refuse: the hand ends at once and your side scores the "
    "value before your offer.\n"
    "• There is no counter-raise: the answer is only yes or no.\n"
    "• The steps: 1 → 2 → 4 → 6 → 8 → 10 → 12. Twelve is the last.\n"
    "• The sides take turns: after your side's raise, the next one must come from the "
    "other side (a table option lifts this).\n"
    "Example: the hand is worth 4 and you ask \"Two more?\". Accepted: it is worth 6. "
    "Refused: your side scores 4.\n"
    "\n"
    "Mon reste (\"my remainder\")\n"
    "• On your turn, before playing a card, you may call mon reste: you offer to play "
    "this hand for the whole game.\n"
    "• The governor of the other side answers. Accepted: whoever wins this hand wins the "
    "game, and no more raises are possible. Refused: the hand ends and your side scores "
    "the hand's current value.\n"
    "• Mon reste may be called at any step, even at 12 and even right after your own "
    "side's raise."
)

_LE_TRUC_SPECIAL: Final = R_(
    "New cards (the redeal)\n"
    "• Four players: after looking at the cards, the governor on the dealer's right may "
    "propose a redeal, as the very first action of the hand. If the dealer agrees, all "
    "hands are set aside and everyone gets 3 new cards from the rest of the deck; if they "
    "refuse, the hand is played as dealt. Once per hand.\n"
    "• Two players: the non-dealer may ask for new cards in the same way, and the dealer "
    "agrees or refuses. Once per hand, unless the table allows repeated requests: then "
    "they may ask again after each accepted redeal; if the deck runs out, nobody scores "
    "the hand, the cards are shuffled again and the other player deals.\n"
    "\n"
    "Signals (only if the table turns them on; 4 players)\n"
    "• Each governor sees their partner's cards, as if the partner had signalled them to "
    "them.\n"
    "• Once per hand, on their turn, a governor may give their partner one instruction that "
    "everybody hears: play your highest card, play your lowest card, or play a card of a "
    "rank you hold (for example \"play your ace\").\n"
    "• The partner must obey with their next card."
)

_LE_TRUC_OPTIONS: Final = R_(
    "These are chosen when the table is set up; the default comes first.\n"
    "• Target: 12 points; or another target, from 1 to 100.\n"
    "• Three spoiled tricks: by the size of the table (with 4 players the first leader's "
    "side wins the hand, with 2 nobody scores); or always the first leader's side; or "
    "always nobody.\n"
    "• Raises take turns: on, after your side's raise only the other side may raise; or "
    "off, any player may raise on their turn.\n"
    "• Repeated new cards: off; or on, with 2 players. When on, after an accepted redeal "
    "the same player may ask again; if the deck runs out, it is shuffled and the deal passes.\n"
    "• Signals: off; or on, with 4 players: each governor sees their partner's cards and "
    "may give them one instruction per hand (see New cards and signals)."
)

# put

_PUT_SHORT: Final = R_(
    "Put is an old English game, a 17th-century cousin of truco: quick, and all about "
    "bluffing.\n"
    "• Players: 2 (the classic game), 4 in two partnerships (only one player per side "
    "plays the hand), or 3 to 6 each for themselves."
)

_PUT_SHORT_TRICKS: Final = R_(
    "• Each player gets 3 cards (more with 3 or more players each for themselves). One "
    "against one or side against side, win two tricks, or one trick while the other two "
    "are tied, to win the hand; each for themselves, the most tricks win it (see Four or "
    "more players)."
)

_PUT_SHORT_STAKES: Final = R_(
    "• A hand won is worth 1 point.\n"
    "• On your turn you may put: your opponent either throws in, and you score 1, or "
    "sees the put, and then whoever wins the hand wins the whole game.\n"
    "• Goal: the first to reach 5 points wins the game.\n"
    "• The strongest cards are the 3s, then the 2s, then the aces."
)

_PUT_DECK: Final = R_(
    "Put is played with the full 52-card deck, without jokers.\n"
    "\n"
    "Ranking, from strongest to weakest:\n"
    "3 > 2 > A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4\n"
    "• Suits never matter and there are no trumps: two cards of the same rank are equal "
    "and tie.\n"
    "• Unlike Brazilian truco, the queen beats the jack.\n"
    "\n"
    "Examples: 3♦ beats A♠; 2♣ beats K♥; 2♣ and 2♥ tie; a 4 beats nothing."
)

_PUT_PLAY: Final = R_(
    "Two players (for four or more, see Four or more players)\n"
    "• The first dealer is picked at random; then the deal alternates.\n"
    "• Each player gets 3 cards, dealt one at a time.\n"
    "• The non-dealer leads the first trick; the other plays any card: you need not "
    "follow suit or beat.\n"
    "• The higher card wins the trick, and its player leads the next one.\n"
    "• Equal cards tie the trick: it belongs to nobody and its leader leads again (see "
    "Ties).\n"
    "• The hand ends as soon as a player has won two tricks; otherwise all three tricks "
    "are played.\n"
    "• The winner of the hand scores 1 point, or the whole game after a seen put (see "
    "The put). The first to 5 points wins.\n"
    "• On your turn, before playing your card, you may put."
)

_PUT_TIES: Final = R_(
    "Put has its own rule for tied tricks, different from truco's:\n"
    "• Two tricks won: you win the hand.\n"
    "• One trick won and the other two tied: you win the hand.\n"
    "• One trick each and one tie (\"trick and tie\"): the hand is drawn and nobody "
    "scores.\n"
    "• Three tied tricks: drawn, nobody scores.\n"
    "• So after \"tie, win\" or \"win, tie\" the third trick must still be played: if the "
    "other player wins it, the hand is drawn.\n"
    "• A tied trick belongs to nobody, and the player who led it leads again.\n"
    "\n"
    "Trick by trick (A and B are the players or the sides):\n"
    "• A, A → A\n"
    "• A, B, A → A\n"
    "• A, tie, tie → A\n"
    "• tie, tie, A → A\n"
    "• A, B, tie → drawn\n"
    "• A, tie, B → drawn\n"
    "• tie, tie, tie → drawn\n"
    "\n"
    "With 4 players in partnerships: exactly the same, side against side.\n"
    "With 3 or more players each for themselves: every trick is played; the player with the "
    "most tricks wins the hand, and if two or more share the most, nobody scores."
)

_PUT_RAISE: Final = R_(
    "• Once per hand, on your turn before playing a card (leading or following), you may "
    "say \"I put\".\n"
    "• Your opponent answers:\n"
    "  – throw in: the hand ends at once and you score 1 point;\n"
    "  – see: the hand is played out, and whoever wins it wins the whole game. If it is "
    "drawn, nobody scores and the game goes on.\n"
    "• There is no raise over a put: it is the only call in the game, and only one put "
    "is made per hand.\n"
    "• A put with weak cards is a bluff: a careful opponent may throw in rather than "
    "risk the game.\n"
    "• With 4 players in partnerships, only the two players still holding cards put and "
    "answer.\n"
    "\n"
    "With 3 or more players each for themselves\n"
    "• After a put, each other player in turn, starting after the putter, stays or "
    "resigns.\n"
    "• If all resign, the putter scores 1 and the hand ends.\n"
    "• Otherwise those who resigned drop out of the hand (a card of theirs already on "
    "the current trick is taken back) and the hand is played out among the others. Only "
    "they can win it: the winner wins the game, and a tie for the most tricks scores "
    "nothing."
)

_PUT_SPECIAL: Final = R_(
    "Four players in partnerships (the usual way with 4)\n"
    "• Partners sit opposite each other; play and the deal go clockwise, to the left. "
    "Everyone gets 3 cards.\n"
    "• Passing: the player on the dealer's left gives their highest card face down to their "
    "partner and discards their other two; then the dealer does the same for their partner. "
    "Those two take no further part in the hand.\n"
    "• Each receiver, now holding 4 cards, discards any one of them and keeps 3.\n"
    "• The two receivers play the hand as in the 2-player game, each for their side; the "
    "one on the dealer's right leads the first trick. Game to 5.\n"
    "• With the table option \"agreed passer\", each partnership chooses which of its two "
    "players passes.\n"
    "\n"
    "3 to 6 players, each for themselves\n"
    "• Each player gets one card more than there are players: 4 cards with 3 players, 5 "
    "with 4, 6 with 5, 7 with 6. As many tricks are played as each player has cards, "
    "always all of them.\n"
    "• Play goes clockwise; the player on the dealer's left leads the first trick.\n"
    "• The highest card wins the trick and its player leads the next one. If two or more "
    "players share the highest card, nobody wins the trick and its leader leads again.\n"
    "• The player with the most tricks wins the hand and scores 1; if two or more share "
    "the most, nobody scores. The first to 5 wins.\n"
    "• Four players can also play this way, if the table chooses."
)

_PUT_OPTIONS: Final = R_(
    "These are chosen when the table is set up; the default comes first.\n"
    "• Target: 5 points; or another target for the table.\n"
    "• Throwing in without a put: off; or on. When on (2 players, or 2 partnerships), "
    "you may give up the hand on your turn without any put, and the other side scores 1.\n"
    "• Every hand for the game: off; or on. When on, any hand played out to a winner "
    "wins the whole game; points then come only from throwing in.\n"
    "• Who passes with 4 partners: fixed, the dealer's left and then the dealer; or "
    "agreed, each partnership chooses its passer.\n"
    "• Four players: in two partnerships; or each for themselves.\n"
    "• Scoring with 3 or more players each for themselves: a race to the target; or a "
    "ledger of chips with no end of game. In the ledger, the winner of an unput hand "
    "takes 1 chip from every other player, the winner of a seen put takes the target (5 "
    "chips) from every other player still in the hand, and a putter whom everybody "
    "leaves takes 1 chip from each of them."
)


_BRAZIL_SENAS: Final = R_(
    "In a game with partners, signalling your cards to your partner is allowed: a face "
    "gesture at a real table, a button here (\"Signal to my partner\" on your private hand "
    "message).\n"
    "• A wink: the zap. Both eyebrows raised: copas. The tongue pushed into the cheek: "
    "espadilha. The tip of the tongue: pica-fumo. A bitten lip: a three. Closed eyes: nothing "
    "good.\n"
    "• A signal may be made at any moment of a hand while you still hold a card, not only on "
    "your turn; at most three a hand, each once. It is told to your partner at once.\n"
    "• You may signal a card you do not hold: a bluff is part of the game.\n"
    "• Each opponent may catch a signal by chance (20% by default): the one who catches it "
    "reads it too. The table may play signals that nobody catches, or no signals at all."
)
_ARGENTINO_SENAS: Final = R_(
    "In a game with partners, signalling your cards to your partner is allowed: a face "
    "gesture at a real table, a button here (\"Signal to my partner\" on your private hand "
    "message).\n"
    "• Both eyebrows raised: the ancho de espada. A wink: the ancho de basto. The mouth "
    "twisted to the right: the siete de espada; to the left: the siete de oro. A bitten lip: "
    "a three. A kiss: a two. An open mouth: a false ace. Puffed cheeks: a flor (where flor "
    "is played). Closed eyes: nothing good.\n"
    "• A signal may be made at any moment of a hand while you still hold a card, not only on "
    "your turn; at most three a hand, each once. It is told to your partner at once.\n"
    "• You may signal a card you do not hold: a bluff is part of the game.\n"
    "• Each opponent may catch a signal by chance (20% by default): the one who catches it "
    "reads it too. The table may play signals that nobody catches, or no signals at all."
)


# Each variant's sections in reading order: (title, text), a text that two variants
# share in part given as its parts, shown one after the other.
_PAGES: Final[dict[str, tuple[tuple[str, str | tuple[str, ...]], ...]]] = {
    "paulista": (
        (_TITLE_SHORT, _PAULISTA_SHORT),
        (_TITLE_DECK, _PAULISTA_DECK),
        (_TITLE_PLAY, _PAULISTA_PLAY),
        (_TITLE_TIES, _BRAZIL_TIES),
        (_TITLE_RAISE, _PAULISTA_RAISE),
        (_TITLE_SPECIAL, _PAULISTA_SPECIAL),
        (_TITLE_SENAS, _BRAZIL_SENAS),
        (_TITLE_OPTIONS, (_PAULISTA_OPTIONS, _BRAZIL_OPTIONS)),
    ),
    "mineiro": (
        (_TITLE_SHORT, _MINEIRO_SHORT),
        (_TITLE_DECK, _MINEIRO_DECK),
        (_TITLE_PLAY, _MINEIRO_PLAY),
        (_TITLE_TIES, _BRAZIL_TIES),
        (_TITLE_RAISE, _MINEIRO_RAISE),
        (_TITLE_SPECIAL, _MINEIRO_SPECIAL),
        (_TITLE_SENAS, _BRAZIL_SENAS),
        (_TITLE_OPTIONS, (_MINEIRO_OPTIONS, _BRAZIL_OPTIONS)),
    ),
    "argentino": (
        (_TITLE_SHORT, _ARGENTINO_SHORT),
        (_TITLE_DECK, _ARGENTINO_DECK),
        (_TITLE_PLAY, _ARGENTINO_PLAY),
        (_TITLE_TIES, _ARGENTINO_TIES),
        (_TITLE_ARG_RAISE, _ARGENTINO_RAISE),
        (_TITLE_FLOR, _ARGENTINO_FLOR),
        (_TITLE_SENAS, _ARGENTINO_SENAS),
        (_TITLE_OPTIONS, _ARGENTINO_OPTIONS),
    ),
    "le-truc": (
        (_TITLE_SHORT, _LE_TRUC_SHORT),
        (_TITLE_DECK, _LE_TRUC_DECK),
        (_TITLE_PLAY, _LE_TRUC_PLAY),
        (_TITLE_TIES, _LE_TRUC_TIES),
        (_TITLE_LT_RAISE, _LE_TRUC_RAISE),
        (_TITLE_LT_SPECIAL, _LE_TRUC_SPECIAL),
        (_TITLE_OPTIONS, _LE_TRUC_OPTIONS),
    ),
    "put": (
        (_TITLE_SHORT, (_PUT_SHORT, _PUT_SHORT_TRICKS, _PUT_SHORT_STAKES)),
        (_TITLE_DECK, _PUT_DECK),
        (_TITLE_PLAY, _PUT_PLAY),
        (_TITLE_TIES, _PUT_TIES),
        (_TITLE_PUT_RAISE, _PUT_RAISE),
        (_TITLE_PUT_SPECIAL, _PUT_SPECIAL),
        (_TITLE_OPTIONS, _PUT_OPTIONS),
    ),
}


def rules_variants() -> list[str]:
    """The variants that have /rules pages, in the order players know them."""
    return list(_PAGES)


def _variant_key(variant: str) -> str:
    """``Le_Truc``, ``le truc`` and ``le-truc`` all name the same variant."""
    return variant.strip().lower().replace("_", "-").replace(" ", "-")


def rules_pages(variant: str, locale: str) -> list[RulesPage]:
    """A variant's rules as pages in ``locale``; ValueError for an unknown variant or locale.

    An entry missing from a catalog comes out in English, as everywhere in the bot.
    """
    sections = _PAGES.get(_variant_key(variant))
    if sections is None:
        raise ValueError(f"no rules for variant {variant!r}; expected one of {rules_variants()}")
    locale = canonical_locale(locale)
    catalog = translations(locale, RULES_DOMAIN)
    lines = rtl_lines if is_rtl(locale) else str
    def text(parts: str | tuple[str, ...]) -> str:
        return "\n".join(catalog.gettext(p) for p in ((parts,) if isinstance(parts, str)
                                                       else parts))

    return [RulesPage(lines(catalog.gettext(title)), lines(text(parts)))
            for title, parts in sections]
