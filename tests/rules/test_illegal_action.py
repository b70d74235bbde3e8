"""IllegalAction is built lean (slots) but still reads and travels like an exception."""

from __future__ import annotations

import copy
import pickle

import pytest

from chatbot.rules.errors import IllegalAction


def test_a_refusal_keeps_its_reason_and_params_raised_copied_and_pickled() -> None:
    refusal = IllegalAction("raise-alternation", seat=1, call="seis")
    with pytest.raises(IllegalAction) as info:
        raise refusal
    for seen in (info.value, copy.copy(refusal), pickle.loads(pickle.dumps(refusal))):
        assert (seen.reason, seen.params, seen.args) == (
            "raise-alternation", {"seat": 1, "call": "seis"}, ("raise-alternation",))
        assert str(seen) == "raise-alternation"
