"""The card pictures: drawn by the project with Pillow, shipped as files, pinned by a manifest.

``python -m chatbot.cards draw`` draws every face (French 52, with a manilha and a
turned-card variant of the Brazilian ranks; Spanish 40) and the back into
``chatbot/cards/images``; ``draw --check`` tells whether the shipped files are
still what the code draws. The bot turns them into Telegram sticker sets
(chatbot/handlers/telegram/stickers.py) and composes hand pictures from them.
"""
