"""The web table: the game as a Telegram Mini App, a front end beside the chat's."""
