"""The scenario format of ``scenarios/FORMAT.md``: read, referee, report one hand."""

from chatbot.scenario.loader import Scenario, ScenarioError, load_scenario
from chatbot.scenario.referee import referee

__all__ = ["Scenario", "ScenarioError", "load_scenario", "referee"]
