"""Gymnasium-style environments over Orrery's workload kinds (docs/python.md, "Environments").

`orrery.make(scenario)` wraps the C++ environment of core/control_gym — the same contract the
built-in learners of core/learn train through — in Gymnasium's API: reset(seed=, options=) returns
(observation, info); step(action) returns (observation, reward, terminated, truncated, info);
observation_space and action_space are Box spaces. The class derives from gymnasium.Env where
Gymnasium is installed and from object otherwise.
"""
import numpy as np

from . import _orrery
from .spaces import box

try:
    from gymnasium import Env as _EnvBase
except ImportError:
    _EnvBase = object

_SEED_LIMIT = 2**63


class Environment(_EnvBase):
    """One workload of a scenario under control, one control period per step.

    observation: float32 vector, `observation_names` name every entry (per target slot, then the
        period's global figures); targets keep their slot while they exist.
    action: float32 vector in [-1, 1], one value per slot and knob (`knobs`), slot-major; a sets
        the knob to current x 2**a (replicas rounded, at least 1), so zeros change nothing.
    reward, terminated, truncated: the kind environment's (docs/python.md names each kind's).
    """

    metadata = {"render_modes": []}
    render_mode = None
    spec = None

    def __init__(self, scenario, control=None, steps=300, period=None, workload="", max_targets=0, dead_band=0.01):
        if isinstance(scenario, str):
            scenario = _orrery.load_scenario(scenario)
        if control is None:
            knobs = []
        elif isinstance(control, str):
            knobs = [k.strip() for k in control.split(",") if k.strip()]
        else:
            knobs = list(control)
        self.scenario = scenario
        self._env = _orrery.ControlEnvironment(scenario, knobs, int(steps), period, workload, int(max_targets),
                                               float(dead_band))
        self.observation_space = box(-np.inf, np.inf, (self._env.observation_dimension,))
        self.action_space = box(-1.0, 1.0, (self._env.action_dimension,))
        self._np_random = None
        self._started = False

    # Gymnasium's API ---------------------------------------------------------------------------
    @property
    def np_random(self):
        """The generator episode seeds are drawn from when reset() is given none."""
        if self._np_random is None:
            self._np_random = np.random.default_rng(self.scenario.seed)
        return self._np_random

    @property
    def unwrapped(self):
        return self

    def reset(self, *, seed=None, options=None):
        """Starts an episode. With `seed` the episode is that seed's (bit for bit the same every
        time) and later unseeded resets continue from it; without one, the first episode uses the
        scenario's seed stream and each later one the next draw."""
        if seed is not None:
            if int(seed) < 0:
                raise ValueError("seed must be a non-negative integer")
            self._np_random = np.random.default_rng(int(seed))
            episode_seed = int(seed)
        else:
            episode_seed = int(self.np_random.integers(_SEED_LIMIT))
        if options:
            raise ValueError(f"reset() takes no options, got {sorted(options)}")
        observation = self._env.reset(episode_seed)
        self._started = True
        info = self._env.info()
        info["seed"] = episode_seed
        return observation, info

    def step(self, action):
        if not self._started:
            raise RuntimeError(f"{self._env.id}: step() before reset()")
        if not (isinstance(action, np.ndarray) and action.dtype == np.float32 and action.ndim == 1):
            action = np.asarray(action, dtype=np.float32).reshape(-1)
        return self._env.step(action)

    def render(self):
        return None

    def close(self):
        self._started = False

    # Orrery's additions -----------------------------------------------------------------------
    @property
    def id(self):
        return self._env.id

    @property
    def kind(self):
        return self._env.kind

    @property
    def knobs(self):
        return self._env.knobs

    @property
    def slots(self):
        return self._env.slots

    @property
    def max_episode_steps(self):
        return self._env.max_episode_steps

    @property
    def observation_names(self):
        return self._env.observation_names

    @property
    def target_features(self):
        return self._env.target_features

    def feature_index(self, slot, feature):
        """Where `feature` of target slot `slot` sits in an observation."""
        return slot * len(self._env.target_features) + self._env.target_features.index(feature)

    def __repr__(self):
        return f"<orrery.Environment {self.id} kind={self.kind} slots={self.slots} knobs={self.knobs}>"


def make(scenario, control=None, steps=300, period=None, workload="", max_targets=0, dead_band=0.01):
    """An Environment over `scenario` (a path or an orrery.Scenario).

    control: the knobs each action sets, as a list or "cpu,replicas" ("replicas" or a resource:
        cpu, memory, memory-bandwidth, llc, disk-io, network, gpu-frequency); None = the kind's own.
    steps: control periods per episode (the time limit; truncated after it).
    period: seconds per step for microservices (the kinds' own periods come from the scenario).
    workload: which workload to control when the scenario has several (default the first).
    max_targets: target slots (0 = the kind's capacity or the targets seen at the start).
    dead_band: relative changes smaller than this send no action.
    """
    return Environment(scenario, control, steps, period, workload, max_targets, dead_band)
