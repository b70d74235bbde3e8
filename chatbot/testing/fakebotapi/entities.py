"""Telegram's text formatting, reimplemented just far enough for the fake server.

Telegram stores a message as plain text plus entities (UTF-16 offsets). Whether an
edit is "not modified" is decided on that rendered form, not on the HTML the bot
sent, so the fake server must render HTML the same way to answer edits honestly.
MarkdownV2 is not rendered (the bot is expected to use HTML); its text is stored
as sent.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from .errors import ApiError

_SIMPLE_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "a": "text_link",
    "span": "spoiler",
    "tg-emoji": "custom_emoji",
}


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit of Telegram's entity offsets."""
    return len(text.encode("utf-16-le")) // 2


def bot_command_entities(text: str) -> list[dict[str, Any]]:
    """The ``bot_command`` entity Telegram adds to a message starting with a command.

    PTB's CommandHandler only matches a message whose first entity is a bot_command
    at offset 0, so scripted users must produce it exactly like a real client.
    """
    if not text.startswith("/") or len(text) < 2:
        return []
    command = text.split(maxsplit=1)[0]
    return [{"type": "bot_command", "offset": 0, "length": utf16_len(command)}]


class _TelegramHTML(HTMLParser):
    """Collects plain text and entities; raises the errors Telegram gives for bad HTML."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.source = source
        self.parts: list[str] = []
        self.length = 0  # UTF-16 units emitted so far
        self.stack: list[tuple[str, dict[str, Any]]] = []
        self.entities: list[dict[str, Any]] = []

    def _byte_offset(self) -> int:
        line, col = self.getpos()
        lines = self.source.split("\n")
        prefix = "\n".join(lines[: line - 1])
        if line > 1:
            prefix += "\n"
        prefix += lines[line - 1][:col]
        return len(prefix.encode("utf-8"))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        kind = _SIMPLE_TAGS.get(tag)
        if kind is None or (tag == "span" and attributes.get("class") != "tg-spoiler"):
            raise ApiError(
                400,
                "Bad Request: can't parse entities: Unsupported start tag "
                f'"{tag}" at byte offset {self._byte_offset()}',
            )
        entity: dict[str, Any] = {"type": kind, "offset": self.length}
        if tag == "a":
            href = attributes.get("href") or ""
            if href.startswith("tg://user?id="):
                entity = {"type": "text_mention", "offset": self.length,
                          "user": {"id": int(href.split("=", 1)[1]), "is_bot": False,
                                   "first_name": ""}}
            else:
                entity["url"] = href
        elif tag == "blockquote" and "expandable" in attributes:
            entity["type"] = "expandable_blockquote"
        elif tag == "tg-emoji":
            entity["custom_emoji_id"] = attributes.get("emoji-id") or ""
        elif tag == "code" and self.stack and self.stack[-1][0] == "pre":
            language = (attributes.get("class") or "").removeprefix("language-")
            if language:
                self.stack[-1][1]["language"] = language
            entity["type"] = "_nested_code"
        self.stack.append((tag, entity))

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1][0] != tag:
            expected = f'"</{self.stack[-1][0]}>"' if self.stack else "nothing"
            raise ApiError(
                400,
                "Bad Request: can't parse entities: Unmatched end tag at byte offset "
                f'{self._byte_offset()}, expected {expected}, found "</{tag}>"',
            )
        _, entity = self.stack.pop()
        entity["length"] = self.length - entity["offset"]
        if entity["length"] > 0 and entity["type"] != "_nested_code":
            self.entities.append(entity)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        self.length += utf16_len(data)

    def finish(self) -> tuple[str, list[dict[str, Any]]]:
        self.close()
        if self.stack:
            raise ApiError(
                400,
                "Bad Request: can't parse entities: Can't find end tag corresponding to "
                f'start tag "{self.stack[-1][0]}"',
            )
        entities = sorted(self.entities, key=lambda e: (e["offset"], -e["length"]))
        return "".join(self.parts), entities


def render(
    text: str, parse_mode: str | None, entities: list[dict[str, Any]] | None = None
) -> tuple[str, list[dict[str, Any]]]:
    """Turn what the bot sent into Telegram's stored form: plain text and entities."""
    if entities:
        return text, list(entities)
    if parse_mode and parse_mode.upper() == "HTML":
        parser = _TelegramHTML(text)
        parser.feed(text)
        return parser.finish()
    return text, []
