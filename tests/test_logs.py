"""Log lines name the update, chat and table they are about, as text or as JSON."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator

import pytest
from telegram import Update

from chatbot import logs
from chatbot.handlers.telegram.config import ConfigError, Settings


@pytest.fixture
def captured() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger of its own with the real formatters' handler, writing to a buffer."""
    buffer = io.StringIO()
    logger = logging.getLogger("tests.logs")
    handler = logging.StreamHandler(buffer)
    handler.addFilter(logs.ContextFilter())
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        yield logger, buffer
    finally:
        logger.removeHandler(handler)


def _use(logger: logging.Logger, formatter: logging.Formatter) -> None:
    for handler in logger.handlers:
        handler.setFormatter(formatter)


async def test_each_updates_task_has_its_own_ids_in_json(
        captured: tuple[logging.Logger, io.StringIO]) -> None:
    logger, buffer = captured
    _use(logger, logs.JsonFormatter("worker"))

    async def handle(data: dict[str, object], table: int) -> None:
        logs.bind_update(Update.de_json(data, None))
        await asyncio.sleep(0)  # the other update runs in between
        logs.bind(table=table)
        await asyncio.sleep(0)
        logger.info("saved %s", "play")

    user = {"id": 55, "is_bot": False, "first_name": "Ana"}
    group = {"update_id": 7, "callback_query": {
        "id": "q", "from": user, "chat_instance": "c", "message": {
            "message_id": 1, "date": 0, "chat": {"id": -100, "type": "group"}}}}
    private = {"update_id": 8, "message": {"message_id": 2, "date": 0, "from": user,
                                           "chat": {"id": 55, "type": "private"}}}
    await asyncio.gather(handle(group, 12), handle(private, 13))
    logger.info("between updates")

    lines = [json.loads(line) for line in buffer.getvalue().splitlines()]
    assert [(x.get("update"), x.get("chat"), x.get("table")) for x in lines] == [
        (7, -100, 12), (8, 55, 13), (None, None, None)]
    assert {x["role"] for x in lines} == {"worker"}
    assert lines[0]["message"] == "saved play" and lines[0]["level"] == "INFO"


def test_a_traceback_stays_inside_its_json_line(
        captured: tuple[logging.Logger, io.StringIO]) -> None:
    logger, buffer = captured
    _use(logger, logs.JsonFormatter("run"))
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        logger.exception("update %s failed", 9)
    (line,) = buffer.getvalue().splitlines()
    record = json.loads(line)
    assert record["message"] == "update 9 failed"
    assert "RuntimeError: boom" in record["exc"]


def test_text_lines_end_with_the_ids_before_any_traceback(
        captured: tuple[logging.Logger, io.StringIO]) -> None:
    logger, buffer = captured
    _use(logger, logs.TextFormatter())

    def in_a_task() -> None:
        logs.bind(update=3, table=4)
        try:
            raise ValueError("bad")
        except ValueError:
            logger.exception("failed")

    import contextvars
    contextvars.copy_context().run(in_a_task)
    first, *rest = buffer.getvalue().splitlines()
    assert first.endswith("failed [update=3 table=4]")
    assert any("ValueError: bad" in line for line in rest)


def test_the_format_is_read_and_a_wrong_one_refused_in_a_sentence() -> None:
    base = {"TELEGRAM_BOT_TOKEN": "1:x"}
    assert Settings.from_env(base).log_format == "text"  # type: ignore[union-attr]
    assert Settings.from_env({**base, "TRUCO_LOG_FORMAT": " JSON "}).log_format == "json"  # type: ignore[union-attr]
    with pytest.raises(ConfigError, match="TRUCO_LOG_FORMAT must be text or json, not xml"):
        Settings.from_env({**base, "TRUCO_LOG_FORMAT": "xml"})
