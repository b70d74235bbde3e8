"""``python -m chatbot.cards draw``: draw every card into the package's image folder.

``draw --check`` draws in memory only and fails (exit 1) when a picture differs
from the shipped manifest, so CI can tell that the shipped files are the drawing.
``docs`` writes the README's example hands into docs/ from the shipped pictures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from chatbot.cards.catalog import IMAGES, draw_all, shipped_manifest
from chatbot.cards.compose import Shown, hand_picture, png_bytes
from chatbot.cards.draw import Mark
from chatbot.rules.cards import Card, Family

DOCS = Path(__file__).resolve().parents[2] / "docs"


def example_hands() -> dict[str, bytes]:
    """The README's pictures: a Paulista hand (the 3 turned, so the 4s are manilhas)
    and an Argentine hand holding the two best cards of the game."""
    paulista = hand_picture(Family.FRENCH, [Shown(Card(4, "C"), Mark.MANILHA),
                                            Shown(Card(1, "S")), Shown(Card(7, "H"))],
                            vira=Card(3, "D"))
    argentino = hand_picture(Family.SPANISH, [Shown(Card(1, "E")), Shown(Card(1, "B")),
                                              Shown(Card(7, "O"))])
    return {"paulista-hand.png": png_bytes(paulista),
            "argentino-hand.png": png_bytes(argentino)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.cards")
    commands = parser.add_subparsers(dest="command", required=True)
    draw = commands.add_parser("draw", help="draw the card pictures and their manifest")
    draw.add_argument("--check", action="store_true",
                      help="draw into a temporary folder and compare with the shipped manifest")
    draw.add_argument("--into", type=Path, default=IMAGES, help="target folder")
    docs = commands.add_parser("docs", help="write the example hands of the README")
    docs.add_argument("--into", type=Path, default=DOCS, help="target folder")
    args = parser.parse_args(argv)
    if args.command == "docs":
        for name, data in example_hands().items():
            (args.into / name).write_bytes(data)
            print(f"wrote {args.into / name} ({len(data) // 1024} KB)")
        return 0
    if args.check:
        with tempfile.TemporaryDirectory() as folder:
            fresh = draw_all(Path(folder))
        shipped = shipped_manifest()
        changed = sorted(name for name, entry in fresh["images"].items()
                         if shipped["images"].get(name, {}).get("pixels") != entry["pixels"])
        missing = sorted(set(shipped["images"]) - set(fresh["images"]))
        if changed or missing:
            print(f"pictures differ from the manifest: {', '.join(changed + missing)}")
            return 1
        print(f"{len(fresh['images'])} pictures match the manifest")
        return 0
    manifest = draw_all(args.into)
    total = sum(int(entry["bytes"]) for entry in manifest["images"].values())
    print(f"drew {len(manifest['images'])} pictures into {args.into} ({total // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
