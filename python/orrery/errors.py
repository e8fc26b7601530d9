"""The exceptions the orrery package raises (docs/python.md, "Errors")."""
from ._orrery import ProjectError, ScenarioError, SimulationError


class ExperimentError(RuntimeError):
    """`orrery experiment` failed: the message is what it wrote to standard error."""

    def __init__(self, message, returncode):
        super().__init__(message)
        self.returncode = returncode


__all__ = ["ExperimentError", "ProjectError", "ScenarioError", "SimulationError"]
