"""The aiohttp network layer speaks to a Bot API as PTB expects: forms, files, timeouts."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from telegram import InputFile
from telegram.error import NetworkError, TimedOut
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from chatbot.handlers.telegram.aiohttp_request import AiohttpRequest


async def echo(request: web.Request) -> web.Response:
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        parts = {}
        async for part in reader:
            body = await part.read()
            parts[part.name] = [part.filename, body.decode()]
        return web.json_response({"multipart": parts})
    form = await request.post()
    return web.json_response({"form": dict(form)})


async def slow(request: web.Request) -> web.Response:
    await asyncio.sleep(1)
    return web.json_response({})


@pytest.fixture
async def server() -> AsyncIterator[str]:
    app = web.Application()
    app.router.add_post("/echo", echo)
    app.router.add_post("/slow", slow)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


async def test_parameters_go_as_a_form_and_files_as_parts(server: str) -> None:
    request = AiohttpRequest()
    await request.initialize()
    try:
        data = RequestData([RequestParameter.from_input("chat_id", -100),
                            RequestParameter.from_input("text", "Truco! ۳")])
        status, body = await request.do_request(f"{server}/echo", "POST", data)
        assert status == 200
        assert json.loads(body) == {"form": {"chat_id": "-100", "text": "Truco! ۳"}}
        upload = InputFile(b"cards", filename="hand.txt", attach=True)
        data = RequestData([RequestParameter.from_input("chat_id", 7),
                            RequestParameter.from_input("document", upload)])
        status, body = await request.do_request(f"{server}/echo", "POST", data)
        parts = json.loads(body)["multipart"]
        assert parts["chat_id"] == [None, "7"]
        assert any(v == ["hand.txt", "cards"] for v in parts.values())
    finally:
        await request.shutdown()


async def test_timeouts_and_failures_are_ptb_errors(server: str) -> None:
    request = AiohttpRequest(read_timeout=0.2)
    await request.initialize()
    try:
        with pytest.raises(TimedOut):
            await request.do_request(f"{server}/slow", "POST", RequestData())
        with pytest.raises(NetworkError):
            await request.do_request("http://127.0.0.1:9/nothing", "POST", RequestData())
    finally:
        await request.shutdown()
    with pytest.raises(RuntimeError):  # closed: PTB initializes before using it
        await request.do_request(f"{server}/echo", "POST", RequestData())
