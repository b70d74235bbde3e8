"""Developer tooling: extract messages from the code and update the catalogs.

Wraps Babel's extractor and catalog merge with this project's choices, so that
``python -m chatbot.i18n update`` is the only command anybody needs:

* every ``.py`` under ``chatbot/`` is scanned, with the keywords of KEYWORDS, and
  the games defined outside it (OUTSIDE_SOURCES);
* ``# TRANSLATORS:`` comments right above a message reach the translators;
* locations are written without line numbers and lines are not wrapped, so
  moving code does not rewrite every catalog, and RTL text is never split;
* a file is only rewritten when its messages changed (no date-only churn);
* the English catalog is the source language: its translations are the ids.

Each gettext domain has its own keywords: ``messages`` the usual ``_``,
``ngettext``, ``N_``, ``NN_``...; ``rules`` only ``R_``, which marks the text of the
``/rules`` pages (chatbot/i18n/rules_pages.py).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from io import BytesIO
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract, extract_from_dir
from babel.messages.pofile import write_po

from chatbot.i18n.catalogs import (
    DOMAIN,
    RULES_DOMAIN,
    TEMPLATE_PATH,
    po_path,
    read_catalog,
    template_path,
)
from chatbot.i18n.locales import DEFAULT_LOCALE, LOCALES, PLURAL_FORMS

PACKAGE_DIR: Final = Path(__file__).resolve().parent.parent  # chatbot/
# Modules outside the package that define a game of their own, scanned like the package:
# the worked example of docs/architecture.md ("Adding a game") is a game defined in its
# test alone, and its calls are said in every language as any game's are. A checkout
# without tests (an installed package) has none to scan.
OUTSIDE_SOURCES: Final = (PACKAGE_DIR.parent / "tests" / "test_toy_variant.py",)
PROJECT: Final = "truco-bot"
SOURCE_LOCALE: Final = DEFAULT_LOCALE

# Function name -> Babel keyword spec (argument positions; (n, "c") = context).
KEYWORDS: Final[dict[str, tuple[int | tuple[int, str], ...] | None]] = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "NP_": ((1, "c"), 2),
    "NN_": (1, 2),
    "Msg": ((1, "c"), 2),
    "translate": None,
    "ntranslate": (1, 2),
}
# The rules domain: R_("...") marks a section of a /rules page.
RULES_KEYWORDS: Final[dict[str, tuple[int | tuple[int, str], ...] | None]] = {"R_": None}
DOMAIN_KEYWORDS: Final = {DOMAIN: KEYWORDS, RULES_DOMAIN: RULES_KEYWORDS}
COMMENT_TAGS: Final = ("TRANSLATORS:",)

_TEMPLATE_HEADER: Final = """\
# Message template for truco-bot, generated from the code.
# Do not edit: run `python -m chatbot.i18n update`.
#"""
_CATALOG_HEADER: Final = """\
# {locale} messages of truco-bot.
# Edit only the msgstr lines; run `python -m chatbot.i18n update` after code changes.
#"""
_CATALOG_HEADERS: Final = {
    DOMAIN: _CATALOG_HEADER,
    RULES_DOMAIN: """\
# {locale} /rules pages of truco-bot.
# Edit only the msgstr lines; run `python -m chatbot.i18n update` after code changes.
#""",
}


def extract_template(source_dir: Path = PACKAGE_DIR, domain: str = DOMAIN) -> Catalog:
    """Collect every message of the code marked for a domain into a template catalog."""
    catalog = Catalog(
        project=PROJECT, header_comment=_TEMPLATE_HEADER, charset="utf-8", fuzzy=False
    )
    found = extract_from_dir(
        source_dir,
        method_map=[("**.py", "python")],
        keywords=DOMAIN_KEYWORDS[domain],
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    prefix = source_dir.name
    for filename, lineno, message, comments, context in found:
        location = (f"{prefix}/{Path(filename).as_posix()}", lineno)
        catalog.add(message, None, [location], auto_comments=comments, context=context)
    if source_dir == PACKAGE_DIR:
        for path in OUTSIDE_SOURCES:
            if not path.exists():
                continue
            with path.open("rb") as source:
                for lineno, message, comments, context in extract(
                        "python", source, keywords=DOMAIN_KEYWORDS[domain],
                        comment_tags=COMMENT_TAGS, strip_comment_tags=True):
                    location = (path.relative_to(PACKAGE_DIR.parent).as_posix(), lineno)
                    catalog.add(message, None, [location], auto_comments=comments,
                                context=context)
    return catalog


def render(catalog: Catalog) -> bytes:
    """The .po/.pot text of a catalog, in this project's layout."""
    buffer = BytesIO()
    write_po(
        buffer,
        catalog,
        width=0,
        ignore_obsolete=True,
        include_previous=True,
        include_lineno=False,
    )
    return buffer.getvalue()


def _write_if_changed(path: Path, catalog: Catalog, previous: Catalog | None) -> bool:
    """Write unless only the dates would change; True when the file was written."""
    if previous is not None and path.exists():
        current_date = catalog.creation_date
        catalog.creation_date = previous.creation_date
        if render(catalog) == path.read_bytes():
            return False
        catalog.creation_date = current_date
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render(catalog))
    return True


def write_template(template: Catalog, path: Path = TEMPLATE_PATH) -> bool:
    """Save the template; True if it changed."""
    previous = read_catalog(path) if path.exists() else None
    return _write_if_changed(path, template, previous)


def _fill_source(messages: Iterable[Message]) -> None:
    """In the source language the translation is the id itself."""
    for message in messages:
        if not message.id:
            continue
        message.string = tuple(message.id) if message.pluralizable else message.id
        message.flags.discard("fuzzy")
        message.previous_id = []


def update_catalog(locale: str, template: Catalog, domain: str = DOMAIN) -> bool:
    """Merge the template into one locale's .po of a domain (created if missing)."""
    path = po_path(locale, domain)
    if path.exists():
        catalog = read_catalog(path, locale)
        previous: Catalog | None = read_catalog(path, locale)
    else:
        catalog = Catalog(locale=locale, project=PROJECT, charset="utf-8", fuzzy=False)
        previous = None
    catalog.header_comment = _CATALOG_HEADERS[domain].format(locale=locale)
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[locale])]
    catalog.language_team = f"{PROJECT} {locale}"
    catalog.last_translator = f"{PROJECT} translators"
    catalog.fuzzy = False
    catalog.update(copy.deepcopy(template))  # update() adopts the template's messages
    if locale == SOURCE_LOCALE:
        _fill_source(catalog)
    return _write_if_changed(path, catalog, previous)


def update_all(source_dir: Path = PACKAGE_DIR, domain: str = DOMAIN) -> list[Path]:
    """Extract, then update every catalog of a domain; the files that changed."""
    path = template_path(domain)
    template = extract_template(source_dir, domain)
    changed = [path] if write_template(template, path) else []
    template = read_catalog(path)
    changed += [
        po_path(locale, domain) for locale in LOCALES if update_catalog(locale, template, domain)
    ]
    return changed
