"""Alembic migration environment of the storage layer (run via ``chatbot.storage.migrate``)."""
