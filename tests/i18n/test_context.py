"""The locale belongs to the update being handled, never to the process."""

from __future__ import annotations

import asyncio
import contextvars

import pytest

from chatbot.i18n import (
    Term,
    canonical_locale,
    current_locale,
    resolve_locale,
    term,
    use_locale,
)


@pytest.mark.parametrize(
    ("choice", "telegram", "expected"),
    [
        (None, "pt-br", "pt_BR"),
        (None, "pt", "pt_BR"),
        (None, "pt-PT", "pt_BR"),
        (None, "fa", "fa"),
        (None, "fa-IR", "fa"),
        (None, "ur", "ur"),
        (None, "ur-IN", "ur"),
        (None, "bn", "bn"),
        (None, "bn-BD", "bn"),
        (None, "en-US", "en"),
        (None, "en", "en"),
        (None, "de", "en"),
        (None, "ar", "en"),
        (None, "", "en"),
        (None, None, "en"),
        ("fa", "pt-br", "fa"),  # an explicit choice wins over the app language
        ("pt_BR", "en", "pt_BR"),
        ("klingon", "bn", "bn"),  # an unusable choice is ignored
        ("", "ur", "ur"),
    ],
)
def test_resolve_locale(choice: str | None, telegram: str | None, expected: str) -> None:
    assert resolve_locale(choice, telegram) == expected


def test_resolve_locale_default() -> None:
    assert resolve_locale(None, "de", default="pt_BR") == "pt_BR"
    with pytest.raises(ValueError):
        resolve_locale(None, "de", default="de")


def test_canonical_locale() -> None:
    assert canonical_locale("PT-br") == "pt_BR"
    assert canonical_locale("fa") == "fa"
    with pytest.raises(ValueError):
        canonical_locale("pt")


def test_use_locale_nests_and_restores() -> None:
    assert current_locale() == "en"
    with use_locale("fa") as locale:
        assert locale == current_locale() == "fa"
        with use_locale("bn"):
            assert current_locale() == "bn"
        assert current_locale() == "fa"
    assert current_locale() == "en"


def test_use_locale_restores_after_an_error() -> None:
    with pytest.raises(RuntimeError), use_locale("ur"):
        raise RuntimeError
    assert current_locale() == "en"


async def test_concurrent_tasks_keep_their_own_locale() -> None:
    """Two updates handled at once, interleaved at every await."""
    fa_set, bn_set = asyncio.Event(), asyncio.Event()

    async def handle(locale: str, mine: asyncio.Event, theirs: asyncio.Event) -> list[str]:
        seen = []
        with use_locale(locale):
            mine.set()
            await theirs.wait()  # the other task has now set its own locale
            for _ in range(5):
                seen.append(f"{current_locale()}:{term(Term.TRICK)}")
                await asyncio.sleep(0)
        return seen

    fa, bn = await asyncio.gather(
        handle("fa", fa_set, bn_set), handle("bn", bn_set, fa_set)
    )
    assert fa == ["fa:دست"] * 5
    assert bn == ["bn:পিট"] * 5
    assert current_locale() == "en"


async def test_child_task_inherits_but_does_not_leak_back() -> None:
    async def child() -> str:
        inherited = current_locale()
        with use_locale("ur"):
            await asyncio.sleep(0)
        return inherited

    with use_locale("pt_BR"):
        assert await asyncio.create_task(child()) == "pt_BR"
        assert current_locale() == "pt_BR"


def test_threads_started_with_a_copied_context() -> None:
    with use_locale("fa"):
        context = contextvars.copy_context()
    assert context.run(current_locale) == "fa"
    assert current_locale() == "en"
