"""Orrery from Python (docs/python.md): scenarios, runs, experiments and project files, and
Gymnasium-style environments over the microservice, functions, model-serving and training-jobs
simulators.

    >>> import orrery
    >>> env = orrery.make("resources/scenarios/socialnetwork-steady.yaml")
    >>> observation, info = env.reset(seed=1)
    >>> observation, reward, terminated, truncated, info = env.step(env.action_space.sample())
"""
from ._orrery import Scenario, __version__, load_scenario
from .environment import Environment, make
from .errors import ExperimentError, ProjectError, ScenarioError, SimulationError
from .experiments import run_experiment
from .project import Project
from .runs import run

__all__ = [
    "Environment", "ExperimentError", "Project", "ProjectError", "Scenario", "ScenarioError", "SimulationError",
    "__version__", "load_scenario", "make", "run", "run_experiment",
]
