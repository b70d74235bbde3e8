"""Every Ctrl-C a terminal game receives, noted, because ``input()`` may hide one.

Python's ``input()`` reading a pipe (a script, a test, some terminals' wrappers)
sometimes reports a Ctrl-C that lands while it reads as the end of input (EOFError)
instead of KeyboardInterrupt. The game treats the end of input as Ctrl-D, a person
leaving (exit 0), and a Ctrl-C as an interrupt (exit 130); with the SIGINT handler
of :class:`CtrlC` in place it asks :attr:`CtrlC.seen` before taking an EOF for a
Ctrl-D. The handler raises KeyboardInterrupt just as Python's own does.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any


class CtrlC:
    """A context in which SIGINT is noted (``seen``) and then raised as usual."""

    def __init__(self) -> None:
        self.seen = False
        self._previous: Any = None
        self._installed = False

    def __enter__(self) -> CtrlC:
        # signal handlers can only be set from the main thread; elsewhere (a game
        # driven from a worker thread) Python's own stays and nothing is noted
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._note)
            self._installed = True
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)
            self._installed = False

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.seen = True
        raise KeyboardInterrupt
