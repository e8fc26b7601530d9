"""Experiments from Python: `orrery experiment` runs them (the very command line users run), so
cells, training, resume and the stored comparison behave exactly as documented in
docs/experiment-format.md; the results are read back through orrery.Project."""
import os
import subprocess

from . import _orrery
from .errors import ExperimentError
from .project import Project


def executable():
    """The `orrery` executable beside this module (build folder or installation)."""
    return os.path.join(_orrery.executable_directory, "orrery")


def run_experiment(experiment_file, project, jobs=None, extra_args=()):
    """Runs an experiment file into `project` and returns its comparison rows (a list of dicts).

    Raises ExperimentError with the command's standard error when it fails (bad input: exit 2).
    """
    command = [executable(), "experiment", str(experiment_file), "--project", str(project), "--quiet"]
    if jobs is not None:
        command += ["--jobs", str(int(jobs))]
    command += list(extra_args)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, check=False)
    if done.returncode != 0:
        raise ExperimentError(done.stderr.strip() or f"orrery experiment exited with {done.returncode}",
                              done.returncode)
    with Project(project) as opened:
        latest = opened.experiments()[-1]
        return opened.comparison(latest["id"])
