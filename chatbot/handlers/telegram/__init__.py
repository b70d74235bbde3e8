"""The Telegram front end (python-telegram-bot 22, asyncio)."""
