"""Single runs from Python: a scenario to its horizon with its own policies."""
from . import _orrery


def run(scenario, seed=None):
    """Runs `scenario` (a path or an orrery.Scenario) to its horizon with the policies it names
    (built-in and installed plugins, found as the `orrery` executable finds them) and returns a
    dict: scenario, seed, status ("completed", "failed", ...), message, events, policies (decision
    point -> "plugin {params}"), metrics (name -> value) and units (name -> unit). The simulator
    runs without the GIL, so other Python threads go on meanwhile; nothing is written anywhere
    (`orrery run --project` keeps runs in a project file).
    """
    if not isinstance(scenario, _orrery.Scenario):
        scenario = _orrery.load_scenario(str(scenario))
    return _orrery.run_scenario(scenario, None if seed is None else int(seed))
