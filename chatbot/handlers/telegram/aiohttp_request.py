"""PTB's network layer on aiohttp instead of httpx.

Every update costs the bot at least one Bot API call (an answer, an edit) on top
of the long poll, so the HTTP client's own CPU counts: under load httpx, httpcore,
anyio and h11 took about a fifth of the bot's CPU (``bench bot --profile``), and
aiohttp's C-accelerated client does the same work for a fraction of it. PTB
supports exactly this through :class:`telegram.request.BaseRequest`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

Timeout = Any  # float | None | PTB's DefaultValue


class AiohttpRequest(BaseRequest):
    """One aiohttp session with a bounded connection pool; timeouts as PTB passes them."""

    def __init__(self, connection_pool_size: int = 256, read_timeout: float | None = 5.0,
                 write_timeout: float | None = 5.0, connect_timeout: float | None = 5.0,
                 pool_timeout: float | None = 1.0, media_write_timeout: float | None = 20.0
                 ) -> None:
        self._pool_size = connection_pool_size
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._media_write_timeout = media_write_timeout
        self._session: aiohttp.ClientSession | None = None
        self.on_response: Callable[[], None] | None = None
        """Called after every exchange that reached the server (the outage log listens)."""

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self._pool_size)
            self._session = aiohttp.ClientSession(
                connector=connector, headers={"User-Agent": self.USER_AGENT})

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Timeout = BaseRequest.DEFAULT_NONE,
                         write_timeout: Timeout = BaseRequest.DEFAULT_NONE,
                         connect_timeout: Timeout = BaseRequest.DEFAULT_NONE,
                         pool_timeout: Timeout = BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        if self._session is None or self._session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = request_data.multipart_data if request_data else None
        read = self._default(read_timeout, self._read_timeout)
        write = self._default(write_timeout,
                              self._media_write_timeout if files else self._write_timeout)
        connect = self._default(connect_timeout, self._connect_timeout)
        pool = self._default(pool_timeout, self._pool_timeout)
        # aiohttp has no separate write timeout: the whole request must fit in all four.
        parts = [t for t in (read, write, connect, pool) if t is not None]
        total = sum(parts) if len(parts) == 4 else None
        timeout = aiohttp.ClientTimeout(total=total, connect=pool, sock_connect=connect,
                                        sock_read=read)
        try:
            async with self._session.request(method, url, data=_body(request_data),
                                             timeout=timeout) as response:
                answer = response.status, await response.read()
        except TimeoutError as err:
            raise TimedOut from err
        except aiohttp.ClientError as err:
            raise NetworkError(f"aiohttp.{err.__class__.__name__}: {err}") from err
        if self.on_response is not None:
            self.on_response()
        return answer

    def _default(self, given: Timeout, default: float | None) -> float | None:
        return default if isinstance(given, type(BaseRequest.DEFAULT_NONE)) else given


def _body(request_data: RequestData | None) -> aiohttp.FormData | dict[str, str] | None:
    """The parameters as a form (what the Bot API takes), with any files as parts."""
    if request_data is None:
        return None
    fields = request_data.json_parameters
    files = request_data.multipart_data
    if not files:
        return fields
    form = aiohttp.FormData()
    for name, value in fields.items():
        form.add_field(name, value)
    for name, (filename, content, mimetype) in files.items():
        form.add_field(name, content, filename=filename, content_type=mimetype)
    return form

