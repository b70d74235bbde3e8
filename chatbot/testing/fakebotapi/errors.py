"""Bot API error answers, worded exactly as Telegram words them.

Bots match on these descriptions (PTB maps only the HTTP status to an exception
class), so the fake server must reproduce the text, not just the code.
"""

from __future__ import annotations

from typing import Any

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)
BLOCKED = "Forbidden: bot was blocked by the user"
CANT_INITIATE = "Forbidden: bot can't initiate conversation with a user"
CHAT_NOT_FOUND = "Bad Request: chat not found"
QUERY_TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
MESSAGE_TO_EDIT_NOT_FOUND = "Bad Request: message to edit not found"
MESSAGE_CANT_BE_EDITED = "Bad Request: message can't be edited"
MESSAGE_TO_DELETE_NOT_FOUND = "Bad Request: message to delete not found"
MESSAGE_CANT_BE_DELETED = "Bad Request: message can't be deleted"
REPLY_NOT_FOUND = "Bad Request: message to be replied not found"
TEXT_EMPTY = "Bad Request: message text is empty"
TEXT_TOO_LONG = "Bad Request: message is too long"
BUTTON_DATA_INVALID = "Bad Request: BUTTON_DATA_INVALID"
USER_NOT_FOUND = "Bad Request: user not found"
WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)
POLL_CONFLICT = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)
WEBHOOK_BAD_URL = "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"
WEBHOOK_BAD_SECRET = "Bad Request: secret token contains unallowed characters"
UPGRADED = "Bad Request: group chat was upgraded to a supergroup chat"
UNAUTHORIZED = "Unauthorized"
NOT_FOUND = "Not Found"


def too_many_requests(retry_after: int) -> str:
    """Telegram's 429 description, which repeats the wait in the text."""
    return f"Too Many Requests: retry after {retry_after}"


class ApiError(Exception):
    """An error answer of the Bot API: raised by a method handler, sent as JSON."""

    def __init__(
        self, error_code: int, description: str, parameters: dict[str, Any] | None = None
    ) -> None:
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.parameters = parameters

    @classmethod
    def retry_after(cls, seconds: int) -> ApiError:
        return cls(429, too_many_requests(seconds), {"retry_after": seconds})

    @classmethod
    def migrated(cls, new_chat_id: int) -> ApiError:
        """A call to a group that became a supergroup: 400 naming the new id."""
        return cls(400, UPGRADED, {"migrate_to_chat_id": new_chat_id})

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        if self.parameters:
            body["parameters"] = self.parameters
        return body
