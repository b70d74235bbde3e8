"""Generate the saved games (Table.to_dict, as stored in tables.game): run once, from the
repository root, with ``python -m tests.storage.saved_games.generate`` (kept for the record)."""
import json
import random
from pathlib import Path

from tests.ai.games import CONFIGS
from chatbot.fsm.table import SeatInfo, Table

def keys(x, acc):
    if isinstance(x, dict):
        for k, v in x.items():
            acc.add(str(k)); keys(v, acc)
    elif isinstance(x, list):
        for v in x: keys(v, acc)
    return acc

best = {}
for ci, config in enumerate(CONFIGS):
    rules = config.rules
    for seed in range(60):
        rng = random.Random(seed * 7 + ci)
        match = rules.new_match(config.players, 0)
        rules.deal(match, rng)
        steps = 0
        while match.winner is None and steps < 400:
            steps += 1
            if match.hand.over:
                rules.next_hand(match, rng); continue
            seat = rules.to_act(match)
            legal = rules.legal(match, seat)
            rules.apply(match, seat, rng.choice(legal), [])
            if match.hand.over:
                continue
            d = Table(config.variant, config.players, dict(config.options),
                      [SeatInfo(None, f"Bot {i}", "normal") for i in range(config.players)],
                      match.copy(), "hand_playing", steps).to_dict()
            ks = keys(match.hand.x, set())
            score = len(ks)
            if score > best.get(config.variant, (-1,))[0]:
                best[config.variant] = (score, config.label(), d)
for v, (score, lab, d) in best.items():
    print(v, score, lab, list(d["match"]["hand"]["x"]))
    path = Path(__file__).with_name(f"{v}.json")
    path.write_text(json.dumps(d, indent=1, sort_keys=True))
