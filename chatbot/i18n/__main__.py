"""``python -m chatbot.i18n extract|update|check``: keep the catalogs in step.

extract  rewrite locales/messages.pot from the messages marked in chatbot/
update   extract, then merge the template into every locale's .po
check    report anything CI would refuse; exit status 1 if there is any
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from chatbot.i18n.catalogs import TEMPLATE_PATH, read_catalog
from chatbot.i18n.checks import all_problems, stale_entries
from chatbot.i18n.extraction import PACKAGE_DIR, extract_template, update_all, write_template


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m chatbot.i18n",
        description="Maintain the gettext catalogs of chatbot/i18n/locales.",
    )
    parser.add_argument("command", choices=("extract", "update", "check"))
    args = parser.parse_args(argv)
    root = PACKAGE_DIR.parent
    if args.command == "extract":
        changed = write_template(extract_template())
        print(f"{TEMPLATE_PATH.relative_to(root)}: {'updated' if changed else 'up to date'}")
        return 0
    if args.command == "update":
        changed = update_all()
        for path in changed:
            print(f"updated {path.relative_to(root)}")
        if not changed:
            print("catalogs up to date")
        problems = all_problems()
        if problems:
            print(f"{len(problems)} translations to do or fix; see `python -m chatbot.i18n check`")
        return 0
    for stale in stale_entries(extract_template(), read_catalog(TEMPLATE_PATH)):
        print(f"note: no longer in the code (update will drop it): {stale}", file=sys.stderr)
    problems = all_problems()
    for problem in problems:
        print(problem, file=sys.stderr)
    print("catalogs OK" if not problems else f"{len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
