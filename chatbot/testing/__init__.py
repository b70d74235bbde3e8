"""Test doubles that run for real: the fake Telegram Bot API and its scripted users.

The tests and the bot benchmark (`python -m chatbot.bench bot`) import this
package; the bot's runtime code never does (a test in `tests/test_layers.py`
checks it), so shipping it costs a user nothing.
"""
