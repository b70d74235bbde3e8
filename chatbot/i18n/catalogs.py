"""Load the gettext catalogs straight from the .po files.

No .mo file is committed or installed: each catalog is parsed with Babel and
compiled in memory on first use, then cached per (locale, domain). The running
code can therefore never disagree with the .po a translator edited. Fuzzy
entries are left out (they fall back to English) until someone reviews them.

Domains: ``messages`` (everything the bot says) and ``rules`` (the long
``/rules`` pages, kept apart so that neither catalog's edits collide).
"""

from __future__ import annotations

import logging
from functools import cache
from gettext import GNUTranslations, NullTranslations
from io import BytesIO
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from chatbot.i18n.locales import canonical_locale

LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"
DOMAIN: Final = "messages"
RULES_DOMAIN: Final = "rules"
DOMAINS: Final[tuple[str, ...]] = (DOMAIN, RULES_DOMAIN)

log = logging.getLogger(__name__)


def template_path(domain: str = DOMAIN) -> Path:
    """Where the template (.pot) of a domain lives."""
    return LOCALES_DIR / f"{domain}.pot"


TEMPLATE_PATH: Final = template_path(DOMAIN)


def po_path(locale: str, domain: str = DOMAIN) -> Path:
    """Where the catalog of a locale (in a domain) lives."""
    return LOCALES_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """Parse a .po or .pot file (the format is always UTF-8 here)."""
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, abort_invalid=True)


def compile_catalog(catalog: Catalog) -> GNUTranslations:
    """Compile a Babel catalog into gettext translations without touching disk."""
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return GNUTranslations(buffer)


@cache
def translations(locale: str, domain: str = DOMAIN) -> NullTranslations:
    """The compiled catalog of a locale in a domain, built once per process.

    A missing catalog degrades to the English message ids rather than
    breaking a game; the test suite makes sure none is missing.
    """
    locale = canonical_locale(locale)
    path = po_path(locale, domain)
    if not path.exists():
        log.error("no catalog for %s at %s; answering in English", locale, path)
        return NullTranslations()
    return compile_catalog(read_catalog(path, locale))


def reload_catalogs() -> None:
    """Forget compiled catalogs, e.g. after editing a .po in a running shell."""
    translations.cache_clear()
