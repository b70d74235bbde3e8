"""``python -m chatbot.i18n extract|update|check``: keep the catalogs in step.

extract  rewrite locales/<domain>.pot from the messages marked in chatbot/
update   extract, then merge the template into every locale's .po
check    report anything CI would refuse; exit status 1 if there is any

Every domain (messages, rules) is handled unless ``--domain`` names one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from chatbot.i18n.catalogs import DOMAINS, read_catalog, template_path
from chatbot.i18n.checks import all_problems, stale_entries
from chatbot.i18n.extraction import PACKAGE_DIR, extract_template, update_all, write_template


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m chatbot.i18n",
        description="Maintain the gettext catalogs of chatbot/i18n/locales.",
    )
    parser.add_argument("command", choices=("extract", "update", "check"))
    parser.add_argument(
        "--domain", choices=DOMAINS, action="append",
        help="only this domain (repeatable); default: every domain",
    )
    args = parser.parse_args(argv)
    domains: tuple[str, ...] = tuple(args.domain or DOMAINS)
    root = PACKAGE_DIR.parent
    if args.command == "extract":
        for domain in domains:
            path = template_path(domain)
            changed = write_template(extract_template(domain=domain), path)
            print(f"{path.relative_to(root)}: {'updated' if changed else 'up to date'}")
        return 0
    if args.command == "update":
        updated = [path for domain in domains for path in update_all(domain=domain)]
        for path in updated:
            print(f"updated {path.relative_to(root)}")
        if not updated:
            print("catalogs up to date")
        problems = all_problems(domains=domains)
        if problems:
            print(f"{len(problems)} translations to do or fix; see `python -m chatbot.i18n check`")
        return 0
    for domain in domains:
        path = template_path(domain)
        if not path.exists():
            continue
        for stale in stale_entries(extract_template(domain=domain), read_catalog(path)):
            print(f"note: no longer in the code (update will drop it): {stale}", file=sys.stderr)
    problems = all_problems(domains=domains)
    for problem in problems:
        print(problem, file=sys.stderr)
    print("catalogs OK" if not problems else f"{len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
