"""Paths shared by the Python module's tests."""
import os

SOURCE_DIR = os.environ.get("ORRERY_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def scenario(name):
    return os.path.join(SOURCE_DIR, "resources", "scenarios", name)


# One shipped scenario per kind with a control environment.
KIND_SCENARIOS = {
    "Microservices": "socialnetwork-steady.yaml",
    "Functions": "functions-isolated.yaml",
    "model-serving": "model-serving-v100.yaml",
    "training-jobs": "flowcon-1-worker-10-jobs.yaml",
}
