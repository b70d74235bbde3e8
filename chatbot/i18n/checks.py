"""Consistency checks of the template and the catalogs.

Shared by ``python -m chatbot.i18n check`` and the test suite, so a developer
sees locally exactly what CI would refuse: a message missing from a catalog,
a fuzzy or empty translation, placeholders that differ from the English, a
catalog that does not compile, a wrong plural rule, or a template that no
longer matches the code. Every gettext domain (``messages``, ``rules``) gets
the same checks.
"""

from __future__ import annotations

from collections.abc import Iterable
from gettext import c2py
from string import Formatter

from babel import Locale
from babel.messages.catalog import Catalog, Message

from chatbot.i18n.catalogs import (
    DOMAIN,
    DOMAINS,
    compile_catalog,
    po_path,
    read_catalog,
    template_path,
)
from chatbot.i18n.extraction import extract_template
from chatbot.i18n.locales import LOCALES, PLURAL_FORMS

Key = tuple[str, str | None]  # (msgid, msgctxt)

# Plural rules are compared with CLDR on these counts.
PLURAL_SAMPLE = range(0, 10_001)


def key_of(message: Message) -> Key:
    """How a message is identified: singular id plus context."""
    msgid = message.id[0] if message.pluralizable else message.id
    return (str(msgid), message.context)


def describe(key: Key) -> str:
    msgid, context = key
    return f"{msgid!r}" if context is None else f"{msgid!r} (context {context!r})"


def entries(catalog: Catalog) -> dict[Key, Message]:
    """The messages of a catalog, header left out."""
    return {key_of(m): m for m in catalog if m.id}


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message; ValueError when malformed.

    Only bare names are allowed: values arrive already formatted as strings,
    so a format spec or an attribute lookup could only break at run time.
    """
    names = set()
    for _literal, field, spec, conversion in Formatter().parse(text):
        if field is None:
            continue
        if not field.isidentifier() or spec or conversion:
            raise ValueError(f"placeholder {{{field}}} must be a bare {{name}}")
        names.add(field)
    return names


def _texts(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def template_drift(
    extracted: Catalog, template: Catalog, name: str = f"{DOMAIN}.pot"
) -> list[str]:
    """Messages the code marks that the template (``name``) lacks or has with another plural."""
    code, saved = entries(extracted), entries(template)
    problems = [
        f"in the code but not in {name}: {describe(k)}"
        for k in code
        if k not in saved
    ]
    problems += [
        f"plural form changed: {describe(k)}"
        for k, message in code.items()
        if k in saved and _texts(message.id) != _texts(saved[k].id)
    ]
    return problems


def stale_entries(extracted: Catalog, template: Catalog) -> list[str]:
    """Template entries no code marks any more.

    Harmless at run time and dropped by the next ``update``; reported, not
    failed, so that a checkout never fails because a colleague's module with
    messages is committed after the catalogs that translate it.
    """
    code = entries(extracted)
    return [describe(k) for k in entries(template) if k not in code]


def source_problems(template: Catalog) -> list[str]:
    """Messages whose English itself is malformed."""
    problems = []
    for key, message in entries(template).items():
        try:
            names = [placeholders(text) for text in _texts(message.id)]
        except ValueError as error:
            problems.append(f"{describe(key)}: {error}")
            continue
        if any(n != names[0] for n in names):
            problems.append(f"{describe(key)}: singular and plural need the same placeholders")
    return problems


def plural_problems(locale: str, catalog: Catalog) -> list[str]:
    """The Plural-Forms header is ours and agrees with CLDR."""
    expected = PLURAL_FORMS[locale]
    nplurals = int(expected.split("nplurals=")[1].split(";")[0])
    expression = expected.split("plural=")[1].rstrip(";")
    if catalog.num_plurals != nplurals or catalog.plural_expr != expression:
        return [f"{locale}: Plural-Forms is {catalog.plural_forms!r}, expected {expected!r}"]
    rule = Locale.parse(locale).plural_form
    pick = c2py(expression)
    categories: dict[int, set[str]] = {}
    for n in PLURAL_SAMPLE:
        categories.setdefault(pick(n), set()).add(rule(n))
    problems = []
    if set(categories) != set(range(nplurals)):
        problems.append(f"{locale}: plural rule does not use all {nplurals} forms")
    problems += [
        f"{locale}: plural form {index} mixes CLDR categories {sorted(found)}"
        for index, found in categories.items()
        if len(found) > 1
    ]
    return problems


def _translation_problems(locale: str, key: Key, message: Message, num: int) -> list[str]:
    where = f"{locale}: {describe(key)}"
    if message.fuzzy:
        return [f"{where} is fuzzy (review it, then remove the fuzzy flag)"]
    strings = _texts(message.string)
    if message.pluralizable and len(strings) != num:
        return [f"{where} has {len(strings)} plural forms, expected {num}"]
    if not strings or any(not s.strip() for s in strings):
        return [f"{where} is not translated"]
    expected = placeholders(_texts(message.id)[-1])
    problems = []
    for index, text in enumerate(strings):
        try:
            found = placeholders(text)
        except ValueError as error:
            problems.append(f"{where} form {index}: {error}")
            continue
        if found != expected:
            problems.append(
                f"{where} form {index}: placeholders {sorted(found)} instead of {sorted(expected)}"
            )
    return problems


def catalog_problems(locale: str, catalog: Catalog, template: Catalog) -> list[str]:
    """Everything wrong with one locale's catalog against the template."""
    problems = plural_problems(locale, catalog)
    wanted, have = entries(template), entries(catalog)
    for key, source in wanted.items():
        message = have.get(key)
        if message is None:
            problems.append(f"{locale}: missing {describe(key)}")
        elif _texts(message.id) != _texts(source.id):
            problems.append(f"{locale}: {describe(key)} has a different plural id")
        else:
            problems += _translation_problems(locale, key, message, catalog.num_plurals)
    problems += [f"{locale}: not in the template: {describe(k)}" for k in have if k not in wanted]
    if catalog.obsolete:
        problems.append(f"{locale}: {len(catalog.obsolete)} obsolete entries (run update)")
    try:
        compile_catalog(catalog)
    except Exception as error:  # any failure to compile is the finding itself
        problems.append(f"{locale}: does not compile: {error}")
    return problems


def domain_problems(domain: str = DOMAIN, locales: Iterable[str] = LOCALES) -> list[str]:
    """Run every check over one domain's committed files and the code."""
    path = template_path(domain)
    if not path.exists():
        return [f"no template at {path}"]
    template = read_catalog(path)
    problems = template_drift(extract_template(domain=domain), template, path.name)
    problems += source_problems(template)
    for locale in locales:
        path = po_path(locale, domain)
        if not path.exists():
            problems.append(f"{locale}: no catalog at {path}")
            continue
        problems += catalog_problems(locale, read_catalog(path, locale), template)
    return problems


def all_problems(
    locales: Iterable[str] = LOCALES, domains: Iterable[str] = DOMAINS
) -> list[str]:
    """Run every check over the committed files and the code, domain by domain.

    Problems of a domain other than ``messages`` are prefixed with its name.
    """
    locales = tuple(locales)
    problems = []
    for domain in domains:
        found = domain_problems(domain, locales)
        problems += found if domain == DOMAIN else [f"[{domain}] {p}" for p in found]
    return problems
