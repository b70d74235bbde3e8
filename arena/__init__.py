"""Arena-only code: opponents for ``python -m chatbot.bench arena``, outside the product.

Nothing under ``chatbot/`` imports this package; the arena finds it by name at run
time (``chatbot/bench/arena.py``), so the bot that ships never carries it.
"""
