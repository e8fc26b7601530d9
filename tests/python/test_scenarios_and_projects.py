"""Scenarios, runs, experiments and project files from Python."""
import os
import shutil
import tempfile
import threading
import time
import unittest

import orrery
from orrery_test_support import SOURCE_DIR, scenario


class ScenariosAndProjects(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="orrery-python-")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def test_a_scenario_loads_with_its_workloads_and_policies(self):
        loaded = orrery.load_scenario(scenario("demo.yaml"))
        self.assertEqual(loaded.name, "demo")
        self.assertGreater(loaded.horizon_seconds, 0)
        self.assertGreater(loaded.nodes, 0)
        self.assertEqual(loaded.workloads[0], ("analytics", "BatchJobs"))
        self.assertIn("placement", loaded.policies)
        # Registered kinds are named as the scenario writes them.
        self.assertEqual(orrery.load_scenario(scenario("octopus-small.yaml")).workloads, [("social", "JobStreams")])
        self.assertEqual(orrery.load_scenario(scenario("socialnetwork-steady.yaml")).workloads[0][1], "Microservices")
        self.assertEqual(orrery.load_scenario(scenario("functions-churn-table-20.yaml")).workloads[0][1], "Functions")

    def test_a_bad_scenario_names_file_line_and_field(self):
        bad = os.path.join(SOURCE_DIR, "tests", "fixtures", "scenarios", "bad", "absurd_horizon.yaml")
        with self.assertRaises(orrery.ScenarioError) as raised:
            orrery.load_scenario(bad)
        message = str(raised.exception)
        self.assertIn("absurd_horizon.yaml:8:12:", message)
        self.assertIn("spec.horizon", message)
        self.assertIsInstance(raised.exception, ValueError)
        with self.assertRaisesRegex(orrery.ScenarioError, "no-such-file.yaml"):
            orrery.load_scenario(os.path.join(self.folder, "no-such-file.yaml"))

    def test_a_run_returns_its_metrics_and_the_same_seed_the_same_ones(self):
        loaded = orrery.load_scenario(scenario("octopus-small.yaml"))
        first, again, other = orrery.run(loaded), orrery.run(loaded), orrery.run(loaded, seed=loaded.seed + 1)
        self.assertEqual(first["status"], "completed")
        self.assertIn("jobs.completed", first["metrics"])
        self.assertEqual(first["metrics"], again["metrics"])
        self.assertNotEqual(first["metrics"], other["metrics"])
        self.assertEqual(set(first["units"]), set(first["metrics"]))

    def test_the_simulator_runs_without_the_gil(self):
        loaded = orrery.load_scenario(scenario("demo.yaml"))
        worker = threading.Thread(target=orrery.run, args=(loaded,))
        gaps, started = [], time.perf_counter()
        last = started
        worker.start()
        while worker.is_alive():
            now = time.perf_counter()
            gaps.append(now - last)
            last = now
        worker.join()
        lifetime = last - started
        # Holding the GIL through the run would stall this loop for nearly the whole run. Measured
        # against the run's own lifetime, so that a loaded machine slows both sides alike.
        self.assertLess(max(gaps), lifetime / 2, f"longest stall {max(gaps):.3f} s of a {lifetime:.3f} s run")

    def test_an_experiment_runs_into_a_project_and_its_comparison_reads_back(self):
        project = os.path.join(self.folder, "ab.orrery")
        rows = orrery.run_experiment(os.path.join(SOURCE_DIR, "resources", "experiments", "demo-ab.yaml"), project, jobs=2)
        arms = {row["arm"] for row in rows}
        self.assertEqual(arms, {"first-fit", "random", "kube"})
        kube = [r for r in rows if r["arm"] == "kube" and r["metric"] == "job.completion_time.mean"][0]
        self.assertEqual(kube["runs"], 5)
        self.assertEqual(kube["baseline"], "first-fit")
        self.assertLess(kube["median_ratio_low"], kube["median_ratio"])
        self.assertLess(kube["median_ratio"], kube["median_ratio_high"])
        with orrery.Project(project) as opened:
            self.assertEqual(len(opened.runs()), 15)
            run = opened.runs()[0]
            self.assertEqual(run["status"], "completed")
            self.assertIn("job.completion_time.mean", opened.metrics(run["id"]))
            self.assertEqual(opened.experiment("demo-ab")["baseline"], "first-fit")
            self.assertEqual(opened.comparison("demo-ab"), rows)
            with self.assertRaises(KeyError):
                opened.comparison(999)

    def test_a_failing_experiment_raises_with_the_commands_message(self):
        broken = os.path.join(self.folder, "broken.yaml")
        with open(broken, "w", encoding="utf-8") as out:
            out.write("apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata: {name: x}\nspec:\n  scenario: nowhere.yaml\n")
        with self.assertRaises(orrery.ExperimentError) as raised:
            orrery.run_experiment(broken, os.path.join(self.folder, "p.orrery"))
        self.assertEqual(raised.exception.returncode, 2)
        self.assertIn("broken.yaml", str(raised.exception))

    def test_a_missing_project_is_a_project_error(self):
        with self.assertRaises(orrery.ProjectError):
            orrery.Project(os.path.join(self.folder, "missing", "p.orrery"))


if __name__ == "__main__":
    unittest.main()
