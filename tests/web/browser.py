"""Headless Chromium for the web table's tests: Debian's ``chromium`` driven by Playwright.

Skipped locally with the reason when either is missing; a failure when ``CI`` is set
(``.ci/browser-setup`` installs the browser), as the PostgreSQL tests do.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, NoReturn

import pytest

CHROMIUM = os.environ.get("TRUCO_TEST_CHROMIUM", "/usr/bin/chromium")


def browser_unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(reason + " (CI is set: run .ci/browser-setup)", pytrace=False)
    pytest.skip(reason)


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless Chromium that never reaches beyond this machine."""
    if not (os.path.isfile(CHROMIUM) or shutil.which(CHROMIUM)):
        browser_unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        browser_unavailable("the playwright package is not installed (pip install playwright)")
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            yield browser
        finally:
            await browser.close()


async def offline_context(browser: Any, **options: Any) -> Any:
    """A browser context whose requests off 127.0.0.1 are refused (Telegram's script
    included: the page must work without it)."""
    context = await browser.new_context(**options)

    async def only_local(route: Any) -> None:
        if route.request.url.startswith(("http://127.0.0.1", "data:")):
            await route.continue_()
        else:
            await route.abort()

    await context.route("**/*", only_local)
    return context
