"""Reading a project file (docs/project-file.md) from Python."""
from . import _orrery


class Project:
    """An Orrery project file: its runs with their metrics, its experiments with their comparison.

    Use as a context manager or call close(); reading never changes what the project holds.
    """

    def __init__(self, path):
        self._file = _orrery.ProjectFile(str(path))

    @property
    def path(self):
        return self._file.path

    def runs(self):
        """Every run as a dict: id, scenario, seed, status, policies, horizon_s, started_at, ended_at."""
        return self._file.runs()

    def metrics(self, run_id):
        """A run's metrics by name (None where the run recorded NaN)."""
        return self._file.metrics(int(run_id))

    def experiments(self):
        """Every experiment as a dict: id, name, baseline, treatment, sweep, cells, compared_at."""
        return self._file.experiments()

    def experiment(self, name):
        """The latest experiment called `name` (KeyError when there is none)."""
        matches = [e for e in self.experiments() if e["name"] == name]
        if not matches:
            raise KeyError(f"no experiment named {name!r} in {self.path}")
        return matches[-1]

    def comparison(self, experiment):
        """The stored comparison of an experiment (its id, name or dict): one dict per sweep point,
        metric and arm with mean, p50, p90, p99 and, against the baseline, median_ratio with its
        bootstrap interval, mann_whitney_u and p_value."""
        if isinstance(experiment, dict):
            experiment = experiment["id"]
        elif isinstance(experiment, str):
            experiment = self.experiment(experiment)["id"]
        return self._file.comparison(int(experiment))

    def close(self):
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
